/**
 * Hooks (REST hooks, the spec's webhook subscriptions): subscribe, list and unsubscribe through the
 * public API; the portal's list with each hook's status, pause and resume, and a throttle through the
 * internal API. Which target URLs may receive webhooks is decided here ({@code TargetUrlPolicy}).
 *
 * <p>Two rules live here because api-service alone applies them to its own rows:
 * {@code DeliveryRefusal}, why a hook receives nothing now (paused, removed, unsubscribed by a 410)
 * as the API answers 409, and {@code DisplayStatus}, the portal's status of a hook with the sentence
 * that explains it ({@code StatusReason}). The dispatcher needs only whether a hook is paused or
 * unsubscribed, which it reads from the row. {@code OwnedHooks} checks that a path's hook is its
 * owner's for the features built on a hook ({@code attempts}, {@code stats}, {@code redelivery}),
 * which depend on this package and never the other way round.
 */
package com.holidaylistings.integration.api.hook;
