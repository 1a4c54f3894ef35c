#!/usr/bin/env bash
# Loads a Tracer HTML page in headless Chromium and checks that its script ran: the per-view table
# and the flame graph are in the rendered DOM, the page's ready marker is there, and the console
# shows no uncaught error. Saves a screenshot.
#
#   scripts/check-html.sh [PAGE.html] [SCREENSHOT.png]
#
# Without PAGE, generates the report and the diff page of the visual fixtures with the built
# tracectl (TRACECTL=path/to/tracectl to choose one; default .build/debug/tracectl) and checks both.
# Installs Debian's chromium when it is missing. Exit status: 0 all good, 1 a check failed, 2 setup.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/check-html.XXXXXX")"
trap 'rm -rf "$work"' EXIT

if ! command -v chromium >/dev/null 2>&1; then
    echo "check-html: installing chromium" >&2
    apt-get update >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium >/dev/null \
        || { echo "check-html: cannot install chromium" >&2; exit 2; }
fi

browser() {
    # NB: a fresh profile per run; --virtual-time-budget lets the page's script finish before the dump.
    chromium --headless --disable-gpu --no-sandbox --no-first-run --user-data-dir="$work/profile" \
        --virtual-time-budget=5000 "$@"
}

# check PAGE SCREENSHOT: runs the page, checks the DOM and the console, saves a screenshot.
check() {
    local page="$1" screenshot="$2" name
    name="$(basename "$page")"
    local url="file://$(cd "$(dirname "$page")" && pwd)/$(basename "$page")"
    browser --enable-logging=stderr --v=0 --dump-dom "$url" >"$work/dom.html" 2>"$work/console.log" || true
    local failed=0
    expect() {
        if grep -q -- "$1" "$work/dom.html"; then
            echo "check-html: $name: ok: $2"
        else
            echo "check-html: $name: FAILED: $2 (no '$1' in the rendered DOM)" >&2
            failed=1
        fi
    }
    expect 'id="tracer-ready"' "the page script ran to the end"
    expect 'class="view-row"' "the per-view table has rows"
    expect 'data-flame-ready="true"' "the flame graph script ran"
    expect 'class="frame"' "the flame graph has frames"
    expect 'class="timeline-chart"' "the timeline was drawn"
    if grep -q '<script>alert' "$work/dom.html"; then
        echo "check-html: $name: FAILED: a trace name became markup" >&2
        failed=1
    fi
    if grep -E "Uncaught|SyntaxError|TypeError|ReferenceError|Refused to" "$work/console.log" >&2; then
        echo "check-html: $name: FAILED: script errors on the console (above)" >&2
        failed=1
    else
        echo "check-html: $name: ok: no script error on the console"
    fi
    browser --hide-scrollbars --window-size=1400,1000 --screenshot="$screenshot" "$url" >/dev/null 2>&1 || true
    if [ -s "$screenshot" ]; then
        echo "check-html: $name: screenshot $screenshot"
    else
        echo "check-html: $name: FAILED: no screenshot" >&2
        failed=1
    fi
    return $failed
}

if [ $# -ge 1 ]; then
    check "$1" "${2:-${1%.html}.png}"
    exit $?
fi

tracectl="${TRACECTL:-$root/.build/debug/tracectl}"
[ -x "$tracectl" ] || { echo "check-html: no tracectl at $tracectl (build it, or set TRACECTL)" >&2; exit 2; }
fixtures="$root/Fixtures/Traces/visual"
out="${CHECK_HTML_OUT:-$root/.build/check-html}"
mkdir -p "$out"
"$tracectl" diff "$fixtures/state.jsonl" "$fixtures/view-storage.jsonl" --format html -o "$out/diff.html"
status=0
if "$tracectl" report "$fixtures/state.jsonl" --format html >"$out/report.html" 2>/dev/null; then
    check "$out/report.html" "$out/report.png" || status=1
else
    echo "check-html: 'tracectl report --format html' is not available; checking the diff page only" >&2
fi
check "$out/diff.html" "$out/diff.png" || status=1
exit $status
