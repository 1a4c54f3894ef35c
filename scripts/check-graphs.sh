#!/usr/bin/env bash
# Renders every cause-graph golden with the renderers people use: each Graphviz file (*.dot) with
# `dot -Tsvg`, each Mermaid file (*.mmd) and each ```mermaid block of a Markdown golden (*.md) with
# Mermaid in headless Chromium. A picture passes when it renders without an error and has exactly the
# nodes its source declares (a name that broke the syntax would add, lose or merge nodes).
#
#   scripts/check-graphs.sh [FILE...]
#
# Without FILE: every *.dot, *.mmd and *.md golden under Tests/*/Golden/graph and Tests/*/Golden/diff.
# Needs `dot` (Debian's graphviz), `chromium` and mermaid.min.js: MERMAID_JS names it (default
# ${XDG_CACHE_HOME:-~/.cache}/tracer/mermaid.min.js, which .ci/run fetches from the PyPI wheel
# artoo-mermaid). Exit status: 0 every picture renders, 1 one does not, 2 a renderer is missing.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
mermaid_js="${MERMAID_JS:-${XDG_CACHE_HOME:-$HOME/.cache}/tracer/mermaid.min.js}"
for tool in dot chromium python3; do
    command -v "$tool" >/dev/null 2>&1 || { echo "check-graphs: $tool is missing" >&2; exit 2; }
done
[ -s "$mermaid_js" ] || { echo "check-graphs: no mermaid.min.js at $mermaid_js (set MERMAID_JS)" >&2; exit 2; }

if [ $# -eq 0 ]; then
    mapfile -t files < <(find "$root"/Tests/*/Golden/graph "$root"/Tests/*/Golden/diff "$root"/Tests/*/Golden/check \
        -type f \( -name '*.dot' -o -name '*.mmd' -o -name '*.md' \) 2>/dev/null | sort)
else
    files=("$@")
fi
work="$(mktemp -d "${TMPDIR:-/tmp}/check-graphs.XXXXXX")"
trap 'rm -rf "$work"' EXIT
failed=0

# Graphviz: renders without a message, with one SVG node per node statement.
for file in "${files[@]}"; do
    [[ $file == *.dot ]] || continue
    name="${file#"$root"/}"
    if ! dot -Tsvg "$file" -o "$work/out.svg" 2>"$work/dot.err" || [ -s "$work/dot.err" ]; then
        echo "check-graphs: $name: FAILED: dot -Tsvg: $(head -3 "$work/dot.err")" >&2
        failed=1
        continue
    fi
    declared=$(grep -cE '^    (n|note)[0-9]+ \[' "$file" || true)
    drawn=$(grep -c 'class="node"' "$work/out.svg" || true)
    if [ "$declared" != "$drawn" ]; then
        echo "check-graphs: $name: FAILED: $declared nodes declared, $drawn drawn" >&2
        failed=1
    else
        echo "check-graphs: $name: ok: dot -Tsvg, $drawn nodes"
    fi
done

# Mermaid: every diagram in one page, rendered one after another by mermaid.render (as GitHub
# renders a ```mermaid block's text); the page's title says how it went, a <pre> each diagram's result.
diagrams=$(python3 - "$work/page.html" "$mermaid_js" "${files[@]}" <<'PY'
import json, re, sys
page, script, files = sys.argv[1], sys.argv[2], sys.argv[3:]
diagrams = []
for path in files:
    text = open(path, encoding="utf-8").read()
    if path.endswith(".mmd"):
        diagrams.append((path, text))
    elif path.endswith(".md"):
        for index, block in enumerate(re.findall(r"^```mermaid\n(.*?)^```$", text, re.S | re.M)):
            diagrams.append((f"{path} (block {index + 1})", block))
def declared(text):
    return len(re.findall(r"^    (?:n|note)\d+[\[(]", text, re.M))
data = json.dumps([{"name": n, "text": t, "nodes": declared(t)} for n, t in diagrams]).replace("</", "<\\/")
open(page, "w", encoding="utf-8").write(f"""<!DOCTYPE html><html><head><meta charset="utf-8"><title>pending</title>
<script src="file://{script}"></script></head><body><pre id="results"></pre><div id="out"></div><script>
const diagrams = {data};
mermaid.initialize({{startOnLoad: false, securityLevel: "strict"}});
(async () => {{
  const lines = []; let failures = 0;
  for (const [index, diagram] of diagrams.entries()) {{
    try {{
      const {{svg}} = await mermaid.render("graph" + index, diagram.text);
      const holder = document.createElement("div"); holder.innerHTML = svg;
      document.getElementById("out").appendChild(holder);
      const nodes = holder.querySelectorAll("g.node").length;
      if (nodes !== diagram.nodes) {{ failures++; lines.push("FAILED " + diagram.name + ": " + diagram.nodes + " nodes declared, " + nodes + " drawn"); }}
      else lines.push("ok " + diagram.name + ": " + nodes + " nodes");
    }} catch (error) {{ failures++; lines.push("FAILED " + diagram.name + ": " + String(error && error.message || error).split("\\n").join(" ")); }}
  }}
  document.getElementById("results").textContent = lines.join("\\n");
  document.title = failures ? "failed " + failures : "ok " + diagrams.length;
}})().catch(error => {{ document.title = "error " + error; }});
</script></body></html>""")
print(len(diagrams))
PY
)
[ "$diagrams" -gt 0 ] || exit $failed
chromium --headless --disable-gpu --no-sandbox --no-first-run --user-data-dir="$work/profile" \
    --allow-file-access-from-files --virtual-time-budget=20000 --dump-dom "file://$work/page.html" \
    >"$work/dom.html" 2>"$work/chromium.log" || { echo "check-graphs: chromium failed" >&2; tail -5 "$work/chromium.log" >&2; exit 1; }
title=$(python3 -c 'import re,sys; m=re.search(r"<title>(.*?)</title>", open(sys.argv[1]).read(), re.S); print(m.group(1) if m else "none")' "$work/dom.html")
python3 -c 'import html,re,sys; m=re.search(r"<pre id=\"results\">(.*?)</pre>", open(sys.argv[1]).read(), re.S); print(html.unescape(m.group(1)) if m and m.group(1) else "")' "$work/dom.html" \
    | sed 's/^/check-graphs: mermaid: /'
case $title in
    ok*) ;;
    *) echo "check-graphs: mermaid: FAILED: page title '$title'" >&2; failed=1 ;;
esac
exit $failed
