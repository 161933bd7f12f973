#!/usr/bin/env bash
# Runs one benchmark, or all of them, against the running local stack (dev/up.sh) and writes the
# results to docs/benchmarks/. See bench/README.md.
#   bench/run.sh <api | e2e | intake | dispatcher | isolation | retry | resources | recovery | fairness | hook-pages | throttle | mix | all> [-Dbench.seconds=N ...]
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=dev/lib/launcher.sh
source dev/lib/launcher.sh

if [[ $# -lt 1 || $1 == -h || $1 == --help ]]; then
    sed -n '2,4p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
fi
benchmark=$1
shift
if ! dev_stack_running api-service enquiry-ingest webhook-dispatcher; then
    echo "ERROR: the local stack's services are not all running: start it first (dev/up.sh)" >&2
    exit 1
fi

echo "$(date +%H:%M:%S)  building the benchmarks (log: .dev/logs/bench-build.log)"
if ! mvn -B -Pbench -pl bench -am package dependency:build-classpath -DskipTests \
    -Dmdep.outputFile=target/classpath.txt -Dmdep.includeScope=runtime >.dev/logs/bench-build.log 2>&1; then
    tail -n 40 .dev/logs/bench-build.log >&2
    echo "ERROR: the benchmarks did not build" >&2
    exit 1
fi
exec "$JAVA_HOME/bin/java" -Xmx1g -Djava.awt.headless=true -Dstack.dir="$PWD/.dev" -Drepository.root="$PWD" "$@" \
    -cp "bench/target/classes:$(<bench/target/classpath.txt)" com.holidaylistings.integration.bench.Bench "$benchmark"
