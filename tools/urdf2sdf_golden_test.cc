// Golden tests for urdf2sdf: every fixture in testdata/urdf/ is converted
// with the library (as the command does) and compared byte for byte with its
// checked-in golden; the warnings each fixture gives are pinned too (code and
// line). Every golden is also loaded with libsdformat, the independent oracle,
// which must report no error.
//
//   NAME.urdf                  fixture (a comment at its top says what it
//                              covers)
//   NAME.sdf                   golden, default options
//   NAME.lumped.sdf            golden, --lump-fixed-joints
//   NAME.package_to_model.sdf  golden, --package-to-model
//
// After an intended output change, regenerate with the command and review
// the diff by hand against the URDF-parity rules listed in
// testdata/BUILD.bazel.
#include <dirent.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <fstream>
#include <ostream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <sdf/Root.hh>

#include "converter/urdf_to_sdf.h"

namespace {

constexpr char kDir[] = "testdata/urdf/";

std::string ReadOrDie(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  EXPECT_TRUE(in.good()) << "cannot read " << path;
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> out;
  std::string line;
  std::istringstream in(text);
  while (std::getline(in, line)) out.push_back(line);
  return out;
}

// A unified-style line diff (LCS; fixtures are small), with 3 lines of
// context around each change.
std::string Diff(const std::string& expected, const std::string& actual) {
  const std::vector<std::string> a = Lines(expected), b = Lines(actual);
  const size_t n = a.size(), m = b.size();
  std::vector<std::vector<int>> lcs(n + 1, std::vector<int>(m + 1, 0));
  for (size_t i = n; i-- > 0;) {
    for (size_t j = m; j-- > 0;) {
      lcs[i][j] = a[i] == b[j] ? lcs[i + 1][j + 1] + 1
                               : std::max(lcs[i + 1][j], lcs[i][j + 1]);
    }
  }
  struct Op {
    char kind;  // ' ', '-', '+'
    std::string text;
    size_t line_a, line_b;
  };
  std::vector<Op> ops;
  size_t i = 0, j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i] == b[j]) {
      ops.push_back({' ', a[i], i + 1, j + 1});
      ++i, ++j;
    } else if (i < n && (j == m || lcs[i + 1][j] >= lcs[i][j + 1])) {
      ops.push_back({'-', a[i], i + 1, j + 1});
      ++i;
    } else {
      ops.push_back({'+', b[j], i + 1, j + 1});
      ++j;
    }
  }
  std::ostringstream out;
  out << "--- expected (golden)\n+++ actual\n";
  const size_t kContext = 3;
  std::vector<bool> show(ops.size(), false);
  for (size_t k = 0; k < ops.size(); ++k) {
    if (ops[k].kind == ' ') continue;
    const size_t from = k > kContext ? k - kContext : 0;
    const size_t to = std::min(ops.size(), k + kContext + 1);
    for (size_t p = from; p < to; ++p) show[p] = true;
  }
  for (size_t k = 0; k < ops.size(); ++k) {
    if (!show[k]) continue;
    if (k == 0 || !show[k - 1]) {
      out << "@@ expected line " << ops[k].line_a << ", actual line "
          << ops[k].line_b << " @@\n";
    }
    out << ops[k].kind << ops[k].text << "\n";
  }
  if (!expected.empty() && !actual.empty() &&
      (expected.back() == '\n') != (actual.back() == '\n')) {
    out << "(the two differ in the final newline)\n";
  }
  return out.str();
}

// "CODE@line" for every diagnostic, in the order given.
std::vector<std::string> Codes(const frames::Diagnostics& diags) {
  std::vector<std::string> out;
  for (const auto& d : diags.all()) {
    out.push_back((d.severity == frames::Severity::kError ? "error " : "") +
                  std::string(frames::CodeName(d.code)) + "@" +
                  std::to_string(d.where.line));
  }
  return out;
}

struct Golden {
  std::string fixture;  // file name in testdata/urdf
  std::string golden;   // file name in testdata/urdf
  converter::UrdfToSdfOptions options;
  std::vector<std::string> diagnostics;  // Codes() of the conversion
};

// For gtest's messages: "fixture -> golden" rather than raw bytes.
void PrintTo(const Golden& g, std::ostream* os) {
  *os << g.fixture << " -> " << g.golden;
}

converter::UrdfToSdfOptions Lumped() {
  converter::UrdfToSdfOptions o;
  o.lump_fixed_joints = true;
  return o;
}

converter::UrdfToSdfOptions PackageToModel() {
  converter::UrdfToSdfOptions o;
  o.package_to_model = true;
  return o;
}

