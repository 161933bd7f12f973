/** The outbox relay: the Debezium engine, the translation of changes to events, publishing to Kafka. */
package com.holidaylistings.integration.ingest.relay;
