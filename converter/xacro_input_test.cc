// A xacro file as the pipelines' input (converter/read_input.h): urdf2sdf
// of each xacro entry point of ../shared/corpus/xacro-packages (a few robot
// variants) is byte-identical to urdf2sdf of the reference xacro's
// expansion (@xacro_oracle) and of our `xacro` command's output; a problem
// of the robot written inside a macro is reported at the macro's line, in
// the macro's file, with the call site; a .sdf.xacro goes through sdf2sdf
// and sdf2urdf the same way.
#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/wait.h>

#include <string>
#include <utility>
#include <vector>

#include "converter/sdf_to_sdf.h"
#include "converter/sdf_to_urdf.h"
#include "converter/urdf_to_sdf.h"
#include "testing/corpus.h"
#include "testing/xacro_oracle.h"

namespace converter {
namespace {

using Args = std::vector<std::pair<std::string, std::string>>;

struct Variant {
  std::string entry;  // relative to xacro-packages/
  Args args;
};

std::string Name(const Variant& v) {
  std::string s = v.entry;
  for (const auto& [k, val] : v.args) s += " " + k + ":=" + val;
  return s;
}

// Runs our `xacro` command; its exit status, *out its output.
int RunOurXacro(const std::string& in, const Args& args, std::string* out) {
  const std::string tmp = std::getenv("TEST_TMPDIR") ? std::getenv("TEST_TMPDIR") : "/tmp";
  const std::string out_file = tmp + "/ours.urdf";
  std::string cmd = test_support::ShellQuote(test_support::Runfile("tools/xacro")) + " " +
                    test_support::ShellQuote(in);
  for (const auto& [k, v] : args) cmd += " " + test_support::ShellQuote(k + ":=" + v);
  cmd += " -o " + test_support::ShellQuote(out_file);
  const int status = std::system(cmd.c_str());
  *out = test_support::ReadFile(out_file);
  return WEXITSTATUS(status);
}

class XacroEntryPointTest : public ::testing::TestWithParam<Variant> {};

TEST_P(XacroEntryPointTest, SameSdfAsFromTheExpansions) {
  const Variant& v = GetParam();
  const std::string packages = test_support::CorpusDir("XACRO_CORPUS_DIR") + "/xacro-packages";
  const std::string in = packages + "/" + v.entry;
  setenv("ROS_PACKAGE_PATH", packages.c_str(), 1);
  unsetenv("AMENT_PREFIX_PATH");

  std::string reference;
  ASSERT_EQ(test_support::RunXacroReference(in, v.args, false, packages, &reference), 0)
      << reference;
  std::string ours;
  ASSERT_EQ(RunOurXacro(in, v.args, &ours), 0) << Name(v);

  UrdfToSdfOptions options;
  options.xacro.args.insert(v.args.begin(), v.args.end());
  const ConversionResult direct = UrdfFileToSdf(in, options);
  ASSERT_TRUE(direct.ok) << Name(v) << "\n" << direct.diagnostics.ToString();
  // The expansions converted under the input's name, as urdf2sdf of the
  // expansion written beside it would be.
  const ConversionResult from_reference = UrdfToSdf(reference, in, options);
  ASSERT_TRUE(from_reference.ok) << from_reference.diagnostics.ToString();
  const ConversionResult from_ours = UrdfToSdf(ours, in, options);
  ASSERT_TRUE(from_ours.ok) << from_ours.diagnostics.ToString();
  EXPECT_EQ(direct.output, from_reference.output) << Name(v);
  EXPECT_EQ(direct.output, from_ours.output) << Name(v);
  EXPECT_NE(direct.output.find("<model name="), std::string::npos);
}

INSTANTIATE_TEST_SUITE_P(
    Corpus, XacroEntryPointTest,
    ::testing::Values(
        Variant{"ur_description/urdf/ur.urdf.xacro", {{"name", "ur5e"}, {"ur_type", "ur5e"}}},
        Variant{"ur_description/urdf/ur.urdf.xacro",
                {{"name", "ur10"}, {"ur_type", "ur10"}, {"prefix", "my_ur_"},
                 {"tf_prefix", "my_ur_"}, {"safety_limits", "true"}}},
        Variant{"ur_description/urdf/ur_mocked.urdf.xacro", {{"name", "ur3e"}, {"ur_type", "ur3e"}}},
        Variant{"franka_description/robots/fr3/fr3.urdf.xacro", {{"arm_id", "fr3"}}},
        Variant{"franka_description/robots/fr3/fr3.urdf.xacro",
                {{"arm_id", "fr3"}, {"ros2_control", "true"}, {"use_fake_hardware", "true"}}},
        Variant{"franka_description/robots/fer/fer.urdf.xacro",
                {{"arm_id", "fer"}, {"ee_id", "none"}}},
        Variant{"franka_description/robots/multi_arm/multi_arm.urdf.xacro", {}},
        Variant{"franka_description/end_effectors/franka_hand/franka_hand.urdf.xacro", {}}));

std::string Fixture(const std::string& name) {
  return test_support::Runfile("testdata/xacro/" + name);
}

TEST(XacroInputTest, ArgumentsReachTheExpansion) {
  UrdfToSdfOptions options;
  options.xacro.args["length"] = "2";
  const ConversionResult r = UrdfFileToSdf(Fixture("arm.urdf.xacro"), options);
  ASSERT_TRUE(r.ok) << r.diagnostics.ToString();
  EXPECT_NE(r.output.find("<pose relative_to=\"base\">0 0 2 0 0 0</pose>"), std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("<ixx>0.2</ixx>"), std::string::npos) << r.output;
}

TEST(XacroInputTest, ErrorInAMacroIsReportedAtTheMacroWithItsCallSite) {
  const std::string in = Fixture("bad_arm.urdf.xacro");
  const ConversionResult r = UrdfFileToSdf(in);
  EXPECT_FALSE(r.ok);
  EXPECT_TRUE(r.output.empty());
  ASSERT_EQ(r.diagnostics.all().size(), 1u) << r.diagnostics.ToString();
  const frames::Diagnostic& d = r.diagnostics.all()[0];
  EXPECT_EQ(d.code, frames::Code::JOINT_CHILD_LINK_INVALID);
  EXPECT_EQ(d.where.file, Fixture("arm_macros.xacro"));
  EXPECT_EQ(d.where.line, 14);  // <joint name="${name}" ...> in the macro
  EXPECT_NE(d.message.find("in macro 'hinge' called at " + in + ":5"), std::string::npos)
      << d.message;
  // The element path is the expanded robot's.
  EXPECT_EQ(d.element_path, "/robot[bad_arm]/joint[shoulder]");
}

TEST(XacroInputTest, MissingArgumentIsAnXacroError) {
  const std::string in = Fixture("needs_arg.urdf.xacro");
  const ConversionResult r = UrdfFileToSdf(in);
  EXPECT_FALSE(r.ok);
  ASSERT_EQ(r.diagnostics.all().size(), 1u) << r.diagnostics.ToString();
  EXPECT_EQ(r.diagnostics.all()[0].code, frames::Code::XACRO_ARG_UNDEFINED);
  EXPECT_EQ(r.diagnostics.all()[0].where.line, 3);
  UrdfToSdfOptions options;
  options.xacro.args["link_name"] = "base";
  EXPECT_TRUE(UrdfFileToSdf(in, options).ok);
}

TEST(XacroInputTest, SdfXacroThroughSdfToSdfAndSdfToUrdf) {
  const std::string in = Fixture("box.sdf.xacro");
  SdfToSdfOptions options;
  options.xacro.args["size"] = "3";
  const ConversionResult r = SdfFileToSdf(in, options);
  EXPECT_FALSE(r.ok);
  ASSERT_EQ(r.diagnostics.all().size(), 1u) << r.diagnostics.ToString();
  EXPECT_EQ(r.diagnostics.all()[0].code, frames::Code::FRAME_ATTACHED_TO_INVALID);
  EXPECT_EQ(r.diagnostics.all()[0].where.file, in);
  EXPECT_EQ(r.diagnostics.all()[0].where.line, 13);

  SdfToUrdfOptions to_urdf;
  to_urdf.xacro.args["size"] = "3";
  const ConversionResult u = SdfFileToUrdf(in, to_urdf);
  EXPECT_FALSE(u.ok);
  ASSERT_FALSE(u.diagnostics.all().empty());
  EXPECT_EQ(u.diagnostics.all()[0].where.line, 13) << u.diagnostics.ToString();
}

}  // namespace
}  // namespace converter
