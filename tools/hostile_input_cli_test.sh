#!/bin/bash
# Hostile input through the three commands (issue 19, items 4, 6 and 7):
# each case with its exit code, diagnostic code and line, and no output file
# where it is refused.
#   - names the output could not hold: an element named "urdf:" (sdf2urdf
#     strips the prefix and printed "</>"), "urdf::x" (stripped to ":x"), an
#     attribute name recorded as an attribute value (<urdf:form>);
#   - a NUL byte or "&#0;" in a name (the name was cut there), bytes that
#     are not UTF-8 (they were copied into the output);
#   - one element with 100,000 attributes (the duplicate check was
#     quadratic: 92 s);
#   - nesting: documents exactly at the limit (xml::Document::kMaxDepth,
#     256 elements) convert, nested models and kept elements alike; one
#     level deeper is refused, and 100,000 levels (a stack overflow before)
#     in bounded time and memory.
#
# usage: hostile_input_cli_test.sh URDF2SDF SDF2URDF SDF2SDF
set -u

URDF2SDF="${1:?usage: $0 URDF2SDF SDF2URDF SDF2SDF}"
SDF2URDF="${2:?usage: $0 URDF2SDF SDF2URDF SDF2SDF}"
SDF2SDF="${3:?usage: $0 URDF2SDF SDF2URDF SDF2SDF}"
# Absolute: the test runs in its scratch directory.
abs() { case "$1" in /*) echo "$1" ;; *) echo "$PWD/$1" ;; esac; }
URDF2SDF=$(abs "$URDF2SDF")
SDF2URDF=$(abs "$SDF2URDF")
SDF2SDF=$(abs "$SDF2SDF")
TMP="${TEST_TMPDIR:-$(mktemp -d)}/hostile"
rm -rf "$TMP" && mkdir -p "$TMP"
cd "$TMP" || exit 1
failures=0
fail() {
  echo "FAIL: $*" >&2
  failures=$((failures + 1))
}

# The address-space cap; none under AddressSanitizer (--config=asan sets
# ASAN_OPTIONS), whose shadow memory reserves terabytes of it.
memory_cap() { [ -n "${ASAN_OPTIONS:-}" ] || ulimit -v 1000000; }

# refused NAME BIN INPUT DIAGNOSTIC: exit 1, the diagnostic (a grep
# pattern, anchored) is the only error, -o wrote nothing. At most 20 s and
# 1 GB of address space.
refused() {
  local name="$1" bin="$2" input="$3" want="$4"
  rm -f "$TMP/out"
  (memory_cap; timeout 20 "$bin" "$input" -o "$TMP/out") \
    >"$TMP/stdout" 2>"$TMP/err"
  local rc=$?
  [ "$rc" -eq 1 ] || fail "$name: exit $rc, expected 1: $(head -c 500 "$TMP/err")"
  grep -q "^$want\$" "$TMP/err" ||
    fail "$name: no '$want' in: $(head -c 500 "$TMP/err")"
  [ "$(grep -c ': error: ' "$TMP/err")" -eq 1 ] ||
    fail "$name: more than one error: $(head -c 500 "$TMP/err")"
  [ ! -e "$TMP/out" ] || fail "$name: wrote output"
}

# converted NAME BIN INPUT [PATTERN]: exit 0, no error, output written (and
# holding PATTERN when given).
converted() {
  local name="$1" bin="$2" input="$3" pattern="${4:-}"
  rm -f "$TMP/out"
  (memory_cap; timeout 60 "$bin" "$input" -o "$TMP/out") \
    >"$TMP/stdout" 2>"$TMP/err"
  local rc=$?
  [ "$rc" -eq 0 ] || fail "$name: exit $rc: $(head -c 500 "$TMP/err")"
  ! grep -q ': error: ' "$TMP/err" || fail "$name: $(head -c 500 "$TMP/err")"
  [ -s "$TMP/out" ] || fail "$name: no output"
  [ -z "$pattern" ] || grep -q -- "$pattern" "$TMP/out" ||
    fail "$name: no '$pattern' in the output"
}

# ---- names --------------------------------------------------------------
printf '<sdf version="1.7">\n<model name="m"><link name="a"/>\n<urdf:/></model></sdf>\n' >empty_local.sdf
refused "urdf: element" "$SDF2URDF" empty_local.sdf \
  "empty_local.sdf:3: error: element name 'urdf:' has nothing after its namespace prefix \[XML_NAME_INVALID\]"
printf '<sdf version="1.7">\n<model name="m"><link name="a"/>\n<urdf: a="1"/></model></sdf>\n' >empty_local_attr.sdf
refused "urdf: element with an attribute" "$SDF2URDF" empty_local_attr.sdf \
  "empty_local_attr.sdf:3: error: element name 'urdf:' has nothing after its namespace prefix \[XML_NAME_INVALID\]"
# sdf2sdf reads it the same way.
refused "urdf: element, sdf2sdf" "$SDF2SDF" empty_local.sdf \
  "empty_local.sdf:3: error: element name 'urdf:' has nothing after its namespace prefix \[XML_NAME_INVALID\]"
printf '<sdf version="1.7">\n<model name="m"><link name="a"/>\n<urdf::x a="1"/></model></sdf>\n' >double_colon.sdf
refused "urdf::x element" "$SDF2URDF" double_colon.sdf \
  "double_colon.sdf:3: error: element name ':x' is not an XML name; the URDF cannot be written with it \[XML_NAME_INVALID\]"
printf '<sdf version="1.7">\n<model name="m"><link name="a"/>\n<urdf:form parts="robot"><attribute name="a b" value="1"/></urdf:form></model></sdf>\n' >form_name.sdf
refused "recorded attribute name" "$SDF2URDF" form_name.sdf \
  "form_name.sdf:2: error: attribute name 'a b' recorded for the robot is not an XML name; the URDF cannot be written with it \[XML_NAME_INVALID\]"

# ---- characters ---------------------------------------------------------
printf '<robot name="r">\n<link name="a\0b"/>\n<link name="a\0c"/></robot>\n' >nul.urdf
refused "NUL in a name" "$URDF2SDF" nul.urdf \
  "nul.urdf:2: error: the document holds a NUL byte \[XML_CHARACTER_INVALID\]"
printf '<robot name="r">\n<link name="a"/>\n\n<link name="a&#0;b"/></robot>\n' >nul_reference.urdf
refused "&#0; in a name" "$URDF2SDF" nul_reference.urdf \
  "nul_reference.urdf:4: error: character reference '&#0;' names no character XML allows \[XML_CHARACTER_INVALID\]"
printf '<robot name="r">\n<link name="caf\xe9"/></robot>\n' >latin1.urdf
refused "Latin-1 byte" "$URDF2SDF" latin1.urdf \
  "latin1.urdf:2: error: the document holds bytes E9, which are not UTF-8 (or encode no XML character) \[XML_CHARACTER_INVALID\]"
printf '<sdf version="1.7">\n<model name="m">\n<link name="a"/><!-- \xc3 -->\n</model></sdf>\n' >truncated.sdf
refused "truncated UTF-8, sdf2sdf" "$SDF2SDF" truncated.sdf \
  "truncated.sdf:3: error: the document holds bytes C3, which are not UTF-8 (or encode no XML character) \[XML_CHARACTER_INVALID\]"
refused "truncated UTF-8, sdf2urdf" "$SDF2URDF" truncated.sdf \
  "truncated.sdf:3: error: the document holds bytes C3, which are not UTF-8 (or encode no XML character) \[XML_CHARACTER_INVALID\]"
# UTF-8 itself goes through.
printf '<robot name="r">\n<link name="caf\xc3\xa9"/></robot>\n' >utf8.urdf
converted "UTF-8 name" "$URDF2SDF" utf8.urdf "<link name=\"caf"$'\xc3\xa9'"\">"

# ---- many attributes ----------------------------------------------------
{
  printf '<robot name="r">\n  <link name="a"/>\n  <x'
  seq 0 99999 | sed 's/.*/ a&="&"/' | tr -d '\n'
  printf '/>\n</robot>\n'
} >attributes.urdf
converted "100,000 attributes" "$URDF2SDF" attributes.urdf 'a99999="99999"'
{
  printf '<robot name="r">\n  <link name="a"/>\n  <x'
  seq 0 99999 | sed 's/.*/ a&="&"/' | tr -d '\n'
  printf '\n a5="again"/>\n</robot>\n'
} >attributes_twice.urdf
refused "100,000 attributes, one twice" "$URDF2SDF" attributes_twice.urdf \
  "attributes_twice.urdf:4: error: not well-formed XML: attribute 'a5' of <x> is given twice \[XML_ERROR\]"

