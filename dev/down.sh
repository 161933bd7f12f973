#!/usr/bin/env bash
# Stops what dev/up.sh started, by the process ids in .dev/pids: Prometheus and the services first
# (SIGTERM, up to 30 s, then SIGKILL), then Zipkin, Kafka and PostgreSQL (fast shutdown). Data in
# .dev is kept unless --purge is given. The launcher (module dev-stack) does the work.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR
source "$(dirname "${BASH_SOURCE[0]}")/lib/launcher.sh"
dev_stack down "$@"
