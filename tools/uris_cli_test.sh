#!/bin/bash
# --diagnostics-format json, --uris and --package in urdf2sdf, sdf2sdf, sdf2urdf and migrate, over
# testdata/migrate/uris/src: a ROS package (package.xml) with meshes and a
# Gazebo model, a package whose directory has another name, a mesh named
# relative to its file, a package that is nowhere, and an SDF model that
# includes the Gazebo model through package://. Each form is checked URI by
# URI; an unresolvable URI is kept with a coded warning; what migrate
# writes with relative URIs reads back.
#
# usage: uris_cli_test.sh URDF2SDF SDF2SDF SDF2URDF MIGRATE
set -u

URDF2SDF="${1:?}"; SDF2SDF="${2:?}"; SDF2URDF="${3:?}"; MIGRATE="${4:?}"
TMP="${TEST_TMPDIR:-$(mktemp -d)}/uris_cli"
rm -rf "$TMP" && mkdir -p "$TMP"
# A real copy: runfiles are symlinks, and a relative path must not go
# through the source tree.
cp -rL "$PWD/testdata/migrate/uris/src" "$TMP/src"
FIX="$TMP/src"
PKG="$FIX/my_robot_description"
unset ROS_PACKAGE_PATH AMENT_PREFIX_PATH SDF_PATH GZ_SIM_RESOURCE_PATH \
  IGN_GAZEBO_RESOURCE_PATH GAZEBO_MODEL_PATH
failures=0
fail() {
  echo "FAIL: $*" >&2
  failures=$((failures + 1))
}
has() {  # has FILE TEXT WHAT
  grep -qF -- "$2" "$1" || fail "$3: no '$2' in $(cat "$1")"
}
lacks() {
  grep -qF -- "$2" "$1" && fail "$3: '$2' in $(cat "$1")"
}
URDF="$PKG/urdf/robot.urdf"
CELL="$FIX/cells/cell.sdf"
MISSING_WARNING="robot.urdf:23: warning: mesh 'package://missing_pkg/meshes/x.stl': package 'missing_pkg' is not found"

# keep (the default): every URI as written, nothing resolved or warned.
"$URDF2SDF" "$URDF" >"$TMP/out" 2>"$TMP/err" || fail "urdf2sdf keep: exit $?"
has "$TMP/out" "<uri>package://parts/meshes/bolt.stl</uri>" "keep"
has "$TMP/out" "<uri>../meshes/arm.dae</uri>" "keep"
lacks "$TMP/err" "MESH_URI_UNRESOLVED" "keep"

# package: the enclosing package resolves its own URIs without any flag;
# 'parts' needs --package (its directory has another name).
"$URDF2SDF" --uris package "$URDF" >"$TMP/out" 2>"$TMP/err"
[ $? -eq 0 ] || fail "urdf2sdf --uris package: exit $?"
has "$TMP/out" "<uri>package://my_robot_description/meshes/base.stl</uri>" "package"
has "$TMP/out" "<uri>package://my_robot_description/meshes/arm.dae</uri>" "package: relative path"
has "$TMP/out" "<uri>package://parts/meshes/bolt.stl</uri>" "package: unresolved kept"
has "$TMP/err" "warning: mesh 'package://parts/meshes/bolt.stl': package 'parts' is not found (searched: ROS_PACKAGE_PATH (unset), AMENT_PREFIX_PATH (unset), the packages enclosing" "package: parts unresolved"
has "$TMP/err" "give --package parts=DIR); it is kept as is [MESH_URI_UNRESOLVED]" "package: the remedy"
has "$TMP/err" "$MISSING_WARNING" "package: missing_pkg"

# model, with --package: every mesh in model:// form; missing_pkg kept.
"$URDF2SDF" --uris model --package "parts=$FIX/parts_dir" "$URDF" >"$TMP/out" 2>"$TMP/err"
[ $? -eq 0 ] || fail "urdf2sdf --uris model: exit $?"
has "$TMP/out" "<uri>model://my_robot_description/meshes/base.stl</uri>" "model"
has "$TMP/out" "<uri>model://parts/meshes/bolt.stl</uri>" "model: --package"
has "$TMP/out" "<uri>model://my_robot_description/meshes/arm.dae</uri>" "model: relative path"
has "$TMP/out" "<uri>package://missing_pkg/meshes/x.stl</uri>" "model: unresolved kept"
has "$TMP/err" "$MISSING_WARNING" "model: missing_pkg"
lacks "$TMP/err" "bolt.stl" "model: parts resolved"

