#!/usr/bin/env bash
# Measures `tracectl report` and `tracectl check` against the peers in ../shared/peers on one
# generated trace, in one run.
#
#   scripts/compare-peers.sh [EVENTS] [JQ_EVENTS] [RUNS]
#
# EVENTS (default 2,000,000) sizes the main trace; jq is measured once on a JQ_EVENTS slice
# (default 200,000) because it is far slower than the rest, and its rate is what the table
# compares. Every other command runs RUNS times (default 7), in rounds, and the median is shown.
# Prints a Markdown table: seconds, MB/s, peak RSS, the speed-up over orjson, and checks that
# tracectl's per-view counts equal the peer's. `check` runs a budget with a whole-trace rule and a
# mark-interval rule, so both of its paths are timed against `report`.
set -euo pipefail
cd "$(dirname "$0")/.."
events=${1:-2000000}
jq_events=${2:-200000}
runs=${3:-7}
peers=${PEERS:-../shared/peers}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# NB: a self-contained binary (the Swift runtime and Foundation linked in), as a CI runner would
# install it: loading them as shared libraries adds to every start.
swift build -c release --product tracectl --static-swift-stdlib --build-path .build-static >/dev/null
tracectl=.build-static/release/tracectl

python3 "$peers/gen_trace.py" "$events" > "$work/big.jsonl"
head -n $((jq_events + 1)) "$work/big.jsonl" > "$work/slice.jsonl"
bytes=$(stat -c %s "$work/big.jsonl")
slice_bytes=$(stat -c %s "$work/slice.jsonl")
# NB: the freshly written trace is flushed to disk first, so that no tool is timed while the
# kernel writes it back; then read once, so that every tool reads it from the page cache.
sync
cat "$work/big.jsonl" > /dev/null
cat > "$work/budget.json" <<'JSON'
{"schema": "tracer-budget/1", "rules": [
  {"view": "MyView", "metric": "body-evals", "max": 100000000},
  {"view": "**", "metric": "body-evals", "max": 100000000, "mark": "none-in-this-trace", "level": "warn"}
]}
JSON

# measure NAME COMMAND...: runs COMMAND once, appending its wall seconds and peak RSS to
# $work/NAME.times and keeping its stdout in $work/NAME.out.
measure() {
  local name=$1
  shift
  # NB: `check` exits 1 when a budget fails; only the time matters here. Wall time is taken in
  # nanoseconds around the command (time(1) rounds to 10 ms); time(1) gives the peak RSS.
  local start end
  start=$(date +%s%N)
  /usr/bin/time -f "%M" -o "$work/$name.time" "$@" > "$work/$name.out" || true
  end=$(date +%s%N)
  echo "$(( (end - start) / 1000 )) $(cat "$work/$name.time")" >> "$work/$name.times"
}

# summarize NAME FILE_BYTES: the median seconds, largest peak RSS and bytes read, in
# $work/NAME.figures.
summarize() {
  sort -n "$work/$1.times" | awk -v size="$2" '
    { seconds[NR] = $1 / 1e6; if ($2 > rss) rss = $2 }
    END { median = seconds[int((NR + 1) / 2)]; printf "%s %d %s\n", median, rss, size }' > "$work/$1.figures"
}

report="tracectl report --format json"
check="tracectl check --budget (whole trace and mark rules)"
# NB: round by round, every tool once per round, so that the host's load drifting during the
# measurement weighs on all of them alike.
for _ in $(seq "$runs"); do
  measure "wc -l" wc -l "$work/big.jsonl"
  measure "$report" "$tracectl" report --format json "$work/big.jsonl"
  measure "$check" "$tracectl" check "$work/big.jsonl" --budget "$work/budget.json"
  measure "report_orjson.py" python3 "$peers/report_orjson.py" "$work/big.jsonl"
done
measure "report_jq.sh (slice)" sh "$peers/report_jq.sh" "$work/slice.jsonl"
for name in "wc -l" "$report" "$check" "report_orjson.py"; do summarize "$name" "$bytes"; done
summarize "report_jq.sh (slice)" "$slice_bytes"

echo "trace: $events events, $((bytes / 1000000)) MB (jq on $jq_events events, $((slice_bytes / 1000000)) MB); median of $runs runs"
echo
python3 - "$work" <<'PY'
import pathlib, sys
work = pathlib.Path(sys.argv[1])
order = ["wc -l", "tracectl report --format json", "tracectl check --budget (whole trace and mark rules)",
         "report_orjson.py", "report_jq.sh (slice)"]
figures = {}
for name in order:
    seconds, rss, size = (work / f"{name}.figures").read_text().split()
    figures[name] = (float(seconds), int(rss), int(size))
orjson_rate = figures["report_orjson.py"][2] / figures["report_orjson.py"][0]
print("| tool | seconds | MB/s | peak RSS (MB) | vs orjson |")
print("|---|---|---|---|---|")
for name in order:
    seconds, rss, size = figures[name]
    rate = size / seconds if seconds > 0 else float("inf")
    print(f"| {name} | {seconds:.3f} | {rate / 1e6:,.0f} | {rss / 1024:.0f} | {rate / orjson_rate:.1f}x |")
report = figures["tracectl report --format json"][0]
print()
print(f"tracectl report: {report / figures['wc -l'][0]:.1f}x the time of wc -l; "
      f"check takes {figures['tracectl check --budget (whole trace and mark rules)'][0] / report:.2f}x report's time")
PY
echo
echo "orjson peer: $(cat "$work/report_orjson.py.out")"
# NB: the peer prints totals only; its per-view counts are recomputed here (untimed) with the
# peer's own rules and compared with tracectl's, view by view.
python3 - "$work/tracectl report --format json.out" "$work/big.jsonl" <<'PY'
import collections, json, sys
import orjson
report = json.load(open(sys.argv[1]))
ours = {v["view"]: (v["writes"], v["invalidations"], v["bodyEvals"], v["skips"], v["wastedEvals"], v["bodyTimeNs"]["total"])
        for v in report["views"]}
peer = collections.defaultdict(lambda: [0, 0, 0, 0, 0, 0])
index = {"write": 0, "invalidate": 1, "body-eval": 2, "skip": 3}
with open(sys.argv[2], "rb") as trace:
    for line in trace:
        event = orjson.loads(line)
        kind = index.get(event.get("kind"))
        if kind is None:
            continue
        counts = peer[event["view"]]
        counts[kind] += 1
        if kind == 2:
            counts[5] += event.get("dur", 0)
            if event.get("changed") == 0:
                counts[4] += 1
peer = {view: tuple(counts) for view, counts in peer.items()}
print(f'tracectl:    {{"views": {len(ours)}, "body_evals": {sum(v[2] for v in ours.values())}}}')
if ours != peer:
    differing = sorted(set(ours) ^ set(peer)) + sorted(v for v in set(ours) & set(peer) if ours[v] != peer[v])
    print(f"per-view counts differ from the peer's for {len(differing)} views, e.g. {differing[:3]}")
    sys.exit(1)
print(f"per-view counts (writes, invalidations, evaluations, skips, wasted, body ns) equal the peer's for all {len(ours)} views")
PY
