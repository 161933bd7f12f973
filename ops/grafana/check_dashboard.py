#!/usr/bin/env python3
"""Checks ops/grafana/owner-integration.json: valid JSON, schemaVersion 39, every panel and query on
the ${DS_PROMETHEUS} input, and every metric that a dashboard query or an alert rule asks for is one
the services (or Prometheus itself) expose. Usage: check_dashboard.py <dashboard.json> [<rules.yml>...]
(ops/test.sh runs it)."""
import json
import re
import sys

# The Prometheus names the services expose (docs/OPERATIONS.md, section 6), and up from Prometheus.
METRICS = {
    "webhook_delivery_latency_seconds_bucket", "webhook_delivery_latency_seconds_count", "webhook_delivery_latency_seconds_sum",
    "webhook_delivery_attempts_total",
    "webhook_delivery_duration_seconds_bucket", "webhook_delivery_duration_seconds_count", "webhook_delivery_duration_seconds_sum",
    "webhook_delivery_dead_letters_total",
    "webhook_delivery_throttled_seconds_count", "webhook_delivery_throttled_seconds_sum",
    "webhook_deliveries_due", "webhook_deliveries_oldest_due_age_seconds",
    "webhook_lanes_in_flight", "webhook_lanes_queued", "webhook_lanes_owners", "webhook_lanes_owners_at_cap",
    "webhook_circuit_breakers_open",
    "enquiry_ingest_commit_to_publish_lag_seconds_bucket", "enquiry_ingest_commit_to_publish_lag_seconds_count",
    "enquiry_ingest_commit_to_publish_lag_seconds_sum",
    "enquiry_ingest_events_published_total", "enquiry_ingest_publish_failures_total", "enquiry_ingest_seconds_since_last_event",
    "http_server_requests_seconds_count", "http_server_requests_seconds_sum",
    "up",
}
KEYWORDS = {
    "by", "without", "on", "ignoring", "group_left", "group_right", "and", "or", "unless", "offset", "bool", "inf", "nan",
    "sum", "min", "max", "avg", "count", "stddev", "stdvar", "topk", "bottomk", "quantile", "count_values", "group",
}

def metric_names(expr):
    e = re.sub(r'"(?:[^"\\]|\\.)*"', '""', expr)          # string literals
    e = re.sub(r"\{[^}]*\}", "", e)                         # label matchers
    e = re.sub(r"\[[^\]]*\]", "", e)                        # ranges ($__rate_interval, 5m)
    e = re.sub(r"\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)", r"\1", e)  # label lists
    names = set()
    for m in re.finditer(r"(?<![\w:$.])([a-zA-Z_:][\w:]*)\b(\s*\()?", e):
        name, call = m.group(1), m.group(2)
        if call or name.lower() in KEYWORDS or re.fullmatch(r"\d+[smhdwy]", name):
            continue
        names.add(name)
    return names

def fail(msg):
    print("FAIL: " + msg, file=sys.stderr)
    sys.exit(1)

def main():
    path = sys.argv[1]
    with open(path) as f:
        dash = json.load(f)
    if dash.get("schemaVersion") != 39:
        fail(f"{path}: schemaVersion {dash.get('schemaVersion')}, expected 39")
    if not any(i.get("name") == "DS_PROMETHEUS" and i.get("pluginId") == "prometheus" for i in dash.get("__inputs", [])):
        fail(f"{path}: no __inputs entry DS_PROMETHEUS for a prometheus datasource")
    exprs = []
    panels = [p for p in dash["panels"]] + [c for p in dash["panels"] for c in p.get("panels", [])]
    for p in panels:
        if p.get("type") == "row":
            continue
        if p.get("datasource", {}).get("uid") != "${DS_PROMETHEUS}":
            fail(f"panel '{p.get('title')}': datasource is not ${{DS_PROMETHEUS}}")
        if not p.get("targets"):
            fail(f"panel '{p.get('title')}': no query")
        for t in p["targets"]:
            if t.get("datasource", {}).get("uid") != "${DS_PROMETHEUS}":
                fail(f"panel '{p.get('title')}' query {t.get('refId')}: datasource is not ${{DS_PROMETHEUS}}")
            exprs.append((f"panel '{p['title']}'", t["expr"]))
    ids = [p["id"] for p in panels]
    if len(ids) != len(set(ids)):
        fail(f"{path}: panel ids are not unique")
    for rules in sys.argv[2:]:
        # the rules' expressions: the block scalars after `expr: |`
        lines = open(rules).read().split("\n")
        i = 0
        while i < len(lines):
            m = re.match(r"^(\s*)expr:\s*(\|[-+]?)?\s*(.*)$", lines[i])
            if m:
                if m.group(2):
                    indent, body, i = None, [], i + 1
                    while i < len(lines) and (not lines[i].strip() or indent is None or lines[i].startswith(indent)):
                        if lines[i].strip() and indent is None:
                            indent = re.match(r"^\s*", lines[i]).group(0)
                            if len(indent) <= len(m.group(1)):
                                break
                        body.append(lines[i])
                        i += 1
                    exprs.append((rules, "\n".join(body)))
                    continue
                exprs.append((rules, m.group(3)))
            i += 1
    unknown = {}
    for where, expr in exprs:
        for name in metric_names(expr) - METRICS:
            unknown.setdefault(name, where)
    if unknown:
        fail("metrics the services do not expose: " + ", ".join(f"{n} ({w})" for n, w in sorted(unknown.items())))
    used = set().union(*(metric_names(e) for _, e in exprs))
    print(f"{path}: valid JSON, schemaVersion 39, {sum(p.get('type') != 'row' for p in panels)} panels; {len(exprs)} expressions "
          f"(dashboard and rules) ask for {len(used)} metrics, all exposed")

if __name__ == "__main__":
    main()
