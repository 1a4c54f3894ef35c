#!/usr/bin/env bash
# The Xcode-project path: gating an app that has no Package.swift (so no `swift package` verbs) on
# its redraws, with tracectl's prebuilt binary (the artifact bundle's, see
# scripts/build-artifactbundle.sh) and the app's UI tests under Instruments.
#
#   scripts/ci-xcode-project.sh record             [needs a Mac]
#   scripts/ci-xcode-project.sh import EXPORT...   [checked on Linux]
#   scripts/ci-xcode-project.sh gate               [checked on Linux]
#   scripts/ci-xcode-project.sh self-test          [checked on Linux: import and gate on a fixture]
#
# record: builds the UI tests once (`xcodebuild build-for-testing`), then RUNS times records
#   `xcodebuild test-without-building` under the legacy View Body and View Properties instruments
#   (the new SwiftUI instrument records nothing on the simulator; InstrumentsImport.md) and imports
#   each recording (`tracectl import run-N.trace`, which runs `xcrun xctrace export`) into
#   $OUT/run-N.jsonl.
# import: the same import from directories `xctrace export` wrote on a Mac (InstrumentsImport.md
#   lists the commands), into $OUT/run-N.jsonl, N counting on from the runs already there.
# gate: `tracectl check` of every $OUT/run-*.jsonl against $BUDGET, each $BASE_RUNS/run-*.jsonl a
#   --baseline run (several base runs: check compares times run by run; ComparingTimes.md), with
#   --github (annotations, the job summary's table), --summary $OUT/summary.md (the pull-request
#   comment) and --junit $OUT/budget.xml. Exit status: check's (0 pass, 1 a rule failed, 2 bad
#   input). Keep $OUT's runs as the artifact the next pull request's BASE_RUNS are (the workflow
#   .github/workflows/redraws-xcode.yml does, on the main branch).
#
# Environment: TRACECTL (default: tracectl on PATH), OUT (default: tracer-runs), BUDGET (default:
# redraws.json), BASE_RUNS (a directory; none: no baseline), RUNS (default: 3); for record also
# PROJECT (App.xcodeproj), SCHEME (its UI-test scheme), DESTINATION (default: an iPhone 16 simulator).
set -euo pipefail
tracectl=${TRACECTL:-tracectl}
out=${OUT:-tracer-runs}
budget=${BUDGET:-redraws.json}
runs=${RUNS:-3}

# next_run: the path of the next run's trace in $out (run-1.jsonl, run-2.jsonl, …).
next_run() {
  local n=1
  while [ -e "$out/run-$n.jsonl" ]; do n=$((n + 1)); done
  echo "$out/run-$n.jsonl"
}

record() {
  : "${PROJECT:?PROJECT names the .xcodeproj}" "${SCHEME:?SCHEME names the UI-test scheme}"
  local destination=${DESTINATION:-platform=iOS Simulator,name=iPhone 16} n trace
  mkdir -p "$out"
  xcodebuild build-for-testing -project "$PROJECT" -scheme "$SCHEME" -destination "$destination" -derivedDataPath build/xcode -quiet
  for n in $(seq "$runs"); do
    trace=$out/run-$n.trace
    # NB: the legacy instruments see every process on the simulator host; the import keeps the
    # recording's target process (InstrumentsImport.md).
    xcrun xctrace record --instrument 'View Body (Legacy)' --instrument 'View Properties (Legacy)' \
      --all-processes --time-limit 600s --output "$trace" &
    local recorder=$!
    sleep 5
    xcodebuild test-without-building -project "$PROJECT" -scheme "$SCHEME" -destination "$destination" -derivedDataPath build/xcode -quiet
    kill -INT "$recorder"
    wait "$recorder"
    "$tracectl" import "$trace" --variant "run-$n" -o "$(next_run)"
  done
}

import_exports() {
  local directory
  mkdir -p "$out"
  for directory in "$@"; do "$tracectl" import "$directory" --from xctrace -o "$(next_run)"; done
}

gate() {
  local baselines=() run
  if [ -n "${BASE_RUNS:-}" ]; then
    for run in "$BASE_RUNS"/run-*.jsonl; do [ -e "$run" ] && baselines+=(--baseline "$run"); done
  fi
  "$tracectl" check "$out"/run-*.jsonl --budget "$budget" "${baselines[@]}" --github --summary "$out/summary.md" --junit "$out/budget.xml"
}

# self-test: three imports of the fixture export as this branch's runs, three as the base's, a
# budget written from the first with 10% headroom: the gate passes with three baseline runs and the
# summary, JUnit and job summary are written; a budget with less than the figures fails it (exit 1).
self_test() {
  local root work status=0
  root=$(cd "$(dirname "$0")/.." && pwd)
  work=$(mktemp -d)
  trap 'rm -rf "$work"' RETURN
  local fixture=$root/Fixtures/Imports/xctrace/legacy-simulator
  OUT=$work/base "$0" import "$fixture" "$fixture" "$fixture" 2>/dev/null
  OUT=$work/head "$0" import "$fixture" "$fixture" "$fixture" 2>/dev/null
  "$tracectl" check --write-budget "$work/budget.json" "$work/head/run-1.jsonl" --headroom 10% 2>/dev/null
  GITHUB_STEP_SUMMARY=$work/step-summary.md OUT=$work/head BASE_RUNS=$work/base BUDGET=$work/budget.json "$0" gate >"$work/gate.txt" 2>&1 \
    || { cat "$work/gate.txt"; echo "ci-xcode-project: the gate failed on identical runs"; return 1; }
  test -s "$work/head/summary.md" && test -s "$work/head/budget.xml" && test -s "$work/step-summary.md"
  python3 - "$work/budget.json" <<'PY'
import json, sys
path = sys.argv[1]
budget = json.load(open(path))
for rule in budget["rules"]:
    if isinstance(rule.get("max"), (int, float)) and rule["max"] > 0:
        rule["max"] = 0
        break
json.dump(budget, open(path, "w"))
PY
  GITHUB_STEP_SUMMARY=$work/step-summary.md OUT=$work/head BASE_RUNS=$work/base BUDGET=$work/budget.json "$0" gate >"$work/gate.txt" 2>&1 || status=$?
  [ "$status" -eq 1 ] || { cat "$work/gate.txt"; echo "ci-xcode-project: a budget below the figures exited $status, not 1"; return 1; }
  echo "ci-xcode-project: self-test ok (import of 6 exports, gate over 3 runs against 3 base runs: pass, then fail with exit 1)"
}

case ${1:-} in
  record) record ;;
  import) shift; import_exports "$@" ;;
  gate) gate ;;
  self-test) self_test ;;
  *) sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//' >&2; exit 2 ;;
esac
