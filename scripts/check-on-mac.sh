#!/usr/bin/env bash
# On a Mac with Xcode 16+: runs the kit of checks only the real SwiftUI can answer (Examples/MacKit,
# listed in TracerSwiftUI.docc/ProfilingASwiftUIApp.md, "Checking on a Mac") and prints pass or
# fail for each:
#   - recording on adds no body evaluation (bodies counted in NSHostingView, a run without and a
#     run with TRACER_OUTPUT; a negative control that must differ);
#   - `$x` through the recording projection reads and writes the right value (trivial,
#     non-trivial and resilient value types);
#   - @TracedViewStorage's binding is current in a child;
#   - a recorded write's cost (XCTest's CPU metric, and xctrace's CPU Counters template);
#   - TracerTesting's redraw assertions on a view hosted in NSHostingView.
#   - a traced write and the evaluation it causes share an update number (tx), each cycle its own;
#   - a child traced under its parent's scope is linked by the nested rule, an unscoped one is not.
# The kit's package is generated in .build-mac/ (sources linked to the real directories).
# On Linux, scripts/check-swiftui-adapter.sh compiles the same Swift against the stand-in.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
root=$PWD
[ "$(uname)" = Darwin ] || { echo "check-on-mac: needs macOS with Xcode (SwiftUI, AppKit, xctrace)"; exit 2; }
work=$root/.build-mac
mkdir -p "$work/Sources" "$work/Tests"
cat >"$work/Package.swift" <<'MANIFEST'
// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "TracerMacKit",
    platforms: [.macOS(.v15)],
    targets: [
        .target(name: "TracerTicks"),
        .target(name: "TracerCore", dependencies: ["TracerTicks"]),
        .target(name: "TracerSwiftUICore", dependencies: ["TracerCore"]),
        .target(name: "TracerSwiftUI", dependencies: ["TracerSwiftUICore"]),
        .target(name: "TraceSupport", dependencies: ["TracerCore"]),
        .target(name: "TraceFormat", dependencies: ["TracerCore", "TraceSupport"]),
        .target(name: "TraceAnalysis", dependencies: ["TracerCore", "TraceSupport", "TraceFormat"]),
        .target(name: "TracerTesting", dependencies: ["TracerCore", "TraceAnalysis", "TracerSwiftUICore"]),
        .testTarget(name: "MacKitTests", dependencies: ["TracerSwiftUI", "TracerTesting"]),
    ],
    swiftLanguageModes: [.v6]
)
MANIFEST
for target in TracerTicks TracerCore TracerSwiftUICore TracerSwiftUI TraceSupport TraceFormat TraceAnalysis TracerTesting; do ln -sfn "$root/Sources/$target" "$work/Sources/$target"; done
ln -sfn "$root/Examples/MacKit" "$work/Tests/MacKitTests"
cd "$work" || exit 2
swift build --build-tests >"$work/build.log" 2>&1 || { tail -40 "$work/build.log"; echo "FAIL the kit compiles against the real SwiftUI"; exit 1; }
echo "PASS the kit compiles against the real SwiftUI (warnings as the adapter's: see build.log)"

# verdict NAME LOG: pass or fail of the XCTest `NAME` in LOG.
verdict() {
  if grep -q "$1\]' passed" "$2"; then echo "PASS"; else echo "FAIL"; fi
}
env -u TRACER_OUTPUT swift test --skip-build --filter MacKitTests >"$work/off.log" 2>&1
TRACER_OUTPUT="$work/kit.jsonl" swift test --skip-build --filter MacKitTests >"$work/on.log" 2>&1
off=$(grep -o 'MACKIT bodies counter=[0-9]* label=[0-9]*' "$work/off.log")
on=$(grep -o 'MACKIT bodies counter=[0-9]* label=[0-9]*' "$work/on.log")
control=$(verdict testRecordingAddsNoBodyEvaluation "$work/off.log")
if [ -n "$off" ] && [ "$off" = "$on" ] && [ "$control" = PASS ]; then result=PASS; else result=FAIL; fi
echo "$result recording on adds no body evaluation (off: ${off:-none}; on: ${on:-none}; negative control differs: $control)"
for log in off on; do
  echo "$(verdict testProjectionReadsAndWritesTheValue "$work/$log.log") \$x through the recording projection reads and writes the value (recording $log)"
  echo "$(verdict testStorageBindingIsCurrentInAChild "$work/$log.log") @TracedViewStorage's binding is current in a child (recording $log)"
done
echo "$(verdict testHostedViewRedrawAssertions "$work/off.log") TracerTesting's redraw assertions on a hosted view"
echo "$(verdict testUpdateNumbersFollowWrites "$work/off.log") a write and the evaluation it causes share a tx; each cycle is its own update (negative control)"
echo "$(verdict testScopedChildIsNestedUnderItsParent "$work/off.log") a scoped child is linked to its parent by the nested rule; an unscoped one is not (negative control)"
echo "$(verdict testRecordedWriteCost "$work/on.log") a recorded write's cost (XCTest CPU metric, in on.log):"
grep -E 'testRecordedWriteCost.*(Instructions|Clock|CPU)' "$work/on.log" | sed 's/^/    /'
rm -rf "$work/write.trace"
if TRACER_OUTPUT="$work/kit-xctrace.jsonl" xcrun xctrace record --template 'CPU Counters' --output "$work/write.trace" \
  --launch -- "$(xcrun -f swift)" test --skip-build --filter testRecordedWriteCost >"$work/xctrace.log" 2>&1; then
  echo "PASS a recorded write's cost recorded with xctrace's CPU Counters template: open $work/write.trace"
else
  echo "FAIL xctrace's CPU Counters recording (see $work/xctrace.log)"
fi
