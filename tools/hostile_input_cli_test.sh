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
#   - issue 16: input bounds given as options (--max-depth up to its
#     ceiling, --max-elements, --max-file-size, --max-include-depth), models
#     nested too deep through includes, a 20,000-link chain; includes
#     confined to the input's tree and the model paths (/etc/passwd, '..',
#     --allow-include-from); and the bad-input
#     catalogue: one case per class of XML malformation, numeric edge,
#     duplicate or missing attribute, reserved and Unicode name, cycle
#     (attached_to, relative_to, include, kinematic) and unwritable output
#     (missing directory, output = input, full disk).
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

# The address-space cap; none under AddressSanitizer or ThreadSanitizer
# (--config=asan and --config=fuzz set ASAN_OPTIONS, --config=tsan
# TSAN_OPTIONS), whose shadow memory reserves terabytes of it.
memory_cap() { [ -n "${ASAN_OPTIONS:-}${TSAN_OPTIONS:-}" ] || ulimit -v 1000000; }

# Extra command-line flags of the next refused/converted call; more_errors=1
# lets refused() accept errors after the first (a problem that has
# consequences, such as a joint without a child).
flags=()
more_errors=0

# refused NAME BIN INPUT DIAGNOSTIC: exit 1, the diagnostic (a grep
# pattern, anchored) is the only error, -o wrote nothing. At most 20 s and
# 1 GB of address space.
refused() {
  local name="$1" bin="$2" input="$3" want="$4"
  rm -f "$TMP/out"
  (memory_cap; timeout 20 "$bin" "$input" "${flags[@]}" -o "$TMP/out") \
    >"$TMP/stdout" 2>"$TMP/err"
  local rc=$?
  [ "$rc" -eq 1 ] || fail "$name: exit $rc, expected 1: $(head -c 500 "$TMP/err")"
  grep ': error: ' "$TMP/err" | head -n 1 | grep -q "^$want\$" ||
    fail "$name: the first error is not '$want' in: $(head -c 500 "$TMP/err")"
  [ "$more_errors" -eq 1 ] || [ "$(grep -c ': error: ' "$TMP/err")" -eq 1 ] ||
    fail "$name: more than one error: $(head -c 500 "$TMP/err")"
  [ ! -e "$TMP/out" ] || fail "$name: wrote output"
}

