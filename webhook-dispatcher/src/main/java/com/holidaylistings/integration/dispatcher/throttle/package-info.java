/**
 * A hook's {@code throttle_per_second}: the starts of its deliveries reserved across all
 * replicas on one row per hook.
 */
package com.holidaylistings.integration.dispatcher.throttle;
