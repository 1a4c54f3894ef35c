#!/usr/bin/env python3
"""Tracer's own instructions per call on each adapter-bench path, by callgrind.

usage: adapter-instructions.py BENCH [--operations N] [--path TEXT] [--check] [--label LABEL]

Runs BENCH (the stand-in package's release adapter-bench) with --instructions under callgrind
in the environment it is given (TRACER_OUTPUT set: recording on; TRACER_VALUES=1: values on),
collecting inside `measuredTraced` and `measuredTwin` only, each call's callers kept 12 deep
(--separate-callers). Every instruction is charged to the innermost frame of a known module on
its stack: Tracer's (TracerSwiftUI, TracerSwiftUICore, TracerCore, TracerTicks), SwiftUI's
(the stand-in SwiftUI and Combine), Observation's, or the app's (adapter-bench); the runtime,
the standard library and libc count for whoever called them. So "Tracer" is inclusive of its
callees inside Tracer's modules and exclusive of SwiftUI's and Observation's
(`withObservationTracking` is its own column); the app's column holds the twin's work and a
labelled body's interpolation.

Prints one line per path: Tracer, SwiftUI, Observation, app instructions per call, the traced
and twin totals and their difference. With --check, exits 1 when a goal of issue #54 is not met:
Tracer <= 1,000 per write, `$x` write, traced body and labelled body; describing a value <= 1,500;
recording off, the traced total <= the twin's + 10 per call (on the paths whose twin is the same
app code without Tracer).
"""
import glob
import os
import re
import subprocess
import sys
import tempfile

MODULES = [
    ("tracer", ("13TracerSwiftUI", "17TracerSwiftUICore", "10TracerCore", "11TracerTicks")),
    ("swiftui", ("7SwiftUI", "7Combine")),
    ("observation", ("11Observation",)),
    ("app", ("13adapter_bench",)),
]
GOALS = {
    "write view.x = v": 1000, "$x.wrappedValue = v": 1000, "traced { } body": 1000, 'traced("Row[\\(i)]") body': 1000,
    "describe Int": 1500, "describe Double": 1500, "describe CGFloat": 1500, "describe enum": 1500,
}
OFF_SLACK = 10
# NB: the paths whose twin is the same app code without Tracer (`@State`, a plain body); the
# storage's twin is another design, the label and the describer have no untraced twin.
OFF_PATHS = {"write view.x = v", "$x", "$x, a child holding it", "$x.wrappedValue = v", "traced { } body",
             'traced("Row[\\(i)]") body', "@Observable write + traced body"}


def module_of(name):
    """The category of a function's mangled name, or None for the runtime, stdlib and libc."""
    for category, prefixes in MODULES:
        if any(name.startswith("$s" + prefix) for prefix in prefixes):
            return category
    return None


def charge(chain):
    """The category an instruction in the function context `chain` (callee'caller'...) is charged to."""
    for name in chain.split("'"):
        category = module_of(name)
        if category:
            return category
        if "measuredTraced" in name or "measuredTwin" in name:
            return "app"
    return "unknown"


def parse(path):
    """Instructions per category in one callgrind dump (self costs of each function context)."""
    names, totals = {}, {}
    current, after_calls = None, False
    with open(path, encoding="utf-8", errors="replace") as dump:
        for line in dump:
            line = line.rstrip("\n")
            match = re.match(r"^(c?fn)=\((\d+)\)(?: (.*))?$", line)
            if match:
                kind, ident, name = match.groups()
                if name is not None:
                    names[ident] = name
                if kind == "fn":
                    current = charge(names.get(ident, ""))
                continue
            if line.startswith("calls="):
                after_calls = True
                continue
            if current and line and (line[0].isdigit() or line[0] in "+-*"):
                if after_calls:  # NB: the inclusive cost of a call, counted in its callee's own lines
                    after_calls = False
                    continue
                cost = int(line.split()[-1])
                totals[current] = totals.get(current, 0) + cost
    return totals


def main():
    arguments = sys.argv[1:]
    bench = arguments.pop(0)
    check = "--check" in arguments
    if check:
        arguments.remove("--check")
    label = "recording off"
    if "--label" in arguments:
        index = arguments.index("--label")
        label = arguments[index + 1]
        del arguments[index:index + 2]
    if "--operations" not in arguments:
        arguments += ["--operations", "2000"]
    workdir = tempfile.mkdtemp(prefix="adapter-instructions-")
    command = [
        "valgrind", "--tool=callgrind", "--demangle=no", "--collect-atstart=no", "--separate-callers=12",
        "--toggle-collect=$s13adapter_bench14measuredTraced*", "--toggle-collect=$s13adapter_bench12measuredTwin*",
        f"--callgrind-out-file={workdir}/callgrind.out", bench, "--instructions", "--labels", "0"] + arguments
    run = subprocess.run(command, capture_output=True, text=True)
    if run.returncode != 0:
        sys.stderr.write(run.stdout + run.stderr)
        sys.exit(1)
    # NB: the bench dumps after each side (a client request, `callgrind_dump`), its label in the
    # part's trigger: "traced N NAME", "twin N NAME"; "before NAME" parts are empty.
    sides = {}
    for part in glob.glob(f"{workdir}/callgrind.out.*"):
        with open(part, encoding="utf-8", errors="replace") as dump:
            trigger = re.search(r"^desc: Trigger: Client Request: (traced|twin) (\d+) (.*)$", dump.read(4096), re.M)
        if trigger:
            side, calls, name = trigger.groups()
            sides[(side, name)] = (int(part.rsplit(".", 1)[1]), int(calls), part)
    names = [name for (side, name), _ in sorted(sides.items(), key=lambda item: item[1][0]) if side == "traced"]
    if not names or any(("twin", name) not in sides for name in names):
        sys.exit("adapter-instructions: no dump per side (valgrind's callgrind.h missing when adapter-bench was built?)")
    paths = [(sides[("traced", name)][1], name) for name in names]
    print(f"{label}: instructions per call (callgrind) | Tracer | SwiftUI | Observation | app | traced total | twin total | added | goal")
    unmet = 0
    for index, (calls, name) in enumerate(paths):
        traced, twin = parse(sides[("traced", name)][2]), parse(sides[("twin", name)][2])
        per = {key: value / calls for key, value in traced.items()}
        traced_total, twin_total = sum(traced.values()) / calls, sum(twin.values()) / calls
        added = traced_total - twin_total
        if "TRACER_OUTPUT" not in os.environ and name in OFF_PATHS:
            met = added <= OFF_SLACK
            goal = f"added ≤ {OFF_SLACK}: {'met' if met else 'NOT MET'}"
        elif name in GOALS and "TRACER_VALUES" not in os.environ:
            # NB: with values on, a write describes its old and new value: the goal is the
            # describing rows' (≤ 1,500 a value), not the write's own ≤ 1,000.
            met = per.get("tracer", 0) <= GOALS[name]
            goal = f"Tracer ≤ {GOALS[name]:,}: {'met' if met else 'NOT MET'}"
        else:
            met, goal = True, "—"
        unmet += 0 if met else 1
        unknown = f" (unattributed {per['unknown']:.0f})" if per.get("unknown") else ""
        print(f"{name} | {per.get('tracer', 0):,.0f} | {per.get('swiftui', 0):,.0f} | {per.get('observation', 0):,.0f} | "
              f"{per.get('app', 0):,.0f}{unknown} | {traced_total:,.0f} | {twin_total:,.0f} | {added:,.0f} | {goal}")
    if check and unmet:
        sys.exit(f"adapter-instructions: {unmet} goal(s) not met ({label})")


if __name__ == "__main__":
    main()
