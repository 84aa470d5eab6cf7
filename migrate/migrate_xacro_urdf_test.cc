// migrate --to urdf over the xacro description packages
// (../shared/corpus/xacro-packages): every entry point is expanded into
// NAME.urdf, byte for byte what the reference xacro (ROS 2's, Python)
// prints for it with the same arguments when given the path relative to
// the tree, as migrate names it in the header comment; macro files are
// copied. Needs python3 and PyYAML (Debian: python3-yaml): tagged
// "python3".
#include <gtest/gtest.h>
#include <stdlib.h>
#include <unistd.h>

#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "migrate/migrate.h"
#include "testing/corpus.h"
#include "testing/xacro_oracle.h"
#include "xacro/xacro.h"

namespace converter {
namespace {

namespace fs = std::filesystem;

TEST(MigrateXacroUrdfTest, EntryPointsExpandedAsTheReferenceExpandsThem) {
  const std::string src =
      fs::absolute(test_support::CorpusDir("XACRO_CORPUS_DIR") + "/xacro-packages").string();
  const std::string dst = std::string(std::getenv("TEST_TMPDIR")) + "/urdf_out";
  fs::remove_all(dst);
  unsetenv("ROS_PACKAGE_PATH");
  unsetenv("AMENT_PREFIX_PATH");
  MigrateOptions options;
  options.src_dir = src;
  options.dst_dir = dst;
  options.target = MigrateOptions::Target::kUrdf;
  options.jobs = 2;
  std::string error;
  ASSERT_TRUE(ParseXacroArgRules("ur_description/urdf/*.urdf.xacro name:=ur5e ur_type:=ur5e\n",
                                 &options.xacro_arg_rules, &error))
      << error;
  const MigrateReport report = Migrate(options);
  ASSERT_TRUE(report.errors.empty());
  EXPECT_EQ(report.ExitCode(), 0);

  const std::map<std::string, std::vector<std::pair<std::string, std::string>>> entries = {
      {"franka_description/end_effectors/cobot_pump/cobot_pump.urdf.xacro", {}},
      {"franka_description/end_effectors/franka_hand/franka_hand.urdf.xacro", {}},
      {"franka_description/robots/fer/fer.urdf.xacro", {}},
      {"franka_description/robots/fp3/fp3.urdf.xacro", {}},
      {"franka_description/robots/fr3/fr3.urdf.xacro", {}},
      {"franka_description/robots/multi_arm/multi_arm.urdf.xacro", {}},
      {"ur_description/urdf/ur.urdf.xacro", {{"name", "ur5e"}, {"ur_type", "ur5e"}}},
      {"ur_description/urdf/ur_mocked.urdf.xacro", {{"name", "ur5e"}, {"ur_type", "ur5e"}}}};
  // The reference is given the path relative to the tree, from the tree.
  char cwd[4096];
  ASSERT_NE(getcwd(cwd, sizeof cwd), nullptr);
  ASSERT_EQ(chdir(src.c_str()), 0);
  std::set<std::string> seen;
  int macros = 0;
  for (const MigrateFile& f : report.files) {
    auto it = entries.find(f.source);
    if (it != entries.end()) {
      seen.insert(f.source);
      EXPECT_TRUE(f.status == MigrateStatus::kConverted ||
                  f.status == MigrateStatus::kConvertedWithWarnings)
          << f.source << "\n" << f.diagnostics.ToString();
      EXPECT_EQ(f.output, f.source.substr(0, f.source.size() - 6));  // NAME.urdf
      EXPECT_FALSE(f.reads.empty()) << f.source;
      std::string want;
      ASSERT_EQ(test_support::RunXacroReference(f.source, it->second, false, src, &want), 0)
          << want;
      EXPECT_EQ(test_support::ReadFile(dst + "/" + f.output), want) << f.source;
    } else if (xacro::IsXacroPath(f.source)) {
      ++macros;
      EXPECT_EQ(f.status, MigrateStatus::kCopied) << f.source;
      EXPECT_EQ(f.output, f.source);
    }
  }
  ASSERT_EQ(chdir(cwd), 0);
  EXPECT_EQ(seen.size(), entries.size());
  EXPECT_EQ(macros, 15);
}

}  // namespace
}  // namespace converter