converter::UrdfToSdfOptions SdfVersion(int minor) {
  converter::UrdfToSdfOptions o;
  o.sdf_version = minor;
  return o;
}

const std::vector<Golden>& Goldens() {
  static const auto* goldens = new std::vector<Golden>{
      // Its pybullet capsules (the robot declares 1.0) are carried in
      // SDFormat 1.7, which has no <capsule>.
      {"links_geometry.urdf",
       "links_geometry.sdf",
       {},
       {"SDF_VERSION_CANNOT_EXPRESS@48", "URDF_VERSION_FEATURE_IGNORED@51",
        "SDF_VERSION_CANNOT_EXPRESS@67", "URDF_VERSION_FEATURE_IGNORED@69"}},
      {"links_geometry.urdf",
       "links_geometry.lumped.sdf",
       Lumped(),
       {"SDF_VERSION_CANNOT_EXPRESS@48", "URDF_VERSION_FEATURE_IGNORED@51",
        "SDF_VERSION_CANNOT_EXPRESS@67", "URDF_VERSION_FEATURE_IGNORED@69",
        "FIXED_JOINT_LUMPED@84"}},
      {"materials.urdf", "materials.sdf", {}, {}},
      {"joint_types.urdf",
       "joint_types.sdf",
       {},
       {"MIMIC_CARRIED@25", "MIMIC_CARRIED@47", "JOINT_TYPE_CARRIED@69",
        "JOINT_TYPE_CARRIED@80"}},
      {"world_and_renames.urdf",
       "world_and_renames.sdf",
       {},
       {"JOINT_RENAMED@21", "JOINT_LIMIT_MISSING@28", "JOINT_RENAMED@28"}},
      {"extensions.urdf",
       "extensions.sdf",
       {},
       {"URDF_ELEMENT_CARRIED@16", "URDF_ELEMENT_CARRIED@22",
        "URDF_ELEMENT_CARRIED@24", "URDF_ELEMENT_CARRIED@31",
        "URDF_ELEMENT_CARRIED@74"}},
      {"gazebo_model.urdf",
       "gazebo_model.sdf",
       {},
       {"GAZEBO_ELEMENT_MISPLACED@36",
        "GAZEBO_ELEMENT_IGNORED@37", "GAZEBO_KINEMATICS_NOT_APPLIED@52", "GAZEBO_ELEMENT_NOT_SDF@55",
        "GAZEBO_REFERENCE_UNKNOWN@57",
        "GAZEBO_REFERENCE_UNKNOWN@60",
        "GAZEBO_REFERENCE_UNKNOWN@63"}},
      {"gazebo_link.urdf",
       "gazebo_link.sdf",
       {},
       {"GAZEBO_NO_TARGET@102",
        "GAZEBO_ELEMENT_NOT_SDF@113",
        "GAZEBO_ELEMENT_MISPLACED@114", "GAZEBO_VALUE_INVALID@115",
        "GAZEBO_KINEMATICS_NOT_APPLIED@122", "GAZEBO_NO_TARGET@134", "GAZEBO_ELEMENT_NOT_SDF@153"}},
      {"gazebo_joint.urdf",
       "gazebo_joint.sdf",
       {},
       {"JOINT_TYPE_CARRIED@57", "GAZEBO_KINEMATICS_NOT_APPLIED@77", "GAZEBO_ELEMENT_MISPLACED@87",
        "GAZEBO_NO_TARGET@104", "GAZEBO_ELEMENT_NOT_SDF@115", "GAZEBO_REFERENCE_UNKNOWN@117"}},
      {"spherical_joint.urdf", "spherical_joint.sdf", {},
       {"URDF_NONSTANDARD@11"}},
      {"tree_order.urdf", "tree_order.sdf", {}, {}},
      {"fixed_chain.urdf", "fixed_chain.sdf", {}, {}},
      {"fixed_chain.urdf",
       "fixed_chain.lumped.sdf",
       Lumped(),
       {"FIXED_JOINT_LUMPED@45", "FIXED_JOINT_LUMPED@61",
        "FIXED_JOINT_LUMPED@85"}},
      {"lump_gazebo.urdf", "lump_gazebo.sdf", {}, {}},
      {"lump_gazebo.urdf",
       "lump_gazebo.lumped.sdf",
       Lumped(),
       {"FIXED_JOINT_LUMPED@30", "FIXED_JOINT_LUMPED@46"}},
      {"lump_preserved.urdf",
       "lump_preserved.sdf",
       {},
       {"INERTIA_ADJUSTED@27", "INERTIA_TRIANGLE_INEQUALITY@29"}},
      {"lump_preserved.urdf",
       "lump_preserved.lumped.sdf",
       Lumped(),
       {"FIXED_JOINT_LUMPED@26", "INERTIA_TRIANGLE_INEQUALITY@29",
        "LUMPED_JOINT_CONTENT_DROPPED@64", "LUMP_PROPERTY_CONFLICT@71"}},
      {"package_meshes.urdf", "package_meshes.sdf", {}, {}},
      {"package_meshes.urdf", "package_meshes.package_to_model.sdf",
       PackageToModel(), {}},
      // URDF versions (README, "URDF versions").
      {"urdf_1_1.urdf",
       "urdf_1_1.sdf",
       {},
       {"SDF_VERSION_CANNOT_EXPRESS@14", "SDF_VERSION_CANNOT_EXPRESS@20",
        "URDF_QUATERNION_NOT_UNIT@29"}},
      {"urdf_1_1.urdf", "urdf_1_1.1_9.sdf", SdfVersion(9),
       {"URDF_QUATERNION_NOT_UNIT@29"}},
      {"urdf_1_2.urdf", "urdf_1_2.sdf", {}, {"SDF_VERSION_CANNOT_EXPRESS@8"}},
      {"urdf_1_2.urdf", "urdf_1_2.1_9.sdf", SdfVersion(9), {}},
      {"urdf_1_0_newer_features.urdf",
       "urdf_1_0_newer_features.sdf",
       {},
       {"SDF_VERSION_CANNOT_EXPRESS@9", "URDF_VERSION_FEATURE_IGNORED@10",
        "URDF_VERSION_FEATURE_IGNORED@12", "URDF_VERSION_FEATURE_IGNORED@18",
        "URDF_VERSION_FEATURE_IGNORED@21", "URDF_VERSION_FEATURE_IGNORED@21"}},
  };
  return *goldens;
}

