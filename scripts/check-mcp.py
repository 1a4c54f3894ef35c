#!/usr/bin/env python3
"""The real client: `tracectl mcp` driven by the official MCP Python SDK (`mcp`, PyPI).

Connects twice over stdio — `ClientSession.initialize()` and the high-level `mcp.Client` in its
default mode (which probes `server/discover` first and falls back to `initialize`) — and, in each,
lists the tools and resources, calls every tool on fixture traces (the SDK checks each result
against the tool's outputSchema), compares `structuredContent` with the CLI's JSON, checks that a
path outside the root is refused, and that each connection takes under a second. The first
connection then calls every tool with each argument its inputSchema lists, once with a good value
and once with a bad one, each call under a timeout: every call returns; a good value is a result,
a bad one an error; a result that is no error has structured content (checked by the SDK against the
outputSchema) whose JSON is the first text content. `why` with '**' and with `eval`, and
`list_traces` three times (equal answers), are among the calls.

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
CALL_TIMEOUT = 60.0
MARKED = STATE  # its marks: mount, scroll-down, scroll-up

# Each tool's required arguments, to which each other argument is added in turn.
BASE = {
    "list_traces": {},
    "report": {"trace": STATE},
    "graph": {"trace": STATE},
    "why": {"trace": STATE, "view": "MyView/MyScrollView"},
    "diff": {"base": STATE, "variant": STORAGE},
    "advise": {"trace": STATE},
    "check": {"traces": [STATE], "budget": BUDGET},
    "validate": {"trace": STATE},
    "import": {"log": None, "output": None},  # filled in per call: a scratch copy and a new file
}
# A good value of the arguments whose value depends on what they name (the others by type).
GOOD = {
    "trace": STATE, "traces": [STATE], "base": STATE, "variant": STORAGE, "base_run": [STATE],
    "variant_run": [STORAGE], "budget": BUDGET, "baseline": [STATE], "directory": "Fixtures/Traces/scenarios",
    "view": "MyView/MyScrollView", "mark": "scroll-down", "from": "scroll-down", "to": "scroll-up", "eval": 11,
    "process": "Demo", "scenario": "scroll-offset", "conn": 1,
}
# import's arguments that apply to an Instruments export only.
XCTRACE_ONLY = {"run", "process", "all_modules", "scenario", "variant"}
XCTRACE_EXPORT = "Fixtures/Imports/xctrace/device"
# report's conn needs a trace of several connections ('record --listen').
LISTENED = "Fixtures/Traces/listen/two-apps.jsonl"

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


def good_value(name, schema):
    """A value the argument takes: one of its choices, a fixture for a path, else one its schema allows."""
    kind = schema.get("type")
    if "anyOf" in schema:  # a count or 'all' (top)
        return "all"
    if "enum" in schema:
        return schema.get("default", schema["enum"][-1])
    if name in GOOD:
        return GOOD[name]
    if kind == "integer":
        return schema.get("default", schema.get("minimum", 1))
    if kind == "boolean":
        return True
    if kind == "array":
        return [STATE]
    return "x"


def bad_value(schema):
    """A value of the wrong type, or out of the argument's range or choices."""
    kind = schema.get("type")
    if "anyOf" in schema:  # a count or 'all' (top): below its minimum
        return schema["anyOf"][0]["minimum"] - 1
    if "enum" in schema:
        return "no-such-choice"
    if kind == "integer":
        return schema["minimum"] - 1 if "minimum" in schema else "seven"
    if kind == "boolean":
        return "yes"
    if kind == "array":
        return "not-an-array"
    return 7


async def checked_call(call_tool, label, name, arguments):
    """Calls a tool under a timeout; fails when it does not return, or a result that is no error
    has text content that is not its structuredContent's JSON."""
    try:
        result = await asyncio.wait_for(call_tool(name, arguments), CALL_TIMEOUT)
    except asyncio.TimeoutError:
        sys.exit(f"check-mcp: FAIL: {label}: {name} {arguments} did not return in {CALL_TIMEOUT:.0f} s")
    if not result.is_error:
        expect(result.structured_content is not None, f"{label}: {name} {arguments}: no structured content")
        text = result.content[0].text if result.content else ""
        expect(json.loads(text) == result.structured_content, f"{label}: {name} {arguments}: the text content is not the structured content's JSON")
    return result


async def exercise_arguments(label, list_tools, call_tool, scratch):
    """Every tool with each argument: a good value (a result) and a bad one (an error); returns
    (calls, good values)."""
    calls = results = 0
    serial = iter(range(1_000_000))

    def base(name, argument):
        arguments = dict(BASE[name])
        if name == "import":
            arguments = {"log": os.path.relpath(os.path.join(scratch, "console.txt"), ROOT),
                         "output": os.path.relpath(os.path.join(scratch, f"arguments-{next(serial)}.jsonl"), ROOT)}
            if argument in XCTRACE_ONLY:
                arguments.update({"log": XCTRACE_EXPORT, "from": "xctrace"})
        if argument == "conn":
            arguments["trace"] = LISTENED
        return arguments

    for tool in (await list_tools()).tools:
        properties = tool.input_schema.get("properties", {})
        for argument, schema in properties.items():
            good = base(tool.name, argument)
            if argument not in good:
                good[argument] = good_value(argument, schema)
            result = await checked_call(call_tool, label, tool.name, good)
            calls += 1
            expect(not result.is_error, f"{label}: {tool.name} with {argument}={good[argument]!r}: {result.content}")
            results += 1
            bad = {**base(tool.name, argument), argument: bad_value(schema)}
            refused = await checked_call(call_tool, label, tool.name, bad)
            calls += 1
            expect(refused.is_error, f"{label}: {tool.name} took a bad {argument}: {bad[argument]!r}")
    for arguments in [{"trace": STATE, "view": "**"}, {"trace": STATE, "view": "MyView/MyScrollView", "eval": 11}]:
        result = await checked_call(call_tool, label, "why", arguments)
        calls += 1
        expect(not result.is_error and result.structured_content["schema"] == "tracer-why/1", f"{label}: why {arguments}: {result.content}")
    listings = []
    for _ in range(3):
        listing = await checked_call(call_tool, label, "list_traces", {})
        calls += 1
        listings.append(listing.structured_content["traces"])
    expect(listings[0] and listings[0] == listings[1] == listings[2], f"{label}: list_traces answered differently on three calls")
    return calls, results


async def with_session(params, tracectl, scratch):
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            started = time.monotonic()
            await session.initialize()
            connected = time.monotonic() - started
            calls = await exercise("ClientSession", session.list_tools, session.list_resources, session.call_tool, tracectl, scratch)
            argument_calls, results = await exercise_arguments("ClientSession", session.list_tools, session.call_tool, scratch)
            print(f"check-mcp: every tool with each argument: {argument_calls} calls returned, {results} good values gave a result, each bad one an error")
    return connected, calls + argument_calls


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
