#!/usr/bin/env python3
"""Kill harness: SIGKILLs `cdmigrate migrate` and `cdmigrate restore` at random instants and checks that the
next run recovers every store to the complete old or the complete new one, leaving nothing behind.

The store is the sample app's (`cdmigrate demo`), Journal 1 with 100,000 entries, in WAL mode with committed
rows only in its `-wal`; the chain is Journal 1 → 2 → 3 (inferred, one version at a time) → 4 (a mapping file
that splits every entry's author into an Author object). Each migrate trial copies the store into a fresh folder, starts `migrate --yes` and kills it
either after a random delay within the measured length of a whole run, or (a share of the trials) at a random
swap stage through `CDMIGRATE_CRASH_AT`, so kills land inside the swap too. Restore trials start from a
migrated store with its backup and kill `restore` the same two ways.

After each kill the next run (`cdmigrate history`, which recovers first) must exit 0, and then:
- the store's content digest (every table's rows, `Z_METADATA`'s UUID, `PRAGMA integrity_check`) is the old
  one or the new one;
- no `.Journal.sqlite.cdmigrate-*` file, partial backup or `-shm`/`-journal` stray remains in the folder and
  the process's temporary folder (`TMPDIR`, private to the harness) is empty;
- after a killed restore, a new `restore` succeeds and gives the old store (a killed restore never blocks one).

With `--app-writes`, every migrate trial is killed at a random swap stage (for two stores, at either
store's parking or replacing) and then "the app" opens each store of the run (each with probability 3/4)
and writes 200 entries, the first with a known title, before the next run. Then, besides the checks above:
every store is intact and holds the app's entries if it was written; what else it holds is the old or the
new store (or, for a WAL store killed with its log parked, the database as the app found it without that
log); stores of one run end at one version unless the recovery reported `split`, and only when the app
wrote to both sides; every backup still matches its manifest. `--modes wal,rollback` and `--stores 1,2`
take turns over the store's journal mode and the number of stores per run.

Usage (one command, after `swift build`):
    python3 Scripts/kill_harness.py [--trials 200] [--restore-trials 100] [--entries 100000] [--seed 1]
`--trials` and `--restore-trials` count kills: trials whose run finished before its kill instant are checked
but do not count, and trials go on until the kills are reached (at most three times as many trials).
`--quick` runs a small sample (4 + 2 trials, 2,000 entries; with `--app-writes`, 8 fixed trials: each swap stage with
each mode and store count given) (the test suite runs both through `KillHarnessSampleTests`). Prints one line per
trial and a JSON summary at the end; exits 1 when any trial breaks a promise.
"""
import argparse
import hashlib
import json
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MODEL = os.path.join(ROOT, "Examples", "Journal.xcdatamodeld")
# Three steps with a mapped one: Journal 1 → 2 → 3 inferred (forced one at a time), 3 → 4 mapped. (4 → 5 needs
# the sample app's Swift policy, which only the app's own executable registers, not the plain CLI.)
CHAIN = ["--to", "Journal 4", "--pair", "Journal 1 -> Journal 2", "--pair", "Journal 2 -> Journal 3"]
STAGES = ["journal-written", "sidecars-parked", "database-replaced", "swapped"]
NAME = "Journal.sqlite"
SECOND = "Second.sqlite"
# The entries "the app" adds after a kill: keys from APP_KEY, the first titled APP_TITLE.
APP_KEY = 1_000_000
APP_ENTRIES = 200
APP_TITLE = "written by the app after the kill"


