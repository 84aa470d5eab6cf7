set -e
cd /work/h-codes
git mv tools/testing testing
files=$(grep -rl 'tools/testing' --include=*.cc --include=*.h --include=BUILD.bazel --include=*.md . | grep -v third_party)
sed -i 's|//tools/testing:|//testing:|g; s|"tools/testing/|"testing/|g; s|bazel-bin/tools/testing/|bazel-bin/testing/|g' $files
grep -rn 'tools/testing' --include=*.cc --include=*.h --include=BUILD.bazel --include=*.md . | grep -v third_party || true
