-- Quotas per owner on the requests that make work for webhook-dispatcher (test events, redeliver,
-- recover, dead-letter replay), shared by every api-service replica as the tokens' rate limits are
-- (V4): one sliding window of 1-second slots per owner and kind of request, exact over any 60 s.
-- owner_id is the owner's id, or the nil UUID for a dead-letter replay that names no owner.

create table owner_quota_counters (
    owner_id uuid        not null,
    quota    text        not null,
    minute   rate_slot[] not null default '{}',
    primary key (owner_id, quota)
);

grant select, insert, update on owner_quota_counters to api_service;

-- allowed: whether this request may go through (and it has been counted if so); retry_after: seconds
-- until a refused request may succeed. A refused request writes nothing. p_now (epoch seconds) is the
-- time of the request, the database clock when null.
create function take_owner_quota(p_owner uuid, p_quota text, p_per_minute integer,
                                 p_now double precision default null,
                                 out allowed boolean, out retry_after integer)
    language plpgsql as
$$
declare
    v_now    double precision := coalesce(p_now, extract(epoch from clock_timestamp()));
    v_second bigint           := floor(v_now);
    v_slots  rate_slot[];
    m        record;
begin
    select c.minute into v_slots
      from owner_quota_counters c where c.owner_id = p_owner and c.quota = p_quota for update;
    if not found then
        insert into owner_quota_counters (owner_id, quota) values (p_owner, p_quota) on conflict do nothing;
        select c.minute into v_slots
          from owner_quota_counters c where c.owner_id = p_owner and c.quota = p_quota for update;
    end if;

    m := rate_window(v_slots, v_second, 60, p_per_minute);
    allowed := m.used < p_per_minute;
    retry_after := 0;
    if allowed then
        update owner_quota_counters set minute = rate_slots_hit(m.kept, v_second)
         where owner_id = p_owner and quota = p_quota;
    else
        retry_after := greatest(ceil((m.frees_at + 61) - v_now)::integer, 1);
    end if;
end
$$;
