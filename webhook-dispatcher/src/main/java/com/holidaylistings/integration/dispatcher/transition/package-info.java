/**
 * What happens to a delivery, to its hook's health and which operational events follow, decided
 * in plain Java from an attempt's answer: no Kafka, no JDBC, no Spring, so that every rule about a
 * delivery is unit-tested without infrastructure.
 */
package com.holidaylistings.integration.dispatcher.transition;
