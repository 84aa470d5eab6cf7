// Test support shared by the corpus tests: finding data files in Bazel's
// runfiles and listing the third-party corpus (../shared/corpus, brought in
// as the @corpus repository).
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

namespace test_support {

// The whole file; "" when it cannot be read.
std::string ReadFile(const std::string& path);

// Path of a file of this workspace in the test's runfiles (the path as given
// when not run under `bazel test`).
std::string Runfile(const std::string& workspace_relative);

// The corpus directory in the runfiles; the environment variable
// `env_override` names another one. "" when there is none.
std::string CorpusDir(const char* env_override);

// Files under `dir` whose extension is one of `extensions` (".urdf"), as
// paths relative to `dir`, sorted.
std::vector<std::string> CorpusFiles(const std::string& dir,
                                     const std::vector<std::string>& extensions);

// One entry of a reviewed list (testdata/*_refused.txt,
// sdf_corpus_differences.txt): a code and the reviewer's reason.
struct Listed {
  std::string code;
  std::string reason;
};

// Reads a reviewed list: lines `relative/path CODE  # reason`; blank lines
// and lines starting with '#' are ignored. Every problem (malformed line,
// a code not in `known_codes`, no reason, a file listed twice) is appended
// to `bad` as "path:line: ...".
std::map<std::string, Listed> ReadReviewedList(
    const std::string& path, const std::set<std::string>& known_codes,
    std::vector<std::string>* bad);

}  // namespace test_support
