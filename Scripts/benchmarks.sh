#!/usr/bin/env bash
# The benchmark suite (outside `swift test`): builds the release binaries once (skipped when they are newer
# than every source), installs the peer `sqlite-utils` into Benchmarks/.venv, generates the sample stores
# (cached in Benchmarks/.stores, keyed by the generator's version) and writes BENCHMARKS.md.
#
#   Scripts/benchmarks.sh                       100,000 / 1,000,000 / 4,000,000 rows, 3 runs of each figure
#   Scripts/benchmarks.sh --quick               100,000 rows, 2 runs: a fast check that the suite works
#   Scripts/benchmarks.sh --sizes 100000,1000000 --repeats 5 --output /tmp/B.md
#   Scripts/benchmarks.sh --static              also times the self-contained binary's start, inspect and plan
set -euo pipefail
cd "$(dirname "$0")/.."

for tool in sqlite3 tmux python3; do
    command -v "$tool" >/dev/null || { echo "benchmarks: $tool is required" >&2; exit 1; }
done

# With --static, the self-contained binary is built first (Scripts/build_static.sh): it shares the release
# build folder, so the dynamically linked binaries below are always linked again after it.
stale_static=0
if [[ " $* " == *" --static "* ]]; then
    if [ ! -x .build/static/cdmigrate ] || [ -n "$(find Package.swift Package.resolved Sources Examples -newer .build/static/cdmigrate -type f -print -quit 2>/dev/null)" ]; then
        echo "benchmarks: building the self-contained binary (Scripts/build_static.sh)…" >&2
        Scripts/build_static.sh --no-check >&2
        stale_static=1
    fi
fi

# The release build is reused: rebuilt only when a source, the manifest or the examples changed since.
binaries=(.build/release/cdmigrate .build/release/PolicyExample)
stale=0
for binary in "${binaries[@]}"; do
    if [ ! -x "$binary" ] || [ -n "$(find Package.swift Package.resolved Sources Examples -newer "$binary" -type f -print -quit 2>/dev/null)" ]; then
        stale=1
    fi
done
if [ "$stale" = 1 ] || [ "$stale_static" = 1 ]; then
    echo "benchmarks: building the release binaries (swift build -c release)…" >&2
    swift build -c release --product cdmigrate >&2
    swift build -c release --product PolicyExample >&2
else
    echo "benchmarks: the release binaries are up to date; not rebuilding" >&2
fi

# The peer sqlite-utils, from PyPI, in a virtual environment of the suite's own (git-ignored).
venv=Benchmarks/.venv
if [ ! -x "$venv/bin/sqlite-utils" ]; then
    echo "benchmarks: installing sqlite-utils into $venv…" >&2
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet sqlite-utils >&2
fi

# The console figure replays the console's output through pyte (Debian's python3-pyte), which lives in
# Debian's own Python; without it the console is timed by polling its pane.
PY=python3
if /usr/bin/python3 -c 'import pyte' 2>/dev/null; then
    PY=/usr/bin/python3
elif [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null && apt-get install -y -qq python3-pyte >/dev/null 2>&1; then
    PY=/usr/bin/python3
else
    echo "benchmarks: python3-pyte is missing; the console is timed by polling its pane (±100 ms)" >&2
fi
exec "$PY" Benchmarks/run_benchmarks.py "$@"
