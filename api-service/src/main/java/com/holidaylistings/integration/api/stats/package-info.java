/**
 * A hook's statistics over its last days (delivered, failed, abandoned, pending, by HTTP status and
 * per day), read from the counts webhook-dispatcher keeps, for the portal's chart.
 */
package com.holidaylistings.integration.api.stats;
