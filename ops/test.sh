#!/usr/bin/env bash
# Checks the Kafka ACLs of the local stack and compose (ops/kafka/test_acls.sh: no downstream team
# reaches another's consumer groups) and the broker settings both write from one template
# (ops/kafka/test_broker_config.sh), the Prometheus alert rules under ops/prometheus/ (promtool check
# rules) and runs their unit tests (promtool test rules), then checks that the Grafana dashboard is
# valid JSON and asks only for the services' metrics. Installs Debian's prometheus package (it holds promtool) when
# promtool is missing and this runs as root with apt; see ops/README.md.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"

echo "== Kafka ACLs"
kafka/test_acls.sh

echo "== Kafka broker settings"
kafka/test_broker_config.sh

if ! command -v promtool >/dev/null 2>&1; then
    if ((EUID == 0)) && command -v apt-get >/dev/null 2>&1; then
        echo "promtool is missing: installing Debian's prometheus package"
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends prometheus >/dev/null
    fi
    command -v promtool >/dev/null 2>&1 || {
        echo "promtool is needed: apt-get install prometheus (Debian/Ubuntu), or put promtool from a Prometheus release on PATH" >&2
        exit 1
    }
fi
promtool --version 2>&1 | head -n 1

echo "== promtool check rules"
promtool check rules prometheus/alerts.yml

echo "== promtool test rules"
promtool test rules prometheus/alerts.test.yml

echo "== dashboard"
python3 grafana/check_dashboard.py grafana/owner-integration.json prometheus/alerts.yml

echo "== runbook links"
# every runbook_url names a heading (its GitHub anchor) of the page of docs/operations/ it points at
python3 - prometheus/alerts.yml ../docs/operations <<'PY'
import os, re, sys
rules, pages = open(sys.argv[1]).read(), sys.argv[2]
def slug(h):
    h = re.sub(r"[^\w\- ]", "", h.strip().lower())
    return h.replace(" ", "-")
urls = re.findall(r'runbook_url:\s*"docs/operations/([\w\-]+\.md)#([^"]+)"', rules)
alerts = re.findall(r"^\s*-\s*alert:\s*(\S+)", rules, re.M)
if len(urls) != len(alerts):
    sys.exit(f"FAIL: {len(alerts)} rules but {len(urls)} runbook_url annotations in docs/operations/")
missing = []
for page, anchor in urls:
    path = os.path.join(pages, page)
    doc = open(path).read() if os.path.exists(path) else ""
    if anchor not in {slug(m) for m in re.findall(r"^#+\s+(.*)$", doc, re.M)}:
        missing.append(page + "#" + anchor)
if missing:
    sys.exit("FAIL: runbook links without a heading in docs/operations/: " + ", ".join(sorted(set(missing))))
print(f"{len(urls)} runbook_url annotations, each a heading of its page in docs/operations/")
PY
