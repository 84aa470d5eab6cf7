#!/bin/bash
# A workspace outside this repository, made from the README's "In a monorepo"
# blocks verbatim (WORKSPACE, .bazelrc, BUILD, convert.cc), builds a
# cc_binary against @urdf_sdf_converter//converter and a urdf_to_sdf target
# with its own Bazel; both outputs must equal the golden SDFormat of the URDF.
# Also: the library's headers refuse a pre-C++17 compile with the README's
# advice.
#   $1 README.md  $2 a URDF  $3 its golden SDFormat
set -euo pipefail

readme=$(readlink -f "$1")
repo=$(dirname "$readme")
urdf=$(readlink -f "$2")
golden=$(readlink -f "$3")
[ -f "$repo/WORKSPACE" ] || { echo "no WORKSPACE beside $readme"; echo "0 passed, 1 failed"; exit 1; }

ws="$TEST_TMPDIR/consumer"
rm -rf "$ws"
mkdir -p "$ws"

# The fenced block right after the line `<!-- consumer: NAME -->`.
block() {
  awk -v marker="<!-- consumer: $1 -->" '
    $0 == marker { found = 1; next }
    found && /^```/ { if (inside) exit; inside = 1; next }
    found && inside { print }
  ' "$readme"
}

passed=0
failed=0
check() {  # NAME COMMAND...
  local name=$1; shift
  if "$@"; then passed=$((passed + 1)); else echo "FAILED: $name"; failed=$((failed + 1)); fi
}

for name in WORKSPACE .bazelrc BUILD convert.cc; do
  if [ -z "$(block "$name")" ]; then
    echo "README.md has no block after <!-- consumer: $name -->"
    echo "0 passed, 1 failed"
    exit 1
  fi
done
block WORKSPACE | sed "s#/path/to/urdf_sdf_converter#$repo#" > "$ws/WORKSPACE"
block .bazelrc > "$ws/.bazelrc"
block BUILD > "$ws/BUILD.bazel"
block convert.cc > "$ws/convert.cc"
cp "$urdf" "$ws/robot.urdf"

cd "$ws"
# The system rc stays: Debian's Bazel finds its install base through it.
bazel_cmd=(bazel --batch --nohome_rc
           "--output_user_root=$TEST_TMPDIR/bazel_root")
if ! "${bazel_cmd[@]}" build //:convert //:robot_sdf > build.log 2>&1; then
  tail -40 build.log
  echo "FAILED: the consumer workspace does not build"
  echo "$passed passed, $((failed + 1)) failed"
  exit 1
fi
passed=$((passed + 1))

./bazel-bin/convert robot.urdf > convert.sdf
check "cc_binary output equals the golden" cmp convert.sdf "$golden"
check "urdf_to_sdf output equals the golden" cmp bazel-bin/robot.sdf "$golden"

# Without C++17 the headers say what to do instead of failing obscurely.
if g++ -std=c++14 -fsyntax-only -I"$repo" -I/usr/include/eigen3 convert.cc \
    > cxx14.log 2>&1; then
  echo "FAILED: a C++14 compile of convert.cc was accepted"
  failed=$((failed + 1))
else
  check "the C++14 compile names the .bazelrc line" \
    grep -q "build --cxxopt=-std=c++17" cxx14.log
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
