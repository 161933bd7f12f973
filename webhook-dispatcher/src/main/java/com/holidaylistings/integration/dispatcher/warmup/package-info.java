/** The warm-up before the consumers start: the delivery path run against a receiver of the process's own. */
package com.holidaylistings.integration.dispatcher.warmup;
