#!/usr/bin/env bash
# Runs a libFuzzer target against Tracer's parsers.
#
#   scripts/fuzz.sh TARGET SECONDS     TARGET: trace-line | budget | import | xctrace | arguments | all
#
# `all` links every target, then runs them two at a time (one a core), each for SECONDS.
#
# Builds the library modules with coverage and AddressSanitizer (SwiftPM, into .build-fuzz), links
# the target's harness from Fuzz/ with libFuzzer, seeds a corpus from Fixtures/ (traces, budgets,
# change logs and xctrace exports to import, the command lines of README and the DocC articles) and runs it for SECONDS with leak detection,
# a per-input timeout and an RSS limit. Crashes, leaks and timeouts land in fuzz-artifacts/TARGET/
# and exit non-zero; the number of inputs executed is printed. Every crash found becomes a
# regression case in Fixtures/.
set -euo pipefail
cd "$(dirname "$0")/.."
targets=(trace-line budget import xctrace arguments)
target=${1:-}
seconds=${2:-60}
if [[ -z "$target" || ! "$seconds" =~ ^[0-9]+$ ]] || [[ "$target" != all && " ${targets[*]} " != *" $target "* ]]; then
  echo "usage: scripts/fuzz.sh ${targets[*]// /|}|all SECONDS" >&2
  exit 2
fi
build=.build-fuzz

