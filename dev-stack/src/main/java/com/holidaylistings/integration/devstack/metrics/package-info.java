/**
 * DEV_METRICS=1: Prometheus beside the local stack, scraping the services' management ports and loading
 * the alert rules of ops/prometheus/, so that the rules and the dashboards can be tried against a running
 * stack.
 */
package com.holidaylistings.integration.devstack.metrics;
