#!/usr/bin/env bash
# Checks the Kafka ACLs that dev/up.sh and docker-compose add (dev/lib/kafka-acls.sh): what each
# principal may do with them (check_acls.py), and that a bad team name is refused. Run by ops/test.sh.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
# shellcheck source=../../dev/lib/kafka-acls.sh
source ../../dev/lib/kafka-acls.sh
{
    kafka_stack_acls
    for team in crm crmeu analytics; do kafka_downstream_team_acls "$team"; done
} | python3 check_acls.py
for name in crm-eu Crm c "" downstream-crm 'crm x' "$(printf 'a%.0s' {1..31})"; do
    if kafka_downstream_team_acls "$name" >/dev/null 2>&1; then
        echo "FAIL: \"$name\" was taken as a team name" >&2
        exit 1
    fi
done
echo "team names: those that could overlap another team's group prefix are refused"
