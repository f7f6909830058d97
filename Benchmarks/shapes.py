#!/usr/bin/env python3
"""Shapes of store beyond the sample app (issue 34.1), each against its own floor measured in the same run.

Each shape is a model written here and a store `cdmigrate seed` fills at its first version. The engine's figure
is a real migration (`cdmigrate migrate --yes`: backup, every step, validation, swap) of a fresh copy; the floor
is the same change by hand in one `sqlite3` run (the destination's tables and Apple's indexes taken from the
engine's result, rows by one INSERT ... SELECT per table, indexes after the rows, `synchronous = OFF` as the
engine writes a step) plus one `integrity_check` of it, the least any migration that checks its result costs.
Warm runs are interleaved (engine, floor, engine, floor, ...); the cold run is the first of each shape, made
after the copy's pages are dropped from the page cache (`posix_fadvise(DONTNEED)` on the copy: the store alone,
not the machine's whole cache, which the others' builds need).

    python3 Benchmarks/shapes.py --rows 1000000 --repeats 3 [--shapes wide,many,rename,links,blobs]

Prints a Markdown table (stderr has the progress). Uses the release binary `.build/release/cdmigrate`.
"""

import argparse
import os
import sqlite3
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import run_benchmarks as rb  # noqa: E402  (the suite's process runner, folders and integrity_check)

SHAPES_ROOT = rb.STORES / "shapes"


def model_xml(entities):
    """A version's `contents`: `entities` is [(name, [attribute or relationship XML lines])]."""
    body = "".join(
        f'    <entity name="{name}" representedClassName="{name}" syncable="YES" codeGenerationType="class">\n'
        + "".join(f"        {line}\n" for line in lines) + "    </entity>\n" for name, lines in entities)
    return ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
            '<model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" '
            'lastSavedToolsVersion="22522" systemVersion="23F79" minimumToolsVersion="Automatic" '
            'sourceLanguage="Swift" userDefinedModelVersionIdentifier="">\n' + body + "</model>\n")


def write_model(name, versions):
    """`<name>.xcdatamodeld` with `versions` ([(version name, entities)]), the last one current."""
    folder = SHAPES_ROOT / "models" / f"{name}.xcdatamodeld"
    rb.remove(folder)
    for version, entities in versions:
        path = folder / f"{version}.xcdatamodel"
        path.mkdir(parents=True)
        (path / "contents").write_text(model_xml(entities))
    (folder / ".xccurrentversion").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" '
        '"http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n<plist version="1.0">\n<dict>\n'
        f"\t<key>_XCCurrentVersionName</key>\n\t<string>{versions[-1][0]}.xcdatamodel</string>\n</dict>\n</plist>\n")
    return folder


TYPES = ['attributeType="Integer 64" defaultValueString="0" usesScalarValueType="YES"', 'attributeType="String"',
         'attributeType="Double" defaultValueString="0.0" usesScalarValueType="YES"',
         'attributeType="Date" usesScalarValueType="NO"', 'attributeType="Boolean" usesScalarValueType="YES"']


def attribute(name, index):
    return f'<attribute name="{name}" optional="YES" {TYPES[index % len(TYPES)]}/>'


def wide(rows):
    """One entity of 40 attributes; the step adds a 41st (optional): every row is rewritten."""
    columns = [attribute(f"field{n:02}", n) for n in range(1, 41)]
    versions = [("Wide 1", [("Record", columns)]), ("Wide 2", [("Record", columns + [attribute("added", 1)])])]
    return write_model("Wide", versions), {"Record": rows}


