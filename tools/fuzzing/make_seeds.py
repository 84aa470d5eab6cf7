#!/usr/bin/env python3
"""Builds the fuzz targets' seed corpora from testdata/ and ../shared/corpus.

Run once from the repository root: python3 tools/fuzzing/make_seeds.py.
The seeds were then run through the fuzzers and minimized with libFuzzer's
-set_cover_merge=1 (tools/fuzzing/run_fuzzers.sh --merge), which is what is checked in;
rerunning this only adds seeds. An SDF seed with includes is packed in the
file-set form of testing/fuzzing/fuzz_support.h: the main file, then for each
included file a line "@@@ NAME" and its text, NAME relative to the main
file's directory (model://M becomes M/, found in the fuzz file set, which is
the only model path).
"""
import hashlib
import os
import re
import sys

ROOT = os.getcwd()
CORPUS = os.path.join(ROOT, "..", "shared", "corpus")
MAX = 8192


def read(p):
    with open(p, "rb") as f:
        return f.read()


def put(dest, data):
    if len(data) > MAX:
        return
    os.makedirs(dest, exist_ok=True)
    name = hashlib.sha1(data).hexdigest()
    with open(os.path.join(dest, name), "wb") as f:
        f.write(data)


def pack_sdf(main, model_dirs):
    """main's text and its includes (files under main's directory, model://
    names in model_dirs), or None when an include cannot be packed."""
    base = os.path.dirname(main)
    out = [read(main)]
    seen = set()
    todo = [main]
    while todo:
        f = todo.pop()
        for uri in re.findall(rb"<include[^>]*>.*?<uri>\s*([^<\s]+)\s*</uri>",
                              read(f), re.S):
            uri = uri.decode()
            if uri.startswith("model://"):
                name = uri[len("model://"):].split("/")[0]
                d = next((os.path.join(m, name) for m in model_dirs
                          if os.path.isdir(os.path.join(m, name))), None)
                if not d:
                    return None
                for entry in sorted(os.listdir(d)):
                    p = os.path.join(d, entry)
                    if (entry.endswith((".sdf", ".config")) and p not in seen):
                        seen.add(p)
                        out.append(b"\n@@@ " + (name + "/" + entry).encode() +
                                   b"\n" + read(p))
                        if entry.endswith(".sdf"):
                            todo.append(p)
                continue
            if uri.startswith("file://"):
                uri = uri[len("file://"):]
            if uri.startswith("http"):
                return None
            p = os.path.normpath(os.path.join(os.path.dirname(f), uri))
            rel = os.path.relpath(p, base)
            if rel.startswith("..") or not os.path.isfile(p):
                return None
            if p not in seen:
                seen.add(p)
                out.append(b"\n@@@ " + rel.encode() + b"\n" + read(p))
                todo.append(p)
    return b"".join(out)


def files(top, ext):
    for d, _, names in sorted(os.walk(top)):
        for n in sorted(names):
            if n.endswith(ext):
                yield os.path.join(d, n)


def main():
    urdfs = list(files("testdata/urdf", ".urdf")) + list(
        files(CORPUS, ".urdf"))[:400:8]
    sdfs = [p for p in files("testdata/sdf", ".sdf")
            if "/models/" not in p] + list(files(CORPUS, ".sdf"))[::12]
    xml_dir = "fuzzing/xml_dom_fuzz/corpus"
    for p in urdfs[:20] + sdfs[:20]:
        put(xml_dir, read(p))
    for extra in [
        b'<?xml version="1.0"?>\n<!DOCTYPE robot [ <!ENTITY a "b"> ]>\n<robot name="&a;"/>',
        b'<!DOCTYPE robot SYSTEM "x.dtd"><robot/>',
        b"<a><![CDATA[ <x> & ]]><!-- c --><?pi x?><b c='&lt;&#65;&#x42;'/></a>",
    ]:
        put(xml_dir, extra)
    for p in urdfs:
        put("fuzzing/urdf_io_reader_fuzz/corpus", read(p))
        put("fuzzing/converter_urdf_to_sdf_fuzz/corpus", read(p))
    model_dirs = ["testdata/sdf/reader/models",
                  os.path.join(CORPUS, "px4-gazebo-models", "models"),
                  os.path.join(CORPUS, "gazebo_models")]
    for p in sdfs + list(files(os.path.join(CORPUS, "px4-gazebo-models",
                                            "worlds"), ".sdf"))[:4]:
        packed = pack_sdf(p, model_dirs)
        if packed is None:
            continue
        for dest in ["fuzzing/sdf_io_reader_fuzz/corpus",
                     "fuzzing/converter_sdf_to_urdf_fuzz/corpus",
                     "fuzzing/converter_sdf_to_sdf_fuzz/corpus"]:
            put(dest, packed)


if __name__ == "__main__":
    sys.exit(main())
