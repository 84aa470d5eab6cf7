#!/bin/bash
# Where the three commands (urdf2sdf, sdf2urdf, sdf2sdf) read and write, one
# implementation (tools/cli.cc, converter/file_io.cc) checked through each:
#  - -o FILE replaces a regular file whole, keeping its mode (0600 stays
#    0600); follows a chain of symbolic links and replaces the final target,
#    leaving the links (a dangling link's target is created); writes through
#    to a FIFO and to a device node (a copy of /dev/null and of /dev/full
#    made with mknod in this test's own directory, only when run as root),
#    which stay what they are; a write error (ENOSPC) is IO_ERROR, exit 2; a
#    directory is IO_ERROR, exit 2;
#  - -o naming the input file (the same spelling, another spelling, a
#    symbolic link, a hard link, or standard input redirected from it) is
#    refused with OUTPUT_IS_INPUT, exit 2, the input untouched;
#  - a closed standard input, a directory as standard input, and a directory
#    as the input path are IO_ERROR naming the OS error, exit 2;
#  - SIGTERM while blocked opening a FIFO nobody reads ends the command by
#    SIGTERM and leaves the FIFO and no temporary file;
#  - no temporary file is left behind anywhere.
#
# usage: output_cli_test.sh URDF2SDF SDF2URDF SDF2SDF   (from the runfiles
# root; inputs are read from testdata/)
set -u

