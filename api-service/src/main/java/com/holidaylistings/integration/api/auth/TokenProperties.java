package com.holidaylistings.integration.api.auth;

import jakarta.validation.constraints.Positive;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Personal access tokens.
 *
 * @param perOwnerMax {@code TOKENS_PER_OWNER_MAX}: live (not revoked) tokens an owner may hold at once (20)
 */
@Validated
@ConfigurationProperties("owner-api.tokens")
record TokenProperties(@DefaultValue("20") @Positive int perOwnerMax) {}
