// migrate over xacro description packages (../shared/corpus/xacro-packages,
// with the arguments their test/ folders use): every entry point is
// expanded and converted as urdf2sdf converts it, every macro file copied;
// an entry point missing an argument fails with its code; the report
// lists what each expansion read, and a changed macro file converts again
// what includes it (resume).
#include <gtest/gtest.h>
#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <string>

#include "migrate/migrate.h"
#include "converter/urdf_to_sdf.h"
#include "testing/corpus.h"

namespace converter {
namespace {

namespace fs = std::filesystem;

std::string TempDir(const std::string& name) {
  const std::string dir = std::string(std::getenv("TEST_TMPDIR")) + "/" + name;
  fs::remove_all(dir);
  return dir;
}

std::map<std::string, const MigrateFile*> BySource(const MigrateReport& r) {
  std::map<std::string, const MigrateFile*> m;
  for (const MigrateFile& f : r.files) m[f.source] = &f;
  return m;
}

bool Converted(const MigrateFile& f) {
  return f.status == MigrateStatus::kConverted ||
         f.status == MigrateStatus::kConvertedWithWarnings;
}

TEST(MigrateXacroTest, EntryPointsConvertedMacrosCopied) {
  const std::string src = test_support::CorpusDir("XACRO_CORPUS_DIR") + "/xacro-packages";
  unsetenv("ROS_PACKAGE_PATH");
  unsetenv("AMENT_PREFIX_PATH");
  MigrateOptions options;
  options.src_dir = src;
  options.dst_dir = TempDir("out");
  options.jobs = 2;
  // ur_description/test/test_ur_urdf_xacro.py: ur_type and name; the
  // franka entry points' own tests use their defaults (arm_id ...).
  std::string error;
  ASSERT_TRUE(ParseXacroArgRules(
      "# comment\n\nur_description/urdf/*.urdf.xacro name:=ur5e ur_type:=ur5e\n",
      &options.xacro_arg_rules, &error))
      << error;
  const MigrateReport report = Migrate(options);
  ASSERT_TRUE(report.errors.empty());
  EXPECT_EQ(report.ExitCode(), 0);
  const std::set<std::string> entries = {
      "franka_description/end_effectors/cobot_pump/cobot_pump.urdf.xacro",
      "franka_description/end_effectors/franka_hand/franka_hand.urdf.xacro",
      "franka_description/robots/fer/fer.urdf.xacro",
      "franka_description/robots/fp3/fp3.urdf.xacro",
      "franka_description/robots/fr3/fr3.urdf.xacro",
      "franka_description/robots/multi_arm/multi_arm.urdf.xacro",
      "ur_description/urdf/ur.urdf.xacro",
      "ur_description/urdf/ur_mocked.urdf.xacro"};
  int macros = 0;
  for (const MigrateFile& f : report.files) {
    if (entries.count(f.source)) {
      EXPECT_TRUE(Converted(f)) << f.source << "\n" << f.diagnostics.ToString();
      EXPECT_EQ(f.output, f.source.substr(0, f.source.size() - 11) + ".sdf");
      EXPECT_FALSE(f.reads.empty()) << f.source;
      // The same bytes as urdf2sdf of the entry point with its arguments.
      UrdfToSdfOptions single;
      if (f.source.rfind("ur_description/", 0) == 0) {
        single.xacro.args = {{"name", "ur5e"}, {"ur_type", "ur5e"}};
      }
      const ConversionResult want = UrdfFileToSdf(src + "/" + f.source, single);
      ASSERT_TRUE(want.ok) << want.diagnostics.ToString();
      EXPECT_EQ(test_support::ReadFile(options.dst_dir + "/" + f.output), want.output)
          << f.source;
    } else if (xacro::IsXacroPath(f.source)) {
      ++macros;
      EXPECT_EQ(f.status, MigrateStatus::kCopied) << f.source;
      EXPECT_EQ(f.output, f.source);
    } else {
      EXPECT_EQ(f.status, MigrateStatus::kCopied) << f.source;
    }
  }
  EXPECT_EQ(macros, 15);
  const auto by = BySource(report);
  const std::vector<std::string>& reads = by.at("ur_description/urdf/ur.urdf.xacro")->reads;
  EXPECT_NE(std::find(reads.begin(), reads.end(), "ur_description/urdf/ur_macro.xacro"),
            reads.end());
  EXPECT_NE(std::find(reads.begin(), reads.end(), "ur_description/config/ur5e/joint_limits.yaml"),
            reads.end());
}

TEST(MigrateXacroTest, EntryPointMissingAnArgumentFailsWithItsCode) {
  MigrateOptions options;
  options.src_dir = test_support::CorpusDir("XACRO_CORPUS_DIR") + "/xacro-packages";
  options.dst_dir = TempDir("no_args");
  options.jobs = 2;
  const MigrateReport report = Migrate(options);
  EXPECT_EQ(report.ExitCode(), 1);
  const MigrateFile& ur = *BySource(report).at("ur_description/urdf/ur.urdf.xacro");
  EXPECT_EQ(ur.status, MigrateStatus::kFailed);
  ASSERT_FALSE(ur.diagnostics.all().empty());
  EXPECT_EQ(ur.diagnostics.all()[0].code, frames::Code::XACRO_ARG_UNDEFINED);
  EXPECT_EQ(ur.diagnostics.all()[0].where.file, "ur_description/urdf/ur.urdf.xacro");
  EXPECT_FALSE(fs::exists(options.dst_dir + "/ur_description/urdf/ur.sdf"));
  EXPECT_TRUE(Converted(*BySource(report).at("franka_description/robots/fr3/fr3.urdf.xacro")));
}

TEST(MigrateXacroTest, ChangedMacroFileConvertsItsIncluderAgain) {
  const std::string src = TempDir("repo");
  fs::create_directories(src);
  for (const char* f : {"arm.urdf.xacro", "arm_macros.xacro", "bad_arm.urdf.xacro"}) {
    fs::copy_file(test_support::Runfile("testdata/xacro/") + f, src + "/" + f);
  }
  MigrateOptions options;
  options.src_dir = src;
  options.dst_dir = TempDir("repo_out");
  options.jobs = 1;
  options.xacro_args["length"] = "2";
  MigrateReport first = Migrate(options);
  auto by = BySource(first);
  EXPECT_TRUE(Converted(*by.at("arm.urdf.xacro")));
  EXPECT_EQ(by.at("arm.urdf.xacro")->reads, std::vector<std::string>{"arm_macros.xacro"});
  EXPECT_EQ(by.at("arm_macros.xacro")->status, MigrateStatus::kCopied);
  // The error inside the macro is reported at the macro, with the call.
  const MigrateFile& bad = *by.at("bad_arm.urdf.xacro");
  EXPECT_EQ(bad.status, MigrateStatus::kFailed);
  ASSERT_EQ(bad.diagnostics.all().size(), 1u);
  EXPECT_EQ(bad.diagnostics.all()[0].where.file, "arm_macros.xacro");
  EXPECT_EQ(bad.diagnostics.all()[0].where.line, 14);

  MigrateReport second = Migrate(options);
  EXPECT_EQ(BySource(second).at("arm.urdf.xacro")->status, MigrateStatus::kSkipped);
  // The manifest keeps what the expansion read, for the skipped file's report.
  EXPECT_EQ(BySource(second).at("arm.urdf.xacro")->reads,
            std::vector<std::string>{"arm_macros.xacro"});
  EXPECT_NE(test_support::ReadFile(options.dst_dir + "/.migrate-manifest")
                .find("\tread\tarm_macros.xacro"),
            std::string::npos);

  {
    std::ofstream append(src + "/arm_macros.xacro", std::ios::app);
    append << "<!-- changed -->\n";
  }
  MigrateReport third = Migrate(options);
  EXPECT_TRUE(Converted(*BySource(third).at("arm.urdf.xacro")));

  // Another argument converts it again too.
  options.xacro_args["length"] = "3";
  MigrateReport fourth = Migrate(options);
  EXPECT_TRUE(Converted(*BySource(fourth).at("arm.urdf.xacro")));
  EXPECT_NE(test_support::ReadFile(options.dst_dir + "/arm.sdf").find("0 0 3 0 0 0"),
            std::string::npos);
}

}  // namespace
}  // namespace converter
