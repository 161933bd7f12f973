/**
 * A client of the running local stack (dev/up.sh) from outside: its settings and processes, the
 * Integration and internal APIs over HTTPS, owners made through the portal's API, and extra
 * replicas of a service. Used by the system tests and the benchmarks.
 */
package com.holidaylistings.integration.stack;
