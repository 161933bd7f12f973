/** The retry schedule: its stages and topics, what follows a failure, and holding a retry until it is due. */
package com.holidaylistings.integration.dispatcher.retry;
