/** The connection to PostgreSQL: Hikari's pool, behind a gate that fails fast while the server is unreachable. */
package com.holidaylistings.integration.api.database;
