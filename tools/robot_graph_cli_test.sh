#!/bin/bash
# robot-graph and the conversion commands' --graph end to end: DOT, SVG and
# PNG by the file name, the tree and frames kinds, xacro input (expanded
# through the readers), exit codes (0 drawn, 1 unreadable model, 2 usage or
# I/O), a picture naming every link, the same picture twice, usage errors.
#
# usage: robot_graph_cli_test.sh ROBOT_GRAPH URDF2SDF SDF2URDF SDF2SDF
set -u

RG="${1:?usage: $0 ROBOT_GRAPH URDF2SDF SDF2URDF SDF2SDF}"
U2S="${2:?}"
S2U="${3:?}"
S2S="${4:?}"
URDF="$PWD/testdata/urdf"
TMP="${TEST_TMPDIR:-$(mktemp -d)}/robot_graph"
rm -rf "$TMP" && mkdir -p "$TMP"
failures=0
fail() {
  echo "FAIL: $*" >&2
  failures=$((failures + 1))
}
links_of() { grep -o '<link name="[^"]*"' "$1" | sed 's/<link name="//; s/"$//'; }

# DOT on standard output by default, the same text twice, every link named.
"$RG" "$URDF/joint_types.urdf" >"$TMP/a.dot" 2>"$TMP/err" || fail "dot: exit $?: $(cat "$TMP/err")"
"$RG" "$URDF/joint_types.urdf" >"$TMP/b.dot" 2>/dev/null
cmp -s "$TMP/a.dot" "$TMP/b.dot" || fail "dot: two runs differ"
head -1 "$TMP/a.dot" | grep -q '^digraph ' || fail "dot: not a digraph: $(head -1 "$TMP/a.dot")"
for l in $(links_of "$URDF/joint_types.urdf"); do
  grep -q "label=\"$l\\\\n" "$TMP/a.dot" || fail "dot: link $l not drawn"
done

# SVG and PNG by the -o name.
"$RG" "$URDF/joint_types.urdf" -o "$TMP/a.svg" 2>"$TMP/err" || fail "svg: exit $?: $(cat "$TMP/err")"
grep -q '<svg' "$TMP/a.svg" || fail "svg: no <svg> element"
for l in $(links_of "$URDF/joint_types.urdf"); do
  grep -q ">$l</text>" "$TMP/a.svg" || fail "svg: link $l not drawn"
done
"$RG" "$URDF/joint_types.urdf" -o "$TMP/a.png" 2>"$TMP/err" || fail "png: exit $?: $(cat "$TMP/err")"
[ "$(head -c 4 "$TMP/a.png" | tail -c 3)" = "PNG" ] || fail "png: not a PNG"

# The frames kind: both graphs.
"$RG" --graph-kind frames "$URDF/joint_types.sdf" >"$TMP/f.dot" 2>"$TMP/err" || fail "frames: exit $?: $(cat "$TMP/err")"
grep -q 'label="attached_to"' "$TMP/f.dot" && grep -q 'label="relative_to"' "$TMP/f.dot" ||
  fail "frames: not both graphs"

# xacro input, with an argument.
"$RG" "$PWD/testdata/xacro/arm.urdf.xacro" length:=2 >"$TMP/x.dot" 2>"$TMP/err" ||
  fail "xacro: exit $?: $(cat "$TMP/err")"
grep -q 'shoulder' "$TMP/x.dot" || fail "xacro: joint shoulder not drawn"
"$RG" "$PWD/testdata/xacro/arm.urdf.xacro" :=2 >/dev/null 2>"$TMP/err"
[ "$?" -eq 2 ] || fail ":=VALUE without a name: exit not 2"
grep -q "argument without a name: :=2" "$TMP/err" || fail ":=VALUE without a name: $(cat "$TMP/err")"

