/**
 * The local stack's secrets, made once under {@code .dev} and readable by their user only (dev/README.md):
 * the internal API's admin key, the keys that encrypt the webhook signing secrets, the passwords of the
 * database roles and Kafka principals, and api-service's self-signed HTTPS certificate. An environment
 * variable of the same name (ADMIN_API_KEY, SECRETS_ENCRYPTION_KEYS) takes the place of a made one.
 */
package com.holidaylistings.integration.devstack.secrets;
