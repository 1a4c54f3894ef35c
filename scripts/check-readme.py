#!/usr/bin/env python3
"""Checks that README.md and every DocC article run as written.

Every ```console block with a `$ tracectl …` command is run, in the order of its file, in a fresh copy
of the repository's files (what `git ls-files` lists) made for that file alone, with the built
products on PATH; the output of its commands (standard output and error, as a terminal shows them)
must equal the lines the block shows after each `$ COMMAND` line. Every ```swift block is
type-checked against the built Tracer and TraceAnalysis modules (and TraceFormat, which
TraceAnalysis re-exports). The files are README.md and every Markdown file of a DocC catalog
(`Sources/*/*.docc/`); no block depends on another file's: each file sets up what its blocks need.

A block is prepared or left out only by an HTML comment on the line(s) just before its fence:

  <!-- readme-check: setup: CMD -->           run CMD first (in the copy; its output is not shown)
  <!-- readme-check: normalise: WHAT … -->     treat WHAT as volatile in this block: durations
                                               (`1.2 µs`, `17.51 ms`), bytes (`431695 bytes`),
                                               spaces (column widths)
  <!-- readme-check: one-command -->           the block's first `$ ` line is its only command: later
                                               lines that start with `$ ` are that command's output
  <!-- readme-check: file: PATH -->            the block shows the file PATH of the repository, whole
  <!-- readme-check: skip: REASON -->          do not run (a console block) or compile (a swift
                                               block): it needs what CI has not (a device, a
                                               network, a long wait) or is a fragment, not a program

A console block without a `$ tracectl` command (xcrun, log stream) is not run. Process ids and the
copy's temporary directory (shown as /tmp) are always normalised.

Usage: scripts/check-readme.py [--bin DIR] [--modules DIR] [--keep] [--update] [FILE.md …]
  --bin DIR   where tracectl, tracer-app and the modules are (default: .build/release)
  --modules DIR  a build directory whose modules the swift blocks type-check against instead
              (a test build has every library, TracerTesting included, which imports Testing
              and so is not in a release build with the Swift runtime linked in)
  --keep      leave the temporary copies (their path is printed) to look at a failure
  --update    write what the commands printed into the files' console blocks (review the diff)
  FILE.md     the files to check (default: README.md and every article of every catalog)
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

MARKER = re.compile(r"^\s*<!--\s*readme-check:\s*(setup|normalise|skip|file|one-command)(?::\s*(.*?))?\s*-->\s*$")
FENCE = re.compile(r"^(\s*)```(\S*)\s*$")


class Block:
    def __init__(self, language, line, lines, markers):
        self.language = language
        self.line = line  # 1-based line of the opening fence
        self.lines = lines  # the block's lines, its fence's indentation removed
        self.markers = markers  # [(kind, value)]

    def marked(self, kind):
        return [value or "" for found, value in self.markers if found == kind]


def blocks(path):
    """The fenced blocks of a Markdown file, with the readme-check markers before each."""
    text = open(path, encoding="utf-8").read().split("\n")
    found, index = [], 0
    while index < len(text):
        fence = FENCE.match(text[index])
        if not fence or not fence.group(2):
            index += 1
            continue
        indent, language, start = fence.group(1), fence.group(2), index
        markers, before = [], index - 1
        while before >= 0 and MARKER.match(text[before]):
            markers.insert(0, MARKER.match(text[before]).groups())
            before -= 1
        body, index = [], index + 1
        while index < len(text) and text[index].strip() != "```":
            line = text[index]
            body.append(line[len(indent):] if line.startswith(indent) else line.lstrip())
            index += 1
        block = Block(language, start + 1, body, markers)
        block.file, block.indent, block.end = path, indent, index  # the closing fence's 0-based line
        found.append(block)
        index += 1
    return found


def commands(block):
    """[(command, expected output lines)] of a console block."""
    steps, single = [], bool(block.marked("one-command"))
    for line in block.lines:
        if line.startswith("$ ") and not (single and steps):
            steps.append((line[2:], []))
        elif steps:
            steps[-1][1].append(line)
    return steps


def normalise(text, block, temporary):
    """TEXT with what the block marks volatile, the copy's directory and process ids made alike."""
    text = text.replace(temporary, "/tmp")
    text = re.sub(r'"pid":\d+', '"pid":PID', text)
    text = re.sub(r"\bpid \d+", "pid PID", text)
    wanted = set(" ".join(block.marked("normalise")).split())
    unknown = wanted - {"durations", "bytes", "spaces"}
    if unknown:
        raise SystemExit(f"{block.file}:{block.line}: unknown normalise value(s) {sorted(unknown)}")
    if "durations" in wanted:
        text = re.sub(r"\d+(\.\d+)? ?(ns|µs|ms|s)\b", "TIME", text)
        text = re.sub(r'"(ts|dur)":\d+', r'"\1":0', text)
    if "bytes" in wanted:
        text = re.sub(r"\d+ bytes", "N bytes", text)
    if "spaces" in wanted:
        text = re.sub(r" +", " ", text)
    return "\n".join(line.rstrip() for line in text.split("\n")).strip("\n")


