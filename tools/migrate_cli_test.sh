#!/bin/bash
# migrate end to end over testdata/migrate/repo: exit codes (0 all
# converted, 1 a file failed, 2 usage or I/O), the JSON report and the
# Markdown summary, plain progress lines when stderr is not a terminal,
# --dry-run writing nothing, the second run skipping everything, --in-place,
# the diagnostics in file:line form or as JSON (--diagnostics-format), the
# input limits and --allow-include-from.
#
# usage: migrate_cli_test.sh PATH/TO/migrate
set -u

BIN="${1:?usage: $0 MIGRATE}"
FIX="$PWD/testdata/migrate/repo"
TMP="${TEST_TMPDIR:-$(mktemp -d)}/migrate_cli"
rm -rf "$TMP" && mkdir -p "$TMP"
failures=0
fail() {
  echo "FAIL: $*" >&2
  failures=$((failures + 1))
}
expect_rc() {  # expect_rc WANT GOT WHAT
  [ "$2" -eq "$1" ] || fail "$3: exit $2, expected $1: $(head -5 "$TMP/err")"
}

# Usage errors: 2, with the reason.
"$BIN" >"$TMP/out" 2>"$TMP/err"; expect_rc 2 $? "no arguments"
grep -q "no source directory" "$TMP/err" || fail "no arguments: $(cat "$TMP/err")"
"$BIN" "$FIX" 2>"$TMP/err"; expect_rc 2 $? "no -o"
"$BIN" "$FIX" -o "$TMP/x" --in-place 2>"$TMP/err"; expect_rc 2 $? "-o with --in-place"
"$BIN" "$FIX" -o "$TMP/x" -j 0 2>"$TMP/err"; expect_rc 2 $? "-j 0"
"$BIN" "$FIX" -o "$TMP/x" --to xacro 2>"$TMP/err"; expect_rc 2 $? "--to xacro"
"$BIN" "$FIX" -o "$TMP/x" --frobnicate 2>"$TMP/err"; expect_rc 2 $? "unknown flag"
"$BIN" "$TMP/missing" -o "$TMP/x" 2>"$TMP/err"; expect_rc 2 $? "missing source"
grep -q "is not a directory" "$TMP/err" || fail "missing source: $(cat "$TMP/err")"
"$BIN" --help >"$TMP/out" 2>&1; expect_rc 0 $? "--help"
grep -q -- "--report FILE.json" "$TMP/out" || fail "--help lacks --report"
[ -e "$TMP/x" ] && fail "a usage error wrote $TMP/x"

# Dry run: the statuses a real run gets, nothing written.
"$BIN" --dry-run "$FIX" -o "$TMP/dry" >"$TMP/out" 2>"$TMP/err"
expect_rc 1 $? "dry run"
[ -e "$TMP/dry" ] && fail "--dry-run wrote $TMP/dry"
grep -q "| converted | 6 |" "$TMP/out" || fail "dry run summary: $(cat "$TMP/out")"

# A real run: 1 (the broken file), its error in file:line form, every
# other file written, the report listing all ten files.
"$BIN" "$FIX" -o "$TMP/out_dir" -j 3 --report "$TMP/report.json" \
  >"$TMP/out" 2>"$TMP/err"
expect_rc 1 $? "mirror run"
grep -qx "broken/broken.urdf:5: error: joint 'j' names child link 'missing', which does not exist \[JOINT_CHILD_LINK_INVALID\]" "$TMP/err" ||
  fail "diagnostic form: $(cat "$TMP/err")"
grep -q "^migrate: 10/10 files, 1 failed, " "$TMP/err" ||
  fail "no plain progress line: $(cat "$TMP/err")"
for f in my_robot_description/urdf/my_robot.sdf models/base/model.sdf \
  models/arm_on_base/model.sdf worlds/empty_with_base.world \
  my_robot_description/meshes/base.stl my_robot_description/package.xml; do
  [ -s "$TMP/out_dir/$f" ] || fail "not written: $f"
