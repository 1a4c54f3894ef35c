#!/usr/bin/env bash
# compare-builds.sh OLD_BIN NEW_BIN [BIG_TRACE]: every tracectl command in every format, run by two
# builds on the same inputs, compared byte for byte (stdout, stderr, exit status).
#
# The inputs: every built-in scenario's traces (recorded by each build and compared with the header's
# pid removed; the old build's copies are then read by both), the fixture traces and imports, and
# BIG_TRACE (e.g. the 2M-event peer trace: python3 ../shared/peers/gen_trace.py 2000000).
# Prints one line per difference and exits 1 when there is one.
set -euo pipefail
old=$1 new=$2 big=${3:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$(dirname "$0")/.."
differences=0

# run NAME ARGS...: runs `tracectl ARGS` with each build, compares what each printed and its status.
run() {
  local name=$1 side bin
  shift
  for side in old new; do
    if [ $side = old ]; then bin=$old; else bin=$new; fi
    local out="$work/$side.$name"
    set +e
    "$bin/tracectl" "$@" > "$out.stdout" 2> "$out.stderr"
    echo $? > "$out.status"
    set -e
    # NB: paths in the output name the side's own output directory.
    # NB: both read the traces the old build recorded; each writes into its own directory.
    sed -i -e "s#$work/old#WORK#g" -e "s#$work/$side#WORK#g" "$out.stdout" "$out.stderr"
  done
  local part
  for part in stdout stderr status; do
    if ! cmp -s "$work/old.$name.$part" "$work/new.$name.$part"; then
      echo "differs: $part of tracectl $*"
      differences=$((differences + 1))
    fi
  done
}

# A trace recorded by both builds: identical but for the header's pid.
mkdir -p "$work/old" "$work/new"
for side in old new; do
  if [ $side = old ]; then bin=$old; else bin=$new; fi
  for scenario in $("$old/tracectl" record --list | awk '/^[a-z]/ {print $1}'); do
    "$bin/tracectl" record "$scenario" -o "$work/$side/" > /dev/null 2>&1
  done
done
for trace in "$work"/old/*.jsonl; do
  name=${trace##*/}
  if ! cmp -s <(sed '1s/"pid":[0-9]*//' "$trace") <(sed '1s/"pid":[0-9]*//' "$work/new/$name"); then
    echo "differs: the recorded trace $name"
    differences=$((differences + 1))
  fi
done

mapfile -t fixtures < <(find Fixtures/Traces -name "*.jsonl" | sort)
traces=("$work"/old/*.jsonl "${fixtures[@]}")
[ -n "$big" ] && traces+=("$big")
for trace in "${traces[@]}"; do
  [ -f "$trace" ] || continue
  id=${trace//\//_}
  for format in text json markdown html; do run "report.$format.$id" report "$trace" --format "$format"; done
  run "report.sorted.$id" report "$trace" --sort time --top 5
  for format in folded svg text speedscope; do
    for weight in evals time wasted; do run "flame.$format.$weight.$id" flame "$trace" --format "$format" --weight "$weight"; done
  done
  for format in text json dot mermaid; do run "graph.$format.$id" graph "$trace" --format "$format"; done
  for format in text json markdown; do run "advise.$format.$id" advise "$trace" --format "$format"; done
  for format in chrome speedscope; do run "export.$format.$id" export "$trace" --format "$format"; done
  run "validate.$id" validate "$trace"
  for format in text json markdown; do run "why.$format.$id" why "$trace" '**' --format "$format" --top 3; done
  run "why.row.$id" why "$trace" '**/Row[7]' --format json
  run "check.write.$id" check "$trace" --write-budget -
  for format in text json markdown; do
    run "check.$format.$id" check "$trace" --budget Fixtures/Budgets/scroll-offset.json --format "$format"
  done
done

# diff on every pair of one scenario's variants, and on the big trace against itself.
for base in "$work"/old/*.jsonl; do
  scenario=${base##*/}; scenario=${scenario%%.*}
  for variant in "$work"/old/"$scenario".*.jsonl; do
    [ "$base" = "$variant" ] && continue
    for format in text json markdown folded svg html mermaid dot; do
      run "diff.$format.${base##*/}.${variant##*/}" diff "$base" "$variant" --format "$format" --force
    done
  done
done
if [ -n "$big" ]; then
  for format in text json markdown; do run "diff.big.$format" diff "$big" "$big" --format "$format"; done
fi

# Imports: every fixture log and export.
mapfile -t inputs < <(find Fixtures/Imports -maxdepth 3 -mindepth 1 -not -path '*/bad/*' -not -name README.md | sort)
for input in "${inputs[@]}" Fixtures/Imports/bad/* Fixtures/Imports/xctrace/bad/*; do
  [ -e "$input" ] || continue
  run "import.${input//\//_}" import "$input" --output -
done
echo "compare-builds: $differences difference(s)"
[ "$differences" -eq 0 ]
