package com.holidaylistings.integration.api.auth;

import jakarta.validation.constraints.Positive;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * How failed authentications (a bearer token or an admin key that is missing or wrong) are
 * throttled per client address.
 *
 * @param maxPerAddress {@code AUTH_FAILURES_MAX}: failures from one address within a window after
 *     which its further attempts are answered 429 without their credentials being checked (20)
 * @param window {@code AUTH_FAILURES_WINDOW}: the window, counted from an address's first failure in it (1m)
 * @param maxAddresses addresses tracked at once (10,000, a few MiB); beyond them the oldest windows are forgotten
 */
@Validated
@ConfigurationProperties("owner-api.failed-authentications")
record FailedAuthenticationProperties(
        @DefaultValue("20") @Positive int maxPerAddress,
        @DefaultValue("1m") Duration window,
        @DefaultValue("10000") @Positive int maxAddresses) {}
