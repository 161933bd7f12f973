#!/usr/bin/env bash
# Runs every test of the build (unit tests and integration tests on real PostgreSQL) with a
# JDK 21 or newer, found the same way dev/up.sh finds it. Extra arguments go to Maven.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=dev/lib/java.sh
source dev/lib/java.sh
dev_use_jdk 21
exec mvn -B verify "$@"
