#!/bin/bash
# Run once by the postgres image when its volume is new (/docker-entrypoint-initdb.d): the schema's
# owner (runs api-service's migrations; REPLICATION to make the outbox's slot) owns the database, and
# each service gets a login role of its own, none of them superuser; the migrations grant their
# rights (V15). The image's own POSTGRES_USER stays the only superuser, used by nobody else.
set -euo pipefail
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" \
    -v owner_password="$DB_OWNER_PASSWORD" -v api_password="$API_SERVICE_DB_PASSWORD" \
    -v ingest_password="$ENQUIRY_INGEST_DB_PASSWORD" -v dispatcher_password="$WEBHOOK_DISPATCHER_DB_PASSWORD" <<'SQL'
create role owner_integration login replication password :'owner_password';
create role api_service login password :'api_password';
create role enquiry_ingest login replication password :'ingest_password';
create role webhook_dispatcher login password :'dispatcher_password';
alter database owner_integration owner to owner_integration;
SQL
