-- The partial indexes of pending deliveries serve only the queries that name their key column.
--
-- A delivery is changed by its primary key (webhook_id, submitted_at) with a check of its status:
-- "park it if it is still pending". PostgreSQL may answer such a statement from a partial index of
-- that status instead, reading the index whole and filtering on the key. It chooses that when the
-- index looks nearly empty, and for a partial index it believes the row count pg_class kept at the
-- last vacuum, which in a burst is far behind: one owner's 30,000 deliveries made pending and then
-- parked cost 2-6 ms each, a whole core of the database, instead of a lookup by key (measured on a
-- dispatcher drain, 2026-11-26). A predicate that also requires the index's key column to be non-null
-- changes nothing for the queries it serves (a comparison with the column implies it) and makes the
-- index unusable to a statement that does not mention that column, such as a lookup by key. The
-- indexes of waiting rows and of abandoned ones stay as they are: a lookup by key of a pending
-- delivery cannot use them, and the row poller and an operator's replay of every owner's dead letters
-- read them without naming their key.

drop index deliveries_pending_idx;
create index deliveries_pending_idx on deliveries (next_attempt_at)
    where status = 'pending' and next_attempt_at is not null;

drop index deliveries_unfinished_idx;
create index deliveries_unfinished_idx on deliveries (subscription_id)
    where status in ('pending', 'waiting') and subscription_id is not null;
