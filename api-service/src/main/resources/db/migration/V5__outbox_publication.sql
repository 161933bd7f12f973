-- enquiry-ingest streams the outbox by logical replication (pgoutput). pgoutput sends a change only
-- if its table was in the publication when the change was made, so the publication is created here,
-- before api-service can accept its first enquiry. The heartbeat table is in it too: the relay
-- updates it now and then so that the replication slot can advance while the outbox is quiet.

create table outbox_heartbeat (
    id      integer primary key,
    beat_at timestamptz not null
);
insert into outbox_heartbeat (id, beat_at) values (1, now());

create publication enquiry_outbox for table outbox, outbox_heartbeat;
