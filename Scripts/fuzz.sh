#!/usr/bin/env bash
# Builds the libFuzzer harness (Fuzz/) and fuzzes one or every reader.
#
#   Scripts/fuzz.sh [target|all] [runs] [extra libFuzzer flags…]
#
# target: model-xml, metadata-plist, model-cache, mapping, expression, xcode-mapping, cdm (default: all).
# runs:   executions per target (default: 1000000).
# Seeds are derived from ../shared/corpus and Examples/ into Fuzz/work/seeds (not committed); inputs the
# fuzzer finds go to Fuzz/work/corpus/<target>, crashes to Fuzz/work/artifacts/. A crash ends the script
# with libFuzzer's non-zero status; make it a regression test in Tests/MigrationEngineTests/Fuzz/.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
TARGETS=(model-xml metadata-plist model-cache mapping expression xcode-mapping cdm)
TARGET=${1:-all}
RUNS=${2:-1000000}
shift $(( $# > 2 ? 2 : $# ))
WORK="$ROOT/Fuzz/work"

# SwiftPM keeps the build plan of the path dependency (the main package) across builds and then misses
# source files added there since ("cannot find type … in scope"): the plan is made again each time (only
# the plan; compiled objects are reused).
rm -f Fuzz/.build/release.yaml Fuzz/.build/build.db
(cd Fuzz && swift build -c release -Xswiftc -sanitize=fuzzer)
BINARY="$ROOT/Fuzz/.build/release/CDMigrateFuzz"
python3 Scripts/fuzz_seeds.py "$WORK/seeds" >/dev/null

[[ "$TARGET" == all ]] && selected=("${TARGETS[@]}") || selected=("$TARGET")
for target in "${selected[@]}"; do
    mkdir -p "$WORK/corpus/$target" "$WORK/artifacts"
    echo "== $target: $RUNS runs"
    SWIFT_BACKTRACE=enable=no CDM_FUZZ_TARGET="$target" "$BINARY" -runs="$RUNS" -timeout=10 -rss_limit_mb=2048 \
        -print_final_stats=1 -artifact_prefix="$WORK/artifacts/$target-" "$@" \
        "$WORK/corpus/$target" "$WORK/seeds/$target"
done
