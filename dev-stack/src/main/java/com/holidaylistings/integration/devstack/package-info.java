/**
 * The local stack's launcher behind dev/up.sh and dev/down.sh: the run's context and its steps in
 * order ({@link com.holidaylistings.integration.devstack.Up}, {@link com.holidaylistings.integration.devstack.Down}),
 * the stack's places, its background processes and their pid files. Each process has a package of
 * its own: postgres, kafka, services, tracing (Zipkin), metrics (Prometheus); secrets and demo data too.
 */
package com.holidaylistings.integration.devstack;
