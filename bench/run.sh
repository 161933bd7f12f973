#!/usr/bin/env bash
# Runs one benchmark, or all of them, against the running local stack (dev/up.sh) and writes the
# results to docs/benchmarks/. See bench/README.md.
#   bench/run.sh <api | e2e | intake | dispatcher | isolation | retry | resources | recovery | fairness | hook-pages | throttle | mix | all> [-Dbench.seconds=N ...]
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=dev/lib/common.sh
source dev/lib/common.sh
# shellcheck source=dev/lib/java.sh
source dev/lib/java.sh

if [[ $# -lt 1 || $1 == -h || $1 == --help ]]; then
    sed -n '2,4p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
fi
benchmark=$1
shift
for service in "${SERVICES[@]}"; do
    running_pid "$service" >/dev/null || die "$service is not running: start the local stack first (dev/up.sh)"
done
dev_use_jdk 21

say "building the benchmarks (log: .dev/logs/bench-build.log)"
if ! mvn -B -Pbench -pl bench -am package dependency:build-classpath -DskipTests \
    -Dmdep.outputFile=target/classpath.txt -Dmdep.includeScope=runtime >"$LOG_DIR/bench-build.log" 2>&1; then
    tail -n 40 "$LOG_DIR/bench-build.log" >&2
    die "the benchmarks did not build"
fi
exec "$JAVA_HOME/bin/java" -Xmx1g -Djava.awt.headless=true -Dstack.dir="$DEV_DIR" -Drepository.root="$REPO_ROOT" "$@" \
    -cp "bench/target/classes:$(<bench/target/classpath.txt)" com.holidaylistings.integration.bench.Bench "$benchmark"
