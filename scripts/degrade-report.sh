#!/usr/bin/env bash
# Prints the degrade harness's tables: every built-in scenario variant recorded by the runtime,
# stripped to what each source records (adapter, _printChanges, Instruments legacy, the adapter
# with nested bodies), its causes inferred and compared with the recorded ones; per source and rule
# the precision, per source the coverage and every abstention, and each scenario's coverage.
# Fails when DegradeHarnessTests fails (a rule below 95 % precision, the adapter's shape below
# 90 % coverage). Needs the tests built (swift build --build-tests).
#
#   scripts/degrade-report.sh
set -euo pipefail
cd "$(dirname "$0")/.."
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
swift test --skip-build --filter DegradeHarnessTests >"$log" 2>&1 || status=$?
grep -E '^\|' "$log" || true
if [ "$status" -ne 0 ]; then
  grep -E '✘' "$log" >&2 || tail -20 "$log" >&2
  echo "degrade-report: DegradeHarnessTests failed (exit $status)" >&2
fi
exit "$status"
