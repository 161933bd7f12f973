/**
 * How webhook signing secrets are stored, which api-service writes and webhook-dispatcher reads:
 * encrypted with AES-256-GCM under the keys of {@code SECRETS_ENCRYPTION_KEYS}, each value naming
 * its key and bound to its owner.
 */
package com.holidaylistings.integration.events.secrets;
