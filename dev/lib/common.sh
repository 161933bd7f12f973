# shellcheck shell=bash
# shellcheck disable=SC2034 # the variables below are used by the scripts that source this file
# Shared by dev/up.sh and dev/down.sh: paths, messages, pid files and process checks.

shopt -s inherit_errexit

DEV_SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)
REPO_ROOT=$(cd "$DEV_SCRIPT_DIR/.." && pwd -P)
DEV_DIR=$REPO_ROOT/.dev
PID_DIR=$DEV_DIR/pids
LOG_DIR=$DEV_DIR/logs
KAFKA_DIR=$DEV_DIR/kafka
# Holds the records of the local PostgreSQL (binary dir used, location of its data).
PG_STATE_DIR=$DEV_DIR/postgres

# Started in this order, stopped in the reverse one. Only those whose module exists are run.
SERVICES=(api-service enquiry-ingest webhook-dispatcher)

say() { printf '%s  %s\n' "$(date +%H:%M:%S)" "$*"; }
warn() { printf '%s  WARNING: %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() {
    printf '%s  ERROR: %s\n' "$(date +%H:%M:%S)" "$*" >&2
    exit 1
}

# Path relative to the repository root, for messages.
rel() { printf '%s\n' "${1#"$REPO_ROOT"/}"; }

# Takes the lock of .dev so that two up/down runs never overlap. The lock lives on fd 9,
# which every process started in the background must close (see launch_bg).
take_lock() {
    mkdir -p "$DEV_DIR"
    command -v flock >/dev/null 2>&1 || return 0
    exec 9>"$DEV_DIR/.lock"
    flock -n 9 || die "another dev/up.sh or dev/down.sh is running on $(rel "$DEV_DIR")"
}

# Where the PostgreSQL data and socket directories live: .dev/postgres, unless dev/up.sh had
# to put them elsewhere (see resolve_pg_home in up.sh) and recorded that place.
pg_home() {
    if [[ -s $PG_STATE_DIR/location ]]; then
        cat "$PG_STATE_DIR/location"
    else
        printf '%s\n' "$PG_STATE_DIR"
    fi
}

# Strings (one a line) of which the command line of the process <name> contains one, and no
# other process's does. A service runs its jar, or its extracted copy with the warm-start archive
# (see warm_start_launch in up.sh).
process_marker() {
    case $1 in
        postgres) printf '%s\n' "-D $(pg_home)/data" ;;
        kafka) printf '%s\n' "kafka.Kafka $KAFKA_DIR/server.properties" ;;
        zipkin) printf '%s\n' "-jar $DEV_DIR/zipkin/zipkin-server-" ;;
        *) printf '%s\n' "-jar $REPO_ROOT/$1/target/$1-" "-jar $DEV_DIR/warm-start/$1/" ;;
    esac
}

process_args() {
    if [[ -r /proc/$1/cmdline ]]; then
        tr '\0' ' ' <"/proc/$1/cmdline" 2>/dev/null || true
    else
        ps -o args= -p "$1" 2>/dev/null || true
    fi
}

# True when <pid> runs (a zombie, an exited child not yet reaped, does not count).
pid_alive() {
    local stat
    if [[ -d /proc/$1 ]]; then
        stat=$(cat "/proc/$1/stat" 2>/dev/null) || return 1
        stat=${stat##*) }
        [[ ${stat%% *} != Z ]]
        return
    fi
    kill -0 "$1" 2>/dev/null
}

# True when <pid> is alive and is the process <name> of this stack (not a reused pid).
is_expected_process() {
    local pid=$1 name=$2 args
    pid_alive "$pid" || return 1
    args=$(process_args "$pid")
    local marker
    while IFS= read -r marker; do
        if [[ $args == *"$marker"* ]]; then return 0; fi
    done < <(process_marker "$name")
    return 1
}

read_pid_file() {
    local file=$PID_DIR/$1.pid pid
    [[ -s $file ]] || return 1
    pid=$(head -n 1 "$file")
    [[ $pid =~ ^[0-9]+$ ]] || return 1
    printf '%s\n' "$pid"
}

# Prints the pid of <name> when its pid file names a live process of this stack.
running_pid() {
    local pid
    pid=$(read_pid_file "$1") || return 1
    is_expected_process "$pid" "$1" || return 1
    printf '%s\n' "$pid"
}

# Waits up to <seconds> for <pid> to exit; returns 1 if it is still there.
wait_for_exit() {
    local pid=$1 seconds=$2 deadline
    deadline=$((SECONDS + seconds))
    while pid_alive "$pid"; do
        ((SECONDS < deadline)) || return 1
        sleep 0.2
    done
}

# Sends <signal> to <pid>, waits up to <seconds>, then SIGKILL. Returns once it is gone.
stop_pid() {
    local pid=$1 signal=$2 seconds=$3 label=$4
    kill "-$signal" "$pid" 2>/dev/null || true
    if ! wait_for_exit "$pid" "$seconds"; then
        warn "$label (pid $pid) still running after ${seconds}s: sending SIGKILL"
        kill -KILL "$pid" 2>/dev/null || true
        wait_for_exit "$pid" 10 || warn "$label (pid $pid) did not exit"
    fi
}

# True when something accepts TCP connections on 127.0.0.1:<port>.
port_open() {
    if command -v timeout >/dev/null 2>&1; then
        timeout 2 bash -c "exec 3<>/dev/tcp/127.0.0.1/$1" 2>/dev/null
    else
        bash -c "exec 3<>/dev/tcp/127.0.0.1/$1" 2>/dev/null
    fi
}