def content_digest(folder, scratch, name=NAME, suffixes=("", "-wal", "-journal"), app=None):
    """Digest of the store in `folder` read through a private copy (the original is never opened). With
    `app` (a list), the app's entries are left out of the digest and `app` gets whether they are all there."""
    shutil.rmtree(scratch, ignore_errors=True)
    os.makedirs(scratch)
    for suffix in suffixes:
        source = os.path.join(folder, name + suffix)
        if os.path.isfile(source):
            shutil.copyfile(source, os.path.join(scratch, NAME + suffix))
    connection = sqlite3.connect(os.path.join(scratch, NAME))
    try:
        if connection.execute("PRAGMA integrity_check").fetchone()[0] != "ok":
            return "not-intact"
        digest = hashlib.sha256()
        tables = [row[0] for row in connection.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")]
        for table in tables:
            if table == "Z_METADATA":
                rows = connection.execute('SELECT "Z_UUID" FROM "Z_METADATA"').fetchall()
            elif app is not None and table == "Z_PRIMARYKEY":
                # The app raises Entry's Z_MAX with its entries.
                rows = connection.execute('SELECT "Z_ENT", "Z_NAME" FROM "Z_PRIMARYKEY" ORDER BY 1').fetchall()
            elif app is not None and table == "ZENTRY":
                rows = connection.execute('SELECT * FROM "ZENTRY" WHERE "Z_PK" < ? ORDER BY 1', (APP_KEY,)).fetchall()
                title = connection.execute('SELECT "ZTITLE" FROM "ZENTRY" WHERE "Z_PK" = ?', (APP_KEY,)).fetchone()
                count = connection.execute('SELECT COUNT(*) FROM "ZENTRY" WHERE "Z_PK" >= ?', (APP_KEY,)).fetchone()[0]
                app.append(title is not None and title[0] == APP_TITLE and count == APP_ENTRIES)
            else:
                rows = connection.execute(f'SELECT * FROM "{table}" ORDER BY 1').fetchall()
            digest.update(table.encode())
            digest.update(repr(rows).encode())
        return digest.hexdigest()
    except sqlite3.DatabaseError as error:
        return f"unreadable: {error}"
    finally:
        connection.close()
        shutil.rmtree(scratch, ignore_errors=True)


def app_writes(store):
    """What an app does when it launches after the crash: opens its store, writes entries, closes it."""
    connection = sqlite3.connect(store, timeout=5)
    try:
        columns = [row[1] for row in connection.execute('PRAGMA table_info("ZENTRY")')]
        favorite = "ZFAVORITE" in columns  # required since Journal 2
        entity = connection.execute('SELECT "Z_ENT" FROM "Z_PRIMARYKEY" WHERE "Z_NAME" = \'Entry\'').fetchone()[0]
        rows = [(APP_KEY + n, entity, APP_TITLE if n == 0 else os.urandom(750).hex()) + ((0,) if favorite else ())
                for n in range(APP_ENTRIES)]
        names = '"Z_PK", "Z_ENT", "Z_OPT", "ZTITLE"' + (', "ZFAVORITE"' if favorite else "")
        marks = "?, ?, 1, ?" + (", ?" if favorite else "")
        connection.executemany(f'INSERT INTO "ZENTRY" ({names}) VALUES ({marks})', rows)
        connection.execute('UPDATE "Z_PRIMARYKEY" SET "Z_MAX" = ? WHERE "Z_NAME" = \'Entry\'', (APP_KEY + APP_ENTRIES,))
        connection.commit()
    finally:
        connection.close()


def backups_verify(folder, name):
    """The backups of the store whose manifest entries are missing or differ."""
    damaged = []
    root = os.path.join(folder, ".cdmigrate", name, "backups")
    for backup in sorted(os.listdir(root)) if os.path.isdir(root) else []:
        with open(os.path.join(root, backup, "manifest.json")) as handle:
            manifest = json.load(handle)
        for entry in manifest["files"]:
            path = os.path.join(root, backup, entry["name"])
            if not os.path.isfile(path) or hashlib.sha256(open(path, "rb").read()).hexdigest() != entry["sha256"]:
                damaged.append(f"{name} backup {backup}: {entry['name']}")
    return damaged


def strays(folder, tmpdir, names=(NAME,)):
    found = []
    for name in names:
        found += [entry for entry in os.listdir(folder) if entry.startswith("." + name + ".cdmigrate-")]
        found += [entry for entry in os.listdir(folder) if entry in (name + "-shm", name + "-journal")]
        backups = os.path.join(folder, ".cdmigrate", name, "backups")
        if os.path.isdir(backups):
            found += [os.path.join("backups", entry) for entry in os.listdir(backups) if entry.endswith(".partial")]
    # Snapshots go into the user's own cdmigrate-<uid> folder there, which stays; nothing may be left inside it.
    own = "cdmigrate-%d" % os.geteuid()
    found += [os.path.join("TMPDIR", name) for name in os.listdir(tmpdir) if name != own]
    if os.path.isdir(os.path.join(tmpdir, own)):
        found += [os.path.join("TMPDIR", own, name) for name in os.listdir(os.path.join(tmpdir, own))]
    return found


class Harness:
    def __init__(self, args):
        self.args = args
        self.binary = args.binary
        self.work = tempfile.mkdtemp(prefix="cdmigrate-kill-harness-")
        self.tmpdir = os.path.join(self.work, "tmp")
        os.makedirs(self.tmpdir)
        self.scratch = os.path.join(self.work, "scratch")
        self.random = random.Random(args.seed)
        self.failures = []
        self.figures = {"migrateKills": 0, "migrateStageKills": 0, "migrateRandomKills": 0, "finishedBeforeKill": 0,
                        "restoreKills": 0, "restoreStageKills": 0, "restoreRandomKills": 0, "endedOld": 0,
                        "endedNew": 0, "recordedInHistory": 0}
        self.app = {"trials": 0, "storesWritten": 0, "outcomes": {}, "stages": {}, "modes": {}, "stores": {},
                    "endedAsTheAppFoundIt": 0}

    def env(self, extra=None):
        environment = dict(os.environ, TMPDIR=self.tmpdir)
        environment.pop("CDMIGRATE_CRASH_AT", None)
        environment.update(extra or {})
        return environment

    def cdmigrate(self, *arguments, extra=None):
        return subprocess.run([self.binary, *arguments], env=self.env(extra), capture_output=True, text=True,
                              stdin=subprocess.DEVNULL)

    def prepare(self):
        demo = os.path.join(self.work, "demo")
        made = self.cdmigrate("demo", "--entries", str(self.args.entries), "--directory", demo, "--json")
        if made.returncode != 0:
            sys.exit(f"cannot generate the sample store: {made.stderr}")
        generated = json.loads(made.stdout)["store"]
        self.old = os.path.join(self.work, "old")
        os.makedirs(self.old)
        # WAL mode with committed rows only in the -wal: copy the files while the writer still holds them.
        connection = sqlite3.connect(generated)
        connection.execute("PRAGMA journal_mode=WAL")
        connection.execute("PRAGMA wal_autocheckpoint=0")
        connection.execute('UPDATE "ZENTRY" SET "ZTITLE" = "ZTITLE" || \' (edited)\' WHERE "Z_PK" % 10 = 0')
        connection.commit()
        for suffix in ["", "-wal"]:
            shutil.copyfile(generated + suffix, os.path.join(self.old, NAME + suffix))
        connection.close()
        self.old_digest = content_digest(self.old, self.scratch)
        # The database as an app finds it with its log parked (the swap's first move): no -wal.
        self.old_base_digest = content_digest(self.old, self.scratch, suffixes=("",), app=[])
        if self.args.app_writes and "rollback" in self.args.modes:
            # The same content in a rollback-journal store (the writer above checkpointed its edit on closing).
            self.old_rollback = os.path.join(self.work, "old-rollback")
            os.makedirs(self.old_rollback)
            shutil.copyfile(generated, os.path.join(self.old_rollback, NAME))
            connection = sqlite3.connect(os.path.join(self.old_rollback, NAME))
            connection.execute("PRAGMA journal_mode=DELETE")
            connection.close()
            if content_digest(self.old_rollback, self.scratch) != self.old_digest:
                sys.exit("the rollback-journal store differs from the WAL store")
        # One whole run gives the new digest, the run's length and the folder restore trials start from.
        self.migrated = os.path.join(self.work, "migrated")
        shutil.copytree(self.old, self.migrated)
        started = time.monotonic()
        run = self.cdmigrate("migrate", os.path.join(self.migrated, NAME), "--model", MODEL, *CHAIN, "--yes", "--json")
        self.migrate_seconds = time.monotonic() - started
        if run.returncode != 0:
            sys.exit(f"the uninterrupted migration failed: {run.stderr}")
        self.new_digest = content_digest(self.migrated, self.scratch)
        self.old_app_digest = content_digest(self.old, self.scratch, app=[])
        self.new_app_digest = content_digest(self.migrated, self.scratch, app=[])
        probe = os.path.join(self.work, "probe")
        shutil.copytree(self.migrated, probe)
        started = time.monotonic()
        restored = self.cdmigrate("restore", os.path.join(probe, NAME), "--yes")
        self.restore_seconds = time.monotonic() - started
        if restored.returncode != 0 or content_digest(probe, self.scratch) != self.old_digest:
            sys.exit(f"the uninterrupted restore failed: {restored.stderr}")
        shutil.rmtree(probe)
        if self.old_digest == self.new_digest:
            sys.exit("old and new digests are equal; the harness could not tell them apart")
        print(f"prepared: {self.args.entries} entries, migrate {self.migrate_seconds:.1f}s, "
              f"restore {self.restore_seconds:.1f}s", flush=True)

    def kill_run(self, arguments, seconds):
        """Runs cdmigrate and SIGKILLs it at a random instant or a random swap stage; returns how it was cut."""
        if self.random.random() < self.args.stage_share:
            stage = self.random.choice(STAGES)
            result = self.cdmigrate(*arguments, extra={"CDMIGRATE_CRASH_AT": stage})
            return f"stage {stage}", result.returncode == -signal.SIGKILL
        delay = self.random.uniform(0, seconds * 1.05)
        process = subprocess.Popen([self.binary, *arguments], env=self.env(), stdin=subprocess.DEVNULL,
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            process.wait(timeout=delay)
            return f"after {delay:.2f}s", False
        except subprocess.TimeoutExpired:
            process.send_signal(signal.SIGKILL)
            process.wait()
            return f"after {delay:.2f}s", True

    def check(self, label, folder, allowed):
        store = os.path.join(folder, NAME)
        after = self.cdmigrate("history", store, "--json")
        problems = []
        if after.returncode != 0:
            problems.append(f"the next run failed ({after.returncode}): {after.stderr.strip()}")
        digest = content_digest(folder, self.scratch)
        if digest not in allowed:
            problems.append(f"the store is neither old nor new ({digest[:16]})")
        left = strays(folder, self.tmpdir)
        if left:
            problems.append(f"leftovers: {left}")
        results = [json.loads(line) for line in after.stdout.splitlines() if line.startswith("{")]
        if any(record.get("result") == "interrupted" or record.get("action") == "recover" for record in results):
            self.figures["recordedInHistory"] += 1
        self.figures["endedOld" if digest == self.old_digest else "endedNew"] += 1
        if problems:
            self.failures.append({"trial": label, "problems": problems})
            for name in os.listdir(self.tmpdir):
                shutil.rmtree(os.path.join(self.tmpdir, name), ignore_errors=True)
        return digest, problems

    def migrate_trial(self, index):
        folder = os.path.join(self.work, f"m{index}")
        shutil.copytree(self.old, folder)
        how, killed = self.kill_run(["migrate", os.path.join(folder, NAME), "--model", MODEL, *CHAIN, "--yes", "--json"],
                                    self.migrate_seconds)
        self.figures["migrateKills" if killed else "finishedBeforeKill"] += 1
        if killed:
            self.figures["migrateStageKills" if how.startswith("stage") else "migrateRandomKills"] += 1
        digest, problems = self.check(f"migrate {index} ({how})", folder, {self.old_digest, self.new_digest})
        if not problems and index % self.args.rerun_every == 0 and digest == self.old_digest:
            again = self.cdmigrate("migrate", os.path.join(folder, NAME), "--model", MODEL, *CHAIN, "--yes", "--json")
            if again.returncode != 0 or content_digest(folder, self.scratch) != self.new_digest:
                self.failures.append({"trial": f"migrate {index}", "problems": ["the store did not migrate again"]})
        state = "old" if digest == self.old_digest else "new" if digest == self.new_digest else "BROKEN"
        print(f"migrate {index}: {'killed' if killed else 'finished before the kill'} {how}: {state}" + (f"  {problems}" if problems else ""), flush=True)
        shutil.rmtree(folder, ignore_errors=True)

    def app_trial(self, index):
        """Kills a migration of one or two stores at a swap stage; the app writes; the next run recovers."""
        # The quick sample is fixed: each stage in turn, with every mode and store count, the app writing to
        # every store (so two stores killed after the first replacement end split); a full run draws them.
        turn = index // len(STAGES)
        if self.args.quick:
            mode = self.args.modes[turn % len(self.args.modes)]
            count = self.args.stores[(turn + index) % len(self.args.stores)]
        else:
            mode = self.args.modes[index % len(self.args.modes)]
            count = self.args.stores[(index // len(self.args.modes)) % len(self.args.stores)]
        folder = os.path.join(self.work, f"a{index}")
        os.makedirs(folder)
        source = self.old if mode == "wal" else self.old_rollback
        names = [NAME, SECOND][:count]
        for name in names:
            for suffix in ["", "-wal"]:
                if os.path.isfile(os.path.join(source, NAME + suffix)):
                    shutil.copyfile(os.path.join(source, NAME + suffix), os.path.join(folder, name + suffix))
        stage = STAGES[index % len(STAGES)] if self.args.quick else self.random.choice(STAGES)
        if count > 1 and stage in ("sidecars-parked", "database-replaced"):
            stage += ":" + str(1 if self.args.quick else self.random.randint(1, count))
        stores = [os.path.join(folder, name) for name in names]
        killed = self.cdmigrate("migrate", *stores, "--model", MODEL, *CHAIN, "--yes", "--json",
                                extra={"CDMIGRATE_CRASH_AT": stage}).returncode == -signal.SIGKILL
        self.figures["migrateKills" if killed else "finishedBeforeKill"] += 1
        if killed:
            self.figures["migrateStageKills"] += 1
        written = [name for name in names if self.args.quick or self.random.random() < 0.75]
        problems = []
        for name in written:
            try:
                app_writes(os.path.join(folder, name))
            except sqlite3.Error as error:
                problems.append(f"the app could not write {name}: {error}")
        after = self.cdmigrate("history", stores[0], "--json")
        if after.returncode != 0:
            problems.append(f"the next run failed ({after.returncode}): {after.stderr.strip()}")
        records = [json.loads(line) for line in after.stdout.splitlines() if line.startswith("{")]
        outcomes = [record.get("outcome") for record in records if record.get("action") == "recover"]
        outcome = outcomes[-1] if outcomes else "none"
        states = {}
        for name in names:
            found = []
            digest = content_digest(folder, self.scratch, name=name, app=found)
            if name in written and found != [True]:
                problems.append(f"{name}: the app's entries are not all there")
            if name not in written and found != [False]:
                problems.append(f"{name}: entries of an app that did not write")
            allowed = {self.old_app_digest: "old", self.new_app_digest: "new"}
            if mode == "wal" and stage.startswith("sidecars-parked") and name in written:
                allowed[self.old_base_digest] = "as the app found it"
            states[name] = allowed.get(digest, "BROKEN")
            if states[name] == "BROKEN":
                problems.append(f"{name}: neither old nor new ({digest[:24]})")
            problems += backups_verify(folder, name)
        # A store as the app found it is on the old side: its original, without the log it never saw.
        ended = {"new" if state == "new" else state if state == "BROKEN" else "old" for state in states.values()}
        if len(ended) > 1 and outcome != "split":
            problems.append(f"the stores ended apart ({states}) but the recovery reported {outcome}")
        if outcome == "split" and not len(written) > 1:
            problems.append("split reported though the app wrote to one store at most")
        left = strays(folder, self.tmpdir, names)
        if left:
            problems.append(f"leftovers: {left}")
        if any(record.get("result") == "interrupted" or record.get("action") == "recover" for record in records):
            self.figures["recordedInHistory"] += 1
        for state in states.values():
            key = {"old": "endedOld", "new": "endedNew"}.get(state)
            if key:
                self.figures[key] += 1
            elif state == "as the app found it":
                self.app["endedAsTheAppFoundIt"] += 1
        self.app["trials"] += 1
        self.app["storesWritten"] += len(written)
        for key, value in [("outcomes", outcome), ("stages", stage), ("modes", mode), ("stores", str(count))]:
            self.app[key][value] = self.app[key].get(value, 0) + 1
        if problems:
            self.failures.append({"trial": f"app {index} ({mode}, {count} store(s), stage {stage})", "problems": problems})
            for name in os.listdir(self.tmpdir):
                shutil.rmtree(os.path.join(self.tmpdir, name), ignore_errors=True)
        print(f"app {index}: {mode}, {count} store(s), killed at {stage}, app wrote {written or 'nothing'}: "
              f"{outcome}, {states}" + (f"  {problems}" if problems else ""), flush=True)
        shutil.rmtree(folder, ignore_errors=True)

    def restore_trial(self, index):
        folder = os.path.join(self.work, f"r{index}")
        shutil.copytree(self.migrated, folder)
        store = os.path.join(folder, NAME)
        backups = sorted(os.listdir(os.path.join(folder, ".cdmigrate", NAME, "backups")))
        how, killed = self.kill_run(["restore", store, "--backup", backups[0], "--yes"], self.restore_seconds)
        self.figures["restoreKills" if killed else "finishedBeforeKill"] += 1
        if killed:
            self.figures["restoreStageKills" if how.startswith("stage") else "restoreRandomKills"] += 1
        digest, problems = self.check(f"restore {index} ({how})", folder, {self.old_digest, self.new_digest})
        again = self.cdmigrate("restore", store, "--backup", backups[0], "--yes")
        if again.returncode != 0 or content_digest(folder, self.scratch) != self.old_digest:
            problems.append(f"a later restore failed: {again.stderr.strip()}")
            self.failures.append({"trial": f"restore {index}", "problems": problems})
        state = "old" if digest == self.old_digest else "new" if digest == self.new_digest else "BROKEN"
        print(f"restore {index}: {'killed' if killed else 'finished before the kill'} {how}: {'restored' if state == 'old' else 'migrated' if state == 'new' else state}"
              + (f"  {problems}" if problems else ""), flush=True)
        shutil.rmtree(folder, ignore_errors=True)

    def run(self):
        started = time.monotonic()
        self.prepare()
        done = {"migrate": 0, "restore": 0}
        # Counts are kills, not trials: a run that finishes before its random instant is checked too but
        # does not count, so trials go on until the kills are reached (or three times as many trials).
        migrate = self.app_trial if self.args.app_writes else self.migrate_trial
        for kind, count, trial, kills in [("migrate", self.args.trials, migrate, "migrateKills"),
                                          ("restore", self.args.restore_trials, self.restore_trial, "restoreKills")]:
            index = 0
            while self.figures[kills] < count and index < 3 * count:
                if self.args.time_budget and time.monotonic() - started > self.args.time_budget:
                    break
                trial(index)
                done[kind] += 1
                index += 1
        summary = dict(self.figures, trials=done["migrate"], restoreTrials=done["restore"],
                       entries=self.args.entries, seed=self.args.seed, failures=self.failures,
                       seconds=round(time.monotonic() - started), migrateSeconds=round(self.migrate_seconds, 2),
                       restoreSeconds=round(self.restore_seconds, 2))
        if self.args.app_writes:
            summary["appWrites"] = self.app
        print(json.dumps(summary, sort_keys=True), flush=True)
        shutil.rmtree(self.work, ignore_errors=True)
        return 1 if self.failures else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "debug", "cdmigrate"))
    parser.add_argument("--trials", type=int, default=200, help="SIGKILLs of migrate to reach")
    parser.add_argument("--restore-trials", type=int, default=100, help="SIGKILLs of restore to reach")
    parser.add_argument("--entries", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--stage-share", type=float, default=0.25, help="share of kills at a random swap stage")
    parser.add_argument("--rerun-every", type=int, default=10, help="migrate a recovered old store again every n trials")
    parser.add_argument("--time-budget", type=float, default=0, help="start no trial after this many seconds")
    parser.add_argument("--quick", action="store_true", help="a small sample: 4 + 2 trials on 2,000 entries")
    parser.add_argument("--app-writes", action="store_true",
                        help="kill migrate at a swap stage and let the app write before the next run")
    parser.add_argument("--modes", default="wal", help="journal modes of the stores, in turn: wal, rollback")
    parser.add_argument("--stores", default="1", help="stores per migrate run, in turn: 1, 2")
    args = parser.parse_args()
    args.modes = [mode.strip() for mode in args.modes.split(",")]
    args.stores = [int(count) for count in args.stores.split(",")]
    if any(mode not in ("wal", "rollback") for mode in args.modes) or any(count not in (1, 2) for count in args.stores):
        sys.exit("--modes takes wal and rollback, --stores 1 and 2")
    if args.quick:
        args.trials, args.restore_trials, args.entries, args.rerun_every = 4, 2, 2_000, 2
        if args.app_writes:
            args.trials, args.restore_trials = 8, 0
    if not os.access(args.binary, os.X_OK):
        sys.exit(f"no cdmigrate binary at {args.binary}; run `swift build` first")
    sys.exit(Harness(args).run())


if __name__ == "__main__":
    main()
