#!/usr/bin/env python3
"""`plan` over a long model (issue 34.4): wire's store2-24-1 against its 90-version model, target < 100 ms.

Each binary given (the release build by default; give two to compare builds) runs `plan --json` of a copy of
the corpus store, interleaved with the others' runs and with the floor: the same process doing nothing
(`--help`: process start and dynamic linking) and `hash --json` of the model (reading and hashing its 90
versions). Wall-clock time and the process's own CPU time (user + system, from `wait4`) are both reported:
while others build on the machine the CPU time is the figure that says what `plan` costs, the wall clock what
a user waits. The JSON each binary prints must be the same for every run and every binary.

    python3 Benchmarks/plan_wire.py [--repeats 25] [--binary PATH ...]

Prints a Markdown table (stderr has the progress) with the load average at the start and the end.
"""

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = Path(os.environ.get("CDMIGRATE_CORPUS", ROOT.parent / "shared" / "corpus"))
MODEL = CORPUS / "wire" / "zmessaging.xcdatamodeld"
STORE = CORPUS / "wire" / "stores" / "store2-24-1.wiredatabase"
TARGET = 0.1


def run(command):
    """Runs `command` and returns (wall seconds, CPU seconds, stdout), CPU time from the child's rusage."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    completed = subprocess.run(command, capture_output=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if completed.returncode != 0:
        sys.exit(f"{' '.join(map(str, command))} failed ({completed.returncode}): {completed.stderr.decode()[:400]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, completed.stdout


def summary(values):
    values = sorted(values)
    return f"{statistics.median(values) * 1000:.0f} ms [{values[0] * 1000:.0f}–{values[-1] * 1000:.0f}]"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeats", type=int, default=25)
    parser.add_argument("--binary", action="append", default=[])
    args = parser.parse_args()
    binaries = [Path(b).resolve() for b in (args.binary or [ROOT / ".build" / "release" / "cdmigrate"])]
    if not (MODEL.is_dir() and STORE.is_file()):
        sys.exit(f"no wire corpus at {CORPUS}")
    folder = Path(tempfile.mkdtemp(prefix="plan-wire-"))
    store = folder / STORE.name
    for suffix in ("", "-wal", "-shm"):
        if Path(str(STORE) + suffix).exists():
            shutil.copyfile(str(STORE) + suffix, str(store) + suffix)
    figures = {}
    outputs = {}
    load_start = os.getloadavg()
    for repeat in range(args.repeats):
        print(f"run {repeat + 1} of {args.repeats}", file=sys.stderr)
        for binary in binaries:
            wall, cpu, out = run([binary, "plan", store, "--model", MODEL, "--json"])
            figures.setdefault((binary, "plan"), []).append((wall, cpu))
            outputs.setdefault(out, []).append(binary)
        # The floor, through the first binary.
        for name, command in (("start", ["--help"]), ("hash", ["hash", MODEL, "--json"])):
            wall, cpu, _ = run([binaries[0], *command])
            figures.setdefault((binaries[0], name), []).append((wall, cpu))
    load_end = os.getloadavg()
    shutil.rmtree(folder)
    if len(outputs) != 1:
        sys.exit("the plans differ: " + "; ".join(f"{len(v)} runs of {sorted(set(map(str, v)))}" for v in outputs.values()))
    print(f"`plan --json` of wire's store2-24-1 over its 90-version model, {args.repeats} interleaved runs each, "
          f"median [min–max]; load average {' '.join(f'{x:.2f}' for x in load_start)} at the start, "
          f"{' '.join(f'{x:.2f}' for x in load_end)} at the end, {os.cpu_count()} cores; every plan printed the same "
          f"JSON.\n")
    print("| binary | figure | wall clock | CPU time (user + system) | target |")
    print("|---|---|---|---|---|")
    for (binary, name), samples in figures.items():
        walls, cpus = [s[0] for s in samples], [s[1] for s in samples]
        label = {"plan": "`plan`", "start": "floor: process start (`--help`)",
                 "hash": "floor: `hash` of the model (reads and hashes every version)"}[name]
        target = ("< 100 ms " + ("✅" if statistics.median(walls) < TARGET else "❌")) if name == "plan" else ""
        print(f"| {binary} | {label} | {summary(walls)} | {summary(cpus)} | {target} |")


if __name__ == "__main__":
    main()
