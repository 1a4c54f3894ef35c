#!/usr/bin/env bash
# Measures `tracectl report` against the peers in ../shared/peers on one generated trace, in one run.
#
#   scripts/compare-peers.sh [EVENTS] [JQ_EVENTS]
#
# EVENTS (default 2,000,000) sizes the main trace; jq is measured on a JQ_EVENTS slice (default
# 200,000) because it reads ~2 MB/s, and its rate is what the table compares. Prints a Markdown
# table: seconds, MB/s, peak RSS, and each tool's per-view totals for the equality check.
set -euo pipefail
cd "$(dirname "$0")/.."
events=${1:-2000000}
jq_events=${2:-200000}
peers=${PEERS:-../shared/peers}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

swift build -c release --product tracectl >/dev/null
tracectl=.build/release/tracectl

python3 "$peers/gen_trace.py" "$events" > "$work/big.jsonl"
head -n $((jq_events + 1)) "$work/big.jsonl" > "$work/slice.jsonl"
bytes=$(stat -c %s "$work/big.jsonl")
slice_bytes=$(stat -c %s "$work/slice.jsonl")
cat "$work/big.jsonl" > /dev/null  # warm the page cache for everyone alike

# measure NAME FILE_BYTES COMMAND...: prints "| NAME | s | MB/s | peak MB |" and keeps stdout in $work/NAME.out
measure() {
  local name=$1 size=$2
  shift 2
  /usr/bin/time -f "%e %M" -o "$work/$name.time" "$@" > "$work/$name.out"
  read -r seconds kilobytes < "$work/$name.time"
  python3 - "$name" "$size" "$seconds" "$kilobytes" <<'PY'
import sys
name, size, seconds, kb = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4])
rate = size / 1e6 / seconds if seconds > 0 else float("inf")
print(f"| {name} | {seconds:.2f} | {rate:,.0f} | {kb / 1024:.0f} |")
PY
}

echo "trace: $events events, $((bytes / 1000000)) MB (jq on $jq_events events, $((slice_bytes / 1000000)) MB)"
echo
echo "| tool | seconds | MB/s | peak RSS (MB) |"
echo "|---|---|---|---|"
measure "wc -l" "$bytes" wc -l "$work/big.jsonl"
measure "tracectl report --format json" "$bytes" "$tracectl" report --format json "$work/big.jsonl"
measure "report_orjson.py" "$bytes" python3 "$peers/report_orjson.py" "$work/big.jsonl"
measure "report_jq.sh (slice)" "$slice_bytes" sh "$peers/report_jq.sh" "$work/slice.jsonl"
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
