/**
 * The local stack's Kafka broker (dev/up.sh's start_kafka, dev/down.sh's stop_kafka): a single KRaft node
 * run on the launcher's own classpath, its settings rendered from the templates docker-compose's broker
 * uses too, SCRAM credentials made when its storage is formatted, and the ACLs of dev/lib/kafka-acls.sh
 * added in-process through Kafka's admin client.
 */
package com.holidaylistings.integration.devstack.kafka;
