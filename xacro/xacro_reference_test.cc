// Differential test of xacro::ExpandFile against the reference xacro (ROS
// 2's, in Python: ../shared/oracles/xacro/run-xacro), on every entry point
// of ../shared/corpus/xacro-packages with every robot variant the packages'
// own tests name (ur_description/test/test_ur_urdf_xacro.py: nine ur_type
// values, two files, two prefixes; franka_description/test/urdf_tests.py:
// arm_id with ee_id, ros2_control, use_fake_hardware, robot_ip), and on the
// unit tests' golden cases. Outputs compare as XML: element order kept,
// attributes as sets, numbers within 1e-9; the files read (--deps) compare
// as sets. Needs python3 and PyYAML (Debian: python3-yaml): tagged
// "python3".
#include <gtest/gtest.h>
#include <stdlib.h>

#include <cstdio>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "sdf_io/packages.h"
#include "testing/corpus.h"
#include "testing/xacro_oracle.h"
#include "testing/xml_diff.h"
#include "xacro/xacro.h"

namespace xacro {
namespace {

struct Variant {
  std::string entry;  // relative to xacro-packages/
  std::vector<std::pair<std::string, std::string>> args;
  bool deps = false;  // also compare --deps
};

std::string PrintArgs(const Variant& v) {
  std::string s = v.entry;
  for (const auto& [k, val] : v.args) s += " " + k + ":=" + val;
  return s;
}

std::vector<Variant> Variants() {
  std::vector<Variant> out;
  bool first = true;
  for (const char* file : {"ur.urdf.xacro", "ur_mocked.urdf.xacro"}) {
    first = true;
    for (const char* type :
         {"ur3", "ur3e", "ur5", "ur5e", "ur10", "ur10e", "ur16e", "ur20", "ur30"}) {
      for (const char* prefix : {"", "my_ur_"}) {
        out.push_back({std::string("ur_description/urdf/") + file,
                       {{"safety_limits", "true"},
                        {"safety_pos_margin", "0.15"},
                        {"safety_k_position", "20"},
                        {"name", type},
                        {"ur_type", type},
                        {"prefix", prefix},
                        {"tf_prefix", prefix}},
                       first});
        first = false;
      }
    }
  }
  for (const char* arm : {"fer", "fp3", "fr3"}) {
    const std::string entry = std::string("franka_description/robots/") + arm + "/" + arm +
                              ".urdf.xacro";
    out.push_back({entry, {{"arm_id", arm}}, true});
    out.push_back({entry, {{"arm_id", arm}, {"ee_id", "none"}}});
    out.push_back({entry, {{"arm_id", arm}, {"hand", "false"}}});
    out.push_back({entry, {{"arm_id", arm}, {"ee_id", "franka_hand"}}});
    out.push_back({entry, {{"arm_id", arm}, {"ros2_control", "true"}}});
    out.push_back(
        {entry, {{"arm_id", arm}, {"ros2_control", "true"}, {"use_fake_hardware", "true"}}});
    out.push_back(
        {entry, {{"arm_id", arm}, {"ros2_control", "true"}, {"robot_ip", "franka_ip_address"}}});
    out.push_back({entry, {{"arm_id", arm}, {"gazebo", "true"}, {"with_sc", "true"}}});
  }
  out.push_back({"franka_description/robots/multi_arm/multi_arm.urdf.xacro", {}, true});
  out.push_back(
      {"franka_description/robots/multi_arm/multi_arm.urdf.xacro", {{"ros2_control", "true"}}});
  out.push_back({"franka_description/end_effectors/franka_hand/franka_hand.urdf.xacro", {}, true});
  out.push_back({"franka_description/end_effectors/cobot_pump/cobot_pump.urdf.xacro", {}, true});
  return out;
}

std::string XacroPackages() {
  // The reference's package shim and ours must see the same paths: the
  // runfiles copy of the corpus (a tree of symbolic links).
  const std::string corpus = test_support::CorpusDir("XACRO_CORPUS_DIR");
  return corpus + "/xacro-packages";
}

std::set<std::string> Words(const std::string& s) {
  std::set<std::string> w;
  std::istringstream in(s);
  std::string x;
  while (in >> x) w.insert(x);
  return w;
}

test_support::XmlDiffOptions Ordered() {
  test_support::XmlDiffOptions o;
  o.tolerance = 1e-9;
  o.unordered = [](const tinyxml2::XMLElement&) { return false; };
  return o;
}

class ReferenceTest : public ::testing::TestWithParam<Variant> {};

TEST_P(ReferenceTest, SameXmlAsTheReference) {
  const Variant& v = GetParam();
  const std::string packages = XacroPackages();
  ASSERT_FALSE(packages.empty());
  const std::string in = packages + "/" + v.entry;
  std::string want;
  ASSERT_EQ(test_support::RunXacroReference(in, v.args, false, packages, &want), 0) << want;

  setenv("ROS_PACKAGE_PATH", packages.c_str(), 1);
  unsetenv("AMENT_PREFIX_PATH");
  sdf_io::PackagePaths paths;
  Options options;
  options.find_package = [&](const std::string& name, const std::string& from) {
    return sdf_io::FindPackage(name, paths, from);
  };
  std::map<std::string, std::string> args(v.args.begin(), v.args.end());
  frames::Diagnostics diags;
  Result got = ExpandFile(in, args, options, &diags);
  ASSERT_TRUE(got.ok) << diags.ToString();
  const std::vector<std::string> diff = test_support::XmlTextDiff(want, got.xml, Ordered());
  EXPECT_TRUE(diff.empty()) << PrintArgs(v) << ":\n" << ::testing::PrintToString(diff);
  if (want == got.xml) {
    RecordProperty("byte_identical", "yes");
  } else {
    std::cout << PrintArgs(v) << ": same XML, not the same bytes\n";
  }
  if (v.deps) {
    std::string want_deps;
    ASSERT_EQ(test_support::RunXacroReference(in, v.args, true, packages, &want_deps), 0) << want_deps;
    std::set<std::string> got_deps(got.dependencies.begin(), got.dependencies.end());
    EXPECT_EQ(Words(want_deps), got_deps) << PrintArgs(v);
  }
}

INSTANTIATE_TEST_SUITE_P(Corpus, ReferenceTest, ::testing::ValuesIn(Variants()));

// The unit tests' goldens are still what the reference prints.
TEST(ReferenceGoldenTest, GoldensAreTheReferences) {
  for (const char* name :
       {"properties", "macros", "conditions", "elements", "include", "args", "tricky", "scopes",
        "whitespace", "standins"}) {
    const std::string dir = test_support::Runfile("xacro/testdata/cases");
    const std::string cmd =
        "cd " + test_support::ShellQuote(dir) + " && " + test_support::XacroReferenceCommand() + " " + name +
        ".xacro given:=cmdline";
    FILE* p = popen(cmd.c_str(), "r");
    ASSERT_NE(p, nullptr);
    std::string out;
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, n);
    EXPECT_EQ(pclose(p), 0) << name;
    EXPECT_EQ(out, test_support::ReadFile(dir + "/" + name + ".expected")) << name;
  }
}

}  // namespace
}  // namespace xacro
