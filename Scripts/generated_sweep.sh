#!/bin/sh
# The long run of the generated fidelity test (issue 30): seeds 1…N (default 2000) of GeneratedMigrationTests,
# each a random model pair with every attribute type, relationship kind and kind of index, derived counts and
# (a third of the time) two configurations, a seeded store (of one configuration, where there are two), and
# the step run inferred, as a mapping file, through a policy overriding both stages and as an Xcode mapping
# model, with every invariant checked. A failure names its seed and the change drawn.
# Usage: Scripts/generated_sweep.sh [N]
set -eu
cd "$(dirname "$0")/.."
swift build --build-tests
CDMIGRATE_GENERATED_SEEDS="${1:-2000}" swift test --skip-build --filter GeneratedMigrationTests
