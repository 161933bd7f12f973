#!/usr/bin/env bash
# Checks the broker settings that dev/up.sh (its launcher, dev-stack) and docker-compose's
# dev/compose/kafka.sh write from the one template (dev/kafka/broker.properties and admin.properties,
# dev/lib/kafka-config.sh): each caller's own code runs here on a temporary directory, nothing
# started. Both files are complete (no placeholder left, no setting twice), differ only in the
# addresses and the data directory, keep the admin's password as it is, and a placeholder without its
# variable fails. Run by ops/test.sh.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
# shellcheck source=dev/lib/kafka-config.sh
source dev/lib/kafka-config.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
# characters that a careless substitution (sed's & and \1, a second expansion's $) would change
# shellcheck disable=SC2016 # a placeholder in the password, on purpose
password='pa&ss\1/w"o$rd ${X}'

# dev/up.sh: the launcher's BrokerSettings (module dev-stack), compiled alone from its sources (it needs
# only the JDK and the launcher's core) and run on a checkout whose dev/ is this one's; its files are
# those of <checkout>/.dev/kafka
# shellcheck source=dev/lib/java.sh
source dev/lib/java.sh
dev_use_jdk 21 >/dev/null
sources=dev-stack/src/main/java
"$JAVA_HOME/bin/javac" -d "$tmp/classes" --source-path "$sources" \
    "$sources/com/holidaylistings/integration/devstack/kafka/BrokerSettings.java" ||
    fail "the launcher's BrokerSettings does not compile alone"
mkdir -p "$tmp/checkout"
ln -s "$PWD/dev" "$tmp/checkout/dev"
KAFKA_ADMIN_PASSWORD=$password "$JAVA_HOME/bin/java" -cp "$tmp/classes" \
    com.holidaylistings.integration.devstack.kafka.BrokerSettings "$tmp/checkout" 19092 19093 ||
    fail "the launcher's BrokerSettings failed"
ln -s "$tmp/checkout/.dev/kafka" "$tmp/up"
# dev/compose/kafka.sh: its lines from config= to the admin's file, the mounted /compose/ files read
# from the repository and the files written under $tmp
mkdir -p "$tmp/compose"
lines=$(sed -n '/^config=/,/^kafka_render_template .*admin/p' dev/compose/kafka.sh)
[[ $lines == *kafka_render_template* ]] || fail "dev/compose/kafka.sh writes no settings with kafka_render_template"
lines=${lines//\/compose\/broker.properties/dev/kafka/broker.properties}
lines=${lines//\/compose\/admin.properties/dev/kafka/admin.properties}
lines=${lines//=\/tmp\//=$tmp/compose/}
(
    # shellcheck disable=SC2034 # read by the lines of kafka.sh
    KAFKA_ADMIN_PASSWORD=$password
    eval "$lines"
)

settings() { grep -v '^#' "$1" | sort; }
for file in "$tmp"/{up,compose}/{server,admin}.properties; do
    [[ -s $file ]] || fail "${file#"$tmp"/} was not written"
    ! grep -n '[$][{][A-Za-z_]' "$file" | grep -v '^[0-9]*:#' | grep -vF "$password" ||
        fail "${file#"$tmp"/} keeps a placeholder"
    dup=$(settings "$file" | cut -d= -f1 | uniq -d)
    [[ -z $dup ]] || fail "${file#"$tmp"/} sets $dup twice"
done
expected_up="advertised.listeners=SASL_PLAINTEXT://127.0.0.1:19092
controller.quorum.voters=1@127.0.0.1:19093
listeners=SASL_PLAINTEXT://127.0.0.1:19092,CONTROLLER://127.0.0.1:19093
log.dirs=$tmp/checkout/.dev/kafka/data"
expected_compose="advertised.listeners=SASL_PLAINTEXT://kafka:9092
controller.quorum.voters=1@kafka:9093
listeners=SASL_PLAINTEXT://:9092,CONTROLLER://:9093
log.dirs=/var/lib/kafka/data"
differing='^(advertised\.listeners|controller\.quorum\.voters|listeners|log\.dirs)='
[[ $(settings "$tmp/up/server.properties" | grep -E "$differing") == "$expected_up" ]] ||
    fail "dev/up.sh's addresses or data directory: $(settings "$tmp/up/server.properties" | grep -E "$differing")"
[[ $(settings "$tmp/compose/server.properties" | grep -E "$differing") == "$expected_compose" ]] ||
    fail "compose's addresses or data directory: $(settings "$tmp/compose/server.properties" | grep -E "$differing")"
diff <(settings "$tmp/up/server.properties" | grep -vE "$differing") \
    <(settings "$tmp/compose/server.properties" | grep -vE "$differing") >&2 ||
    fail "the two brokers' other settings differ"
diff "$tmp/up/admin.properties" "$tmp/compose/admin.properties" >&2 || fail "the admin's settings differ"
for file in "$tmp"/{up,compose}/{server,admin}.properties; do
    grep -qF "password=\"$password\";" "$file" || fail "${file#"$tmp"/} changed the admin's password"
done
[[ $(grep -cF "user_admin=\"$password\"" "$tmp/up/server.properties") == 1 ]] || fail "the controller's admin password"
# the launcher finds a running broker's port in its file so (LocalKafka's ADVERTISED_PORT)
port=$(sed -n 's/^advertised.listeners=SASL_PLAINTEXT:\/\/127.0.0.1:\([0-9]*\)$/\1/p' "$tmp/up/server.properties")
[[ $port == 19092 ]] || fail "dev/up.sh would not find the port in advertised.listeners (got \"$port\")"
stat -c '%a' "$tmp/up/server.properties" "$tmp/up/admin.properties" | grep -qvx 600 &&
    fail "dev/up.sh's files holding the admin's password are readable by others"
# a placeholder whose variable is not set fails, naming it
# shellcheck disable=SC2016 # a placeholder, on purpose
printf 'a=${KAFKA_NOT_SET_ANYWHERE}\n' >"$tmp/missing.properties"
if message=$(kafka_render_template "$tmp/missing.properties" 2>&1 >/dev/null); then
    fail "a placeholder without its variable was rendered"
fi
[[ $message == *KAFKA_NOT_SET_ANYWHERE* ]] || fail "the failure does not name the variable: $message"
echo "broker settings: dev/up.sh's and compose's differ only in addresses and data directory"
