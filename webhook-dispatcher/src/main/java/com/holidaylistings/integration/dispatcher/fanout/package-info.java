/**
 * From one event to one delivery record per matching subscription. Which subscriptions match
 * ({@code SubscriptionFilter}) is the fan-out's rule; api-service applies the spec's same terms to
 * the redelivery requests it accepts, on its own, so the rule is not shared code.
 */
package com.holidaylistings.integration.dispatcher.fanout;
