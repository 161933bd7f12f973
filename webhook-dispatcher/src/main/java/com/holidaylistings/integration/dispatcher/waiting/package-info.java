/**
 * The deliveries that wait on their rows: parked there when their owner's lane is full, counted,
 * and the backlog of due deliveries measured for alerting.
 */
package com.holidaylistings.integration.dispatcher.waiting;
