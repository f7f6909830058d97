#!/usr/bin/env bash
# Regenerates Screenshots/*.png from real runs of the console: `cdmigrate demo` under tmux, each screen
# captured with `tmux capture-pane -e -p` and rendered by Scripts/render_screenshot.py (pyte + Pillow).
#
# Needs tmux, python3-pyte, python3-pil and fonts-dejavu-core (Debian packages; installed when run as root).
# Usage: Scripts/screenshots.sh [COLUMNS ROWS]     (default 100 30; ENTRIES=n for a smaller demo store)
set -euo pipefail
cd "$(dirname "$0")/.."

COLS=${1:-100}
ROWS=${2:-30}
PY=/usr/bin/python3   # Debian's Python, where python3-pyte and python3-pil live

missing=()
command -v tmux >/dev/null || missing+=(tmux)
$PY -c 'import pyte' 2>/dev/null || missing+=(python3-pyte)
$PY -c 'import PIL' 2>/dev/null || missing+=(python3-pil)
[ -f /usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf ] || missing+=(fonts-dejavu-core)
if [ ${#missing[@]} -gt 0 ]; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        apt-get update -qq >/dev/null && apt-get install -y -qq "${missing[@]}" >/dev/null
    else
        echo "screenshots.sh: install ${missing[*]} first (apt-get install ${missing[*]})" >&2
        exit 1
    fi
fi

swift build --product cdmigrate >/dev/null
BIN="$(swift build --show-bin-path)/cdmigrate"
WORK="$(mktemp -d)"
SOCKET="cdmigrate-screenshots-$$"
t() { tmux -L "$SOCKET" -f /dev/null "$@"; }
cleanup() { t kill-server 2>/dev/null || true; rm -rf "$WORK"; }
trap cleanup EXIT

# The session the helpers act on.
SESSION=demo

# Polls the pane until TEXT appears (no fixed sleeps: screens are captured as soon as they are drawn);
# GREP=-E makes TEXT an extended regular expression.
wait_for() {
    local text=$1 limit=${2:-60} start=$SECONDS
    until t capture-pane -p -t "$SESSION" | grep -q "${GREP:--F}" -- "$text"; do
        if (( SECONDS - start > limit )); then
            echo "screenshots.sh: timed out waiting for \"$text\"; screen was:" >&2
            t capture-pane -p -t "$SESSION" >&2
            exit 1
        fi
        sleep 0.05
    done
}

# Polls the pane until TEXT is no longer on it.
wait_gone() {
    local text=$1 limit=${2:-60} start=$SECONDS
    while t capture-pane -p -t "$SESSION" | grep -qF -- "$text"; do
        if (( SECONDS - start > limit )); then
            echo "screenshots.sh: \"$text\" stayed on the screen" >&2
            exit 1
        fi
        sleep 0.05
    done
}

shot() {
    t capture-pane -e -N -p -t "$SESSION" > "$WORK/$1.ans"
    $PY Scripts/render_screenshot.py "$WORK/$1.ans" "Screenshots/$1.png" "$COLS" "$ROWS"
    echo "Screenshots/$1.png"
}

mkdir -p Screenshots
t new-session -d -s demo -x "$COLS" -y "$ROWS" \
    "env -u NO_COLOR TERM=xterm-256color LANG=C.UTF-8 '$BIN' demo --entries ${ENTRIES:-200000} --directory '$WORK/demo'; sleep 600"
wait_for "Plan → Journal 5" 120
wait_for "● Journal 1  store" 120         # planned off the UI thread: the chain follows the pane's title

t send-keys -t demo Tab Tab            # Versions → Entities → Store
wait_for "▸ Store"
shot store

t send-keys -t demo Tab                # → Plan
wait_for "▸ Plan"
shot plan

t send-keys -t demo BTab BTab Enter    # → Entities, browse Entry
wait_for "rows 1–"
shot data-browser
t send-keys -t demo S                  # sorted by the first column after pk (mood), ascending
wait_for "mood ↑"
t send-keys -t demo S                  # by the next one, created, ascending
wait_for "created ↑"
t send-keys -t demo s                  # turned round: the newest entries first
wait_for "created ↓"
shot sort
t send-keys -t demo / A l a n          # the live filter: rows where a value contains "Alan", marked
wait_for 'matching "Alan"'
wait_gone "filtering…"                 # the rows that match, read off the UI thread as it was typed
shot filter
t send-keys -t demo Escape             # the rows shown before /, still sorted
wait_for "created ↓"
t send-keys -t demo s                  # key order again, for the record view
GREP=-E wait_for "^ +1  "
t send-keys -t demo Enter              # the record view: every attribute of the row in full
wait_for "— row 1 of"
shot record
t send-keys -t demo Escape
wait_for "rows 1–"
t send-keys -t demo Escape
wait_for "▸ Entities"

t send-keys -t demo "?"
wait_for "Help — Esc, q or ? closes"
shot help
t send-keys -t demo Escape

t send-keys -t demo m
wait_for "Backup of the original goes to:"
shot confirm

t send-keys -t demo Enter              # Migrate
wait_for "Current: step 3 of 3" 300
# Step 3 (the Swift policy over 200,000 entries, the longest step) under way: 1,000 to 199,999 rows done
# (step 1's finished "200,000/200,000" does not match).
GREP=-E wait_for '(^|[^0-9,])([1-9][0-9]?|1[0-9]{2}),[0-9]{3}/200,0[0-9]{2} rows' 300
shot run

wait_for "✓ Migrated to Journal 5" 600
shot result

# The migrated store has authors (split out of the entries at Journal 4): an author's record lists its
# entries, the to-many the relationship view shows.
t send-keys -t demo Escape
wait_for "▸ Entities"
t send-keys -t demo g Enter            # Author, the first entity
wait_for "Author  rows 1–"
t send-keys -t demo Enter
wait_for "(to-many)"
shot relationships
t send-keys -t demo q

# A damaged copy of the migrated store (two leaf pages of its entries zeroed): the console cannot open it
# and offers to salvage it; salvaged, the details view says what was kept, in full.
mkdir "$WORK/damaged"
$PY Scripts/damage_store.py "$WORK/demo/Journal.sqlite" "$WORK/damaged/Journal.sqlite" leaf --table ZENTRY --pages 2 \
    >/dev/null
SESSION=salvage
t new-session -d -s salvage -x "$COLS" -y "$ROWS" \
    "env -u NO_COLOR TERM=xterm-256color LANG=C.UTF-8 '$BIN' console '$WORK/damaged/Journal.sqlite' --model '$WORK/demo/Journal.xcdatamodeld'; sleep 600"
wait_for "Salvage to Journal-salvaged.sqlite?"
shot salvage
t send-keys -t salvage Enter           # Salvage
wait_for "Salvaged into Journal-salvaged.sqlite" 300
t send-keys -t salvage Enter           # OK: the report over the new store is dismissed
wait_for "▸ Versions"
t send-keys -t salvage d               # the details view: every message, warning and reason in full
wait_for "Details — Esc or d closes"
shot details
t send-keys -t salvage q

# The same console in a locale that cannot draw box characters: everything falls back to ASCII.
SESSION=ascii
t new-session -d -s ascii -x "$COLS" -y "$ROWS" \
    "env -u NO_COLOR TERM=xterm-256color LANG=C LC_ALL=C '$BIN' console '$WORK/demo/Journal.sqlite' --model '$WORK/demo/Journal.xcdatamodeld'; sleep 600"
wait_for "The store is already at Journal 5"
shot ascii

# The store picker, started with no store in the demo's parent folder (the damaged copy and what was
# salvaged from it are in a folder of their own, found too).
SESSION=picker
t new-session -d -s picker -x "$COLS" -y "$ROWS" \
    "cd '$WORK' && env -u NO_COLOR TERM=xterm-256color LANG=C.UTF-8 '$BIN'; sleep 600"
wait_for "3 found under"
shot picker
