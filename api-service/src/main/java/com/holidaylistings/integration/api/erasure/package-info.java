/**
 * Erasing a guest (GDPR article 17): their enquiries and every copy of their personal data that
 * api-service keeps, anonymised in one transaction, and an {@code enquiry.erased} event per enquiry
 * through the outbox for webhook-dispatcher and the downstream consumers to erase theirs.
 */
package com.holidaylistings.integration.api.erasure;
