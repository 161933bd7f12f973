/**
 * The servlet filters every request passes before a controller: its request id and access-log line,
 * security headers, 503 for an outage found in a later filter, HTTPS only, and the body limit. They
 * answer with {@code web.error}'s bodies; {@code web.WebConfig} orders them.
 */
package com.holidaylistings.integration.api.web.filter;
