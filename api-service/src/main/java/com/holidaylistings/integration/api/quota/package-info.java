/**
 * Quotas per owner on the requests that make work for the dispatcher (test events, redeliver, recover,
 * dead-letter replay), through the internal API and the portal alike: a guard keyed by the owner whose
 * requests it answers to, so that one owner's loop never slows another's deliveries. Shared by all
 * replicas through PostgreSQL, as the tokens' rate limits ({@code ratelimit}) are.
 */
package com.holidaylistings.integration.api.quota;
