#!/usr/bin/env bash
# Builds tracectl with the Swift runtime and Foundation linked in and writes it as a SwiftPM
# artifact bundle (SE-0305, info.json schemaVersion 1.0), which a package can declare as
# `.binaryTarget(name: "tracectl", path: "tracectl.artifactbundle")` (or a URL and checksum of its
# zip) and a plugin run without compiling tracectl.
#
#   [SCRATCH=DIR] scripts/build-artifactbundle.sh [BUNDLE]   (default: SCRATCH/tracectl.artifactbundle)
#
# Each machine adds its own variant to BUNDLE and rewrites info.json to list every variant the
# bundle holds; copy the variant directories of the other machines into one bundle and run the
# script once more to list them all:
#
#   variant directory                       built on           supportedTriples
#   tracectl-VERSION-x86_64-linux-gnu       Linux x86_64       x86_64-unknown-linux-gnu
#   tracectl-VERSION-aarch64-linux-gnu      Linux aarch64      aarch64-unknown-linux-gnu
#   tracectl-VERSION-macos                  macOS (universal)  arm64-apple-macosx, x86_64-apple-macosx
#
# On Linux the binary needs no toolchain (--static-swift-stdlib: only the C library and the
# system's libraries are loaded); macOS has the Swift runtime in the OS, so its variant is a
# universal binary built with `--arch arm64 --arch x86_64` instead (not built here: no Mac).
#
# The version is the binary's own (`tracectl --version`, TracectlVersion.number: the one constant
# the MCP server's serverInfo gives too); the commit is compiled in from TRACER_COMMIT (default:
# this checkout's HEAD, "-dirty" when the sources differ from it).
#
# SCRATCH is the build directory (default .build-static, scripts/compare-peers.sh's, so the two share
# a build): a `swift build -c release --static-swift-stdlib` made there before, with the same
# TRACER_COMMIT, is reused as it is (the product filter changes no target's flags).
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=${SCRATCH:-.build-static}
bundle=${1:-$scratch/tracectl.artifactbundle}
if [ -z "${TRACER_COMMIT:-}" ]; then
  TRACER_COMMIT=$(git rev-parse HEAD)
  git diff --quiet HEAD -- Package.swift Sources || TRACER_COMMIT+=-dirty
fi
export TRACER_COMMIT

case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) variant=x86_64-linux-gnu; flags=(--static-swift-stdlib) ;;
  Linux-aarch64) variant=aarch64-linux-gnu; flags=(--static-swift-stdlib) ;;
  Darwin-*) variant=macos; flags=(--arch arm64 --arch x86_64) ;;
  *) echo "build-artifactbundle: no variant for $(uname -s) $(uname -m)" >&2; exit 2 ;;
esac
build=(swift build -c release --product tracectl --scratch-path "$scratch" "${flags[@]}")
"${build[@]}" >/dev/null
binary=$("${build[@]}" --show-bin-path)/tracectl
version=$("$binary" --version | sed -n '1s/^tracectl \([^ ]*\) .*/\1/p')
[ -n "$version" ] || { echo "build-artifactbundle: '$binary --version' names no version" >&2; exit 1; }

mkdir -p "$bundle/tracectl-$version-$variant/bin"
# NB: a copy, not a link: the bundle leaves the machine.
cp "$binary" "$bundle/tracectl-$version-$variant/bin/tracectl"
# NB: symbols stripped on Linux (a third of the size); the release build's crash traces name no
# function then, which a CI gate does not need.
[ "$(uname -s)" != Linux ] || strip "$bundle/tracectl-$version-$variant/bin/tracectl"

# info.json: every variant directory of this version in the bundle, with the triples it runs on.
python3 - "$bundle" "$version" <<'PY'
import json, os, sys
bundle, version = sys.argv[1], sys.argv[2]
triples = {
    "x86_64-linux-gnu": ["x86_64-unknown-linux-gnu"],
    "aarch64-linux-gnu": ["aarch64-unknown-linux-gnu"],
    "macos": ["arm64-apple-macosx", "x86_64-apple-macosx"],
}
prefix = f"tracectl-{version}-"
variants = [
    {"path": f"{name}/bin/tracectl", "supportedTriples": triples[name[len(prefix):]]}
    for name in sorted(os.listdir(bundle))
    if name.startswith(prefix) and name[len(prefix):] in triples
]
info = {"schemaVersion": "1.0", "artifacts": {"tracectl": {"version": version, "type": "executable", "variants": variants}}}
with open(os.path.join(bundle, "info.json"), "w") as file:
    json.dump(info, file, indent=2)
    file.write("\n")
PY
echo "build-artifactbundle: $bundle (tracectl $version, $("$binary" --version | sed -n 2p), $variant: $(du -k "$bundle/tracectl-$version-$variant/bin/tracectl" | cut -f1) KB)"
