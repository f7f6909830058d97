#!/usr/bin/env python3
"""The benchmark suite's runner (started by Scripts/benchmarks.sh, which builds and installs the peers).

Every figure is measured through the release binaries users run: `cdmigrate` (migrate, inspect, plan, and
the console under tmux) and `PolicyExample` (the sample app's own tool, the one binary that registers the
Swift policy of step Journal 4 -> 5). Peers run in the same session, on the same stores, interleaved with
the engine's runs so that a change of load hits both. Writes BENCHMARKS.md (or --output).
"""

import argparse
import hashlib
import json
import os
import platform
import shutil
import sqlite3
import statistics
import subprocess
import sys
import threading
import time
from datetime import datetime, timezone
from pathlib import Path

try:
    import pyte  # Debian's python3-pyte: replays the console's output to time its screens exactly
except ImportError:
    pyte = None

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "Benchmarks"
CDMIGRATE = ROOT / ".build" / "release" / "cdmigrate"
POLICY_EXAMPLE = ROOT / ".build" / "release" / "PolicyExample"
# The self-contained binary a support engineer copies (Scripts/build_static.sh: the Swift runtime and
# Foundation linked in). With --static its process start, inspect and plan are measured beside the others.
STATIC_CDMIGRATE = ROOT / ".build" / "static" / "cdmigrate"
SQLITE_UTILS = BENCH / ".venv" / "bin" / "sqlite-utils"
EXAMPLES = ROOT / "Examples"
MODEL = EXAMPLES / "Journal.xcdatamodeld"
STORES = BENCH / ".stores"
# The real app's long model (issue 34.4: planning must grow with the route, not the history); its figures are
# left out, saying so, when the corpus is absent.
CORPUS = Path(os.environ.get("CDMIGRATE_CORPUS", ROOT.parent / "shared" / "corpus"))
WIRE_MODEL = CORPUS / "wire" / "zmessaging.xcdatamodeld"
WIRE_STORE = CORPUS / "wire" / "stores" / "store2-24-1.wiredatabase"
WORK = BENCH / ".work"

# What the generated stores depend on: a change to any of these makes a new cache key.
GENERATOR_INPUTS = [
    ROOT / "Sources" / "JournalSample" / "SampleStoreGenerator.swift",
    ROOT / "Sources" / "JournalSample" / "SampleRowsSQL.swift",
    ROOT / "Sources" / "cdmigrate" / "Support" / "Wiring" / "DemoFolder.swift",
] + sorted(p for p in EXAMPLES.rglob("*") if p.is_file() and "PolicyExample" not in p.parts)
# Bumped when this runner changes how it makes the stores (part of the cache key with the sources above).
GENERATION = "1"
# A figure whose first run takes this many times its target is run once: the report shows it missed, and
# repeating it would only hold up the rest of the suite.
SLOW = 20
# Console and headless runs per repeat, interleaved.
CONSOLE_PAIRS = 3


def log(message):
    print(f"[{datetime.now().strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


# ---------------------------------------------------------------------------------------------------------
# Running processes: wall time, peak RSS of the child, and each output line stamped when it arrived.


class Run:
    def __init__(self, seconds, peak_kib, lines, returncode):
        self.seconds = seconds
        self.peak_kib = peak_kib
        self.lines = lines  # [(seconds since start, text)]
        self.returncode = returncode

    def events(self):
        """The JSON-lines events of a `--json` run, each with its arrival time."""
        found = []
        for stamp, text in self.lines:
            if text.startswith("{"):
                try:
                    found.append((stamp, json.loads(text)))
                except json.JSONDecodeError:
                    pass
        return found


class TimedOut(Exception):
    def __init__(self, seconds):
        super().__init__(f"stopped after {seconds:.0f} s")
        self.seconds = seconds


def quiet_disk():
    """Called before each timed run: what an earlier run (a peer's, or the setup's copy and removal of stores)
    left for the kernel to write back would otherwise slow this run's own writes (a short run most)."""
    os.sync()


def run(command, cwd=None, stdin=None, check=True, timeout=None):
    quiet_disk()
    started = time.perf_counter()
    child = subprocess.Popen(
        [str(c) for c in command], cwd=cwd, stdin=subprocess.DEVNULL if stdin is None else stdin,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, bufsize=1)
    timer = threading.Timer(timeout, child.kill) if timeout else None
    if timer:
        timer.start()
    lines = []
    for line in child.stdout:
        lines.append((time.perf_counter() - started, line.rstrip("\n")))
    errors = child.stderr.read()
    _, status, usage = os.wait4(child.pid, 0)
    seconds = time.perf_counter() - started
    if timer:
        timer.cancel()
        if seconds >= timeout:
            raise TimedOut(seconds)
    child.returncode = os.waitstatus_to_exitcode(status)
    if check and child.returncode != 0:
        tail = "\n".join(text for _, text in lines[-5:])
        raise RuntimeError(f"{' '.join(map(str, command))} exited {child.returncode}:\n{tail}\n{errors[-2000:]}")
    return Run(seconds, usage.ru_maxrss, lines, child.returncode)


def cdmigrate(*arguments, **options):
    return run([CDMIGRATE, *arguments], **options)


def remove(path):
    path = Path(path)
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path)
    elif path.exists() or path.is_symlink():
        path.unlink()


def fresh_folder(name):
    folder = WORK / name
    remove(folder)
    folder.mkdir(parents=True)
    return folder


def copy_store(source, folder, name="Journal.sqlite"):
    """A private copy of a cached store (with any sidecars) for a run that may replace it (on disk before the
    run starts, by `quiet_disk`)."""
    target = Path(folder) / name
    for suffix in ["", "-wal", "-shm"]:
        if Path(str(source) + suffix).exists():
            shutil.copyfile(str(source) + suffix, str(target) + suffix)
    return target


# ---------------------------------------------------------------------------------------------------------
# Stores: generated once per size by the binary (`cdmigrate demo --json` writes Journal 1), then migrated
# to Journal 2, 3 and 4 by the binary, and cached under a key of the generator's sources.


