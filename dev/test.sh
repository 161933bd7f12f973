#!/usr/bin/env bash
# Runs every test: first the build's unit and integration tests (real PostgreSQL and Kafka) with a
# JDK 21 or newer, found the same way dev/up.sh finds it; then the system tests against the local
# stack (dev/system-test.sh: the journeys, replicas and shutdowns, each service its own process).
# Extra arguments go to the first Maven run. SKIP_SYSTEM_TESTS=1 runs the first part only.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=dev/lib/java.sh
source dev/lib/java.sh
dev_use_jdk 21
mvn -B verify "$@"
if [[ ${SKIP_SYSTEM_TESTS:-} == 1 ]]; then
    echo "SKIP_SYSTEM_TESTS=1: system tests skipped"
    exit 0
fi
exec dev/system-test.sh
