/**
 * A hook's custom headers: up to ten static headers an owner sets for one hook (an
 * {@code Authorization} of the receiving system, an {@code X-Tenant}), checked here so that none
 * overrides what a delivery itself carries, stored encrypted ({@code hook_headers}) and shown only
 * masked. webhook-dispatcher reads them through {@code api_read.hook_headers} and sends them with
 * every delivery and test event of the hook.
 */
package com.holidaylistings.integration.api.hookheaders;
