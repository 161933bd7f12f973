-- webhook-dispatcher deletes delivery attempts older than WEBHOOK_ATTEMPT_RETENTION. Attempts are
-- appended in time order, so a BRIN index finds the old ones at almost no cost to inserts.
create index delivery_attempts_attempted_brin on delivery_attempts using brin (attempted_at);
