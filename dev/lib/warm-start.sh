#!/bin/sh
# A service starts warm from the JDK's class-data archive, as Spring Boot documents it
# ("Class Data Sharing" and "AOT Cache" in its reference): the executable jar is extracted
# (java -Djarmode=tools -jar app.jar extract), one training run starts the application context and
# exits (-Dspring.context.exit=onRefresh, so no listener, web connector or leader election starts),
# and the JVM writes what it loaded and linked, and on JDK 25+ the methods' profiles:
#   JDK 25 and later: the AOT cache (JEP 483/514/515): -XX:AOTCacheOutput=app.aot, then -XX:AOTCache=app.aot
#   JDK 21 to 24:     a dynamic CDS archive: -XX:ArchiveClassesAtExit=app.jsa, then -XX:SharedArchiveFile=app.jsa
# Used by dev/up.sh and the Dockerfiles; POSIX sh, so that it also runs in the JRE images.
#
#   warm-start.sh train <java> <extracted app.jar> <archive without extension> [jvm options...]
#       Runs the training; prints the archive's path. WARM_START_TRAINING, when set, is the option
#       that ends the training instead of -Dspring.context.exit=onRefresh: a service that can run its
#       own request path and then stop (api-service: -Downer-api.warm-up.exit-after=true) so trains
#       the archive on that path too, its classes and, on JDK 25+, its methods' profiles. Fails (status 1) when the training fails or
#       leaves no archive: the caller then starts the service without one.
#   warm-start.sh options <java> <archive without extension>
#       Prints the JVM option that uses the archive, when it exists for this JDK; nothing otherwise.
#       A JVM that cannot use an archive (another JDK build, other options) warns and starts
#       without it (-Xshare:auto, -XX:AOTMode=auto are the defaults): the service always starts.
#   warm-start.sh run <java> <archive without extension> <java arguments...>
#       Replaces itself (exec) with <java>, the archive's option when there is one, and the arguments.
set -eu

feature_version() {
    "$1" -XshowSettings:properties -version 2>&1 |
        sed -n 's/^ *java\.specification\.version = \([0-9]*\).*/\1/p' | head -n 1
}

# Prints "aot <archive>.aot" or "cds <archive>.jsa" for the JDK of <java>.
kind_of() {
    version=$(feature_version "$1")
    case $version in '' | *[!0-9]*) version=0 ;; esac
    if [ "$version" -ge 25 ]; then echo "aot $2.aot"; else echo "cds $2.jsa"; fi
}

command=${1:-}
case $command in
    train)
        [ $# -ge 4 ] || { echo "usage: $0 train <java> <app.jar> <archive> [options...]" >&2; exit 2; }
        java=$2 jar=$3 archive=$4
        shift 4 # what is left: the service's JVM options, so that the archive matches them
        # shellcheck disable=SC2046 # two words on purpose
        set -- $(kind_of "$java" "$archive") "$@"
        kind=$1 file=$2
        shift 2
        rm -f "$file" "$file.tmp"
        ending=${WARM_START_TRAINING:--Dspring.context.exit=onRefresh}
        if [ "$kind" = aot ]; then
            "$java" "$@" -XX:AOTCacheOutput="$file.tmp" "$ending" -jar "$jar" || true
        else
            "$java" "$@" -XX:ArchiveClassesAtExit="$file.tmp" "$ending" -jar "$jar" || true
        fi
        if [ ! -s "$file.tmp" ]; then
            rm -f "$file.tmp"
            echo "warm-start: the training run left no archive" >&2
            exit 1
        fi
        mv -f "$file.tmp" "$file"
        echo "$file"
        ;;
    options)
        [ $# -eq 3 ] || { echo "usage: $0 options <java> <archive>" >&2; exit 2; }
        # shellcheck disable=SC2046
        set -- $(kind_of "$2" "$3")
        if [ -s "$2" ]; then
            if [ "$1" = aot ]; then echo "-XX:AOTCache=$2"; else echo "-XX:SharedArchiveFile=$2"; fi
        fi
        ;;
    run)
        [ $# -ge 4 ] || { echo "usage: $0 run <java> <archive> <java arguments...>" >&2; exit 2; }
        java=$2
        option=$(sh "$0" options "$java" "$3" 2>/dev/null || true)
        shift 3
        if [ -n "$option" ]; then exec "$java" "$option" "$@"; fi
        exec "$java" "$@"
        ;;
    *)
        sed -n '2,24p' "$0" | sed 's/^# \{0,1\}//' >&2
        exit 2
        ;;
esac
