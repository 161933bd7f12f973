/**
 * A hook's attempt log as webhook-dispatcher records it: pages of it, newest first, behind an opaque
 * cursor and a status filter, and one attempt with the exact request sent and what the receiver
 * answered. Read only: the dispatcher writes the log; every read names the hook, which
 * {@code hook.OwnedHooks} has checked to be the owner's.
 */
package com.holidaylistings.integration.api.attempts;
