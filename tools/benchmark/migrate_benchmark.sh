#!/bin/bash
# migrate's speed: one process converting a repository with -j 1 and with
# -j N (N = all cores), against one sdf2sdf (urdf2sdf) process per file as a
# shell loop would do it, on a corpus repository and on a generated one of
# 10,000 files. Wall-clock seconds, best of --runs; every run writes into a
# new output directory (no resume). Prints a Markdown table. A last row
# converts the generated repository into a tmpfs (/dev/shm, when writable),
# where no disk and no on-disk allocator take part: the speed-up of
# migrate's own work, against the disk row's speed-up of migrate and the
# kernel's file system together.
#
# No output is deleted until the script ends: on ext4 without a journal (as
# on the machine these figures come from) a file created soon after many
# were deleted waits while the allocator steps over every inode freed in
# the last minutes (ext4's recently_deleted), which made a run right after
# `rm -rf` of the previous one's 10,000 outputs several times slower.
#
#   bazel run -c opt //tools/benchmark:migrate_benchmark -- \
#     [--corpus DIR] [--files 10000] [--runs 3] [--corpus-runs 10]
#     [--jobs N] [--no-tmpfs]
#
# The corpus repository's runs take a tenth of a second, where one slow
# start or sync is a large share: its row is the best of --corpus-runs.
set -u

MIGRATE="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
SDF2SDF="$(cd "$(dirname "$2")" && pwd)/$(basename "$2")"
URDF2SDF="$(cd "$(dirname "$3")" && pwd)/$(basename "$3")"
shift 3
[ -n "${BUILD_WORKING_DIRECTORY:-}" ] && cd "$BUILD_WORKING_DIRECTORY"
CORPUS=../shared/corpus/gazebo_models
FILES=10000
RUNS=3
CORPUS_RUNS=10
JOBS=$(nproc)
TMPFS=/dev/shm
while [ $# -gt 0 ]; do
  case "$1" in
    --corpus) CORPUS="$2"; shift 2 ;;
    --files) FILES="$2"; shift 2 ;;
    --runs) RUNS="$2"; shift 2 ;;
    --corpus-runs) CORPUS_RUNS="$2"; shift 2 ;;
    --jobs) JOBS="$2"; shift 2 ;;
    --no-tmpfs) TMPFS=""; shift ;;
    -h|--help) sed -n '2,23p' "$0"; exit 0 ;;
    *) echo "migrate_benchmark: unknown option '$1'" >&2; exit 2 ;;
  esac
done
WORK="$(mktemp -d)"
OUT_BASE="$WORK"  # where each run's output directory is made
SHM=""
trap 'rm -rf "$WORK" ${SHM:+"$SHM"}' EXIT

# Wall milliseconds of one run of "$@", which writes to "$OUT": a new
# directory each time (the name is unique by time, not by a counter, as
# callers run in subshells). What earlier runs left dirty is written out
# first, so that no run pays for another's writeback (migrate syncs the
# file system it writes to before it exits; the per-file loop does not).
time_ms() {
  local start end
  OUT="$OUT_BASE/out.$(date +%s%N)"
  sync
  start=$(date +%s%N)
  "$@" >/dev/null 2>&1
  end=$(date +%s%N)
  echo $(((end - start) / 1000000))
}

# Best wall times of RUNS runs of each command named (a function of no
# arguments; best RUNS CMD...), the commands taking turns (A B A B ...) so that each sees the
# same state of the machine and of the file system, which fills with every
# run's outputs.
best() {
  local runs="$1" i ms cmd
  local -a best_ms=()
  shift
  for _ in $(seq 1 "$runs"); do
    i=0
    for cmd in "$@"; do
      ms=$(time_ms "$cmd")
      if [ -z "${best_ms[$i]:-}" ] || [ "$ms" -lt "${best_ms[$i]}" ]; then
        best_ms[$i]=$ms
      fi
      i=$((i + 1))
    done
  done
  echo "${best_ms[*]}"
}