def run_console(block, checkout, environment, temporary):
    """The problems of one console block (empty when it ran as written), and what each command printed."""
    problems = []
    for setup in block.marked("setup"):
        done = subprocess.run(["bash", "-c", setup], cwd=checkout, env=environment, capture_output=True, text=True)
        if done.returncode != 0:
            return [f"set-up '{setup}' failed ({done.returncode}): {done.stderr.strip()}"], None
    # NB: one shell for the block, so that `echo $?` sees the previous command's status.
    separator = "\x1e-readme-check-\x1e"
    # NB: the status is kept across the separator's printf, for a following `echo $?`.
    script = "".join(f"{{ {command}\n}} 2>&1; status=$?; printf '%s' '{separator}'; (exit $status)\n"
                     for command, _ in commands(block))
    done = subprocess.run(["bash", "-c", script], cwd=checkout, env=environment, capture_output=True, text=True)
    outputs = done.stdout.split(separator)
    for (command, expected), actual in zip(commands(block), outputs):
        want = normalise("\n".join(expected), block, temporary)
        got = normalise(actual, block, temporary)
        if want != got:
            problems.append(f"$ {command}\n--- the file shows\n{want}\n--- the command printed\n{got}")
    return problems, [output.replace(temporary, "/tmp") for output in outputs]


def check_swift(block, directory, bin_directory, index):
    """The problems of one swift block (empty when it type-checks)."""
    source = os.path.join(directory, f"block{index}.swift")
    with open(source, "w", encoding="utf-8") as file:
        file.write("\n".join(block.lines) + "\n")
    # NB: C targets (TracerTicks) are found through the module maps SwiftPM generated for them.
    module_maps = [os.path.join(bin_directory, entry, "module.modulemap") for entry in sorted(os.listdir(bin_directory))
                   if entry.endswith(".build") and os.path.isfile(os.path.join(bin_directory, entry, "module.modulemap"))]
    flags = [flag for path in module_maps for flag in ("-Xcc", f"-fmodule-map-file={path}")]
    done = subprocess.run(
        ["swiftc", "-typecheck", "-I", os.path.join(bin_directory, "Modules"), *flags, source],
        capture_output=True, text=True)
    return [] if done.returncode == 0 else [done.stderr.strip()]


def documents(repository):
    """README.md and every Markdown file of the DocC catalogs, relative to the repository, in a fixed order."""
    found = ["README.md"]
    sources = os.path.join(repository, "Sources")
    for directory, _, names in sorted(os.walk(sources)):
        if ".docc" in directory:
            found += sorted(os.path.relpath(os.path.join(directory, name), repository) for name in names if name.endswith(".md"))
    return found


def copy_repository(repository, destination):
    """A copy of the repository's files (what `git ls-files` lists) in DESTINATION."""
    files = subprocess.run(["git", "ls-files", "-z"], cwd=repository, capture_output=True, check=True).stdout
    for name in files.decode().split("\0"):
        if name and os.path.isfile(os.path.join(repository, name)):
            os.makedirs(os.path.join(destination, os.path.dirname(name)), exist_ok=True)
            shutil.copy2(os.path.join(repository, name), os.path.join(destination, name))


