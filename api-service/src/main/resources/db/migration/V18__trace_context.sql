-- One trace per enquiry (docs/OPERATIONS.md, "Finding a lost enquiry"): the W3C traceparent
-- (00-<trace id>-<span id>-<flags>) of the span that wrote the row, so that the next hop continues
-- the same trace however late it reads the row.

-- outbox: the intake request's server span; enquiry-ingest publishes the event as its child.
alter table outbox add column traceparent text;

-- deliveries: the dispatcher's fan-out of the event; a delivery put back on webhook.deliveries from
-- its row (a long Retry-After, a full lane, a redelivery asked for) continues it. Null for deliveries
-- made outside a trace (recoveries, test events: they start traces of their own).
alter table deliveries add column traceparent text;

-- Nothing to grant: the services' roles hold their privileges on these tables as a whole (V15).
