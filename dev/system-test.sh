#!/usr/bin/env bash
# The system tests (module system-tests): an owner's journey end to end, the fault journey (SIGKILL
# of every process of the stack in turn while enquiries stream), two replicas of
# each service, and graceful shutdown on SIGTERM. They run against the local stack, every service
# its own process, and restart what they stop with dev/up.sh. The stack is started when it is not
# running, and stopped again at the end in that case (unless DEV_KEEP_STACK=1). Extra arguments go
# to Maven, for example -Dit.test=OwnerJourneyIT.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=dev/lib/launcher.sh
source dev/lib/launcher.sh

stop_after=true
if [[ ${DEV_KEEP_STACK:-} == 1 ]] || dev_stack_running api-service; then stop_after=false; fi
if $stop_after; then trap 'dev/down.sh' EXIT; fi

dev/up.sh
mvn -B verify -Psystem -pl system-tests -am "$@"
