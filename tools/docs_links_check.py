#!/usr/bin/env python3
"""Every relative link of README.md and docs/*.md names an existing file, and
every #anchor an existing heading of that file (GitHub's anchor rules).

Usage: docs_links_check.py [ROOT | ROOT/README.md]  (default: the directory
above this script). A README.md given (as //tools:docs_links_test gives
its runfile) stands for the source tree it is a link into, so that links to
any file of the repository are checked. Prints each broken link as
FILE:LINE: message, and each docs/ page the README does not link to, and
exits 1 if there is one. It first checks itself on a small tree with one
problem of each kind.
"""
import os
import re
import sys
import tempfile
import unicodedata

LINK = re.compile(r"(?<!\!)\[([^\]]*)\]\(([^)\s]+)\)")


def slug(heading):
    """GitHub's anchor of a heading's text (github-slugger)."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # links: their text
    text = text.replace("`", "").strip().lower()
    kept = "".join(
        ch for ch in text
        if ch in "-_ " or unicodedata.category(ch)[0] in "LNM")
    return kept.replace(" ", "-")


def outside_fences(text):
    """(line number, line) of the lines outside fenced code blocks."""
    fence = None
    for number, line in enumerate(text.split("\n"), 1):
        stripped = line.lstrip()
        if fence:
            if stripped.startswith(fence):
                fence = None
            continue
        if stripped.startswith("```") or stripped.startswith("~~~"):
            fence = stripped[:3]
            continue
        yield number, line


def prose_lines(text):
    """outside_fences, with inline code spans blanked."""
    for number, line in outside_fences(text):
        yield number, re.sub(r"`[^`]*`", "``", line)


def anchors(text):
    """The anchors of a Markdown file's headings, with GitHub's -1, -2 ... for
    repeated ones."""
    seen = {}
    result = set()
    for _, line in outside_fences(text):
        m = re.match(r"#{1,6}\s+(.*?)\s*#*\s*$", line)
        if not m:
            continue
        base = slug(m.group(1))
        n = seen.get(base, 0)
        seen[base] = n + 1
        result.add(base if n == 0 else "%s-%d" % (base, n))
    return result


def documents(root):
    docs = [os.path.join(root, "README.md")]
    docs_dir = os.path.join(root, "docs")
    if os.path.isdir(docs_dir):
        docs += sorted(os.path.join(docs_dir, f) for f in os.listdir(docs_dir)
                       if f.endswith(".md"))
    return docs


def check(root):
    """The broken links, as FILE:LINE: message strings."""
    problems = []
    cache = {}

    def anchors_of(path):
        if path not in cache:
            with open(path, encoding="utf-8") as f:
                cache[path] = anchors(f.read())
        return cache[path]

    for doc in documents(root):
        with open(doc, encoding="utf-8") as f:
            text = f.read()
        rel = os.path.relpath(doc, root)
        for number, line in prose_lines(text):
            for m in LINK.finditer(line):
                target = m.group(2)
                if re.match(r"[a-z][a-z0-9+.-]*:", target):
                    continue  # http:, https:, mailto: ...
                path, _, anchor = target.partition("#")
                where = os.path.normpath(
                    os.path.join(os.path.dirname(doc), path)) if path else doc
                if not os.path.exists(where):
                    problems.append("%s:%d: link to %s: no such file" %
                                    (rel, number, target))
                    continue
                if anchor and where.endswith(".md") and \
                        anchor not in anchors_of(where):
                    problems.append("%s:%d: link to %s: %s has no heading "
                                    "with anchor #%s" %
                                    (rel, number, target,
                                     os.path.relpath(where, root), anchor))
    return problems


def unreachable(root):
    """docs/*.md pages no link of README.md names."""
    readme = os.path.join(root, "README.md")
    with open(readme, encoding="utf-8") as f:
        text = f.read()
    named = set()
    for _, line in prose_lines(text):
        for m in LINK.finditer(line):
            path = m.group(2).partition("#")[0]
            if path:
                named.add(os.path.normpath(os.path.join(root, path)))
    return ["README.md: no link to %s" % os.path.relpath(d, root)
            for d in documents(root)[1:] if os.path.normpath(d) not in named]


def self_test():
    """The checker finds a missing file, a missing anchor and an unreachable
    page, and accepts GitHub's anchors of repeated and non-ASCII headings."""
    with tempfile.TemporaryDirectory() as root:
        os.mkdir(os.path.join(root, "docs"))
        files = {
            "README.md": "# T\n[a](docs/a.md#x--y-z) [b](docs/a.md#notes-1)\n"
                         "[c](docs/missing.md) [d](docs/a.md#nowhere)\n"
                         "`[e](docs/b.md)` [f](https://example.org/x)\n",
            "docs/a.md": "# A\n## X → `y` z\n## Notes\n## Notes\n"
                         "```\n[g](nothing.md)\n```\n[h](../README.md#t)\n",
            "docs/b.md": "# B\n",
        }
        for name, text in files.items():
            with open(os.path.join(root, name), "w", encoding="utf-8") as f:
                f.write(text)
        found = check(root) + unreachable(root)
        expected = [
            "README.md:3: link to docs/missing.md: no such file",
            "README.md:3: link to docs/a.md#nowhere: docs/a.md has no "
            "heading with anchor #nowhere",
            "README.md: no link to docs/b.md",
        ]
        if found != expected:
            print("self-test failed:\n  found    %s\n  expected %s" %
                  (found, expected))
            return False
    return True


def main(argv):
    if len(argv) > 1:
        root = argv[1]
        if os.path.isfile(root):
            root = os.path.dirname(os.path.realpath(root))
    else:
        root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    if not self_test():
        return 1
    problems = check(root) + unreachable(root)
    for p in problems:
        print(p)
    print("%d documents, %d broken links or unreachable pages" %
          (len(documents(root)), len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