# ---- nesting ------------------------------------------------------------
LIMIT=256  # xml::Document::kMaxDepth
repeat() { yes "$1" | head -n "$2"; }
# <sdf> <model>... <link/>: nested models filling every level.
models() {
  echo '<sdf version="1.7">'
  for ((k = 0; k < $1; ++k)); do echo "<model name=\"m$k\">"; done
  echo '<link name="l"/>'
  repeat '</model>' "$1"
  echo '</sdf>'
}
# <sdf><model><link> <x>... : kept (custom) elements filling every level.
kept_sdf() {
  printf '<sdf version="1.7">\n<model name="m">\n<link name="l">\n'
  repeat '<x>' "$1"
  repeat '</x>' "$1"
  printf '</link>\n</model>\n</sdf>\n'
}
kept_urdf() {
  printf '<robot name="r">\n<link name="l">\n'
  repeat '<x>' "$1"
  repeat '</x>' "$1"
  printf '</link>\n</robot>\n'
}
models $((LIMIT - 2)) >models_at_limit.sdf
kept_sdf $((LIMIT - 3)) >kept_at_limit.sdf
kept_urdf $((LIMIT - 2)) >kept_at_limit.urdf
converted "nested models at the limit, sdf2sdf" "$SDF2SDF" models_at_limit.sdf "<model name=\"m$((LIMIT - 3))\">"
converted "nested models at the limit, sdf2urdf" "$SDF2URDF" models_at_limit.sdf '<link name="m1::m2::'
converted "kept elements at the limit, sdf2sdf" "$SDF2SDF" kept_at_limit.sdf '<x/>'
converted "kept elements at the limit, sdf2urdf" "$SDF2URDF" kept_at_limit.sdf '<x/>'
converted "kept elements at the limit, urdf2sdf" "$URDF2SDF" kept_at_limit.urdf '<x/>'

