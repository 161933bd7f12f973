/**
 * api-service: the owner-facing Integration API, the internal API of the owner portal and the
 * listing site, and the enquiry intake that writes each enquiry together with its outbox event.
 */
package com.holidaylistings.integration.api;
