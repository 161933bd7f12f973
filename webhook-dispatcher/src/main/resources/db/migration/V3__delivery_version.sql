-- A delivery's row counts its transitions: every change of where it stands (created, due, parked,
-- attempted, asked for again, replayed, skipped, throttled) makes its version one higher. A delivery
-- record carries the version of the row it was written for, so that the attempt that reads it knows
-- a stale or duplicate record by comparing the two: the row is pending at the record's version, or
-- the record is passed over. A record is written only after the row it is for is stored, so no
-- record is ever ahead of its row. Rows made before this column start at 0; a record of an older
-- dispatcher carries no version, reads as 0, and so matches a delivery not yet attempted only: a
-- retry record of an older dispatcher is passed over, and its row, pending without a record, is
-- taken by the row poller once overdue (WEBHOOK_OVERDUEAFTER).
alter table deliveries add column version integer not null default 0 check (version >= 0);
