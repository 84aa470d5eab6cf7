#!/usr/bin/env bash
# The layering: which folder's code may #include which folder's headers
# (docs/architecture.md states it; //tools:layering_test runs this over
# every source and header of the library and the tools, as the
# layering_test rule of tools/layering.bzl collects them).
#
#   tools/layering_check.sh FILE...     (paths from the workspace root)
#
# Prints each include against the table, "FILE:LINE: includes HEADER, which
# FOLDER may not (may: ...)", and exits 1 when there is one. Only includes
# of this workspace's folders count (system headers are not ours). A file
# may always include its own folder. Tests (*_test.cc, *_fuzz.cc) are not
# library code: besides their folder's row, they may include the test
# support and the library up to the pipelines (a reshaping pass is tested
# through the pipeline that runs it), never tools/ or migrate/ from below.
set -uo pipefail

# FOLDER: what its code may include besides itself, as path prefixes. A
# folder not listed here (a new one) fails until it is given a row.
# Bottom to top:
declare -A allowed=(
  # The diagnostic registry (codes.def, Diagnostics): below everything.
  [diag]=""
  # The kept-verbatim element (frames::Element): the model holds it, the
  # XML layer makes and writes it; below both, so neither includes the
  # other.
  [element]="diag/"
  # XML reading and writing: knows no model.
  [xml]="element/ diag/"
  # The kinematic model, poses, frame graphs: knows no XML.
  [frames]="element/ diag/"
  # xacro: XML in, XML out.
  [xacro]="xml/ element/ diag/"
  # The format readers and writers.
  [urdf_io]="xml/ frames/ element/ diag/"
  [sdf_io]="xml/ frames/ element/ diag/"
  # Reshaping, model -> model: the options and the URDF carry format
  # (reshape/), then each direction. reshape/to_sdf uses sdf_io's schema
  # check (sdf_io/schema_check.h); reshape/to_urdf uses urdf_io's reader
  # helpers and reshape/to_sdf (the <gazebo> vocabulary, sdf_version.h).
  [reshape]="frames/ xml/ element/ diag/"
  [reshape/to_sdf]="reshape/options.h reshape/urdf_extensions.h sdf_io/ frames/ xml/ element/ diag/"
  [reshape/to_urdf]="reshape/options.h reshape/urdf_extensions.h reshape/to_sdf/ urdf_io/ frames/ xml/ element/ diag/"
  # robot-diff: compares two kinematic models; reads nothing itself, so that
  # it shares no code with the readers' reshaping or the writers.
  [robot_diff]="frames/ element/ diag/"
  # Pictures: DOT text of a model's tree and frame graphs, and its
  # rendering with Graphviz; reads nothing itself.
  [graph]="frames/ element/ diag/"
  # The pipelines.
  [converter]="reshape/ xacro/ urdf_io/ sdf_io/ frames/ xml/ element/ diag/"
  # A conversion verified: both sides read through the converter's input
  # reading and compared by robot_diff/.
  [verify]="robot_diff/ converter/ reshape/ xacro/ urdf_io/ sdf_io/ frames/ xml/ element/ diag/"
  # A description's picture: read through the converter's input reading and
  # drawn by graph/ (robot-graph, --graph, migrate's HTML report).
  [picture]="graph/ converter/ reshape/ xacro/ urdf_io/ sdf_io/ frames/ xml/ element/ diag/"
  # Batch migration, over the pipelines (and their verification; the HTML
  # report's pictures).
  [migrate]="verify/ picture/ graph/ robot_diff/ converter/ reshape/ xacro/ urdf_io/ sdf_io/ frames/ xml/ element/ diag/"
  # Test support (oracles, corpus access, fuzz support): not linked into the
  # library.
  [testing]="testing/ converter/ reshape/ xacro/ urdf_io/ sdf_io/ frames/ xml/ element/ diag/"
  [converter/testing]="testing/ converter/ reshape/ xacro/ urdf_io/ sdf_io/ frames/ xml/ element/ diag/"
  [testing/fuzzing]="testing/ frames/ element/ diag/"
  [sdf_io/testing]="testing/ sdf_io/ urdf_io/ frames/ xml/ element/ diag/"
  [urdf_io/testing]="testing/ sdf_io/ urdf_io/ frames/ xml/ element/ diag/"
  # The command-line tools: anything.
  [tools]="*"
)
readonly TEST_MAY="testing/ verify/ picture/ graph/ robot_diff/ converter/ reshape/ xacro/ urdf_io/ sdf_io/ frames/ xml/ element/ diag/"

