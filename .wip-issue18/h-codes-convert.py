#!/usr/bin/env python3
"""Converts string diagnostic codes to frames::Code enumerators (issue 18).

Usage: python3 /work/h-codes-convert.py TREE_ROOT [--no-format]

Idempotent: run it again on a tree (or after merging a branch that still
writes string codes) and it converts only what is left. It reads the code
names from TREE_ROOT/frames/codes.def, so add new codes there first (it lists
unregistered ones it finds in diagnostic calls).

What it converts, in every .cc/.h under TREE_ROOT (not third_party/, bazel-*):
 1. Reporter bound to the node (sdf_io / urdf_io / xml readers):
      X.diags->Error("CODE", msg, X.At(node))  ->  X.Error(node, Code::CODE, msg)
    (and Warning), X being any `ctx_`/`ctx`-like object with .diags and .At.
 2. A registered code literal "CODE" in a diagnostic argument position:
    the first argument of Error/Warning/Has/ReportUnresolved/NotApplied/
    io_error/end(...,"CODE") calls, both branches of a ternary there, and
    comparisons `code == "CODE"` / `.code != "CODE"`.
    Inside namespace frames it writes Code::CODE, elsewhere frames::Code::CODE.
 3. Re-formats only the changed lines with clang-format (Google style), unless
    --no-format.

It prints every registered code literal it left alone (file:line) and every
unregistered UPPER_CASE literal it found as a diagnostic code: those are for
a human (helper functions taking `const char* code`, tests' string lists).
"""
import os
import re
import subprocess
import sys

CALLS_FIRST_ARG = {
    "Error", "Warning", "Has", "ReportUnresolved", "NotApplied", "io_error",
    "Report",
}
# Calls whose code is a later argument: name -> argument index.
CALLS_ARG = {"end": 2}


def load_codes(root):
    text = open(os.path.join(root, "frames/codes.def")).read()
    return set(re.findall(r"^CODE\((\w+),", text, re.M))


def skip_string(s, i):
    """s[i] is a quote; returns the index after the closing quote."""
    q = s[i]
    if q == '"' and i > 0 and s[i - 1] == "R":  # raw string R"delim(...)delim"
        j = s.index("(", i)
        delim = s[i + 1:j]
        end = s.index(")" + delim + '"', j)
        return end + len(delim) + 2
    i += 1
    while s[i] != q:
        i += 2 if s[i] == "\\" else 1
    return i + 1


def split_args(s, open_paren):
    """Arguments of the call whose '(' is at open_paren: list of (start, end)
    spans and the index of the closing ')'. None if unbalanced."""
    depth = 0
    args = []
    start = open_paren + 1
    i = open_paren
    n = len(s)
    while i < n:
        c = s[i]
        if c in "\"'":
            if c == "'" and i > 0 and (s[i - 1].isalnum()):  # digit separator
                i += 1
                continue
            i = skip_string(s, i)
            continue
        if s.startswith("//", i):
            i = s.index("\n", i)
            continue
        if s.startswith("/*", i):
            i = s.index("*/", i) + 2
            continue
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
            if depth == 0:
                args.append((start, i))
                return args, i
        elif c == "," and depth == 1:
            args.append((start, i))
            start = i + 1
        i += 1
    return None


def code_mask(s):
    """A copy of s with comments blanked (same length), so that regexes do not
    match inside comments."""
    out = list(s)
    i, n = 0, len(s)
    while i < n:
        c = s[i]
        if c in "\"'":
            if c == "'" and i > 0 and s[i - 1].isalnum():
                i += 1
                continue
            i = skip_string(s, i)
            continue
        if s.startswith("//", i):
            j = s.find("\n", i)
            j = n if j < 0 else j
            for k in range(i, j):
                out[k] = " "
            i = j
            continue
        if s.startswith("/*", i):
            j = s.index("*/", i) + 2
            for k in range(i, j):
                if out[k] != "\n":
                    out[k] = " "
            i = j
            continue
        i += 1
    return "".join(out)


LIT = re.compile(r'"([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)"')


