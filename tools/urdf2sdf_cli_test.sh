#!/bin/bash
# Command-line behaviour of urdf2sdf: exit codes (0 converted, 1 invalid
# input, 2 usage or I/O error), where output goes (stdout, -o FILE written
# whole or not at all), stdin input, --check, -q, --help, --version, and the
# `file:line: error: message [CODE]` form of diagnostics on stderr.
#
# usage: urdf2sdf_cli_test.sh PATH/TO/urdf2sdf   (run from the runfiles root;
# fixtures are read from testdata/urdf/)
set -u

BIN="${1:?usage: $0 PATH/TO/urdf2sdf}"
case "$BIN" in /*) ;; *) BIN="$PWD/$BIN" ;; esac
FIX="$PWD/testdata/urdf"
TMP="${TEST_TMPDIR:-$(mktemp -d)}/cli"
rm -rf "$TMP" && mkdir -p "$TMP"

failures=0
fail() {
  echo "FAIL: $*" >&2
  failures=$((failures + 1))
}

# run ARGS...: runs the command with stdin from $STDIN (default /dev/null),
# leaving $OUT, $ERR and $RC.
OUT="$TMP/stdout"
ERR="$TMP/stderr"
run() {
  "$BIN" "$@" <"${STDIN:-/dev/null}" >"$OUT" 2>"$ERR"
  RC=$?
}
expect_rc() {  # expect_rc WANT WHAT
  [ "$RC" -eq "$1" ] || fail "$2: exit code $RC, expected $1 (stderr: $(cat "$ERR"))"
}
expect_empty() {  # expect_empty FILE WHAT
  [ ! -s "$1" ] || fail "$2: expected nothing, got: $(head -c 400 "$1")"
}
expect_same() {  # expect_same EXPECTED ACTUAL WHAT
  cmp -s "$1" "$2" || fail "$3: differs from $1: $(diff "$1" "$2" | head -20)"
}
# A path quoted for use inside an extended regular expression.
esc() { printf '%s' "$1" | sed 's/[][\.*^$+?(){}|]/\\&/g'; }
expect_grep() {  # expect_grep REGEX FILE WHAT
  grep -Eq -- "$1" "$2" || fail "$3: no line matching '$1' in: $(cat "$2")"
}

GOOD="$FIX/tree_order.urdf"          # converts without any diagnostic
GOOD_SDF="$FIX/tree_order.sdf"
WARNED="$FIX/spherical_joint.urdf"  # converts with one warning
WARNED_SDF="$FIX/spherical_joint.sdf"
BAD="$TMP/bad.urdf"                 # negative mass on line 4
cat >"$BAD" <<'EOF'
<robot name="bad">
  <link name="a">
    <inertial>
      <mass value="-1"/>
      <inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/>
    </inertial>
  </link>
</robot>
EOF
[ -f "$GOOD" ] && [ -f "$GOOD_SDF" ] && [ -f "$WARNED" ] ||
  { echo "fixtures not found under $FIX" >&2; exit 1; }

# --- good input: exit 0, the SDFormat on stdout, nothing on stderr.
run "$GOOD"
expect_rc 0 "good file"
expect_same "$GOOD_SDF" "$OUT" "good file on stdout"
expect_empty "$ERR" "good file stderr"

# --- -o FILE / --output FILE / --output=FILE write the file, not stdout.
for form in "-o" "--output" "--output="; do
  dest="$TMP/out_${form//[-=]/}.sdf"
  rm -f "$dest"
  if [ "$form" = "--output=" ]; then run "$GOOD" "--output=$dest"
  else run "$form" "$dest" "$GOOD"; fi
  expect_rc 0 "$form FILE"
  expect_empty "$OUT" "$form FILE stdout"
  [ -f "$dest" ] || fail "$form FILE: $dest not written"
  [ -f "$dest" ] && expect_same "$GOOD_SDF" "$dest" "$form FILE content"
done
# -o overwrites an existing file.
echo "old content" >"$TMP/over.sdf"
run -o "$TMP/over.sdf" "$GOOD"
expect_rc 0 "-o existing FILE"
expect_same "$GOOD_SDF" "$TMP/over.sdf" "-o replaces an existing file"

# --- invalid input: exit 1, nothing on stdout, the error on stderr.
run "$BAD"
expect_rc 1 "invalid input"
expect_empty "$OUT" "invalid input stdout"
expect_grep "^$(esc "$BAD"):4: error: .+ \[MASS_NEGATIVE\]\$" "$ERR" "error form"
[ "$(wc -l <"$ERR")" -eq 1 ] || fail "invalid input: expected one line on stderr, got: $(cat "$ERR")"

# ... and -o FILE leaves no file (nor a temporary) behind.
rm -rf "$TMP/outdir" && mkdir "$TMP/outdir"
run -o "$TMP/outdir/bad.sdf" "$BAD"
expect_rc 1 "invalid input with -o"
[ ! -e "$TMP/outdir/bad.sdf" ] || fail "invalid input with -o: a file was left behind"
[ -z "$(ls -A "$TMP/outdir")" ] || fail "invalid input with -o: left $(ls -A "$TMP/outdir")"
# ... and an existing FILE is left untouched.
printf 'precious\n' >"$TMP/outdir/keep.sdf"
cp "$TMP/outdir/keep.sdf" "$TMP/keep.orig"
run -o "$TMP/outdir/keep.sdf" "$BAD"
expect_rc 1 "invalid input with -o existing"
expect_same "$TMP/keep.orig" "$TMP/outdir/keep.sdf" "existing -o FILE untouched"
[ "$(ls -A "$TMP/outdir")" = "keep.sdf" ] || fail "invalid input with -o existing: left $(ls -A "$TMP/outdir")"

# Not XML at all: exit 1 with XML_ERROR.
printf 'this is not XML\n' >"$TMP/text.urdf"
run "$TMP/text.urdf"
expect_rc 1 "not XML"
expect_grep "^$(esc "$TMP/text.urdf")(:[0-9]+)?: error: .+ \[XML_ERROR\]\$" "$ERR" "not XML error form"

# --- usage and I/O errors: exit 2.
run --no-such-option "$GOOD"
expect_rc 2 "unknown option"
expect_empty "$OUT" "unknown option stdout"
expect_grep "no-such-option" "$ERR" "unknown option message"

run "$TMP/does_not_exist.urdf"
expect_rc 2 "missing input file"
expect_empty "$OUT" "missing input stdout"
expect_grep "^$(esc "$TMP/does_not_exist.urdf")(:[0-9]+)?: error: .+ \[IO_ERROR\]\$" "$ERR" "missing input diagnostic"

run -o "$TMP/no_such_dir/out.sdf" "$GOOD"
expect_rc 2 "unwritable output directory (missing)"
expect_empty "$OUT" "unwritable output stdout"
[ -s "$ERR" ] || fail "unwritable output directory: no message"
echo "a file" >"$TMP/plainfile"
run -o "$TMP/plainfile/out.sdf" "$GOOD"
expect_rc 2 "unwritable output directory (a file)"

run -o
expect_rc 2 "-o without a file name"
run "$GOOD" "$WARNED"
expect_rc 2 "two input files"
run --check -o "$TMP/x.sdf" "$GOOD"
expect_rc 2 "--check with -o"
[ ! -e "$TMP/x.sdf" ] || fail "--check with -o wrote a file"

# --- standard input, with '-' and with no input argument.
STDIN="$GOOD" run -
expect_rc 0 "stdin with -"
expect_same "$GOOD_SDF" "$OUT" "stdin with -"
STDIN="$GOOD" run
expect_rc 0 "stdin without argument"
expect_same "$GOOD_SDF" "$OUT" "stdin without argument"
STDIN="$GOOD" run -o "$TMP/from_stdin.sdf"
expect_rc 0 "stdin to -o"
expect_same "$GOOD_SDF" "$TMP/from_stdin.sdf" "stdin to -o"
# Diagnostics about standard input name it <stdin>.
STDIN="$BAD" run -
expect_rc 1 "invalid stdin"
expect_grep '^<stdin>:4: error: .+ \[MASS_NEGATIVE\]$' "$ERR" "stdin error form"

# --- --check: nothing on stdout; 0 when valid, 1 when not.
run --check "$GOOD"
expect_rc 0 "--check good"
expect_empty "$OUT" "--check good stdout"
expect_empty "$ERR" "--check good stderr"
run --check "$BAD"
expect_rc 1 "--check bad"
expect_empty "$OUT" "--check bad stdout"
expect_grep "\[MASS_NEGATIVE\]\$" "$ERR" "--check bad reports the error"
run --check "$WARNED"
expect_rc 0 "--check with warnings"
expect_empty "$OUT" "--check with warnings stdout"
expect_grep "^$(esc "$WARNED"):11: warning: .+ \[URDF_NONSTANDARD\]\$" "$ERR" "warning form"

# --- -q suppresses warnings, not errors nor output.
run "$WARNED"
expect_rc 0 "warned file"
expect_same "$WARNED_SDF" "$OUT" "warned file output"
expect_grep "^$(esc "$WARNED"):11: warning: .+ \[URDF_NONSTANDARD\]\$" "$ERR" "warning printed"
for q in -q --quiet; do
  run "$q" "$WARNED"
  expect_rc 0 "$q warned file"
  expect_same "$WARNED_SDF" "$OUT" "$q warned file output"
  expect_empty "$ERR" "$q suppresses warnings"
  run "$q" "$BAD"
  expect_rc 1 "$q bad file"
  expect_grep "\[MASS_NEGATIVE\]\$" "$ERR" "$q still prints errors"
done

# -v adds a summary line on stderr, nothing on stdout beyond the output.
run -v "$GOOD"
expect_rc 0 "-v"
expect_same "$GOOD_SDF" "$OUT" "-v output"
[ -s "$ERR" ] || fail "-v printed no summary"

# --- --help and --version.
for h in --help -h; do
  run "$h"
  expect_rc 0 "$h"
  expect_grep "^usage: urdf2sdf" "$OUT" "$h text"
done
run --version
expect_rc 0 "--version"
expect_grep "^urdf2sdf [0-9]" "$OUT" "--version text"

# --- every diagnostic line has the editor form.
run "$FIX/extensions.urdf"
expect_rc 0 "extensions fixture"
[ -s "$ERR" ] || fail "extensions fixture: expected warnings"
if grep -Ev "^$(esc "$FIX/extensions.urdf"):[0-9]+: (error|warning): .+ \[[A-Z0-9_]+\]\$" "$ERR" >"$TMP/odd"; then
  fail "diagnostics not in file:line: severity: message [CODE] form: $(cat "$TMP/odd")"
fi

# --- a xacro input: NAME:=VALUE reaches it, the output is the golden
# (urdf2sdf of the reference xacro's expansion), an error inside a macro
# is reported at the macro's line with its call site, and NAME:=VALUE with
# another input is a usage error.
XFIX="$PWD/testdata/xacro"
run "$XFIX/arm.urdf.xacro" length:=2 -o "$TMP/arm.sdf"
expect_rc 0 "xacro input"
expect_same "$XFIX/arm.length2.sdf" "$TMP/arm.sdf" "xacro input"
run "$XFIX/bad_arm.urdf.xacro"
expect_rc 1 "xacro input with an error in a macro"
expect_empty "$OUT" "xacro input with an error in a macro (stdout)"
expect_grep "^$(esc "$XFIX/arm_macros.xacro"):14: error: .*in macro 'hinge' called at $(esc "$XFIX/bad_arm.urdf.xacro"):5.*\[JOINT_CHILD_LINK_INVALID\]\$" "$ERR" "xacro error location"
run "$FIX/extensions.urdf" length:=2
expect_rc 2 "NAME:=VALUE without a xacro input"
run "$XFIX/arm.urdf.xacro" :=2
expect_rc 2 ":=VALUE without a name"
expect_grep "argument without a name: :=2" "$ERR" ":=VALUE without a name (message)"

if [ "$failures" -ne 0 ]; then
  echo "$failures check(s) failed" >&2
  exit 1
fi
echo "all checks passed"
