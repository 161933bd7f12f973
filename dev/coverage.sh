#!/usr/bin/env bash
# The test coverage of the last `mvn verify`, one line per module and a total, from JaCoCo's reports
# (each module's target/site/jacoco/jacoco.csv; the report itself is index.html beside it).
set -euo pipefail
cd "$(dirname "$0")/.."

shopt -s nullglob
reports=(*/target/site/jacoco/jacoco.csv)
if ((${#reports[@]} == 0)); then
    echo "coverage: no JaCoCo report (run mvn verify first)" >&2
    exit 1
fi
awk -F, '
    function percent(covered, missed) { return covered + missed == 0 ? "-" : sprintf("%.1f%%", 100 * covered / (covered + missed)) }
    FNR == 1 { split(FILENAME, path, "/"); module = path[1]; modules[++n] = module; next }
    { lm[module] += $8; lc[module] += $9; bm[module] += $6; bc[module] += $7 }
    END {
        for (i = 1; i <= n; i++) {
            m = modules[i]
            printf "coverage: %-20s lines %7s  branches %7s\n", m, percent(lc[m], lm[m]), percent(bc[m], bm[m])
            tlm += lm[m]; tlc += lc[m]; tbm += bm[m]; tbc += bc[m]
        }
        printf "coverage: %-20s lines %7s  branches %7s  (%d of %d lines)\n", "all modules", percent(tlc, tlm), percent(tbc, tbm), tlc, tlc + tlm
    }' "${reports[@]}"
