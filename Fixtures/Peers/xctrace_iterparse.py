#!/usr/bin/env python3
# Copied from ../shared/peers/xctrace_iterparse.py (the peer tracectl's xctrace import is measured and checked against).
"""xctrace_iterparse.py FILE.xml... — SwiftUI body evaluations and exclusive body time per view
from `xcrun xctrace export` XML, the way a SwiftUI team scripts it: ElementTree.iterparse, an
id -> (tag, text, fmt, first child's text) table for every id'd element, each row cleared once read.

Files: toc.xml (optional) and swiftui-updates (or the legacy swiftui-body-interval), one table per
file or several <node>s in one document. Prints `view<TAB>evals<TAB>exclusive_ns` sorted by view,
then `total<TAB>evals<TAB>exclusive_ns`.
- view: view-name unless empty or `[unknown…`, else description less `.body`, else `<unknown>`
  (legacy: view-type).
- SwiftUI/SwiftUICore rows are not counted, but still nest: exclusive time is the duration less
  the durations of the body rows directly nested in it on the same thread (any module), >= 0.
- A duration over an hour, or over the run's length (TOC), is garbage: the evaluation counts, its
  time does not, and it nests nothing.
- Process: the TOC's target process of its last run, else the one with the most body rows."""
import gc
import sys
import xml.etree.ElementTree as ET

C0 = bytes(range(9)) + b"\x0b\x0c" + bytes(range(14, 32))   # illegal in XML 1.0; xctrace writes them
LEFT_OUT = {"SwiftUI", "SwiftUICore"}
HOUR = 3600 * 10**9


class Clean:
    """The file in 1 MB blocks, without C0 control bytes (expat rejects them)."""

    def __init__(self, path):
        self.f = open(path, "rb")

    def read(self, _size):
        return self.f.read(1 << 20).translate(None, C0)


def read_toc(path):
    run = ET.parse(Clean(path)).getroot().findall("run")[-1]
    proc = run.find("info/target/process")
    secs = run.findtext("info/summary/duration")
    return (proc.get("pid") if proc is not None else None), (float(secs) * 1e9 if secs else None)


def scan(path, run_ns, per, body_rows):
    ids, stacks, node, table, col = {}, {}, None, None, {}

    def close(e):                               # e = [end, dur, nested, key]
        if e[3] is not None:
            per[e[3]][1] += max(0, e[1] - e[2])

    for event, el in ET.iterparse(Clean(path), events=("start", "end")):
        if event == "start":
            if el.tag == "node":
                node = el
            continue
        i = el.get("id")
        if i is not None:
            first = None
            if len(el):
                k = el[0].get("id") or el[0].get("ref")
                first = ids[k][1] if k else None
            ids[i] = (el.tag, el.text, el.get("fmt"), first)
        if el.tag == "schema":
            table = el.get("name")
            col = {c.findtext("mnemonic"): n for n, c in enumerate(el.findall("col"))}
        elif el.tag == "row":
            if table in ("swiftui-updates", "swiftui-body-interval"):
                cells = list(el)

                def cell(name):
                    c = cells[col[name]]
                    k = c.get("id") or c.get("ref")
                    return ids[k] if k else None    # None: <sentinel/>
                if table == "swiftui-updates":
                    if cell("update-type")[1] != "View Body Updates":
                        node.clear()
                        continue
                    vn, desc = cell("view-name"), cell("description")
                    vn, desc = vn and vn[1], desc and desc[1]
                    if vn and not vn.startswith("[unknown"):
                        view = vn
                    else:
                        view = (desc[:-5] if desc and desc.endswith(".body") else desc) or "<unknown>"
                    module, pid, tid = cell("module")[1], cell("process")[3], cell("thread")[3]
                else:
                    view, module, pid, tid = cell("view-type")[1], cell("view-module")[1], None, None
                start, dur = int(cell("start")[1]), int(cell("duration")[1])
                body_rows[pid] = body_rows.get(pid, 0) + 1
                key = None if module in LEFT_OUT else (pid, view)
                if key is not None:
                    per.setdefault(key, [0, 0])[0] += 1
                stack = stacks.setdefault((pid, tid), [])
                while stack and stack[-1][0] <= start:
                    close(stack.pop())
                if not (dur > HOUR or (run_ns and dur > run_ns)):
                    if stack and start + dur <= stack[-1][0]:
                        stack[-1][2] += dur
                    stack.append([start + dur, dur, 0, key])
            node.clear()                         # the rows read so far (and the schema)
    for stack in stacks.values():
        while stack:
            close(stack.pop())


def main(paths):
    gc.disable()            # millions of id-table tuples: the cyclic collector would double the run time
    target, run_ns, per, body_rows = None, None, {}, {}
    data = []
    for p in paths:
        with open(p, "rb") as f:
            head = f.read(256)
        if b"<trace-toc" in head:
            target, run_ns = read_toc(p)
        else:
            data.append(p)
    for p in data:
        scan(p, run_ns, per, body_rows)
    if target not in body_rows and body_rows:
        target = max(body_rows, key=body_rows.get)
    rows = sorted((view, n, ns) for (pid, view), (n, ns) in per.items() if pid == target)
    out = sys.stdout
    for view, n, ns in rows:
        out.write("%s\t%d\t%d\n" % (view, n, ns))
    out.write("total\t%d\t%d\n" % (sum(r[1] for r in rows), sum(r[2] for r in rows)))


if __name__ == "__main__":
    main(sys.argv[1:])
