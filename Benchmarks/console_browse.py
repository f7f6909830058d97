#!/usr/bin/env python3
"""The console's first frame and its sorted pages on a large entity (issue 35, items 4 and 7), measured apart
from the suite: the real binary on a real terminal (tmux), every screen replayed through pyte and timed from
the key that asked for it.

    python3 Benchmarks/console_browse.py [--rows 1000000] [--repeats 3] [--binary .build/release/cdmigrate]

The store is the sample app's Journal 1 (`cdmigrate demo`), cached in Benchmarks/.stores. Per run: the console
is started on it; then, in the data browser of `Entry`, sorted by `created` (S twice: `mood`, then `created`,
ascending), turned round (s: descending, the order in which every row displaces one in SQLite's top-N sorter),
paged down twice and up, sent to the last screen (G) and back to the first (g); then filtered (`/`) by a title,
a date typed from its year and one typed from its middle, each cleared again. Prints one line per figure:
the median of the runs and [min–max], for BENCHMARKS.md.
"""

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import run_benchmarks as rb  # noqa: E402  (the suite's tmux driver, stores and helpers)


def store_folder(rows, binary):
    """The demo folder of `rows` entries, made once by `binary` and cached."""
    folder = rb.STORES / "browse" / str(rows)
    if not (folder / "Journal.sqlite").exists():
        rb.log(f"generating a {rows:,}-entry Journal 1 store in {folder}")
        rb.remove(folder)
        folder.parent.mkdir(parents=True, exist_ok=True)
        rb.run([binary, "demo", "--entries", rows, "--directory", folder, "--json"])
    return folder


def grouped(number):
    return f"{number:,}"


# How long a filter is waited for before it counts as never shown.
FILTER_TIMEOUT = 60

# The filters timed: (figure, text typed after /).
FILTERS = [
    ("filter `Entry 99999:` (text: one title)", "Entry 99999:"),
    ("filter `2021-03` (a date from its year: a range of seconds)", "2021-03"),
    ("filter `03-05 1` (a date from its middle: strftime per row)", "03-05 1"),
]


def settled_at(tmux, text, since):
    """When the console's output first showed `text` with no "filtering…" after `since` (pyte); None without it."""
    if rb.pyte is None:
        return None
    screen = rb.pyte.Screen(100, 30)
    stream = rb.pyte.ByteStream(screen)
    for stamp, chunk in list(tmux.chunks):
        stream.feed(chunk)
        rows = screen.display
        if stamp >= since and any(text in row for row in rows) and not any("filtering…" in row for row in rows):
            return stamp
    return None


def one_run(binary, folder, rows, per_page):
    """The figures of one console session, in seconds."""
    figures = {}
    tmux = rb.Tmux([binary, "console", "Journal.sqlite", "--model", "Journal.xcdatamodeld"], folder)
    try:
        def timed(name, keys, text):
            since = time.perf_counter()
            tmux.send(*keys)
            tmux.wait_for(text, interval=0.01)
            shown = tmux.shown_at(text, since)
            figures[name] = (shown if shown is not None else time.perf_counter()) - since

        since = time.perf_counter()
        tmux.start()
        tmux.wait_for("cdmigrate │", interval=0.01)
        figures["first frame"] = (tmux.shown_at("cdmigrate │", since) or time.perf_counter()) - since
        tmux.wait_for(f"Entities · {grouped(rows)}", interval=0.01)
        figures["store shown"] = (tmux.shown_at(f"Entities · {grouped(rows)}", since) or time.perf_counter()) - since
        timed("browser, first page", ["Tab", "Enter"], f"rows 1–{per_page} of {grouped(rows)}")
        # What any key costs from tmux to the screen, with nothing read: the floor of the figures below.
        timed("? (help: nothing read)", ["?"], "Help — Esc")
        tmux.send("Escape")
        tmux.wait_for("mood ", interval=0.01)
        timed("sort by mood", ["S"], "mood ↑")
        timed("sort by created (keys sorted once)", ["S"], "created ↑")
        timed("created descending (s)", ["s"], "created ↓")
        timed("PgDn", ["PageDown"], f"rows {per_page + 1}–{2 * per_page} ")
        timed("PgDn again", ["PageDown"], f"rows {2 * per_page + 1}–{3 * per_page} ")
        timed("PgUp", ["PageUp"], f"rows {per_page + 1}–{2 * per_page} ")
        timed("G (last full screen)", ["G"], f"rows {grouped(rows - per_page + 1)}–{grouped(rows)} ")
        timed("g (first screen)", ["g"], f"rows 1–{per_page} ")
        # The live filter (issue 35.3) over every row, typed at once and read off the UI thread: from the text
        # sent to the screen that counts its matches ("filtering…" gone). Titles are `Entry <key>: …`; entry k
        # was created 600,000,000 + 3,600·k seconds after 2001 (from 2020-01-05, an hour apart).
        for name, typed in FILTERS:
            since = time.perf_counter()
            tmux.send("/")
            tmux.tmux("send-keys", "-t", tmux.name, "-l", typed)
            done = f'matching "{typed}"'
            deadline = since + FILTER_TIMEOUT
            while time.perf_counter() < deadline:
                screen = tmux.capture()
                if done in screen and "filtering…" not in screen:
                    figures[name] = (settled_at(tmux, done, since) or time.perf_counter()) - since
                    break
                if "[exit " in screen:
                    raise RuntimeError(f"the console ended while filtering {typed!r}:\n{screen}")
                time.sleep(0.01)
            else:
                # Never shown as a text search (a build that reads `2021-03` as a query): said, not timed.
                rb.log(f"{name}: not shown as a text search within {FILTER_TIMEOUT} s")
                figures[name] = float("inf")
            tmux.send("Enter", "Escape")
            tmux.wait_for(f"of {grouped(rows)} ", interval=0.01)
    finally:
        tmux.close()
    return figures


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--binary", default=str(rb.CDMIGRATE))
    args = parser.parse_args()
    binary = Path(args.binary).resolve()
    if not binary.exists():
        sys.exit(f"console_browse: {binary} is missing; build it first (swift build -c release --product cdmigrate)")
    if rb.pyte is None:
        rb.log("python3-pyte is missing: screens are timed by polling the pane (±20 ms)")
    rb.WORK.mkdir(parents=True, exist_ok=True)
    folder = store_folder(args.rows, binary)
    # A 100×30 terminal: the browser shows 23 rows a page.
    per_page = 23
    runs = []
    load = rb.load()
    for index in range(args.repeats):
        runs.append(one_run(binary, folder, args.rows, per_page))
        rb.log(f"run {index + 1}: " + ", ".join(f"{name} {seconds * 1000:.0f} ms" for name, seconds in runs[-1].items()))
    print(f"{grouped(args.rows)} rows; {binary}; load average {load} at the start, {rb.load()} at the end")
    for name in runs[0]:
        values = sorted(run[name] for run in runs)
        print(f"| {name} | {rb.fmt(statistics.median(values), 's')} [{rb.fmt(values[0], 's')}–{rb.fmt(values[-1], 's')}] |")


if __name__ == "__main__":
    main()
