-- Erasing a guest (docs/OPERATIONS.md, "Personal data"): api-service publishes enquiry.erased (ids
-- only) after it anonymised the guest's enquiries; the dispatcher then anonymises its own copies of
-- those enquiries' payloads (webhook_events) and drops the receivers' answers to them from the attempt
-- log (delivery_attempts.response_body, which a receiver may have filled with the payload it got).
-- DeliveryStore.erased does it; a delivery asked for again later sends the anonymised payload.

-- An enquiry's stored payload found by the enquiry, which is all enquiry.erased names. Enquiry ids are
-- time-ordered (UUID version 7), so a new row lands at the right-hand end of this index.
create index webhook_events_enquiry_idx on webhook_events (enquiry_id);

-- The enquiries whose guests were erased, by id (no personal data): a payload of one of them that
-- reaches the dispatcher after its erasure (enquiry.created read late, a redeliver or recover command
-- written before the erasure) is stored anonymised. Kept for good: a row per erased enquiry, ids only,
-- and the copies on the topics (enquiry.created, delivery.commands) could be read again while they last.
create table erased_enquiries (
    enquiry_id uuid primary key,
    erased_at  timestamptz not null
);
grant select, insert on erased_enquiries to webhook_dispatcher;
