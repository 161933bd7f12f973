/**
 * The owner portal: the spec's "Settings > Notifications" page, server-rendered, opened through a
 * one-time link and a session kept in PostgreSQL. It calls the same repositories as the internal API.
 */
package com.holidaylistings.integration.api.portal;
