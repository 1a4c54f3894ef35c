#!/usr/bin/env bash
# Builds the DocC documentation of every library a user links or reads (Tracer, TracerCore,
# TraceAnalysis, TracerSwiftUI) from the built modules' symbol graphs and the catalogs
# (Sources/MODULE/MODULE.docc), with every DocC warning an error; serves the static site on
# loopback and checks in headless Chromium that each landing page and one article of each catalog
# render their title and at least one link to a symbol; and fails on a public declaration written in
# Sources/ without a doc comment (scripts/check-doc-coverage.py).
#
#   scripts/check-docs.sh [--bin DIR] [--out DIR]   (DIR: the release build, default .build/release;
#                                                    --out: where the site goes, default .build/docs)
#   scripts/check-docs.sh --self-test               the coverage check fails on an undocumented
#                                                    declaration and passes once it is documented
#
# TracerSwiftUI is empty on Linux: its symbol graph comes from the stand-in package that
# scripts/check-swiftui-adapter.sh generates and builds in .build-swiftui (run first when missing).
# TraceFormat is no product; TraceAnalysis re-exports it, so its symbols are documented on
# TraceAnalysis's pages (its graph is renamed to TraceAnalysis's module before the conversion).
# Exit status: 0 all good, 1 a check failed, 2 setup.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
bin=.build/release
site=.build/docs
self_test=0
while (($#)); do
  case $1 in
    --bin) bin=$2; shift 2 ;;
    --out) site=$2; shift 2 ;;
    --self-test) self_test=1; shift ;;
    *) echo "check-docs: unknown argument $1" >&2; exit 2 ;;
  esac