def generator_key():
    digest = hashlib.sha256(GENERATION.encode())
    for path in GENERATOR_INPUTS:
        digest.update(str(path.relative_to(ROOT)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


def stores_for(size, key):
    folder = STORES / key / str(size)
    paths = {version: folder / f"Journal{version}.sqlite" for version in (1, 2, 3, 4)}
    if all(p.exists() for p in paths.values()):
        return paths
    log(f"generating the {size:,}-entry stores (cached in {folder.relative_to(ROOT)})")
    remove(folder)
    scratch = fresh_folder(f"generate-{size}")
    cdmigrate("demo", "--entries", size, "--directory", scratch, "--json")
    shutil.move(str(scratch / "Journal.sqlite"), str(scratch / "Journal1.sqlite"))
    for version in (2, 3, 4):
        previous = scratch / f"Journal{version - 1}.sqlite"
        current = scratch / f"Journal{version}.sqlite"
        shutil.copyfile(previous, current)
        cdmigrate("migrate", current, "--model", MODEL, "--to", f"Journal {version}", "--yes",
                  "--backup-dir", scratch / "backups")
    folder.mkdir(parents=True)
    for version, path in paths.items():
        shutil.move(str(scratch / path.name), str(path))
    remove(scratch)
    return paths


def small_store(key):
    return stores_for(1_000, key)[1]


def versioned_model(versions):
    """A model of `versions` versions: `Bench 1` is the sample's Journal 1 (so a Journal 1 store is at it),
    and each later version adds one optional attribute: a chain of inferred steps the planner must find."""
    folder = STORES / "models" / f"Bench{versions}.xcdatamodeld"
    if folder.exists():
        return folder
    base = (MODEL / "Journal 1.xcdatamodel" / "contents").read_text()
    head, tail = base.split("    </entity>")
    for number in range(1, versions + 1):
        extra = "".join(
            f'        <attribute name="extra{n}" optional="YES" attributeType="String"/>\n' for n in range(2, number + 1))
        version = folder / f"Bench {number}.xcdatamodel"
        version.mkdir(parents=True)
        (version / "contents").write_text(head + extra + "    </entity>" + tail)
    (folder / ".xccurrentversion").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" '
        '"http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n<plist version="1.0">\n<dict>\n'
        f"\t<key>_XCCurrentVersionName</key>\n\t<string>Bench {versions}.xcdatamodel</string>\n</dict>\n</plist>\n")
    return folder


# ---------------------------------------------------------------------------------------------------------
# The peers.


def sqlite_copy(source, target):
    """One `sqlite3` run copying every table with INSERT ... SELECT into a new file (schema first, indexes
    after the rows, as a bulk load is done), in one transaction."""
    with sqlite3.connect(f"file:{source}?mode=ro", uri=True) as db:
        objects = db.execute(
            "SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%'").fetchall()
    db.close()
    tables = [(name, sql) for kind, name, sql in objects if kind == "table"]
    others = [sql for kind, name, sql in objects if kind in ("index", "trigger", "view")]
    quoted = str(source).replace("'", "''")
    script = ["PRAGMA synchronous = OFF;", f"ATTACH '{quoted}' AS source;", "BEGIN;"]
    script += [sql + ";" for _, sql in tables]
    script += [f'INSERT INTO main."{name}" SELECT * FROM source."{name}";' for name, _ in tables]
    script += [sql + ";" for sql in others]
    script += ["COMMIT;"]
    return run_with_input(["sqlite3", target], "\n".join(script) + "\n")


def by_hand(source, shape, target, rows):
    """One `sqlite3` run making `shape`'s tables (a store the engine migrated: Apple's schema) from `source`:
    the tables, then `rows(tables)` (statements filling them, given the table names), then the indexes after
    the rows, in one transaction written without waiting for the disk (`synchronous = OFF`), as the engine
    writes a step's store."""
    with sqlite3.connect(f"file:{shape}?mode=ro", uri=True) as db:
        objects = db.execute("SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL "
                             "AND name NOT LIKE 'sqlite_%' ORDER BY rowid").fetchall()
    db.close()
    quoted = str(source).replace("'", "''")
    script = ["PRAGMA synchronous = OFF;", f"ATTACH '{quoted}' AS source;", "BEGIN;"]
    script += [sql + ";" for kind, _, sql in objects if kind == "table"]
    script += rows([name for kind, name, _ in objects if kind == "table"])
    script += [sql + ";" for kind, _, sql in objects if kind == "index"]
    script += ["COMMIT;"]
    return run_with_input(["sqlite3", target], "\n".join(script) + "\n")


def sqlite_chain(source, shape, target):
    """The chain Journal 1 -> 3 written by hand in one `sqlite3` run, as the copy above but with the chain's
    change: Journal 3's tables (from `shape`, a store the engine migrated), each entry's `body` written as
    `text` and `favorite` (new, between `Z_OPT` and `mood` in Core Data's column order) as its default 0. The
    entry rows change shape, so SQLite decodes and encodes every row, where the plain copy (same tables) moves
    each row's bytes as they are (its transfer optimization). The floor of any migration making this change."""
    return by_hand(source, shape, target, lambda tables: [
        f'INSERT INTO main."{name}" SELECT * FROM source."{name}";' for name in tables if name != "ZENTRY"] + [
        "INSERT INTO main.ZENTRY (Z_PK, Z_ENT, Z_OPT, ZFAVORITE, ZMOOD, ZCREATED, ZAUTHOR, ZTEXT, ZTITLE) "
        "SELECT Z_PK, Z_ENT, Z_OPT, 0, ZMOOD, ZCREATED, ZAUTHOR, ZBODY, ZTITLE FROM source.ZENTRY;"])


def integrity_check(store):
    """`PRAGMA integrity_check` of a result in its own `sqlite3` run: the one check of the final store the
    engine keeps, timed alone so the floors below can add it."""
    result = run(["sqlite3", store, "PRAGMA integrity_check"])
    if [text for _, text in result.lines] != ["ok"]:
        raise RuntimeError(f"integrity_check of {store}: {result.lines[:3]}")
    return result


def sqlite_split(source, shape, target):
    """The split Journal 3 -> 4 written by hand in one `sqlite3` run: the fastest SQL we know for the same
    rows. The Journal 4 schema is taken from `shape` (a store the engine migrated), Authors are the distinct
    trimmed names numbered in order of their first entry, each entry gets its author key at insert, and the
    index is built after the rows. It writes without waiting for the disk (`synchronous = OFF`), as the engine
    writes a step's store: the split's figure is the step's, which flushes nothing (a run flushes its final store
    once, on the other core, while validating it). The floor of the mapped split, before any checking."""
    return by_hand(source, shape, target, lambda tables: [
        "CREATE TEMP TABLE names (name TEXT PRIMARY KEY, pk INTEGER);",
        "INSERT INTO names SELECT name, ROW_NUMBER() OVER (ORDER BY first) FROM (SELECT trim(ZAUTHOR) AS name, "
        "MIN(Z_PK) AS first FROM source.ZENTRY WHERE ZAUTHOR IS NOT NULL AND trim(ZAUTHOR) != '' "
        "GROUP BY trim(ZAUTHOR));",
        "INSERT INTO main.ZAUTHOR (Z_PK, Z_ENT, Z_OPT, ZNAME) SELECT pk, 1, 1, name FROM names ORDER BY pk;",
        "INSERT INTO main.ZENTRY (Z_PK, Z_ENT, Z_OPT, ZFAVORITE, ZMOOD, ZAUTHOR, ZCREATED, ZTEXT, ZTITLE) "
        "SELECT e.Z_PK, 2, e.Z_OPT, e.ZFAVORITE, e.ZMOOD, n.pk, e.ZCREATED, e.ZTEXT, e.ZTITLE "
        "FROM source.ZENTRY e LEFT JOIN names n ON n.name = trim(e.ZAUTHOR) ORDER BY e.Z_PK;",
    ])


def sqlite_split_floor(source, shape, target):
    """The least any split Journal 3 -> 4 costs, written by hand in one `sqlite3` run: every entry re-encoded
    into Journal 4's table with an author key that costs nothing to find (`Z_PK % 12`, about as many keys as
    the sample's authors, so the index sorts as much), and the index after the rows; no author is read,
    trimmed, merged or made. With one integrity_check of its result, what remains of the split's target for
    finding the authors."""
    return by_hand(source, shape, target, lambda tables: [
        "INSERT INTO main.ZENTRY (Z_PK, Z_ENT, Z_OPT, ZFAVORITE, ZMOOD, ZAUTHOR, ZCREATED, ZTEXT, ZTITLE) "
        "SELECT Z_PK, 2, Z_OPT, ZFAVORITE, ZMOOD, NULLIF(Z_PK % 12, 0), ZCREATED, ZTEXT, ZTITLE "
        "FROM source.ZENTRY ORDER BY Z_PK;",
    ])


def run_with_input(command, text):
    quiet_disk()
    started = time.perf_counter()
    child = subprocess.Popen([str(c) for c in command], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True)
    out, errors = child.communicate(text)
    seconds = time.perf_counter() - started
    if child.returncode != 0:
        raise RuntimeError(f"{command} exited {child.returncode}: {errors[-2000:]}")
    return Run(seconds, 0, [(seconds, line) for line in out.splitlines()], child.returncode)


# ---------------------------------------------------------------------------------------------------------
# Profiles: the time between consecutive events of a run, named by the event that opens each span.


def event_name(event):
    kind = event.get("event")
    if kind == "stageStarted":
        stage = event.get("stage")
        return f"{stage} (step {event['index'] + 1})" if "index" in event else stage
    if kind == "stepStarted":
        step = event["step"]
        return f"step {event['index'] + 1} {step['from']} → {step['to']} ({step['kind']}): read source"
    if kind == "stepRows":
        return f"step {event['index'] + 1}: write {event['rows']:,} rows"
    if kind == "stepValidated":
        return f"after step {event['index'] + 1} validated"
    if kind == "planReady":
        return "start of run (after planning)"
    if kind == "committed":
        return "committed → process exit"
    return None


def profile(result):
    """[(span name, seconds)] from process start to exit, from the events of a `--json` run."""
    marks = [(0.0, "process start, project and planning")]
    for stamp, event in result.events():
        name = event_name(event)
        if name and marks[-1][1] != name:
            marks.append((stamp, name))
    marks.append((result.seconds, None))
    return [(name, marks[i + 1][0] - start) for i, (start, name) in enumerate(marks[:-1])]


def profile_lines(result):
    """The same for a plain-text run (PolicyExample): spans between the lines it printed."""
    marks = [(0.0, "process start, project and planning")]
    for stamp, text in result.lines:
        marks.append((stamp, text.strip()))
    marks.append((result.seconds, None))
    return [(name, marks[i + 1][0] - start) for i, (start, name) in enumerate(marks[:-1])]


def step_seconds(result, index=0):
    for _, event in result.events():
        if event.get("event") == "stepValidated" and event.get("index") == index:
            return event["seconds"]
    raise RuntimeError("no stepValidated event")


def run_seconds(result):
    """From the engine's first event (the plan is ready, the run starts) to the process's exit."""
    for stamp, event in result.events():
        if event.get("event") == "planReady":
            return result.seconds - stamp
    raise RuntimeError("no planReady event")


# ---------------------------------------------------------------------------------------------------------
# The console under tmux: the real binary on a real terminal, driven by keys, timed from the key that
# confirms the migration to the result screen.


class Tmux:
    """A tmux session whose command waits for `start()`: by then the pane's output is copied, byte for byte
    and stamped as it arrives, so every screen the console draws can be replayed and timed (`shown_at`)."""

    def __init__(self, command, directory):
        self.socket = f"cdmigrate-bench-{os.getpid()}"
        self.name = "bench"
        # Outside the console's folder, where its store picker looks.
        self.fifo = WORK / f"pane-output-{os.getpid()}"
        remove(self.fifo)
        os.mkfifo(self.fifo)
        self.chunks = []  # (perf_counter when it arrived, bytes)
        line = (f"read -r _; cd '{directory}' && env -u NO_COLOR TERM=xterm-256color LANG=C.UTF-8 LC_ALL=C.UTF-8 "
                + " ".join(f"'{c}'" for c in command) + '; echo; echo "[exit $?]"; sleep 600')
        self.tmux("new-session", "-d", "-s", self.name, "-x", "100", "-y", "30", line)
        self.tmux("pipe-pane", "-o", "-t", self.name, f"cat > '{self.fifo}'")
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self):
        # A blocking read on a pipe: each chunk is stamped when it arrives, and nothing polls.
        fd = os.open(self.fifo, os.O_RDONLY)
        try:
            while chunk := os.read(fd, 1 << 16):
                self.chunks.append((time.perf_counter(), chunk))
        finally:
            os.close(fd)

    def start(self):
        self.send("Enter")

    def tmux(self, *arguments):
        return subprocess.run(["tmux", "-L", self.socket, "-f", "/dev/null", *arguments], stdin=subprocess.DEVNULL,
                              capture_output=True, text=True, check=True).stdout

    def send(self, *keys):
        for key in keys:
            self.tmux("send-keys", "-t", self.name, key)

    def capture(self):
        return self.tmux("capture-pane", "-p", "-t", self.name)

    def wait_for(self, text, timeout=600, interval=0.05):
        deadline = time.perf_counter() + timeout
        screen = ""
        while time.perf_counter() < deadline:
            screen = self.capture()
            if text in screen:
                return time.perf_counter()
            if "[exit " in screen:
                break
            time.sleep(interval)
        raise RuntimeError(f"the console never showed {text!r}; the screen was:\n{screen}")

    def shown_at(self, text, since):
        """When the console's output first put `text` on the screen after `since`, replaying every byte it wrote
        through a terminal emulator (pyte); None without pyte."""
        if pyte is None:
            return None
        screen = pyte.Screen(100, 30)
        stream = pyte.ByteStream(screen)
        for stamp, chunk in list(self.chunks):
            stream.feed(chunk)
            if stamp >= since and any(text in row for row in screen.display):
                return stamp
        return None

    def close(self):
        subprocess.run(["tmux", "-L", self.socket, "-f", "/dev/null", "kill-server"], stdin=subprocess.DEVNULL,
                       capture_output=True)
        self.reader.join(timeout=5)
        remove(self.fifo)


