#!/usr/bin/env python3
"""Fails on a public or open declaration written in Sources/ that has no doc comment of its own.

Reads the symbol graphs (`*.symbols.json`) in the directories given, as `swift-symbolgraph-extract`
writes them with `-minimum-access-level public -skip-synthesized-members`: members the compiler
synthesizes or a type inherits (through a superclass or a protocol's default implementation) are
not in them. A member that implements a documented protocol requirement (`description`, `body`,
`hash(into:)`) carries the requirement's doc comment, as DocC shows it, and counts as documented.
An extension block is no declaration of its own. A symbol counts when its location lies under
ROOT/Sources, once, whichever graphs hold it (a module's graph renamed into the module that
re-exports it holds the same declarations again).

Usage: scripts/check-doc-coverage.py --root ROOT GRAPH_DIR…
Prints each undocumented declaration as `FILE:LINE: MODULE.PATH (KIND) has no doc comment` and a
count; exits 1 when there is one, 0 otherwise.
"""
import glob
import json
import os
import sys


def undocumented(graph_directories, sources):
    """The (file, line, name, kind) of every public declaration under SOURCES without a doc comment."""
    found = {}
    for directory in graph_directories:
        for path in sorted(glob.glob(os.path.join(directory, "*.symbols.json"))):
            graph = json.load(open(path, encoding="utf-8"))
            module = graph["module"]["name"]
            for symbol in graph.get("symbols", []):
                if symbol.get("accessLevel") not in ("public", "open") or symbol["kind"]["identifier"] == "swift.extension":
                    continue
                uri = symbol.get("location", {}).get("uri", "")
                file = uri[len("file://"):] if uri.startswith("file://") else uri
                if not os.path.realpath(file).startswith(sources + os.sep):
                    continue
                if symbol.get("docComment", {}).get("lines"):
                    continue
                line = symbol["location"]["position"]["line"] + 1
                path = ".".join(symbol["pathComponents"])
                found.setdefault((os.path.realpath(file), line, path), (module, symbol["kind"]["displayName"]))
    return sorted((file, line, f"{module}.{path}", kind) for (file, line, path), (module, kind) in found.items())


def main():
    arguments = sys.argv[1:]
    if len(arguments) < 3 or arguments[0] != "--root":
        raise SystemExit("usage: scripts/check-doc-coverage.py --root ROOT GRAPH_DIR…")
    root = os.path.realpath(arguments[1])
    missing = undocumented(arguments[2:], os.path.join(root, "Sources"))
    for file, line, name, kind in missing:
        print(f"{os.path.relpath(file, root)}:{line}: {name} ({kind}) has no doc comment")
    print(f"check-doc-coverage: {len(missing)} public declaration(s) without a doc comment")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