std::string Describe(const converter::ConversionResult& r) {
  return r.diagnostics.ToString();
}

class GoldenTest : public ::testing::TestWithParam<Golden> {};

TEST_P(GoldenTest, MatchesGolden) {
  const Golden& g = GetParam();
  const std::string path = std::string(kDir) + g.fixture;
  const converter::ConversionResult r =
      converter::UrdfFileToSdf(path, g.options);
  ASSERT_TRUE(r.ok) << Describe(r);
  const std::string expected = ReadOrDie(std::string(kDir) + g.golden);
  ASSERT_FALSE(expected.empty()) << g.golden << " is empty";
  EXPECT_TRUE(r.output == expected)
      << g.fixture << " no longer converts to " << g.golden << ":\n"
      << Diff(expected, r.output);
  EXPECT_EQ(Codes(r.diagnostics), g.diagnostics) << Describe(r);
  for (const auto& d : r.diagnostics.all()) EXPECT_EQ(d.where.file, path);
}

TEST_P(GoldenTest, GoldenLoadsInLibsdformat) {
  const Golden& g = GetParam();
  sdf::Root root;
  const sdf::Errors errors =
      root.LoadSdfString(ReadOrDie(std::string(kDir) + g.golden));
  std::string all;
  for (const auto& e : errors) all += e.Message() + "\n";
  EXPECT_TRUE(errors.empty()) << g.golden << ":\n" << all;
  EXPECT_NE(root.Model(), nullptr) << g.golden;
}

TEST_P(GoldenTest, Deterministic) {
  const Golden& g = GetParam();
  const std::string text = ReadOrDie(std::string(kDir) + g.fixture);
  const auto first = converter::UrdfToSdf(text, "a.urdf", g.options);
  const auto second = converter::UrdfToSdf(text, "a.urdf", g.options);
  // The source name only appears in diagnostics, never in the output.
  const auto renamed = converter::UrdfToSdf(text, "other/b.urdf", g.options);
  ASSERT_TRUE(first.ok) << Describe(first);
  EXPECT_FALSE(first.output.empty());
  EXPECT_TRUE(first.output == second.output) << Diff(first.output, second.output);
  EXPECT_TRUE(first.output == renamed.output)
      << Diff(first.output, renamed.output);
  EXPECT_EQ(first.diagnostics.ToString(), second.diagnostics.ToString());
}

TEST_P(GoldenTest, CheckOnlyWritesNothing) {
  const Golden& g = GetParam();
  converter::UrdfToSdfOptions o = g.options;
  o.check_only = true;
  const auto checked =
      converter::UrdfFileToSdf(std::string(kDir) + g.fixture, o);
  EXPECT_TRUE(checked.ok) << Describe(checked);
  EXPECT_TRUE(checked.output.empty());
  // --check reports exactly what a conversion reports.
  const auto converted =
      converter::UrdfFileToSdf(std::string(kDir) + g.fixture, g.options);
  EXPECT_EQ(checked.diagnostics.ToString(), converted.diagnostics.ToString());
}

