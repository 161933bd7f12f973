#!/usr/bin/env bash
# Runs the whole system on this machine, no Docker needed: PostgreSQL, a Kafka broker and the
# services, then seeds demo data and writes .dev/stack.env; with DEV_METRICS=1 also Prometheus, with
# DEV_TRACING=1 also Zipkin. Starts only what is not running yet. State, logs and pids live under
# .dev/ (dev/README.md); dev/down.sh stops it all. The launcher (module dev-stack) does the work.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR
source "$(dirname "${BASH_SOURCE[0]}")/lib/launcher.sh"
dev_stack up "$@"
