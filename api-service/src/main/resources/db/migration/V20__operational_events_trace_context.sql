-- Operational events join the enquiry's trace (docs/OPERATIONS.md, "Finding a lost enquiry"): the
-- W3C traceparent of the delivery attempt that decided the event, so that the poller publishes it
-- continuing that trace however late. Null for an event decided outside any trace.
alter table operational_events add column traceparent text;

-- Nothing to grant: webhook_dispatcher holds its privileges on operational_events as a whole (V15).
