-- The keys of deliveries and events lead with their time, so that a day's new rows are written at the
-- end of each index instead of all over it.
--
-- A webhook-id is an MD5 (V14) and an enquiry's id a random UUID: as the leading column of an index
-- they put each new delivery on a random page of it. Once a day's indexes outgrow PostgreSQL's buffers
-- (a few million deliveries; at 200 enquiries a second a day holds 17 million), every insert reads a
-- page, dirties it and writes a full image of it to the WAL after each checkpoint. Measured on a
-- dispatcher drain (bench/run.sh dispatcher) with 3.6 million deliveries in the day's partition: 0.9
-- pages read, 0.5 full-page images and 4 KB of WAL for each delivery inserted, and the same reads for
-- the row poller's updates. Led by submitted_at (the event's time, increasing), the primary keys grow
-- at their right edge; the unique key of a subscription's deliveries grows at the right edge of each
-- subscription's range. Every statement that uses these keys gives all of their columns (a lookup by
-- key, an upsert's conflict, redeliver's and recover's lookup by subscription, enquiry and the
-- enquiry's sent_at), so the order of the columns changes none of their plans.

alter table deliveries drop constraint deliveries_pkey;
alter table deliveries add primary key (submitted_at, webhook_id);

drop index deliveries_subscription_enquiry_key;
create unique index deliveries_subscription_enquiry_key on deliveries (subscription_id, submitted_at, enquiry_id);

alter table webhook_events drop constraint webhook_events_pkey;
alter table webhook_events add primary key (submitted_at, event_id);
