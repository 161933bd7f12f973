/**
 * The delivery rows and their attempt log: read as an attempt needs them (skipping a hook that
 * receives nothing now), each attempt's change stored in batches with its events, and old days
 * dropped whole.
 */
package com.holidaylistings.integration.dispatcher.log;
