#!/usr/bin/env bash
# End to end through the running local stack (dev/up.sh): enquiries committed as the intake commits
# them -> enquiry-ingest -> Kafka -> webhook-dispatcher -> a local receiver.
#   bench/pipeline.sh latency [rate] [seconds]      steady rate (default 200/s for 30 s), one subscription:
#                                                   submission -> webhook received p50/p95/p99/max
#   bench/pipeline.sh throughput [enquiries] [subs] a burst of enquiries fanned out to SUBS subscriptions
#                                                   (default 1000 x 10): deliveries/s at the receiver
# Needs the stack started with WEBHOOK_ALLOW_PRIVATE_TARGETS=true (the local stack's default).
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:-latency}
# shellcheck disable=SC1091
source .dev/stack.env
# shellcheck source=dev/lib/java.sh
source dev/lib/java.sh
dev_use_jdk 21
port=${BENCH_RECEIVER_PORT:-9100}
pg_bin=$(pg_config --bindir 2>/dev/null || echo /usr/lib/postgresql/15/bin)
pg_port=$(sed -E 's|.*:([0-9]+)/.*|\1|' <<<"$JDBC_URL")
export PGPASSWORD=$JDBC_PASSWORD
curl_api() { curl -sS --fail-with-body --cacert "$CA_CERT" "$@"; }
psql_() { "$pg_bin/psql" -h 127.0.0.1 -p "$pg_port" -U "$JDBC_USERNAME" -d owner_integration -qAt "$@"; }
pgbench_() {
    "$pg_bin/pgbench" -h 127.0.0.1 -p "$pg_port" -U "$JDBC_USERNAME" -n -f bench/outbox-insert.sql \
        -D "owner='$DEMO_OWNER_ID'" -D "property='$DEMO_PROPERTY_ID'" "$@" owner_integration
}
subscribe() { # subscribe PATH
    curl_api -H "Authorization: Bearer $DEMO_TOKEN" -H 'Content-Type: application/json' \
        -d "{\"targetUrl\":\"http://127.0.0.1:$port$1\"}" "$API_BASE_URL/hooks/enquiries" >/dev/null
}
cleanup() { # the demo owner's subscriptions would otherwise receive later runs too
    psql_ -c "update webhook_subscriptions set unsubscribed_at = now(), unsubscribe_reason = 'deleted'
              where owner_id = '$DEMO_OWNER_ID' and target_url like 'http://127.0.0.1:$port/%' and unsubscribed_at is null"
}
expected_file=$(mktemp -u)
trap 'cleanup; rm -f "$expected_file"' EXIT
cleanup
started_at=$(psql_ -c "select now()")
committed() { # enquiries the load generator committed since the start, times $1 subscriptions
    echo $(($(psql_ -c "select count(*) from enquiries where subject = 'Benchmark' and sent_at >= '$started_at'") * $1))
}

case $mode in
latency)
    rate=${2:-200} seconds=${3:-30}
    subscribe /bench
    java bench/LatencyReceiver.java "$port" "$expected_file" $((seconds + 60)) &
    receiver=$!
    sleep 3
    echo "== $rate enquiries/s for $seconds s, one subscription"
    pgbench_ -R "$rate" -T "$seconds" -c 2 -j 2 | grep -E "^tps"
    committed 1 >"$expected_file.tmp" && mv "$expected_file.tmp" "$expected_file"
    wait "$receiver"
    ;;
throughput)
    enquiries=${2:-1000} subscriptions=${3:-10}
    for i in $(seq 1 "$subscriptions"); do subscribe "/bench/$i"; done
    java bench/LatencyReceiver.java "$port" "$expected_file" 120 &
    receiver=$!
    sleep 3
    echo "== $enquiries enquiries x $subscriptions subscriptions = $((enquiries * subscriptions)) deliveries"
    pgbench_ -c 4 -j 2 -t $((enquiries / 4)) | grep -E "^tps"
    committed "$subscriptions" >"$expected_file.tmp" && mv "$expected_file.tmp" "$expected_file"
    wait "$receiver"
    ;;
*)
    echo "usage: $0 latency [rate] [seconds] | throughput [enquiries] [subscriptions]" >&2
    exit 2
    ;;
esac
echo "== resident memory"
for service in api-service enquiry-ingest webhook-dispatcher; do
    pid=$(cat ".dev/pids/$service.pid")
    echo "$service: $(($(awk '/VmRSS/ {print $2}' "/proc/$pid/status") / 1024)) MiB"
done
