/** The {@code enquiry.created} event contract shared by its producer and consumers. */
package com.holidaylistings.integration.events;