def demo_folder(source, name):
    """The layout `cdmigrate demo --directory` uses (model, mappings, project file, Journal.sqlite)."""
    folder = fresh_folder(name)
    for entry in ["Journal.xcdatamodeld", "Mappings", "cdmigrate.yaml"]:
        origin = EXAMPLES / entry
        (shutil.copytree if origin.is_dir() else shutil.copyfile)(origin, folder / entry)
    copy_store(source, folder)
    return folder


def console_migration(source):
    """Seconds from the confirming key to `✓ Migrated to Journal 3` in `cdmigrate demo` on a copy of
    `source`, the target switched to Journal 3 with the keys a user presses."""
    folder = demo_folder(source, "console")
    session = Tmux([CDMIGRATE, "demo", "--directory", folder], folder)
    try:
        session.start()
        session.wait_for("Plan → Journal 5")
        session.send("Down", "Down", "t")
        session.wait_for("Plan → Journal 3")
        session.send("m")
        session.wait_for("Backup of the original goes to:")
        quiet_disk()
        started = time.perf_counter()
        session.send("Enter")
        # Polled slowly, so that polling takes little from the console; the time is then read from its output.
        polled = session.wait_for("✓ Migrated to Journal 3", interval=0.1)
        finished = session.shown_at("✓ Migrated to Journal 3", started) or polled
        session.send("Escape")
        session.wait_for("● Journal 3", timeout=120)
        session.send("q")
        session.wait_for("[exit 0]", timeout=60)
        return finished - started
    finally:
        session.close()
        remove(folder)


