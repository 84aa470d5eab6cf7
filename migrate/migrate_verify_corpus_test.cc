// migrate --verify over the whole corpus (../shared/corpus: its URDF, SDF,
// world and model.config files and the xacro description packages): a run
// without --verify, then a run with it into the same output, which
// converts every model file again (none was verified) and reads each
// output back: every file the first run converted is converted and
// verified (no VERIFY_FAILED), every file it refused is refused again for
// its own reason; a third run skips everything, keeping the verdicts.
#include <filesystem>
#include <iostream>
#include <map>
#include <string>

#include <gtest/gtest.h>

#include "migrate/migrate.h"
#include "testing/corpus.h"

namespace converter {
namespace {

namespace fs = std::filesystem;

bool Converted(MigrateStatus s) {
  return s == MigrateStatus::kConverted ||
         s == MigrateStatus::kConvertedWithWarnings;
}

TEST(MigrateVerifyCorpus, EveryConvertedFileIsVerified) {
  const std::string corpus = test_support::CorpusDir("CORPUS_DIR");
  ASSERT_FALSE(corpus.empty());
  const char* tmp = std::getenv("TEST_TMPDIR");
  const std::string dst = std::string(tmp ? tmp : "/tmp") + "/migrate_verify_corpus";
  fs::remove_all(dst);
  MigrateOptions o;
  o.src_dir = corpus;
  o.dst_dir = dst;
  o.jobs = 2;
  const MigrateReport plain = Migrate(o);
  ASSERT_TRUE(plain.errors.empty());
  std::map<std::string, const MigrateFile*> before;
  for (const auto& f : plain.files) before[f.source] = &f;
  EXPECT_EQ(plain.Verified(), 0);

  o.verify = true;
  const MigrateReport report = Migrate(o);
  ASSERT_TRUE(report.errors.empty());
  ASSERT_EQ(report.files.size(), plain.files.size());
  int models = 0, refused = 0;
  for (const auto& f : report.files) {
    for (const auto& d : f.diagnostics.all()) {
      EXPECT_NE(d.code, frames::Code::VERIFY_FAILED)
          << f.source << ": " << frames::Format(d);
    }
    const MigrateFile& was = *before.at(f.source);
    if (was.action != MigrateAction::kConvert) {
      EXPECT_FALSE(f.verified) << f.source;
      continue;
    }
    if (Converted(was.status)) {
      ++models;
      EXPECT_TRUE(Converted(f.status)) << f.source << ": " << StatusName(f.status);
      EXPECT_TRUE(f.verified) << f.source;
    } else {
      ++refused;
      EXPECT_EQ(f.status, was.status) << f.source;
      EXPECT_FALSE(f.verified) << f.source;
    }
  }
  EXPECT_EQ(report.Verified(), models);
  EXPECT_GT(models, 500);
  std::cout << models << " model files converted and verified, " << refused
            << " refused by both runs\n";

  const MigrateReport again = Migrate(o);
  for (const auto& f : again.files) {
    EXPECT_TRUE(f.status == MigrateStatus::kSkipped ||
                f.status == MigrateStatus::kFailed)
        << f.source << ": " << StatusName(f.status);
  }
  EXPECT_EQ(again.Verified(), models);
}

}  // namespace
}  // namespace converter
