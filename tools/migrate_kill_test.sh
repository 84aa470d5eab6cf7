#!/bin/bash
# migrate killed in the middle of a run: on a generated repository big
# enough that the kill lands mid-run, `migrate -j 2` is killed with SIGKILL
# (nothing can clean up) and, separately, with SIGTERM (the handler removes
# its temporary files). After either: every output present under its final
# name is complete (byte-identical to an uninterrupted run's), SIGTERM left
# no temporary file; a re-run resumes (skips what the killed run recorded),
# removes what SIGKILL left, exits 0, and the tree equals the uninterrupted
# run's file for file.
#
# usage: migrate_kill_test.sh PATH/TO/migrate
set -u

BIN="${1:?usage: $0 MIGRATE}"
TMP="${TEST_TMPDIR:-$(mktemp -d)}/migrate_kill"
rm -rf "$TMP" && mkdir -p "$TMP"
failures=0
fail() {
  echo "FAIL: $*" >&2
  failures=$((failures + 1))
}

# A chain of 60 links, every joint revolute with a rotated origin.
chain() {  # chain NAME
  echo "<?xml version=\"1.0\"?>"
  echo "<robot name=\"$1\">"
  for i in $(seq 0 59); do
    echo "  <link name=\"l$i\"><inertial><mass value=\"1\"/><inertia ixx=\"0.1\" ixy=\"0\" ixz=\"0\" iyy=\"0.1\" iyz=\"0\" izz=\"0.1\"/></inertial>"
    echo "    <visual><geometry><mesh filename=\"package://$1/meshes/l$i.stl\"/></geometry></visual>"
    echo "    <collision><geometry><box size=\"0.1 0.2 0.3\"/></geometry></collision></link>"
    if [ "$i" -gt 0 ]; then
      echo "  <joint name=\"j$i\" type=\"revolute\"><parent link=\"l$((i - 1))\"/><child link=\"l$i\"/>"
      echo "    <origin xyz=\"0 0 0.1\" rpy=\"0.1 0.2 0.3\"/><axis xyz=\"0 0 1\"/><limit lower=\"-1\" upper=\"1\" effort=\"1\" velocity=\"1\"/></joint>"
    fi
  done
  echo "</robot>"
}
SRC="$TMP/repo"
FILES=1500
chain template >"$TMP/template.urdf"
for i in $(seq 1 $FILES); do
  d="$SRC/pkg_$((i % 50))/urdf"
  mkdir -p "$d"
  sed "s/template/robot_$i/g" "$TMP/template.urdf" >"$d/robot_$i.urdf"
done

"$BIN" "$SRC" -o "$TMP/reference" -j 2 -q >/dev/null 2>"$TMP/err" ||
  fail "uninterrupted run: exit $? $(head -3 "$TMP/err")"

temporaries() { find "$1" -name '*.tmp.????????????????' | wc -l; }
# Every .sdf under $1 equals the reference's.
complete() {
  local bad=0
  while IFS= read -r f; do
    cmp -s "$f" "$TMP/reference/${f#$1/}" || { bad=$((bad + 1)); echo "partial: $f" >&2; }
  done < <(find "$1" -name '*.sdf')
  echo "$bad"
}

for signal in KILL TERM; do
  DST="$TMP/out_$signal"
  "$BIN" "$SRC" -o "$DST" -j 2 -q >/dev/null 2>"$TMP/err_$signal" &
  pid=$!
  # Wait for the run to be well under way: a few hundred files recorded.
  for _ in $(seq 1 600); do
    [ "$(wc -l 2>/dev/null <"$DST/.migrate-manifest" || echo 0)" -ge 200 ] && break
    sleep 0.05
  done
  if ! kill -0 "$pid" 2>/dev/null; then
    fail "$signal: the run ended before the kill; make the repository bigger"
    continue
  fi
  kill -"$signal" "$pid"
  wait "$pid"; rc=$?
  want=$((128 + $(kill -l "$signal")))
  [ "$rc" -eq "$want" ] || fail "$signal: exit $rc, expected $want"
  done_files=$(find "$DST" -name '*.sdf' | wc -l)
  [ "$done_files" -gt 0 ] && [ "$done_files" -lt "$FILES" ] ||
    fail "$signal: $done_files of $FILES files written: not a mid-run kill"
  [ "$(complete "$DST")" -eq 0 ] || fail "$signal: a partial output"
  left=$(temporaries "$DST")
  if [ "$signal" = TERM ]; then
    [ "$left" -eq 0 ] || fail "TERM left $left temporary files"
  fi
  echo "$signal: killed after $done_files of $FILES files; $left temporary file(s) left"

  "$BIN" "$SRC" -o "$DST" -j 2 --report "$TMP/resume_$signal.json" >"$TMP/out" 2>"$TMP/err"
  rc=$?
  [ "$rc" -eq 0 ] || fail "$signal: re-run exit $rc: $(head -3 "$TMP/err")"
  skipped=$(grep -o '"skipped": [0-9]*' "$TMP/resume_$signal.json" | grep -o '[0-9]*$')
  [ "${skipped:-0}" -ge 200 ] || fail "$signal: re-run skipped ${skipped:-0} files, expected the >= 200 recorded"
  [ "${skipped:-0}" -lt "$FILES" ] || fail "$signal: re-run skipped everything"
  [ "$(temporaries "$DST")" -eq 0 ] || fail "$signal: temporary files after the re-run"
  diff -r -x .migrate-manifest "$TMP/reference" "$DST" >/dev/null ||
    fail "$signal: the resumed tree differs from the uninterrupted run's"
done

if [ "$failures" -ne 0 ]; then
  echo "$failures failure(s)" >&2
  exit 1
fi
echo "PASS"
