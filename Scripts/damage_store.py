#!/usr/bin/env python3
"""Makes a damaged copy of an SQLite store, reproducibly, in one of the ways stores are found damaged.

The store (with its -wal, when it has one) is copied to OUTPUT (and OUTPUT-wal), and only the copy is
damaged; the original is never opened for writing. Kinds:

  truncate  --percent N       cut the file at N% of its length (a copy cut short by a full disk or a
                              transfer that stopped); --whole-pages rounds the cut down to a page boundary
  zero      --pages K --at P  overwrite K consecutive pages with zeros, starting at P% of the file (never
                              page 1, which holds the header and the schema)
  scramble  --pages K --at P  the same with pseudo-random bytes from --seed (a bad sector, stray writes)
  leaf      --table T --pages K --at P
                              zero K leaf pages of table T, those at P% of its leaves in key order: damage
                              whose lost rows are known exactly
  interior  --table T         zero the first interior (non-root) page of table T's B-tree, or its root
                              when the tree has one level below it
  index     [--index NAME]    zero one leaf page in the middle of an index (default: the largest index)
  wal       [--frame F]       flip bytes inside the page image of frame F of the -wal (default: the middle
                              frame; -1 the last, -2 the one before); SQLite stops applying the log at that frame
  header    overwrite the 100-byte database header with zeros
  page      --class C [--table T] [--pages K] [--at P] [--garbage --seed S]
                              zero (or fill with seeded random bytes) K pages of one position class: `leaf`,
                              `interior` or `overflow` pages of table T (default: the table with most such
                              pages), at P% of them; `freelist` pages (trunk and leaves); `schema` pages of
                              sqlite_master other than page 1 (fails when the schema fits on page 1)
  walcut    --frame F [--bytes N]
                              cut the -wal before frame F (or N bytes into it; -1 the last frame): a copy of the log stopped
                              part way, which SQLite reads as a shorter valid log

truncate also takes --offset N: cut at byte N instead of a percentage.

Prints one JSON object describing what was done: the pages damaged, and for page damage the tables hit
and the cells that were on their damaged leaf pages (read with SQLite's dbstat from the undamaged copy),
so a caller knows which rows are gone.

Python 3 standard library only. Example:
    python3 Scripts/damage_store.py Journal.sqlite /tmp/Damaged.sqlite leaf --table ZENTRY --pages 2 --at 40
"""
import argparse
import json
import os
import random
import shutil
import sqlite3
import struct
import sys


def page_size_of(path):
    with open(path, "rb") as handle:
        header = handle.read(100)
    if len(header) < 100 or not header.startswith(b"SQLite format 3\0"):
        sys.exit(f"damage_store.py: {path}: not an SQLite database")
    raw = struct.unpack(">H", header[16:18])[0]
    return 65536 if raw == 1 else raw


def copy_store(store, output):
    if os.path.exists(output):
        sys.exit(f"damage_store.py: {output}: already exists")
    shutil.copyfile(store, output)
    if os.path.exists(store + "-wal"):
        shutil.copyfile(store + "-wal", output + "-wal")


def page_map(path):
    """Every B-tree page of the store: (name, path in the tree, page number, page type, cells), in tree order."""
    connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return connection.execute(
            "SELECT name, path, pageno, pagetype, ncell FROM dbstat ORDER BY name, path").fetchall()
    finally:
        connection.close()


def tables_and_indexes(path):
    connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return dict(connection.execute("SELECT name, type FROM sqlite_master").fetchall())
    finally:
        connection.close()


def write_pages(path, pages, page_size, content):
    with open(path, "r+b") as handle:
        for number in pages:
            handle.seek((number - 1) * page_size)
            handle.write(content(number))


def describe(pages, layout):
    """What the damaged pages held: per table or index, its leaf cells lost and whether inner pages were hit."""
    hit = {}
    damaged = set(pages)
    for name, _, number, kind, cells in layout:
        if number not in damaged:
            continue
        entry = hit.setdefault(name, {"leafCells": 0, "leafPages": 0, "innerPages": 0, "overflowPages": 0})
        if kind == "leaf":
            entry["leafCells"] += cells
            entry["leafPages"] += 1
        elif kind == "internal":
            entry["innerPages"] += 1
        else:
            entry["overflowPages"] += 1
    return hit


