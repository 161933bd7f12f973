/**
 * Taking the delivery records from their topics, and the due rows from the row poller, into the
 * owners' lanes: one consumer group per stage, an attempt under way waited for, and each record
 * acknowledged in offset order once its attempt is stored; and what they need made at start (the
 * topics, the retry schedule, the transitions, the lanes).
 */
package com.holidaylistings.integration.dispatcher.intake;