std::string ParamName(const ::testing::TestParamInfo<Golden>& info) {
  std::string name = info.param.golden;
  name = name.substr(0, name.size() - 4);  // drop ".sdf"
  for (char& c : name) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return name;
}

INSTANTIATE_TEST_SUITE_P(Fixtures, GoldenTest,
                         ::testing::ValuesIn(Goldens()), ParamName);

// Every fixture has a default golden, every golden is in the table: nothing
// in testdata/urdf goes untested and no golden is stale.
TEST(GoldenTable, CoversEveryFile) {
  std::set<std::string> files;
  DIR* dir = opendir(kDir);
  ASSERT_NE(dir, nullptr) << "no " << kDir << " in the runfiles";
  while (const dirent* e = readdir(dir)) {
    const std::string name = e->d_name;
    if (name != "." && name != "..") files.insert(name);
  }
  closedir(dir);
  std::set<std::string> listed;
  for (const auto& g : Goldens()) {
    listed.insert(g.fixture);
    listed.insert(g.golden);
    EXPECT_TRUE(files.count(g.fixture)) << g.fixture << " is missing";
    EXPECT_TRUE(files.count(g.golden)) << g.golden << " is missing";
  }
  for (const auto& f : files) {
    EXPECT_TRUE(listed.count(f)) << "testdata/urdf/" << f
                                 << " is not in the golden table";
    if (f.size() > 5 && f.compare(f.size() - 5, 5, ".urdf") == 0) {
      const std::string sdf = f.substr(0, f.size() - 5) + ".sdf";
      EXPECT_TRUE(files.count(sdf)) << f << " has no default golden " << sdf;
    }
  }
  EXPECT_GE(files.size(), 12u);
}

// The golden harness itself: a changed line shows up in the diff.
TEST(GoldenDiff, ShowsChangedLines) {
  const std::string d = Diff("a\nb\nc\n", "a\nB\nc\n");
  EXPECT_NE(d.find("-b\n"), std::string::npos) << d;
  EXPECT_NE(d.find("+B\n"), std::string::npos) << d;
  EXPECT_NE(d.find(" a\n"), std::string::npos) << d;
}

// --- Lumping fixed joints: cases the goldens do not show -----------------

converter::ConversionResult Convert(const std::string& urdf,
                                    const converter::UrdfToSdfOptions& o) {
  return converter::UrdfToSdf(urdf, "lump.urdf", o);
}

sdf::Errors LoadErrors(const std::string& sdf_text) {
  sdf::Root root;
  return root.LoadSdfString(sdf_text);
}

// Two links with a visual of the same name: after merging, both visuals are
// in one link and SDFormat requires their names to be unique there.
TEST(LumpFixedJoints, MergedVisualNamesStayUnique) {
  const std::string urdf = R"(<robot name="r">
  <link name="a">
    <visual name="v"><geometry><box size="1 1 1"/></geometry></visual>
    <collision name="c"><geometry><box size="1 1 1"/></geometry></collision>
  </link>
  <joint name="j" type="fixed"><parent link="a"/><child link="b"/></joint>
  <link name="b">
    <visual name="v"><geometry><sphere radius="1"/></geometry></visual>
    <collision name="c"><geometry><sphere radius="1"/></geometry></collision>
  </link>
</robot>
)";
  const auto r = Convert(urdf, Lumped());
  ASSERT_TRUE(r.ok) << Describe(r);
  std::string all;
  for (const auto& e : LoadErrors(r.output)) all += e.Message() + "\n";
  EXPECT_TRUE(all.empty()) << all << r.output;
}

// Unknown elements of a merged link or joint are carried like any other:
// as urdf: elements with a warning, not as bare SDFormat children of a frame.
TEST(LumpFixedJoints, MergedExtensionsAreCarried) {
  const std::string urdf = R"(<robot name="r">
  <link name="a"/>
  <joint name="j" type="fixed">
    <parent link="a"/><child link="b"/>
    <joint_note k="1"/>
  </joint>
  <link name="b">
    <link_note k="2"/>
  </link>
</robot>
)";
  const auto r = Convert(urdf, Lumped());
  ASSERT_TRUE(r.ok) << Describe(r);
  EXPECT_NE(r.output.find("<urdf:joint_note k=\"1\"/>"), std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("<urdf:link_note k=\"2\"/>"), std::string::npos)
      << r.output;
  EXPECT_EQ(r.output.find("<joint_note"), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find("<link_note"), std::string::npos) << r.output;
  int carried = 0;
  for (const auto& d : r.diagnostics.all())
    carried += d.code == frames::Code::URDF_ELEMENT_CARRIED;
  EXPECT_EQ(carried, 2) << Describe(r);
}

