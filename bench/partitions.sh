#!/usr/bin/env bash
# The partitioned delivery tables (V14) at one day of 200 enquiries a second, on a throwaway
# PostgreSQL 15 of its own: generation, the portal's and the dispatcher's reads with 1 and with 38
# day partitions, and the purge (drop_day_partitions) against the batched delete it replaced.
# Results: docs/benchmarks/partitions.md; raw output (plans, pgbench logs): bench/target/partitions/.
#   bench/partitions.sh            # about 20 minutes on 2 cores (as root: it runs PostgreSQL as postgres)
# Environment: PART_EVENTS (9600000: 15.0 M deliveries, 17.4 M attempts), PART_RUNS (30 timed
# executions of each query), PART_OLD_ROWS (2000000 attempts deleted the old way), PART_PORT (55432),
# PART_DIR (/tmp/partitions-bench: data directory and socket, deleted at the end), PART_KEEP=1 keeps
# the cluster running afterwards.
set -euo pipefail
cd "$(dirname "$0")/.."

EVENTS=${PART_EVENTS:-9600000}
RUNS=${PART_RUNS:-30}
OLD_ROWS=${PART_OLD_ROWS:-2000000}
PORT=${PART_PORT:-55432}
BASE=${PART_DIR:-/tmp/partitions-bench}
OUT=bench/target/partitions
BIN=$(pg_config --bindir 2>/dev/null || echo /usr/lib/postgresql/15/bin)
MIGRATIONS=api-service/src/main/resources/db/migration
SETTINGS=(-c wal_level=logical -c listen_addresses=127.0.0.1 -c port="$PORT" -k "$BASE/sock"
          -c shared_buffers=1GB -c maintenance_work_mem=512MB -c max_wal_size=8GB -c effective_cache_size=16GB
          -c timezone=UTC -c track_io_timing=on -c log_checkpoints=on)

rm -rf "$OUT" && mkdir -p "$OUT"/{explain,pgbench,q}
OUT=$(cd "$OUT" && pwd)
log() { printf '%s %s\n' "$(date -u +%H:%M:%S)" "$*" | tee -a "$OUT/run.log" >&2; }
load() { log "load average: $(cut -d' ' -f1-3 /proc/loadavg)"; }
pg() { runuser -u postgres -- "$BIN/$@"; }
sql() { "$BIN/psql" -X -q -A -t -v ON_ERROR_STOP=1 -h "$BASE/sock" -p "$PORT" -U postgres -d bench "$@"; }
result() { printf '%s\n' "$*" >>"$OUT/results.tsv"; }

# --- the cluster ------------------------------------------------------------------------------
stop_cluster() {
    if [[ ${PART_KEEP:-0} != 1 && -d $BASE/data ]]; then
        pg pg_ctl stop -D "$BASE/data" -m fast -s || true
        rm -rf "$BASE"
    fi
}
trap stop_cluster EXIT
[[ ! -e $BASE ]] || { echo "$BASE exists: another run, or remove it" >&2; exit 1; }
mkdir -p "$BASE/sock" && chown -R postgres: "$BASE"
pg initdb -D "$BASE/data" -U postgres -E UTF8 --locale=C >"$OUT/initdb.log"
pg pg_ctl start -D "$BASE/data" -w -s -l "$BASE/postgres.log" -o "${SETTINGS[*]}" \
    || { tail -20 "$BASE/postgres.log" >&2; exit 1; }
"$BIN/createdb" -h "$BASE/sock" -p "$PORT" -U postgres bench
restart() {
    pg pg_ctl restart -D "$BASE/data" -m fast -w -s -l "$BASE/postgres.log" -o "${SETTINGS[*]}"
    if sync && { echo 3 >/proc/sys/vm/drop_caches; } 2>/dev/null; then log "restarted, OS page cache dropped"
    else log "restarted (shared buffers empty; the OS page cache could not be dropped)"; fi
}

