/** Personal access tokens, scopes, and the admin key of the internal API. */
package com.holidaylistings.integration.api.auth;
