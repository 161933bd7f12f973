# shellcheck shell=bash
# Prometheus for the local stack (DEV_METRICS=1 dev/up.sh; see dev/README.md): Debian's prometheus
# binary run as a background process like the stack's others, with its configuration and data under
# .dev/prometheus/, listening on 127.0.0.1:$DEV_PROMETHEUS_PORT (19090), scraping the three
# services' management ports every 5 s and loading the alert rules of ops/prometheus/. Sourced by
# dev/up.sh (start) and dev/down.sh (stop), after lib/common.sh; starting also uses up.sh's
# launch_bg, fresh_log, fail_with_log and ensure_port_free.

PROMETHEUS_DIR=$DEV_DIR/prometheus
PROMETHEUS_CONFIG=$PROMETHEUS_DIR/prometheus.yml
PROMETHEUS_RULES_DIR=$REPO_ROOT/ops/prometheus
PROMETHEUS_PORT=${DEV_PROMETHEUS_PORT:-19090}

# True when DEV_METRICS asks for Prometheus (1, true, yes or on).
dev_metrics_enabled() {
    case ${DEV_METRICS:-} in
        1 | true | yes | on) return 0 ;;
        "" | 0 | false | no | off) return 1 ;;
        *) die "DEV_METRICS must be 1 (start Prometheus too) or 0 (not $DEV_METRICS)" ;;
    esac
}

prometheus_url() { printf 'http://127.0.0.1:%s\n' "$1"; }

# The pid of this stack's Prometheus when its pid file names a live prometheus that runs on this
# stack's configuration (not a reused pid, nor a Prometheus of anyone else).
prometheus_running_pid() {
    local pid
    pid=$(read_pid_file prometheus) || return 1
    pid_alive "$pid" || return 1
    [[ $(process_args "$pid") == *"--config.file=$PROMETHEUS_CONFIG"* ]] || return 1
    printf '%s\n' "$pid"
}

# Debian's prometheus package when the binary is missing: installed as root with apt (its service
# is not used: dev/up.sh runs the binary itself); otherwise says how to get it.
ensure_prometheus_installed() {
    command -v prometheus >/dev/null 2>&1 && return 0
    if ((EUID == 0)) && command -v apt-get >/dev/null 2>&1; then
        say "DEV_METRICS: installing Debian's prometheus package (apt-get install prometheus; log: $(rel "$LOG_DIR/prometheus-install.log"))"
        if ! { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends prometheus; } \
            >"$LOG_DIR/prometheus-install.log" 2>&1 9>&-; then
            fail_with_log prometheus-install "installing the prometheus package failed"
        fi
        command -v prometheus >/dev/null 2>&1 || die "the prometheus package is installed but there is no prometheus on PATH"
        if [[ -d /run/systemd/system ]]; then
            warn "Debian's package may have started its own prometheus service (port 9090); the stack does not use it: 'systemctl disable --now prometheus' stops it"
        fi
        return 0
    fi
    die "DEV_METRICS=1 needs Prometheus: install Debian's package as root (sudo apt-get install prometheus; the stack runs the binary itself, not its service), or put a prometheus binary (2.x) on PATH; or run dev/up.sh without DEV_METRICS"
}

# The rule files: every *.yml under ops/prometheus/ but the tests (*.test.yml).
prometheus_rule_files() {
    local file
    for file in "$PROMETHEUS_RULES_DIR"/*.yml; do
        [[ -f $file && $file != *.test.yml ]] && printf '%s\n' "$file"
    done
}

# The alert names the rule files define (what /api/v1/rules must list).
prometheus_expected_alerts() {
    local file
    while IFS= read -r file; do
        sed -n 's/^[[:space:]]*-[[:space:]]*alert:[[:space:]]*\([A-Za-z0-9_:]*\).*/\1/p' "$file"
    done < <(prometheus_rule_files) | sort -u
}

write_prometheus_config() {
    local name file
    mkdir -p "$PROMETHEUS_DIR/data"
    {
        printf '# Written by dev/up.sh (DEV_METRICS=1) on every start: edit dev/lib/prometheus.sh, not this file.\n'
        printf 'global:\n  scrape_interval: 5s\n  scrape_timeout: 4s\n  evaluation_interval: 5s\n'
        printf 'rule_files:\n'
        while IFS= read -r file; do printf '  - %s\n' "$file"; done < <(prometheus_rule_files)
        printf 'scrape_configs:\n'
        for name in "${SERVICES[@]}"; do
            printf '  - job_name: %s\n    metrics_path: /actuator/prometheus\n    static_configs:\n      - targets: ["127.0.0.1:%s"]\n' \
                "$name" "$(management_port "$name")"
        done
    } >"$PROMETHEUS_CONFIG.tmp"
    mv "$PROMETHEUS_CONFIG.tmp" "$PROMETHEUS_CONFIG"
}