{
    echo "date: $(date -u +%FT%TZ)"
    echo "cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores"
    echo "memory: $(awk '/MemTotal/ {printf "%.1f GiB", $2 / 1048576}' /proc/meminfo)"
    echo "kernel: $(uname -r)"
    echo "postgres: $(sql -c 'select version()')"
    echo "settings: ${SETTINGS[*]}"
    echo "commit: $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- "$MIGRATIONS" || echo ', migrations changed in the working tree')"
    echo "V14__deliveries.sql: $(git hash-object "$MIGRATIONS/V14__deliveries.sql")"
} >"$OUT/machine.txt"
printf 'case\tquery\tp50_ms\tmax_ms\tmean_ms\tplanning_ms\texecution_ms\tshared_hit\tshared_read\tseq_scans_reading\tplan_nodes\n' >"$OUT/results.tsv"
load

# --- schema: V1..V14 in version order, Flyway's placeholder substituted -----------------------
log "migrations"
for f in $(ls "$MIGRATIONS" | sort -V); do
    sed -e 's/\${createReplicationSlot}/false/g' "$MIGRATIONS/$f" >"$OUT/q/migration.sql"
    if grep -q '\${' "$OUT/q/migration.sql"; then echo "$f: a Flyway placeholder this script does not know" >&2; exit 1; fi
    sql -1 -f "$OUT/q/migration.sql" >/dev/null