# The folder a file belongs to for the table: its deepest listed folder.
folder_of() {
  local d
  d=$(dirname "$1")
  while [ "$d" != "." ]; do
    if [ -n "${allowed[$d]+x}" ]; then echo "$d"; return; fi
    d=$(dirname "$d")
  done
  echo "${1%%/*}"
}

# Our folders: an include whose first component is none of these is a
# system or third-party header.
ours() {
  case "${1%%/*}" in
    diag|element|xml|frames|xacro|urdf_io|sdf_io|reshape|robot_diff|graph|converter|verify|picture|migrate|testing|tools) return 0 ;;
    *) return 1 ;;
  esac
}

# check FILE: prints the violations of FILE, one a line.
check() {
  local f=$1 folder may own n inc ok p
  folder=$(folder_of "$f")
  if [ -z "${allowed[$folder]+x}" ]; then
    echo "$f: folder $folder has no row in tools/layering_check.sh's table"
    return
  fi
  may=${allowed[$folder]}
  case "$f" in *_test.cc|*_fuzz.cc) may="$may $TEST_MAY" ;; esac
  [ "$may" = "*" ] && return
  while IFS=: read -r n inc; do
    inc=${inc#*\"}; inc=${inc%%\"*}
    ours "$inc" || continue
    ok=0
    # Its own folder (a subfolder of its own is listed on its own row).
    [ "$(folder_of "$inc")" = "$folder" ] && ok=1
    for p in $may; do
      case "$inc" in "$p"*) ok=1 ;; esac
    done
    [ $ok -eq 1 ] || echo "$f:$n: includes $inc, which $folder/ may not (may: ${may:-nothing of ours})"
  done < <(grep -nE '^[[:space:]]*#[[:space:]]*include[[:space:]]+"' "$f")
}

# The check must be able to fail: a made-up xml/ header that includes the
# pipelines and the model (frames/model.h), and a frames/ one including only
# diag/.
self_test() {
  local dir out
  dir=$(mktemp -d)
  mkdir -p "$dir/xml" "$dir/frames"
  printf '#include "converter/uris.h"\n#include "frames/model.h"\n#include "element/element.h"\n#include <string>\n#include "xml/dom.h"\n' >"$dir/xml/bad.h"
  printf '#include "diag/diagnostics.h"\n' >"$dir/frames/good.h"
  out=$(cd "$dir" && check xml/bad.h; check frames/good.h)
  rm -rf "$dir"
  if [ "$(printf '%s\n' "$out" | grep -c 'which xml/ may not')" != 2 ] ||
     printf '%s\n' "$out" | grep -qE '^(frames/good.h|xml/bad.h:[345]:)'; then
    echo "FAIL: the layering check does not tell a bad include from a good one:"
    echo "$out"
    exit 1
  fi
}

self_test
if [ $# -eq 0 ]; then
  echo "FAIL: no files to check" >&2
  exit 1
fi
violations=$(for f in "$@"; do check "$f"; done)
if [ -n "$violations" ]; then
  echo "$violations"
  echo "FAIL: $(printf '%s\n' "$violations" | wc -l) include(s) against the layering (tools/layering_check.sh)"
  exit 1
fi
echo "PASS: $# files, every include within the layering"