# The same through ROS_PACKAGE_PATH (crawled) and AMENT_PREFIX_PATH.
ROS_PACKAGE_PATH="/nonexistent:$FIX" "$URDF2SDF" --uris absolute "$URDF" >"$TMP/out" 2>"$TMP/err"
has "$TMP/out" "<uri>$FIX/parts_dir/meshes/bolt.stl</uri>" "absolute via ROS_PACKAGE_PATH"
has "$TMP/out" "<uri>$PKG/meshes/arm.dae</uri>" "absolute: relative path"
mkdir -p "$TMP/prefix/share" && ln -s "$FIX/parts_dir" "$TMP/prefix/share/parts"
AMENT_PREFIX_PATH="$TMP/prefix" "$URDF2SDF" --uris absolute "$URDF" >"$TMP/out" 2>"$TMP/err"
has "$TMP/out" "<uri>$TMP/prefix/share/parts/meshes/bolt.stl</uri>" "absolute via AMENT_PREFIX_PATH"

# relative: to the output file's directory.
mkdir -p "$TMP/o"
"$URDF2SDF" --uris relative --package "parts=$FIX/parts_dir" "$URDF" -o "$TMP/o/robot.sdf" 2>"$TMP/err"
has "$TMP/o/robot.sdf" "<uri>../src/parts_dir/meshes/bolt.stl</uri>" "relative -o"
has "$TMP/o/robot.sdf" "<uri>../src/my_robot_description/meshes/base.stl</uri>" "relative -o"

# Bad flags: usage errors.
"$URDF2SDF" --uris nope "$URDF" >/dev/null 2>"$TMP/err"; [ $? -eq 2 ] || fail "--uris nope: not 2"
has "$TMP/err" "--uris needs keep, package, model, relative or absolute" "--uris nope"
"$SDF2SDF" --package nodir "$CELL" >/dev/null 2>"$TMP/err"; [ $? -eq 2 ] || fail "--package nodir: not 2"
has "$TMP/err" "--package needs PKG=DIR" "--package nodir"

# sdf2sdf: a package:// include needs the package (cells/ is in none).
"$SDF2SDF" "$CELL" >"$TMP/out" 2>"$TMP/err"; [ $? -eq 1 ] || fail "sdf2sdf unresolved include: not 1"
has "$TMP/err" "give --package my_robot_description=DIR) [INCLUDE_UNRESOLVED]" "include unresolved"
"$SDF2SDF" --package "my_robot_description=$PKG" "$CELL" >"$TMP/out" 2>"$TMP/err" || fail "sdf2sdf --package: exit $?"
has "$TMP/out" "<uri>package://my_robot_description/models/gripper</uri>" "include kept"
"$SDF2SDF" --uris model --package "my_robot_description=$PKG" "$CELL" >"$TMP/out" 2>"$TMP/err"
has "$TMP/out" "<uri>model://gripper</uri>" "include as model://"
"$SDF2SDF" --uris package --expand-includes --package "my_robot_description=$PKG" "$CELL" >"$TMP/out" 2>"$TMP/err"
has "$TMP/out" "<uri>package://my_robot_description/models/gripper/meshes/finger.stl</uri>" "expanded include's mesh, relative to its own file"

# sdf2urdf: the included model's mesh, flattened.
"$SDF2URDF" --uris model --package "my_robot_description=$PKG" "$CELL" >"$TMP/out" 2>"$TMP/err"
has "$TMP/out" 'filename="model://gripper/meshes/finger.stl"' "sdf2urdf model"
# A mesh in no package: kept, URI_NOT_REWRITTEN.
mkdir -p "$TMP/loose/meshes" && cp "$PKG/models/gripper/model.sdf" "$TMP/loose/" &&
  cp "$PKG/models/gripper/meshes/finger.stl" "$TMP/loose/meshes/"
