package com.holidaylistings.integration.api.auth;

import jakarta.validation.constraints.Positive;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * How failed authentications (a bearer token or an admin key that is missing or wrong) are
 * throttled per client (an IPv4 address or an IPv6 /64), each API counting its own. Valid
 * credentials are never throttled.
 *
 * @param maxPerAddress {@code AUTH_FAILURES_MAX}: failures from one client within a window after
 *     which its further failures are answered 429 instead of 401 (20)
 * @param window {@code AUTH_FAILURES_WINDOW}: the window, counted from a client's first failure in it (1m)
 * @param maxAddresses clients tracked at once per API, and rejected tokens remembered (10,000 each, a
 *     few MiB); beyond them the oldest are forgotten
 */
@Validated
@ConfigurationProperties("owner-api.failed-authentications")
record FailedAuthenticationProperties(
        @DefaultValue("20") @Positive int maxPerAddress,
        @DefaultValue("1m") Duration window,
        @DefaultValue("10000") @Positive int maxAddresses) {}
