-- The owners' requests that change deliveries (test event, redeliver, recover, dead-letter replay, a
-- throttle's change) travel as commands: api-service writes them to its outbox, enquiry-ingest relays
-- them to the topic delivery.commands, and webhook-dispatcher alone carries them out
-- (docs/delivery.md). api-service keeps reading the delivery log; it no longer writes it. The
-- dispatcher's record of the commands it applied is in its own schema (applied_commands,
-- webhook-dispatcher's migration V1).
revoke insert, update on deliveries from api_service;
revoke insert on webhook_events from api_service;
