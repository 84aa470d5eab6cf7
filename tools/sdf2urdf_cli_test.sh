#!/bin/bash
# sdf2urdf end to end, on the fixtures in testdata/sdf2urdf (each NAME.sdf
# says in a comment which rule it covers):
#   NAME.sdf                 the input
#   NAME[.V].flags           the command-line flags of variant V (one line)
#   NAME[.V].urdf            the expected standard output (absent: nothing)
#   NAME[.V].stderr          "# exit N", then the expected diagnostics
# Each run is compared byte for byte; every .urdf golden must parse with
# urdfdom. Then the shared command-line conventions (stdin, -o, --check, exit
# codes, no partial output).
#
# usage: sdf2urdf_cli_test.sh PATH/TO/sdf2urdf PATH/TO/urdfdom_check [--regenerate]
# --regenerate (run from the workspace root) rewrites the goldens; review the
# diff by hand.
set -u

BIN="$(realpath "${1:?usage: $0 SDF2URDF URDFDOM_CHECK}")"
CHECK="$(realpath "${2:?usage: $0 SDF2URDF URDFDOM_CHECK}")"
REGENERATE="${3:-}"
FIX="$PWD/testdata/sdf2urdf"
TMP="${TEST_TMPDIR:-$(mktemp -d)}/sdf2urdf"
rm -rf "$TMP" && mkdir -p "$TMP"
failures=0
fail() {
  echo "FAIL: $*" >&2
  failures=$((failures + 1))
}

cd "$FIX" || exit 1
runs=0
for input in *.sdf; do
  name="${input%.sdf}"
  for variant in "" $(ls "$name".*.flags 2>/dev/null | sed "s/^$name\.\(.*\)\.flags$/\1/"); do
    stem="$name${variant:+.$variant}"
    flags=()
    [ -n "$variant" ] && read -r -a flags <"$stem.flags"
    "$BIN" "${flags[@]}" "$input" >"$TMP/out" 2>"$TMP/err.raw"
    rc=$?
    { echo "# exit $rc"; cat "$TMP/err.raw"; } >"$TMP/err"
    runs=$((runs + 1))
    if [ "$REGENERATE" = "--regenerate" ]; then
      cp "$TMP/err" "$stem.stderr"
      if [ -s "$TMP/out" ]; then cp "$TMP/out" "$stem.urdf"; else rm -f "$stem.urdf"; fi
      continue
    fi
    cmp -s "$stem.stderr" "$TMP/err" ||
      fail "$stem: diagnostics differ: $(diff "$stem.stderr" "$TMP/err" | head -20)"
    if [ -e "$stem.urdf" ]; then
      cmp -s "$stem.urdf" "$TMP/out" ||
        fail "$stem: output differs: $(diff "$stem.urdf" "$TMP/out" | head -20)"
      # Debian's urdfdom reads only URDF 1.0: a 1.1 or 1.2 golden is not its
      # to judge.
      if ! grep -q '<robot [^>]*version="1\.[12]"' "$stem.urdf"; then
        "$CHECK" "$stem.urdf" 2>"$TMP/check" || fail "$stem.urdf: $(cat "$TMP/check")"
      fi
    else
      [ ! -s "$TMP/out" ] || fail "$stem: wrote output, expected none"
    fi
  done
done
[ "$REGENERATE" = "--regenerate" ] && { echo "regenerated $runs runs"; exit 0; }
[ "$runs" -ge 20 ] || fail "only $runs fixture runs found"

# stdin in, -o out (whole file), diagnostics named <stdin>.
"$BIN" -o "$TMP/u.urdf" <universal.sdf 2>"$TMP/err" || fail "stdin: exit $?"
cmp -s universal.urdf "$TMP/u.urdf" || fail "stdin -o output differs"
grep -q '^<stdin>:15: warning: .*\[JOINT_SPLIT\]$' "$TMP/err" ||
  fail "stdin warning: $(cat "$TMP/err")"

# Refused: exit 1, nothing written, not even with -o.
"$BIN" world.sdf -o "$TMP/world.urdf" 2>/dev/null
rc=$?
[ "$rc" -eq 1 ] || fail "world: exit $rc, expected 1"
[ ! -e "$TMP/world.urdf" ] || fail "world: wrote output"

# --check: validates, writes nothing.
"$BIN" --check reexpress.sdf >"$TMP/out" 2>"$TMP/err" || fail "--check: exit $?"
[ ! -s "$TMP/out" ] || fail "--check wrote to stdout"

# Usage and I/O errors: exit 2.
"$BIN" --no-such-flag >/dev/null 2>&1; [ $? -eq 2 ] || fail "unknown flag: not exit 2"
"$BIN" "$TMP/missing.sdf" >/dev/null 2>&1; [ $? -eq 2 ] || fail "missing file: not exit 2"
"$BIN" --urdf-version 2.0 reexpress.sdf >/dev/null 2>&1; [ $? -eq 2 ] || fail "--urdf-version 2.0: not exit 2"
"$BIN" --mesh-uris nope reexpress.sdf >/dev/null 2>&1; [ $? -eq 2 ] || fail "--mesh-uris nope: not exit 2"
"$BIN" --model >/dev/null 2>&1; [ $? -eq 2 ] || fail "--model without name: not exit 2"

if [ "$failures" -ne 0 ]; then
  echo "$failures failure(s)" >&2
  exit 1
fi
echo "PASS ($runs fixture runs)"
