#!/usr/bin/env python3
"""Server-side time of `tracectl mcp`'s report against `tracectl report --format json`.

Starts `tracectl mcp --root DIR` once, then alternates, RUNS times each: a `tools/call` of report on
TRACE (timed from the request written to its answer read: what the server spends) and
`tracectl report TRACE --format json -o /dev/null` as a process (its wall time). Prints the median
and min–max of each and their ratio.

Usage: scripts/bench-mcp.py --bin .build/release TRACE [--runs 7]
"""
import argparse
import json
import os
import statistics
import subprocess
import time


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=".build/release")
    parser.add_argument("trace")
    parser.add_argument("--runs", type=int, default=7)
    options = parser.parse_args()
    tracectl = os.path.abspath(os.path.join(options.bin, "tracectl"))
    root, name = os.path.split(os.path.abspath(options.trace))
    server = subprocess.Popen([tracectl, "mcp", "--root", root], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def ask(identifier, method, params):
        server.stdin.write(json.dumps({"jsonrpc": "2.0", "id": identifier, "method": method, "params": params}) + "\n")
        server.stdin.flush()
        while True:
            answer = json.loads(server.stdout.readline())
            if answer.get("id") == identifier:
                return answer

    ask(0, "initialize", {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "bench", "version": "1"}})
    served, cli = [], []
    for run in range(1, options.runs + 1):
        started = time.perf_counter()
        answer = ask(run, "tools/call", {"name": "report", "arguments": {"trace": name}})
        served.append(time.perf_counter() - started)
        assert not answer["result"]["isError"], answer
        started = time.perf_counter()
        subprocess.run([tracectl, "report", options.trace, "--format", "json", "-o", "/dev/null"], check=True)
        cli.append(time.perf_counter() - started)
    server.stdin.close()
    server.wait()
    for label, times in [("mcp tools/call report", served), ("tracectl report --format json", cli)]:
        print(f"{label}: median {statistics.median(times):.3f} s (min {min(times):.3f}, max {max(times):.3f}, {len(times)} runs)")
    print(f"ratio: {statistics.median(served) / statistics.median(cli):.2f}x")


if __name__ == "__main__":
    main()
