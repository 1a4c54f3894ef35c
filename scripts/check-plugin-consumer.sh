#!/usr/bin/env bash
# Drives Examples/PluginConsumer (an app's package depending on Tracer by path) through Tracer's
# command plugins, as a team would: `swift package tracectl …` for the reading commands,
# `swift package --allow-writing-to-package-directory tracectl-write …` for the writing ones.
#
# Checks: the writing verb is refused without the permission flag (SwiftPM, non-interactive) and
# writes nothing; record (every variant of the seed-000 scenario); report; a check that passes
# (exit 0) and one that fails (exit 1); --junit through the writing verb; the reading verb refusing
# -o (tracectl's exit 2); and that the plugins' build of tracectl compiled nothing of Tracer but tracectl
# and the modules it links (no tests, benchmarks or examples). SwiftPM ends `swift package` with 1
# for any failing status of the plugin and names it on standard error ("Plugin ended with exit
# code N"): each failure is checked for its N.
#
# NB: the consumer's .build is kept between runs: the first run builds tracectl (debug) for the
# plugins, later ones only check it is current. On Linux plugins run unsandboxed: the permission
# checked here is SwiftPM's refusal to start the writing verb, nothing more.
set -euo pipefail
cd "$(dirname "$0")/../Examples/PluginConsumer"
traces=traces
logs=$(mktemp -d)
trap 'rm -rf "$traces" "$logs"' EXIT
rm -rf "$traces"
budget=../../Fixtures/Budgets/scroll-offset.json

# expect STATUS NAME COMMAND...: runs COMMAND (stdin closed: SwiftPM asks no question), its output
# kept in $logs/NAME; fails unless it exits with STATUS.
expect() {
  local expected=$1 name=$2 status=0
  shift 2
  "$@" </dev/null >"$logs/$name.out" 2>"$logs/$name.err" || status=$?
  if [ "$status" -ne "$expected" ]; then
    echo "check-plugin-consumer: '$*' exited $status, expected $expected"
    tail -n 30 "$logs/$name.out" "$logs/$name.err"
    exit 1
  fi
}
# contains NAME TEXT: fails unless NAME's output (stdout or stderr) contains TEXT.
contains() {
  grep -qF -- "$2" "$logs/$1.out" "$logs/$1.err" || { echo "check-plugin-consumer: '$1' does not say '$2'"; cat "$logs/$1.out" "$logs/$1.err"; exit 1; }
}

started=$SECONDS
expect 0 version swift package tracectl --version
contains version "tracectl 0.1.0 (tracer/1)"
echo "check-plugin-consumer: the plugins' tool is built ($((SECONDS - started)) s)"
# The modules compiled (a directory MODULE.build, or MODULE-tool.build for a plugin's tool, with
# object files): tracectl's, and none of Tracer's tests, benchmarks, examples or fixtures.
built=$(find .build -name '*.o' | grep -oE '/[^/]+\.build/' | sed -E 's|^/||; s|\.build/$||; s/-tool$//' | sort -u)
grep -qx TracectlCommands <<<"$built" || { echo "check-plugin-consumer: no tracectl modules found in .build"; exit 1; }
unwanted=$(grep -E 'Tests|TestSupport|tracer_bench|tracer_example|tracer_app|XctraceSynthetic|SwiftUI' <<<"$built" || true)
[ -z "$unwanted" ] || { echo "check-plugin-consumer: the plugins' build compiled more than tracectl:"; echo "$unwanted"; exit 1; }
echo "check-plugin-consumer: compiled for the plugins: $(tr '\n' ' ' <<<"$built")"

expect 1 refused swift package tracectl-write record scroll-offset -o "$traces/"
contains refused "--allow-writing-to-package-directory"
[ ! -e "$traces" ] || { echo "check-plugin-consumer: the refused verb wrote $traces"; exit 1; }

expect 0 record swift package --allow-writing-to-package-directory tracectl-write record scroll-offset -o "$traces/"
test -s "$traces/scroll-offset.state.jsonl" && test -s "$traces/scroll-offset.view-storage.jsonl"

expect 0 report swift package tracectl report "$traces/scroll-offset.state.jsonl" --top 3
contains report "MyView/MyScrollView"

expect 0 check-pass swift package tracectl check "$traces/scroll-offset.view-storage.jsonl" --budget "$budget"
expect 1 check-fail swift package tracectl check "$traces/scroll-offset.state.jsonl" --budget "$budget"
contains check-fail "FAIL"
contains check-fail "Plugin ended with exit code 1"

expect 1 read-only swift package tracectl report "$traces/scroll-offset.state.jsonl" -o "$traces/report.html"
contains read-only "'--output' writes a file"
contains read-only "Plugin ended with exit code 2"
[ ! -e "$traces/report.html" ] || { echo "check-plugin-consumer: the reading verb wrote a file"; exit 1; }

expect 1 junit swift package --allow-writing-to-package-directory tracectl-write check "$traces/scroll-offset.state.jsonl" --budget "$budget" --junit "$traces/budget.xml"
contains junit "Plugin ended with exit code 1"
grep -q '<failure' "$traces/budget.xml"
echo "check-plugin-consumer: ok ($((SECONDS - started)) s)"