def freelist_pages(path, page_size):
    """Every freelist page, trunks first in chain order, each followed by its leaves."""
    pages = []
    with open(path, "rb") as handle:
        header = handle.read(100)
        trunk = struct.unpack(">I", header[32:36])[0]
        while trunk and trunk not in pages and len(pages) < 1 << 20:
            pages.append(trunk)
            handle.seek((trunk - 1) * page_size)
            data = handle.read(page_size)
            following, count = struct.unpack(">II", data[:8])
            count = min(count, (page_size - 8) // 4)
            pages += list(struct.unpack(f">{count}I", data[8:8 + 4 * count]))
            trunk = following
    return pages


def class_pages(path, layout, page_class, table):
    """The pages of one position class, in tree order."""
    if page_class == "freelist":
        return freelist_pages(path, page_size_of(path))
    if page_class == "schema":
        return [row[2] for row in layout if row[0] in ("sqlite_schema", "sqlite_master") and row[2] != 1]
    kind = {"leaf": "leaf", "interior": "internal", "overflow": "overflow"}[page_class]
    tables = {name for name, type in tables_and_indexes(path).items() if type == "table"}
    per_table = {}
    for name, _, number, page_kind, _ in layout:
        if page_kind == kind and name in tables and not name.startswith("sqlite_"):
            per_table.setdefault(name, []).append(number)
    if table:
        return per_table.get(table, [])
    return max(per_table.values(), key=len) if per_table else []


def middle_pages(path, page_size, count, percent):
    total = os.path.getsize(path) // page_size
    first = max(2, min(total - count + 1, total * percent // 100))
    return list(range(first, first + count))


def frame_number(given, frames):
    """Frame `given` of a log of `frames` (negative counts from the end: -1 is the last), the middle one by
    default."""
    if given is None:
        return max(1, frames // 2)
    return max(1, min(frames + 1 + given if given < 0 else given, frames))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("store")
    parser.add_argument("output")
    parser.add_argument("kind", choices=["truncate", "zero", "scramble", "leaf", "interior", "index", "wal", "header", "page",
                                          "walcut"])
    parser.add_argument("--percent", type=int, default=50)
    parser.add_argument("--whole-pages", action="store_true")
    parser.add_argument("--pages", type=int, default=3)
    parser.add_argument("--at", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--table")
    parser.add_argument("--index")
    parser.add_argument("--frame", type=int)
    parser.add_argument("--offset", type=int)
    parser.add_argument("--class", dest="page_class", choices=["leaf", "interior", "overflow", "freelist", "schema"])
    parser.add_argument("--garbage", action="store_true")
    parser.add_argument("--bytes", type=int, default=0)
    arguments = parser.parse_args()

    store, output = arguments.store, arguments.output
    page_size = page_size_of(store)
    copy_store(store, output)
    report = {"kind": arguments.kind, "store": store, "output": output, "pageSize": page_size}
    zeros = lambda _: bytes(page_size)

    if arguments.kind == "truncate":
        size = os.path.getsize(output)
        cut = arguments.offset if arguments.offset is not None else size * arguments.percent // 100
        if arguments.whole_pages:
            cut -= cut % page_size
        layout = page_map(output)
        lost = [number for number in range(1, size // page_size + 1) if number * page_size > cut]
        with open(output, "r+b") as handle:
            handle.truncate(cut)
        report.update({"size": size, "cut": cut, "pages": lost, "hit": describe(lost, layout)})
    elif arguments.kind in ("zero", "scramble"):
        layout = page_map(output)
        pages = middle_pages(output, page_size, arguments.pages, arguments.at)
        generator = random.Random(arguments.seed)
        content = zeros if arguments.kind == "zero" else (lambda _: generator.randbytes(page_size))
        write_pages(output, pages, page_size, content)
        report.update({"pages": pages, "hit": describe(pages, layout)})
    elif arguments.kind in ("leaf", "interior"):
        if not arguments.table:
            sys.exit("damage_store.py: --table is required")
        layout = page_map(output)
        own = [row for row in layout if row[0] == arguments.table]
        if arguments.kind == "leaf":
            leaves = [row[2] for row in own if row[3] == "leaf"]
            if len(leaves) < arguments.pages:
                sys.exit(f"damage_store.py: {arguments.table} has {len(leaves)} leaf pages")
            first = min(len(leaves) - arguments.pages, len(leaves) * arguments.at // 100)
            pages = leaves[first:first + arguments.pages]
        else:
            inner = [row[2] for row in own if row[3] == "internal"]
            if not inner:
                sys.exit(f"damage_store.py: {arguments.table} has no interior page")
            pages = [inner[1] if len(inner) > 1 else inner[0]]
        write_pages(output, pages, page_size, zeros)
        report.update({"pages": pages, "hit": describe(pages, layout)})
    elif arguments.kind == "index":
        layout = page_map(output)
        kinds = tables_and_indexes(output)
        indexes = {}
        for name, _, number, kind, _ in layout:
            if kinds.get(name) == "index" and kind == "leaf":
                indexes.setdefault(name, []).append(number)
        if not indexes:
            sys.exit(f"damage_store.py: {store} has no index")
        name = arguments.index or max(indexes, key=lambda key: (len(indexes[key]), key))
        leaves = indexes[name]
        pages = [leaves[len(leaves) // 2]]
        write_pages(output, pages, page_size, zeros)
        report.update({"index": name, "pages": pages, "hit": describe(pages, layout)})
    elif arguments.kind == "wal":
        wal = output + "-wal"
        if not os.path.exists(wal) or os.path.getsize(wal) <= 32:
            sys.exit(f"damage_store.py: {store} has no -wal with frames")
        with open(wal, "rb") as handle:
            wal_page_size = struct.unpack(">I", handle.read(32)[8:12])[0]
            frame_size = 24 + wal_page_size
            frames = (os.path.getsize(wal) - 32) // frame_size
            commits = []
            for index in range(frames):
                handle.seek(32 + index * frame_size)
                if struct.unpack(">I", handle.read(24)[4:8])[0] != 0:
                    commits.append(index + 1)
        frame = frame_number(arguments.frame, frames)
        offset = 32 + (frame - 1) * frame_size + 24 + wal_page_size // 2
        with open(wal, "r+b") as handle:
            handle.seek(offset)
            original = handle.read(16)
            handle.seek(offset)
            handle.write(bytes(byte ^ 0xFF for byte in original))
        report.update({"frames": frames, "frame": frame, "commitFrames": commits,
                       "transactionsKept": len([c for c in commits if c < frame])})
    elif arguments.kind == "page":
        layout = page_map(output)
        candidates = class_pages(output, layout, arguments.page_class, arguments.table)
        if not candidates:
            sys.exit(f"damage_store.py: {store} has no {arguments.page_class} page to damage")
        count = min(arguments.pages, len(candidates))
        first = min(len(candidates) - count, len(candidates) * arguments.at // 100)
        pages = candidates[first:first + count]
        generator = random.Random(arguments.seed)
        content = (lambda _: generator.randbytes(page_size)) if arguments.garbage else zeros
        write_pages(output, pages, page_size, content)
        report.update({"pages": pages, "hit": describe(pages, layout), "class": arguments.page_class})
    elif arguments.kind == "walcut":
        wal = output + "-wal"
        if not os.path.exists(wal) or os.path.getsize(wal) <= 32:
            sys.exit(f"damage_store.py: {store} has no -wal with frames")
        with open(wal, "rb") as handle:
            frame_size = 24 + struct.unpack(">I", handle.read(32)[8:12])[0]
        frames = (os.path.getsize(wal) - 32) // frame_size
        frame = frame_number(arguments.frame, frames)
        with open(wal, "r+b") as handle:
            handle.truncate(32 + (frame - 1) * frame_size + min(arguments.bytes, frame_size - 1))
        report.update({"frames": frames, "frame": frame})
    elif arguments.kind == "header":
        with open(output, "r+b") as handle:
            handle.write(bytes(100))
        report.update({"pages": [1]})
    for suffix in ("-shm",):
        if os.path.exists(output + suffix) and not os.path.exists(store + suffix):
            os.remove(output + suffix)
    print(json.dumps(report, sort_keys=True))


if __name__ == "__main__":
    main()
