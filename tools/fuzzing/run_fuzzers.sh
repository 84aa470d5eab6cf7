#!/usr/bin/env bash
# Builds the libFuzzer targets (bazel --config=fuzz: clang, libFuzzer, ASan,
# UBSan) and runs each, one at a time and niced, for SECONDS over a copy of
# its checked-in corpus (the checked-in files are never written), with the
# XML dictionary. Prints one line of figures per target; exits non-zero when
# a target finds a crash, leak, timeout or failed check (the input is kept
# in the work directory, printed).
#
#   tools/fuzzing/run_fuzzers.sh [-t SECONDS] [-w WORKDIR] [--merge] [--suite] [TARGET...]
#
# TARGET: a label such as //xml:dom_fuzz; default all of them. Each target's
# checked-in corpus is fuzzing/PKG_NAME/corpus (fuzzing/BUILD.bazel). --merge
# replaces each checked-in corpus by libFuzzer's minimization (-set_cover_merge=1) of
# it and of what the run found. --suite first runs the whole test suite in
# the same build, so under ASan and UBSan, and fuzzes only if every test
# passes (exit 3 otherwise): the sanitized suite and the fuzz targets share
# one instrumented build. Two tests run none of our code instrumented and
# are left to the plain suite: //tools:consumer_workspace_test (a
# workspace of its own, built by its own Bazel with its own flags) and
# //tools:clang_syntax_test (clang's front end over our sources, which this
# build compiles with clang anyway).
set -uo pipefail
cd "$(dirname "$0")/../.."

seconds=60
work=""
merge=0
suite=0
targets=()
while [ $# -gt 0 ]; do
  case "$1" in
    -t) seconds="$2"; shift 2 ;;
    -w) work="$2"; shift 2 ;;
    --merge) merge=1; shift ;;
    --suite) suite=1; shift ;;
    *) targets+=("$1"); shift ;;
  esac
done
if [ ${#targets[@]} -eq 0 ]; then
  targets=(//xml:dom_fuzz //xml:number_fuzz //urdf_io:reader_fuzz //sdf_io:reader_fuzz
           //converter:urdf_to_sdf_fuzz //converter:sdf_to_urdf_fuzz
           //converter:sdf_to_sdf_fuzz //xacro:expr_fuzz //xacro:expand_fuzz
           //robot_diff:map_fuzz //converter:xacro_to_sdf_fuzz)
fi
[ -n "$work" ] || work=$(mktemp -d "${TMPDIR:-/tmp}/fuzz-run.XXXXXX")
mkdir -p "$work"

# A Bazel output base of its own: --config=fuzz switches the C++ toolchain
# to clang (a repository setting), which in the workspace's own output base
# would make the next plain build configure and build everything again.
# FUZZ_OUTPUT_BASE names another (FUZZ_DISK_CACHE adds a --disk_cache).
output_base="${FUZZ_OUTPUT_BASE:-$(bazel info output_base)-fuzz}"
bazel_flags=(--config=fuzz --symlink_prefix=/)  # no bazel-* links: they are the plain build's
if [ -n "${FUZZ_DISK_CACHE:-}" ]; then bazel_flags+=(--disk_cache="$FUZZ_DISK_CACHE"); fi
if [ $suite -eq 1 ]; then
  # The workspace's packages, directory by directory: `//...` would also walk
  # the plain build's bazel-* links, which point into the other output base
  # and which this output base's server does not know to skip (it fails
  # loading the packages it finds there).
  packages=()
  [ -f BUILD.bazel ] || [ -f BUILD ] && packages+=(//:all)
  for d in */; do
    d=${d%/}
    [ -L "$d" ] && continue
    if [ -n "$(find "$d" \( -name BUILD -o -name BUILD.bazel \) -print -quit)" ]; then
      packages+=("//$d/...")
    fi
  done
  # One invocation: the tests run while the fuzz targets link.
  bazel --output_base="$output_base" test "${bazel_flags[@]}" \
    -- "${packages[@]}" -//tools:consumer_workspace_test \
    -//tools:clang_syntax_test "${targets[@]}" || exit 3
else
  bazel --output_base="$output_base" build "${bazel_flags[@]}" "${targets[@]}" || exit 2
fi
bin=$(bazel --output_base="$output_base" info "${bazel_flags[@]}" bazel-bin)

status=0
for t in "${targets[@]}"; do
  pkg=${t#//}; pkg=${pkg%%:*}; name=${t##*:}
  corpus="fuzzing/${pkg//\//_}_$name/corpus"
  dir="$work/${pkg//\//_}_$name"
  mkdir -p "$dir/corpus" "$dir/artifacts"
  cp -n "$corpus"/* "$dir/corpus/" 2>/dev/null
  log="$dir/fuzz.log"
  nice -n 19 "$bin/$pkg/$name" "$dir/corpus" \
    -dict=tools/fuzzing/xml.dict -max_len=16384 -timeout=20 \
    -rss_limit_mb=2048 -max_total_time="$seconds" -print_final_stats=1 \
    -artifact_prefix="$dir/artifacts/" >"$log" 2>&1
  rc=$?
  last=$(grep -E '^#[0-9]+' "$log" | tail -1)
  execs=$(grep -E '^stat::number_of_executed_units' "$log" | awk '{print $2}')
  rate=$(grep -E '^stat::average_exec_per_sec' "$log" | awk '{print $2}')
  cov=$(echo "$last" | grep -oE 'cov: [0-9]+' | awk '{print $2}')
  ft=$(echo "$last" | grep -oE 'ft: [0-9]+' | awk '{print $2}')
  units=$(echo "$last" | grep -oE 'corp: [0-9]+/[0-9a-zA-Z]+' | awk '{print $2}')
  echo "$t: ${seconds}s execs=${execs:-?} exec/s=${rate:-?} corpus=${units:-?} cov(edges)=${cov:-?} ft=${ft:-?} rc=$rc"
  if [ $rc -ne 0 ]; then
    status=1
    echo "  FAILED: see $log; inputs: $(ls "$dir/artifacts" | tr '\n' ' ')"
    grep -E 'ERROR|fuzz check failed|SUMMARY' "$log" | head -5 | sed 's/^/  /'
  elif [ $merge -eq 1 ]; then
    rm -rf "$dir/merged" && mkdir -p "$dir/merged"
    nice -n 19 "$bin/$pkg/$name" -set_cover_merge=1 -max_len=16384 -timeout=20 \
      "$dir/merged" "$dir/corpus" >"$dir/merge.log" 2>&1 &&
      rm -f "$corpus"/* && cp "$dir/merged"/* "$corpus/" &&
      echo "  merged: $(ls "$corpus" | wc -l) files in $corpus"
  fi
done
echo "fuzz work directory: $work"
exit $status
