#!/usr/bin/env bash
# Compiles TracerSwiftUI and Examples/SwiftUIScrollOffset against the stand-in SwiftUI and Combine
# modules (Tests/SwiftUIStandIn) and runs the adapter's tests (TracerTesting's assertions on the adapter too): recording into TRACER_OUTPUT, once
# without values and once with TRACER_VALUES=1, then with it unset (with the check of TracerSwiftUI's
# public API against Tests/TraceAnalysisTests/Golden/public-api/TracerSwiftUI.txt).
# The adapter, the example and the tests compile in Swift 6 mode with every
# warning an error; the stand-ins in the Swift 5 mode Apple builds SwiftUI and Combine in. SwiftUI
# does not exist on Linux; this proves the adapter compiles against Apple's documented signatures
# (isolation, Sendable, closure types) and that its own logic is right, nothing about SwiftUI's updates.
# Then the example is built for Release, where it leaves Tracer out (TracerSwiftUI.docc, "Leaving Tracer out of
# a Release build"): `nm` shows its object files reference no Tracer symbol but @TracedViewStorage's.
# On the recorded trace, `tracectl why` and `validate` check the cause links, the values, the update
# numbers (`tx` on every write and evaluation) and a scoped child's nested link.
# Last, adapter-bench (release) prints each path's figures against the goals of BENCHMARKS.md, and
# fails on a goal not met (its counters; Tracer's instructions by callgrind, when valgrind is here).
#
# The package is generated in .build-swiftui/ (its manifest Tests/SwiftUIStandIn/StandInPackage.swift,
# its sources links to the real directories), so the root package never sees a module named SwiftUI.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
work=$root/.build-swiftui
mkdir -p "$work/Sources" "$work/Tests"
cp Tests/SwiftUIStandIn/StandInPackage.swift "$work/Package.swift"
link() { ln -sfn "$root/$1" "$work/$2"; }
link Tests/SwiftUIStandIn/SwiftUI Sources/SwiftUI
link Tests/SwiftUIStandIn/Combine Sources/Combine
link Tests/SwiftUIStandIn/AllocationCounter Sources/AllocationCounter
link Tests/SwiftUIStandIn/CallgrindDump Sources/CallgrindDump
link Tests/SwiftUIStandIn/AdapterBench Sources/AdapterBench
link Tests/SwiftUIStandIn/AdapterTests Tests/TracerSwiftUITests
link Tests/TracerTestSupport Tests/TracerTestSupport
link Examples/SwiftUIScrollOffset Sources/SwiftUIScrollOffset
link Examples/MacKit Tests/MacKitTests
for target in TracerTicks TracerCore TracerSwiftUICore TracerSwiftUI TraceSupport TraceFormat TraceAnalysis TracerTesting; do link "Sources/$target" "Sources/$target"; done

cd "$work"
log=$work/build.log
echo "check-swiftui-adapter: compiling the stand-in, TracerSwiftUI, the example and the Mac kit"
swift build --build-tests >"$log" 2>&1 || { tail -60 "$log"; exit 1; }

trace=$(mktemp -d)/adapter.jsonl
# run_tests LOG ARGS...: the adapter's tests, output shown on failure, the summary line always.
run_tests() {
  local log=$1
  shift
  "$@" >"$log" 2>&1 || { tail -60 "$log"; exit 1; }
  # NB: ━ is a run that passed with known issues (TracerTesting's failing assertions, expected).
  grep -E '^(✔|✘|━) Test run' "$log"
  ! grep -q 'skipped' "$log" || { grep 'skipped' "$log"; exit 1; }
}
echo "check-swiftui-adapter: tests, recording on"
run_tests "$work/on.log" env -u TRACER_VALUES TRACER_OUTPUT="$trace" swift test --skip-build --filter 'RecordingOnTests|ValuesOffTests'
values_trace=$(dirname "$trace")/adapter-values.jsonl
echo "check-swiftui-adapter: tests, recording on with values (TRACER_VALUES=1)"
run_tests "$work/values.log" env TRACER_VALUES=1 TRACER_OUTPUT="$values_trace" swift test --skip-build --filter 'RecordingOnTests|ValuesOnTests'
# NB: `tracectl why` on the trace the tests recorded: a traced write → its view's next evaluation,
# the child's hop from its parent not recorded: n/a with --recorded-only, and never a recorded
# (unmarked) parent hop without it, only an inferred one (≈) or n/a
# (RecordingOnTests.aWriteCausesItsViewsNextEvaluation). Needs the root package's release tracectl
# (.ci/run builds it first).
tracectl=$root/.build/release/tracectl
if [ -x "$tracectl" ]; then
  echo "check-swiftui-adapter: tracectl why on the adapter's trace"
  why=$({ "$tracectl" why "$trace" 'Pager' && "$tracectl" why "$trace" 'Pager/PageLabel' --recorded-only; } 2>&1 || true)
  inferred=$("$tracectl" why "$trace" 'Pager/PageLabel' 2>&1 || true)
  grep -qE 'Pager\.page \(State, TracerSwiftUITests/AdapterTestViews\.swift:[0-9]+\) → Pager \(state\)' <<<"$why" \
    || { echo "why shows no write → Pager (state) path:"; echo "$why"; exit 1; }
  grep -qF 'n/a → Pager/PageLabel (n/a)' <<<"$why" || { echo "why --recorded-only shows a parent hop for Pager/PageLabel:"; echo "$why"; exit 1; }
  ! grep -qE '\) → Pager/PageLabel \(' <<<"$inferred" || { echo "why shows an unmarked parent hop for Pager/PageLabel:"; echo "$inferred"; exit 1; }
  # NB: the values run's trace: valid (old/new, the markers, the `values` capability), and `why`
  # shows Volume's writes (ValuesOnTests.allowedValuesChain) as old → new pairs.
  echo "check-swiftui-adapter: tracectl validate on both traces, why on the values run's"
  for file in "$trace" "$values_trace"; do "$tracectl" validate "$file" >/dev/null || { "$tracectl" validate "$file"; exit 1; }; done
  why=$("$tracectl" why "$values_trace" 'Volume' 2>&1 || true)
  grep -qF 'old → new: "1" → "2" ×1, "2" → "3" ×1' <<<"$why" || { echo "why shows no values for Volume:"; echo "$why"; exit 1; }
  # NB: updates and paths (RecordingOnTests.updatesAndPaths): every write and evaluation carries a
  # `tx`, and the child traced under its parent's scope (Shelf/ShelfLabel) is linked to the parent's
  # evaluation by the inference's nested rule.
  echo "check-swiftui-adapter: tx on every write and evaluation; a scoped child linked by the nested rule"
  untagged=$(grep -E '"kind":"(write|body-eval)"' "$trace" | grep -cv '"tx":' || true)
  [ "$untagged" -eq 0 ] || { echo "$untagged write or body-eval line(s) without tx in $trace"; exit 1; }
  nested=$("$tracectl" why "$trace" 'Shelf/ShelfLabel' --format json 2>&1 || true)
  grep -q '"inferred" *: *"same-update-nested"' <<<"$nested" || { echo "why links Shelf/ShelfLabel by no nested rule:"; echo "$nested"; exit 1; }
