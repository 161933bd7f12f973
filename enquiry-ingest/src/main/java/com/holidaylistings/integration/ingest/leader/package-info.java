/** Leader election among replicas: one streams, the others stand by. */
package com.holidaylistings.integration.ingest.leader;