def headless_migration(source):
    folder = demo_folder(source, "headless")
    try:
        result = cdmigrate("migrate", folder / "Journal.sqlite", "--model", folder / "Journal.xcdatamodeld",
                           "--to", "Journal 3", "--yes", "--json")
        return result
    finally:
        remove(folder)


# ---------------------------------------------------------------------------------------------------------
# The figures.


class Figures:
    def __init__(self):
        self.samples = {}  # (figure, size) -> [values]
        self.runs = {}  # (figure, size) -> [(value, Run)]

    def add(self, figure, size, value, result=None):
        self.samples.setdefault((figure, size), []).append(value)
        if result is not None:
            self.runs.setdefault((figure, size), []).append((value, result))

    def median(self, figure, size):
        values = self.samples.get((figure, size))
        return statistics.median(values) if values else None

    def summary(self, figure, size, unit):
        values = self.samples.get((figure, size))
        if not values:
            return "—"
        return f"{fmt(statistics.median(values), unit)} [{fmt(min(values), unit)}–{fmt(max(values), unit)}]"

    def median_run(self, figure, size):
        runs = sorted(self.runs.get((figure, size), []), key=lambda pair: pair[0])
        return runs[len(runs) // 2][1] if runs else None


def fmt(value, unit):
    if unit == "s":
        return f"{value * 1000:.0f} ms" if value < 1 else f"{value:.2f} s"
    if unit == "rows/s":
        return f"{value / 1000:,.0f}k/s"
    if unit == "MB":
        return f"{value:.1f} MB"
    return f"{value:.2f}"


def measure_size(size, paths, repeats, figures, with_console):
    for repeat in range(repeats):
        log(f"{size:,} rows, run {repeat + 1}/{repeats}")
        folder = fresh_folder("run")

        # The natural limit: one copy of the Journal 1 store's data, and SQLite's own VACUUM INTO.
        copy = folder / "copy.sqlite"
        figures.add("copy", size, sqlite_copy(paths[1], copy).seconds)
        # The floor of any migration that keeps its promise to check the result: the copy, then one
        # integrity_check of it.
        figures.add("copy check", size, integrity_check(copy).seconds)
        remove(copy)
        # The floor of an in-place rename: a file copy, then one integrity_check of it; and the floor of one
        # that keeps the swap's promise, the copy on disk (fdatasync) before anything could replace the store.
        quiet_disk()
        started = time.perf_counter()
        shutil.copyfile(paths[2], copy)
        figures.add("file copy", size, time.perf_counter() - started)
        with open(copy, "rb") as copied:
            os.fdatasync(copied.fileno())
        figures.add("file copy flushed", size, time.perf_counter() - started)
        figures.add("file copy check", size, integrity_check(copy).seconds)
        remove(copy)
        figures.add("vacuum", size, run(["sqlite3", paths[1], f"VACUUM INTO '{copy}'"]).seconds)
        remove(copy)
        figures.add("sql chain", size, sqlite_chain(paths[1], paths[3], copy).seconds)
        figures.add("sql chain check", size, integrity_check(copy).seconds)
        remove(copy)

        # The inferred chain Journal 1 -> 3, a real migration (backup and swap included).
        store = copy_store(paths[1], folder)
        result = cdmigrate("migrate", store, "--model", MODEL, "--to", "Journal 3", "--yes", "--json")
        figures.add("chain", size, result.seconds, result)
        remove(folder)
        folder = fresh_folder("run")

        # The rename step alone (Journal 2 -> 3: body -> text), against sqlite-utils' rename.
        store = copy_store(paths[2], folder)
        result = cdmigrate("migrate", store, "--model", MODEL, "--to", "Journal 3", "--yes", "--json")
        figures.add("rename", size, result.seconds, result)
        remove(folder)
        folder = fresh_folder("run")
        store = copy_store(paths[2], folder)
        figures.add("sqlite-utils", size,
                    run([SQLITE_UTILS, "transform", store, "ZENTRY", "--rename", "ZBODY", "ZTEXT"]).seconds)
        remove(folder)
        folder = fresh_folder("run")

        # The mapped split (Journal 3 -> 4), a dry run (every step and validation, no backup or swap).
        store = copy_store(paths[3], folder)
        result = cdmigrate("migrate", store, "--model", MODEL, "--to", "Journal 4", "--dry-run", "--json")
        figures.add("split", size, size / step_seconds(result), result)
        figures.add("split wall", size, result.seconds)
        figures.add("split memory", size, result.peak_kib / 1024)
        remove(folder)
        folder = fresh_folder("run")
        split = folder / "split.sqlite"
        seconds = sqlite_split(paths[3], paths[4], split).seconds
        figures.add("sql split", size, size / seconds)
        figures.add("sql split checked", size, size / (seconds + integrity_check(split).seconds))
        remove(folder)
        folder = fresh_folder("run")
        split = folder / "split.sqlite"
        seconds = sqlite_split_floor(paths[3], paths[4], split).seconds
        figures.add("split floor", size, size / (seconds + integrity_check(split).seconds))
        remove(folder)
        folder = fresh_folder("run")

        # The Swift policy step (Journal 4 -> 5) through the sample app's tool, which registers the policy.
        store = copy_store(paths[4], folder)
        # Line-buffered, so that each printed line is stamped when the step reached it, not at exit.
        result = run(["stdbuf", "-oL", POLICY_EXAMPLE, store])
        done = [text for _, text in result.lines if "done in" in text]
        figures.add("policy", size, size / float(done[0].split("done in")[1].split()[0]), result)
        figures.add("policy wall", size, result.seconds)
        remove(folder)

        if with_console:
            # The two differ by a few percent, about as much as runs vary: more pairs than other figures.
            for _ in range(CONSOLE_PAIRS):
                result = headless_migration(paths[1])
                figures.add("headless", size, run_seconds(result), result)
                figures.add("headless wall", size, result.seconds)
                figures.add("console", size, console_migration(paths[1]))


def measure_fixed(paths, inspect_size, repeats, figures, key, with_static):
    log("inspect, plan and process start")
    store = small_store(key)
    models = {n: versioned_model(n) for n in (50, 400)}
    targets = {"plan 50": 0.03, "plan 400": 1.0}
    stopped = set()
    for _ in range(max(repeats, 5)):
        figures.add("startup", 0, cdmigrate("--help").seconds)
        figures.add("inspect", inspect_size, cdmigrate("inspect", paths[1], "--model", MODEL, "--json").seconds)
        if with_static:
            # The same commands through the self-contained binary, interleaved with the dynamic one's runs.
            figures.add("startup static", 0, run([STATIC_CDMIGRATE, "--help"]).seconds)
            figures.add("inspect static", inspect_size,
                        run([STATIC_CDMIGRATE, "inspect", paths[1], "--model", MODEL, "--json"]).seconds)
            for versions, model in models.items():
                figures.add(f"plan {versions} static", 0,
                            run([STATIC_CDMIGRATE, "plan", store, "--model", model, "--json"]).seconds)
        for versions, model in models.items():
            figure = f"plan {versions}"
            first = figures.samples.get((figure, 0))
            if first and first[0] > SLOW * targets[figure]:
                continue
            if figure in stopped:
                continue
            log(f"plan over {versions} versions")
            try:
                figures.add(figure, 0, cdmigrate("plan", store, "--model", model, "--json",
                                                 timeout=SLOW * 3 * targets[figure] + 5).seconds)
            except TimedOut as timed_out:
                figures.add(figure, 0, timed_out.seconds)
                stopped.add(figure)
                log(f"plan over {versions} versions stopped after {timed_out.seconds:.0f} s")
    measure_wire(repeats, figures)
    plan = json.loads("\n".join(text for _, text in cdmigrate("plan", store, "--model", models[50], "--json").lines))
    return plan, stopped


def measure_wire(repeats, figures):
    """plan, hash and inspect of wire's store2-24-1 (a copy) with its 90-version model, when the corpus is there."""
    if not (WIRE_MODEL.is_dir() and WIRE_STORE.is_file()):
        log(f"wire figures skipped: no corpus at {CORPUS}")
        return
    log("plan, hash and inspect over wire's model")
    folder = fresh_folder("wire")
    store = folder / WIRE_STORE.name
    for suffix in ("", "-wal", "-shm"):
        if Path(str(WIRE_STORE) + suffix).exists():
            shutil.copyfile(str(WIRE_STORE) + suffix, str(store) + suffix)
    for _ in range(max(repeats, 5)):
        figures.add("plan wire", 0, cdmigrate("plan", store, "--model", WIRE_MODEL, "--json").seconds)
        figures.add("hash wire", 0, cdmigrate("hash", WIRE_MODEL, "--json").seconds)
        figures.add("inspect wire", 0, cdmigrate("inspect", store, "--model", WIRE_MODEL, "--json").seconds)


# ---------------------------------------------------------------------------------------------------------
# The report.


def machine():
    model = next((line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text().splitlines()
                  if line.startswith("model name")), platform.processor())
    commit = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"], capture_output=True,
                            text=True).stdout.strip()
    dirty = subprocess.run(["git", "-C", ROOT, "status", "--porcelain", "--untracked-files=no"], capture_output=True,
                           text=True).stdout.strip()
    subject = subprocess.run(["git", "-C", ROOT, "log", "-1", "--format=%s"], capture_output=True,
                             text=True).stdout.strip()
    return {
        "cpu": f"{model}, {os.cpu_count()} cores",
        "memory": f"{os.sysconf('SC_PAGE_SIZE') * os.sysconf('SC_PHYS_PAGES') / 2**30:.1f} GiB",
        "os": f"{platform.system()} {platform.release()}",
        "sqlite": subprocess.run(["sqlite3", "--version"], capture_output=True, text=True).stdout.split()[0],
        "python_sqlite": sqlite3.sqlite_version,
        "commit": commit + (" (with uncommitted changes)" if dirty else "") + f" — {subject}",
        "sqlite_utils": subprocess.run([SQLITE_UTILS, "--version"], capture_output=True, text=True).stdout.strip(),
    }


