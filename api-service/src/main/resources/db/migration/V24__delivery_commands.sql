-- The owners' requests that change deliveries (test event, redeliver, recover, dead-letter replay, a
-- throttle's change) travel as commands: api-service writes them to its outbox, enquiry-ingest
-- relays them to the topic delivery.commands, and webhook-dispatcher alone carries them out
-- (docs/delivery.md). api-service keeps reading the delivery log; it no longer writes it.
revoke insert, update on deliveries from api_service;
revoke insert on webhook_events from api_service;

-- The commands the dispatcher has applied, by command id, written in the transaction of the change
-- each made: a command read twice (relayed again, read again after a crash) changes nothing twice.
-- The dispatcher prunes rows older than a few days (WEBHOOK_COMMANDS_APPLIED_RETENTION), well past
-- the longest a command can wait in the outbox or on the topic before it is read again.
create table applied_commands (
    command_id uuid primary key,
    applied_at timestamptz not null default now()
);
create index applied_commands_applied_at_idx on applied_commands (applied_at);

grant select, insert, delete on applied_commands to webhook_dispatcher;
