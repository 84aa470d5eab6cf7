#!/bin/bash
# The model_repository macro (tools/defs.bzl) writes what migrate writes for
# the same tree: testdata/migrate/repo (without its broken file, which would
# fail the build) migrated by the rule in testdata/BUILD.bazel, once per
# variant, and by the command with the same options; the two trees must hold
# the same files, byte for byte (model.config manifests included).
#
# usage: model_repository_rule_test.sh MIGRATE [TARGET_DIR MIGRATE_FLAGS...] ...
#   each variant: the rule's output directory (testdata/NAME), then '--',
#   then migrate's flags, then ';'.
set -u

MIGRATE="${1:?usage: $0 MIGRATE VARIANTS...}"; shift
TMP="${TEST_TMPDIR:-$(mktemp -d)}/model_repository_rule"
rm -rf "$TMP" && mkdir -p "$TMP"
# A real copy without the broken file: the rule's srcs.
cp -rL "$PWD/testdata/migrate/repo" "$TMP/src"
rm -r "$TMP/src/broken"
failures=0
passed=0
fail() {
  echo "FAIL: $*" >&2
  failures=$((failures + 1))
}

while [ $# -gt 0 ]; do
  rule_dir="$1/migrate/repo"; shift
  [ "$1" = "--" ] || { echo "usage: no -- after $rule_dir"; exit 2; }
  shift
  flags=()
  while [ $# -gt 0 ] && [ "$1" != ";" ]; do flags+=("$1"); shift; done
  shift
  out="$TMP/out_$(basename "$(dirname "$(dirname "$rule_dir")")")"
  "$MIGRATE" -q "${flags[@]}" "$TMP/src" -o "$out" > "$TMP/log" 2>&1 ||
    fail "migrate ${flags[*]}: exit $?: $(cat "$TMP/log")"
  [ -d "$rule_dir" ] || { fail "no rule output $rule_dir"; continue; }
  (cd "$out" && find . -type f ! -name .migrate-manifest | LC_ALL=C sort) > "$TMP/migrate.files"
  (cd "$rule_dir" && find -L . -type f | LC_ALL=C sort) > "$TMP/rule.files"
  if ! cmp -s "$TMP/migrate.files" "$TMP/rule.files"; then
    fail "$rule_dir (${flags[*]}): other files than migrate's: $(diff "$TMP/migrate.files" "$TMP/rule.files")"
    continue
  fi
  while IFS= read -r f; do
    if cmp -s "$out/$f" "$rule_dir/$f"; then
      passed=$((passed + 1))
    else
      fail "$rule_dir/$f (${flags[*]}) differs from migrate's: $(diff "$out/$f" "$rule_dir/$f" | head -10)"
    fi
  done < "$TMP/migrate.files"
  # The model.config manifests name the migrated files: not copies.
  if ! grep -q "version=" "$rule_dir/models/base/model.config" ||
     cmp -s "$rule_dir/models/base/model.config" "$TMP/src/models/base/model.config"; then
    fail "$rule_dir: models/base/model.config not updated"
  fi
done

echo "$passed files equal, $failures failure(s)"
[ "$failures" -eq 0 ]