# The alert names that <url>/api/v1/rules lists, one a line.
prometheus_loaded_alerts() {
    local json
    json=$(curl -sf -m 5 "$1/api/v1/rules?type=alert" 2>/dev/null) || return 1
    if command -v jq >/dev/null 2>&1; then
        jq -r '.data.groups[].rules[].name' <<<"$json" | sort -u
    else
        grep -o '"name":"[^"]*"' <<<"$json" | sed 's/^"name":"//; s/"$//' | sort -u
    fi
}

# Waits (up to READY_TIMEOUT) for /-/ready, then for /api/v1/rules to list every alert of the rule
# files; the rule files' names are checked, not only a count, so that a stale set fails too.
wait_for_prometheus() {
    local pid=$1 url=$2 deadline=$((SECONDS + READY_TIMEOUT)) expected loaded missing
    until [[ $(curl -s -m 2 -o /dev/null -w '%{http_code}' "$url/-/ready" 2>/dev/null) == 200 ]]; do
        pid_alive "$pid" || { rm -f "$PID_DIR/prometheus.pid"; fail_with_log prometheus "exited before it was ready (a rule file or the configuration is invalid?)"; }
        ((SECONDS < deadline)) || fail_with_log prometheus "not ready within ${READY_TIMEOUT}s at $url/-/ready"
        sleep 0.5
    done
    expected=$(prometheus_expected_alerts)
    while :; do
        loaded=$(prometheus_loaded_alerts "$url" || true)
        missing=$(comm -23 <(printf '%s\n' "$expected") <(printf '%s\n' "$loaded") | tr '\n' ' ')
        [[ -n ${missing// /} ]] || break
        ((SECONDS < deadline)) || fail_with_log prometheus "its rules did not load: $url/api/v1/rules lacks ${missing% }"
        sleep 0.5
    done
    say "prometheus: ready at $url, $(grep -c . <<<"$expected") alerts loaded from $(rel "$PROMETHEUS_RULES_DIR")/"
}

# Asks a running Prometheus to read its configuration and rules again (SIGHUP) and checks that it
# did (runtimeinfo's lastConfigTime moves on and reloadConfigSuccess is true).
reload_prometheus() {
    local pid=$1 url=$2 before after deadline=$((SECONDS + 15)) info
    before=$(curl -sf -m 5 "$url/api/v1/status/runtimeinfo" | grep -o '"lastConfigTime":"[^"]*"' || true)
    kill -HUP "$pid"
    while :; do
        info=$(curl -sf -m 5 "$url/api/v1/status/runtimeinfo" || true)
        after=$(grep -o '"lastConfigTime":"[^"]*"' <<<"$info" || true)
        if [[ -n $after && $after != "$before" ]] || grep -q '"reloadConfigSuccess":false' <<<"$info"; then break; fi
        ((SECONDS < deadline)) || break
        sleep 0.3
    done
    if ! grep -q '"reloadConfigSuccess":true' <<<"$info"; then
        fail_with_log prometheus "reloading its configuration and rules failed (see the log; promtool check rules ops/prometheus/alerts.yml)"
    fi
}

start_prometheus() {
    local pid url recorded
    url=$(prometheus_url "$PROMETHEUS_PORT")
    write_prometheus_config
    if pid=$(prometheus_running_pid); then
        recorded=$(cat "$PROMETHEUS_DIR/port" 2>/dev/null || true)
        if [[ $recorded == "$PROMETHEUS_PORT" ]]; then
            say "prometheus: already running (pid $pid, $url): reloading its configuration and rules"
            reload_prometheus "$pid" "$url"
            wait_for_prometheus "$pid" "$url"
            return 0
        fi
        say "prometheus: running on port ${recorded:-?}, DEV_PROMETHEUS_PORT is $PROMETHEUS_PORT: restarting it"
        stop_prometheus
    fi
    rm -f "$PID_DIR/prometheus.pid"
    ensure_port_free "$PROMETHEUS_PORT" "Prometheus; choose another with DEV_PROMETHEUS_PORT"
    fresh_log prometheus
    say "prometheus: starting on 127.0.0.1:$PROMETHEUS_PORT ($(command -v prometheus), data in $(rel "$PROMETHEUS_DIR/data"))"
    launch_bg prometheus "$(command -v prometheus)" \
        "--config.file=$PROMETHEUS_CONFIG" \
        "--storage.tsdb.path=$PROMETHEUS_DIR/data" \
        --storage.tsdb.retention.time=7d \
        "--web.listen-address=127.0.0.1:$PROMETHEUS_PORT"
    printf '%s\n' "$PROMETHEUS_PORT" >"$PROMETHEUS_DIR/port"
    pid=$(read_pid_file prometheus)
    wait_for_prometheus "$pid" "$url"
    STARTED+=(prometheus)
}

# Stops this stack's Prometheus, if it runs (SIGTERM, up to 30 s, then SIGKILL); data is kept.
stop_prometheus() {
    local pid
    if ! pid=$(prometheus_running_pid); then
        rm -f "$PID_DIR/prometheus.pid"
        return 0
    fi
    say "prometheus: stopping (pid $pid)"
    stop_pid "$pid" TERM 30 prometheus
    rm -f "$PID_DIR/prometheus.pid"
}
