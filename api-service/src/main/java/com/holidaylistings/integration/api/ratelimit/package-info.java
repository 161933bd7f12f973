/** Per-token request limits shared by all replicas through PostgreSQL. */
package com.holidaylistings.integration.api.ratelimit;
