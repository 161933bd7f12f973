/**
 * The owners' signing secrets: the keys that decrypt them ({@code SECRETS_ENCRYPTION_KEYS}) and
 * the decrypted secrets kept in memory for the attempts.
 */
package com.holidaylistings.integration.dispatcher.secrets;