DEEPER=$((LIMIT + 1))
too_deep() {
  echo "$1:$DEEPER: error: element <$2> is nested $DEEPER elements deep; the limit is $LIMIT \[XML_NESTING_TOO_DEEP\]"
}
models $((LIMIT - 1)) >models_deeper.sdf
kept_sdf $((LIMIT - 2)) >kept_deeper.sdf
kept_urdf $((LIMIT - 1)) >kept_deeper.urdf
refused "nested models one deeper, sdf2sdf" "$SDF2SDF" models_deeper.sdf "$(too_deep models_deeper.sdf link)"
refused "nested models one deeper, sdf2urdf" "$SDF2URDF" models_deeper.sdf "$(too_deep models_deeper.sdf link)"
refused "kept elements one deeper, sdf2sdf" "$SDF2SDF" kept_deeper.sdf "$(too_deep kept_deeper.sdf x)"
refused "kept elements one deeper, sdf2urdf" "$SDF2URDF" kept_deeper.sdf "$(too_deep kept_deeper.sdf x)"
refused "kept elements one deeper, urdf2sdf" "$URDF2SDF" kept_deeper.urdf "$(too_deep kept_deeper.urdf x)"

# 100,000 deep: a segmentation fault before; now refused at the same line,
# within refused()'s 20 s and 1 GB.
models 99999 >models_100k.sdf
kept_urdf 100000 >kept_100k.urdf
refused "100,000 nested models, sdf2sdf" "$SDF2SDF" models_100k.sdf "$(too_deep models_100k.sdf model)"
refused "100,000 nested models, sdf2urdf" "$SDF2URDF" models_100k.sdf "$(too_deep models_100k.sdf model)"
refused "100,000 nested elements, urdf2sdf" "$URDF2SDF" kept_100k.urdf "$(too_deep kept_100k.urdf x)"

if [ "$failures" -gt 0 ]; then
  echo "$failures failure(s)" >&2
  exit 1
fi
echo "PASS"
