#!/bin/bash
# Run once by the postgres image when its volume is new (/docker-entrypoint-initdb.d): the database's
# owner owns api-service's schema and runs its migrations (REPLICATION to make the outbox's slot);
# webhook_dispatcher_owner owns the dispatcher's schemas, which the dispatcher migrates at its start;
# each service gets a login role of its own, none of them superuser, seeing its own schema and the
# read contract it may read; each service's migrations grant their rights (docs/operations/README.md, "Who
# owns which table"). The image's own POSTGRES_USER stays the only superuser, used by nobody else.
set -euo pipefail
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" \
    -v owner_password="$DB_OWNER_PASSWORD" -v api_password="$API_SERVICE_DB_PASSWORD" \
    -v ingest_password="$ENQUIRY_INGEST_DB_PASSWORD" -v dispatcher_password="$WEBHOOK_DISPATCHER_DB_PASSWORD" \
    -v dispatcher_owner_password="$WEBHOOK_DISPATCHER_OWNER_DB_PASSWORD" <<'SQL'
create role owner_integration login replication password :'owner_password';
create role api_service login password :'api_password';
create role enquiry_ingest login replication password :'ingest_password';
create role webhook_dispatcher login password :'dispatcher_password';
create role webhook_dispatcher_owner login password :'dispatcher_owner_password';
alter database owner_integration owner to owner_integration;
grant create on database owner_integration to webhook_dispatcher_owner;
alter role api_service set search_path = public, dispatcher_read;
alter role webhook_dispatcher set search_path = dispatcher, api_read;
SQL
