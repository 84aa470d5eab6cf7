#!/usr/bin/env bash
# Differential test of the expression evaluator against Python (test only):
# expr_differential_test.py generates random expression trees with a fixed
# seed, evaluates them with the reference xacro's safe_eval and global
# symbols, and with expr_eval_tool, and compares.
#   expr_differential_test.sh EVAL_TOOL SCRIPT XACRO_INIT_PY
set -euo pipefail
tool="$1"
script="$2"
xacro_pkg_dir="$(dirname "$(dirname "$3")")"
exec python3 "$script" --tool "$tool" --xacro "$xacro_pkg_dir" --count "${EXPR_DIFF_COUNT:-8000}" --seed "${EXPR_DIFF_SEED:-28}"
