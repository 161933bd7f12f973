/**
 * Which webhook target addresses are internal and refused, as one rule in two places: api-service
 * checks a target URL when it is subscribed, webhook-dispatcher checks every address the target's
 * name resolves to again when it delivers (a name may resolve elsewhere later). Shared because the
 * two checks must refuse the same addresses; nothing else about a subscription is here.
 */
package com.holidaylistings.integration.targets;
