# shellcheck shell=bash
# Runs the local stack's launcher (module dev-stack, Java) with a JDK 21 or newer, as dev/up.sh and
# dev/down.sh do: builds it first when it is missing or older than its sources or those of the
# modules it uses, then replaces this shell with it (`dev_stack up`, `dev_stack down --purge`).

dev_stack() {
    local root log classpath
    root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd -P)
    # shellcheck source=dev/lib/java.sh
    source "$root/dev/lib/java.sh"
    dev_use_jdk 21 || exit 1
    classpath=$root/dev-stack/target/classpath.txt
    log=$root/.dev/logs/build.log
    if [[ ! -s $classpath || -n $(find "$root/pom.xml" "$root"/{dev-stack,stack-client,test-support,webhook-signing}/{pom.xml,src/main} \
        -newer "$classpath" -print -quit 2>/dev/null) ]]; then
        command -v mvn >/dev/null 2>&1 || { echo "ERROR: Maven (mvn) is needed on PATH" >&2; exit 1; }
        mkdir -p "${log%/*}"
        printf '%s  building the launcher (dev-stack, log: .dev/logs/build.log)\n' "$(date +%H:%M:%S)"
        if ! (cd "$root" && mvn -B -q -DskipTests package -pl dev-stack -am) >"$log" 2>&1; then
            tail -n 60 "$log" >&2
            echo "ERROR: building the launcher failed (log: .dev/logs/build.log)" >&2
            exit 1
        fi
    fi
    exec "$JAVA_HOME/bin/java" -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Dstack.root="$root" \
        -cp "$root/dev-stack/target/classes:$(<"$classpath")" com.holidaylistings.integration.devstack.DevStack "$@"
}