done
work=$(mktemp -d "${TMPDIR:-/tmp}/check-docs.XXXXXX")
server=
cleanup() {
  if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
target=$(swiftc -print-target-info | python3 -c 'import json, sys; print(json.load(sys.stdin)["target"]["triple"])')

# extract MODULE PRODUCTS OUT: the public symbol graph of a built module, as users see it.
extract() {
  local module=$1 products=$2 out=$3 maps=()
  # NB: C targets (TracerTicks) are found through the module maps SwiftPM generated for them.
  for map in "$products"/*.build/module.modulemap; do [ -f "$map" ] && maps+=(-Xcc "-fmodule-map-file=$map"); done
  mkdir -p "$out"
  swift-symbolgraph-extract -module-name "$module" -target "$target" -I "$products/Modules" "${maps[@]}" \
    -minimum-access-level public -skip-synthesized-members -emit-extension-block-symbols \
    -output-dir "$out"
}

if ((self_test)); then
  # NB: a module of one documented and one undocumented declaration, under a Sources/ of its own.
  mkdir -p "$work/fixture/Sources/Fixture" "$work/fixture/build/Modules"
  cat >"$work/fixture/Sources/Fixture/Fixture.swift" <<'SWIFT'
/// Documented.
public struct Documented {
    /// Documented too.
    public init() {}
}

public func undocumented() {}
SWIFT
  swiftc -emit-module -module-name Fixture -emit-module-path "$work/fixture/build/Modules/Fixture.swiftmodule" \
    "$work/fixture/Sources/Fixture/Fixture.swift"
  extract Fixture "$work/fixture/build" "$work/fixture/graphs"
  if scripts/check-doc-coverage.py --root "$work/fixture" "$work/fixture/graphs" >"$work/found.txt"; then
    echo "check-docs: self-test FAILED: an undocumented function passed the coverage check" >&2; exit 1
  fi
  grep -q 'Fixture.undocumented() (Function) has no doc comment' "$work/found.txt" \
    || { echo "check-docs: self-test FAILED: the finding does not name Fixture.undocumented():" >&2; cat "$work/found.txt" >&2; exit 1; }
  [ "$(grep -c 'has no doc comment' "$work/found.txt")" -eq 1 ] \
    || { echo "check-docs: self-test FAILED: documented declarations were reported:" >&2; cat "$work/found.txt" >&2; exit 1; }
  sed -i 's|^public func undocumented|/// Documented now.\npublic func undocumented|' "$work/fixture/Sources/Fixture/Fixture.swift"
  swiftc -emit-module -module-name Fixture -emit-module-path "$work/fixture/build/Modules/Fixture.swiftmodule" \
    "$work/fixture/Sources/Fixture/Fixture.swift"
  rm -rf "$work/fixture/graphs"
  extract Fixture "$work/fixture/build" "$work/fixture/graphs"
  scripts/check-doc-coverage.py --root "$work/fixture" "$work/fixture/graphs" >/dev/null \
    || { echo "check-docs: self-test FAILED: a documented module failed the coverage check" >&2; exit 1; }
  echo "check-docs: self-test ok (an undocumented public function fails the coverage check, its doc comment passes it)"
  exit 0
fi

[ -d "$bin/Modules" ] || { echo "check-docs: $bin/Modules is missing: build first (swift build -c release)" >&2; exit 2; }
adapter=.build-swiftui/.build/debug
if [ ! -e "$adapter/Modules/TracerSwiftUI.swiftmodule" ]; then scripts/check-swiftui-adapter.sh; fi

echo "check-docs: symbol graphs"
graphs=$work/graphs
# NB: every Swift library module under Sources, for the coverage; the catalogs use their own.
for module in TracerCore Tracer TraceFormat TraceAnalysis TraceSupport TraceImport TraceCapture TracerSwiftUICore TracectlCommands; do
  extract "$module" "$bin" "$graphs/$module"
done
# NB: TracerTesting imports Testing, which the static release build (.ci/run's) cannot link: the
# adapter's package builds it, as it builds TracerSwiftUI.
extract TracerSwiftUI "$adapter" "$graphs/TracerSwiftUI"
extract TracerTesting "$adapter" "$graphs/TracerTesting"
# NB: the re-exported reading layer, documented as part of the facade a user of TraceAnalysis sees.
python3 - "$graphs/TraceFormat/TraceFormat.symbols.json" "$graphs/TraceAnalysis/TraceAnalysis+TraceFormat.symbols.json" <<'PYTHON'
import json, sys
graph = json.load(open(sys.argv[1]))
graph["module"]["name"] = "TraceAnalysis"
json.dump(graph, open(sys.argv[2], "w"))
PYTHON

echo "check-docs: doc comments"
coverage_dirs=()
for module in TracerCore Tracer TraceFormat TraceAnalysis TraceSupport TraceImport TraceCapture TracerSwiftUICore TracerTesting TracectlCommands TracerSwiftUI; do
  coverage_dirs+=("$graphs/$module")
done
# NB: the renamed TraceFormat graph is TraceFormat's symbols again: counted once, by location.
# NB: a finding fails the run at its end, after the site is built and checked.
failed=0
scripts/check-doc-coverage.py --root "$root" "${coverage_dirs[@]}" || failed=1

echo "check-docs: docc convert (warnings are errors)"
rm -rf "$site"
mkdir -p "$site"
catalogs=(TracerCore Tracer TraceAnalysis TracerSwiftUI)
for module in "${catalogs[@]}"; do
  # NB: only the module's own graph and those of the types it extends (MODULE@OTHER).
  mkdir -p "$work/convert/$module"
  cp "$graphs/$module/$module"*.symbols.json "$work/convert/$module/"
  if ! docc convert "Sources/$module/$module.docc" --additional-symbol-graph-dir "$work/convert/$module" \
      --fallback-display-name "$module" --fallback-bundle-identifier "tracer.$module" \
      --transform-for-static-hosting --hosting-base-path "$module" --warnings-as-errors \
      --output-path "$site/$module" >"$work/docc-$module.log" 2>&1; then
    cat "$work/docc-$module.log" >&2
    echo "check-docs: docc convert of $module failed" >&2
    exit 1
  fi
  warnings=$(grep -c 'warning:' "$work/docc-$module.log" || true)
  echo "check-docs: $module: $warnings warning(s)"
  [ "$warnings" -eq 0 ] || { cat "$work/docc-$module.log" >&2; exit 1; }
done

echo "check-docs: the site in headless Chromium"
# NB: the catalogs' sites side by side under one root, each under its hosting base path.
python3 -u -m http.server --bind 127.0.0.1 --directory "$site" 0 >"$work/server.log" 2>&1 &
server=$!
port=
for _ in $(seq 50); do
  port=$(sed -n 's/.* port \([0-9]*\).*/\1/p' "$work/server.log" | head -1)
  [ -n "$port" ] && break
  sleep 0.1
done
[ -n "$port" ] || { echo "check-docs: the HTTP server did not start:" >&2; cat "$work/server.log" >&2; exit 2; }

# check MODULE PAGE TITLE: the rendered page has TITLE in its heading and a link to a symbol page.
check() {
  local module=$1 page=$2 title=$3 lower dom
  lower=$(echo "$module" | tr '[:upper:]' '[:lower:]')
  dom=$work/dom-$module-${page//\//-}.html
  chromium --headless --disable-gpu --no-sandbox --no-first-run --user-data-dir="$work/profile" \
    --virtual-time-budget=10000 --dump-dom "http://127.0.0.1:$port/$module/documentation/$lower/$page" \
    >"$dom" 2>"$work/chromium.log" || true
  if ! grep -q "<h1[^>]*>[^<]*\(<[^>]*>\)*$title" "$dom"; then
    echo "check-docs: $module/$page: FAILED: no heading '$title' in the rendered DOM" >&2; failed=1; return
  fi
  # NB: a symbol link renders as a link to the symbol's page holding its name in code voice.
  if ! grep -q "href=\"/$module/documentation/$lower/[a-z0-9_()-]*\"[^>]*>\(<[^>]*>\)*<code" "$dom"; then
    echo "check-docs: $module/$page: FAILED: no link to a symbol in the rendered DOM" >&2; failed=1; return
  fi
  echo "check-docs: $module/$page: ok: '$title' and a symbol link"
}
check TracerCore "" TracerCore
check TracerCore eventschema "The event schema"
check Tracer "" Tracer
check Tracer instrumentingcode "Instrumenting code"
check TraceAnalysis "" TraceAnalysis
check TraceAnalysis writinganexporter "Writing an exporter"
check TracerSwiftUI "" TracerSwiftUI
check TracerSwiftUI profilingaswiftuiapp "Profiling your SwiftUI app"
((failed == 0)) || exit 1
echo "check-docs: ok (the site is in $site)"
