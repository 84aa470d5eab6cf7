#!/bin/bash
# sdf2sdf end to end: each fixture in testdata/sdf/migrate converts byte for
# byte to its golden (NAME.1_7.sdf; NAME.parity.sdf with --urdf-parity),
# every golden loads in libsdformat without errors, a model that is not a
# tree is refused by --urdf-parity with the reason, and the shared command
# line conventions hold (exit codes, -o, stdin, --check).
#
# usage: sdf2sdf_cli_test.sh PATH/TO/sdf2sdf PATH/TO/sdformat_dump
set -u

BIN="${1:?usage: $0 SDF2SDF SDFORMAT_DUMP}"
DUMP="${2:?usage: $0 SDF2SDF SDFORMAT_DUMP}"
FIX="$PWD/testdata/sdf/migrate"
TMP="${TEST_TMPDIR:-$(mktemp -d)}/sdf2sdf"
rm -rf "$TMP" && mkdir -p "$TMP"
failures=0
fail() {
  echo "FAIL: $*" >&2
  failures=$((failures + 1))
}

for golden in "$FIX"/*.1_7.sdf "$FIX"/*.parity.sdf; do
  name=$(basename "$golden")
  input="$FIX/${name%%.*}.sdf"
  flags=()
  case "$name" in *.parity.sdf) flags=(--urdf-parity) ;; esac
  "$BIN" "${flags[@]}" "$input" >"$TMP/out.sdf" 2>"$TMP/err"
  rc=$?
  [ "$rc" -eq 0 ] || fail "$name: exit $rc: $(cat "$TMP/err")"
  cmp -s "$golden" "$TMP/out.sdf" ||
    fail "$name differs: $(diff "$golden" "$TMP/out.sdf" | head -20)"
  "$DUMP" --quiet --errors-only "$golden" >"$TMP/dump" 2>&1 ||
    fail "$name: libsdformat: $(cat "$TMP/dump")"
done

# Not a tree: refused, named, nothing written.
"$BIN" --urdf-parity "$FIX/not_a_tree.sdf" -o "$TMP/loop.sdf" 2>"$TMP/err"
rc=$?
[ "$rc" -eq 1 ] || fail "not_a_tree: exit $rc, expected 1"
grep -q "not_a_tree.sdf:[0-9]*: error: link 'crank' is the child of joints 'j1' and 'j3' \[PARITY_MULTIPLE_PARENTS\]" "$TMP/err" ||
  fail "not_a_tree: diagnostic: $(cat "$TMP/err")"
[ ! -e "$TMP/loop.sdf" ] || fail "not_a_tree: wrote output"
# ... but it is valid SDFormat.
"$BIN" --check "$FIX/not_a_tree.sdf" >"$TMP/out" 2>"$TMP/err" ||
  fail "not_a_tree --check: $(cat "$TMP/err")"
[ ! -s "$TMP/out" ] || fail "--check wrote to stdout"

# stdin in, -o out, warnings on stderr with file:line.
"$BIN" -o "$TMP/w.sdf" <"$FIX/legacy_1_6_frames.sdf" 2>"$TMP/err" ||
  fail "stdin: exit $?"
cmp -s "$FIX/legacy_1_6_frames.1_7.sdf" "$TMP/w.sdf" || fail "stdin -o output differs"
grep -q '^<stdin>:17: warning: .*\[JOINT_RENAMED\]$' "$TMP/err" ||
  fail "stdin warning: $(cat "$TMP/err")"

# Invalid input: exit 1, error with line and code.
printf '<sdf version="1.7"><model name="m"><link name="a"/><frame name="f" attached_to="nope"/></model></sdf>' >"$TMP/bad.sdf"
"$BIN" "$TMP/bad.sdf" >"$TMP/out" 2>"$TMP/err"
rc=$?
[ "$rc" -eq 1 ] || fail "bad: exit $rc, expected 1"
grep -q "bad.sdf:1: error: frame 'f' is attached_to 'nope'.*\[FRAME_ATTACHED_TO_INVALID\]" "$TMP/err" ||
  fail "bad: diagnostic: $(cat "$TMP/err")"
[ ! -s "$TMP/out" ] || fail "bad: wrote output"

# Include cycles through other spellings of one path (issue 19, item 3):
# exit 1, INCLUDE_CYCLE, nothing written.
mkdir -p "$TMP/cycle"
printf '<sdf version="1.9"><model name="x"><link name="l"/><include><uri>./x.sdf</uri><name>a</name></include><include><uri>././x.sdf</uri><name>b</name></include></model></sdf>' >"$TMP/cycle/x.sdf"
"$BIN" "$TMP/cycle/x.sdf" -o "$TMP/cycle.out" 2>"$TMP/err"
rc=$?
[ "$rc" -eq 1 ] || fail "include cycle: exit $rc, expected 1"
grep -q "x.sdf:1: error: <include> of './x.sdf' .*\[INCLUDE_CYCLE\]" "$TMP/err" ||
  fail "include cycle: diagnostic: $(cat "$TMP/err")"
[ ! -e "$TMP/cycle.out" ] || fail "include cycle: wrote output"

# A diamond of 25 files each including the next twice (2^24 instances):
# refused by the expansion limit, exit 1, within seconds (the reader test
# checks the time and memory bound of the read itself).
mkdir -p "$TMP/diamond"
for i in $(seq 0 24); do
  inc=""
  [ "$i" -lt 24 ] && inc="<include><uri>d$((i + 1)).sdf</uri><name>a</name></include><include><uri>d$((i + 1)).sdf</uri><name>b</name></include>"
  printf '<sdf version="1.9"><model name="m%s"><link name="l"/>%s</model></sdf>' "$i" "$inc" >"$TMP/diamond/d$i.sdf"
done
timeout 20 "$BIN" "$TMP/diamond/d0.sdf" -o "$TMP/diamond.out" 2>"$TMP/err"
rc=$?
[ "$rc" -eq 1 ] || fail "include diamond: exit $rc, expected 1"
grep -q "d[0-9]*.sdf:1: error: <include> of 'd[0-9]*.sdf' makes the document hold more than 100000 models and links .*\[INCLUDE_EXPANSION_TOO_LARGE\]" "$TMP/err" ||
  fail "include diamond: diagnostic: $(head -c 2000 "$TMP/err")"
[ ! -e "$TMP/diamond.out" ] || fail "include diamond: wrote output"

# Usage and I/O errors: exit 2.
"$BIN" --no-such-flag >/dev/null 2>&1; [ $? -eq 2 ] || fail "unknown flag: not exit 2"
"$BIN" "$TMP/missing.sdf" >/dev/null 2>&1; [ $? -eq 2 ] || fail "missing file: not exit 2"
"$BIN" --model-path >/dev/null 2>&1; [ $? -eq 2 ] || fail "--model-path without dir: not exit 2"

if [ "$failures" -ne 0 ]; then
  echo "$failures failure(s)" >&2
  exit 1
fi
echo "PASS"
