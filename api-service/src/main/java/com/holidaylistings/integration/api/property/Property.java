package com.holidaylistings.integration.api.property;

import java.util.UUID;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.annotation.JsonNaming;

/** A property as the API shows it (spec section 2). */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record Property(UUID id, String title, String status, String location, String urlSlug, String uniqueCode) {}
