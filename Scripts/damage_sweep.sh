#!/bin/sh
# The damage sweep of issue 32 item 2, in full: every store of ../shared/corpus damaged in every way
# Scripts/damage_store.py knows (cuts at several offsets, zeroed and garbage pages of every position class,
# a damaged or cut -wal, an overwritten header), each salvaged by cdmigrate and by sqlite3's .recover and
# .dump. Prints one JSON line per damaged store and a Markdown table per damage kind (the figures in
# docs/guide/salvage.md); exits 1 when cdmigrate read fewer objects than .recover or its report was not
# exact, and lists every salvage that failed outright on standard error.
#
# Usage, after `swift build`:  Scripts/damage_sweep.sh [--recover-library apsw] [--stores wire,moody] [--lines FILE]
# Scripts/damage_sweep.sh --summarize FILE… prints the table of earlier runs' --lines files.
# The suite runs a fixed sample of the same damage (SalvageDamageSweepTests).
set -eu
cd "$(dirname "$0")/.."
exec python3 Scripts/salvage_compare.py --sweep --markdown "$@"