def load():
    return " ".join(f"{value:.2f}" for value in os.getloadavg())


def write_report(path, args, sizes, figures, info, load_start, load_end, started, finished, target_size,
                 inspect_size, console_size, plan, stopped):
    t = target_size
    m = figures.median
    rows = []  # (figure, measured, peer, ratio text, target, pass)

    def ratio_row(name, figure, size, peer_name, peer, target_text, passes, ratio_text):
        rows.append((name, figures.summary(figure, size, "s"), f"{peer_name}: {figures.summary(peer, size, 's')}",
                     ratio_text, target_text, passes))

    chain_ratio = m("chain", t) / m("copy", t)
    ratio_row(f"inferred chain Journal 1 → 3 ({t:,} rows)", "chain", t, "sqlite3 INSERT…SELECT copy", "copy",
              "≤ 1.5× the copy", chain_ratio <= 1.5,
              f"{chain_ratio:.2f}× the copy, {m('chain', t) / m('vacuum', t):.2f}× VACUUM INTO "
              f"({figures.summary('vacuum', t, 's')}); floor, the copy plus one integrity_check of it: "
              f"{(m('copy', t) + m('copy check', t)) / m('copy', t):.2f}× the copy; the chain's own change by hand "
              f"(each entry row re-encoded, which the copy does not do): {figures.summary('sql chain', t, 's')} = "
              f"{m('sql chain', t) / m('copy', t):.2f}× the copy, plus one integrity_check of it: "
              f"{(m('sql chain', t) + m('sql chain check', t)) / m('copy', t):.2f}× the copy")
    speedup = m("sqlite-utils", t) / m("rename", t)
    ratio_row(f"rename step Journal 2 → 3 ({t:,} rows)", "rename", t, "sqlite-utils transform --rename",
              "sqlite-utils", "≥ 4× faster", speedup >= 4,
              (f"{speedup:.2f}× faster" if speedup >= 1 else f"{1 / speedup:.2f}× slower")
              + f"; floor, a file copy plus one integrity_check of it: "
              f"{m('sqlite-utils', t) / (m('file copy', t) + m('file copy check', t)):.2f}× faster; "
              f"with the copy flushed to disk first, as a swap needs: "
              f"{m('sqlite-utils', t) / (m('file copy flushed', t) + m('file copy check', t)):.2f}× faster")
    rows.append((f"mapped split Journal 3 → 4 ({t:,} source rows)", figures.summary("split", t, "rows/s"),
                 f"step in {fmt(t / m('split', t), 's')}; dry run end to end {figures.summary('split wall', t, 's')}",
                 f"floor, the split in SQL by hand: {figures.summary('sql split', t, 'rows/s')}; "
                 f"with one integrity_check of it: {figures.summary('sql split checked', t, 'rows/s')}; "
                 f"the least any split costs (entries re-encoded with an author key found at no cost, the index, "
                 f"one integrity_check; no author read or merged): {figures.summary('split floor', t, 'rows/s')}",
                 "≥ 500k rows/s", m("split", t) >= 500_000))
    rows.append((f"Swift policy step Journal 4 → 5 ({t:,} rows)", figures.summary("policy", t, "rows/s"),
                 f"step in {fmt(t / m('policy', t), 's')}; PolicyExample end to end "
                 f"{figures.summary('policy wall', t, 's')}", "", "≥ 200k rows/s", m("policy", t) >= 200_000))
    memory_sizes = [s for s in sizes if s >= 1_000_000] or sizes
    peaks = [m("split memory", s) for s in memory_sizes]
    flat = max(peaks) / min(peaks) if len(peaks) > 1 else 1.0
    rows.append(("peak memory of the split (" + ", ".join(f"{s:,}" for s in memory_sizes) + " rows)",
                 " / ".join(figures.summary("split memory", s, "MB") for s in memory_sizes), "",
                 f"largest / smallest {flat:.2f}" if len(peaks) > 1 else "one size only",
                 "flat, < 100 MB", max(peaks) < 100 and flat <= 1.10))
    rows.append((f"inspect of a {inspect_size:,}-row store", figures.summary("inspect", inspect_size, "s"),
                 f"process start alone (`cdmigrate --help`): {figures.summary('startup', 0, 's')}", "", "< 100 ms",
                 m("inspect", inspect_size) < 0.1))
    with_static = ("plan 50 static", 0) in figures.samples
    static_plan = (f"; the self-contained binary (`Scripts/build_static.sh`): {figures.summary('plan 50 static', 0, 's')}"
                   if with_static else "")
    rows.append(("plan over a 50-version model", figures.summary("plan 50", 0, "s"),
                 f"{plan['version']} → {plan['target']}: {len(plan['steps'])} step(s){static_plan}", "", "< 30 ms",
                 m("plan 50", 0) < 0.03))
    if with_static:
        rows.append(("plan over a 50-version model, self-contained binary", figures.summary("plan 50 static", 0, "s"),
                     "the binary `Scripts/build_static.sh` makes, to copy to another machine: the Swift runtime and "
                     "Foundation linked in, so no shared Swift library is loaded at start", "", "< 30 ms",
                     m("plan 50 static", 0) < 0.03))
    rows.append(("plan over a 400-version model", figures.summary("plan 400", 0, "s"),
                 "stopped at that time (a lower bound)" if "plan 400" in stopped else "", "", "< 1 s",
                 m("plan 400", 0) < 1))
    if ("plan wire", 0) in figures.samples:
        rows.append(("plan of wire's store2-24-1 over its 90-version model", figures.summary("plan wire", 0, "s"),
                     f"zmessaging2.24.1 → 2.101.0, 11 steps; `hash` of the model {figures.summary('hash wire', 0, 's')}; "
                     f"`inspect` of the store {figures.summary('inspect wire', 0, 's')}", "", "< 100 ms",
                     m("plan wire", 0) < 0.1))
    if console_size:
        c = console_size
        slower = m("console", c) / m("headless", c) - 1
        rows.append((f"console vs headless, Journal 1 → 3 ({c:,} rows)", figures.summary("console", c, "s"),
                     f"headless run: {figures.summary('headless', c, 's')} (whole process "
                     f"{figures.summary('headless wall', c, 's')})",
                     f"console {abs(slower) * 100:.1f}% {'slower' if slower >= 0 else 'faster'}", "≤ 3% slower",
                     slower <= 0.03))

    out = []
    out.append("# Benchmarks\n")
    out.append(f"Written by `Scripts/benchmarks.sh{' --quick' if args.quick else ''}"
               f"{' ' + ' '.join(args.extra) if args.extra else ''}` on {started:%Y-%m-%d %H:%M} UTC "
               f"({(finished - started).total_seconds() / 60:.0f} min). "
               f"Each figure is the median of {args.repeats} runs, with [min–max]; peers ran in the same session, "
               "interleaved with the engine's runs. How to run it and what each figure measures: "
               "[docs/guide/benchmarks.md](docs/guide/benchmarks.md).\n")
    if args.quick:
        out.append("> **Quick mode** (100,000 rows, fewer runs): a check that the suite works. The targets are "
                   "stated for 1,000,000 rows; run `Scripts/benchmarks.sh` for the figures that count.\n")
    out.append("## Machine\n")
    out.append(f"- CPU: {info['cpu']}; memory {info['memory']}; {info['os']}")
    out.append(f"- load average (1, 5, 15 min): **{load_start}** at the start, {load_end} at the end "
               "(other work on the machine slows every figure, peers included)")
    out.append(f"- SQLite {info['sqlite']} (`sqlite3` CLI; the engine links the same system library); "
               f"{info['sqlite_utils']} (PyPI, in `Benchmarks/.venv`, on Python's SQLite {info['python_sqlite']})")
    out.append(f"- commit {info['commit']}; release build `.build/release/cdmigrate`\n")
    out.append("## Targets\n")
    out.append("| figure | measured: median [min–max] | beside it | ratio | target | result |")
    out.append("|---|---|---|---|---|---|")
    for name, measured, peer, ratio, target, passes in rows:
        out.append(f"| {name} | {measured} | {peer} | {ratio} | {target} | {'✅ met' if passes else '❌ missed'} |")
    out.append("")
    out.append("## Every figure, by store size\n")
    out.append("| figure | " + " | ".join(f"{s:,} rows" for s in sizes) + " |")
    out.append("|---|" + "---|" * len(sizes))
    per_size = [
        ("`sqlite3` INSERT…SELECT copy of the Journal 1 store", "copy", "s"),
        ("`sqlite3` VACUUM INTO", "vacuum", "s"),
        ("`sqlite3` integrity_check of that copy", "copy check", "s"),
        ("the chain Journal 1 → 3 by hand (`sqlite3`, entry rows re-encoded)", "sql chain", "s"),
        ("`sqlite3` integrity_check of that result", "sql chain check", "s"),
        ("file copy of the Journal 2 store", "file copy", "s"),
        ("the same file copy flushed to disk (`fdatasync`)", "file copy flushed", "s"),
        ("`sqlite3` integrity_check of that file copy", "file copy check", "s"),
        ("inferred chain Journal 1 → 3 (`cdmigrate migrate --yes`)", "chain", "s"),
        ("rename step Journal 2 → 3 (`cdmigrate migrate --yes`)", "rename", "s"),
        ("`sqlite-utils transform --rename` on the same store", "sqlite-utils", "s"),
        ("mapped split Journal 3 → 4, source rows/s of the step", "split", "rows/s"),
        ("mapped split, dry run end to end", "split wall", "s"),
        ("mapped split, peak resident memory of the process", "split memory", "MB"),
        ("the split in SQL by hand (`sqlite3`, one transaction), source rows/s", "sql split", "rows/s"),
        ("the split in SQL by hand plus one integrity_check, source rows/s", "sql split checked", "rows/s"),
        ("the least any split costs (author keys found at no cost) plus one integrity_check, source rows/s",
         "split floor", "rows/s"),
        ("Swift policy step Journal 4 → 5, rows/s of the step", "policy", "rows/s"),
        ("Swift policy step, `PolicyExample` end to end (backup and swap included)", "policy wall", "s"),
        ("headless Journal 1 → 3, from the plan to the exit", "headless", "s"),
        ("headless Journal 1 → 3, whole process", "headless wall", "s"),
        ("console Journal 1 → 3, from the confirming key to the result screen", "console", "s"),
    ]
    for label, figure, unit in per_size:
        if any((figure, s) in figures.samples for s in sizes):
            out.append(f"| {label} | " + " | ".join(figures.summary(figure, s, unit) for s in sizes) + " |")
    out.append("")
    if ("startup static", 0) in figures.samples:
        out.append("The self-contained binary (`.build/static/cdmigrate`, from `Scripts/build_static.sh`), run "
                   f"interleaved with the dynamically linked one: process start {figures.summary('startup static', 0, 's')}; "
                   f"inspect of the {inspect_size:,}-row store {figures.summary('inspect static', inspect_size, 's')}; "
                   f"`plan` over 50 versions {figures.summary('plan 50 static', 0, 's')}, over 400 versions "
                   f"{figures.summary('plan 400 static', 0, 's')}.\n")
    out.append("Independent of the store size: process start (`cdmigrate --help`) "
               f"{figures.summary('startup', 0, 's')}; `plan` over 50 versions {figures.summary('plan 50', 0, 's')}, "
               f"over 400 versions {figures.summary('plan 400', 0, 's')} (a 1,000-entry Journal 1 store; model "
               "`Bench N`: Journal 1 and then one added attribute per version).\n")

    out.append("## Where the time goes\n")
    out.append("Spans between the engine's events (`--json`: `planReady`, `stageStarted`, `stepStarted`, "
               "`stepRows`, `stepValidated`, `committed`), stamped as they arrived, for the median run of each "
               f"migration at {t:,} rows. A span is named by the event that opens it.\n")
    for title, figure in [("Inferred chain Journal 1 → 3", "chain"), ("Rename step Journal 2 → 3", "rename"),
                          ("Mapped split Journal 3 → 4 (dry run)", "split"),
                          ("Swift policy step Journal 4 → 5 (`PolicyExample`, from its printed lines)", "policy")]:
        result = figures.median_run(figure, t)
        if result is None:
            continue
        spans = profile(result) if figure != "policy" else profile_lines(result)
        out.append(f"**{title}** — {fmt(result.seconds, 's')} in all\n")
        out.append("| span | time | share |")
        out.append("|---|---|---|")
        for name, seconds in spans:
            out.append(f"| {name} | {fmt(seconds, 's')} | {seconds / result.seconds * 100:.0f}% |")
        out.append("")
    Path(path).write_text("\n".join(out) + "\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="100,000 rows and fewer runs")
    parser.add_argument("--sizes", help="comma-separated entry counts (default 100000,1000000,4000000)")
    parser.add_argument("--repeats", type=int, help="runs of each figure (default 3; quick: 2)")
    parser.add_argument("--no-console", action="store_true", help="skip the console-versus-headless figure")
    parser.add_argument("--output", default=str(ROOT / "BENCHMARKS.md"))
    parser.add_argument("--static", action="store_true",
                        help="also time process start, inspect and plan through .build/static/cdmigrate")
    args = parser.parse_args()
    args.extra = [a for a in sys.argv[1:] if a != "--quick"]
    sizes = [int(s) for s in args.sizes.split(",")] if args.sizes else (
        [100_000] if args.quick else [100_000, 1_000_000, 4_000_000])
    args.repeats = args.repeats or (2 if args.quick else 3)
    for binary in (CDMIGRATE, POLICY_EXAMPLE, SQLITE_UTILS):
        if not binary.exists():
            sys.exit(f"benchmarks: {binary} is missing; run Scripts/benchmarks.sh, which builds and installs it")
    if args.static and not STATIC_CDMIGRATE.exists():
        sys.exit(f"benchmarks: {STATIC_CDMIGRATE} is missing; run Scripts/benchmarks.sh --static, which builds it")

    started = datetime.now(timezone.utc)
    load_start = load()
    info = machine()
    log(f"load average {load_start}; sizes {sizes}; {args.repeats} runs each")
    key = generator_key()
    WORK.mkdir(parents=True, exist_ok=True)
    paths = {size: stores_for(size, key) for size in sizes}

    # Targets are stated for 1,000,000 rows; without that size, the largest one run stands in.
    target_size = 1_000_000 if 1_000_000 in sizes else max(sizes)
    inspect_size = 1_000_000 if 1_000_000 in sizes else max(s for s in sizes if s <= 1_000_000) if any(
        s <= 1_000_000 for s in sizes) else min(sizes)
    console_size = None if args.no_console else target_size

    figures = Figures()
    plan, stopped = measure_fixed(paths[inspect_size], inspect_size, args.repeats, figures, key, args.static)
    for size in sizes:
        measure_size(size, paths[size], args.repeats, figures, with_console=(size == console_size))
    remove(WORK / "run")
    finished = datetime.now(timezone.utc)
    write_report(args.output, args, sizes, figures, info, load_start, load(), started, finished, target_size,
                 inspect_size, console_size, plan, stopped)
    log(f"wrote {args.output}")


if __name__ == "__main__":
    main()
