package com.holidaylistings.integration.api.idempotency;

/** The first answer to a request with an idempotency key, answered again to every retry of it. */
public record RememberedAnswer(int status, String body) {}
