/** Webhook subscriptions (REST hooks), their target rules, and the portal's view of their deliveries. */
package com.holidaylistings.integration.api.subscription;
