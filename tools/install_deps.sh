#!/usr/bin/env bash
# Installs whatever this project needs that the machine lacks, from Debian's
# packages only (Debian 12). Safe to run again: it installs nothing when all
# packages are present.
set -euo pipefail

packages=(
  bazel-bootstrap      # Bazel 4.2.3, works offline
  bazel-rules-java     # rules_java for Bazel's test rules
  g++
  clang                # clang 14: //tools:clang_syntax_test, --config=clang, fuzzing
  libclang-rt-14-dev   # clang's libFuzzer and sanitizer runtimes (--config=fuzz)
  llvm-14              # llvm-symbolizer: sanitizer and fuzzer stack traces
  libtinyxml2-dev      # our XML reader/printer
  libeigen3-dev        # pose math
  libspdlog-dev        # progress/debug logging (built against libfmt)
  libfmt-dev           # fmt's Dragonbox: shortest digits of a double (element/format_double.cc)
  libxxhash-dev        # XXH3: migrate's content hashes
  libyaml-cpp-dev      # xacro load_yaml: YAML reading
  libgraphviz-dev      # graph/render: pictures laid out and rendered in-process
  liburdfdom-dev       # URDF interop and test oracle
  liburdfdom-tools     # check_urdf
  libsdformat-dev      # test-only oracle: libsdformat 12
  sdformat-sdf         # SDFormat description files: the reader's schema tables
  chromium             # test-only: the headless browser of //tools:migrate_html_report_test
  python3-yaml         # test-only: the reference xacro (//xacro:xacro_reference_test)
  libgtest-dev
  libgmock-dev
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "install_deps: installing ${missing[*]}" >&2
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "install_deps: done" >&2
