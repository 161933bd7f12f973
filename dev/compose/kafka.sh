#!/bin/bash
# The broker of docker-compose.yml (image apache/kafka), as dev/up.sh runs it, from the same template
# (dev/kafka/broker.properties, mounted beside this script with dev/lib/kafka-config.sh): clients
# authenticate with SCRAM-SHA-512, whose credentials are made when the storage is first formatted; the
# controller listener takes the admin only (PLAIN); ACLs decide what each principal may do
# (docs/operations/README.md, "Security"). The ACLs (dev/lib/kafka-acls.sh, mounted beside this script)
# are added once the broker answers, from the background, with api-service's SCRAM credential, which a
# volume formatted before api-service had a principal lacks, and the downstream teams' principals:
# KAFKA_DOWNSTREAM_TEAMS lists them as team:password pairs separated by commas, each becoming
# downstream-<team> with the groups downstream-<team>-* of its own (docs/operations/deploying.md 1.3).
set -euo pipefail
# shellcheck source=../lib/kafka-acls.sh
source /compose/kafka-acls.sh
# shellcheck source=../lib/kafka-config.sh
source /compose/kafka-config.sh
: "${KAFKA_ADMIN_PASSWORD:?}" "${KAFKA_API_SERVICE_PASSWORD:?}" "${KAFKA_ENQUIRY_INGEST_PASSWORD:?}" "${KAFKA_WEBHOOK_DISPATCHER_PASSWORD:?}" "${KAFKA_DOWNSTREAM_PASSWORD:?}"
config=/tmp/server.properties admin=/tmp/admin.properties data=/var/lib/kafka/data
bin=/opt/kafka/bin
# the broker's settings and the admin's, from the templates dev/up.sh uses too (dev/kafka/*.properties):
# listening on every interface, reached by the other containers as kafka:9092
KAFKA_LISTEN_HOST="" KAFKA_ADVERTISED_HOST=kafka KAFKA_PORT=9092 KAFKA_CONTROLLER_PORT=9093 KAFKA_DATA_DIR=$data \
    kafka_render_template /compose/broker.properties >"$config"
kafka_render_template /compose/admin.properties >"$admin"
if [[ ! -f $data/meta.properties ]]; then
    "$bin/kafka-storage.sh" format -t "${CLUSTER_ID:?}" -c "$config" \
        --add-scram "SCRAM-SHA-512=[name=admin,password=$KAFKA_ADMIN_PASSWORD]" \
        --add-scram "SCRAM-SHA-512=[name=api-service,password=$KAFKA_API_SERVICE_PASSWORD]" \
        --add-scram "SCRAM-SHA-512=[name=enquiry-ingest,password=$KAFKA_ENQUIRY_INGEST_PASSWORD]" \
        --add-scram "SCRAM-SHA-512=[name=webhook-dispatcher,password=$KAFKA_WEBHOOK_DISPATCHER_PASSWORD]" \
        --add-scram "SCRAM-SHA-512=[name=downstream,password=$KAFKA_DOWNSTREAM_PASSWORD]"
fi
acl() { KAFKA_HEAP_OPTS=-Xmx64m "$bin/kafka-acls.sh" --bootstrap-server localhost:9092 --command-config "$admin" --add --force "$@" >/dev/null; }
add_acls() {
    until KAFKA_HEAP_OPTS=-Xmx64m "$bin/kafka-topics.sh" --bootstrap-server localhost:9092 --command-config "$admin" --list >/dev/null 2>&1; do sleep 2; done
    KAFKA_HEAP_OPTS=-Xmx64m "$bin/kafka-configs.sh" --bootstrap-server localhost:9092 --command-config "$admin" \
        --alter --entity-type users --entity-name api-service \
        --add-config "SCRAM-SHA-512=[password=$KAFKA_API_SERVICE_PASSWORD]" >/dev/null
    local line args pair team pairs
    while IFS= read -r line; do
        read -r -a args <<<"$line"
        acl "${args[@]}"
    done < <(kafka_stack_acls)
    IFS=, read -r -a pairs <<<"${KAFKA_DOWNSTREAM_TEAMS:-}"
    for pair in "${pairs[@]}"; do
        team=${pair%%:*}
        [[ $pair == *:?* ]] || { echo "kafka.sh: KAFKA_DOWNSTREAM_TEAMS: \"$team\" has no password (team:password)" >&2; exit 1; }
        kafka_downstream_team_valid "$team" || { echo "kafka.sh: KAFKA_DOWNSTREAM_TEAMS: \"$team\" is not a team name" >&2; exit 1; }
        KAFKA_HEAP_OPTS=-Xmx64m "$bin/kafka-configs.sh" --bootstrap-server localhost:9092 --command-config "$admin" \
            --alter --entity-type users --entity-name "downstream-$team" \
            --add-config "SCRAM-SHA-512=[password=${pair#*:}]" >/dev/null
        while IFS= read -r line; do
            read -r -a args <<<"$line"
            acl "${args[@]}"
        done < <(kafka_downstream_team_acls "$team")
    done
    touch /tmp/acls-ready
    echo "kafka.sh: ACLs in place"
}
add_acls &
exec "$bin/kafka-server-start.sh" "$config"
