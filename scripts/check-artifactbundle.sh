#!/usr/bin/env bash
# Builds tracectl.artifactbundle (scripts/build-artifactbundle.sh) and proves what it claims:
#
#  1. the binary needs no Swift toolchain: `ldd` lists nothing under the toolchain's directory, and
#     it records and reports with that directory hidden (a tmpfs mounted over it in a mount
#     namespace of its own, `unshare -rm`, which needs no privilege);
#  2. a package consumes it as a `binaryTarget` from a local path, and a command plugin (Tracer's
#     own, Plugins/TracectlPlugin) runs it: `swift package tracectl …` compiles no tracectl.
#
#   [SCRATCH=DIR] scripts/check-artifactbundle.sh   (SCRATCH: as scripts/build-artifactbundle.sh's)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
bundle=${SCRATCH:-.build-static}/tracectl.artifactbundle
started=$SECONDS
scripts/build-artifactbundle.sh "$bundle"
# NB: the variant this machine runs, as SwiftPM would pick it: by the host triple.
triple=$(swift -print-target-info | python3 -c 'import json, sys; print(json.load(sys.stdin)["target"]["unversionedTriple"])')
binary=$bundle/$(python3 - "$bundle/info.json" "$triple" <<'PY'
import json, sys
artifact = json.load(open(sys.argv[1]))["artifacts"]["tracectl"]
print(next(v["path"] for v in artifact["variants"] if sys.argv[2] in v["supportedTriples"]))
PY
)
toolchain=$(readlink -f "$(command -v swift)")
toolchain=${toolchain%/usr/bin/*}
echo "check-artifactbundle: $binary, the toolchain in $toolchain ($((SECONDS - started)) s)"

if ldd "$binary" | grep -F "$toolchain/"; then
  echo "check-artifactbundle: the binary loads libraries from the toolchain"; exit 1
fi
# NB: inside the namespace the toolchain's directory is an empty tmpfs: swift itself is gone.
# shellcheck disable=SC2016 # the script's $1…$3 are its own arguments
unshare -rm sh -ec '
  mount -t tmpfs tmpfs "$1"
  ! test -e "$1/usr/bin/swift"
  "$2" record scroll-offset --variant state -o "$3/state.jsonl"
  "$2" report "$3/state.jsonl" --top 3 > "$3/report.txt"
' sh "$toolchain" "$root/$binary" "$work"
grep -q 'MyView/MyScrollView' "$work/report.txt" || { echo "check-artifactbundle: no report with the toolchain hidden"; cat "$work/report.txt"; exit 1; }
echo "check-artifactbundle: recorded and reported with $toolchain hidden"

# A package that has the bundle and Tracer's reading plugin, and nothing to compile but the plugin.
package=$work/BundleConsumer
mkdir -p "$package/Plugins"
cp -R "$bundle" "$package/tracectl.artifactbundle"
ln -s "$root/Plugins/TracectlPlugin" "$package/Plugins/TracectlPlugin"
cat > "$package/Package.swift" <<'SWIFT'
// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "BundleConsumer",
    targets: [
        .binaryTarget(name: "tracectl", path: "tracectl.artifactbundle"),
        .plugin(
            name: "TracectlPlugin",
            capability: .command(intent: .custom(verb: "tracectl", description: "Runs tracectl's reading commands.")),
            dependencies: ["tracectl"]
        ),
    ]
)
SWIFT
cp "$work/state.jsonl" "$package/state.jsonl"
plugin_started=$SECONDS
(cd "$package" && swift package tracectl --version </dev/null >"$work/version.txt" 2>&1) || { cat "$work/version.txt"; exit 1; }
grep -qF "$("$binary" --version | sed -n 2p)" "$work/version.txt" || { echo "check-artifactbundle: the plugin ran another tracectl"; cat "$work/version.txt"; exit 1; }
(cd "$package" && swift package tracectl report state.jsonl --top 3 </dev/null >"$work/plugin-report.txt" 2>&1) || { cat "$work/plugin-report.txt"; exit 1; }
grep -q 'MyView/MyScrollView' "$work/plugin-report.txt" || { echo "check-artifactbundle: no report through the plugin"; cat "$work/plugin-report.txt"; exit 1; }
if find "$package/.build" -type d -name 'TracectlCommands.build' | grep -q .; then
  echo "check-artifactbundle: the plugin compiled tracectl instead of using the bundle"; exit 1
fi
echo "check-artifactbundle: ok (the plugin through the binary target: $((SECONDS - plugin_started)) s; all: $((SECONDS - started)) s)"
