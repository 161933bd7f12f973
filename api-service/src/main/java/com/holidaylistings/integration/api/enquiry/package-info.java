/**
 * Guest enquiries: the intake with its outbox event, and the owner's view and status changes. The
 * intake's statement ({@code EnquiryInsert}) is api-service's alone: it writes api-service's tables.
 */
package com.holidaylistings.integration.api.enquiry;
