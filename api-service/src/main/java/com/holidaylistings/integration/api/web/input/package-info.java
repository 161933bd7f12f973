/**
 * The validation vocabulary of both APIs: {@code FieldErrors} collects every field's messages and
 * ends in one 400 ({@code web.error.InvalidRequest}); canonical UUIDs, ISO 8601 timestamps, the
 * {@code limit} parameter and clean text are parsed the same way everywhere. Plain Java, unit-tested
 * without a server.
 */
package com.holidaylistings.integration.api.web.input;
