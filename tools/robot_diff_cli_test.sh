#!/bin/bash
# robot-diff and --verify end to end: exit codes (0 equal, 1 different, 2
# usage or unreadable input), differences as file:line: error: message
# [CODE] with the verdict after them, JSON lines, --map, --help's defaults;
# urdf2sdf/sdf2urdf/sdf2sdf --verify writing the output only when it reads
# back equal (VERIFY_FAILED, exit 1, nothing written otherwise).
#
# usage: robot_diff_cli_test.sh ROBOT_DIFF URDF2SDF SDF2URDF SDF2SDF
set -u

DIFF="${1:?usage: $0 ROBOT_DIFF URDF2SDF SDF2URDF SDF2SDF}"
U2S="${2:?}"
S2U="${3:?}"
S2S="${4:?}"
URDF="$PWD/testdata/urdf"
SDF2URDF="$PWD/testdata/sdf2urdf"
TMP="${TEST_TMPDIR:-$(mktemp -d)}/robot_diff"
rm -rf "$TMP" && mkdir -p "$TMP"
failures=0
fail() {
  echo "FAIL: $*" >&2
  failures=$((failures + 1))
}

# Equal: a URDF and its checked-in SDFormat, plain and lumped.
for sdf in fixed_chain.sdf fixed_chain.lumped.sdf; do
  "$DIFF" -q "$URDF/fixed_chain.urdf" "$URDF/$sdf" >"$TMP/out" 2>"$TMP/err"
  rc=$?
  [ "$rc" -eq 0 ] || fail "$sdf: exit $rc, expected 0: $(cat "$TMP/out" "$TMP/err")"
  grep -q "are equal$" "$TMP/out" || fail "$sdf: no verdict: $(cat "$TMP/out")"
done

# One joint origin moved by 1 mm: found at its line, then the verdict.
sed 's|<origin xyz="0 0 0.1"/>|<origin xyz="0 0 0.101"/>|' "$URDF/fixed_chain.urdf" >"$TMP/moved.urdf"
cmp -s "$URDF/fixed_chain.urdf" "$TMP/moved.urdf" && fail "the fixture changed: nothing to move"
"$DIFF" -q "$URDF/fixed_chain.sdf" "$TMP/moved.urdf" >"$TMP/out" 2>"$TMP/err"
rc=$?
[ "$rc" -eq 1 ] || fail "moved: exit $rc, expected 1: $(cat "$TMP/out" "$TMP/err")"
grep -q "fixed_chain.sdf:[0-9]*: error: .* is 0.001 m and 0 rad from its place in .*moved.urdf (.*moved.urdf:[0-9]*).* \[DIFF_POSE\]" "$TMP/out" ||
  fail "moved: no DIFF_POSE line: $(cat "$TMP/out")"
tail -1 "$TMP/out" | grep -q "differ: [0-9]* difference(s)$" || fail "moved: verdict: $(tail -1 "$TMP/out")"

# JSON: one object a line, the verdict last.
"$DIFF" -q --diagnostics-format json "$URDF/fixed_chain.sdf" "$TMP/moved.urdf" >"$TMP/out" 2>"$TMP/err"
[ "$?" -eq 1 ] || fail "json: exit not 1"
grep -q '"code": "DIFF_POSE"' "$TMP/out" || fail "json: no DIFF_POSE object: $(cat "$TMP/out")"
tail -1 "$TMP/out" | grep -q '^{"verdict": "different", "differences": [0-9]*}$' ||
  fail "json: verdict: $(tail -1 "$TMP/out")"

# Tolerances: 1 mm is within --tol-position 0.002.
"$DIFF" -q --tol-position 0.002 "$URDF/fixed_chain.sdf" "$TMP/moved.urdf" >"$TMP/out" 2>&1
[ "$?" -eq 0 ] || fail "--tol-position 0.002: $(cat "$TMP/out")"

# --map: a link renamed in B.
sed 's/"jaw"/"gripper_jaw"/g' "$URDF/fixed_chain.urdf" >"$TMP/renamed.urdf"
if ! cmp -s "$URDF/fixed_chain.urdf" "$TMP/renamed.urdf"; then
  "$DIFF" -q "$URDF/fixed_chain.urdf" "$TMP/renamed.urdf" >"$TMP/out" 2>&1
  [ "$?" -eq 1 ] && grep -q DIFF_ELEMENT_MISSING "$TMP/out" || fail "renamed without --map: $(cat "$TMP/out")"
  printf "# A  B\njaw gripper_jaw\n" >"$TMP/names.map"
  "$DIFF" -q --map "$TMP/names.map" "$URDF/fixed_chain.urdf" "$TMP/renamed.urdf" >"$TMP/out" 2>&1
  [ "$?" -eq 0 ] || fail "renamed with --map: $(cat "$TMP/out")"
else
  fail "fixed_chain.urdf has no link 'jaw' to rename"
fi
printf 'a b c\n' >"$TMP/bad.map"
"$DIFF" --map "$TMP/bad.map" "$URDF/fixed_chain.urdf" "$URDF/fixed_chain.sdf" >"$TMP/out" 2>"$TMP/err"
[ "$?" -eq 2 ] || fail "bad map: exit not 2"
grep -q "bad.map:1: error: .*\[DIFF_MAP_INVALID\]" "$TMP/err" || fail "bad map: $(cat "$TMP/err")"

