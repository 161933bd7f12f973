#!/bin/sh
# Seeds the demo owner, property and token of the docker-compose stack through the internal API,
# and prints the token. Run by the `seed` service of docker-compose.yml (image curlimages/curl),
# once api-service is ready. A second run finds the owner already there (409) and says so.
#
# Environment: API_URL (https://api-service:8443), ADMIN_API_KEY, CA_CERT (the stack's certificate).
set -eu

API_URL=${API_URL:-https://api-service:8443}
CA_CERT=${CA_CERT:-/tls/ca.pem}
: "${ADMIN_API_KEY:?ADMIN_API_KEY is not set}"

# POST <path> <json>: prints the response body, then a last line with the HTTP status.
post() {
    curl -sS -m 30 --cacert "$CA_CERT" -w '\n%{http_code}' \
        -H "X-Admin-Key: $ADMIN_API_KEY" -H 'Content-Type: application/json' \
        -X POST --data "$2" "$API_URL/internal/v1$1"
}

# Value of the top-level string field <key> of a flat JSON object.
json_field() {
    printf '%s\n' "$1" | grep -oE "\"$2\"[[:space:]]*:[[:space:]]*\"[^\"]*\"" | head -n 1 |
        sed -E 's/^"[^"]*"[[:space:]]*:[[:space:]]*"(.*)"$/\1/'
}

# Runs POST <path> <json>, expects 201, sets $body.
expect_created() {
    response=$(post "$1" "$2") || { echo "seed: POST /internal/v1$1 failed" >&2; exit 1; }
    status=$(printf '%s\n' "$response" | tail -n 1)
    body=$(printf '%s\n' "$response" | sed '$d')
    if [ "$status" != 201 ]; then
        echo "seed: POST /internal/v1$1 answered $status: $body" >&2
        exit 1
    fi
}

response=$(post /owners '{"email":"demo-owner@example.com"}') || { echo "seed: POST /internal/v1/owners failed" >&2; exit 1; }
status=$(printf '%s\n' "$response" | tail -n 1)
body=$(printf '%s\n' "$response" | sed '$d')
if [ "$status" = 409 ]; then
    echo "seed: the demo owner demo-owner@example.com already exists: nothing to do."
    echo "seed: its token was printed when the stack was first seeded (earlier in 'docker compose logs seed');"
    echo "seed: to seed afresh, 'docker compose down -v' deletes the data."
    exit 0
fi
if [ "$status" != 201 ]; then
    echo "seed: POST /internal/v1/owners answered $status: $body" >&2
    exit 1
fi
owner_id=$(json_field "$body" id)
[ -n "$owner_id" ] || { echo "seed: no id in the answer to POST /owners: $body" >&2; exit 1; }

expect_created "/owners/$owner_id/properties" \
    '{"title":"Seaview Cottage","location":"St Ives, Cornwall","url_slug":"seaview-cottage","unique_code":"SEA-001"}'
property_id=$(json_field "$body" id)
[ -n "$property_id" ] || { echo "seed: no id in the answer to POST /owners/$owner_id/properties: $body" >&2; exit 1; }

expect_created "/owners/$owner_id/tokens" '{"name":"demo"}'
token=$(json_field "$body" token)
[ -n "$token" ] || { echo "seed: no token in the answer to POST /owners/$owner_id/tokens" >&2; exit 1; }

echo "seed: demo data created (shown once: keep the token)"
echo "DEMO_OWNER_ID=$owner_id"
echo "DEMO_PROPERTY_ID=$property_id"
echo "DEMO_TOKEN=$token"
