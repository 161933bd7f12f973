#!/usr/bin/env bash
# Writes .env next to docker-compose.yml with a random value for each secret that docker compose
# refuses to start without (docs/operations/security.md, "Security"). Keeps the values already there: the
# database and the broker keep the passwords they were first started with.
#   dev/compose/secrets.sh && docker compose up --build -d
set -euo pipefail
cd "$(dirname "$0")/../.."
file=.env
touch "$file"
chmod 600 "$file"
random() { od -An -tx1 -N"$1" /dev/urandom | tr -d ' \n'; }
add() {
    grep -q "^$1=" "$file" || printf '%s=%s\n' "$1" "$2" >>"$file"
}
add ADMIN_API_KEY "$(random 24)"
add TLS_KEYSTORE_PASSWORD "$(random 18)"
add POSTGRES_PASSWORD "$(random 16)"
add DB_OWNER_PASSWORD "$(random 16)"
add API_SERVICE_DB_PASSWORD "$(random 16)"
add ENQUIRY_INGEST_DB_PASSWORD "$(random 16)"
add WEBHOOK_DISPATCHER_DB_PASSWORD "$(random 16)"
add WEBHOOK_DISPATCHER_OWNER_DB_PASSWORD "$(random 16)"
add KAFKA_ADMIN_PASSWORD "$(random 16)"
add KAFKA_API_SERVICE_PASSWORD "$(random 16)"
add KAFKA_ENQUIRY_INGEST_PASSWORD "$(random 16)"
add KAFKA_WEBHOOK_DISPATCHER_PASSWORD "$(random 16)"
add KAFKA_DOWNSTREAM_PASSWORD "$(random 16)"
add SECRETS_ENCRYPTION_KEYS "k1:$(head -c 32 /dev/urandom | base64 | tr -d '\n')"
echo "secrets in $file (readable by you only)"