def many(rows):
    """60 entities of 4 attributes; the step adds one optional attribute to each: 60 tables rewritten, `rows`
    rows in all."""
    names = [f"Kind{n:02}" for n in range(1, 61)]
    base = {name: [attribute(f"value{n}", n + i) for n in range(1, 5)] for i, name in enumerate(names)}
    versions = [("Many 1", [(name, base[name]) for name in names]),
                ("Many 2", [(name, base[name] + [attribute("extra", 1)]) for name in names])]
    return write_model("Many", versions), {name: rows // len(names) for name in names}


def rename(rows):
    """The journal app of issue 34: a rename by renaming identifier (version 2, a step of its own), then a
    Boolean with a default, an optional to-one with Apple's index and a new entity (version 3, which keeps no
    renaming identifier, so the chain is two steps)."""
    note = ['<attribute name="created" optional="YES" attributeType="Date" usesScalarValueType="NO"/>',
            '<attribute name="title" optional="YES" attributeType="String"/>']
    v1 = [("Note", note + ['<attribute name="body" optional="YES" attributeType="String"/>'])]
    v2 = [("Note", note + ['<attribute name="text" optional="YES" attributeType="String" elementID="body"/>'])]
    v3 = [("Folder", ['<attribute name="name" optional="YES" attributeType="String"/>',
                      '<relationship name="notes" optional="YES" toMany="YES" deletionRule="Nullify" '
                      'destinationEntity="Note" inverseName="folder" inverseEntity="Note"/>']),
          ("Note", note + ['<attribute name="pinned" attributeType="Boolean" defaultValueString="NO" '
                           'usesScalarValueType="YES"/>',
                           '<attribute name="text" optional="YES" attributeType="String"/>',
                           '<relationship name="folder" optional="YES" maxCount="1" deletionRule="Nullify" '
                           'destinationEntity="Folder" inverseName="notes" inverseEntity="Folder"/>'])]
    return write_model("Notes", [("Notes 1", v1), ("Notes 2", v2), ("Notes 3", v3)]), {"Note": rows}


def links(rows):
    """A many-to-many with about `rows` join rows (seeding links about 1.5 objects of each side per object), and
    a new entity that sorts first: both entities are renumbered, so the join table is renamed and its columns
    too, and every join row is rewritten."""
    item = ['<attribute name="name" optional="YES" attributeType="String"/>',
            '<relationship name="tags" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Tag" '
            'inverseName="items" inverseEntity="Tag"/>']
    tag = ['<attribute name="label" optional="YES" attributeType="String"/>',
           '<relationship name="items" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Item" '
           'inverseName="tags" inverseEntity="Item"/>']
    album = ['<attribute name="title" optional="YES" attributeType="String"/>']
    versions = [("Links 1", [("Item", item), ("Tag", tag)]),
                ("Links 2", [("Album", album), ("Item", item), ("Tag", tag)])]
    return write_model("Links", versions), {"Item": rows * 2 // 3, "Tag": rows * 2 // 3}


def blobs(rows):
    """Large values: `rows` / 100 photos of 100 KB each (1 GB at 1,000,000), stored in the row (no external
    storage); the step adds an optional attribute, so every value is copied. Peak memory is the figure to watch:
    flat in the row count and at most a few values' size above the process's own."""
    photo = ['<attribute name="caption" optional="YES" attributeType="String"/>',
             '<attribute name="data" optional="YES" attributeType="Binary"/>']
    versions = [("Photos 1", [("Photo", photo)]), ("Photos 2", [("Photo", photo + [attribute("taken", 3)])])]
    return write_model("Photos", versions), {"Photo": max(rows // 100, 1)}


SHAPES = {"wide": wide, "many": many, "rename": rename, "links": links, "blobs": blobs}
# What a shape's store needs beyond what `seed` writes: SQL run on it once seeded.
AFTER_SEEDING = {"blobs": "UPDATE ZPHOTO SET ZDATA = randomblob(102400)"}


def seeded(shape, rows):
    """The shape's model and a store at its first version with `rows` objects (cached per shape and size)."""
    model, counts = SHAPES[shape](rows)
    first = sorted(p.name for p in model.glob("*.xcdatamodel"))[0].removesuffix(".xcdatamodel")
    store = SHAPES_ROOT / f"{shape}-{rows}.sqlite"
    if not store.exists():
        rb.log(f"seeding {shape} at {first} with {rows:,} rows")
        # Every concrete entity gets the same count: a shape spreading `rows` over many entities seeds each
        # with its share.
        per_entity = max(counts.values())
        scratch = SHAPES_ROOT / f"{shape}-{rows}.seeding.sqlite"
        for suffix in ("", "-wal", "-shm"):
            rb.remove(Path(str(scratch) + suffix))
        rb.cdmigrate("seed", model, "--version", first, "--objects", per_entity, "--out", scratch)
        with sqlite3.connect(scratch) as db:
            if shape in AFTER_SEEDING:
                db.execute(AFTER_SEEDING[shape])
                db.commit()
            db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            db.execute("PRAGMA journal_mode = DELETE")
        db.close()
        scratch.rename(store)
    return model, store


def drop_from_cache(path):
    """Drops the file's pages from the page cache (after writing them back), so the next read is cold."""
    with open(path, "rb") as handle:
        os.fsync(handle.fileno())
        os.posix_fadvise(handle.fileno(), 0, 0, os.POSIX_FADV_DONTNEED)


def by_hand(source, result, target):
    """The change by hand: `result`'s tables (the engine's, so Apple's schema and indexes), each filled from the
    source table of the same name, columns the source lacks given their default (NULL, or 0 for a Boolean with a
    default), a renamed column read under its old name."""
    renamed = {("ZNOTE", "ZTEXT"): "ZBODY"}
    with sqlite3.connect(f"file:{source}?mode=ro", uri=True) as db:
        source_columns = {name: [row[1] for row in db.execute(f'PRAGMA table_info("{name}")')]
                          for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    db.close()

    # A join table renamed by renumbering (Z_1TAGS -> Z_2TAGS) is filled from the source's join table left
    # unmatched at the same place, column by column.
    def join(name):
        return name.startswith("Z_") and name[2:3].isdigit()

    def rows(tables):
        statements = []
        new_joins = [table for table in tables if join(table) and table not in source_columns]
        old_joins = sorted(table for table in source_columns if join(table) and table not in tables)
        for table, old in zip(sorted(new_joins), old_joins):
            statements.append(f'INSERT INTO main."{table}" SELECT * FROM source."{old}";')
        for table in tables:
            if table not in source_columns:
                continue
            with sqlite3.connect(f"file:{result}?mode=ro", uri=True) as db:
                info = list(db.execute(f'PRAGMA table_info("{table}")'))
                # An entity renumbered (a new entity sorting before it) takes its number in the result.
                number = db.execute(f'SELECT Z_ENT FROM "{table}" LIMIT 1').fetchone() if any(
                    row[1] == "Z_ENT" for row in info) and not table.startswith("Z_") else None
            db.close()
            names, values = [], []
            for _, column, _, _, default, _ in info:
                old = renamed.get((table, column), column)
                names.append(f'"{column}"')
                if column == "Z_ENT" and number:
                    values.append(str(number[0]))
                elif old in source_columns[table]:
                    values.append(f'"{old}"')
                else:
                    values.append(default if default is not None else ("0" if column == "ZPINNED" else "NULL"))
            statements.append(f'INSERT INTO main."{table}" ({", ".join(names)}) SELECT {", ".join(values)} '
                              f'FROM source."{table}";')
        return statements

    return rb.by_hand(source, result, target, rows)


def same_rows(engine, hand):
    """The floor made the engine's change: every entity and join table holds the same rows, value for value."""
    with sqlite3.connect(f"file:{engine}?mode=ro", uri=True) as db:
        tables = [name for (name,) in db.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'Z%' "
            "AND name NOT IN ('Z_PRIMARYKEY', 'Z_METADATA', 'Z_MODELCACHE')")]
        db.execute(f"ATTACH 'file:{hand}?mode=ro' AS hand")
        for table in tables:
            differ = db.execute(
                f'SELECT (SELECT COUNT(*) FROM (SELECT * FROM main."{table}" EXCEPT SELECT * FROM hand."{table}"))'
                f' + (SELECT COUNT(*) FROM main."{table}") - (SELECT COUNT(*) FROM hand."{table}")').fetchone()
            if differ[0] != 0:
                raise RuntimeError(f"the floor's {table} differs from the engine's")
    db.close()


def measure(shape, rows, repeats):
    model, seed = seeded(shape, rows)
    target = sorted(p.name for p in model.glob("*.xcdatamodel"))[-1].removesuffix(".xcdatamodel")
    engine, floor, cold = [], [], {}
    peak = []
    for repeat in range(repeats + 1):
        folder = rb.fresh_folder(f"shape-{shape}")
        store = rb.copy_store(seed, folder, "Store.sqlite")
        if repeat == 0:
            drop_from_cache(store)
        result = rb.cdmigrate("migrate", store, "--model", model, "--to", target, "--yes", "--json")
        kept = folder / "result.sqlite"
        os.link(store, kept)
        copy = rb.copy_store(seed, folder, "Source.sqlite")
        if repeat == 0:
            drop_from_cache(copy)
        hand = folder / "hand.sqlite"
        seconds = by_hand(copy, kept, hand).seconds + rb.integrity_check(hand).seconds
        if repeat == 0:
            same_rows(kept, hand)
            cold = {"engine": result.seconds, "floor": seconds}
        else:
            engine.append(result.seconds)
            floor.append(seconds)
            peak.append(result.peak_kib / 1024)
        rb.remove(folder)
    return engine, floor, cold, peak


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--shapes", default=",".join(SHAPES))
    args = parser.parse_args()
    print(f"| shape ({args.rows:,} rows) | engine, warm median [min–max] | floor, warm | ratio warm | "
          "engine, cold | floor, cold | ratio cold | peak memory |")
    print("|---|---|---|---|---|---|---|---|")
    for shape in args.shapes.split(","):
        engine, floor, cold, peak = measure(shape, args.rows, args.repeats)
        med = (statistics.median(engine), statistics.median(floor))
        span = lambda values: f"{rb.fmt(statistics.median(values), 's')} [{rb.fmt(min(values), 's')}–{rb.fmt(max(values), 's')}]"
        print(f"| {shape} | {span(engine)} | {span(floor)} | {med[0] / med[1]:.2f}× | {rb.fmt(cold['engine'], 's')} | "
              f"{rb.fmt(cold['floor'], 's')} | {cold['engine'] / cold['floor']:.2f}× | {statistics.median(peak):.1f} MB |",
              flush=True)


if __name__ == "__main__":
    main()
