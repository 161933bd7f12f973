/**
 * What the service must be given before it starts: settings without a safe default (its own
 * database login, how it reaches and authenticates to Kafka), checked before any bean is made.
 */
package com.holidaylistings.integration.settings;
