#!/usr/bin/env bash
# Prints the degrade harness's tables: every built-in scenario variant recorded by the runtime,
# stripped to what each source records (adapter, _printChanges, Instruments legacy, the adapter
# with nested bodies), its causes inferred and compared with the recorded ones; per source and rule
# the precision (and that of the legacy import's own links), per source the coverage, the share of
# evaluations left unknown and every abstention, and each scenario's coverage.
# Fails when DegradeHarnessTests fails (a rule or the legacy links below 95 % precision, the
# adapter's shape below 90 % coverage). Runs the test (the tests built: swift build --build-tests), or, given the log
# of a `swift test` run that ran it, prints its tables from there (what .ci/run does).
#
#   scripts/degrade-report.sh [LOG]
set -euo pipefail
cd "$(dirname "$0")/.."
if (($#)); then
  log=$1
  grep -qE '(✔|✘|━) Suite "degrade harness"' "$log" || { echo "degrade-report: $log has no run of DegradeHarnessTests" >&2; exit 2; }
  status=0
  ! grep -qE '✘ Suite "degrade harness"' "$log" || status=1
else
  log=$(mktemp)
  trap 'rm -f "$log"' EXIT
  status=0
  swift test --skip-build --filter DegradeHarnessTests >"$log" 2>&1 || status=$?
fi
grep -E '^\|' "$log" || true
if [ "$status" -ne 0 ]; then
  grep -E '✘' "$log" >&2 || tail -20 "$log" >&2
  echo "degrade-report: DegradeHarnessTests failed (exit $status)" >&2
fi
exit "$status"