# Usage and unreadable input: exit 2.
"$DIFF" "$URDF/fixed_chain.urdf" >/dev/null 2>"$TMP/err"
[ "$?" -eq 2 ] || fail "one file: exit not 2"
"$DIFF" "$URDF/fixed_chain.urdf" "$TMP/missing.sdf" >/dev/null 2>"$TMP/err"
[ "$?" -eq 2 ] && grep -q "IO_ERROR" "$TMP/err" || fail "missing file: $(cat "$TMP/err")"
"$DIFF" --samples x a b >/dev/null 2>&1
[ "$?" -eq 2 ] || fail "--samples x: exit not 2"
"$DIFF" --help >"$TMP/help"
for default in "(default 1e-6)" "(default 20)"; do
  grep -qF "$default" "$TMP/help" || fail "--help lacks $default"
done

# --verify: written when equal ...
"$U2S" -q --verify "$URDF/fixed_chain.urdf" -o "$TMP/v.sdf" 2>"$TMP/err"
[ "$?" -eq 0 ] && [ -s "$TMP/v.sdf" ] || fail "urdf2sdf --verify: $(cat "$TMP/err")"
"$S2S" -q --verify "$URDF/fixed_chain.sdf" -o "$TMP/v2.sdf" 2>"$TMP/err"
[ "$?" -eq 0 ] && [ -s "$TMP/v2.sdf" ] || fail "sdf2sdf --verify: $(cat "$TMP/err")"
"$S2U" -q --verify "$SDF2URDF/frames.sdf" -o "$TMP/v.urdf" 2>"$TMP/err"
[ "$?" -eq 0 ] && [ -s "$TMP/v.urdf" ] || fail "sdf2urdf --verify: $(cat "$TMP/err")"
# ... and not when the output differs: --no-frames leaves the frames out.
"$S2U" -q --verify --no-frames "$SDF2URDF/frames.sdf" -o "$TMP/nf.urdf" 2>"$TMP/err"
rc=$?
[ "$rc" -eq 1 ] || fail "--verify --no-frames: exit $rc, expected 1"
[ -e "$TMP/nf.urdf" ] && fail "--verify --no-frames: the output was written"
grep -q "nf.urdf: error: --verify: the output read back differs .*\[VERIFY_FAILED\]" "$TMP/err" ||
  fail "--verify --no-frames: no VERIFY_FAILED: $(cat "$TMP/err")"
grep -q "frames.sdf:[0-9]*: error: frame '.*' of .* is not in .*nf.urdf \[DIFF_ELEMENT_MISSING\]" "$TMP/err" ||
  fail "--verify --no-frames: the missing frame is not named: $(cat "$TMP/err")"
# xacro sides, expanded with the NAME:=VALUE arguments: equal to the
# expansion they stand for; with other arguments, the differences located
# at the xacro lines that wrote the elements; arguments without a xacro
# side are a usage error.
XACRO="$PWD/testdata/xacro"
"$DIFF" -q "$XACRO/arm.urdf.xacro" "$XACRO/arm.length2.sdf" length:=2 >"$TMP/out" 2>"$TMP/err"
rc=$?
[ "$rc" -eq 0 ] || fail "xacro length:=2: exit $rc, expected 0: $(cat "$TMP/out" "$TMP/err")"
"$DIFF" -q "$XACRO/arm.length2.urdf" "$XACRO/arm.urdf.xacro" >"$TMP/out" 2>"$TMP/err"
rc=$?
[ "$rc" -eq 1 ] || fail "xacro default length: exit $rc, expected 1: $(cat "$TMP/out" "$TMP/err")"
grep -q "arm_macros.xacro:14: error: joint 'shoulder' .*(in macro 'hinge' called at .*arm.urdf.xacro:8) \[DIFF_POSE\]" "$TMP/out" &&
  fail "xacro as B: a difference located in A is at a xacro line: $(cat "$TMP/out")"
"$DIFF" -q "$XACRO/arm.urdf.xacro" "$XACRO/arm.length2.urdf" >"$TMP/out" 2>"$TMP/err"
grep -q "arm_macros.xacro:14: error: joint 'shoulder' .*(in macro 'hinge' called at .*arm.urdf.xacro:8) \[DIFF_POSE\]" "$TMP/out" ||
  fail "xacro as A: the difference is not at the xacro line: $(cat "$TMP/out")"
"$DIFF" -q "$URDF/fixed_chain.urdf" "$URDF/fixed_chain.sdf" length:=2 >/dev/null 2>&1
[ "$?" -eq 2 ] || fail "NAME:=VALUE without a xacro side: exit not 2"
"$DIFF" -q "$XACRO/arm.urdf.xacro" "$XACRO/arm.length2.sdf" :=2 >/dev/null 2>"$TMP/err"
[ "$?" -eq 2 ] || fail ":=VALUE without a name: exit not 2"
grep -q "argument without a name: :=2" "$TMP/err" || fail ":=VALUE without a name: $(cat "$TMP/err")"

# A xacro input is verified against its expansion with the same arguments
# (read as the conversion reads it, not as its raw text).
"$U2S" -q --verify "$PWD/testdata/xacro/arm.urdf.xacro" length:=2 -o "$TMP/x.sdf" 2>"$TMP/err"
[ "$?" -eq 0 ] && [ -s "$TMP/x.sdf" ] || fail "urdf2sdf --verify of a xacro: $(cat "$TMP/err")"
"$U2S" --check --verify "$URDF/fixed_chain.urdf" >/dev/null 2>&1
[ "$?" -eq 2 ] || fail "--check --verify: exit not 2"

[ "$failures" -eq 0 ] && echo "PASS" || echo "$failures failure(s)"
[ "$failures" -eq 0 ]
