#!/usr/bin/env python3
"""Side by side on the same damaged stores: `cdmigrate salvage` against the SQLite shell's `.recover` and
`.dump`, the tools a support engineer reaches for.

Every corpus store (`../shared/corpus`, copied first: the corpus is never opened in place) is damaged by
`Scripts/damage_store.py` in each of its ways; each tool's result is loaded into a new database and judged
the same way:

- rows: objects in the entity tables of the store's model (rows `.recover` puts in `lost_and_found` belong
  to no table and do not count; they are shown apart). For cdmigrate both the objects it read and those it
  kept: it leaves out an object whose required to-one points at a lost object (kept, the object would
  fail Core Data's validation on its next save, and `verify`);
- opens: whether Core Data could open the result as a store: `integrity_check` passes, every entity table
  of the original is there with its columns (in any order), `Z_METADATA` holds one row with the version hashes, and every
  entity table's largest `Z_PK` is within its `Z_MAX` in `Z_PRIMARYKEY`. cdmigrate's result must also pass
  `cdmigrate verify` when the store has a model.
- values: every row cdmigrate and `.recover` both read, compared column by column (`value_differences`): a
  store read into the wrong columns passes the counts and `verify`, not this.

`.dump` stops a table at its first damaged page and ends its script with `ROLLBACK` when anything failed;
the script is replayed with that last line made `COMMIT`, so what `.dump` did print counts.

`.recover` needs SQLite's `sqlite_dbpage` table, which Debian 12's SQLite (3.40.1) is built without: its
`.recover` fails with "SQL logic error" and recovers nothing. With `--recover-library LIB` (an SQLite
library built with it, for example the `libsqlite3_tool.so` in the `apsw` wheel's `sqlite_extra_binaries`),
the shell runs on that library instead (through `LD_PRELOAD`, with a two-line shim, compiled here with `cc`,
answering the shell's start-up version check).

Usage, after `swift build`:
    python3 Scripts/salvage_compare.py [--recover-library LIB] [--stores wibosco-colors,moody] [--markdown]
        [--corpus DIR] [--cdmigrate BINARY]
    python3 Scripts/salvage_compare.py --recover-library LIB --values DAMAGED SALVAGED INTACT REPORT
`--recover-library apsw` finds the library in the installed `apsw` package (`pip install --user apsw`).
`SalvageRecoverComparisonTests` runs this script per case and checks each JSON line it prints.
Prints one line per damaged store and tool, then a summary table (Markdown with `--markdown`).
"""
import argparse
import json
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(os.path.dirname(ROOT), "shared", "corpus")

# (case, store, model or None for the store's own model cache)
STORES = [
    ("wibosco-colors", "stores/CoreDataMigration_Example_1.sqlite", "CoreDataMigration_Example.xcdatamodeld"),
    ("wibosco-colors", "stores/CoreDataMigration_Example_2.sqlite", "CoreDataMigration_Example.xcdatamodeld"),
    ("wibosco-colors", "stores/CoreDataMigration_Example_3.sqlite", "CoreDataMigration_Example.xcdatamodeld"),
    ("wibosco-colors", "stores/CoreDataMigration_Example_WAL.sqlite", "CoreDataMigration_Example.xcdatamodeld"),
    ("wibosco-sections", "stores/CoreDataMigration_Example_3.sqlite", "CoreDataMigration_Example.xcdatamodeld"),
    ("rename-chain", "stores/Example_v1.2.0.sqlite", "Model.xcdatamodeld"),
    ("coredataplus-books", "stores/SampleModel2_V1.sqlite", None),
    ("coredataplus-cars", "stores/SampleModel_V2.sqlite", "SampleModel.xcdatamodeld"),
    ("moody", "stores/Moody 5.moody", "Moody.xcdatamodeld"),
    ("wire", "stores/store2-101-0.wiredatabase", "zmessaging.xcdatamodeld"),
]
KINDS = [
    ("truncate", ["truncate", "--percent", "50"]),
    ("zero", ["zero", "--pages", "3", "--at", "50"]),
    ("scramble", ["scramble", "--pages", "3", "--at", "50"]),
    ("interior", None),  # the largest entity table's interior page, when it has one
    ("index", ["index"]),
    ("wal", ["wal"]),
    ("header", ["header"]),
]
# `--sweep` (Scripts/damage_sweep.sh): every kind of damage at every position class.
SWEEP_KINDS = [(f"truncate {p}%", ["truncate", "--percent", str(p)]) for p in (9, 23, 37, 50, 63, 77, 91)] + [
    ("truncate 50% pages", ["truncate", "--percent", "50", "--whole-pages"]),
    ("zero", ["zero", "--pages", "3", "--at", "50"]),
    ("scramble", ["scramble", "--pages", "3", "--at", "50"]),
] + [(f"{c} {f}", ["page", "--class", c, "--pages", "2"] + (["--garbage"] if f == "garbage" else []))
     for c in ("leaf", "interior", "overflow", "freelist", "schema") for f in ("zeroed", "garbage")] + [
    ("index", ["index"]),
    ("wal", ["wal"]),
    ("wal frame 2", ["wal", "--frame", "2"]),
    ("wal last frame", ["wal", "--frame", "-1"]),
    ("wal cut", ["walcut"]),
    ("wal cut in frame 2", ["walcut", "--frame", "2", "--bytes", "100"]),
    ("wal cut in last frame", ["walcut", "--frame", "-1", "--bytes", "1000"]),
    ("header", ["header"]),
]
SHIM = 'const char *sqlite3_sourceid(void) { return "%s"; }\n'


