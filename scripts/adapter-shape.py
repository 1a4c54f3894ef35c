#!/usr/bin/env python3
"""Strips a runtime trace to what the SwiftUI adapter records: adapter-shape.py IN OUT.

The degrade harness's adapter strip (Tests/ScenarioTests/DegradeHarness.swift, `Shape.adapter`),
streaming, for traces too large to load whole (the cost figures of BENCHMARKS.md, "Inferring
causes at scale"): writes, evaluations and marks; flat type names; no `tx`, invalidations,
skips, mounts or state inits; an evaluation keeps its `cause` (and `reason`) only when its chain,
passed through invalidations, state inits and mounts, reaches a write.

NB: a `cause` names an earlier `seq`; the kinds of those a chain passes through are kept in a
table of the most recent 2^20, as tracectl's readers follow causes.
"""
import json, sys

KEPT = {"write", "body-eval", "mark"}
FIELDS = ["name", "prop", "wrapper", "changed", "site", "dur", "ts"]
RECENT = 1 << 20


def flat_type_name(path):
    depth, start = 0, 0
    for index, char in enumerate(path):
        if char == "[":
            depth += 1
        elif char == "]":
            depth -= 1
        elif char == "/" and depth == 0:
            start = index + 1
    name = path[start:]
    for stop in "[#":
        name = name.split(stop, 1)[0]
    return name


def main(source, target):
    # seq % RECENT -> (seq, kind, cause): what a chain passes through.
    recent = {}
    header = {"kind": "meta", "schema": "tracer/1", "source": "swiftui",
              "capabilities": ["write", "body-eval", "mark", "dur", "write.changed", "cause"], "unit": "ns"}
    with open(source) as lines, open(target, "w") as out:
        out.write(json.dumps(header, separators=(",", ":"), sort_keys=True) + "\n")
        for line in lines:
            event = json.loads(line)
            kind, seq = event.get("kind"), event.get("seq")
            if seq is None:
                continue
            recent[seq % RECENT] = (seq, kind, event.get("cause"))
            if kind not in KEPT:
                continue
            kept = {"seq": seq, "kind": kind}
            for key in FIELDS:
                if key in event:
                    kept[key] = event[key]
            if "view" in event:
                kept["view"] = flat_type_name(event["view"])
            if kind == "body-eval":
                cause = event.get("cause")
                while cause is not None:
                    entry = recent.get(cause % RECENT)
                    if entry is None or entry[0] != cause or entry[1] in ("body-eval", "write", "skip"):
                        break
                    cause = entry[2]
                entry = recent.get(cause % RECENT) if cause is not None else None
                if entry is not None and entry[0] == cause and entry[1] == "write":
                    kept["cause"], kept["reason"] = cause, event.get("reason", "")
            out.write(json.dumps(kept, separators=(",", ":"), sort_keys=True) + "\n")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: adapter-shape.py IN OUT")
    main(sys.argv[1], sys.argv[2])