done
DAY=$(sql -c "select (now() at time zone 'UTC')::date - 1")   # yesterday: the first day V14 makes
DD=${DAY//-/}
log "day $DAY; only its partitions (and the default ones) are kept for now"
sql -c "select drop_day_partitions(t, '$DAY'::date + 30)
          from unnest(array['delivery_attempts', 'deliveries', 'webhook_events']::regclass[]) t" >/dev/null
sql -c "select create_day_partitions(t, '$DAY', '$DAY')
          from unnest(array['delivery_attempts', 'deliveries', 'webhook_events']::regclass[]) t" >/dev/null

# --- generation ---------------------------------------------------------------------------------
log "generating $EVENTS events (log: $OUT/generate.log)"
load
start=$(date +%s)
generate() {
    local t0=$(date +%s)
    sql -v day="$DAY" -v events="$EVENTS" -v part="$1" -f bench/partitions.sql >"$OUT/generate.$1.log" 2>&1 \
        || { tail -20 "$OUT/generate.$1.log" >&2; return 1; }
    log "generated: $1 in $(( $(date +%s) - t0 )) s"
}
generate setup
# The three tables at once, one session each (each INSERT … SELECT runs on one core).
pids=()
for part in webhook_events deliveries delivery_attempts; do generate "$part" & pids+=($!); done
for pid in "${pids[@]}"; do wait "$pid"; done
load
generate finish
t0=$(date +%s)
pids=()
for t in webhook_events deliveries delivery_attempts; do sql -c "vacuum analyze ${t}_p$DD" & pids+=($!); done
for pid in "${pids[@]}"; do wait "$pid"; done
sql -c "analyze webhook_events, deliveries, delivery_attempts"
log "generated: vacuum analyze in $(( $(date +%s) - t0 )) s"
log "generated in $(( $(date +%s) - start )) s"
grep -E '^(===|Time:)' "$OUT"/generate.*.log >"$OUT/generate-times.txt" || true
sql -F $'\t' -c "
    select 'rows', (select count(*) from webhook_events)::text, (select count(*) from deliveries)::text, (select count(*) from delivery_attempts)::text,
           (select count(*) from webhook_subscriptions)::text, (select count(*) from owners)::text, (select count(*) from subscription_health)::text
    union all
    select 'size', pg_size_pretty(pg_total_relation_size('webhook_events_p$DD')), pg_size_pretty(pg_total_relation_size('deliveries_p$DD')),
           pg_size_pretty(pg_total_relation_size('delivery_attempts_p$DD')), null, null, null
    union all
    select 'heap+toast', pg_size_pretty(pg_table_size('webhook_events_p$DD')), pg_size_pretty(pg_table_size('deliveries_p$DD')),
           pg_size_pretty(pg_table_size('delivery_attempts_p$DD')), null, null, null" >"$OUT/data.tsv"
sql -F $'\t' -c "
    select status, count(*) from deliveries group by 1 order by 1" >"$OUT/statuses.tsv"
sql -F $'\t' -c "
    select s, count(*) as attempts, count(*) filter (where outcome = 'succeeded') as succeeded
      from delivery_attempts a join (values (2000), (1999), (3), (2003), (1)) v(s) on a.subscription_id = md5('sub' || v.s)::uuid
     group by s order by attempts desc" >"$OUT/hooks.tsv"
sql -F $'\t' -c "
    select percentile_disc(array[0.5, 0.9, 0.99, 1]) within group (order by n)
      from (select count(*) n from delivery_attempts group by subscription_id) x" >"$OUT/attempts-per-hook.tsv"
cat "$OUT/data.tsv" "$OUT/statuses.tsv" "$OUT/hooks.tsv" "$OUT/attempts-per-hook.tsv" >&2

# --- the queries --------------------------------------------------------------------------------
# Templates with {name} placeholders: pgbench gets :name (bound, -M prepared: server-side prepared
# statements as the services' JDBC driver uses after a few executions), EXPLAIN gets literals.
q() { cat >"$OUT/q/$1.tpl"; }
q latest <<'SQL'
select id, enquiry_id, attempt, outcome, http_status, error, attempted_at, duration_ms
  from delivery_attempts where subscription_id = {hook}
 order by attempted_at desc, id desc limit 50
SQL
q cursor <<'SQL'
select id, enquiry_id, attempt, outcome, http_status, error, attempted_at, duration_ms
  from delivery_attempts where subscription_id = {hook} and (attempted_at, id) < ({at}, {id})
 order by attempted_at desc, id desc limit 50
SQL
q cursor_pruned <<'SQL'
select id, enquiry_id, attempt, outcome, http_status, error, attempted_at, duration_ms
  from delivery_attempts where subscription_id = {hook} and (attempted_at, id) < ({at}, {id}) and attempted_at <= {at}
 order by attempted_at desc, id desc limit 50
SQL
# DeliveryLog.HOOK_STATUS as committed (counts attempts), with failing read from subscription_health
# because V14 dropped webhook_subscriptions.failing_since.
q status_count <<'SQL'
select s.id, s.target_url, s.property_id, s.event, s.paused, s.unsubscribed_at is not null as unsubscribed,
       h.failing_since is not null as failing,
       latest.attempted_at as last_attempt_at, latest.outcome as latest_outcome,
       success.attempted_at as last_success_at,
       (select count(*) from delivery_attempts f
         where f.subscription_id = s.id and f.outcome in ('failed', 'abandoned')
           and f.attempted_at > coalesce(success.attempted_at, '-infinity')) as consecutive_failures
  from webhook_subscriptions s
  left join subscription_health h on h.subscription_id = s.id
  left join lateral (select a.attempted_at, a.outcome from delivery_attempts a
                      where a.subscription_id = s.id
                      order by a.attempted_at desc, a.id desc limit 1) latest on true
  left join lateral (select a.attempted_at from delivery_attempts a
                      where a.subscription_id = s.id and a.outcome = 'succeeded'
                      order by a.attempted_at desc limit 1) success on true
 where s.owner_id = {owner}
 order by s.created_at, s.id
SQL
q status_health <<'SQL'
select s.id, s.target_url, s.property_id, s.event, s.paused, s.unsubscribed_at is not null as unsubscribed,
       h.failing_since is not null as failing, h.last_attempt_at, h.last_outcome as latest_outcome,
       h.last_success_at, coalesce(h.consecutive_failures, 0) as consecutive_failures
  from webhook_subscriptions s
  left join subscription_health h on h.subscription_id = s.id
 where s.owner_id = {owner}
 order by s.created_at, s.id
SQL
# Deliveries.forAttempt
q for_attempt <<'SQL'
select d.enquiry_id, d.status, d.attempts, d.stage, d.request_id, e.payload::text as payload,
       s.target_url, s.paused, s.unsubscribe_reason, w.secret,
       case when w.rotated_at > now() - make_interval(secs => {overlap})
            then w.previous_secret end as previous_secret
  from deliveries d
  join webhook_events e on e.event_id = d.event_id and e.submitted_at = d.submitted_at
  join webhook_subscriptions s on s.id = d.subscription_id
  join webhook_secrets w on w.owner_id = s.owner_id
 where d.webhook_id = {webhook_id} and d.submitted_at = {submitted_at}
SQL
# DueDeliveriesPoller.TAKE_DUE (run in a transaction that is rolled back)
q take_due <<'SQL'
with candidates as (
    select webhook_id, submitted_at, owner_id, next_attempt_at from deliveries
     where status = 'waiting' and next_attempt_at <= now()
    union all
    select webhook_id, submitted_at, owner_id, next_attempt_at from deliveries
     where status = 'pending' and next_attempt_at <= now() - make_interval(secs => {overdue})
), due as (
    select webhook_id, submitted_at from (
        select webhook_id, submitted_at, next_attempt_at,
               row_number() over (partition by owner_id order by next_attempt_at) as turn
          from candidates where owner_id <> all({atcap})) ranked
     where turn <= {perowner}
     order by next_attempt_at
     limit {batch}
)
update deliveries d set status = 'pending', next_attempt_at = now(), updated_at = now()
  from due
 where d.webhook_id = due.webhook_id and d.submitted_at = due.submitted_at
   and (d.status = 'waiting'
        or d.status = 'pending' and d.next_attempt_at <= now() - make_interval(secs => {overdue}))
returning d.webhook_id, d.submitted_at, d.subscription_id, d.owner_id, d.attempts, d.stage
SQL

BIG_HOOK=$(sql -c "select md5('sub2000')::uuid"); BIG_OWNER=$(sql -c "select md5('owner2000')::uuid")
SMALL_HOOK=$(sql -c "select md5('sub1999')::uuid"); SMALL_OWNER=$(sql -c "select md5('owner1999')::uuid")
FAILING_OWNER=$(sql -c "select md5('owner3')::uuid")
ts() { sql -c "select to_char($1 at time zone 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.US\"Z\"')"; }
read -r P2_AT P2_ID <<<"$(sql -F ' ' -c "select to_char(attempted_at at time zone 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.US\"Z\"'), id
    from delivery_attempts where subscription_id = '$BIG_HOOK' order by attempted_at desc, id desc offset 49 limit 1")"
read -r NOON_AT NOON_ID <<<"$(sql -F ' ' -c "select to_char(attempted_at at time zone 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.US\"Z\"'), id
    from delivery_attempts where subscription_id = '$BIG_HOOK' and attempted_at < '$DAY 12:00Z'
    order by attempted_at desc, id desc limit 1")"
sql -c "create table bench.sample as
        select row_number() over () as k, webhook_id, submitted_at
          from (select webhook_id, submitted_at from deliveries_p$DD tablesample system (1) repeatable (42)
                 order by md5(webhook_id) limit 1000) s;
        alter table bench.sample add primary key (k); analyze bench.sample"
read -r S_WID S_AT <<<"$(sql -F ' ' -c "select webhook_id, to_char(submitted_at at time zone 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.US\"Z\"') from bench.sample where k = 1")"

# run CASE NAME TEMPLATE name=value...: EXPLAIN (ANALYZE, BUFFERS) once, then (MODE=warm) pgbench,
# 5 executions to warm up and RUNS timed; MODE=cold: only the EXPLAIN, the first execution after a
# restart. PRE: pgbench lines before the statement; TX=1: in a transaction rolled back.
MODE=warm
run() {
    local case=$1 name=$2 tpl=$3; shift 3
    local text ex bs args=() kv k v
    text=$(<"$OUT/q/$tpl.tpl"); ex=$text; bs=$text
    for kv in "$@"; do
        k=${kv%%=*}; v=${kv#*=}
        ex=${ex//\{$k\}/\'$v\'}; bs=${bs//\{$k\}/:$k}; args+=(-D "$k=$v")
    done
    local tag="$MODE.$case.$name" plan="$OUT/explain/$MODE.$case.$name.txt"
    if [[ ${TX:-0} == 1 ]]; then
        sql -c "begin" -c "explain (analyze, buffers) $ex" -c "rollback" >"$plan"
        printf 'begin;\n%s;\nrollback;\n' "$bs" >"$OUT/pgbench/$tag.sql"
    else
        sql -c "explain (analyze, buffers) $ex" >"$plan"
        printf '%s%s;\n' "${PRE:+$PRE$'\n'}" "$bs" >"$OUT/pgbench/$tag.sql"
    fi
    local planning execution hit read seqs nodes p50=- max=- mean=-
    planning=$(grep -m1 'Planning Time' "$plan" | grep -oE '[0-9.]+' | head -1 || true)
    execution=$(grep -m1 'Execution Time' "$plan" | grep -oE '[0-9.]+' | head -1 || true)
    hit=$(grep -m1 'Buffers:' "$plan" | grep -oE 'hit=[0-9]+' | head -1 | cut -d= -f2 || true); hit=${hit:-0}
    read=$(grep -m1 'Buffers:' "$plan" | grep -oE 'read=[0-9]+' | head -1 | cut -d= -f2 || true); read=${read:-0}
    # seq scans that read a page (those of empty partitions read none and show no Buffers line)
    seqs=$(awk 'function ind(l) { match(l, /^ */); return RLENGTH + (l ~ /^ *->/ ? 4 : 0) }
                inseq && ind($0) <= at {inseq = 0}
                inseq && /Buffers:/ {n++; inseq = 0}
                /Seq Scan on/ {inseq = 1; at = ind($0)}
                END {print n + 0}' "$plan")
    nodes=$( (grep -oE 'Index Only Scan|Index Scan|Bitmap Heap Scan|Seq Scan|Sort|Merge Append|WindowAgg|Subplans Removed: [0-9]+' "$plan" || true) \
            | sed -E 's/Subplans Removed: [0-9]+/Subplans Removed/' | sort | uniq -c | awk '{c=$1; $1=""; printf "%s%s×%s", (n++ ? ", " : ""), substr($0, 2), c}')
    if [[ $MODE == warm ]]; then
        local pb=("$BIN/pgbench" -n -M prepared -h "$BASE/sock" -p "$PORT" -U postgres -f "$OUT/pgbench/$tag.sql" "${args[@]}")
        rm -f "$OUT/pgbench/$tag.log".*
        "${pb[@]}" -t 5 bench >"$OUT/pgbench/$tag.out" 2>&1 \
            && "${pb[@]}" -t "$RUNS" -l --log-prefix="$OUT/pgbench/$tag.log" bench >"$OUT/pgbench/$tag.out" 2>&1 \
            || log "pgbench failed: $OUT/pgbench/$tag.out"
        # Some of pgbench's log lines carry a latency of 0 µs (PostgreSQL 15's pgbench, transactions of
        # 0.1 ms or less): for those, the time since the previous transaction ended, which matches the
        # latency logged to within 0.01 ms where both are known.
        read -r p50 max mean <<<"$(cat "$OUT/pgbench/$tag.log".* \
            | awk '{t = $5 * 1e6 + $6; if ($3 > 0) print $3 / 1000; else if (NR > 1) print (t - prev) / 1000; prev = t}' | sort -g \
            | awk '{v[NR] = $1; s += $1} END {if (NR) printf "%.2f %.2f %.2f", v[int((NR + 1) / 2)], v[NR], s / NR; else print "- - -"}')"
    fi
    result "$(printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s' "$MODE.$case" "$name" "$p50" "$max" "$mean" "$planning" "$execution" "$hit" "$read" "$seqs" "$nodes")"
    log "$MODE.$case $name: p50 $p50 ms, max $max ms; EXPLAIN: planning $planning ms, execution $execution ms, hit $hit read $read, seq scans reading pages $seqs ($nodes)"
}

queries() {
    local case=$1
    run "$case" a_latest_big latest hook="$BIG_HOOK"
    run "$case" a_latest_small latest hook="$SMALL_HOOK"
    run "$case" b_page2_big cursor hook="$BIG_HOOK" at="$P2_AT" id="$P2_ID"
    run "$case" b_noon_big cursor hook="$BIG_HOOK" at="$NOON_AT" id="$NOON_ID"
    run "$case" b_noon_big_pruned cursor_pruned hook="$BIG_HOOK" at="$NOON_AT" id="$NOON_ID"
    run "$case" c_count_big_owner status_count owner="$BIG_OWNER"
    run "$case" c_count_failing_owner status_count owner="$FAILING_OWNER"
    run "$case" c_count_small_owner status_count owner="$SMALL_OWNER"
    run "$case" c_health_big_owner status_health owner="$BIG_OWNER"
    run "$case" c_health_failing_owner status_health owner="$FAILING_OWNER"
    PRE=$'\\set k random(1, 1000)\nselect webhook_id, submitted_at from bench.sample where k = :k \\gset' \
        run "$case" d_for_attempt for_attempt webhook_id="$S_WID" submitted_at="$S_AT" overlap=86400
    TX=1 run "$case" e_take_due take_due overdue=300 atcap='{}' perowner=256 batch=500
}

log "case 1: one day partition (+ default) per table"
load
MODE=warm queries one_partition
restart
load
MODE=cold queries one_partition

log "case 2: 38 day partitions per table (30 days kept + today + 7 ahead), the 37 others with a little data"
sql -c "select create_day_partitions(t, '$DAY'::date - 29, '$DAY'::date + 8)
          from unnest(array['delivery_attempts', 'deliveries', 'webhook_events']::regclass[]) t" >/dev/null
sql -c "
    insert into webhook_events (event_id, submitted_at, enquiry_id, payload)
    select md5('past' || d || '/' || k)::uuid, (date '$DAY' + d)::timestamptz + k * interval '17 seconds', md5('pastenq' || d || '/' || k)::uuid,
           '{\"type\":\"enquiry.created\"}'
      from generate_series(-29, -1) d, generate_series(1, 5000) k;
    insert into deliveries (webhook_id, submitted_at, event_id, subscription_id, owner_id, enquiry_id, status, attempts)
    select webhook_id(md5('past' || d || '/' || k)::uuid, md5('sub' || s)::uuid), (date '$DAY' + d)::timestamptz + k * interval '17 seconds',
           md5('past' || d || '/' || k)::uuid, md5('sub' || s)::uuid, md5('owner' || (case when s > 2000 then s - 2000 else s end))::uuid,
           md5('pastenq' || d || '/' || k)::uuid, 'succeeded', 1
      from generate_series(-29, -1) d, generate_series(1, 5000) k, lateral (select case when k % 10 = 0 then 2000 else 1 + k % 3000 end as s) x;
    insert into delivery_attempts (webhook_id, subscription_id, enquiry_id, attempt, outcome, http_status, duration_ms, response_body, attempted_at)
    select 'msg_past', md5('sub' || s)::uuid, md5('pastenq' || d || '/' || k)::uuid, 1, 'succeeded', 200, 50, '{\"received\":true}',
           (date '$DAY' + d)::timestamptz + k * interval '4.3 seconds'
      from generate_series(-29, -1) d, generate_series(1, 20000) k, lateral (select case when k % 10 = 0 then 2000 else 1 + k % 3000 end as s) x;" >/dev/null
sql >/dev/null <<SQL
select format('vacuum analyze %I', c.relname) from pg_inherits i join pg_class c on c.oid = i.inhrelid
 where i.inhparent in ('delivery_attempts'::regclass, 'deliveries'::regclass, 'webhook_events'::regclass)
   and c.relname !~ '$DD\$' \gexec
SQL
sql -c "analyze delivery_attempts, deliveries, webhook_events" >/dev/null
sql -F $'\t' -c "select count(*) from pg_inherits where inhparent = 'delivery_attempts'::regclass" >"$OUT/partitions.txt"
load
MODE=warm queries partitions_38
restart
load
MODE=cold queries partitions_38

# --- the purge ----------------------------------------------------------------------------------
wal() { sql -c "select pg_current_wal_lsn()"; }
walbytes() { sql -c "select pg_wal_lsn_diff('$2', '$1')::bigint"; }
now_ms() { date +%s%3N; }
# timed SQL: prints its one value and psql's \timing of it (client-measured, commit included)
timed() { sql -c '\timing on' -c "$1" | awk '/^Time:/ {t = $2; next} {v = $0} END {print v, t}'; }

log "the old way: $OLD_ROWS of the day's attempts copied into a plain table with V3/V7's indexes, deleted in batches of 10,000"
load
sql -c "
    create table old_attempts (
        id bigint primary key, webhook_id text not null, subscription_id uuid not null, enquiry_id uuid not null,
        attempt integer not null, outcome text not null, http_status integer, error text, duration_ms integer,
        response_body text, response_truncated boolean not null default false, attempted_at timestamptz not null,
        next_attempt_at timestamptz) with (autovacuum_enabled = false);
    insert into old_attempts select id, webhook_id, subscription_id, enquiry_id, attempt, outcome, http_status, error, duration_ms,
                                    response_body, response_truncated, attempted_at, next_attempt_at
      from delivery_attempts_p$DD where id <= $OLD_ROWS order by id;
    create index on old_attempts (subscription_id, attempted_at desc, id desc);
    create index on old_attempts (subscription_id, attempted_at desc) where outcome = 'succeeded';
    create index on old_attempts (subscription_id, enquiry_id, attempt);
    create index on old_attempts using brin (attempted_at);" >/dev/null
sql -c "vacuum analyze old_attempts" >/dev/null
sql -F $'\t' -c "select count(*), pg_size_pretty(pg_total_relation_size('old_attempts')), pg_total_relation_size('old_attempts') from old_attempts" >"$OUT/old-table.tsv"
sql -c "checkpoint" >/dev/null
sql -c "explain delete from old_attempts where id in (select id from old_attempts where attempted_at < '$DAY'::date + 1 limit 10000)" >"$OUT/explain/old-delete-batch.txt"
lsn0=$(wal); t0=$(now_ms)
sql -c "create temp table batches (n integer, deleted integer, ms double precision)" -c "
    do \$\$
    declare
        deleted integer;
        b integer := 0;
        t timestamptz;
    begin
        loop
            t := clock_timestamp();
            delete from old_attempts where id in (
                select id from old_attempts where attempted_at < '$DAY'::date + 1 limit 10000);
            get diagnostics deleted = row_count;
            b := b + 1;
            insert into batches values (b, deleted, extract(epoch from clock_timestamp() - t) * 1000);
            commit;
            exit when deleted < 10000;
        end loop;
    end \$\$" -c "
    select count(*), sum(deleted), round(sum(ms)),
           round(avg(ms) filter (where n <= 10)::numeric, 1), round(avg(ms) filter (where n > (select max(n) - 10 from batches))::numeric, 1),
           round(regr_intercept(ms, n)::numeric, 2), round(regr_slope(ms, n)::numeric, 4)
      from batches" -F $'\t' >"$OUT/old-delete-batches.tsv"
t1=$(now_ms); lsn1=$(wal)
sql -c "checkpoint" >/dev/null
lsn2=$(wal); t2=$(now_ms)
sql -c "vacuum old_attempts"
t3=$(now_ms); lsn3=$(wal)
{
    echo "rows	$OLD_ROWS"
    echo "delete_ms	$((t1 - t0))"
    echo "delete_wal_bytes	$(walbytes "$lsn0" "$lsn1")"
    echo "vacuum_ms	$((t3 - t2))"
    echo "vacuum_wal_bytes	$(walbytes "$lsn2" "$lsn3")"
    echo "batches(count, rows, sum ms, first 10 avg ms, last 10 avg ms, intercept ms, slope ms/batch)	$(cat "$OUT/old-delete-batches.tsv")"
} | tee "$OUT/old-delete.tsv" >&2
sql -c "drop table old_attempts"

log "the new way: drop_day_partitions"
load
# The 29 small days before the day first (29 partitions of each table at once).
for t in delivery_attempts deliveries webhook_events; do
    sql -c checkpoint >/dev/null; l0=$(wal)
    read -r n ms <<<"$(timed "select drop_day_partitions('$t', '$DAY')")"
    l1=$(wal)
    printf 'small\t%s\t%s partitions\t%s ms\t%s bytes\n' "$t" "$n" "$ms" "$(walbytes "$l0" "$l1")" | tee -a "$OUT/drop.tsv" >&2
done
# A drop waiting behind a running read (5 s) holds up everything after it on the table: an insert
# and a portal read started meanwhile wait until the drop gives up (lock_timeout 2 s) or is done.
# DETACH … CONCURRENTLY, which would not, is refused while a default partition exists.
sql -c "alter table delivery_attempts detach partition delivery_attempts_p$DD concurrently" >"$OUT/detach-concurrently.txt" 2>&1 || true
sql -c "begin" -c "select count(*) from delivery_attempts where subscription_id = '$SMALL_HOOK'" -c "select pg_sleep(5)" -c "commit" >/dev/null &
reader=$!
sleep 1
sql -c "set lock_timeout = '2s'" -c "select drop_day_partitions('delivery_attempts', '$DAY'::date + 1)" >"$OUT/drop-queue.txt" 2>&1 &
dropper=$!
sleep 0.5
timed "insert into delivery_attempts (webhook_id, subscription_id, enquiry_id, attempt, outcome, attempted_at)
       values ('msg_probe', '$SMALL_HOOK', gen_random_uuid(), 1, 'succeeded', '$DAY 12:00Z') returning 1" >"$OUT/drop-queue-insert.txt" &
inserter=$!
timed "select count(*) from (select id from delivery_attempts where subscription_id = '$SMALL_HOOK'
                               order by attempted_at desc, id desc limit 50) x" >"$OUT/drop-queue-read.txt"
wait "$inserter" "$reader"; wait "$dropper" || true
printf 'queue\tinsert waited %s ms, portal read waited %s ms; the drop: %s\n' "$(cut -d' ' -f2 "$OUT/drop-queue-insert.txt")" \
    "$(cut -d' ' -f2 "$OUT/drop-queue-read.txt")" "$(grep -m1 ERROR "$OUT/drop-queue.txt" || echo 'not refused')" | tee -a "$OUT/drop.tsv" >&2
# The day itself: once rolled back (the locks it takes), then committed.
for t in delivery_attempts deliveries webhook_events; do
    sql -F $'\t' -c "begin" -c "select drop_day_partitions('$t', '$DAY'::date + 1)" -c "
        select 'locks', string_agg(distinct relation::regclass::text || ' ' || mode, ', ')
          from pg_locks where pid = pg_backend_pid() and locktype = 'relation'
           and relation in ('delivery_attempts'::regclass, 'deliveries'::regclass, 'webhook_events'::regclass,
                            'webhook_subscriptions'::regclass)" -c "rollback" >"$OUT/drop-locks.$t.txt"
    sql -c checkpoint >/dev/null
    rows=$(sql -c "select reltuples::bigint from pg_class where relname = '${t}_p$DD'")
    size=$(sql -c "select pg_total_relation_size('${t}_p$DD')")
    l0=$(wal)
    read -r n ms <<<"$(timed "select drop_day_partitions('$t', '$DAY'::date + 1)")"
    l1=$(wal)
    printf 'day\t%s\t%s partitions\t%s ms\t%s bytes\t%s rows\t%s bytes on disk\n' "$t" "$n" "$ms" "$(walbytes "$l0" "$l1")" "$rows" "$size" \
        | tee -a "$OUT/drop.tsv" >&2
done
cat "$OUT"/drop-locks.*.txt >&2
load
log "done: $OUT"
