#!/bin/bash
# The xacro command: NAME:=VALUE arguments, -o written whole, --deps,
# --package for $(find), the package enclosing the input found with no
# configuration, exit codes (0, 1 with a coded file:line diagnostic and no
# output file, 2 for usage), and the output the goldens in
# xacro/testdata/cases hold (what the reference xacro prints).
#
# usage: xacro_cli_test.sh XACRO
set -u
XACRO="$(cd "$(dirname "${1:?}")" && pwd)/$(basename "$1")"
TMP="${TEST_TMPDIR:-$(mktemp -d)}/xacro_cli"
rm -rf "$TMP" && mkdir -p "$TMP"
cp -rL "$PWD/xacro/testdata/cases" "$TMP/cases"
unset ROS_PACKAGE_PATH AMENT_PREFIX_PATH
failures=0
fail() {
  echo "FAIL: $*" >&2
  failures=$((failures + 1))
}

# The golden, to standard output and to -o.
(cd "$TMP/cases" && "$XACRO" macros.xacro given:=cmdline >"$TMP/out" 2>"$TMP/err") ||
  fail "macros: exit $?: $(cat "$TMP/err")"
cmp -s "$TMP/out" "$TMP/cases/macros.expected" || fail "macros: not the golden: $(diff "$TMP/out" "$TMP/cases/macros.expected")"
(cd "$TMP/cases" && "$XACRO" args.xacro given:=cmdline -o "$TMP/args.urdf") || fail "args -o: exit $?"
cmp -s "$TMP/args.urdf" "$TMP/cases/args.expected" || fail "args -o: not the golden"

# --deps: the files read, space separated.
(cd "$TMP/cases" && "$XACRO" --deps include.xacro >"$TMP/deps") || fail "--deps: exit $?"
[ "$(cat "$TMP/deps")" = "inc/defs.xacro inc/glob_a.xacro inc/glob_b.xacro inc/leaf.xacro inc/missing.xacro" ] ||
  fail "--deps: $(cat "$TMP/deps")"

# $(find): --package, and the package enclosing the input.
mkdir -p "$TMP/ws/my_pkg/urdf" "$TMP/ws/other/urdf"
cat >"$TMP/ws/my_pkg/package.xml" <<'X'
<package format="3"><name>my_pkg</name></package>
X
cat >"$TMP/ws/my_pkg/urdf/robot.urdf.xacro" <<'X'
<robot name="r" xmlns:xacro="http://www.ros.org/wiki/xacro">
  <xacro:include filename="$(find my_pkg)/urdf/part.xacro"/>
  <xacro:include filename="$(find other)/urdf/other.xacro"/>
  <xacro:part/>
</robot>
X
cat >"$TMP/ws/my_pkg/urdf/part.xacro" <<'X'
<robot xmlns:xacro="http://www.ros.org/wiki/xacro"><xacro:macro name="part" params=""><link name="part"/></xacro:macro></robot>
X
cat >"$TMP/ws/other/urdf/other.xacro" <<'X'
<robot><link name="other"/></robot>
X
"$XACRO" "$TMP/ws/my_pkg/urdf/robot.urdf.xacro" >"$TMP/out" 2>"$TMP/err" && fail "unknown package: exit 0"
grep -qF "robot.urdf.xacro:3: error: package 'other' not found" "$TMP/err" || fail "unknown package: $(cat "$TMP/err")"
grep -qF "[XACRO_PACKAGE_NOT_FOUND]" "$TMP/err" || fail "unknown package code: $(cat "$TMP/err")"
"$XACRO" "$TMP/ws/my_pkg/urdf/robot.urdf.xacro" --package "other=$TMP/ws/other" >"$TMP/out" 2>"$TMP/err" ||
  fail "--package: exit $?: $(cat "$TMP/err")"
grep -qF '<link name="part"/>' "$TMP/out" || fail "--package: no part"
grep -qF '<link name="other"/>' "$TMP/out" || fail "--package: no other"

# An error: exit 1, file:line and code, no output file (an old one kept).
echo old >"$TMP/kept.urdf"
cat >"$TMP/bad.xacro" <<'X'
<robot xmlns:xacro="http://www.ros.org/wiki/xacro">
  <link/>
  <xacro:if value="maybe"/>
</robot>
X
"$XACRO" "$TMP/bad.xacro" -o "$TMP/kept.urdf" 2>"$TMP/err"
status=$?
[ $status -eq 1 ] || fail "bad: exit $status"
grep -qF "bad.xacro:3: error:" "$TMP/err" || fail "bad: $(cat "$TMP/err")"
grep -qF "[XACRO_CONDITION_INVALID]" "$TMP/err" || fail "bad code: $(cat "$TMP/err")"
[ "$(cat "$TMP/kept.urdf")" = old ] || fail "bad: the output file was touched"
"$XACRO" "$TMP/bad.xacro" -o "$TMP/new.urdf" 2>/dev/null
[ -e "$TMP/new.urdf" ] && fail "bad: an output file was written"

# Usage errors: exit 2.
"$XACRO" 2>/dev/null; [ $? -eq 2 ] || fail "no input: not exit 2"
"$XACRO" --bogus "$TMP/bad.xacro" 2>/dev/null; [ $? -eq 2 ] || fail "unknown flag: not exit 2"
"$XACRO" "$TMP/nowhere.xacro" 2>/dev/null; [ $? -eq 2 ] || fail "missing input: not exit 2"

[ $failures -eq 0 ] && echo PASS
exit $((failures > 0))