"$SDF2URDF" --uris package "$TMP/loose/model.sdf" >"$TMP/out" 2>"$TMP/err"
has "$TMP/out" 'filename="meshes/finger.stl"' "not rewritten: kept"
has "$TMP/err" "which is in no ROS package (a package.xml above it); it is kept as is [URI_NOT_REWRITTEN]" "URI_NOT_REWRITTEN"

# migrate: the repository's own packages resolve every package:// URI
# (missing_pkg aside); relative paths point into DST's copies and read back.
"$MIGRATE" "$FIX" -o "$TMP/rel" --uris relative -q --report "$TMP/rel.json" >/dev/null 2>"$TMP/err"
[ $? -eq 0 ] || fail "migrate --uris relative: exit $? $(cat "$TMP/err")"
R="$TMP/rel/my_robot_description/urdf/robot.sdf"
has "$R" "<uri>../meshes/base.stl</uri>" "migrate relative"
has "$R" "<uri>../../parts_dir/meshes/bolt.stl</uri>" "migrate relative: repository package"
has "$R" "<uri>package://missing_pkg/meshes/x.stl</uri>" "migrate relative: unresolved kept"
has "$TMP/rel.json" '"code": "MESH_URI_UNRESOLVED"' "migrate report: the warning"
has "$TMP/rel/cells/cell.sdf" "<uri>../my_robot_description/models/gripper</uri>" "migrate relative include"
has "$TMP/rel/my_robot_description/models/gripper/model.sdf" "<uri>meshes/finger.stl</uri>" "migrate relative mesh"
# The include leaves cells/, so reading it back needs the repository allowed
# (includes are confined to the input's directory tree by default).
"$SDF2SDF" --check --allow-include-from "$TMP/rel" "$TMP/rel/cells/cell.sdf" 2>"$TMP/err" || fail "relative include does not read back: $(cat "$TMP/err")"
"$MIGRATE" "$FIX" -o "$TMP/abs" --uris absolute -q >/dev/null 2>&1
has "$TMP/abs/my_robot_description/urdf/robot.sdf" "<uri>$TMP/abs/parts_dir/meshes/bolt.stl</uri>" "migrate absolute: the copy"
has "$TMP/abs/cells/cell.sdf" "<uri>$TMP/abs/my_robot_description/models/gripper</uri>" "migrate absolute include"
"$MIGRATE" "$FIX" -o "$TMP/urdf" --to urdf --uris package -q >/dev/null 2>&1
has "$TMP/urdf/my_robot_description/models/gripper/model.urdf" 'filename="package://my_robot_description/models/gripper/meshes/finger.stl"' "migrate --to urdf package"
has "$TMP/urdf/cells/cell.urdf" 'filename="package://my_robot_description/models/gripper/meshes/finger.stl"' "migrate --to urdf: included model"
# The sources are untouched.
diff -r "$PWD/testdata/migrate/uris/src" "$FIX" >/dev/null || fail "sources changed"

# --diagnostics-format json: one JSON object a line, the fields of migrate's
# report, for every single-file command; I/O errors too; the text form
# says the same.
for cmd in "$URDF2SDF --uris package $URDF" "$SDF2SDF $CELL" "$SDF2URDF $CELL" \
  "$URDF2SDF $TMP/missing.urdf"; do
  $cmd >/dev/null 2>"$TMP/text"; text_rc=$?
  $cmd --diagnostics-format json >/dev/null 2>"$TMP/json"; json_rc=$?
  [ "$text_rc" -eq "$json_rc" ] || fail "json: exit $json_rc, text $text_rc: $cmd"
  [ -s "$TMP/json" ] || fail "json: nothing printed: $cmd"
  python3 - "$TMP/json" "$TMP/text" <<'PY' || fail "json: $cmd: $(cat "$TMP/json")"
import json, sys
objs = [json.loads(l) for l in open(sys.argv[1])]
text = open(sys.argv[2]).read().splitlines()
assert len(objs) == len(text), (len(objs), len(text))
keys = ["file", "line", "severity", "code", "message"]
for o, t in zip(objs, text):
    # A diagnostic about an element names it (docs/diagnostics.md: JSON diagnostics).
    assert list(o) in (keys, keys + ["element_path"]), o
    assert ("element_path" in o) == (o["line"] > 0), o
    assert o.get("element_path", "/").startswith("/"), o
    where = o["file"] + (":%d" % o["line"] if o["line"] else "")
    assert t == "%s: %s: %s [%s]" % (where, o["severity"], o["message"], o["code"]), (t, o)
