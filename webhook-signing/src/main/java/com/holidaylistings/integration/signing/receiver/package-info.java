/**
 * The one webhook receiver of this repository: a JDK HTTP server on the loopback interface that
 * answers as told (status, delay, headers, body; by path, in turn, or per delivery), checks Standard
 * Webhooks signatures with the secrets it is given, and records what it got. It serves the local
 * stack ({@link com.holidaylistings.integration.signing.receiver.ReceiverCommand}, dev/receiver.sh),
 * the services' tests and the system tests (through test-support), the benchmarks, and the
 * dispatcher's warm-up, which rehearses deliveries against one inside its own process: hence main
 * code, not a test library, and nothing but the JDK.
 */
package com.holidaylistings.integration.signing.receiver;
