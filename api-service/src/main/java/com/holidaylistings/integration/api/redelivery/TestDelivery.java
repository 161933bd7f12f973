package com.holidaylistings.integration.api.redelivery;

import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.annotation.JsonNaming;

/** The answer to a test event: the webhook-id its delivery carries, to find it in the log and at the receiver. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record TestDelivery(String webhookId) {}
