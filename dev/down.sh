#!/usr/bin/env bash
# Stops what dev/up.sh started, by the process ids in .dev/pids: Prometheus (DEV_METRICS=1) and
# the services first (SIGTERM, up to 30 s, then SIGKILL), then Zipkin (DEV_TRACING), then Kafka,
# then PostgreSQL (fast shutdown). Data in .dev is kept unless --purge is given.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
# shellcheck source-path=SCRIPTDIR
source "$(dirname "${BASH_SOURCE[0]}")/lib/prometheus.sh"
# shellcheck source-path=SCRIPTDIR
source "$(dirname "${BASH_SOURCE[0]}")/lib/tracing.sh"

SERVICE_STOP_TIMEOUT=30
KAFKA_STOP_TIMEOUT=60
POSTGRES_STOP_TIMEOUT=60

usage() {
    cat <<'EOF'
Usage: dev/down.sh [--purge]
Stops the local stack started by dev/up.sh. --purge also deletes its data (.dev).
EOF
}

# Prints the pid of <name> if it runs; otherwise removes a stale pid file.
pid_to_stop() {
    local name=$1 pid
    if pid=$(running_pid "$name"); then
        printf '%s\n' "$pid"
        return 0
    fi
    if pid=$(read_pid_file "$name"); then
        if pid_alive "$pid"; then
            say "$name: pid $pid is another process now, not stopping it" >&2
        fi
        rm -f "$PID_DIR/$name.pid"
    fi
    return 1
}

stop_services() {
    local i name pid
    local -a names=() pids=()
    for ((i = ${#SERVICES[@]} - 1; i >= 0; i--)); do
        name=${SERVICES[i]}
        if pid=$(pid_to_stop "$name"); then
            say "$name: stopping (pid $pid)"
            kill -TERM "$pid" 2>/dev/null || true
            names+=("$name")
            pids+=("$pid")
        fi
    done
    # They were all signalled at once; each gets up to the timeout from now.
    for i in "${!pids[@]}"; do
        stop_pid "${pids[i]}" TERM "$SERVICE_STOP_TIMEOUT" "${names[i]}"
        rm -f "$PID_DIR/${names[i]}.pid"
    done
}

stop_kafka() {
    local pid
    pid=$(pid_to_stop kafka) || return 0
    say "kafka: stopping (pid $pid)"
    stop_pid "$pid" TERM "$KAFKA_STOP_TIMEOUT" kafka
    rm -f "$PID_DIR/kafka.pid"
}

# SIGINT is PostgreSQL's fast shutdown (what pg_ctl stop -m fast sends).
stop_postgres() {
    local pid postmaster_pid_file
    postmaster_pid_file=$(pg_home)/data/postmaster.pid
    if ! pid=$(pid_to_stop postgres); then
        # Started by dev/up.sh but its pid file is gone: find it through postmaster.pid.
        [[ -s $postmaster_pid_file ]] || return 0
        pid=$(head -n 1 "$postmaster_pid_file")
        is_expected_process "$pid" postgres || return 0
    fi
    say "postgres: stopping (pid $pid)"
    stop_pid "$pid" INT "$POSTGRES_STOP_TIMEOUT" postgres
    rm -f "$PID_DIR/postgres.pid"
}

purge() {
    local location
    location=$(pg_home)
    if [[ $location != "$PG_STATE_DIR" && $location == /var/tmp/owner-integration-pg.* && -d $location ]]; then
        rm -rf -- "$location"
    fi
    # Keep the lock file until the end: it is the one open file left.
    find "$DEV_DIR" -mindepth 1 -maxdepth 1 ! -name .lock -exec rm -rf -- {} +
    rm -f -- "$DEV_DIR/.lock"
    rmdir -- "$DEV_DIR" 2>/dev/null || true
    say "deleted $(rel "$DEV_DIR")"
}

main() {
    local purge=false
    case ${1:-} in
        --purge) purge=true ;;
        -h | --help) usage && return 0 ;;
        "") ;;
        *) usage >&2 && return 2 ;;
    esac
    if [[ ! -d $DEV_DIR ]]; then
        say "nothing to stop ($(rel "$DEV_DIR") does not exist)"
        return 0
    fi
    take_lock
    stop_prometheus
    stop_services
    stop_zipkin # DEV_TRACING
    stop_kafka
    stop_postgres
    if $purge; then purge; fi
    say "stopped"
}

main "$@"
