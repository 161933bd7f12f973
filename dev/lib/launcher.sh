# shellcheck shell=bash
# Picks a JDK 21 or newer (dev/lib/java.sh) and runs the local stack's launcher (module dev-stack) on it: builds it first when
# it is missing or older than its sources or those of the modules it uses. dev/up.sh and dev/down.sh
# replace themselves with it (`dev_stack up`, `dev_stack down --purge`); the other scripts ask it
# which processes run (`dev_stack_running api-service`: true when all those named run; with --any,
# when one of them does).

DEV_STACK_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd -P)
# shellcheck source=dev/lib/java.sh
source "$DEV_STACK_ROOT/dev/lib/java.sh"
dev_use_jdk 21 || exit 1

_dev_stack_command() {
    local root=$DEV_STACK_ROOT log=$DEV_STACK_ROOT/.dev/logs/build.log
    local classpath=$root/dev-stack/target/classpath.txt built=$root/dev-stack/target/launcher.built
    # the stamp, not the classpath file, says when it was built: Maven leaves an unchanged classpath file as it was
    if [[ ! -s $classpath || ! -e $built || -n $(find "$root/pom.xml" "$root"/{dev-stack,stack-client,test-support,webhook-signing}/{pom.xml,src/main} \
        -newer "$built" -print -quit 2>/dev/null) ]]; then
        command -v mvn >/dev/null 2>&1 || { echo "ERROR: Maven (mvn) is needed on PATH" >&2; exit 1; }
        mkdir -p "${log%/*}"
        printf '%s  building the launcher (dev-stack, log: .dev/logs/build.log)\n' "$(date +%H:%M:%S)" >&2
        if ! (cd "$root" && mvn -B -q -DskipTests package -pl dev-stack -am) >"$log" 2>&1; then
            tail -n 60 "$log" >&2
            echo "ERROR: building the launcher failed (log: .dev/logs/build.log)" >&2
            exit 1
        fi
        touch "$built"
    fi
    DEV_STACK_JAVA=("$JAVA_HOME/bin/java" -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Dstack.root="$root"
        -cp "$root/dev-stack/target/classes:$(<"$classpath")" com.holidaylistings.integration.devstack.DevStack)
}

# Records that the launcher was just built, by a build of the whole reactor (dev/test.sh's mvn verify):
# its first run then starts at once instead of building it again.
dev_stack_built() {
    if [[ -s $DEV_STACK_ROOT/dev-stack/target/classpath.txt ]]; then touch "$DEV_STACK_ROOT/dev-stack/target/launcher.built"; fi
}

dev_stack() {
    _dev_stack_command
    exec "${DEV_STACK_JAVA[@]}" "$@"
}

dev_stack_running() {
    [[ -d $DEV_STACK_ROOT/.dev/pids ]] || return 1 # a fresh checkout: nothing runs, nothing to build
    _dev_stack_command
    "${DEV_STACK_JAVA[@]}" running "$@"
}
