/**
 * Idempotency keys (the IETF draft's {@code Idempotency-Key} header): a request sent again with the
 * same key is answered with the first answer instead of being carried out twice.
 */
package com.holidaylistings.integration.api.idempotency;
