"""Checks what the stack's Kafka ACLs allow (dev/lib/kafka-acls.sh), as the broker's StandardAuthorizer
decides: a matching DENY wins, else a matching ALLOW, else nothing. Reads the ACL lines (the arguments
of `kafka-acls.sh --add`) on stdin, for the services, the shared `downstream` principal and the teams
`crm`, `crmeu` and `analytics`, and asserts that no team can read or commit (Read), nor see (Describe),
another's consumer groups or the shared principal's, that the shared principal cannot touch the teams'
groups, and that the teams read only the downstream topics."""
import sys

IMPLIES = {"Describe": {"Read", "Write", "Delete", "Alter"}, "DescribeConfigs": {"AlterConfigs"}}


def parse(line):
    words, acl, i = line.split(), {"ops": set(), "resources": [], "prefixed": False}, 0
    while i < len(words):
        word = words[i]
        if word in ("--allow-principal", "--deny-principal"):
            acl["permission"], acl["principal"] = word.split("-")[2], words[i + 1].removeprefix("User:")
        elif word == "--operation":
            acl["ops"].add(words[i + 1])
        elif word in ("--topic", "--group"):
            acl["resources"].append((word[2:], words[i + 1]))
        elif word == "--resource-pattern-type":
            acl["prefixed"] = words[i + 1] == "prefixed"
        else:
            sys.exit(f"FAIL: unknown argument {word} in: {line}")
        i += 2
    return acl


def matches(acl, principal, op, kind, name):
    if acl["principal"] != principal:
        return False
    if not ("All" in acl["ops"] or op in acl["ops"] or acl["ops"] & IMPLIES.get(op, set())):
        return False
    return any(k == kind and (name.startswith(n) if acl["prefixed"] else n in (name, "*")) for k, n in acl["resources"])


def allowed(acls, principal, op, kind, name):
    found = [acl for acl in acls if matches(acl, principal, op, kind, name)]
    return not any(a["permission"] == "deny" for a in found) and any(a["permission"] == "allow" for a in found)


acls = [parse(line) for line in sys.stdin.read().splitlines() if line.strip()]
failures, checks = [], 0


def expect(outcome, principal, op, kind, name):
    global checks
    checks += 1
    if allowed(acls, principal, op, kind, name) != outcome:
        failures.append(f"{principal} {op} {kind} {name}: expected {'allowed' if outcome else 'refused'}")


teams = ["crm", "crmeu", "analytics"]
groups = {team: f"downstream-{team}-orders" for team in teams}
groups["downstream"] = "downstream-console"
for team in teams:
    principal = f"downstream-{team}"
    for owner, group in groups.items():
        own = owner == team
        expect(own, principal, "Read", "group", group)  # join, commit, reset offsets
        expect(own, principal, "Describe", "group", group)
        expect(False, principal, "Delete", "group", group)
    for group in ("webhook-dispatcher", "api-service", "downstream-", "downstream-crm"):
        expect(False, principal, "Read", "group", group)
    for topic in ("enquiry.created", "enquiry.erased", "webhook.operational"):
        expect(True, principal, "Read", "topic", topic)
        expect(False, principal, "Write", "topic", topic)
    for topic in ("delivery.commands", "webhook.deliveries", "enquiry-ingest.offsets"):
        expect(False, principal, "Read", "topic", topic)
for team in teams:
    expect(False, "downstream", "Read", "group", groups[team])
    expect(False, "downstream", "Describe", "group", groups[team])
expect(True, "downstream", "Read", "group", "downstream-console")
expect(True, "downstream", "Read", "topic", "webhook.operational")
expect(True, "downstream", "Read", "topic", "enquiry.erased")
expect(False, "downstream", "Write", "topic", "enquiry.erased")
expect(True, "enquiry-ingest", "Write", "topic", "enquiry.erased")
expect(True, "webhook-dispatcher", "Read", "topic", "enquiry.erased")
expect(False, "webhook-dispatcher", "Write", "topic", "enquiry.erased")
expect(False, "api-service", "Read", "topic", "enquiry.erased")
expect(False, "downstream", "Read", "topic", "delivery.commands")
expect(True, "webhook-dispatcher", "Read", "group", "webhook-dispatcher.deliveries-retries")
expect(True, "api-service", "Read", "group", "api-service")

if failures:
    sys.exit("FAIL:\n  " + "\n  ".join(failures))
print(f"{checks} authorization checks over {len(acls)} ACLs: each team reads only its own groups")
