#!/usr/bin/env bash
# Builds the self-contained cdmigrate a support engineer copies to another Linux machine: a release build
# with the Swift runtime and Foundation linked statically (--static-swift-stdlib), and the sample app's model
# and mappings built in (Sources/JournalSample/SampleAppFiles.swift), so `demo` needs no checkout.
# Only the system's own libraries stay dynamic (libc, libsqlite3, libncursesw, zlib), as `ldd` shows.
#
# Then, unless --no-check: copies the binary to a new folder outside the checkout and runs it there:
# `--help`, `demo --json` (writes the sample app and a store), `inspect` on that store with no --model
# (the model is found beside it), `plan` to the newest version (the mappings are read), and `verify`.
#
# Usage: Scripts/build_static.sh [--output DIR] [--no-check]
# The static release build takes a while (a quarter of an hour on two cores); it is not part of `swift test`.
set -euo pipefail
cd "$(dirname "$0")/.."

output=".build/static"
check=1
while [ $# -gt 0 ]; do
    case "$1" in
        --output) output="$2"; shift 2 ;;
        --no-check) check=0; shift ;;
        *) echo "build_static.sh: unknown option $1" >&2; exit 64 ;;
    esac
done

swift build -c release --static-swift-stdlib --product cdmigrate
binary="$(swift build -c release --static-swift-stdlib --show-bin-path)/cdmigrate"
mkdir -p "$output"
install -m 755 "$binary" "$output/cdmigrate"
echo "build_static.sh: $output/cdmigrate ($(du -h "$output/cdmigrate" | cut -f1))"
if ldd "$output/cdmigrate" | grep -E "libswift|libFoundation|libdispatch"; then
    echo "build_static.sh: the Swift runtime is linked dynamically (above)" >&2
    exit 1
fi
echo "build_static.sh: dynamic libraries: $(ldd "$output/cdmigrate" | awk '{print $1}' | tr '\n' ' ')"
[ "$check" = 1 ] || exit 0

outside="$(mktemp -d /tmp/cdmigrate-static-XXXXXX)"
trap 'rm -rf "$outside"' EXIT
cp "$output/cdmigrate" "$outside/cdmigrate"
cd "$outside"
# From here on nothing of the checkout is reachable: only the copied binary.
./cdmigrate --help | grep -q "USAGE: cdmigrate"
./cdmigrate demo --directory "$outside/demo" --entries 2000 --json > demo.json
grep -q '"store"' demo.json
test -f "demo/Journal.xcdatamodeld/Journal 5.xcdatamodel/contents"
test -f demo/Mappings/journal-3-to-4.yaml
./cdmigrate inspect demo/Journal.sqlite 2> inspect.err | grep "compatible version: ✓ Journal 1"
grep -q "found beside the store" inspect.err
# The model and its Mappings folder are found beside the store; Journal 4 → 5 needs the demo's Swift policy,
# which only the console's demo registers, so plan to Journal 4 (its mapped step).
./cdmigrate plan demo/Journal.sqlite --to "Journal 4" 2> plan.err | grep "═mapping═▶ Journal 4"
grep -q "Mappings (found beside the model or the store)" plan.err
./cdmigrate verify demo/Journal.sqlite
echo "build_static.sh: --help, demo, inspect, plan and verify ran from $outside"
