// migrate over whole third-party repositories (../shared/corpus:
// gazebo_models and px4-gazebo-models, their .sdf/.world/model.config
// files): every file the single-file call converts, migrate converts to the
// same bytes; every file it refuses, migrate reports as failed; model.config
// files are rewritten or copied; the second run skips everything.
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <map>
#include <string>

#include <gtest/gtest.h>

#include "migrate/migrate.h"
#include "converter/sdf_to_sdf.h"
#include "testing/corpus.h"

namespace converter {
namespace {

namespace fs = std::filesystem;

class MigrateCorpus : public ::testing::TestWithParam<const char*> {};

TEST_P(MigrateCorpus, EqualsTheSingleFileCalls) {
  const std::string corpus = test_support::CorpusDir("SDF_CORPUS_DIR");
  ASSERT_FALSE(corpus.empty());
  const std::string src = corpus + "/" + GetParam();
  if (!fs::is_directory(src)) GTEST_SKIP() << "no " << src;
  const char* tmp = std::getenv("TEST_TMPDIR");
  const std::string dst =
      std::string(tmp ? tmp : "/tmp") + "/migrate_corpus_" + GetParam();
  fs::remove_all(dst);
  MigrateOptions o;
  o.src_dir = src;
  o.dst_dir = dst;
  o.jobs = 4;
  const MigrateReport report = Migrate(o);
  ASSERT_TRUE(report.errors.empty());
  ASSERT_GT(report.files.size(), 10u);

  SdfToSdfOptions single;
  single.model_paths = RepositoryModelPaths(src);
  int converted = 0, failed = 0;
  for (const auto& f : report.files) {
    if (fs::path(f.source).filename() == "model.config") {
      EXPECT_TRUE(f.status == MigrateStatus::kConverted ||
                  f.status == MigrateStatus::kConvertedWithWarnings ||
                  f.status == MigrateStatus::kCopied)
          << f.source << ": " << StatusName(f.status);
      continue;
    }
    const ConversionResult r = SdfFileToSdf(src + "/" + f.source, single);
    if (r.ok) {
      ++converted;
      EXPECT_TRUE(f.status == MigrateStatus::kConverted ||
                  f.status == MigrateStatus::kConvertedWithWarnings)
          << f.source << ": " << StatusName(f.status);
      EXPECT_EQ(test_support::ReadFile(dst + "/" + f.output), r.output)
          << f.source;
      EXPECT_EQ(f.diagnostics.all().size(), r.diagnostics.all().size())
          << f.source;
    } else {
      ++failed;
      EXPECT_EQ(f.status, MigrateStatus::kFailed) << f.source;
      EXPECT_FALSE(fs::exists(dst + "/" + f.source)) << f.source;
    }
  }
  std::cout << GetParam() << ": " << converted << " converted, " << failed
            << " refused by both\n";
  const MigrateReport again = Migrate(o);
  for (const auto& f : again.files) {
    EXPECT_TRUE(f.status == MigrateStatus::kSkipped ||
                f.status == MigrateStatus::kFailed)
        << f.source << ": " << StatusName(f.status);
  }
}

INSTANTIATE_TEST_SUITE_P(Corpus, MigrateCorpus,
                         ::testing::Values("gazebo_models",
                                           "px4-gazebo-models"));

}  // namespace
}  // namespace converter