# What a shell loop does: one converter process per model file (with the
# repository's model directories on the model path, as migrate has them),
# cp for every other file.
per_file() {  # per_file SRC DST
  local src="$1" dst="$2" model_path=()
  while IFS= read -r d; do model_path+=(--model-path "$d"); done < <(
    find "$src" -name model.config -printf '%h\n' | xargs -r -n1 dirname | sort -u)
  (cd "$src" && find . -type f | sort) | while IFS= read -r f; do
    mkdir -p "$dst/$(dirname "$f")"
    case "$f" in
      *.urdf) "$URDF2SDF" -q "$src/$f" -o "$dst/${f%.urdf}.sdf" ;;
      *.sdf|*.world) "$SDF2SDF" -q "${model_path[@]}" "$src/$f" -o "$dst/$f" ;;
      *) cp "$src/$f" "$dst/$f" ;;
    esac
  done
}

# The generated repository: FILES model directories, each holding a
# 20-link SDFormat 1.6 model.sdf (legacy poses, so sdf2sdf has work).
generate() {  # generate DIR
  local dir="$1" i k
  {
    echo '<?xml version="1.0"?>'
    echo '<sdf version="1.6"><model name="NAME">'
    for k in $(seq 0 19); do
      echo "  <link name=\"l$k\"><pose frame=''>0 0 $k 0 0 0.1</pose><inertial><mass>1</mass><inertia><ixx>0.1</ixx><iyy>0.1</iyy><izz>0.1</izz></inertia></inertial>"
      echo "    <visual name=\"v\"><geometry><box><size>0.1 0.1 0.1</size></box></geometry></visual></link>"
      [ "$k" -gt 0 ] && echo "  <joint name=\"j$k\" type=\"revolute\"><parent>l$((k - 1))</parent><child>l$k</child><axis><xyz>0 0 1</xyz><use_parent_model_frame>true</use_parent_model_frame></axis></joint>"
    done
    echo '</model></sdf>'
  } >"$WORK/template.sdf"
  for i in $(seq 1 "$FILES"); do
    mkdir -p "$dir/m$i"
    sed "s/NAME/m$i/" "$WORK/template.sdf" >"$dir/m$i/model.sdf"
  done
}

# The three ways of converting the repository $SRC into $OUT.
migrate_j1() { "$MIGRATE" "$SRC" -o "$OUT" -j 1 -q; }
migrate_jn() { "$MIGRATE" "$SRC" -o "$OUT" -j "$JOBS" -q; }
per_file_into() { per_file "$SRC" "$OUT"; }

row() {  # row NAME SRC RUNS [migrate-only]
  local name="$1" src="$2" runs="$3" n j1 jn pf
  n=$(find "$src" -type f | wc -l)
  SRC="$src"
  if [ -n "${4:-}" ]; then
    read -r j1 jn < <(best "$runs" migrate_j1 migrate_jn)
    pf=""
  else
    read -r j1 jn pf < <(best "$runs" migrate_j1 migrate_jn per_file_into)
  fi
  awk -v name="$name" -v n="$n" -v j1="$j1" -v jn="$jn" -v pf="$pf" -v jobs="$JOBS" 'BEGIN {
    printf "| %s | %d | %.2f s | %.2f s | %.2fx (goal %.1fx) | ", name, n, j1 / 1000,
      jn / 1000, j1 / jn, 0.9 * jobs
    if (pf == "") print "- | - | - |"
    else printf "%.2f s | %.1fx | %.2f ms |\n", pf / 1000, pf / j1, (pf - j1) / n }'
}

echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg); best of $RUNS ($(basename "$CORPUS"): best of $CORPUS_RUNS)"
echo
echo "| repository | files | migrate -j 1 | migrate -j $JOBS | speed-up | one process per file | per-process / -j 1 | start-up cost per file |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|"
row "$(basename "$CORPUS")" "$CORPUS" "$CORPUS_RUNS"
generate "$WORK/generated"
row "generated ($FILES models)" "$WORK/generated" "$RUNS"
if [ -n "$TMPFS" ] && [ -w "$TMPFS" ] && SHM="$(mktemp -d "$TMPFS/migrate_benchmark.XXXXXX")"; then
  OUT_BASE="$SHM"
  row "generated ($FILES models), output on tmpfs" "$WORK/generated" "$RUNS" migrate-only
fi
