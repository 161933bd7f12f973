#!/usr/bin/env bash
# Measures enquiry-ingest against the running local stack (dev/up.sh):
#   1. commit -> Kafka acknowledgement latency at a steady rate (default 200 enquiries/s for 30 s),
#      from the relay's own timer (commit timestamp of the WAL record to Kafka's ack);
#   2. a burst of BURST enquiries committed as fast as 4 clients can, and how fast the relay
#      publishes them (events/s from the first to the last acknowledgement);
#   3. the relay's resident memory.
# Usage: bench/ingest-relay.sh [rate] [seconds] [burst]
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=dev/lib/java.sh
source dev/lib/java.sh
rate=${1:-200} seconds=${2:-30} burst=${3:-10000}
dev_use_jdk 21
# pgbench commits each enquiry with api-service's own statement, written out by the benchmarks' code.
mvn -B -q -Pbench -pl bench -am package dependency:build-classpath -DskipTests \
    -Dmdep.outputFile=target/classpath.txt -Dmdep.includeScope=runtime
script=bench/target/outbox-insert.sql
"$JAVA_HOME/bin/java" -cp "bench/target/classes:$(<bench/target/classpath.txt)" \
    com.holidaylistings.integration.bench.OutboxInsertScript "$script"
# shellcheck disable=SC1091
source .dev/stack.env
metrics=http://127.0.0.1:8082/actuator/metrics
pg_bin=$(pg_config --bindir 2>/dev/null || echo /usr/lib/postgresql/15/bin)
db_url=${JDBC_URL#jdbc:}
export PGPASSWORD=$JDBC_PASSWORD
pgbench() {
    "$pg_bin/pgbench" -h 127.0.0.1 -p "$(sed -E 's|.*:([0-9]+)/.*|\1|' <<<"$db_url")" -U "$JDBC_USERNAME" \
        -n -f "$script" -D "owner='$DEMO_OWNER_ID'" -D "property='$DEMO_PROPERTY_ID'" "$@" owner_integration
}
metric() { # metric NAME [statistic|tag] -> value
    curl -s "$metrics/$1${3:+?tag=$3}" | sed -E "s/.*\"statistic\":\"${2:-VALUE}\",\"value\":([0-9.eE+-]+).*/\1/"
}
published() { metric enquiry.ingest.events.published COUNT; }

echo "== steady load: $rate enquiries/s for $seconds s"
pgbench -R "$rate" -T "$seconds" -c 2 -j 2 | grep -E "tps|latency average"
sleep 2
p50=$(metric enquiry.ingest.commit.to.publish.lag.percentile VALUE phi:0.5)
p99=$(metric enquiry.ingest.commit.to.publish.lag.percentile VALUE phi:0.99)
max=$(metric enquiry.ingest.commit.to.publish.lag MAX)
awk -v a="$p50" -v b="$p99" -v c="$max" 'BEGIN { printf "commit -> Kafka ack: p50 %.1f ms, p99 %.1f ms, max %.1f ms (last 2 min)\n", a*1000, b*1000, c*1000 }'

echo "== burst: $burst enquiries from 4 clients"
before=$(published)
start=$(date +%s.%N)
pgbench -c 4 -j 2 -t $((burst / 4)) | grep -E "tps"
target=$(awk -v b="$before" -v n="$burst" 'BEGIN { printf "%d", b + n }')
while awk -v p="$(published)" -v t="$target" 'BEGIN { exit !(p < t) }'; do sleep 0.05; done
end=$(date +%s.%N)
awk -v s="$start" -v e="$end" -v n="$burst" 'BEGIN { printf "relay: %d events published in %.2f s = %.0f events/s (from the first commit)\n", n, e - s, n / (e - s) }'

echo "== resources"
pid=$(cat .dev/pids/enquiry-ingest.pid)
echo "enquiry-ingest RSS: $(($(awk '/VmRSS/ {print $2}' /proc/"$pid"/status) / 1024)) MiB"
