#!/usr/bin/env bash
# A webhook receiver for trying the local stack: prints every delivery, checks its Standard Webhooks
# signature with the secrets given and says which one verified, answers 204.
#
#   dev/receiver.sh [port (9000)] [whsec_secret ...]
#   dev/receiver.sh 9000 "$new_secret" "$old_secret"    # during a rotation's overlap
#
# It runs the receiver of the webhook-signing module (the one the tests, the benchmarks and the
# dispatcher's warm-up use, with the one signature implementation), from that module's jar: built
# first when it is missing or older than its sources (offline when Maven has what it needs).
# Needs a JDK 21+ (dev/lib/java.sh) and Maven only for that build. Listens on 127.0.0.1 only.
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)
module=webhook-signing

case ${1:-} in
    -h | --help)
        sed -n '2,11s/^# \{0,1\}//p' "${BASH_SOURCE[0]}"
        exit 0
        ;;
esac

# shellcheck source=dev/lib/java.sh
source "$repo/dev/lib/java.sh"
dev_use_jdk 21

module_jar() {
    local jar
    for jar in "$repo/$module/target/$module"-*.jar; do
        case $jar in *-sources.jar | *-javadoc.jar | *-tests.jar) continue ;; esac
        [[ -f $jar ]] && { printf '%s\n' "$jar"; return 0; }
    done
    return 1
}

jar_is_stale() {
    [[ -n $(find "$repo/$module/src/main" "$repo/$module/pom.xml" "$repo/pom.xml" -newer "$1" -print -quit) ]]
}

if ! jar=$(module_jar) || jar_is_stale "$jar"; then
    echo "Building $module (mvn -pl $module package)..." >&2
    build=(mvn -B -q -f "$repo/pom.xml" -pl "$module" -DskipTests -Djacoco.skip=true package)
    "${build[@]}" -o >/dev/null 2>&1 || "${build[@]}" >&2 || {
        echo "ERROR: the build of $module failed (see above)" >&2
        exit 1
    }
    jar=$(module_jar) || { echo "ERROR: the build made no jar in $module/target" >&2; exit 1; }
fi

exec "$JAVA_HOME/bin/java" -jar "$jar" "$@"