# Errors: a missing file (2), an invalid model (1), usage (2).
"$RG" "$TMP/missing.urdf" >/dev/null 2>"$TMP/err"
[ $? -eq 2 ] || fail "missing: exit not 2"
grep -q '\[IO_ERROR\]' "$TMP/err" || fail "missing: no IO_ERROR: $(cat "$TMP/err")"
printf '<robot name="r"><link name="a"/><joint name="j" type="fixed"><parent link="a"/><child link="nope"/></joint></robot>\n' >"$TMP/bad.urdf"
"$RG" "$TMP/bad.urdf" -o "$TMP/bad.svg" >/dev/null 2>"$TMP/err"
[ $? -eq 1 ] || fail "bad: exit not 1: $(cat "$TMP/err")"
[ -e "$TMP/bad.svg" ] && fail "bad: a picture written"
"$RG" "$URDF/joint_types.urdf" -o "$TMP/a.pdf" >/dev/null 2>&1
[ $? -eq 2 ] || fail "a .pdf name: exit not 2"
"$RG" --graph-kind pose "$URDF/joint_types.urdf" >/dev/null 2>&1
[ $? -eq 2 ] || fail "--graph-kind pose: exit not 2"

# --graph on each command: the output converted and its picture written.
"$U2S" -q "$URDF/joint_types.urdf" -o "$TMP/jt.sdf" --graph "$TMP/jt.svg" 2>"$TMP/err" ||
  fail "urdf2sdf --graph: exit $?: $(cat "$TMP/err")"
[ -s "$TMP/jt.sdf" ] || fail "urdf2sdf --graph: no output"
grep -q '>puck</text>' "$TMP/jt.svg" || fail "urdf2sdf --graph: link puck not drawn"
grep -q 'planar (carried)' "$TMP/jt.svg" || fail "urdf2sdf --graph: the carried planar joint not drawn"
"$S2U" -q "$PWD/testdata/sdf2urdf/nested.sdf" -o "$TMP/n.urdf" --graph "$TMP/n.dot" 2>"$TMP/err" ||
  fail "sdf2urdf --graph: exit $?: $(cat "$TMP/err")"
grep -q '^digraph' "$TMP/n.dot" || fail "sdf2urdf --graph: no DOT"
"$S2S" -q "$URDF/joint_types.sdf" -o "$TMP/s.sdf" --graph "$TMP/s.dot" --graph-kind frames 2>"$TMP/err" ||
  fail "sdf2sdf --graph: exit $?: $(cat "$TMP/err")"
grep -q 'label="attached_to"' "$TMP/s.dot" || fail "sdf2sdf --graph-kind frames: no attached_to graph"
"$U2S" -q "$PWD/testdata/xacro/arm.urdf.xacro" -o "$TMP/arm.sdf" --graph "$TMP/arm.dot" 2>"$TMP/err" ||
  fail "urdf2sdf xacro --graph: exit $?: $(cat "$TMP/err")"
grep -q 'shoulder' "$TMP/arm.dot" || fail "urdf2sdf xacro --graph: joint shoulder not drawn"
# Usage: --graph-kind alone, --graph with --check, a bad name.
"$U2S" "$URDF/joint_types.urdf" --graph-kind frames >/dev/null 2>&1
[ $? -eq 2 ] || fail "--graph-kind without --graph: exit not 2"
"$U2S" --check "$URDF/joint_types.urdf" --graph "$TMP/c.dot" >/dev/null 2>&1
[ $? -eq 2 ] || fail "--graph with --check: exit not 2"
"$U2S" "$URDF/joint_types.urdf" --graph "$TMP/c.jpg" >/dev/null 2>&1
[ $? -eq 2 ] || fail "--graph c.jpg: exit not 2"
# An invalid input: neither output nor picture.
"$U2S" "$TMP/bad.urdf" -o "$TMP/bad.sdf" --graph "$TMP/bad2.svg" >/dev/null 2>&1
[ $? -eq 1 ] || fail "urdf2sdf bad --graph: exit not 1"
[ -e "$TMP/bad.sdf" ] || [ -e "$TMP/bad2.svg" ] && fail "urdf2sdf bad --graph: something written"

if [ "$failures" -ne 0 ]; then
  echo "$failures failure(s)"
  exit 1
fi
echo "PASS"
