# shellcheck shell=bash
# DEV_TRACING=1: Zipkin's server (io.zipkin:zipkin-server:<version>:exec from Maven Central, fetched
# once into .dev/zipkin/) on 127.0.0.1:$DEV_ZIPKIN_PORT, spans kept in memory; the services export
# their spans to it in Zipkin's JSON (Zipkin does not take OTLP without a module of its own), and
# .dev/stack.env gets ZIPKIN_URL. Sourced by dev/up.sh and dev/down.sh.

ZIPKIN_PORT=${DEV_ZIPKIN_PORT:-19411}
ZIPKIN_VERSION=3.5.1
ZIPKIN_DIR=$DEV_DIR/zipkin
ZIPKIN_JAR=$ZIPKIN_DIR/zipkin-server-$ZIPKIN_VERSION-exec.jar
ZIPKIN_URL=http://127.0.0.1:$ZIPKIN_PORT

# Also while the stack's Zipkin runs: a service restarted by plain dev/up.sh (the system tests restart
# what they kill) keeps exporting to it.
tracing_enabled() { [[ ${DEV_TRACING:-0} == 1 ]] || running_pid zipkin >/dev/null; }

fetch_zipkin() {
    [[ -s $ZIPKIN_JAR ]] && return 0
    say "zipkin: fetching zipkin-server $ZIPKIN_VERSION (exec jar, about 130 MB) into $(rel "$ZIPKIN_DIR")"
    mkdir -p "$ZIPKIN_DIR"
    mvn -B -q dependency:copy "-Dartifact=io.zipkin:zipkin-server:$ZIPKIN_VERSION:jar:exec" \
        "-DoutputDirectory=$ZIPKIN_DIR" >>"$LOG_DIR/build.log" 2>&1 ||
        die "zipkin: could not fetch io.zipkin:zipkin-server:$ZIPKIN_VERSION:exec (see $(rel "$LOG_DIR/build.log"))"
}

zipkin_ready() { curl -fsS -m 3 "$ZIPKIN_URL/health" 2>/dev/null | grep -q '"UP"'; }

start_zipkin() {
    tracing_enabled || return 0
    local pid deadline
    export_zipkin_endpoint
    if pid=$(running_pid zipkin); then
        say "zipkin: already running (pid $pid)"
        return 0
    fi
    fetch_zipkin
    ensure_port_free "$ZIPKIN_PORT" zipkin
    fresh_log zipkin
    say "zipkin: starting on $ZIPKIN_URL"
    # Armeria's port and address: loopback only, as everything of the stack. The spans live in
    # memory: the newest 30,000 (about 3,500 enquiries) fit its heap; a benchmark's hundred thousand
    # ran it out of memory with the default of 500,000.
    launch_bg zipkin "$JAVA_HOME/bin/java" -Xms32m -Xmx256m -XX:+UseSerialGC -jar "$ZIPKIN_JAR" \
        "--armeria.ports[0].port=$ZIPKIN_PORT" "--armeria.ports[0].ip=127.0.0.1" \
        "--armeria.ports[0].protocols[0]=http" "--zipkin.storage.mem.max-spans=30000"
    pid=$(read_pid_file zipkin)
    deadline=$((SECONDS + READY_TIMEOUT))
    until zipkin_ready; do
        pid_alive "$pid" || fail_with_log zipkin "exited before it was ready"
        ((SECONDS < deadline)) || fail_with_log zipkin "not ready within ${READY_TIMEOUT}s at $ZIPKIN_URL/health"
        sleep 1
    done
    STARTED+=(zipkin)
    say "zipkin: ready (pid $pid)"
}

# The services started after this export their spans to the stack's Zipkin (inherited environment;
# Boot's own property names). A running service keeps what it was started with.
export_zipkin_endpoint() {
    tracing_enabled || return 0
    export MANAGEMENT_TRACING_EXPORT_ZIPKIN_ENABLED=true
    export MANAGEMENT_TRACING_EXPORT_ZIPKIN_ENDPOINT=$ZIPKIN_URL/api/v2/spans
}

# ZIPKIN_URL in .dev/stack.env, once dev/up.sh has written it.
add_zipkin_to_stack_env() {
    tracing_enabled || return 0
    printf '%s=%q\n' ZIPKIN_URL "$ZIPKIN_URL" >>"$DEV_DIR/stack.env"
}

stop_zipkin() {
    local pid
    pid=$(pid_to_stop zipkin) || return 0
    say "zipkin: stopping (pid $pid)"
    stop_pid "$pid" TERM 20 zipkin
    rm -f "$PID_DIR/zipkin.pid"
}
