package com.holidaylistings.integration.api.property;

import jakarta.validation.constraints.Pattern;
import java.net.URI;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * {@code LISTING_SITE_BASE_URL}: where the public property pages live; an enquiry's
 * {@code property_url} is this followed by {@code /properties/<url_slug>}.
 */
@Validated
@ConfigurationProperties("owner-api.listing-site")
public record ListingSiteProperties(
        @DefaultValue("https://www.holidaylistings.example") @Pattern(regexp = "^https?://\\S+$")
        String baseUrl) {

    public String propertyUrl(String urlSlug) {
        String base = baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
        return URI.create(base + "/properties/" + urlSlug).toString();
    }
}
