#!/usr/bin/env bash
# The dispatcher against its limit, on the running local stack: with the dispatcher stopped
# (SIGSTOP), ENQUIRIES enquiries are committed for SUBS subscriptions of one fast local receiver;
# then the dispatcher resumes and drains the backlog. Prints deliveries/s from the first to the
# last arrival and the dispatcher's resident memory after the drain.
#   bench/dispatcher-drain.sh [enquiries] [subscriptions]   (default 2000 x 10)
set -euo pipefail
cd "$(dirname "$0")/.."
enquiries=${1:-2000} subscriptions=${2:-10}
# shellcheck disable=SC1091
source .dev/stack.env
# shellcheck source=dev/lib/java.sh
source dev/lib/java.sh
dev_use_jdk 21
port=${BENCH_RECEIVER_PORT:-9100}
pg_bin=$(pg_config --bindir 2>/dev/null || echo /usr/lib/postgresql/15/bin)
pg_port=$(sed -E 's|.*:([0-9]+)/.*|\1|' <<<"$JDBC_URL")
export PGPASSWORD=$JDBC_PASSWORD
psql_() { "$pg_bin/psql" -h 127.0.0.1 -p "$pg_port" -U "$JDBC_USERNAME" -d owner_integration -qAt "$@"; }
dispatcher=$(cat .dev/pids/webhook-dispatcher.pid)
expected_file=$(mktemp -u)
cleanup() {
    kill -CONT "$dispatcher" 2>/dev/null || true
    psql_ -c "update webhook_subscriptions set unsubscribed_at = now(), unsubscribe_reason = 'deleted'
              where owner_id = '$DEMO_OWNER_ID' and target_url like 'http://127.0.0.1:$port/drain/%' and unsubscribed_at is null"
    rm -f "$expected_file"
}
trap cleanup EXIT
for i in $(seq 1 "$subscriptions"); do
    curl -sS --fail-with-body -o /dev/null --cacert "$CA_CERT" -H "Authorization: Bearer $DEMO_TOKEN" \
        -H 'Content-Type: application/json' -d "{\"targetUrl\":\"http://127.0.0.1:$port/drain/$i\"}" "$API_BASE_URL/hooks/enquiries"
done
sleep 1
kill -STOP "$dispatcher"
started_at=$(psql_ -c "select now()")
"$pg_bin/pgbench" -h 127.0.0.1 -p "$pg_port" -U "$JDBC_USERNAME" -n -f bench/outbox-insert.sql \
    -D "owner='$DEMO_OWNER_ID'" -D "property='$DEMO_PROPERTY_ID'" -c 4 -j 2 -t $((enquiries / 4)) owner_integration | grep -E "^tps"
echo $(($(psql_ -c "select count(*) from enquiries where subject = 'Benchmark' and sent_at >= '$started_at'") * subscriptions)) >"$expected_file"
sleep 3 # enquiry-ingest publishes the events meanwhile
java bench/LatencyReceiver.java "$port" "$expected_file" 180 &
receiver=$!
sleep 4
echo "== the dispatcher resumes with $(cat "$expected_file") deliveries waiting"
kill -CONT "$dispatcher"
wait "$receiver"
echo "webhook-dispatcher RSS: $(($(awk '/VmRSS/ {print $2}' "/proc/$dispatcher/status") / 1024)) MiB"
