-- A hook's throttle remembers the rate its next start was reserved at: when the owner changes the
-- rate, the next reservation starts again from now at the new rate, instead of behind the starts the
-- old rate had reserved (at 1 a second, a backlog of thousands would otherwise keep its hours of
-- waiting after the throttle was raised or lifted). api-service releases the deliveries that wait for
-- such starts when the rate changes (their throttled_until is cleared and they are due now).
alter table hook_throttles add column per_second integer check (per_second between 1 and 1000);
