/** The {@code enquiry.created} and {@code enquiry.erased} event contracts shared by their producer and consumers. */
package com.holidaylistings.integration.events;
