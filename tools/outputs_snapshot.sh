#!/usr/bin/env bash
# Outputs snapshot: runs every command over every model file and lists, one
# line per run, the input, the command line, the exit code, and the SHA-256
# of standard output and of standard error. Two listings taken at two commits
# diff empty exactly when every output, every exit code and every message is
# byte-identical: the proof that a reorganisation (issue 29) changed no
# behaviour.
#
#   tools/outputs_snapshot.sh [-b BINDIR] [-j JOBS] > listing.txt
#
# BINDIR holds urdf2sdf, sdf2urdf, sdf2sdf and migrate (default bazel-bin/tools;
# build them first: bazel build //tools:urdf2sdf //tools:sdf2urdf
# //tools:sdf2sdf //tools:migrate). To compare against an older commit, build
# the tools there, copy them out of bazel-bin, and pass that directory.
#
# Inputs: every .urdf, .sdf and .world under ../shared/corpus (CORPUS
# overrides) and testdata/, by absolute path, sorted. Commands per file:
#   .urdf:        urdf2sdf; urdf2sdf --lump-fixed-joints; urdf2sdf --sdf-version 1.10
#   .sdf, .world: sdf2sdf; sdf2sdf --sdf-version 1.10; sdf2sdf --urdf-parity;
#                 sdf2urdf; sdf2urdf --no-frames
# plus migrate over testdata/migrate/repo (default, --to urdf): its exit code
# and the hash of every file it writes. Each run gets an empty environment
# with a fresh empty HOME (no Fuel cache, no SDF_PATH or ROS package paths),
# so the listing depends on the commands and the inputs only.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
bindir="$root/bazel-bin/tools"
jobs=2
while getopts "b:j:" opt; do
  case $opt in
    b) bindir=$(cd "$OPTARG" && pwd) ;;
    j) jobs=$OPTARG ;;
    *) echo "usage: $0 [-b BINDIR] [-j JOBS]" >&2; exit 2 ;;
  esac
done
corpus=${CORPUS:-$(cd "$root/../shared/corpus" 2>/dev/null && pwd || echo /work/shared/corpus)}
for t in urdf2sdf sdf2urdf sdf2sdf migrate; do
  [[ -x $bindir/$t ]] || { echo "$0: no $bindir/$t" >&2; exit 2; }
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/home"

# One run: FILE TOOL [FLAGS...] -> "FILE | TOOL FLAGS | exit N | out H | err H".
run_one() {
  local file=$1 tool=$2; shift 2
  local out err rc=0
  out=$(mktemp -p "$work") err=$(mktemp -p "$work")
  env -i PATH=/usr/bin:/bin HOME="$work/home" LC_ALL=C \
    "$bindir/$tool" "$@" "$file" >"$out" 2>"$err" </dev/null || rc=$?
  # Messages may name HOME (the Fuel cache searched): hashed with the
  # temporary directory written as WORK.
  printf '%s | %s | exit %d | out %s | err %s\n' "$file" "$tool $*" "$rc" \
    "$(sed "s|$work|WORK|g" "$out" | sha256sum | cut -c1-64)" \
    "$(sed "s|$work|WORK|g" "$err" | sha256sum | cut -c1-64)"
  rm -f "$out" "$err"
}
export -f run_one
export bindir work

# One tab-separated record per run: FILE, TOOL, FLAGS...
find "$corpus" "$root/testdata" -type f \
  \( -name '*.urdf' -o -name '*.sdf' -o -name '*.world' \) | LC_ALL=C sort |
while IFS= read -r f; do
  case $f in
    *.urdf)
      printf '%s\turdf2sdf\n' "$f"
      printf '%s\turdf2sdf\t--lump-fixed-joints\n' "$f"
      printf '%s\turdf2sdf\t--sdf-version\t1.10\n' "$f" ;;
    *)
      printf '%s\tsdf2sdf\n' "$f"
      printf '%s\tsdf2sdf\t--sdf-version\t1.10\n' "$f"
      printf '%s\tsdf2sdf\t--urdf-parity\n' "$f"
      printf '%s\tsdf2urdf\n' "$f"
      printf '%s\tsdf2urdf\t--no-frames\n' "$f" ;;
  esac
done | nice -n 10 xargs -d '\n' -P "$jobs" -n 1 bash -c '
  IFS=$'"'"'\t'"'"' read -r -a a <<<"$1"
  run_one "${a[@]}"' _ | LC_ALL=C sort

# migrate over the fixture repository, both directions.
for to in sdf urdf; do
  out="$work/migrate-$to"
  rc=0
  env -i PATH=/usr/bin:/bin HOME="$work/home" LC_ALL=C \
    "$bindir/migrate" -j 1 --to "$to" "$root/testdata/migrate/repo" -o "$out" \
    >"$work/m.out" 2>"$work/m.err" </dev/null || rc=$?
  # migrate's messages name the (temporary) output directory: hash them with
  # it written as DST (and HOME's directory as WORK), and its progress
  # lines' speed ("812.4 files/s, ETA 0s") as RATE.
  printf 'migrate --to %s | exit %d | out %s | err %s\n' "$to" "$rc" \
    "$(sed "s|$out|DST|g; s|$work|WORK|g" "$work/m.out" | sha256sum | cut -c1-64)" \
    "$(sed -E "s|$out|DST|g; s|$work|WORK|g; s|[0-9.]+ files/s(, ETA [0-9]+s)?|RATE|" "$work/m.err" | sha256sum | cut -c1-64)"
  if [[ -d $out ]]; then
    (cd "$out" && find . -type f ! -name .migrate-manifest | LC_ALL=C sort |
      while IFS= read -r f; do
        printf 'migrate --to %s | %s | %s\n' "$to" "$f" \
          "$(sed "s|$out|DST|g" "$f" | sha256sum | cut -c1-64)"
      done)
  fi
done
