# shellcheck shell=bash
# Finds a JDK of at least a given feature version (default 21) and exports it as JAVA_HOME.
#
#   source dev/lib/java.sh
#   dev_use_jdk [min_version]    # exports JAVA_HOME, puts $JAVA_HOME/bin first on PATH
#
# Order: JAVA_HOME if it is recent enough, then the `java` on PATH, then the newest JDK
# under /usr/lib/jvm. A JDK means a directory with bin/java and bin/javac. Fails (returns 1)
# with a message on stderr when none is found. Sourced by dev/up.sh and the CI script.

# Prints the feature version (8, 17, 21, 25, ...) of the JDK in $1; returns 1 if it is not a JDK.
dev_jdk_version() {
    local home=$1 version=""
    [[ -x $home/bin/java && -x $home/bin/javac ]] || return 1
    if [[ -r $home/release ]]; then
        version=$(sed -n 's/^JAVA_VERSION="\{0,1\}\([^"]*\)"\{0,1\}$/\1/p' "$home/release" | head -n 1)
    fi
    if [[ -z $version ]]; then
        version=$("$home/bin/java" -XshowSettings:properties -version 2>&1 |
            sed -n 's/^ *java\.specification\.version = //p' | head -n 1)
    fi
    version=${version#1.}        # 1.8.0_402 -> 8.0_402
    version=${version%%[._+-]*}  # 21.0.5 -> 21, 25-ea -> 25
    [[ $version =~ ^[0-9]+$ ]] || return 1
    printf '%s\n' "$version"
}

dev_use_jdk() {
    local min=${1:-21} home version best="" best_version=0 java_on_path
    local -a tried=()

    if [[ -n ${JAVA_HOME:-} ]]; then
        if version=$(dev_jdk_version "$JAVA_HOME") && ((version >= min)); then
            _dev_export_jdk "$JAVA_HOME"
            return 0
        fi
        tried+=("JAVA_HOME=$JAVA_HOME (${version:-not a JDK})")
    fi

    if java_on_path=$(command -v java 2>/dev/null); then
        home=$(readlink -f "$java_on_path")
        home=${home%/bin/java}
        if version=$(dev_jdk_version "$home") && ((version >= min)); then
            _dev_export_jdk "$home"
            return 0
        fi
        tried+=("java on PATH: $home (${version:-not a JDK})")
    fi

    for home in /usr/lib/jvm/*; do
        [[ -d $home ]] || continue
        home=$(readlink -f "$home")
        if version=$(dev_jdk_version "$home"); then
            if ((version >= min && version > best_version)); then
                best=$home
                best_version=$version
            fi
            tried+=("$home ($version)")
        fi
    done
    if [[ -n $best ]]; then
        _dev_export_jdk "$best"
        return 0
    fi

    {
        printf 'ERROR: no JDK %s or newer found. Looked at:\n' "$min"
        if ((${#tried[@]} > 0)); then printf '  - %s\n' "${tried[@]}"; else printf '  (nothing)\n'; fi
        printf 'Install a JDK %s or newer, or set JAVA_HOME to one.\n' "$min"
    } >&2
    return 1
}

_dev_export_jdk() {
    JAVA_HOME=$1
    export JAVA_HOME
    case $PATH in
        "$JAVA_HOME/bin:"*) ;;
        *) PATH="$JAVA_HOME/bin:$PATH" ;;
    esac
    export PATH
}
