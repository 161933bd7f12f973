-- The replication slot retains every change committed after it exists until enquiry-ingest has
-- published it, so it is created here, before the first enquiry can be accepted, and never dropped
-- by the relay. Needs the REPLICATION attribute (or superuser). Where a DBA creates the slot
-- instead, set OUTBOX_CREATE_REPLICATION_SLOT=false and create it before api-service starts:
--   select pg_create_logical_replication_slot('enquiry_outbox', 'pgoutput');
-- This migration must be the first statement of its transaction: a slot cannot be created in a
-- transaction that has already written.
select pg_create_logical_replication_slot('enquiry_outbox', 'pgoutput')
 where '${createReplicationSlot}' = 'true'
   and not exists (select 1 from pg_replication_slots where slot_name = 'enquiry_outbox');