def run(command, **options):
    return subprocess.run(command, capture_output=True, text=True, **options)


def entity_tables(path):
    """The entity tables of a store (`Z` + root entity name) with their columns, from its Z_PRIMARYKEY."""
    connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        roots = [name for name, in connection.execute(
            "SELECT Z_NAME FROM Z_PRIMARYKEY WHERE Z_SUPER = 0 AND Z_ENT < 16000")]
        present = {name for name, in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        tables = {}
        for root in roots:
            table = "Z" + root.upper()
            if table in present:
                tables[table] = [row[1] for row in connection.execute(f'PRAGMA table_info("{table}")')]
        return tables
    finally:
        connection.close()


def table_counts(path, tables):
    """Per entity table of `tables` present at `path`, its rows; and the rows of `lost_and_found`."""
    connection = sqlite3.connect(path)
    try:
        present = {name for name, in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        rows = {t: connection.execute(f'SELECT COUNT(*) FROM "{t}"').fetchone()[0] for t in tables if t in present}
        lost = connection.execute("SELECT COUNT(*) FROM lost_and_found").fetchone()[0] if "lost_and_found" in present else 0
        return rows, lost
    except sqlite3.DatabaseError:
        return {}, 0
    finally:
        connection.close()


def count_rows(path, tables):
    rows, lost = table_counts(path, tables)
    return sum(rows.values()), lost


def opens_as_store(path, tables):
    """Whether Core Data could open the database at `path` as the store whose entity tables are `tables`."""
    try:
        connection = sqlite3.connect(path)
        if connection.execute("PRAGMA integrity_check").fetchone()[0] != "ok":
            return False
        present = {name for name, in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        for table, columns in tables.items():
            # Core Data reads columns by name: the order may differ, the set may not.
            if table not in present or {r[1] for r in connection.execute(f'PRAGMA table_info("{table}")')} != set(columns):
                return False
        if not {"Z_METADATA", "Z_PRIMARYKEY"} <= present:
            return False
        metadata = connection.execute("SELECT Z_PLIST FROM Z_METADATA").fetchall()
        if len(metadata) != 1 or not metadata[0][0] or b"NSStoreModelVersionHashes" not in bytes(metadata[0][0]):
            return False
        maxima = dict(connection.execute("SELECT 'Z' || upper(Z_NAME), Z_MAX FROM Z_PRIMARYKEY WHERE Z_SUPER = 0"))
        for table in tables:
            largest = connection.execute(f'SELECT IFNULL(MAX(Z_PK), 0) FROM "{table}"').fetchone()[0]
            if largest > (maxima.get(table) or 0):
                return False
        return True
    except sqlite3.DatabaseError:
        return False


def exact_report(report, output):
    """Whether salvage's report accounts for every key up to each entity table's Z_MAX exactly once: in the
    new store, in an unreadable range or in a gap, or among the objects left out."""
    connection = sqlite3.connect(f"file:{output}?mode=ro", uri=True)
    try:
        unaccounted = 0
        for table in report["tables"]:
            largest = table.get("largestKey")
            if not table.get("root") or largest is None:
                continue
            covered = {key for key, in connection.execute(f'SELECT Z_PK FROM "{table["table"]}"')}
            for key_range in table["unreadable"] + table["gaps"]:
                upper = key_range.get("upper")
                ids = range(key_range["lower"], min(largest if upper is None else upper, largest) + 1)
                if any(key in covered for key in ids):
                    return False
                covered.update(ids)
            unaccounted += largest - len([key for key in covered if key <= largest])
        return unaccounted == sum(entity["dropped"] for entity in report["entities"])
    finally:
        connection.close()


def reference_layout(reference):
    """Per table of the intact store, its columns in the order its records hold them, its row id's column (an
    `INTEGER PRIMARY KEY`, whose place in a record is NULL) and its table-leaf pages: what `.recover`'s
    `lost_and_found` rows, which carry only a page number, a row id and values by position, are read by."""
    connection = sqlite3.connect(f"file:{reference}?mode=ro", uri=True)
    try:
        layout = {}
        for name, sql in connection.execute(
                "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").fetchall():
            if not sql or "WITHOUT ROWID" in sql.upper() or sql.upper().startswith("CREATE VIRTUAL"):
                continue
            info = connection.execute(f'PRAGMA table_info("{name}")').fetchall()
            keys = [row for row in info if row[5]]
            alias = keys[0][1] if len(keys) == 1 and keys[0][2].upper() == "INTEGER" else None
            pages = {page for page, in connection.execute(
                "SELECT pageno FROM dbstat WHERE name = ? AND pagetype = 'leaf'", (name,))}
            layout[name] = ([row[1] for row in info], alias, pages)
        return layout
    finally:
        connection.close()


def explained_nulls(report):
    """How many rows salvage's report says it wrote with NULL where the damaged store held a value: references
    to lost objects cleared, and rows read without the values on damaged pages (per its notes)."""
    cleared = sum(reference["cleared"] for reference in report.get("danglingReferences", []))
    partial = 0
    for note in report.get("notes", []):
        found = re.match(r"^\S+: (\d+) rows read without the values on damaged pages", note)
        partial += int(found.group(1)) if found else 0
    return cleared + partial


def value_differences(output, recovered, layout, damaged_pages=(), truth=None):
    """Salvage's rows beside `.recover`'s, column by column, for the rows both give (by row id, `Z_PK` for an
    entity table): a count of values compared, the values that differ (a sample), and the rows where salvage
    wrote NULL and `.recover` a value (which salvage's report must account for). Counts alone miss a store
    read into the wrong columns (two columns of one type swapped) or the wrong tables, and `verify` passes it.

    `.recover` puts the rows of a table whose schema row it found into that table, by column name; the others
    into `lost_and_found` by position, with their page: those on a page of the table in the intact store
    (`layout`, from `reference_layout`) are its rows, their values in the intact store's column order. Rows on
    the damaged pages themselves are not compared: garbage there may decode as any row.

    `truth` is the intact store (checkpointed): where salvage's value differs from `.recover`'s but is the intact
    store's, `.recover` is the one that read it wrong, and it is counted as `recoverUnlike`, not as a difference.
    So `.recover` reads an overflow chain page by page and takes a zeroed page's bytes (and every value after
    it) as zeros, where SQLite, in a store with a pointer map (`auto_vacuum`, as wire's), finds the pages after
    it by the map and reads the values stored there, as Core Data would: wire's users' ids after their profile
    image."""
    result = {"values": 0, "differ": {}, "sample": [], "nulled": set(), "recoverUnlike": 0}
    connection = sqlite3.connect(f"file:{output}?mode=ro", uri=True)
    # A damaged page can leave TEXT that is not UTF-8 (in .recover's copy, or in salvage's when it keeps bytes as
    # they are): decoded so that each byte string stays a distinct value, never an error ending the sweep.
    connection.text_factory = lambda data: data.decode("utf-8", "surrogateescape")
    try:
        connection.execute("ATTACH DATABASE ? AS peer", (f"file:{recovered}?mode=ro",))
        if truth:
            connection.execute("ATTACH DATABASE ? AS truth", (f"file:{truth}?mode=ro",))
    except sqlite3.DatabaseError:
        connection.close()
        return result
    try:
        def names(schema):
            return {name for name, in connection.execute(
                f"SELECT name FROM {schema}.sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")}

        def columns(schema, table):
            return [row[1] for row in connection.execute(f'PRAGMA {schema}.table_info("{table}")')]

        # Derived attributes are salvage's to fill from the objects it kept (a count of pages is the pages
        # recovered), by the triggers Core Data's own store carries: not compared.
        derived = set()
        for sql, in connection.execute("SELECT sql FROM main.sqlite_master WHERE type = 'trigger' AND name LIKE 'Z_DA_%'"):
            derived.update(re.findall(r"UPDATE (\w+) SET (\w+) =", sql or ""))

        def intact(table, key, column):
            """The intact store's value, or a marker no value equals when it has no such table, column or row."""
            try:
                found = connection.execute(f'SELECT "{column}" FROM truth."{table}" WHERE rowid = ?', (key,)).fetchone()
            except sqlite3.DatabaseError:
                found = None
            return found[0] if found else intact

        def compare(table, key, salvaged, theirs):
            for column, value in theirs.items():
                if column not in salvaged or (table, column) in derived:
                    continue
                result["values"] += 1
                mine = salvaged[column]
                if mine is None and value is not None:
                    result["nulled"].add((table, key))
                elif mine != value and truth and mine == intact(table, key, column):
                    result["recoverUnlike"] += 1
                elif mine != value:
                    result["differ"][table] = result["differ"].get(table, 0) + 1
                    if len(result["sample"]) < 5:
                        result["sample"].append(f"{table} {key} {column}: {mine!r:.40} (.recover {value!r:.40})")

        peer_tables = names("peer")
        found_loose = "lost_and_found" in peer_tables
        # The bookkeeping is salvage's own by design (step 5 of docs/guide/salvage.md: Z_MAX raised to the largest
        # key kept, the metadata's hashes those of the version read, a new UUID when none reads).
        for table in sorted(names("main") - {"Z_METADATA", "Z_MODELCACHE", "Z_PRIMARYKEY"}):
            # Salvage's own lost_and_found (rows of no table, when the schema is lost) holds no object and its row
            # ids are its own: matched by row id with .recover's it would compare unrelated rows.
            if re.fullmatch(r"lost_and_found(_\d+)?", table):
                continue
            mine = columns("main", table)
            rows = {row[0]: dict(zip(mine, row[1:]))
                    for row in connection.execute(f'SELECT rowid, * FROM main."{table}"')}
            if not rows:
                continue
            if table in peer_tables:
                theirs = columns("peer", table)
                their_rows = connection.execute(f'SELECT rowid, * FROM peer."{table}"').fetchall()
                # A join table's row id is no object's key (Core Data keys its rows by their pair) and salvage numbers
                # the rows it writes anew: a salvaged row .recover holds at another row id is the same row.
                held = set() if "Z_PK" in mine else {tuple(row[1:]) for row in their_rows}
                for row in their_rows:
                    if row[0] in rows:
                        salvaged = rows[row[0]]
                        if tuple(salvaged.get(column) for column in theirs) in held:
                            compare(table, row[0], salvaged, {column: salvaged.get(column) for column in theirs})
                        else:
                            compare(table, row[0], salvaged, dict(zip(theirs, row[1:])))
            if found_loose and table in layout:
                order, alias, pages = layout[table]
                pages = pages - set(damaged_pages)
                if not pages:
                    continue
                width = len([c for c in columns("peer", "lost_and_found") if re.fullmatch(r"c\d+", c)])
                marks = ",".join("?" * len(pages))
                query = f"SELECT pgno, nfield, id, {', '.join(f'c{i}' for i in range(width))} FROM peer.lost_and_found " \
                        f"WHERE pgno IN ({marks})"
                for page, fields, key, *values in connection.execute(query, sorted(pages)):
                    if key in rows:
                        positional = {column: values[index] for index, column in enumerate(order[:min(fields, width)])
                                      if column != alias}
                        compare(table, key, rows[key], positional)
        return result
    finally:
        connection.close()


def checkpointed(store, path):
    """A copy of `store` at `path` with its `-wal` applied (SQLite's backup), read-only opened: the intact rows."""
    source = sqlite3.connect(f"file:{store}?mode=ro", uri=True)
    target = sqlite3.connect(path)
    source.backup(target)
    source.close()
    target.close()
    return path


def judge_values(output, recovered, layout, damaged_pages, report, truth=None):
    """The JSON line's fields for `value_differences`: values compared, values that differ (and a sample),
    rows salvage wrote with NULL where `.recover` has a value, and whether its report accounts for them.

    Values that differ in a table whose column order salvage's report says it could not tell (its rows fit
    several orders alike: "may be in the wrong columns") are counted apart, as `valuesDifferFlagged`: the
    report said so. Both are losses (the swap of ffe0dc0 carried that note too); the split says which kind.
    Values where `.recover` differs from the intact store `truth` and salvage does not are
    `valuesRecoverUnlike`."""
    found = value_differences(output, recovered, layout, damaged_pages, truth)
    flagged = {note.split(":", 1)[0] for note in report.get("notes", []) if "column orders fit its rows alike" in note and "the first of them used" in note}
    return {"valuesCompared": found["values"],
            "valuesDiffer": sum(n for table, n in found["differ"].items() if table not in flagged),
            "valuesDifferFlagged": sum(n for table, n in found["differ"].items() if table in flagged),
            "valuesDifferTables": sorted(found["differ"]), "valuesDifferSample": found["sample"],
            "valuesRecoverUnlike": found["recoverUnlike"],
            "valuesNulled": len(found["nulled"]),
            "valuesNulledExplained": len({row for row in found["nulled"] if row[0] not in flagged}) <= explained_nulls(report)}


def discover_stores(corpus):
    """Every SQLite file under each case's stores/, with the case's one .xcdatamodeld (or None: its cache)."""
    found = []
    for case in sorted(os.listdir(corpus)):
        folder = os.path.join(corpus, case, "stores")
        if not os.path.isdir(folder):
            continue
        models = sorted(name for name in os.listdir(os.path.join(corpus, case)) if name.endswith(".xcdatamodeld"))
        for name in sorted(os.listdir(folder)):
            path = os.path.join(folder, name)
            if name.endswith(("-wal", "-shm", "-journal")) or not os.path.isfile(path):
                continue
            with open(path, "rb") as handle:
                if handle.read(16) != b"SQLite format 3\0":
                    continue
            found.append((case, os.path.join("stores", name), models[0] if len(models) == 1 else None))
    return found


def fresh_copy(path, name):
    copy = f"{path}.{name}-input"
    for suffix in ("", "-wal"):
        if os.path.exists(path + suffix):
            shutil.copyfile(path + suffix, copy + suffix)
    return copy


def load_script(sql, path):
    # Bytes, not text: a damaged store's values may be any bytes, and so may the script that holds them.
    result = subprocess.run(["sqlite3", path], input=sql, capture_output=True)
    return result.returncode == 0 or os.path.exists(path)


class Peers:
    def __init__(self, library, folder):
        self.environment = dict(os.environ)
        if library:
            source_id = run(["sqlite3", ":memory:", "SELECT sqlite_source_id()"]).stdout.strip()
            shim = os.path.join(folder, "shim.c")
            with open(shim, "w") as handle:
                handle.write(SHIM % source_id)
            compiled = os.path.join(folder, "shim.so")
            if run(["cc", "-shared", "-fPIC", "-o", compiled, shim]).returncode != 0:
                sys.exit("salvage_compare.py: cannot compile the version shim with cc")
            self.environment["LD_PRELOAD"] = f"{compiled} {os.path.abspath(library)}"

    def recover(self, damaged, output):
        result = subprocess.run(["sqlite3", damaged, ".recover"], capture_output=True, env=self.environment)
        return load_script(result.stdout, output) and b"INSERT" in result.stdout

    def dump(self, damaged, output):
        script = subprocess.run(["sqlite3", damaged, ".dump"], capture_output=True).stdout
        if script.rstrip().endswith(b"ROLLBACK; -- due to errors"):
            script = script.rstrip()[: -len(b"ROLLBACK; -- due to errors")] + b"COMMIT;\n"
        return load_script(script, output)


def apsw_library():
    """The SQLite library with `sqlite_dbpage` that the `apsw` package ships."""
    try:
        import apsw
    except ImportError:
        sys.exit("salvage_compare.py: --recover-library apsw needs the apsw package (pip install --user apsw)")
    library = os.path.join(os.path.dirname(apsw.__file__), "sqlite_extra_binaries", "libsqlite3_tool.so")
    if not os.path.exists(library):
        sys.exit(f"salvage_compare.py: {library} is missing from the apsw package")
    return library


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cdmigrate", default=os.path.join(ROOT, ".build", "debug", "cdmigrate"))
    parser.add_argument("--recover-library")
    parser.add_argument("--stores", help="comma-separated corpus cases (default: all)")
    parser.add_argument("--markdown", action="store_true")
    parser.add_argument("--corpus", default=CORPUS)
    parser.add_argument("--sweep", action="store_true", help="every corpus store, every damage kind")
    parser.add_argument("--kinds", help="comma-separated damage kinds, as the table names them (default: all)")
    parser.add_argument("--sample", type=int, default=1, help="every Nth store of each case (default: every one)")
    parser.add_argument("--shard", type=int, default=0,
                        help="with --sample N, the stores K, K+N, … of each case (default 0): N runs with K = 0…N-1 cover all")
    parser.add_argument("--interleave", action="store_true",
                        help="round by round, each store damaged one more way (a partial run still spans every store)")
    parser.add_argument("--lines", help="also append each damaged store's JSON line to this file (to run in pieces; "
                                         "a store and damage the file holds already is not done again)")
    parser.add_argument("--summarize", nargs="+", metavar="FILE",
                        help="print the table of the JSON lines in these files (earlier runs' --lines) and exit")
    parser.add_argument("--values", nargs=4, metavar=("DAMAGED", "SALVAGED", "INTACT", "REPORT"),
                        help="compare one salvage's values with .recover's on DAMAGED, reading lost_and_found by INTACT's "
                             "layout and REPORT (salvage --json) for the NULLs it accounts for; print the JSON and exit")
    arguments = parser.parse_args()
    if arguments.recover_library == "apsw":
        arguments.recover_library = apsw_library()
    if arguments.values:
        damaged, salvaged, intact, report = arguments.values
        folder = tempfile.mkdtemp(prefix="salvage-compare-")
        try:
            recovered = os.path.join(folder, "recovered.sqlite")
            Peers(arguments.recover_library, folder).recover(fresh_copy(damaged, "recover"), recovered)
            with open(report) as handle:
                truth = checkpointed(intact, os.path.join(folder, "intact.sqlite"))
                found = judge_values(salvaged, recovered, reference_layout(intact), [], json.load(handle), truth)
            for name in os.listdir(os.path.dirname(damaged)):
                if name.startswith(os.path.basename(damaged) + ".recover-input"):
                    os.remove(os.path.join(os.path.dirname(damaged), name))
        finally:
            shutil.rmtree(folder, ignore_errors=True)
        print(json.dumps(found, sort_keys=True))
        sys.exit(0)
    if arguments.summarize:
        results = []
        for path in arguments.summarize:
            with open(path) as handle:
                results += [json.loads(line) for line in handle if line.strip()]
        sys.exit(summarize(results, arguments.markdown))
    corpus = arguments.corpus
    if not os.path.isdir(corpus):
        sys.exit(f"salvage_compare.py: {corpus} is missing")
    wanted = set(arguments.stores.split(",")) if arguments.stores else None
    kinds = set(arguments.kinds.split(",")) if arguments.kinds else None
    folder = tempfile.mkdtemp(prefix="salvage-compare-")
    peers = Peers(arguments.recover_library, folder)
    results = []
    done = set()
    if arguments.lines and os.path.exists(arguments.lines):
        # A run stopped part way resumes: the damaged stores its file already holds are not done again.
        with open(arguments.lines) as handle:
            done = {(row["store"], row["kind"]) for row in map(json.loads, filter(str.strip, handle))}
    lines = open(arguments.lines, "a") if arguments.lines else None
    try:
        seen = {}
        stores = []
        for case, relative, model in (discover_stores(corpus) if arguments.sweep else STORES):
            if wanted and case not in wanted:
                continue
            seen[case] = seen.get(case, -1) + 1
            if seen[case] % arguments.sample == arguments.shard:
                stores.append((case, relative, model))
        kind_list = [(kind, options) for kind, options in (SWEEP_KINDS if arguments.sweep else KINDS)
                     if not kinds or kind in kinds]
        if arguments.interleave:
            # Round r damages store i the ((i + r) mod n)-th way: after any number of rounds every store has been
            # damaged as many ways and every way tried on as many stores; after n rounds, all of them.
            work = [(store, kind_list[(index + round) % len(kind_list)])
                    for round in range(len(kind_list)) for index, store in enumerate(stores)]
        else:
            work = [(store, kind) for store in stores for kind in kind_list]
        prepared = {}
        for (case, relative, model), (kind, options) in work:
            original = os.path.join(corpus, case, relative)
            if (f"{case}/{os.path.basename(original)}", kind) in done:
                continue
            model_path = os.path.join(corpus, case, model) if model else None
            intact = os.path.join(folder, f"intact-{case}-" + os.path.basename(original))
            if intact not in prepared:
                shutil.copyfile(original, intact)
                if os.path.exists(original + "-wal"):
                    shutil.copyfile(original + "-wal", intact + "-wal")
                # The reference: the intact store's rows, read from a fully checkpointed copy.
                # Kept: the values salvage and `.recover` disagree on are looked up in it.
                reference = checkpointed(intact, os.path.join(folder, f"reference-{case}-" + os.path.basename(original)))
                tables = entity_tables(reference)
                prepared[intact] = (tables, count_rows(reference, tables)[0], reference_layout(reference), reference)
            tables, total, record_layout, reference = prepared[intact]
            if kind.startswith("wal") and not os.path.exists(intact + "-wal"):
                continue
            if options is None:
                layout = sqlite3.connect(f"file:{intact}?mode=ro", uri=True)
                inner = layout.execute(
                    "SELECT name, COUNT(*) FROM dbstat WHERE pagetype = 'internal' GROUP BY name").fetchall()
                layout.close()
                candidates = [(count, name) for name, count in inner if name in tables]
                if not candidates:
                    continue
                options = ["interior", "--table", max(candidates)[1]]
            damaged = os.path.join(folder, f"{kind.replace(' ', '-')}-{case}-{os.path.basename(original)}")
            made = run([sys.executable, os.path.join(ROOT, "Scripts", "damage_store.py"), intact, damaged] + options)
            if made.returncode != 0:
                continue
            row = {"store": f"{case}/{os.path.basename(original)}", "kind": kind, "rows": total}
            output = damaged + ".salvaged"
            command = [arguments.cdmigrate, "salvage", damaged, "--out", output, "--json"]
            if model_path:
                command += ["--model", model_path]
            started = time.monotonic()
            salvaged = run(command)
            row["seconds"] = round(time.monotonic() - started, 2)
            read_per_table = {}
            if salvaged.returncode == 0:
                row["cdmigrate"] = count_rows(output, tables)[0]
                # Objects read, before those whose required to-one was lost are left out.
                entities = json.loads(salvaged.stdout)["entities"]
                row["cdmigrateRead"] = sum(entity["read"] for entity in entities)
                read_per_table = {t["table"]: t["read"] for t in json.loads(salvaged.stdout)["tables"]}
                # Left out by the documented decision: a required to-one whose target was lost.
                row["cdmigrateLeftOut"] = sum(entity["dropped"] for entity in entities)
                verified = not model_path or run(
                    [arguments.cdmigrate, "verify", output, "--model", model_path]).returncode == 0
                row["cdmigrateOpens"] = opens_as_store(output, tables) and verified
                # With the schema and metadata lost, rows that fit several versions alike are read at the earliest
                # of them (docs/guide/salvage.md, step 2): its tables are that version's, not the intact store's,
                # and it verifies at it. Counted apart, not as a store that does not open.
                row["cdmigrateOpensAtTiedVersion"] = not row["cdmigrateOpens"] and verified and any(
                    note.startswith("the rows fit versions") for note in json.loads(salvaged.stdout).get("notes", []))
                row["exact"] = exact_report(json.loads(salvaged.stdout), output)
            else:
                row["cdmigrate"], row["cdmigrateRead"], row["cdmigrateOpens"] = 0, 0, False
                row["cdmigrateLeftOut"] = 0
                # Exit 9: the version cannot be told (wire's store1-24 and store2-65-0 match no version of
                # the model even intact); exit 8 without a model: the store's only model, its cache, is lost.
                # The sweep has no version or model to give: a refusal with its reason, not a failure.
                refused = salvaged.returncode == 9 or (not model_path and salvaged.returncode == 8)
                row["cdmigrateRefused" if refused else "cdmigrateError"] = salvaged.stderr.strip()
                row["exact"] = False
            for peer in ("recover", "dump"):
                # The shell may write what it opens (a checkpoint): each peer reads its own copy.
                copy = fresh_copy(damaged, peer)
                result = damaged + "." + peer
                getattr(peers, peer)(copy, result)
                per_table, lost = table_counts(result, tables) if os.path.exists(result) else ({}, 0)
                row[peer] = sum(per_table.values())
                row[peer + "Opens"] = os.path.exists(result) and opens_as_store(result, tables)
                if peer == "recover":
                    row["recoverLostAndFound"] = lost
                    # Per entity table: .recover may do better on one table and worse on another.
                    row["shortOf"] = sorted(t for t, n in per_table.items() if read_per_table.get(t, 0) < n)
                    if salvaged.returncode == 0 and os.path.exists(result):
                        row.update(judge_values(output, result, record_layout, json.loads(made.stdout).get("pages") or [],
                                                json.loads(salvaged.stdout), reference))
            # A long sweep would otherwise keep every damaged copy and result (gigabytes over wire's stores).
            for name in os.listdir(folder):
                if name.startswith(os.path.basename(damaged)):
                    os.remove(os.path.join(folder, name))
            results.append(row)
            print(json.dumps(row, sort_keys=True), flush=True)
            if lines:
                lines.write(json.dumps(row, sort_keys=True) + "\n")
                lines.flush()
    finally:
        shutil.rmtree(folder, ignore_errors=True)
        if lines:
            lines.close()
    sys.exit(summarize(results, arguments.markdown))


def values_agree(row):
    """Whether a damaged store's salvage wrote every value `.recover` also read as `.recover` read it (rows
    compared before this check existed agree by default)."""
    return row.get("valuesDiffer", 0) == 0 and row.get("valuesDifferFlagged", 0) == 0 and \
        row.get("valuesNulledExplained", True)


def summarize(results, markdown):
    """Prints a table per damage kind of `results` (one dictionary per damaged store, as printed), lists every
    salvage that failed or was refused on standard error, and returns 1 when cdmigrate failed outright, read
    fewer objects than `.recover` in any entity table, or gave a report that was not exact."""
    totals = {}
    for row in results:
        summary = totals.setdefault(row["kind"], {"stores": 0, "rows": 0, "cdmigrate": 0, "cdmigrateRead": 0, "recover": 0,
                                                  "dump": 0, "cdmigrateOpens": 0, "recoverOpens": 0, "dumpOpens": 0,
                                                  "tied": 0, "atLeastRecover": 0, "fails": 0, "refused": 0, "exact": 0,
                                                  "valuesChecked": 0, "valuesAgree": 0, "valuesFlagged": 0,
                                                  "seconds": 0.0, "slowest": 0.0})
        summary["stores"] += 1
        for key in ("rows", "cdmigrate", "cdmigrateRead", "recover", "dump"):
            summary[key] += row[key]
        for key in ("cdmigrateOpens", "recoverOpens", "dumpOpens"):
            summary[key] += 1 if row[key] else 0
        summary["tied"] += 1 if row.get("cdmigrateOpensAtTiedVersion") else 0
        summary["atLeastRecover"] += 1 if row["cdmigrateRead"] >= row["recover"] and not row.get("shortOf") and \
            "cdmigrateRefused" not in row else 0
        summary["fails"] += 1 if "cdmigrateError" in row else 0
        summary["refused"] += 1 if "cdmigrateRefused" in row else 0
        summary["exact"] += 1 if row["exact"] else 0
        if "valuesCompared" in row:
            summary["valuesChecked"] += 1
            summary["valuesAgree"] += 1 if values_agree(row) else 0
            summary["valuesFlagged"] += 1 if row.get("valuesDifferFlagged") else 0
        summary["seconds"] += row.get("seconds", 0)
        summary["slowest"] = max(summary["slowest"], row.get("seconds", 0))
    header = ["damage", "stores", "objects", "cdmigrate read", "cdmigrate kept", ".recover", ".dump", "opens: cdmigrate",
              ".recover", ".dump", "read ≥ .recover (every table)", "salvage fails", "refused", "report exact",
              "values = .recover (flagged: a column order told as uncertain)", "salvage time (total, slowest)"]
    lines = [header]
    for kind, summary in totals.items():
        n = summary["stores"]
        lines.append([kind, str(n), str(summary["rows"]), str(summary["cdmigrateRead"]), str(summary["cdmigrate"]),
                      str(summary["recover"]),
                      str(summary["dump"]), f"{summary['cdmigrateOpens']}/{n}" + (f" (+{summary['tied']} at a version the rows fit alike)" if summary["tied"] else ""),
                      f"{summary['recoverOpens']}/{n}",
                      f"{summary['dumpOpens']}/{n}", f"{summary['atLeastRecover']}/{n - summary['refused']}", str(summary["fails"]),
                      str(summary["refused"]), f"{summary['exact']}/{n - summary['fails'] - summary['refused']}",
                      (f"{summary['valuesAgree']}/{summary['valuesChecked']}"
                       + (f" ({summary['valuesFlagged']} flagged)" if summary["valuesFlagged"] else ""))
                      if summary["valuesChecked"] else "not run",
                      f"{summary['seconds']:.0f} s, {summary['slowest']:.1f} s"])
    if markdown:
        print("| " + " | ".join(header) + " |")
        print("|" + "---|" * len(header))
        for line in lines[1:]:
            print("| " + " | ".join(line) + " |")
    else:
        widths = [max(len(line[i]) for line in lines) for i in range(len(header))]
        for line in lines:
            print("  ".join(cell.rjust(width) for cell, width in zip(line, widths)))
    salvaged = [r for r in results if "cdmigrateError" not in r and "cdmigrateRefused" not in r]
    # A refusal (no version or model to give) is listed apart, with its reason, not compared.
    worse = [r for r in salvaged if r["cdmigrateRead"] < r["recover"] or r.get("shortOf") or not r["exact"]
             or not values_agree(r)]
    worse += [r for r in results if "cdmigrateError" in r and r["recover"] > 0]
    for row in results:
        if "cdmigrateError" in row:
            print(f"salvage failed: {row['store']} ({row['kind']}): {row['cdmigrateError']}", file=sys.stderr)
        if "cdmigrateRefused" in row:
            print(f"salvage refused: {row['store']} ({row['kind']}): {row['cdmigrateRefused']}", file=sys.stderr)
    for row in salvaged:
        if row.get("valuesDifferFlagged"):
            print(f"values differ where the report says the column order was uncertain: {row['store']} ({row['kind']}): "
                  f"{row['valuesDifferFlagged']} in {row.get('valuesDifferTables', [])}: {row.get('valuesDifferSample', [])}",
                  file=sys.stderr)
    for row in worse:
        print(f"worse than .recover or not exact: {row['store']} ({row['kind']}): read {row['cdmigrateRead']}, "
              f".recover {row['recover']}, short of it in {row.get('shortOf', [])}, exact {row['exact']}, "
              f"values differing {row.get('valuesDiffer', 0)} (and {row.get('valuesDifferFlagged', 0)} in tables whose "
              f"column order the report says it could not tell) in {row.get('valuesDifferTables', [])}: "
              f"{row.get('valuesDifferSample', [])}, "
              f"NULL where .recover has a value in {row.get('valuesNulled', 0)} rows "
              f"({'accounted for' if row.get('valuesNulledExplained', True) else 'more than the report accounts for'})",
              file=sys.stderr)
    return 1 if worse or any("cdmigrateError" in r for r in results) else 0


if __name__ == "__main__":
    main()