# build_modules: the library modules, with coverage and AddressSanitizer, once for every target.
build_modules() {
  echo "fuzz: building the modules with -sanitize=fuzzer,address" >&2
  for module in TraceAnalysis TraceImport TraceCapture Scenarios TracerBuildInfo; do
    swift build --build-path "$build" --disable-index-store -Xswiftc -sanitize=fuzzer,address -Xcc -fsanitize=fuzzer-no-link,address \
      --target "$module" >/dev/null
  done
  # NB: the harnesses are compiled as part of this package, so that they may use its `package` API.
  package_name=$(grep -A1 '"-package-name"' "$build/debug/description.json" | sed -n 2p | tr -d ' ",')
  objects() { for module in "$@"; do ls "$build"/debug/"$module".build/*.o; done; }
}

# prepare TARGET: seeds TARGET's corpus and links its binary; its input limit goes to
# $build/fuzz-TARGET.max_len.
prepare() {
  local target=$1 sources linked max_len binary corpus artifacts
  binary="$build/fuzz-$target"
  corpus="$build/corpus/$target"
  artifacts="fuzz-artifacts/$target"
  mkdir -p "$corpus" "$artifacts"
  case "$target" in
    trace-line)
      sources=(Fuzz/TraceLineFuzzer.swift)
      mapfile -t linked < <(objects TracerTicks TracerCore TraceSupport TraceFormat TraceAnalysis)
      # NB: seeds up to 64 KiB (larger traces would only slow every input down);
      # inputs up to 16 KiB, enough for every line shape and a few transactions.
      find Fixtures/Traces -name '*.jsonl' -size -64k -exec cp {} "$corpus/" \;
      max_len=16384 ;;
    budget)
      sources=(Fuzz/BudgetFuzzer.swift)
      mapfile -t linked < <(objects TracerTicks TracerCore TraceSupport TraceFormat TraceAnalysis)
      find Fixtures/Budgets Fixtures -maxdepth 2 -name '*.json' -exec cp {} "$corpus/" \;
      max_len=16384 ;;
    import)
      sources=(Fuzz/ImportFuzzer.swift)
      mapfile -t linked < <(objects TracerTicks TracerCore TraceSupport TraceFormat TraceAnalysis TraceImport)
      find Fixtures/Imports -type f -exec cp {} "$corpus/" \;
      max_len=16384 ;;
    xctrace)
      sources=(Fuzz/XctraceFuzzer.swift)
      mapfile -t linked < <(objects TracerTicks TracerCore TraceSupport TraceFormat TraceImport)
      # NB: seeds up to 64 KiB: the reader's and the import's fixtures (tables, TOCs, bad inputs).
      find Fixtures -name '*.xml' -size -64k -exec cp {} "$corpus/" \;
      # NB: generated seeds of long runs (20,000 comments, 100,000 instructions, elements nested
      # 70,000 deep): the scanner once recursed per comment; inputs up to 1 MB hold such runs.
      run() { printf "%.0s$1" $(seq "$2"); }
      { printf '<?xml version="1.0"?>\n<trace-query-result>'; run '<!---->' 20000; printf '</trace-query-result>\n'; } > "$corpus/seed-comments.xml"
      { printf '<?xml version="1.0"?>\n<trace-query-result>'; run '<?x?>' 100000; printf '</trace-query-result>\n'; } > "$corpus/seed-instructions.xml"
      { printf '<trace-query-result>'; run '<a>' 70000; run '</a>' 70000; printf '</trace-query-result>\n'; } > "$corpus/seed-nested.xml"
      max_len=1048576 ;;
    arguments)
      mapfile -t sources < <(find Sources/TracectlCommands -name '*.swift' | sort)
      sources+=(Fuzz/ArgumentsFuzzer.swift)
      mapfile -t linked < <(objects TracerTicks TracerBuildInfo TracerCore Tracer TraceSupport TraceFormat TraceAnalysis TraceImport TraceCapture Scenarios)
      while IFS= read -r line; do
        printf '%s' "$line" | tr ' ' '\0' > "$corpus/$(printf '%s' "$line" | cksum | cut -d' ' -f1)"
      done < <(grep -ho 'tracectl [a-z][^`"]*' README.md Sources/*/*.docc/*.md | sed 's/^tracectl //' | sort -u)
      max_len=4096 ;;
  esac

  echo "fuzz: linking $binary" >&2
  # NB: the C modules (TracerTicks, TracerBuildInfo) are found by their generated module maps and
  # their include folders.
  local c_flags=() module
  for module in TracerTicks TracerBuildInfo; do
    c_flags+=(-Xcc -fmodule-map-file="$build/debug/$module.build/module.modulemap" -I "Sources/$module/include")
  done
  # NB: the linker warns about every ASan helper it cannot export; those lines are noise.
  swiftc -sanitize=fuzzer,address -parse-as-library -module-name "Fuzz_${target//-/_}" -package-name "$package_name" -g \
    -I "$build/debug/Modules" "${c_flags[@]}" "${sources[@]}" "${linked[@]}" -o "$build/fuzz-$target" 2>&1 \
    | { grep -v "Cannot export local symbol" || true; } >&2
  echo "$max_len" > "$build/fuzz-$target.max_len"
}

# fuzz TARGET: runs TARGET's binary for $seconds s; non-zero when it found a crash, leak or timeout.
fuzz() {
  local target=$1 status=0 executed
  local binary="$build/fuzz-$target" corpus="$build/corpus/$target" artifacts="fuzz-artifacts/$target"
  local log="$build/fuzz-$target.log"
  echo "fuzz: $target for $seconds s (corpus $corpus, $(find "$corpus" -mindepth 1 -maxdepth 1 | wc -l) inputs)" >&2
  ASAN_OPTIONS=detect_leaks=1 "$binary" "$corpus" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -max_len="$(cat "$build/fuzz-$target.max_len")" -artifact_prefix="$artifacts/" -print_final_stats=1 >"$log" 2>&1 || status=$?
  executed=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo 0)
  echo "fuzz: $target: $executed inputs executed in $seconds s, exit status $status"
  if [[ $status -ne 0 ]]; then
    grep -E 'ERROR|SUMMARY|Test unit written' "$log" >&2 || tail -30 "$log" >&2
    return 1
  fi
}

build_modules
if [[ "$target" != all ]]; then
  prepare "$target"
  fuzz "$target"
  exit
fi
# NB: all targets: linked one after another, then run two at a time (one a core), each for its
# full $seconds: the same fuzzing as one after another, in less wall time.
for each in "${targets[@]}"; do prepare "$each"; done
failed=0
running=0
for each in "${targets[@]}"; do
  if (( running == 2 )); then
    wait -n || failed=1
    running=$((running - 1))
  fi
  fuzz "$each" &
  running=$((running + 1))
done
while (( running > 0 )); do
  wait -n || failed=1
  running=$((running - 1))
done
exit "$failed"
