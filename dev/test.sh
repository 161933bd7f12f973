#!/usr/bin/env bash
# Runs every test: first the build's unit and integration tests (real PostgreSQL and Kafka) with a
# JDK 21 or newer, found the same way dev/up.sh finds it; then the system tests against the local
# stack (dev/system-test.sh: the journeys, replicas and shutdowns, each service its own process).
# A running local stack is stopped first, because the build replaces the jars it runs, and is left
# running, on the new jars, at the end. Extra arguments go to the first Maven run.
# SKIP_SYSTEM_TESTS=1 runs the first part only.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=dev/lib/launcher.sh
source dev/lib/launcher.sh

stack_was_running=false
if dev_stack_running --any api-service enquiry-ingest webhook-dispatcher; then stack_was_running=true; fi
if $stack_was_running; then
    echo "$(date +%H:%M:%S)  stopping the local stack: the build replaces the jars it runs (the system tests start it again)"
    dev/down.sh
fi

# the benchmarks' module too (-Pbench): it builds, and its unit tests run (they need no stack)
mvn -B verify -Pbench "$@"
# the whole reactor, launcher included, was built (not so with arguments that pick modules)
if (($# == 0)); then dev_stack_built; fi
dev/coverage.sh || true
if [[ ${SKIP_SYSTEM_TESTS:-} == 1 ]]; then
    echo "$(date +%H:%M:%S)  SKIP_SYSTEM_TESTS=1: system tests skipped"
    exit 0
fi
if $stack_was_running; then export DEV_KEEP_STACK=1; fi
exec dev/system-test.sh
