/**
 * How webhook signing secrets are stored, which api-service encrypts (it makes and rotates them)
 * and webhook-dispatcher decrypts (it signs with them): AES-256-GCM under the keys of
 * {@code SECRETS_ENCRYPTION_KEYS}, each value naming its key and bound to its owner. Shared because
 * both must read the same stored format; neither service's other code is here.
 */
package com.holidaylistings.integration.secrets;
