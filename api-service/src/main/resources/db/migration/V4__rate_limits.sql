-- Per-token rate limits shared by every api-service replica.
--
-- Each window is a short list of (slot, hits): 1-second slots for the minute window, 1-minute
-- slots for the hour window. A request is let through only if the slots that overlap the last
-- window (span + 1 slots) hold fewer hits than the limit, so no 60 s (or 3600 s) period ever
-- lets more than the limit through. take_rate_limit decides and records in one statement, under
-- the token's row lock; a refused request writes nothing.

create type rate_slot as (slot bigint, hits integer);

create table rate_limit_counters (
    token_id uuid primary key references access_tokens (id) on delete cascade,
    minute   rate_slot[] not null default '{}',
    hour     rate_slot[] not null default '{}'
);

-- The slots still inside a window, their hits, the oldest slot, and the slot whose expiry
-- brings the hits below the limit.
create function rate_window(p_slots rate_slot[], p_current bigint, p_span integer, p_limit integer,
                            out kept rate_slot[], out used integer, out oldest bigint, out frees_at bigint)
    language sql immutable as
$$
with k as (select s.slot, s.hits from unnest(p_slots) s where s.slot >= p_current - p_span),
     t as (select coalesce(sum(hits), 0)::integer as used from k)
select coalesce((select array_agg((k.slot, k.hits)::rate_slot order by k.slot) from k), '{}'),
       t.used,
       (select min(k.slot) from k),
       (select c.slot
          from (select k.slot, t.used - sum(k.hits) over (order by k.slot) as left_after from k) c
         where c.left_after < p_limit
         order by c.slot
         limit 1)
  from t
$$;

create function rate_slots_hit(p_slots rate_slot[], p_current bigint) returns rate_slot[]
    language sql immutable as
$$
select case
           when cardinality(p_slots) > 0 and (p_slots[cardinality(p_slots)]).slot = p_current
               then p_slots[1:cardinality(p_slots) - 1]
                        || (p_current, (p_slots[cardinality(p_slots)]).hits + 1)::rate_slot
           else p_slots || (p_current, 1)::rate_slot
       end
$$;

-- allowed: whether this request may go through (and it has been counted if so);
-- window_limit, remaining, reset_at (epoch seconds): the window closest to exhaustion;
-- retry_after: seconds until a refused request may succeed.
-- p_now (epoch seconds) is the time of the request, the database clock when null; tests pass it
-- to check the windows without waiting for them.
create function take_rate_limit(p_token uuid, p_per_minute integer, p_per_hour integer,
                                p_now double precision default null,
                                out allowed boolean, out window_limit integer, out remaining integer,
                                out reset_at bigint, out retry_after integer)
    language plpgsql as
$$
declare
    v_now    double precision := coalesce(p_now, extract(epoch from clock_timestamp()));
    v_second bigint           := floor(v_now);
    v_minute bigint           := floor(v_now / 60);
    v_slots_m rate_slot[];
    v_slots_h rate_slot[];
    m        record;
    h        record;
    v_used_m integer;
    v_used_h integer;
begin
    select c.minute, c.hour into v_slots_m, v_slots_h
      from rate_limit_counters c where c.token_id = p_token for update;
    if not found then
        insert into rate_limit_counters (token_id) values (p_token) on conflict (token_id) do nothing;
        select c.minute, c.hour into v_slots_m, v_slots_h
          from rate_limit_counters c where c.token_id = p_token for update;
    end if;

    m := rate_window(v_slots_m, v_second, 60, p_per_minute);
    h := rate_window(v_slots_h, v_minute, 60, p_per_hour);
    allowed := m.used < p_per_minute and h.used < p_per_hour;
    v_used_m := m.used;
    v_used_h := h.used;
    retry_after := 0;

    if allowed then
        update rate_limit_counters
           set minute = rate_slots_hit(m.kept, v_second),
               hour   = rate_slots_hit(h.kept, v_minute)
         where token_id = p_token;
        v_used_m := v_used_m + 1;
        v_used_h := v_used_h + 1;
    else
        if m.used >= p_per_minute then
            retry_after := greatest(retry_after, ceil((m.frees_at + 61) - v_now)::integer);
        end if;
        if h.used >= p_per_hour then
            retry_after := greatest(retry_after, ceil((h.frees_at + 61) * 60 - v_now)::integer);
        end if;
        retry_after := greatest(retry_after, 1);
    end if;

    if p_per_minute - v_used_m <= p_per_hour - v_used_h then
        window_limit := p_per_minute;
        remaining := greatest(p_per_minute - v_used_m, 0);
        reset_at := coalesce(m.oldest, v_second) + 61;
    else
        window_limit := p_per_hour;
        remaining := greatest(p_per_hour - v_used_h, 0);
        reset_at := (coalesce(h.oldest, v_minute) + 61) * 60;
    end if;
end
$$;
