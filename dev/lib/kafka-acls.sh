# shellcheck shell=bash
# The Kafka ACLs of the stack, one ACL a line, each line the arguments that follow
# `kafka-acls.sh --add --force` (AclCommand): dev/up.sh and docker-compose's dev/compose/kafka.sh
# both add these, and ops/test.sh checks what they allow (docs/operations/deploying.md 1.3 and 5.0). No
# argument holds a space, so a line splits into its arguments on blanks.

# Topics that downstream teams may read: the enquiries, their guests' erasures (ids only: a team that
# keeps enquiries erases them too) and the dispatcher's findings about hooks (whose target URLs carry
# scheme, host and path only), never delivery.commands or webhook.deliveries.
KAFKA_DOWNSTREAM_TOPICS=(enquiry.created enquiry.erased webhook.operational)

# The services' ACLs, and the shared `downstream` principal's: read the downstream topics with
# groups named downstream-*, except a team's own groups (kafka_downstream_team_acls denies those).
kafka_stack_acls() {
    local writer="--operation Read --operation Write --operation Describe --operation Create --operation DescribeConfigs --operation Alter --operation AlterConfigs"
    local topic topics=""
    for topic in "${KAFKA_DOWNSTREAM_TOPICS[@]}"; do topics+=" --topic $topic"; done
    cat <<ACLS
--allow-principal User:enquiry-ingest $writer --topic enquiry.created --topic enquiry.erased --topic delivery.commands --topic enquiry-ingest.offsets
--allow-principal User:webhook-dispatcher $writer --topic webhook. --resource-pattern-type prefixed
--allow-principal User:webhook-dispatcher --operation Read --operation Describe --topic enquiry.created --topic enquiry.erased --topic delivery.commands
--allow-principal User:webhook-dispatcher --operation Read --operation Describe --group webhook-dispatcher --resource-pattern-type prefixed
--allow-principal User:api-service --operation Read --operation Describe --topic webhook.operational
--allow-principal User:api-service --operation Read --operation Describe --group api-service --resource-pattern-type prefixed
--allow-principal User:downstream --operation Read --operation Describe$topics
--allow-principal User:downstream --operation Read --operation Describe --group downstream- --resource-pattern-type prefixed
ACLS
}

# A team's name: lower-case letters and digits only, 2 to 30 of them, so that one team's group
# prefix (downstream-<team>-) is never the start of another's.
kafka_downstream_team_valid() {
    [[ $1 =~ ^[a-z][a-z0-9]{1,29}$ ]]
}

# The ACLs of the team principal downstream-<team>: it reads the downstream topics with the groups
# named downstream-<team>-* and no others; the shared `downstream` principal is denied those groups
# (a deny wins over its downstream-* allow), so nobody but the team moves the team's offsets.
kafka_downstream_team_acls() {
    local team=$1 topic topics=""
    kafka_downstream_team_valid "$team" || {
        printf 'not a team name: "%s" (lower-case letters and digits, 2 to 30, starting with a letter)\n' "$team" >&2
        return 1
    }
    for topic in "${KAFKA_DOWNSTREAM_TOPICS[@]}"; do topics+=" --topic $topic"; done
    cat <<ACLS
--allow-principal User:downstream-$team --operation Read --operation Describe$topics
--allow-principal User:downstream-$team --operation Read --operation Describe --group downstream-$team- --resource-pattern-type prefixed
--deny-principal User:downstream --operation All --group downstream-$team- --resource-pattern-type prefixed
ACLS
}
