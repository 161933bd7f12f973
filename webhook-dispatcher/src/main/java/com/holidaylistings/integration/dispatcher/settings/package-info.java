/**
 * The deliveries' settings ({@code webhook.*}), read by every part of the delivery path: a
 * package of their own so that none of those parts depends on another for them.
 */
package com.holidaylistings.integration.dispatcher.settings;
