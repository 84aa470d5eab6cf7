// Test support shared by the corpus tests: finding data files in Bazel's
// runfiles, listing and selecting files of the third-party corpus
// (../shared/corpus, brought in as the @corpus repository), and reading the
// reviewed lists (testdata/*_refused.txt, *_differences.txt) of the files a
// test expects to be refused or to differ.
#pragma once

#include <cstddef>
#include <functional>
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

// The corpus' model repositories, searched for model:// URIs (and bare
// model names) by the SDF corpus tests, as a user's model path would be:
// DIR/gazebo_models and DIR/px4-gazebo-models/models.
std::vector<std::string> CorpusModelPaths(const std::string& corpus_dir);

// Files under `dir` whose extension is one of `extensions` (".urdf"), as
// paths relative to `dir`, sorted.
std::vector<std::string> CorpusFiles(const std::string& dir,
                                     const std::vector<std::string>& extensions);

// The files a corpus test compares. CORPUS_SAMPLE=N (a whole number >= 1;
// default 1: every file) keeps every Nth file of each selection, in sorted
// order from the first. The sanitizer configurations of .bazelrc set it:
// there every file costs about ten times as much (the oracles, libsdformat
// and urdfdom, allocate through the sanitizer's allocator), the plain suite
// still compares every file, and the fuzz targets' corpus tests replay every
// corpus file under the sanitizers. A test checks the entries of its
// reviewed lists (refused, different) only for the files in its sample.
class CorpusSample {
 public:
  CorpusSample();
  // Every step()-th of `files` (sorted), remembered for Has().
  std::vector<std::string> Take(const std::vector<std::string>& files);
  // Remembers `file` for Has() without sampling it (a test's own fixture).
  void Keep(const std::string& file);
  // Whether a reviewed-list entry for `file` is checked: it was taken, or
  // the sample is every file (step 1), so that an entry naming a file that
  // is not in the corpus at all is still reported.
  bool Has(const std::string& file) const;
  size_t step() const { return step_; }

 private:
  size_t step_ = 1;
  std::set<std::string> taken_;
};

// An <sdf> root with exactly one <model> child and no <world> (the selection
// of the SDF -> URDF corpus tests). *model_name, when given, is set to that
// model's name.
bool IsSingleModelDocument(const std::string& path,
                           std::string* model_name = nullptr);

// One line of a reviewed list (testdata/*_refused.txt, *_differences.txt):
// `FIELD...  # reason`.
struct ReviewedLine {
  std::vector<std::string> fields;  // before '#', split at blanks
  std::string reason;               // after '#', as written
  int line = 0;                     // 1-based
  std::string where;                // "path:line: ", to start a message
  // The reason has something other than blanks and tabs.
  bool HasReason() const;
};

// Calls `each` with every line of a reviewed list that has fields, in
// order (blank lines and lines starting with '#' are skipped). A line with
// other than `field_count` fields is not passed on but appended to `bad` as
// "path:line: expected `USAGE`" (usage: "path CODE  # reason"); an
// unreadable file as "cannot read path". What the fields may be is for
// `each` to check.
void ForEachReviewedLine(const std::string& path, size_t field_count,
                         const std::string& usage,
                         std::vector<std::string>* bad,
                         const std::function<void(const ReviewedLine&)>& each);

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
