#!/usr/bin/env bash
# Loads a Tracer HTML page in headless Chromium and checks that its script ran: the per-view table,
# the flame graph and the timeline are in the rendered DOM, the page's ready marker is there, the
# page shows no error banner and the console no uncaught error; on a report page, each view row's
# "why" link leads to that view's why section in the page. Saves a screenshot and prints its path.
#
#   scripts/check-html.sh [PAGE.html] [SCREENSHOT.png] [why]
#
# Without PAGE, writes with the built tracectl (TRACECTL=path/to/tracectl to choose one; default
# .build/debug/tracectl) the report page and the diff page of the visual fixtures and the diff page
# of the recorded seed-000 traces into CHECK_HTML_OUT (default .build/check-html), and checks each;
# a page tracectl cannot write is a failure.
# Installs Debian's chromium when it is missing. Exit status: 0 all good, 1 a check failed, 2 setup.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/check-html.XXXXXX")"
trap 'rm -rf "$work"' EXIT

if ! command -v chromium >/dev/null 2>&1; then
    echo "check-html: installing chromium" >&2
    if ! { apt-get update >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium >/dev/null; }; then
        echo "check-html: cannot install chromium" >&2; exit 2
    fi
fi

browser() {
    # NB: a fresh profile per run; --virtual-time-budget lets the page's script finish before the dump.
    chromium --headless --disable-gpu --no-sandbox --no-first-run --user-data-dir="$work/profile" \
        --virtual-time-budget=5000 "$@"
}

# check PAGE SCREENSHOT [why]: runs the page, checks the DOM and the console (with why: the rows'
# links to the views' why sections), saves a screenshot. Returns 1 when any check failed.
check() {
    local page="$1" screenshot="$2" links="${3:-}" name failed=0
    name="$(basename "$page")"
    if [ ! -s "$page" ]; then
        echo "check-html: $name: FAILED: no page at $page" >&2
        return 1
    fi
    local url
    url="file://$(cd "$(dirname "$page")" && pwd)/$(basename "$page")"
    if ! browser --enable-logging=stderr --v=0 --dump-dom "$url" >"$work/dom.html" 2>"$work/console.log"; then
        echo "check-html: $name: FAILED: chromium could not load the page" >&2
        tail -5 "$work/console.log" >&2
        failed=1
    fi
    expect() {
        if grep -q -- "$1" "$work/dom.html"; then
            echo "check-html: $name: ok: $2"
        else
            echo "check-html: $name: FAILED: $2 (no '$1' in the rendered DOM)" >&2
            failed=1
        fi
    }
    refuse() {
        if grep -q -- "$1" "$work/dom.html"; then
            echo "check-html: $name: FAILED: $2 ('$1' in the rendered DOM)" >&2
            failed=1
        fi
    }
    expect 'id="tracer-ready"' "the page script ran to the end"
    expect '<table id="view-table"><thead>' "the per-view table was built"
    expect 'class="view-row"' "the per-view table has rows"
    expect 'data-flame-ready="true"' "the flame graph script ran"
    expect 'class="frame"' "the flame graph has frames"
    expect 'class="timeline-chart"' "the timeline was drawn"
    refuse 'class="error"' "the page reported a script error"
    refuse '<script>alert' "a trace name became markup"
    if [ "$links" = why ]; then
        expect 'class="why-link"' "the view rows link to their why sections"
        expect '<section class="why"' "the why sections are in the page"
        # NB: each link's target must be an element of the rendered page (an anchor that leads nowhere fails).
        local target missing=""
        while read -r target; do
            grep -q "id=\"$target\"" "$work/dom.html" || missing="$missing $target"
        done < <(grep -o 'class="why-link" href="#[^"]*"' "$work/dom.html" | sed 's/.*href="#//; s/"$//' | sort -u)
        if [ -n "$missing" ]; then
            echo "check-html: $name: FAILED: every why link has its section (none for:$missing)" >&2
            failed=1
        else
            echo "check-html: $name: ok: every why link has its section"
        fi
    fi
    # NB: console messages are the log lines tagged CONSOLE; an uncaught error or a CSP refusal shows there.
    if grep 'CONSOLE' "$work/console.log" | grep -E "Uncaught|SyntaxError|TypeError|ReferenceError|Refused to" >&2; then
        echo "check-html: $name: FAILED: script errors on the console (above)" >&2
        failed=1
    else
        echo "check-html: $name: ok: no script error on the console"
    fi
    rm -f "$screenshot"
    browser --hide-scrollbars --window-size=1400,1600 --screenshot="$screenshot" "$url" >/dev/null 2>&1 || true
    if [ -s "$screenshot" ]; then
        echo "check-html: $name: screenshot $screenshot"
    else
        echo "check-html: $name: FAILED: no screenshot at $screenshot" >&2
        failed=1
    fi
    return $failed
}

if [ $# -ge 1 ]; then
    check "$1" "${2:-${1%.html}.png}" "${3:-}" && exit 0 || exit 1
fi

tracectl="${TRACECTL:-$root/.build/debug/tracectl}"
[ -x "$tracectl" ] || { echo "check-html: no tracectl at $tracectl (build it, or set TRACECTL)" >&2; exit 2; }
visual="$root/Fixtures/Traces/visual"
scenarios="$root/Fixtures/Traces/scenarios"
out="${CHECK_HTML_OUT:-$root/.build/check-html}"
mkdir -p "$out"
status=0

# page NAME TRACECTL-ARGS...: writes $out/NAME.html with tracectl and checks it; any failure fails the run.
page() {
    local name="$1"
    shift
    rm -f "$out/$name.html"
    if ! "$tracectl" "$@" --format html -o "$out/$name.html"; then
        echo "check-html: $name.html: FAILED: 'tracectl $*' exited with an error" >&2
        status=1
        return
    fi
    check "$out/$name.html" "$out/$name.png" "$([ "$1" = report ] && echo why)" || status=1
}

page report report "$visual/state.jsonl"
page diff diff "$visual/state.jsonl" "$visual/view-storage.jsonl"
page scroll-offset.diff diff "$scenarios/scroll-offset.state.jsonl" "$scenarios/scroll-offset.view-storage.jsonl"
if [ $status -eq 0 ]; then echo "check-html: all pages ok"; else echo "check-html: FAILED" >&2; fi
exit $status
