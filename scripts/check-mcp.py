#!/usr/bin/env python3
"""The real client: `tracectl mcp` driven by the official MCP Python SDK (`mcp`, PyPI).

Connects twice over stdio — `ClientSession.initialize()` and the high-level `mcp.Client` in its
default mode (which probes `server/discover` first and falls back to `initialize`) — and, in each,
lists the tools and resources, calls every tool on fixture traces (the SDK checks each result
against the tool's outputSchema), compares `structuredContent` with the CLI's JSON, checks that a
path outside the root is refused, and that each connection takes under a second.

Usage: scripts/check-mcp.py --bin .build/release   (run with the Python of a venv that has `mcp`)
"""

import argparse
import asyncio
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

from mcp import Client, ClientSession, StdioServerParameters, stdio_client

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STATE = "Fixtures/Traces/scenarios/scroll-offset.state.jsonl"
STORAGE = "Fixtures/Traces/scenarios/scroll-offset.view-storage.jsonl"
BUDGET = "Fixtures/Budgets/scroll-offset.json"
CONNECT_LIMIT = 1.0

# Each tool: its arguments and the CLI command line whose JSON document structuredContent equals
# (None: the tool has no CLI twin). `import` writes into a scratch copy of its input.
CALLS = [
    ("list_traces", {"directory": "Fixtures/Traces/scenarios"}, None),
    ("report", {"trace": STATE, "top": 3}, ["report", STATE, "--format", "json", "--top", "3"]),
    ("graph", {"trace": STATE}, ["graph", STATE, "--format", "json"]),
    ("why", {"trace": STATE, "view": "MyView"}, ["why", STATE, "MyView", "--format", "json"]),
    ("diff", {"base": STATE, "variant": STORAGE}, ["diff", STATE, STORAGE, "--format", "json"]),
    ("advise", {"trace": STATE}, ["advise", STATE, "--format", "json"]),
    ("check", {"traces": [STATE], "budget": BUDGET}, ["check", STATE, "--budget", BUDGET, "--format", "json"]),
    ("validate", {"trace": "Fixtures/Traces/analysis-basic.jsonl"}, ["validate", "Fixtures/Traces/analysis-basic.jsonl", "--format", "json"]),
]


def cli_document(tracectl, argv):
    """The JSON document `tracectl ARGV` prints (exit 0, or check's 1)."""
    run = subprocess.run([tracectl] + argv, cwd=ROOT, capture_output=True, text=True)
    if run.returncode not in (0, 1):
        sys.exit(f"check-mcp: tracectl {' '.join(argv)} failed ({run.returncode}): {run.stderr}")
    return json.loads(run.stdout)


def expect(condition, message):
    if not condition:
        sys.exit(f"check-mcp: FAIL: {message}")


async def exercise(label, list_tools, list_resources, call_tool, tracectl, scratch):
    """Lists, calls every tool and checks the results; returns the number of calls."""
    tools = (await list_tools()).tools
    names = sorted(tool.name for tool in tools)
    expected = sorted([name for name, _, _ in CALLS] + ["import"])
    expect(names == expected, f"{label}: tools {names}, expected {expected}")
    for tool in tools:
        expect(tool.output_schema and tool.output_schema.get("required"), f"{label}: {tool.name} has no required keys")
    resources = (await list_resources()).resources
    expect(any(resource.name == STATE for resource in resources), f"{label}: {STATE} not among the resources")
    for name, arguments, argv in CALLS:
        result = await call_tool(name, arguments)
        expect(not result.is_error, f"{label}: {name} failed: {result.content}")
        if argv is not None:
            expect(result.structured_content == cli_document(tracectl, argv), f"{label}: {name}: structuredContent differs from the CLI's JSON")
    log = os.path.relpath(os.path.join(scratch, "console.txt"), ROOT)
    output = os.path.relpath(os.path.join(scratch, f"{label}.jsonl"), ROOT)
    imported = await call_tool("import", {"log": log, "output": output})
    expect(not imported.is_error and imported.structured_content["schema"] == "tracer-import-summary/1", f"{label}: import failed: {imported.content}")
    for path in ["../outside.jsonl", "/etc/passwd"]:
        refused = await call_tool("report", {"trace": path})
        expect(refused.is_error, f"{label}: {path} was not refused")
    return len(CALLS) + 3


async def with_session(params, tracectl, scratch):
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            started = time.monotonic()
            await session.initialize()
            connected = time.monotonic() - started
            calls = await exercise("ClientSession", session.list_tools, session.list_resources, session.call_tool, tracectl, scratch)
    return connected, calls


async def with_client(params, tracectl, scratch):
    started = time.monotonic()
    async with Client(params) as client:
        connected = time.monotonic() - started
        calls = await exercise("Client", client.list_tools, client.list_resources, client.call_tool, tracectl, scratch)
    return connected, calls


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=".build/release")
    tracectl = os.path.abspath(os.path.join(parser.parse_args().bin, "tracectl"))
    params = StdioServerParameters(command=tracectl, args=["mcp", "--root", ROOT], cwd=ROOT)
    scratch = tempfile.mkdtemp(prefix=".check-mcp-", dir=ROOT)
    try:
        shutil.copy(os.path.join(ROOT, "Fixtures/Imports/console-xcode.txt"), os.path.join(scratch, "console.txt"))
        for label, connect in [("ClientSession.initialize()", with_session), ("mcp.Client (default mode)", with_client)]:
            seconds, calls = asyncio.run(connect(params, tracectl, scratch))
            expect(seconds < CONNECT_LIMIT, f"{label}: connecting took {seconds:.3f} s (limit {CONNECT_LIMIT} s)")
            print(f"check-mcp: {label}: connected in {seconds * 1000:.0f} ms; {calls} calls checked")
    finally:
        shutil.rmtree(scratch)
    print("check-mcp: ok")


if __name__ == "__main__":
    main()
