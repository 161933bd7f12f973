/**
 * The services of the local stack: which modules exist, building their jars when they are missing or
 * older than their sources, each one's settings in {@code .dev/services/<name>.env}, starting them from
 * a warm-start archive with their JVM options, waiting until they are ready, and stopping them.
 */
package com.holidaylistings.integration.devstack.services;