URDF2SDF="${1:?usage: $0 URDF2SDF SDF2URDF SDF2SDF}"
SDF2URDF="${2:?usage: $0 URDF2SDF SDF2URDF SDF2SDF}"
SDF2SDF="${3:?usage: $0 URDF2SDF SDF2URDF SDF2SDF}"
abs() { case "$1" in /*) printf '%s' "$1" ;; *) printf '%s' "$PWD/$1" ;; esac; }
TMP="${TEST_TMPDIR:-$(mktemp -d)}/output"
rm -rf "$TMP" && mkdir -p "$TMP"

failures=0
fail() {
  echo "FAIL: $*" >&2
  failures=$((failures + 1))
}
# A path quoted for use inside an extended regular expression.
esc() { printf '%s' "$1" | sed 's/[][\.*^$+?(){}|]/\\&/g'; }

# run CMD ARGS...: runs with stdin from $STDIN (default /dev/null) into
# $TMP/out and $TMP/err, leaving $RC.
run() {
  "$@" <"${STDIN:-/dev/null}" >"$TMP/out" 2>"$TMP/err"
  RC=$?
}
# expect WHAT RC [REGEX]: the exit code, nothing on stdout when RC != 0, and
# stderr exactly one line matching REGEX when given.
expect() {
  [ "$RC" -eq "$2" ] || fail "$1: exit $RC, expected $2 (stderr: $(cat "$TMP/err"))"
  if [ "$2" -ne 0 ] && [ -s "$TMP/out" ]; then
    fail "$1: wrote to stdout: $(head -c 200 "$TMP/out")"
  fi
  if [ $# -ge 3 ]; then
    grep -Eq -- "$3" "$TMP/err" && [ "$(wc -l <"$TMP/err")" -eq 1 ] ||
      fail "$1: stderr is not one line matching '$3': $(cat "$TMP/err")"
  fi
}
same() {  # same EXPECTED ACTUAL WHAT
  cmp -s "$1" "$2" || fail "$3: $2 differs from $1"
}
no_temporaries() {  # no_temporaries DIR WHAT
  local left
  left=$(find "$1" -name '*.tmp.*')
  [ -z "$left" ] || fail "$2: temporary files left: $left"
}

# Running as root with device nodes usable here (not a nodev mount)?
DEVICES=0
if [ "$(id -u)" -eq 0 ] && mknod "$TMP/probe" c 1 3 2>/dev/null &&
   : >"$TMP/probe" 2>/dev/null; then
  DEVICES=1
fi
rm -f "$TMP/probe"
[ "$DEVICES" -eq 1 ] || echo "SKIP: device nodes (not root, or nodev)"

for cmd in urdf2sdf sdf2urdf sdf2sdf; do
  case "$cmd" in
    urdf2sdf) BIN=$(abs "$URDF2SDF"); SRC="testdata/urdf/tree_order.urdf" ;;
    sdf2urdf) BIN=$(abs "$SDF2URDF"); SRC="testdata/sdf2urdf/axes_limits.sdf" ;;
    sdf2sdf) BIN=$(abs "$SDF2SDF"); SRC="testdata/sdf/migrate/world_frames.sdf" ;;
  esac
  D="$TMP/$cmd"
  mkdir -p "$D/sub"
  IN="$D/input.${SRC##*.}"
  cp "$SRC" "$IN" && cp "$SRC" "$D/input.orig"
  run "$BIN" "$IN"
  expect "$cmd: to stdout" 0
  cp "$TMP/out" "$D/expected"
  [ -s "$D/expected" ] || fail "$cmd: no output for $SRC"

  # --- a 0600 file keeps its mode.
  printf 'old\n' >"$D/private.out" && chmod 600 "$D/private.out"
  run "$BIN" "$IN" -o "$D/private.out"
  expect "$cmd: -o 0600 file" 0
  same "$D/expected" "$D/private.out" "$cmd: -o 0600 file"
  [ "$(stat -c %a "$D/private.out")" = 600 ] ||
    fail "$cmd: -o 0600 file: mode became $(stat -c %a "$D/private.out")"

  # --- a chain of symbolic links (relative, across directories) is followed;
  # the links stay links and the final target gets the output.
  printf 'old\n' >"$D/real.out"
  ln -s ../real.out "$D/sub/link1"
  ln -s sub/link1 "$D/link2"
  run "$BIN" "$IN" -o "$D/link2"
  expect "$cmd: -o symlink chain" 0
  [ -L "$D/link2" ] && [ -L "$D/sub/link1" ] ||
    fail "$cmd: -o symlink chain: a link was replaced"
  same "$D/expected" "$D/real.out" "$cmd: -o symlink chain target"
  # A dangling link: its target is created.
  ln -s created.out "$D/dangling"
  run "$BIN" "$IN" -o "$D/dangling"
  expect "$cmd: -o dangling symlink" 0
  [ -L "$D/dangling" ] || fail "$cmd: -o dangling symlink: the link was replaced"
  same "$D/expected" "$D/created.out" "$cmd: -o dangling symlink target"

  # --- a FIFO is written through, and stays a FIFO.
  mkfifo "$D/fifo"
  # (Bounded: a command that replaced the FIFO would leave the reader
  # waiting for a writer.)
  timeout 20 cat "$D/fifo" >"$D/from_fifo" &
  reader=$!
  run timeout 20 "$BIN" "$IN" -o "$D/fifo"
  expect "$cmd: -o FIFO" 0
  [ -p "$D/fifo" ] || printf '' >"$D/fifo"  # release the reader
  wait "$reader"
  [ -p "$D/fifo" ] || fail "$cmd: -o FIFO: no longer a FIFO"
  same "$D/expected" "$D/from_fifo" "$cmd: -o FIFO content"

  # --- SIGTERM while blocked on a FIFO nobody reads: killed by it, the FIFO
  # kept, no temporary file.
  "$BIN" "$IN" -o "$D/fifo" </dev/null >/dev/null 2>&1 &
  writer=$!
  sleep 0.2
  kill -TERM "$writer"
  wait "$writer"
  rc=$?
  [ "$rc" -eq 143 ] || fail "$cmd: SIGTERM on a FIFO: exit $rc, expected 143"
  [ -p "$D/fifo" ] || fail "$cmd: SIGTERM on a FIFO: no longer a FIFO"

  # --- device nodes (copies of /dev/null and /dev/full in $D).
  if [ "$DEVICES" -eq 1 ]; then
    mknod "$D/null" c 1 3 && mknod "$D/full" c 1 7
    run "$BIN" "$IN" -o "$D/null"
    expect "$cmd: -o null device" 0
    [ -c "$D/null" ] || fail "$cmd: -o null device: no longer a device"
    run "$BIN" -q "$IN" -o "$D/full"
    expect "$cmd: -o full device" 2 \
      "^$(esc "$D/full"): error: cannot write '$(esc "$D/full")': No space left on device \[IO_ERROR\]\$"
    [ -c "$D/full" ] || fail "$cmd: -o full device: no longer a device"
    # Standard output on a full device.
    "$BIN" -q "$IN" </dev/null >"$D/full" 2>"$TMP/err"
    RC=$?
    : >"$TMP/out"
    expect "$cmd: stdout on a full device" 2 \
      '^<stdout>: error: cannot write standard output: No space left on device \[IO_ERROR\]$'
  fi

  # --- a directory as -o.
  run "$BIN" -q "$IN" -o "$D/sub"
  expect "$cmd: -o directory" 2 \
    "^$(esc "$D/sub"): error: cannot write '$(esc "$D/sub")': Is a directory \[IO_ERROR\]\$"
  [ -d "$D/sub" ] || fail "$cmd: -o directory: no longer a directory"

  # --- -o naming the input, however spelled: refused, input untouched.
  ln -s input.${SRC##*.} "$D/input_link"
  ln "$IN" "$D/input_hardlink"
  for out in "$IN" "$D/sub/../input.${SRC##*.}" "$D/input_link" "$D/input_hardlink"; do
    run "$BIN" "$IN" -o "$out"
    expect "$cmd: -o input as $out" 2 \
      "^$(esc "$out"): error: the output file is the input file '$(esc "$IN")'; .+ \[OUTPUT_IS_INPUT\]\$"
  done
  STDIN="$IN" run "$BIN" -o "$D/input_link"
  expect "$cmd: stdin from the -o file" 2 \
    "^$(esc "$D/input_link"): error: the output file is the input file \(standard input\); .+ \[OUTPUT_IS_INPUT\]\$"
  same "$D/input.orig" "$IN" "$cmd: input after the refusals"
  [ -L "$D/input_link" ] || fail "$cmd: the link to the input was replaced"

  # --- unreadable standard input or input path: IO_ERROR, exit 2.
  "$BIN" <&- >"$TMP/out" 2>"$TMP/err"
  RC=$?
  expect "$cmd: closed stdin" 2 \
    '^<stdin>: error: cannot read standard input: Bad file descriptor \[IO_ERROR\]$'
  STDIN="$D/sub" run "$BIN"
  expect "$cmd: directory as stdin" 2 \
    '^<stdin>: error: cannot read standard input: Is a directory \[IO_ERROR\]$'
  STDIN="$D/sub" run "$BIN" -
  expect "$cmd: directory as stdin (-)" 2 '\[IO_ERROR\]$'
  run "$BIN" "$D/sub"
  expect "$cmd: directory as input" 2 \
    "^$(esc "$D/sub"): error: cannot read '$(esc "$D/sub")': Is a directory \[IO_ERROR\]\$"

  no_temporaries "$D" "$cmd"
done

if [ "$failures" -ne 0 ]; then
  echo "$failures check(s) failed" >&2
  exit 1
fi
echo "all checks passed"