PY
done
# Element paths: a reader's diagnostic names its element exactly; a tree or
# frame-graph check's (file:line only) gets the outermost element beginning
# on its line; from standard input too.
cat >"$TMP/parent.urdf" <<'EOF'
<robot name="r">
  <link name="a"/>
  <joint name="j" type="fixed"><parent link="nowhere"/><child link="a"/></joint>
  <link name="b"><inertial><mass value="heavy"/></inertial></link>
</robot>
EOF
cat >"$TMP/parent.sdf" <<'EOF'
<sdf version="1.8">
  <model name="outer">
    <model name="inner">
      <link name="a"/>
      <joint name="j" type="fixed">
        <parent>nowhere</parent><child>a</child>
      </joint>
    </model>
  </model>
</sdf>
EOF
paths() {  # paths JSON_FILE: "line code element_path" per diagnostic
  python3 -c '
import json, sys
for l in open(sys.argv[1]):
    o = json.loads(l)
    print(o["line"], o["code"], o.get("element_path", "-"))' "$1"
}
"$URDF2SDF" --diagnostics-format json "$TMP/parent.urdf" >/dev/null 2>"$TMP/json"
paths "$TMP/json" >"$TMP/paths"
has "$TMP/paths" "4 NUMBER_INVALID /robot[r]/link[b]/inertial/mass" "urdf2sdf json: reader path"
"$URDF2SDF" --diagnostics-format json <"$TMP/parent.urdf" >/dev/null 2>"$TMP/json"
paths "$TMP/json" >"$TMP/paths"
has "$TMP/paths" "4 NUMBER_INVALID /robot[r]/link[b]/inertial/mass" "urdf2sdf json stdin: reader path"
# Without the unreadable link the tree check runs.
sed '/<link name="b">/d' "$TMP/parent.urdf" >"$TMP/parent2.urdf"
"$URDF2SDF" --diagnostics-format json "$TMP/parent2.urdf" >/dev/null 2>"$TMP/json"
paths "$TMP/json" >"$TMP/paths"
has "$TMP/paths" "3 JOINT_PARENT_LINK_INVALID /robot[r]/joint[j]" "urdf2sdf json: tree check path by line"
"$URDF2SDF" --diagnostics-format json - <"$TMP/parent2.urdf" >/dev/null 2>"$TMP/json"
paths "$TMP/json" >"$TMP/paths"
has "$TMP/paths" "3 JOINT_PARENT_LINK_INVALID /robot[r]/joint[j]" "urdf2sdf json stdin: path by line"
for cmd in "$SDF2URDF" "$SDF2SDF"; do
  "$cmd" --diagnostics-format json "$TMP/parent.sdf" >/dev/null 2>"$TMP/json"
  paths "$TMP/json" >"$TMP/paths"
  [ -s "$TMP/paths" ] || fail "$cmd json: no diagnostics"
  lacks "$TMP/paths" " -" "$cmd json: a diagnostic without a path"
  has "$TMP/paths" "5 JOINT_PARENT_LINK_INVALID /sdf/model[outer]/model[inner]/joint[j]" "$cmd json: frame-graph path by line"
done
# The text form is what it was: no paths.
"$SDF2URDF" "$TMP/parent.sdf" >/dev/null 2>"$TMP/text"
lacks "$TMP/text" "/sdf/model" "sdf2urdf text: a path"

"$URDF2SDF" --diagnostics-format yaml "$URDF" >/dev/null 2>"$TMP/err"; [ $? -eq 2 ] || fail "--diagnostics-format yaml: not 2"
"$SDF2URDF" --check-parity --diagnostics-format json "$PKG/models/gripper/model.sdf" >/dev/null 2>"$TMP/json"
python3 -c "import json,sys; [json.loads(l) for l in open(sys.argv[1])]" "$TMP/json" ||
  fail "--check-parity printed text among the JSON: $(cat "$TMP/json")"

if [ "$failures" -ne 0 ]; then
  echo "$failures failure(s)" >&2
  exit 1
fi
echo "PASS"
