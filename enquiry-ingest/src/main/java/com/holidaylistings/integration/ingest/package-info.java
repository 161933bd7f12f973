/**
 * enquiry-ingest: relays the enquiry outbox from PostgreSQL's write-ahead log to the Kafka topic
 * {@code enquiry.created}, at least once, with one streaming replica and hot standbys.
 */
package com.holidaylistings.integration.ingest;
