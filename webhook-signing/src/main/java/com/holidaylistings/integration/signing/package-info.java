/**
 * The Standard Webhooks signature, in one place: the dispatcher signs every attempt with
 * {@link com.holidaylistings.integration.signing.WebhookSignature}, and every receiver of this
 * repository (the local one of dev/receiver.sh, the tests', the benchmarks', the dispatcher's
 * warm-up) verifies with it. Plain JDK, so that each of them can depend on it.
 */
package com.holidaylistings.integration.signing;
