/**
 * The owners' requests that change deliveries, written as commands to the outbox: api-service never
 * writes webhook-dispatcher's tables; the dispatcher alone carries the commands out.
 */
package com.holidaylistings.integration.api.command;