class Converter:
    def __init__(self, root, codes):
        self.root = root
        self.codes = codes
        self.unconverted = []
        self.unregistered = []

    def qualified(self, s, name):
        in_frames = re.search(r"^namespace frames \{", s, re.M) is not None
        return ("Code::" if in_frames else "frames::Code::") + name

    def convert_reporter(self, s):
        """X.diags->Error(code, msg, X.At(node)) -> X.Error(node, code, msg)."""
        pat = re.compile(r"\b(\w+)\.diags->(Error|Warning)\(")
        pos = 0
        while True:
            mask = code_mask(s)
            m = pat.search(mask, pos)
            if not m:
                return s
            ctx, fn = m.group(1), m.group(2)
            r = split_args(s, m.end() - 1)
            pos = m.end()
            if not r:
                continue
            args, close = r
            if len(args) != 3:
                continue
            third = s[args[2][0]:args[2][1]].strip()
            at = re.fullmatch(re.escape(ctx) + r"\.At\((.*)\)", third, re.S)
            if not at:
                continue
            node = at.group(1).strip()
            code = s[args[0][0]:args[0][1]].strip()
            msg = s[args[1][0]:args[1][1]].strip()
            new = "%s.%s(%s, %s, %s)" % (ctx, fn, node, code, msg)
            s = s[:m.start()] + new + s[close + 1:]
            pos = m.start() + len(new)

    def convert_code_params(self, s):
        """Production helpers' parameters named `code` that carry a string
        code (`const char* code`, `const std::string& code`) take the enum."""
        pat = re.compile(r'([(,]\s*)(?:const\s+char\s*\*|const\s+std::string\s*&)'
                         r'\s*code(\s*[,)])')
        q = self.qualified(s, "X").rsplit("::", 1)[0]
        return pat.sub(lambda m: m.group(1) + q + " code" + m.group(2), s)

    def convert_literals(self, s, path):
        """Registered code literals in diagnostic positions -> enumerators."""
        targets = []  # (start, end, name) of literals to replace
        mask = code_mask(s)
        call = re.compile(r"(?<![\w])(\w+)\s*\(")
        for m in call.finditer(mask):
            name = m.group(1)
            if name in CALLS_FIRST_ARG:
                index = 0
            elif name in CALLS_ARG:
                index = CALLS_ARG[name]
            else:
                continue
            r = split_args(s, m.end() - 1)
            if not r:
                continue
            args, _ = r
            idx = [index]
            # The reporter form X.Error(node, "CODE", msg): the code is second.
            if name in ("Error", "Warning") and len(args) == 3:
                first = s[args[0][0]:args[0][1]].strip()
                if not LIT.fullmatch(first) and "Code::" not in first:
                    idx = [0, 1]
            for k in idx:
                if k >= len(args):
                    continue
                a0, a1 = args[k]
                arg = s[a0:a1]
                lits = list(LIT.finditer(arg))
                if not lits:
                    continue
                stripped = arg.strip()
                whole = LIT.fullmatch(stripped)
                ternary = re.fullmatch(
                    r'(?s)(.*\?\s*)"(\w+)"(\s*:\s*)"(\w+)"', stripped)
                if whole or ternary:
                    for lm in lits:
                        targets.append((a0 + lm.start(), a0 + lm.end(),
                                        lm.group(1)))
        # constexpr char kCode[] = "CODE";  ->  constexpr Code kCode = Code::CODE;
        decl = re.compile(r'constexpr\s+(?:const\s+)?char\s*(?:\*\s*)?'
                          r'(\w+)\s*(?:\[\])?\s*=\s*"(\w+)";')
        decls = []
        for m in decl.finditer(mask):
            if m.group(2) in self.codes:
                decls.append((m.start(), m.end(), m.group(1), m.group(2)))
        for a, b, var, name in reversed(decls):
            q = self.qualified(s, name)
            new = "constexpr %s %s = %s;" % (q.rsplit("::", 1)[0], var, q)
            s = s[:a] + new + s[b:]
        if decls:
            mask = code_mask(s)
        for m in re.finditer(r'(\bcode|\.code)\s*(==|!=|,)\s*"(\w+)"', mask):
            lit = m.group(3)
            start = m.end() - len(lit) - 2
            targets.append((start, m.end(), lit))
        out = []
        last = 0
        done = set()
        for a, b, name in sorted(set(targets)):
            if name not in self.codes:
                if not LIT.fullmatch('"%s"' % name):
                    continue  # not shaped like a code: some other string
                line = s.count("\n", 0, a) + 1
                self.unregistered.append("%s:%d: %s" % (path, line, name))
                continue
            out.append(s[last:a])
            out.append(self.qualified(s, name))
            last = b
            done.add(a)
        out.append(s[last:])
        s2 = "".join(out)
        # Registered code literals left: for a human.
        mask2 = code_mask(s2)
        for m in LIT.finditer(mask2):
            if m.group(1) in self.codes:
                line = s2.count("\n", 0, m.start()) + 1
                self.unconverted.append("%s:%d: \"%s\"" % (path, line,
                                                           m.group(1)))
        return s2

    def run_file(self, path, fmt):
        full = os.path.join(self.root, path)
        s = open(full).read()
        if path.startswith("frames/diagnostics.") or path.endswith(".def"):
            return False
        t = self.convert_reporter(s)
        if not path.endswith("_test.cc") and "/testing/" not in path:
            t = self.convert_code_params(t)
        t = self.convert_literals(t, path)
        if t == s:
            return False
        open(full, "w").write(t)
        if fmt:
            self.format_changed(full, s, t)
        return True

    def format_changed(self, full, old, new):
        import difflib
        lines = []
        sm = difflib.SequenceMatcher(None, old.split("\n"), new.split("\n"),
                                     autojunk=False)
        for tag, i1, i2, j1, j2 in sm.get_opcodes():
            if tag != "equal" and j2 > j1:
                lines.append("--lines=%d:%d" % (j1 + 1, j2))
        if not lines:
            return
        subprocess.run(["clang-format", "-i", "--style=Google"] + lines +
                       [full], check=True)


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    fmt = "--no-format" not in sys.argv
    if len(args) != 1:
        sys.exit(__doc__)
    root = os.path.abspath(args[0])
    conv = Converter(root, load_codes(root))
    changed = []
    for dirpath, dirnames, filenames in os.walk(root):
        rel = os.path.relpath(dirpath, root)
        dirnames[:] = [d for d in dirnames
                       if not d.startswith("bazel-") and d != "third_party"
                       and not d.startswith(".")]
        for f in sorted(filenames):
            if f.endswith((".cc", ".h")):
                p = os.path.normpath(os.path.join(rel, f))
                if conv.run_file(p, fmt):
                    changed.append(p)
    for p in changed:
        print("converted:", p)
    for u in conv.unregistered:
        print("NOT IN frames/codes.def (add it, re-run):", u)
    tests = [u for u in conv.unconverted
             if "_test.cc:" in u or "/testing/" in u]
    for u in conv.unconverted:
        if u not in tests:
            print("left for a human:", u)
    if tests:
        print("%d code literal(s) left in tests (expected tables of printed "
              "codes: compare them through frames::CodeName(d.code)); "
              "--verbose lists them" % len(tests))
        if "--verbose" in sys.argv:
            for u in tests:
                print("  in a test:", u)


if __name__ == "__main__":
    main()
