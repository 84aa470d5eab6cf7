#!/bin/bash
# Graphviz is loaded only by a command that draws (graph/graphviz_library.h):
# no command executable lists Graphviz's libraries as NEEDED (readelf -d),
# and the dynamic linker's own log (LD_DEBUG=libs) shows a conversion, an
# expansion and a DOT picture running without loading them, while an SVG
# picture loads them (so the log does show a load when there is one).
#
# usage: graphviz_loading_test.sh URDF2SDF SDF2URDF SDF2SDF XACRO ROBOT_GRAPH ROBOT_DIFF MIGRATE
set -u

U2S="${1:?usage: $0 URDF2SDF SDF2URDF SDF2SDF XACRO ROBOT_GRAPH ROBOT_DIFF MIGRATE}"
S2U="${2:?}"
S2S="${3:?}"
XACRO="${4:?}"
RG="${5:?}"
RD="${6:?}"
MIGRATE="${7:?}"
TESTDATA="$PWD/testdata"
TMP="${TEST_TMPDIR:-$(mktemp -d)}/graphviz_loading"
rm -rf "$TMP" && mkdir -p "$TMP"
failures=0
fail() {
  echo "FAIL: $*" >&2
  failures=$((failures + 1))
}
GRAPHVIZ='lib(gvc|cgraph|cdt|pathplan)\.so'

# static BIN: BIN is linked with -static (build_defs/cc.bzl, static_libc):
# no program interpreter, so no dynamic loader that could load Graphviz.
# xacro and robot-diff are, except under the sanitizer configs.
static() {
  ! readelf -l "$1" | grep -q INTERP && ! readelf -d "$1" | grep -q NEEDED
}

# No executable needs Graphviz to start.
command -v readelf >/dev/null || fail "readelf (binutils) not found"
for bin in "$U2S" "$S2U" "$S2S" "$XACRO" "$RG" "$RD" "$MIGRATE"; do
  if static "$bin"; then
    case "$bin" in
      "$XACRO" | "$RD") continue ;;
      *) fail "$bin is linked statically, but it can draw with Graphviz (dlopen)" ;;
    esac
  fi
  needed=$(readelf -d "$bin" | grep NEEDED)
  [ -n "$needed" ] || fail "$bin: readelf -d lists no NEEDED library: $(readelf -d "$bin" 2>&1 | head -3)"
  if grep -Eq "$GRAPHVIZ" <<<"$needed"; then
    fail "$bin needs Graphviz at start-up: $(grep -E "$GRAPHVIZ" <<<"$needed" | tr -s ' ')"
  fi
done

# run NAME EXPECTED COMMAND...: runs COMMAND with the dynamic linker's
# library log in $TMP/NAME.ld.*; EXPECTED is "loads" or "does-not-load"
# Graphviz. The command must succeed.
run() {
  local name="$1" expected="$2"
  shift 2
  rm -f "$TMP/$name".ld.*
  LD_DEBUG=libs LD_DEBUG_OUTPUT="$TMP/$name.ld" "$@" >"$TMP/$name.out" 2>"$TMP/$name.err" ||
    { fail "$name: exit $?: $(cat "$TMP/$name.err")"; return; }
  ls "$TMP/$name".ld.* >/dev/null 2>&1 || { fail "$name: no LD_DEBUG log written"; return; }
  if cat "$TMP/$name".ld.* | grep -Eq "$GRAPHVIZ"; then
    [ "$expected" = loads ] ||
      fail "$name loaded Graphviz: $(cat "$TMP/$name".ld.* | grep -E "$GRAPHVIZ" | head -3)"
  else
    [ "$expected" = does-not-load ] || fail "$name did not load Graphviz (its log: $TMP/$name.ld.*)"
  fi
}

run urdf2sdf does-not-load "$U2S" "$TESTDATA/urdf/joint_types.urdf"
run urdf2sdf_dot does-not-load "$U2S" "$TESTDATA/urdf/joint_types.urdf" --graph "$TMP/u.dot"
run urdf2sdf_svg loads "$U2S" "$TESTDATA/urdf/joint_types.urdf" --graph "$TMP/u.svg"
grep -q '<svg' "$TMP/u.svg" || fail "urdf2sdf --graph u.svg: no <svg> element"
run sdf2urdf does-not-load "$S2U" "$TESTDATA/xacro/arm.length2.sdf"
run sdf2sdf does-not-load "$S2S" "$TESTDATA/xacro/arm.length2.sdf"
if static "$XACRO"; then
  # No loader, so no LD_DEBUG log: the expansion must simply work.
  "$XACRO" "$TESTDATA/xacro/arm.urdf.xacro" length:=2 >"$TMP/xacro.out" 2>"$TMP/xacro.err" ||
    fail "xacro (static): exit $?: $(cat "$TMP/xacro.err")"
  grep -q '<robot' "$TMP/xacro.out" || fail "xacro (static): no <robot> in its output"
else
  run xacro does-not-load "$XACRO" "$TESTDATA/xacro/arm.urdf.xacro" length:=2
fi
run robot_graph_dot does-not-load "$RG" "$TESTDATA/urdf/joint_types.urdf" -o "$TMP/r.dot"
run robot_graph_png loads "$RG" "$TESTDATA/urdf/joint_types.urdf" -o "$TMP/r.png"

if [ "$failures" -ne 0 ]; then
  echo "$failures failure(s)" >&2
  exit 1
fi
echo PASS