// URDF-only children of a merged fixed joint (<calibration>, <mimic>,
// <safety_controller>) are not silently dropped.
TEST(LumpFixedJoints, MergedJointDetailsAreNotDropped) {
  const std::string urdf = R"(<robot name="r">
  <link name="a"/>
  <joint name="j" type="fixed">
    <parent link="a"/><child link="b"/>
    <calibration rising="0.5"/>
  </joint>
  <link name="b"/>
</robot>
)";
  const auto r = Convert(urdf, Lumped());
  ASSERT_TRUE(r.ok) << Describe(r);
  bool warned = false;
  for (const auto& d : r.diagnostics.all()) {
    warned |= d.severity == frames::Severity::kWarning &&
              d.message.find("calibration") != std::string::npos;
  }
  EXPECT_TRUE(r.output.find("urdf:calibration") != std::string::npos || warned)
      << "<calibration> of the merged joint 'j' is neither carried nor "
         "reported:\n"
      << Describe(r) << r.output;
}

// --- <gazebo> content checked against the SDFormat description ----------

// libsdformat's URDF parser pastes a block's SDFormat elements into the SDF
// it then reads: what its SDF reader refuses, it refuses the URDF for, and
// so do we (the error's code at the URDF's line); a pose number with
// trailing text it reads ('0n5' as 0) we read so too, with a warning.
TEST(GazeboSchema, SameVerdictAsLibsdformat) {
  struct Case {
    const char* block;
    const char* code;  // ours, at line 9
    bool libsdformat_loads;
  };
  const Case cases[] = {
      {R"(<gazebo reference="base"><sensor type="imu"/></gazebo>)",
       "ATTRIBUTE_MISSING", false},
      {R"(<gazebo><plugin name="p"/></gazebo>)", "ATTRIBUTE_MISSING", false},
      {R"(<gazebo reference="hinge"><axis><dynamics><spring_reference>MM0.25</spring_reference></dynamics></axis></gazebo>)",
       "VALUE_INVALID", false},
      {R"(<gazebo reference="base"><velocity_decay><linear>fast</linear></velocity_decay></gazebo>)",
       "VALUE_INVALID", false},
      {R"(<gazebo reference="base"><sensor name="s" type="imu"><update_rate>fast</update_rate></sensor></gazebo>)",
       "VALUE_INVALID", false},
      {R"(<gazebo reference="base"><light name="l" type="spot"><pose>0n5 0 0 0 0 0</pose></light></gazebo>)",
       "NUMBER_TRAILING_CHARACTERS", true},
      {R"(<gazebo reference="base"><light name="l" type="spot"><pose>0.5 0 0 0 0 0</pose></light></gazebo>)",
       nullptr, true},
  };
  for (const Case& c : cases) {
    const std::string urdf = std::string(R"(<robot name="r">
  <link name="base"><visual name="v"><geometry><box size="1 1 1"/></geometry></visual>
    <inertial><mass value="1"/><inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial></link>
  <joint name="hinge" type="revolute"><parent link="base"/><child link="arm"/>
    <axis xyz="0 0 1"/><limit lower="-1" upper="1" effort="5" velocity="1"/></joint>
  <link name="arm">
    <inertial><mass value="1"/><inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial></link>
  <!-- line 8 -->
  )") + c.block + "\n</robot>\n";
    const auto r = converter::UrdfToSdf(urdf, "g.urdf", {});
    std::vector<std::string> codes;
    for (const auto& d : r.diagnostics.all())
      codes.push_back(std::string(frames::CodeName(d.code)) + "@" +
                      std::to_string(d.where.line));
    EXPECT_EQ(codes, c.code ? std::vector<std::string>{std::string(c.code) + "@9"}
                            : std::vector<std::string>{})
        << c.block;
    EXPECT_EQ(r.ok, c.libsdformat_loads) << c.block;
    EXPECT_EQ(LoadErrors(urdf).empty(), c.libsdformat_loads) << c.block;
    if (r.ok) {
      std::string all;
      for (const auto& e : LoadErrors(r.output)) all += e.Message() + "\n";
      EXPECT_TRUE(all.empty()) << c.block << "\n" << all << r.output;
    }
  }
}

}  // namespace