# converted NAME BIN INPUT [PATTERN]: exit 0, no error, output written (and
# holding PATTERN when given).
converted() {
  local name="$1" bin="$2" input="$3" pattern="${4:-}"
  rm -f "$TMP/out"
  (memory_cap; timeout 60 "$bin" "$input" "${flags[@]}" -o "$TMP/out") \
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
  echo "$1:$DEEPER: error: element <$2> is nested $DEEPER elements deep; the limit is $LIMIT (--max-depth) \[XML_NESTING_TOO_DEEP\]"
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

# ---- limits given on the command line (issue 16) -------------------------
# The ceiling of --max-depth converts: the readers, frame graphs and
# writers stay within the stack at 1000 levels of nested models (under
# AddressSanitizer too, whose frames are larger).
models 998 >models_1000.sdf
flags=(--max-depth 1000)
converted "1000 deep at --max-depth 1000, sdf2sdf" "$SDF2SDF" models_1000.sdf '<model name="m997">'
converted "1000 deep at --max-depth 1000, sdf2urdf" "$SDF2URDF" models_1000.sdf '<link name="m1::m2::'
flags=(--max-depth 10)
refused "--max-depth 10" "$SDF2SDF" models_at_limit.sdf \
  "models_at_limit.sdf:11: error: element <model> is nested 11 elements deep; the limit is 10 (--max-depth) \[XML_NESTING_TOO_DEEP\]"
flags=()
for bad in "--max-depth 1001" "--max-depth 0" "--max-elements x" "--max-file-size 1T" "--max-include-depth -1"; do
  # shellcheck disable=SC2086
  "$SDF2SDF" models_at_limit.sdf $bad -o "$TMP/out" >/dev/null 2>"$TMP/err"
  rc=$?
  [ "$rc" -eq 2 ] || fail "$bad: exit $rc, expected 2 (usage)"
  grep -q "needs a number from 1 to" "$TMP/err" || fail "$bad: $(cat "$TMP/err")"
done
printf '<robot name="r">\n<link name="a"/>\n<link name="b"/>\n<link name="c"/>\n</robot>\n' >four.urdf
flags=(--max-elements 3)
refused "--max-elements 3" "$URDF2SDF" four.urdf \
  "four.urdf:4: error: element <link> is one more than the limit of 3 elements in a document (--max-elements) \[XML_TOO_MANY_ELEMENTS\]"
flags=(--max-file-size 40)
refused "--max-file-size 40" "$URDF2SDF" four.urdf \
  "four.urdf:3: error: the input is larger than the limit of 40 bytes (--max-file-size); refused where it exceeds it \[FILE_TOO_LARGE\]"
flags=()
"$URDF2SDF" --max-file-size 40 <four.urdf >"$TMP/out" 2>"$TMP/err"
rc=$?
[ "$rc" -eq 1 ] || fail "--max-file-size on standard input: exit $rc"
grep -q "^<stdin>:3: error: the input is larger than the limit of 40 bytes .*\[FILE_TOO_LARGE\]" "$TMP/err" ||
  fail "--max-file-size on standard input: $(cat "$TMP/err")"

# A chain of includes, each file including the next: 32 (the default
# --max-include-depth) read, the 33rd refused where it is written; 41 read
# with --max-include-depth 41.
mkdir -p chain
for ((k = 0; k <= 40; ++k)); do
  printf '<sdf version="1.8">\n<model name="m%d">\n<link name="l"/>\n<include><uri>c%d.sdf</uri></include>\n</model>\n</sdf>\n' \
    "$k" $((k + 1)) >chain/c$k.sdf
done
printf '<sdf version="1.8">\n<model name="end"><link name="l"/></model>\n</sdf>\n' >chain/c41.sdf
refused "a chain of 41 includes" "$SDF2SDF" chain/c0.sdf \
  "chain/c32.sdf:4: error: <include> of 'c33.sdf' makes a chain of 33 includes, each in the file the previous one included; the limit is 32 (--max-include-depth) \[INCLUDE_TOO_DEEP\]"
flags=(--max-include-depth 41 --expand-includes)
converted "a chain of 41 includes at --max-include-depth 41" "$SDF2SDF" chain/c0.sdf '<model name="end">'
flags=()

# Models nested deeper than --max-depth only once includes are expanded:
# 200 levels in one file, 100 in the one its innermost model includes.
{
  echo '<sdf version="1.8">'
  for ((k = 0; k < 200; ++k)); do echo "<model name=\"a$k\">"; done
  echo '<link name="l"/>'
  echo '<include><uri>inner.sdf</uri></include>'
  repeat '</model>' 200
  echo '</sdf>'
} >outer.sdf
models 100 >inner.sdf
refused "models 300 deep through an include" "$SDF2SDF" outer.sdf \
  "outer.sdf:203: error: <include> of 'inner.sdf' nests models 300 deep once expanded; the limit is 256 (--max-depth) \[MODEL_NESTING_TOO_DEEP\]"

# A long flat chain: 20,000 links, each the child of the previous one's
# joint (deep trees, not deep XML): converted without running out of stack.
{
  echo '<robot name="r">'
  echo '<link name="l0"/>'
  for ((k = 1; k < 20000; ++k)); do
    echo "<link name=\"l$k\"/><joint name=\"j$k\" type=\"revolute\"><parent link=\"l$((k - 1))\"/><child link=\"l$k\"/><origin xyz=\"0 0 0.1\"/><axis xyz=\"0 0 1\"/><limit lower=\"-1\" upper=\"1\" effort=\"1\" velocity=\"1\"/></joint>"
  done
  echo '</robot>'
} >chain.urdf
converted "a chain of 20,000 links, urdf2sdf" "$URDF2SDF" chain.urdf '<link name="l19999">'
"$URDF2SDF" chain.urdf -o chain.sdf 2>/dev/null
converted "a chain of 20,000 links, sdf2urdf" "$SDF2URDF" chain.sdf '<link name="l19999"'
converted "a chain of 20,000 links, sdf2sdf" "$SDF2SDF" chain.sdf '<link name="l19999">'

# ---- includes are confined (issue 16) -------------------------------------
# Only the input's directory tree and the model paths: /etc/passwd is not
# opened, nor quoted.
mkdir -p confined/models/m outside
printf '<sdf version="1.7">\n<model name="m"><link name="l"/></model>\n</sdf>\n' >confined/models/m/model.sdf
printf '<model><name>m</name><sdf version="1.7">model.sdf</sdf></model>\n' >confined/models/m/model.config
printf '<sdf version="1.7">\n<model name="o"><link name="l"/></model>\n</sdf>\n' >outside/o.sdf
include_of() {
  printf '<sdf version="1.7">\n<model name="top">\n<link name="l"/>\n<include><uri>%s</uri></include>\n</model>\n</sdf>\n' "$1"
}
include_of /etc/passwd >confined/passwd.sdf
refused "include of /etc/passwd" "$SDF2SDF" confined/passwd.sdf \
  "confined/passwd.sdf:4: error: <include> uri '/etc/passwd' names '/etc/passwd', which is outside the directory of the file converted and the model paths; it was not read (to read it, give --allow-include-from with a directory that holds it) \[INCLUDE_NOT_ALLOWED\]"
! grep -q "root:" "$TMP/err" || fail "include of /etc/passwd: quoted it"
include_of ../outside/o.sdf >confined/up.sdf
refused "include of ../outside/o.sdf, sdf2urdf" "$SDF2URDF" confined/up.sdf \
  "confined/up.sdf:4: error: <include> uri '../outside/o.sdf' names '$TMP/outside/o.sdf', which is outside .*\[INCLUDE_NOT_ALLOWED\]"
# A symbolic link in the tree is followed: Bazel's sandboxes and runfiles
# are trees of links into the source tree.
ln -sf "$TMP/outside/o.sdf" confined/link.sdf
include_of link.sdf >confined/symlink.sdf
converted "include of a link in the tree" "$SDF2SDF" confined/symlink.sdf '<uri>link.sdf</uri>'
flags=(--allow-include-from outside)
converted "--allow-include-from" "$SDF2SDF" confined/up.sdf '<uri>../outside/o.sdf</uri>'
flags=()
# The model paths are allowed; so is the input's own tree.
include_of model://m >confined/model_uri.sdf
flags=(--model-path confined/models)
converted "model:// on the model path" "$SDF2SDF" confined/model_uri.sdf '<uri>model://m</uri>'
flags=()
include_of models/m >confined/own.sdf
converted "include of a directory below" "$SDF2URDF" confined/own.sdf '<link name="m::l"'
# A file outside, allowed, that is not XML: refused without its text.
printf 'secret line\n' >outside/notxml.sdf
include_of ../outside/notxml.sdf >confined/notxml.sdf
flags=(--allow-include-from outside)
refused "allowed include that is not XML" "$SDF2SDF" confined/notxml.sdf \
  "confined/../outside/notxml.sdf:1: error: the included file is not read: the XML reader refuses it at this line (XML_ERROR; the file is outside the directory of the file converted, so its text is not quoted) \[XML_ERROR\]"
flags=()
! grep -q "secret line" "$TMP/err" || fail "allowed include that is not XML: quoted it"

# ---- the bad-input catalogue (issue 16): one case per class ---------------
# XML malformations, each with the line tinyxml2 would give.
xml_case() {  # NAME TEXT DIAGNOSTIC-AFTER-"x.urdf:"
  printf '%b' "$2" >x.urdf
  refused "XML: $1" "$URDF2SDF" x.urdf "x.urdf:$3"
}
xml_case "unclosed element" '<robot name="r">\n<link name="a">\n</robot>\n' \
  "2: error: not well-formed XML: element <link> is closed by </robot> at line 3 \[XML_ERROR\]"
xml_case "element open at the end" '<robot name="r">\n<link name="a"/>\n' \
  "1: error: not well-formed XML: element <robot> is not closed at the end of the file \[XML_ERROR\]"
xml_case "end tag closing nothing" '<robot name="r"/>\n</robot>\n' \
  "2: error: not well-formed XML: end tag </robot> closes no open element \[XML_ERROR\]"
xml_case "unquoted attribute" '<robot name="r">\n<link name=a/>\n</robot>\n' \
  "2: error: not well-formed XML: value of attribute 'name' of <link> is not quoted \[XML_ERROR\]"
xml_case "attribute without value" '<robot name="r">\n<link name/>\n</robot>\n' \
  "2: error: not well-formed XML: attribute 'name' of <link> has no value \[XML_ERROR\]"
xml_case "unterminated comment" '<robot name="r">\n<!-- c\n</robot>\n' \
  "2: error: not well-formed XML: comment is not terminated \[XML_ERROR\]"
xml_case "unterminated CDATA" '<robot name="r">\n<![CDATA[ x\n</robot>\n' \
  "2: error: not well-formed XML: CDATA section is not terminated \[XML_ERROR\]"
xml_case "unterminated processing instruction" '<robot name="r">\n<?pi x\n</robot>\n' \
  "2: error: not well-formed XML: processing instruction is not terminated \[XML_ERROR\]"
xml_case "unterminated tag" '<robot name="r">\n<link name="a"' \
  "2: error: not well-formed XML: start tag <link is not terminated \[XML_ERROR\]"
xml_case "text outside the root" '<robot name="r"/>\ntrailing\n' \
  "2: error: not well-formed XML: text outside the root element: 'trailing' \[XML_ERROR\]"
xml_case "empty document" '\n\n' \
  "3: error: not well-formed XML: the document is empty \[XML_ERROR\]"
xml_case "'<' without a name" '<robot name="r">\n< link/>\n</robot>\n' \
  "2: error: not well-formed XML: '<' is not followed by an element name \[XML_ERROR\]"
xml_case "unterminated DOCTYPE" '<!DOCTYPE robot [\n<!ENTITY a "b">\n' \
  "1: error: not well-formed XML: <!DOCTYPE is not terminated \[XML_ERROR\]"
xml_case "entity of a DOCTYPE" '<!DOCTYPE robot [\n<!ENTITY e SYSTEM "/etc/passwd">\n]>\n<robot name="&e;">\n<link name="a"/>\n</robot>\n' \
  "4: error: entity reference '&e;' is not read: only &lt; &gt; &amp; &quot; &apos; and character references are (entities declared in the DOCTYPE at line 1 are never expanded) \[XML_ENTITY_UNSUPPORTED\]"
# A DOCTYPE with an internal subset is skipped (it was "text outside the
# root element" before).
printf '<?xml version="1.0"?>\n<!DOCTYPE robot [\n<!ELEMENT robot ANY>\n<!ENTITY a "x>y">\n]>\n<robot name="r">\n<link name="a"/>\n</robot>\n' >doctype.urdf
converted "DOCTYPE with an internal subset" "$URDF2SDF" doctype.urdf '<model name="r">'

# Numbers at the edges, in a URDF <origin> and an SDF <pose>.
origin() {
  printf '<robot name="r">\n<link name="a"/>\n<link name="b"/>\n<joint name="j" type="fixed">\n<parent link="a"/><child link="b"/>\n<origin xyz="%s"/>\n</joint>\n</robot>\n' "$1" >n.urdf
}
number_case() {  # NAME XYZ DIAGNOSTIC-AFTER-"n.urdf:6: error: <origin> xyz "
  origin "$2"
  refused "number: $1" "$URDF2SDF" n.urdf "n.urdf:6: error: <origin> xyz $3"
}
number_case "nan" "nan 0 0" "'nan' is not a finite number \[NUMBER_NOT_FINITE\]"
number_case "inf" "0 -inf 0" "'-inf' is not a finite number \[NUMBER_NOT_FINITE\]"
number_case "1e400" "0 0 1e400" "'1e400' is out of range \[NUMBER_NOT_FINITE\]"
number_case "hexadecimal" "0x10 0 0" "'0x10' is not a number \[NUMBER_INVALID\]"
number_case "empty" "" "'' has 0 numbers, expected 3 \[VECTOR_SIZE_INVALID\]"
number_case "too few" "1 2" "'1 2' has 2 numbers, expected 3 \[VECTOR_SIZE_INVALID\]"
number_case "overlong integer" "1$(printf '0%.0s' $(seq 400)) 0 0" \
  "'1$(printf '0%.0s' $(seq 59))...' is out of range \[NUMBER_NOT_FINITE\]"
# -0 and a 5,000-digit fraction are numbers.
origin "-0 0.$(printf '1%.0s' $(seq 5000)) 0"
converted "number: -0 and 5,000 digits" "$URDF2SDF" n.urdf '<pose relative_to="a">0 0.1111111111111111 0 0 0 0</pose>'
printf '<sdf version="1.7">\n<model name="m">\n<link name="l"><pose>0 0 nan 0 0 0</pose></link>\n</model>\n</sdf>\n' >nan.sdf
refused "number: nan in an SDF pose" "$SDF2SDF" nan.sdf \
  "nan.sdf:3: error: <pose> 'nan' is not a finite number \[NUMBER_NOT_FINITE\]"
printf '<sdf version="1.7">\n<model name="m">\n<link name="l"><pose>0 0 0x1 0 0 0</pose></link>\n</model>\n</sdf>\n' >hex.sdf
refused "number: hexadecimal in an SDF pose" "$SDF2URDF" hex.sdf \
  "hex.sdf:3: error: <pose> '0x1' is not a number \[NUMBER_INVALID\]"

# Duplicate and missing attributes and names.
printf '<robot name="r">\n<link name="a" name="b"/>\n</robot>\n' >dup_attr.urdf
refused "duplicate attribute" "$URDF2SDF" dup_attr.urdf \
  "dup_attr.urdf:2: error: not well-formed XML: attribute 'name' of <link> is given twice \[XML_ERROR\]"
printf '<robot name="r">\n<link name="a"/>\n<link/>\n</robot>\n' >no_name.urdf
refused "missing attribute" "$URDF2SDF" no_name.urdf \
  "no_name.urdf:3: error: <link> has no 'name' attribute \[ATTRIBUTE_MISSING\]"
printf '<robot name="r">\n<link name="a"/>\n<link name="a"/>\n</robot>\n' >dup_name.urdf
refused "duplicate name" "$URDF2SDF" dup_name.urdf \
  "dup_name.urdf:3: error: link name 'a' is already used by the link at line 2 \[DUPLICATE_NAME\]"
printf '<sdf version="1.7">\n<model name="m">\n<link name="l"/>\n<joint name="j" type="fixed"><parent>l</parent></joint>\n</model>\n</sdf>\n' >no_child.sdf
more_errors=1
refused "missing element" "$SDF2SDF" no_child.sdf \
  "no_child.sdf:4: error: <joint name='j'> has no <child> \[ELEMENT_MISSING\]"
more_errors=0

# Reserved and Unicode names.
printf '<robot name="r">\n<link name="__model__"/>\n</robot>\n' >reserved.urdf
refused "reserved name, URDF" "$URDF2SDF" reserved.urdf \
  "reserved.urdf:2: error: link name '__model__' is reserved (\"world\" and names of the form __\*__) \[RESERVED_NAME\]"
printf '<sdf version="1.7">\n<model name="m">\n<link name="l"/>\n<frame name="__x__" attached_to="l"/>\n</model>\n</sdf>\n' >reserved.sdf
refused "reserved name, SDF" "$SDF2URDF" reserved.sdf \
  "reserved.sdf:4: error: frame name '__x__' is reserved (\"world\" and names of the form __\*__) \[RESERVED_NAME\]"
printf '<robot name="r">\n<link name="\xe2\x82\xac\xf0\x9f\x98\x80"/>\n</robot>\n' >unicode.urdf
converted "Unicode name" "$URDF2SDF" unicode.urdf "<link name=\"$(printf '\xe2\x82\xac\xf0\x9f\x98\x80')\">"

# Cycles: attached_to, relative_to, includes, kinematics.
printf '<sdf version="1.7">\n<model name="m">\n<link name="l"/>\n<frame name="a" attached_to="b"><pose relative_to="l"/></frame>\n<frame name="b" attached_to="a"><pose relative_to="l"/></frame>\n</model>\n</sdf>\n' >attached.sdf
refused "attached_to cycle" "$SDF2SDF" attached.sdf \
  "attached.sdf:4: error: frame 'a' is in a cycle of attached_to references \[FRAME_ATTACHED_TO_CYCLE\]"
printf '<sdf version="1.7">\n<model name="m">\n<link name="l"/>\n<frame name="a"><pose relative_to="b"/></frame>\n<frame name="b"><pose relative_to="a"/></frame>\n</model>\n</sdf>\n' >relative.sdf
refused "relative_to cycle" "$SDF2URDF" relative.sdf \
  "relative.sdf:4: error: frame 'a' is in a cycle of pose relative_to references \[POSE_RELATIVE_TO_CYCLE\]"
printf '<sdf version="1.7">\n<model name="m">\n<link name="l"/>\n<include><uri>self.sdf</uri></include>\n</model>\n</sdf>\n' >self.sdf
refused "include cycle" "$SDF2SDF" self.sdf \
  "self.sdf:4: error: <include> of 'self.sdf' ($TMP/self.sdf) includes a file that is including it \[INCLUDE_CYCLE\]"
printf '<robot name="r">\n<link name="a"/>\n<link name="b"/>\n<joint name="j1" type="fixed"><parent link="a"/><child link="b"/></joint>\n<joint name="j2" type="fixed"><parent link="b"/><child link="a"/></joint>\n</robot>\n' >loop.urdf
refused "kinematic cycle, URDF" "$URDF2SDF" loop.urdf \
  "loop.urdf:2: error: the joints form a cycle: a <- j2 <- b <- j1 <- a \[URDF_KINEMATIC_CYCLE\]"
printf '<sdf version="1.7">\n<model name="m">\n<link name="a"/><link name="b"/>\n<joint name="j1" type="fixed"><parent>a</parent><child>b</child></joint>\n<joint name="j2" type="fixed"><parent>b</parent><child>a</child></joint>\n</model>\n</sdf>\n' >loop.sdf
# SDF to URDF cuts the loop (a cycle no root reaches: its first link becomes
# the root) and carries the cut joint in the robot's <gazebo> block.
converted "kinematic loop, SDF to URDF" "$SDF2URDF" loop.sdf '<joint name="j2" type="fixed">'
grep -q "loop.sdf:5: warning: joint 'j2' closes a kinematic loop.*\[JOINT_LOOP_CUT\]" "$TMP/err" ||
  fail "kinematic loop, SDF to URDF: no JOINT_LOOP_CUT warning: $(head -c 500 "$TMP/err")"

# Outputs that cannot be written: exit 2, IO_ERROR or OUTPUT_IS_INPUT, no
# file left behind (the output's directory is listed before and after).
printf '<robot name="r">\n<link name="a"/>\n</robot>\n' >ok.urdf
touch not_a_dir
output_case() {  # NAME OUTPUT DIAGNOSTIC
  local before after
  before=$(ls -A)
  "$URDF2SDF" ok.urdf -o "$2" >"$TMP/stdout" 2>"$TMP/err"
  local rc=$?
  after=$(ls -A)
  [ "$rc" -eq 2 ] || fail "output: $1: exit $rc, expected 2"
  grep -q "^$3\$" "$TMP/err" || fail "output: $1: no '$3' in: $(cat "$TMP/err")"
  [ "$before" = "$after" ] || fail "output: $1: left a file behind"
}
output_case "missing directory" missing/x.sdf \
  "missing/x.sdf: error: cannot create a temporary file beside 'missing/x.sdf': No such file or directory \[IO_ERROR\]"
output_case "parent is a file" not_a_dir/x.sdf \
  "not_a_dir/x.sdf: error: cannot create a temporary file beside 'not_a_dir/x.sdf': Not a directory \[IO_ERROR\]"
output_case "output is the input" ./ok.urdf \
  "./ok.urdf: error: the output file is the input file 'ok.urdf'; writing it would replace the input: write to another file \[OUTPUT_IS_INPUT\]"
output_case "full disk" /dev/full \
  "/dev/full: error: cannot write '/dev/full': No space left on device \[IO_ERROR\]"
"$URDF2SDF" ok.urdf >/dev/full 2>"$TMP/err"
rc=$?
[ "$rc" -eq 2 ] || fail "output: full disk on standard output: exit $rc"
grep -q "^<stdout>: error: cannot write standard output: No space left on device \[IO_ERROR\]$" "$TMP/err" ||
  fail "output: full disk on standard output: $(cat "$TMP/err")"

if [ "$failures" -gt 0 ]; then
  echo "$failures failure(s)" >&2
  exit 1
fi
echo "PASS"
