#!/bin/bash
# A workspace outside this repository, made from docs/library.md's "In a
# monorepo" blocks verbatim (WORKSPACE, .bazelrc, BUILD, convert.cc), builds a
# cc_binary against @urdf_sdf_converter//converter and a urdf_to_sdf target
# with its own Bazel; both outputs must equal the golden SDFormat of the URDF.
# The page's model_repository block migrates a small model repository
# (testdata/consumer/models plus the URDF): each output must equal what
# migrate writes for the same tree, and after `bazel clean` a second build with
# --disk_cache must take every conversion action from the cache. Also: the
# library's headers refuse a pre-C++17 compile with the page's advice.
#   $1 docs/library.md  $2 a URDF  $3 its golden SDFormat  $4 testdata/consumer/models/box/model.sdf
set -euo pipefail

doc=$(readlink -f "$1")
repo=$(dirname "$(dirname "$doc")")
urdf=$(readlink -f "$2")
golden=$(readlink -f "$3")
models=$(dirname "$(dirname "$(readlink -f "$4")")")
[ -f "$repo/WORKSPACE" ] || { echo "no WORKSPACE above $doc"; echo "0 passed, 1 failed"; exit 1; }

ws="$TEST_TMPDIR/consumer"
rm -rf "$ws"
mkdir -p "$ws"

# The fenced block right after the line `<!-- consumer: NAME -->`.
block() {
  awk -v marker="<!-- consumer: $1 -->" '
    $0 == marker { found = 1; next }
    found && /^```/ { if (inside) exit; inside = 1; next }
    found && inside { print }
  ' "$doc"
}

passed=0
failed=0
check() {  # NAME COMMAND...
  local name=$1; shift
  if "$@"; then passed=$((passed + 1)); else echo "FAILED: $name"; failed=$((failed + 1)); fi
}

for name in WORKSPACE .bazelrc BUILD convert.cc "BUILD model_repository"; do
  if [ -z "$(block "$name")" ]; then
    echo "docs/library.md has no block after <!-- consumer: $name -->"
    echo "0 passed, 1 failed"
    exit 1
  fi
done
block WORKSPACE | sed "s#/path/to/urdf_sdf_converter#$repo#" > "$ws/WORKSPACE"
block .bazelrc > "$ws/.bazelrc"
{ block BUILD; echo; block "BUILD model_repository"; } > "$ws/BUILD.bazel"
block convert.cc > "$ws/convert.cc"
cp "$urdf" "$ws/robot.urdf"
cp -r "$models" "$ws/models"
mkdir -p "$ws/models/arm"
cp "$urdf" "$ws/models/arm/arm.urdf"
chmod -R u+w "$ws/models"

cd "$ws"
# The system rc stays: Debian's Bazel finds its install base through it.
bazel_cmd=(bazel --batch --nohome_rc
           "--output_user_root=$TEST_TMPDIR/bazel_root")
disk_cache="$TEST_TMPDIR/disk_cache"
if ! "${bazel_cmd[@]}" build "--disk_cache=$disk_cache" \
    --execution_log_json_file="$ws/exec1.json" //:convert //:robot_sdf //:migrated \
    @urdf_sdf_converter//tools:migrate > build.log 2>&1; then
  tail -40 build.log
  echo "FAILED: the consumer workspace does not build"
  echo "$passed passed, $((failed + 1)) failed"
  exit 1
fi
passed=$((passed + 1))

./bazel-bin/convert robot.urdf > convert.sdf
check "cc_binary output equals the golden" cmp convert.sdf "$golden"
check "urdf_to_sdf output equals the golden" cmp bazel-bin/robot.sdf "$golden"

# The repository's migration: each file as the migrate command writes it
# (model.config manifests naming the migrated files included).
tools=bazel-bin/external/urdf_sdf_converter/tools
"$tools/migrate" -q models -o migrate_out/models > migrate.log 2>&1 ||
  { cat migrate.log; failed=$((failed + 1)); }
converted=0
while IFS= read -r f; do
  out="$f"
  case "$f" in *.urdf) out="${f%.urdf}.sdf" ;; esac
  case "$f" in *.urdf|*.sdf|*.world|*/model.config) converted=$((converted + 1)) ;; esac
  check "migrated/$f is what migrate writes" cmp "bazel-bin/migrated/$out" "migrate_out/$out"
done < <(cd "$ws" && find models -type f | LC_ALL=C sort)

# Again from an empty output base: every conversion action is a cache hit.
"${bazel_cmd[@]}" clean > /dev/null 2>&1
if ! "${bazel_cmd[@]}" build "--disk_cache=$disk_cache" \
    --execution_log_json_file="$ws/exec.json" //:migrated > build2.log 2>&1; then
  tail -40 build2.log
  failed=$((failed + 1))
fi
# One JSON object per spawn: count conversion spawns and those with
# "remoteCacheHit": true.
read -r spawns hits < <(awk '
  /"mnemonic":/ { conv = ($0 ~ /"(Urdf2Sdf|Sdf2Sdf|Sdf2Urdf|ModelConfig)"/); if (conv) n++ }
  /"remoteCacheHit": true/ { if (conv) h++ }
  /^}/ { conv = 0 }
  END { print n + 0, h + 0 }' "$ws/exec.json")
check "all $converted conversions ran in the second build ($spawns spawns)" \
  test "$spawns" -eq "$converted"
check "every conversion came from the disk cache ($hits of $spawns)" \
  test "$hits" -eq "$spawns" -a "$spawns" -gt 0
if [ "$hits" -ne "$spawns" ]; then
  # Which inputs of the conversion actions differ between the two builds
  # (path and digest of each input, first build then second).
  inputs() {
    python3 - "$1" <<'PY'
import json, sys
text = open(sys.argv[1]).read()
dec = json.JSONDecoder(); i = 0; seen = set()
while i < len(text):
    while i < len(text) and text[i].isspace(): i += 1
    if i >= len(text): break
    o, i = dec.raw_decode(text, i)
    if o.get("mnemonic") not in ("Urdf2Sdf", "Sdf2Sdf", "Sdf2Urdf", "ModelConfig"): continue
    for f in o.get("inputs", []):
        key = (f.get("path"), f.get("digest", {}).get("hash"))
        if key not in seen:
            seen.add(key); print(*key)
PY
  }
  inputs "$ws/exec1.json" | sort > inputs1.txt
  inputs "$ws/exec.json" | sort > inputs2.txt
  echo "conversion inputs that differ between the builds:"
  diff inputs1.txt inputs2.txt | head -20
fi

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
