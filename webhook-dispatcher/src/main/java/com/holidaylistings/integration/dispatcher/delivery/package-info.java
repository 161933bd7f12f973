/**
 * Delivering one event to one subscription: signing, sending, retrying, logging, isolating. Before
 * each attempt it reads whether the subscription receives nothing now (paused, removed or
 * unsubscribed, on api-service's row) and skips the attempt if so; why, in the words the API answers
 * with, is api-service's own rule and not needed here.
 */
package com.holidaylistings.integration.dispatcher.delivery;
