#!/usr/bin/env bash
# Prints a fresh owner-portal link for the local stack's demo owner (or the owner id given), from
# the internal API, as the listing site's back end asks for one. The link works once, for 10
# minutes; opening it starts a one-hour session. Needs a running stack (dev/up.sh).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

usage() {
    cat <<'EOF_USAGE'
Usage: dev/portal-link.sh [ownerId]
Prints a one-time owner-portal link (valid 10 minutes) for the demo owner of the local stack,
or for the given owner.
EOF_USAGE
}

case ${1:-} in
    -h | --help) usage && exit 0 ;;
esac
[[ -r .dev/stack.env ]] || { echo "no .dev/stack.env: start the local stack with dev/up.sh first" >&2; exit 1; }
# shellcheck disable=SC1091
source .dev/stack.env
owner=${1:-${DEMO_OWNER_ID:-}}
[[ -n $owner ]] || { echo "no demo owner in .dev/stack.env; give an owner id" >&2; exit 1; }

response=$(curl -sS -m 30 --cacert "$CA_CERT" -w '\n%{http_code}' -X POST \
    -H "X-Admin-Key: $ADMIN_API_KEY" "$INTERNAL_BASE_URL/owners/$owner/portal-sessions")
status=${response##*$'\n'}
body=${response%$'\n'*}
if [[ $status != 201 ]]; then
    echo "POST $INTERNAL_BASE_URL/owners/$owner/portal-sessions answered $status: $body" >&2
    exit 1
fi
url=$(sed -E 's/.*"url"[[:space:]]*:[[:space:]]*"([^"]+)".*/\1/' <<<"$body")
printf '%s\n' "$url"
