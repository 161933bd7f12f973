/**
 * Delivering one event to one subscription: the attempt (its guard, throttle, signed POST, span
 * and metrics), its answer read, and a failed delivery's record moved on to its retry. Before each
 * attempt it reads whether the subscription receives nothing now (paused or unsubscribed on
 * api-service's row, or gone or disabled by the dispatcher's own findings) and skips the attempt if
 * so; why, in the words the API answers with, is api-service's own rule ({@code DeliveryRefusal})
 * and not needed here.
 */
package com.holidaylistings.integration.dispatcher.attempt;
