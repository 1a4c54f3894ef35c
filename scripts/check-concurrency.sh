#!/usr/bin/env bash
# Runs the concurrency tests under ThreadSanitizer, building only what they need.
#
#   scripts/check-concurrency.sh SUITE...     each SUITE a test suite's type name (RecorderTests …)
#
# `swift test --sanitize=thread` in the root package builds every module and every test file with
# ThreadSanitizer, though only the concurrency suites run. This script generates a package in
# .build-tsan/ (Sources/, Fixtures/ and Examples/ linked to the real directories; its manifest
# written by scripts/subset-package.py from the root's) whose test targets hold the files declaring
# the suites named, beside every file of the same test target that declares no test (its support
# code), and runs those suites in it. The files are the root package's own, linked, not copies: a test changed there runs here. The
# suites run are those `swift test --filter 'SUITE|…'` runs in the root package.
set -euo pipefail
cd "$(dirname "$0")/.."
(($#)) || { echo "usage: scripts/check-concurrency.sh SUITE..." >&2; exit 2; }
root=$PWD
work=$root/.build-tsan
rm -rf "$work/Sources" "$work/Tests"
mkdir -p "$work/Sources" "$work/Tests"
link() { mkdir -p "$(dirname "$work/$2")"; ln -sfn "$root/$1" "$work/$2"; }
for target in Sources/*/; do link "${target%/}" "${target%/}"; done
link Fixtures Fixtures
link Examples Examples
link Tests/TracerTestSupport Tests/TracerTestSupport
link Tests/ScenarioTestSupport Tests/ScenarioTestSupport

# NB: swift test --filter matches a test's identifier, which holds its type's and its file's names:
# the files named like a pattern or declaring a type that matches one hold every test the filter
# selects. Each is linked, with the files of its test target that declare no test (its support).
pattern=$(IFS='|'; echo "$*")
mapfile -t files < <({ find Tests -name '*.swift' | grep -E "/[^/]*($pattern)[^/]*$"
  grep -rlE "(struct|class|enum) [A-Za-z]*($pattern)" Tests --include='*.swift'; } | sort -u)
((${#files[@]})) || { echo "check-concurrency: no test file matches $pattern" >&2; exit 2; }
for file in "${files[@]}"; do link "$file" "$file"; done
mapfile -t targets < <(printf '%s\n' "${files[@]}" | cut -d/ -f2 | sort -u)
for target in "${targets[@]}"; do
  while IFS= read -r support; do link "$support" "$support"; done < <(grep -rLE '@(Test|Suite)\b' "Tests/$target" --include='*.swift')
  [ ! -d "Tests/$target/Golden" ] || link "Tests/$target/Golden" "Tests/$target/Golden"
done
swift package dump-package | scripts/subset-package.py "$work" > "$work/Package.swift"
echo "check-concurrency: the test targets ${targets[*]} (${#files[@]} files) under ThreadSanitizer"

cd "$work"
log=$work/test.log
swift test --sanitize=thread --filter "$pattern" >"$log" 2>&1 \
  || { tail -80 "$log"; exit 1; }
grep -E '^(✔|✘|━) Test run' "$log"
