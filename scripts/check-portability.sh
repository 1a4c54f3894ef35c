#!/usr/bin/env bash
# Fails on Linux-only API used outside a Linux branch (`#if canImport(Glibc)`, `#if os(Linux)`,
# `#if defined(__linux__)`), in every target's sources, and on platforms in Package.swift below what
# an imported module (Synchronization, Observation) needs: no Mac compiles the package here.
#
#   scripts/check-portability.sh              scan the package (Sources, Examples, Benchmarks, Fixtures/Scenarios, Tests)
#   scripts/check-portability.sh FILE|DIR...  scan these
#   scripts/check-portability.sh --self-test  prove the scan catches the fixtures' violations and passes their guarded code
set -euo pipefail
cd "$(dirname "$0")/.."
exec python3 - "$@" <<'PY'
import os, re, sys

# Linux-only symbols, each with the portable spelling to use instead.
LINUX_ONLY = [
    (r"\bGlibc\.", "qualify nothing, or branch: #if canImport(Glibc) … #elseif canImport(Darwin)"),
    (r"\bMSG_NOSIGNAL\b", "SO_NOSIGPIPE (setsockopt) on Darwin"),
    (r"\bSOCK_NONBLOCK\b", "fcntl(F_SETFL, O_NONBLOCK)"),
    (r"\bSOCK_CLOEXEC\b", "fcntl(F_SETFD, FD_CLOEXEC)"),
    (r"\bSOCK_(STREAM|DGRAM|RAW)\.rawValue\b", "Darwin's SOCK_* are plain Int32"),
    (r"load\(as: sa_family_t\.self\)", "sa_family is not at offset 0 on Darwin (sa_len is)"),
    (r"\b(posix_spawn_file_actions_t|posix_spawnattr_t)\(\)", "Darwin's are optional pointers"),
    (r"\bepoll_\w+", "poll or kqueue"),
    (r"\b(accept4|pipe2|dup3)\b", "accept/pipe/dup2 + fcntl"),
    (r"\b(eventfd|signalfd|timerfd_\w+|inotify_\w+|memfd_create|io_uring\w*)\b", "a portable primitive"),
    (r"\b(sendfile|splice|tee)\(", "read/write loops"),
    (r"\b(MAP_HUGETLB|MAP_POPULATE|MADV_HUGEPAGE|MADV_NOHUGEPAGE)\b", "plain mmap/calloc"),
    (r"\b(gettid|prctl|sched_getcpu|sched_setaffinity|get_nprocs|sysinfo|getrandom|malloc_usable_size|mallinfo2?)\(", "a portable API"),
    (r"\b(syscall\(|SYS_\w+)", "the libc wrapper"),
    (r"\b(CLOCK_BOOTTIME|CLOCK_MONOTONIC_COARSE|CLOCK_REALTIME_COARSE)\b", "CLOCK_MONOTONIC"),
    (r"\b(O_DIRECT|O_PATH|O_TMPFILE|O_NOATIME)\b", "a portable open flag"),
    (r"\b(TCP_CORK|TCP_QUICKACK|SO_BINDTODEVICE|SIGRTMIN|SIGRTMAX)\b", "a portable option"),
    (r"\bst_[amc]tim\b", "st_[amc]timespec on Darwin"),
    (r"\b(stat64|lseek64|off64_t|readdir64|__errno_location|program_invocation_name)\b", "the plain name"),
    (r"\bpthread_setname_np\(\s*pthread_self\(\)\s*,", "Darwin's takes the name only"),
    (r"/proc/|/sys/(fs|kernel|devices)/", "no procfs on Darwin"),
]
PATTERNS = [(re.compile(p), hint) for p, hint in LINUX_ONLY]
ROOTS = ["Sources", "Examples", "Benchmarks", "Fixtures/Scenarios", "Tests"]
FIXTURES = "Tests/PortabilityFixtures"
EXTENSIONS = (".swift", ".c", ".h", ".m", ".cpp")


LINUX_ATOM = re.compile(r"canImport\((Glibc|Musl)\)|os\(Linux\)|defined\(__linux__\)|\b__linux__\b")
ATOM = re.compile(r"defined\s*\(\s*\w+\s*\)|\w+\s*\([^()]*\)|\b[A-Za-z_]\w*\b")


def is_linux_only(condition):
    """Whether `condition` (Swift or C preprocessor syntax) is false wherever Linux is not.

    NB: evaluated with every Linux atom false and every other atom (canImport(Darwin), arch(…),
    DEBUG, …) free: Linux-only when no assignment of the others makes it true.
    """
    atoms, names = {}, []

    def name(match):
        text = match.group(0)
        if LINUX_ATOM.fullmatch(text):
            return "False"
        if text in ("true", "false"):
            return text.capitalize()
        key = re.sub(r"\s+", "", text)
        if key not in atoms:
            atoms[key] = f"a{len(atoms)}"
            names.append(atoms[key])
        return atoms[key]

    expression = ATOM.sub(name, condition)
    expression = expression.replace("&&", " and ").replace("||", " or ").replace("!", " not ")
    if len(names) > 12:
        return False
    for bits in range(1 << len(names)):
        values = {n: bool(bits >> i & 1) for i, n in enumerate(names)}
        try:
            if eval(expression, {"__builtins__": {}}, values):
                return False
        except SyntaxError:
            return False
    return True