else
  echo "check-swiftui-adapter: tracectl why not checked: no $tracectl (swift build -c release first)"
fi
echo "check-swiftui-adapter: tests, recording off; TracerSwiftUI's public API against its pinned list"
run_tests "$work/off.log" env -u TRACER_OUTPUT swift test --skip-build --filter 'RecordingOffTests|IsolationProbes|PublicAPITests|StandInRulesTests|MacKitListTests'
# NB: TracerTesting's assertions on the adapter (a scope records whatever TRACER_OUTPUT says), in a
# run of their own: an open scope sends the other suites' traced calls through the task-local look-up.
echo "check-swiftui-adapter: TracerTesting's redraw assertions on the adapter"
run_tests "$work/testing.log" env -u TRACER_OUTPUT swift test --skip-build --filter 'AdapterRedrawTests'

# tracer_refs CONFIG: the Tracer symbols the example's own object files reference in that build.
tracer_refs() {
  nm -u "$work/.build/$1/SwiftUIScrollOffset.build/"*.o | swift demangle | grep -E '\bTracer(SwiftUI|SwiftUICore|Core|Ticks)\.' | sort -u || true
}
echo "check-swiftui-adapter: the example leaves Tracer out of a Release build (TRACER defined for Debug only)"
swift build -c release --product SwiftUIScrollOffset >"$work/release.log" 2>&1 || { tail -60 "$work/release.log"; exit 1; }
swift build -c release --product adapter-bench >>"$work/release.log" 2>&1 || { tail -60 "$work/release.log"; exit 1; }
traced_debug=$(tracer_refs debug | grep -c -v 'TracerSwiftUI\.TracedViewStorage' || true)
traced_release=$(tracer_refs release | grep -v 'TracerSwiftUI\.TracedViewStorage' || true)
# NB: the Debug build must reference Tracer beyond the storage, or the Release check proves nothing.
[ "$traced_debug" -gt 0 ] || { echo "the Debug build of the example references no Tracer symbol"; exit 1; }
[ -z "$traced_release" ] || { echo "the Release build of the example references Tracer:"; echo "$traced_release"; exit 1; }
echo "Debug: $traced_debug Tracer symbols besides @TracedViewStorage's; Release: none"

# NB: the goals of BENCHMARKS.md's "SwiftUI adapter, round 4" per path: what Tracer makes the
# stand-in SwiftUI do (its counters, heap allocations; `--check` fails on a counter goal not met)
# and the added ns (printed, not a goal), then Tracer's own instructions by callgrind
# (scripts/adapter-instructions.py --check: a goal not met fails the check; skipped without valgrind).
bench=$work/.build/release/adapter-bench
echo "check-swiftui-adapter: adapter-bench, recording off and on (counters and ns; 20,000 calls, 5 rounds)"
env -u TRACER_OUTPUT "$bench" --operations 20000 --rounds 5 --check
env -u TRACER_VALUES TRACER_OUTPUT="$(dirname "$trace")/bench-on.jsonl" "$bench" --operations 20000 --rounds 5 --labels 0 --check
if command -v valgrind >/dev/null; then
  echo "check-swiftui-adapter: Tracer's instructions per call (callgrind, 2,000 calls a side)"
  env -u TRACER_OUTPUT python3 "$root/scripts/adapter-instructions.py" "$bench" --label "recording off" --check
  env -u TRACER_VALUES TRACER_OUTPUT="$(dirname "$trace")/cg-on.jsonl" python3 "$root/scripts/adapter-instructions.py" "$bench" --label "recording on" --check
  TRACER_VALUES=1 TRACER_OUTPUT="$(dirname "$trace")/cg-values.jsonl" python3 "$root/scripts/adapter-instructions.py" "$bench" --label "values on" --path "write view.x" --check
else
  echo "check-swiftui-adapter: Tracer's instructions not measured: no valgrind"
fi
echo "check-swiftui-adapter: ok"
