package com.holidaylistings.integration.api.property;

import com.holidaylistings.integration.api.web.input.FieldErrors;
import java.util.List;
import java.util.regex.Pattern;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.annotation.JsonNaming;

/** The body of POST /internal/v1/owners/{ownerId}/properties. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record NewProperty(String title, String location, String urlSlug, String uniqueCode, String status) {

    static final List<String> STATUSES = List.of("active", "inactive");
    private static final Pattern SLUG = Pattern.compile("^[a-z0-9]+(-[a-z0-9]+)*$");
    private static final Pattern CODE = Pattern.compile("^[A-Za-z0-9._-]+$");

    String statusOrDefault() {
        return status == null ? "active" : status;
    }

    void validate() {
        FieldErrors errors = new FieldErrors();
        errors.requiredText("title", title, 200);
        errors.requiredText("location", location, 200);
        if (errors.requiredText("url_slug", urlSlug, 100)
                && !SLUG.matcher(urlSlug).matches()) {
            errors.add("url_slug", "must be lower-case letters and digits separated by single hyphens");
        }
        if (errors.requiredText("unique_code", uniqueCode, 50)
                && !CODE.matcher(uniqueCode).matches()) {
            errors.add("unique_code", "must be letters, digits, '.', '_' or '-'");
        }
        errors.oneOf("status", status, STATUSES);
        errors.throwIfAny();
    }
}