done
[ -e "$TMP/out_dir/broken/broken.sdf" ] && fail "a failed file has an output"
ls -A "$TMP/out_dir" "$TMP/out_dir"/* | grep -q "\.tmp\." && fail "temporary files left"
[ "$(grep -c '"source": ' "$TMP/report.json")" -eq 10 ] ||
  fail "report does not list 10 files: $(cat "$TMP/report.json")"
grep -q '"source": "broken/broken.urdf", "output": null, "status": "failed"' \
  "$TMP/report.json" || fail "report: broken file"
grep -qF '"line": 5, "severity": "error", "code": "JOINT_CHILD_LINK_INVALID", "message": "joint '"'"'j'"'"' names child link '"'"'missing'"'"', which does not exist", "element_path": "/robot[broken]/joint[j]"}' \
  "$TMP/report.json" || fail "report: the broken file's diagnostic and its element path"
grep -q '"source": "my_robot_description/urdf/my_robot.urdf", "output": "my_robot_description/urdf/my_robot.sdf", "status": "converted"' \
  "$TMP/report.json" || fail "report: the URDF"
grep -q "| copied | 3 |" "$TMP/out" || fail "summary: $(cat "$TMP/out")"

# Second run: everything up to date is skipped, nothing rewritten.
before=$(cd "$TMP/out_dir" && find . -type f -newer "$TMP/report.json" | wc -l)
"$BIN" "$FIX" -o "$TMP/out_dir" --report "$TMP/report2.json" >"$TMP/out" 2>"$TMP/err"
expect_rc 1 $? "second run"
grep -q "| skipped | 9 |" "$TMP/out" || fail "second run: $(cat "$TMP/out")"
after=$(cd "$TMP/out_dir" && find . -type f ! -name .migrate-manifest -newer "$TMP/report.json" | wc -l)
[ "$after" -eq "$before" ] || fail "second run rewrote outputs"

# Without the broken file: exit 0.
# -L: the fixture's files are runfiles symlinks into the source tree; copied
# as links, an in-place run would write through them into the repository.
cp -rL "$FIX" "$TMP/good" && rm "$TMP/good/broken/broken.urdf"
"$BIN" "$TMP/good" -o "$TMP/good_out" -q >"$TMP/out" 2>"$TMP/err"
expect_rc 0 $? "all converted"
[ -s "$TMP/out" ] && fail "-q printed a summary: $(cat "$TMP/out")"

# In place: outputs beside the sources, originals kept, sources intact.
cp -rL "$FIX" "$TMP/ip"
"$BIN" --in-place "$TMP/ip" -v >"$TMP/out" 2>"$TMP/err"
expect_rc 1 $? "in place"
cmp -s "$FIX/my_robot_description/urdf/my_robot.urdf" \
  "$TMP/ip/my_robot_description/urdf/my_robot.urdf" || fail "in place changed the URDF"
cmp -s "$FIX/models/base/model.sdf" "$TMP/ip/models/base/model.orig.sdf" ||
  fail "in place: original not kept"
cmp -s "$TMP/out_dir/models/base/model.sdf" "$TMP/ip/models/base/model.sdf" ||
  fail "in place output differs from the mirror's"
grep -q "^migrate: models/base/model.sdf -> models/base/model.sdf: converted" \
  "$TMP/err" || fail "-v per-file line: $(cat "$TMP/err")"
# -v then says how long each step took, in the order they ran (in place:
# no sync of the whole output, each file was synced as written).
[ "$(grep -E '^migrate: [a-z]+: [0-9]+\.[0-9] ms$' "$TMP/err" | cut -d: -f2 | tr -d ' ' | tr '\n' ' ')" = \
  "walk plan digest tasks directories manifest " ] ||
  fail "-v step times: $(cat "$TMP/err")"

# --diagnostics-format json: standard error holds only diagnostics, one JSON
# object a line, each with the path of its element (the tree check's by its
# line); a bad format is a usage error.
"$BIN" "$FIX" -o "$TMP/json_out" --diagnostics-format json >"$TMP/out" 2>"$TMP/err"
expect_rc 1 $? "--diagnostics-format json"
grep -qxF '{"file": "broken/broken.urdf", "line": 5, "severity": "error", "code": "JOINT_CHILD_LINK_INVALID", "message": "joint '"'"'j'"'"' names child link '"'"'missing'"'"', which does not exist", "element_path": "/robot[broken]/joint[j]"}' \
  "$TMP/err" || fail "--diagnostics-format json: $(cat "$TMP/err")"
[ "$(grep -vc '^{"file": ' "$TMP/err")" -eq 0 ] ||
  fail "--diagnostics-format json: other lines on stderr: $(cat "$TMP/err")"
"$BIN" "$FIX" -o "$TMP/x" --diagnostics-format xml 2>"$TMP/err"
expect_rc 2 $? "--diagnostics-format xml"
grep -q "diagnostics-format needs text or json" "$TMP/err" || fail "bad format: $(cat "$TMP/err")"

# The input limits, as in the single-file commands: a bad value is a usage
# error; a model file over a limit fails with the limit's code, the copies
# are still made.
"$BIN" "$FIX" -o "$TMP/x" --max-depth 0 2>"$TMP/err"; expect_rc 2 $? "--max-depth 0"
grep -q -- "--max-depth needs a number from 1 to 1000, not '0'" "$TMP/err" ||
  fail "--max-depth 0: $(cat "$TMP/err")"
"$BIN" "$FIX" -o "$TMP/x" --max-file-size 1Q 2>"$TMP/err"; expect_rc 2 $? "--max-file-size 1Q"
"$BIN" "$FIX" -o "$TMP/x" --allow-include-from 2>"$TMP/err"; expect_rc 2 $? "--allow-include-from without DIR"
"$BIN" "$FIX" -o "$TMP/limits" --max-elements 5 --report "$TMP/limits.json" >"$TMP/out" 2>"$TMP/err"
expect_rc 1 $? "--max-elements 5"
grep -q '"code": "XML_TOO_MANY_ELEMENTS"' "$TMP/limits.json" || fail "--max-elements: $(cat "$TMP/limits.json")"
grep -q '"max_elements": 5' "$TMP/limits.json" || fail "--max-elements not in the report's options"
# The model.config files name files that failed: copied as they are.
grep -q "| failed | 5 |" "$TMP/out" || fail "--max-elements: failures: $(cat "$TMP/out")"
grep -q "| copied | 5 |" "$TMP/out" || fail "--max-elements: copies: $(cat "$TMP/out")"
"$BIN" "$FIX" -o "$TMP/limits2" --max-file-size 100 >"$TMP/out" 2>"$TMP/err"
expect_rc 1 $? "--max-file-size 100"
grep -q "FILE_TOO_LARGE" "$TMP/err" || fail "--max-file-size: $(cat "$TMP/err")"
# Every model file (model.config too) is over it; the copies are made.
grep -q "| failed | 7 |" "$TMP/out" || fail "--max-file-size: failures: $(cat "$TMP/out")"
grep -q "| copied | 3 |" "$TMP/out" || fail "--max-file-size: copies: $(cat "$TMP/out")"
# Changing a limit converts again what the earlier run converted.
"$BIN" "$FIX" -o "$TMP/limits" --max-elements 6 >"$TMP/out" 2>"$TMP/err"
grep -q "| skipped |" "$TMP/out" && fail "another limit skipped files: $(cat "$TMP/out")"

# --allow-include-from: an include outside SRC_DIR is refused, then read.
mkdir -p "$TMP/inc/repo" "$TMP/inc/outside"
printf '<sdf version="1.7">\n<model name="o"><link name="l"/></model>\n</sdf>\n' >"$TMP/inc/outside/o.sdf"
printf '<sdf version="1.7">\n<model name="top">\n<link name="l"/>\n<include><uri>../outside/o.sdf</uri></include>\n</model>\n</sdf>\n' >"$TMP/inc/repo/up.sdf"
"$BIN" "$TMP/inc/repo" -o "$TMP/inc/out1" >"$TMP/out" 2>"$TMP/err"
expect_rc 1 $? "include outside SRC_DIR"
grep -q "INCLUDE_NOT_ALLOWED" "$TMP/err" || fail "include outside: $(cat "$TMP/err")"
"$BIN" "$TMP/inc/repo" -o "$TMP/inc/out2" --allow-include-from "$TMP/inc/outside" >"$TMP/out" 2>"$TMP/err"
expect_rc 0 $? "--allow-include-from"
grep -q '<uri>../outside/o.sdf</uri>' "$TMP/inc/out2/up.sdf" || fail "--allow-include-from: $(cat "$TMP/inc/out2/up.sdf")"

# An unwritable destination: 2.
touch "$TMP/file"
"$BIN" "$FIX" -o "$TMP/file/out" 2>"$TMP/err"; expect_rc 2 $? "unwritable destination"

if [ "$failures" -ne 0 ]; then
  echo "$failures failure(s)" >&2
  exit 1
fi
echo "PASS"
