/**
 * The benchmarks of bench/README.md: open-loop load generators, a measuring receiver, and the
 * results written to docs/benchmarks/ (JSON, markdown and charts), against the running local stack.
 */
package com.holidaylistings.integration.bench;