def strip_comments(line, in_block):
    """The code of `line` without comments (string literals kept: a path in a string counts)."""
    out, i, in_string = [], 0, False
    while i < len(line):
        if in_block:
            end = line.find("*/", i)
            if end < 0:
                return "".join(out), True
            i, in_block = end + 2, False
            continue
        c = line[i]
        if c == '"' and (i == 0 or line[i - 1] != "\\"):
            in_string = not in_string
        if not in_string and line.startswith("//", i):
            break
        if not in_string and line.startswith("/*", i):
            in_block, i = True, i + 2
            continue
        out.append(c)
        i += 1
    return "".join(out), in_block


def violations(path):
    """(line number, symbol, hint) for each Linux-only use outside a Linux branch of `path`."""
    found = []
    # One entry per open #if: the conditions of its branches so far, and whether the one being
    # read is Linux-only.
    stack, in_block = [], False
    with open(path, encoding="utf-8", errors="replace") as file:
        for number, raw in enumerate(file, 1):
            code, in_block = strip_comments(raw, in_block)
            directive = re.match(r"\s*#\s*(if|ifdef|ifndef|elseif|elif|else|endif)\b(.*)", code)
            if directive:
                word, condition = directive.group(1), directive.group(2).strip()
                if word == "ifdef":
                    word, condition = "if", f"defined({condition})"
                elif word == "ifndef":
                    word, condition = "if", f"!defined({condition})"
                if word == "endif":
                    if stack:
                        stack.pop()
                    continue
                if word == "if":
                    stack.append(([], False))
                if not stack:
                    continue
                earlier, _ = stack[-1]
                branch = " && ".join([f"!({c})" for c in earlier] + ([f"({condition})"] if word != "else" else []))
                stack[-1] = (earlier + [condition or "true"], is_linux_only(branch or "true"))
                continue
            if any(linux for _, linux in stack):
                continue
            for pattern, hint in PATTERNS:
                match = pattern.search(code)
                if match:
                    found.append((number, match.group(0), hint))
    return found


def source_files(paths):
    for root in paths:
        if os.path.isfile(root):
            yield root
            continue
        for directory, subdirectories, names in os.walk(root):
            subdirectories[:] = sorted(d for d in subdirectories if os.path.join(directory, d) != FIXTURES)
            for name in sorted(names):
                if name.endswith(EXTENSIONS):
                    yield os.path.join(directory, name)


def scan(paths):
    """Prints every violation as file:line and returns how many there were."""
    count = 0
    for path in source_files(paths):
        for number, symbol, hint in violations(path):
            print(f"{path}:{number}: error: Linux-only '{symbol}' outside a Linux branch ({hint})")
            count += 1
    return count


# The oldest platforms a module the sources import is available on.
MODULE_PLATFORMS = {"Synchronization": {"macOS": 15, "iOS": 18}, "Observation": {"macOS": 14, "iOS": 17}}


def platform_floor_violations(paths):
    """Package.swift must declare platforms at least as new as every imported module needs."""
    declared = {m.group(1): int(m.group(2)) for m in re.finditer(r"\.(macOS|iOS)\(\.v(\d+)", open("Package.swift").read())}
    imported = {m for path in source_files(paths) for m in MODULE_PLATFORMS
                if re.search(rf"^\s*import {m}\b", open(path, encoding="utf-8", errors="replace").read(), re.M)}
    return [f"Package.swift: error: {module} needs {os_name} {needed}; platforms declare {declared.get(os_name, 'none')}"
            for module in sorted(imported) for os_name, needed in MODULE_PLATFORMS[module].items()
            if declared.get(os_name, 0) < needed]


def self_test():
    """The fixture with violations must fail at exactly its marked lines; the guarded one must pass."""
    bad = os.path.join(FIXTURES, "LinuxOnly.swift")
    marked = [n for n, line in enumerate(open(bad), 1) if "// expect-violation" in line]
    reported = sorted({n for n, _, _ in violations(bad)})
    guarded = violations(os.path.join(FIXTURES, "Guarded.swift"))
    ok = reported == marked and not guarded
    print(f"check-portability self-test: {'ok' if ok else 'FAILED'} "
          f"(violations at {reported}, expected {marked}; guarded fixture: {len(guarded)} reported)")
    return ok


if sys.argv[1:] == ["--self-test"]:
    sys.exit(0 if self_test() else 1)
paths = sys.argv[1:] or [root for root in ROOTS if os.path.isdir(root)]
count = scan(paths)
if not sys.argv[1:]:
    for message in platform_floor_violations(paths):
        print(message)
        count += 1
if count:
    print(f"check-portability: {count} problem(s): Linux-only use outside a Linux branch, or platforms below what a module needs", file=sys.stderr)
    sys.exit(1)
print("check-portability: ok")
PY
