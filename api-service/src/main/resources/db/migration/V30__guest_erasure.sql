-- Erasing a guest (POST /internal/v1/guests/erasures; docs/OPERATIONS.md, "Personal data"): in one
-- transaction api-service anonymises the guest's enquiries, the copies of their enquiry.created
-- payload in its outbox (the event's own rows and the commands that carry it), and the answers its
-- idempotency keys remember, and writes one enquiry.erased event per enquiry to the outbox for the
-- relay (webhook-dispatcher erases its own copies when it reads them).

-- When the enquiry's guest was erased: its name, e-mail address, subject, message and occasion are
-- placeholders since (EnquiryCreated.ERASED, ERASED_EMAIL). Null for every enquiry not erased.
alter table enquiries add column erased_at timestamptz;

-- The guest's enquiries by e-mail address, whatever its case; erased ones are out of it (their address
-- is the placeholder, and erasing them again is a no-op).
create index enquiries_guest_email_idx on enquiries (lower(user_email)) where erased_at is null;

-- The redeliver and recover commands that carry an enquiry's payload (DeliveryCommand's "event"), by
-- enquiry: other rows are not in this index, so the intake pays nothing for it.
create index outbox_command_enquiry_idx on outbox (((payload -> 'event' ->> 'enquiry_id')))
    where event_type in ('delivery.redeliver', 'delivery.recover');

-- The intake's remembered answers ({"enquiry": Enquiry}) by enquiry.
create index idempotency_keys_enquiry_idx on idempotency_keys (((response_body -> 'enquiry' ->> 'id')));

-- The payloads of the outbox are anonymised in place (the relay publishes inserts only; an update
-- reaches it as a change it passes over). Nothing else of a row changes.
grant update (payload) on outbox to api_service;
