/** Guest enquiries: the intake with its outbox event, and the owner's view and status changes. */
package com.holidaylistings.integration.api.enquiry;
