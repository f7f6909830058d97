#!/usr/bin/env python3
"""Derives the fuzzers' seed corpora from the real files in ../shared/corpus and Examples/.

Usage: fuzz_seeds.py OUTPUT_DIR. Writes OUTPUT_DIR/<target>/ for every target; nothing is committed.
Stores are copied to a temporary folder before SQLite opens them (the corpus is read-only).
"""
import glob, hashlib, json, os, re, shutil, sqlite3, sys, tempfile

import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCES = [os.path.join(ROOT, "..", "shared", "corpus"), os.path.join(ROOT, "Examples"), os.path.join(ROOT, "Tests")]


def files(pattern):
    for source in SOURCES:
        yield from glob.glob(os.path.join(source, "**", pattern), recursive=True)


def write(out, target, data):
    folder = os.path.join(out, target)
    os.makedirs(folder, exist_ok=True)
    if isinstance(data, str):
        data = data.encode()
    with open(os.path.join(folder, hashlib.sha1(data).hexdigest()), "wb") as handle:
        handle.write(data)


def expressions(node):
    if isinstance(node, dict):
        for key, value in node.items():
            if key in ("filter", "merge") and isinstance(value, str):
                yield value
            elif key in ("attributes", "relationships") and isinstance(value, dict):
                yield from (v for v in value.values() if isinstance(v, str))
            yield from expressions(value)
    elif isinstance(node, list):
        for item in node:
            yield from expressions(item)


# The importer never reads the source and destination models Xcode embeds in a mapping model (base64
# archives, up to 200 KB); seeds without them run 10-20 times faster and reach the same parsing code.
EMBEDDED_MODEL = re.compile(rb'<attribute name="(?:source|destination)modeldata"[^>]*>.*?</attribute>', re.DOTALL)


def main(out):
    for path in files("contents"):
        write(out, "model-xml", open(path, "rb").read())
    mapping_models = sorted(files("xcmapping.xml"), key=os.path.getsize)
    for index, path in enumerate(mapping_models):
        data = open(path, "rb").read()
        # One seed keeps its embedded models, so skipping them stays covered.
        write(out, "xcode-mapping", data if index == 0 else EMBEDDED_MODEL.sub(b"", data))
    for path in files("*.cdm"):
        write(out, "cdm", open(path, "rb").read())
    for path in list(files("*.yaml")) + list(files("*.yml")) + list(files("*.json")):
        text = open(path, encoding="utf-8").read()
        try:
            document = yaml.safe_load(text)
        except yaml.YAMLError:
            continue
        if not isinstance(document, dict) or "mappings" not in document:
            continue
        write(out, "mapping", text)
        write(out, "mapping", json.dumps(document, indent=2))
        for expression in expressions(document):
            write(out, "expression", expression)
    with tempfile.TemporaryDirectory() as scratch:
        for index, path in enumerate(list(files("*.sqlite")) + list(files("*.moody"))):
            copy = os.path.join(scratch, f"{index}.sqlite")
            for suffix in ("", "-wal"):
                if os.path.exists(path + suffix):
                    shutil.copyfile(path + suffix, copy + suffix)
            db = sqlite3.connect(copy)
            try:
                for (plist,) in db.execute("SELECT Z_PLIST FROM Z_METADATA"):
                    if plist:
                        write(out, "metadata-plist", plist)
                for (content,) in db.execute("SELECT Z_CONTENT FROM Z_MODELCACHE"):
                    if content:
                        write(out, "model-cache", content)
            except sqlite3.Error:
                pass
            finally:
                db.close()
    for target in ("model-xml", "metadata-plist", "model-cache", "mapping", "expression", "xcode-mapping", "cdm"):
        folder = os.path.join(out, target)
        os.makedirs(folder, exist_ok=True)
        print(f"{target}: {len(os.listdir(folder))} seeds")


if __name__ == "__main__":
    main(sys.argv[1])