def check_document(path, repository, template, work, bin_directory, modules_directory, environment):
    """Checks one file in its own copy of the repository: (counts, failures, console blocks to update)."""
    name = os.path.relpath(path, repository)
    # NB: a copy and a temporary directory of its own, so that no block sees another file's leftovers.
    checkout, temporary = (os.path.join(work, kind + "-" + name.replace("/", "_")) for kind in ("checkout", "tmp"))
    shutil.copytree(template, checkout, symlinks=True)
    os.makedirs(temporary)
    environment = dict(environment, TMPDIR=temporary)
    counts, failures, updates = {"console": 0, "swift": 0, "skip": 0}, [], []
    for index, block in enumerate(blocks(path)):
        where = f"{name}:{block.line}"
        if block.marked("skip"):
            counts["skip"] += 1
            continue
        if block.marked("file"):
            shown = "\n".join(block.lines).strip("\n")
            actual = open(os.path.join(repository, block.marked("file")[0]), encoding="utf-8").read().strip("\n")
            if shown != actual:
                failures.append(f"{where}: the block differs from {block.marked('file')[0]}, which it shows")
            continue
        if block.language == "console":
            if not any(command.startswith("tracectl") for command, _ in commands(block)):
                continue
            counts["console"] += 1
            problems, outputs = run_console(block, checkout, environment, temporary)
            if problems and outputs is not None:
                updates.append((block, outputs))
        elif block.language == "swift":
            counts["swift"] += 1
            problems = check_swift(block, work, modules_directory, f"{name.replace('/', '_')}-{index}")
        else:
            continue
        failures += [f"{where}: {problem}" for problem in problems]
    return counts, failures, updates


def update_document(path, updates):
    """Writes what the commands printed into the console blocks of PATH that differed."""
    lines = open(path, encoding="utf-8").read().split("\n")
    # NB: from the last block up, so that earlier blocks' line numbers still hold.
    for block, outputs in reversed(updates):
        body = []
        for (command, _), output in zip(commands(block), outputs):
            body.append(f"$ {command}")
            body += output.rstrip("\n").split("\n") if output.strip("\n") else []
        lines[block.line:block.end] = [(block.indent + line).rstrip() if line else "" for line in body]
    open(path, "w", encoding="utf-8").write("\n".join(lines))
    print(f"check-readme: updated {len(updates)} block(s) of {path}; review the diff")


def main():
    arguments = sys.argv[1:]
    keep, update = "--keep" in arguments, "--update" in arguments
    arguments = [a for a in arguments if a not in ("--keep", "--update")]
    bin_directory, modules_directory = ".build/release", None
    if "--bin" in arguments:
        at = arguments.index("--bin")
        bin_directory = arguments[at + 1]
        del arguments[at:at + 2]
    if "--modules" in arguments:
        at = arguments.index("--modules")
        modules_directory = os.path.abspath(arguments[at + 1])
        del arguments[at:at + 2]
    repository = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    paths = [os.path.abspath(a) for a in arguments] or [os.path.join(repository, d) for d in documents(repository)]
    bin_directory = os.path.abspath(bin_directory)
    for product in ["tracectl", "tracer-app"]:
        if not os.access(os.path.join(bin_directory, product), os.X_OK):
            raise SystemExit(f"check-readme: {bin_directory}/{product} is missing: build first (swift build -c release)")

    work = tempfile.mkdtemp(prefix="check-readme-")
    template = os.path.join(work, "repository")
    copy_repository(repository, template)
    environment = dict(os.environ, PATH=bin_directory + os.pathsep + os.environ["PATH"])
    environment.pop("NO_COLOR", None)
    environment.pop("GITHUB_STEP_SUMMARY", None)

    totals, failures = {"console": 0, "swift": 0, "skip": 0}, []
    for path in paths:
        counts, found, updates = check_document(path, repository, template, work, bin_directory, modules_directory or bin_directory, environment)
        print(f"check-readme: {os.path.relpath(path, repository)}: {counts['console']} console, {counts['swift']} swift, "
              f"{counts['skip']} skip; {len(found)} problem(s)")
        totals = {kind: totals[kind] + counts[kind] for kind in totals}
        failures += found
        if update and updates:
            update_document(path, updates)
    for failure in failures:
        print(failure + "\n", file=sys.stderr)
    print(f"check-readme: {len(paths)} file(s): {totals['console']} console block(s) run, {totals['swift']} swift block(s) "
          f"type-checked, {totals['skip']} marked skip; {len(failures)} problem(s)")
    if failures:
        print("check-readme: fix the block or the code; a block that cannot run or compile here is marked with "
              "<!-- readme-check: skip: REASON --> on the line before it (see the top of scripts/check-readme.py)")
    if keep:
        print(f"check-readme: the copies are in {work}")
    else:
        shutil.rmtree(work)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
