// URDF versions 1.0, 1.1 and 1.2 as urdfdom 6 reads them (README, "URDF
// versions"; ros/urdfdom urdf_parser/src/model.cpp, pose.cpp, link.cpp,
// joint.cpp):
//  - every fixture of testdata/urdf_versions/ gives the verdict and the
//    diagnostics testdata/urdf_versions/expected.txt lists, and every
//    fixture is listed;
//  - ParseUrdfVersion accepts and refuses what urdfdom's URDFVersion does
//    (the cases of urdfdom's urdf_version_test.cpp);
//  - a quat_xyzw origin is the rotation of the normalised quaternion,
//    computed here from the numbers with Eigen; a zero one the identity;
//  - the writer writes what it read back (text for text), a quaternion as
//    quat_xyzw from 1.1 and as the same rotation in rpy below;
//  - urdf::ModelInterface holds a quaternion origin exactly, and is told
//    (URDFDOM_CANNOT_EXPRESS) what of 1.1 and 1.2 the linked urdfdom 3 has
//    no place for.
#include <dirent.h>

#include <cmath>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <Eigen/Geometry>
#include <gtest/gtest.h>

#include "frames/model.h"
#include "testing/corpus.h"
#include "urdf_io/reader.h"
#include "urdf_io/urdfdom.h"
#include "urdf_io/writer.h"

namespace urdf_io {
namespace {

constexpr char kVersions[] = "testdata/urdf_versions/";
constexpr char kUrdf[] = "testdata/urdf/";

std::string ReadOrDie(const std::string& path) {
  std::string text = test_support::ReadFile(path);
  EXPECT_FALSE(text.empty()) << "cannot read " << path;
  return text;
}

// "CODE@line" (errors "error CODE@line"), comma-separated, in order.
std::string Codes(const frames::Diagnostics& diags) {
  std::string out;
  for (const auto& d : diags.all()) {
    if (!out.empty()) out += ",";
    if (d.severity == frames::Severity::kError) out += "error ";
    out += std::string(frames::CodeName(d.code)) + "@" +
           std::to_string(d.where.line);
  }
  return out;
}

struct Verdict {
  bool ok;
  std::string codes;
};

std::map<std::string, Verdict> Expected() {
  std::map<std::string, Verdict> out;
  std::istringstream in(ReadOrDie(std::string(kVersions) + "expected.txt"));
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::string file, verdict;
    fields >> file >> verdict;
    std::string codes;
    std::getline(fields, codes);
    const size_t b = codes.find_first_not_of(' ');
    codes = b == std::string::npos ? "" : codes.substr(b);
    EXPECT_TRUE(verdict == "ok" || verdict == "refused") << line;
    out[file] = {verdict == "ok", codes};
  }
  return out;
}

std::optional<frames::Model> Read(const std::string& path,
                                  frames::Diagnostics* diags) {
  return ReadUrdf(ReadOrDie(path), path, diags);
}

TEST(UrdfVersionsTest, FixturesGiveTheirVerdicts) {
  const std::map<std::string, Verdict> expected = Expected();
  ASSERT_GE(expected.size(), 25u);
  std::set<std::string> files;
  DIR* dir = opendir(kVersions);
  ASSERT_NE(dir, nullptr);
  while (const dirent* e = readdir(dir)) {
    const std::string name = e->d_name;
    if (name.size() > 5 && name.compare(name.size() - 5, 5, ".urdf") == 0)
      files.insert(name);
  }
  closedir(dir);
  for (const auto& f : files) {
    EXPECT_TRUE(expected.count(f)) << f << " has no line in expected.txt";
  }
  for (const auto& [file, want] : expected) {
    ASSERT_TRUE(files.count(file)) << file << " is missing";
    frames::Diagnostics diags;
    const auto model = Read(std::string(kVersions) + file, &diags);
    EXPECT_EQ(model.has_value(), want.ok) << file << "\n" << diags.ToString();
    EXPECT_EQ(Codes(diags), want.codes) << file << "\n" << diags.ToString();
  }
}

// urdfdom's urdf_version_test.cpp, case by case.
TEST(UrdfVersionsTest, VersionSyntaxIsUrdfdoms) {
  auto parsed = [](const char* text) {
    std::string why;
    auto v = ParseUrdfVersion(text, &why);
    return v ? std::to_string(v->major) + "." + std::to_string(v->minor)
             : "refused: " + why;
  };
  EXPECT_EQ(parsed("1.0"), "1.0");
  EXPECT_EQ(parsed("1.2"), "1.2");
  EXPECT_EQ(parsed("01.02"), "1.2");
  EXPECT_EQ(parsed("2"), "refused: the version attribute should be in the form 'x.y'");
  EXPECT_EQ(parsed("1.0.0"), "refused: the version attribute should be in the form 'x.y'");
  EXPECT_EQ(parsed("1."), "refused: the version attribute should be in the form 'x.y'");
  EXPECT_EQ(parsed("abc"), "refused: the version attribute should be in the form 'x.y'");
  EXPECT_EQ(parsed(".1"), "refused: one of the fields of the version attribute is blank");
  EXPECT_EQ(parsed("-1.0"), "refused: the version number must be positive");
  EXPECT_EQ(parsed("1.-1"), "refused: the version number must be positive");
  EXPECT_EQ(parsed("a.c"), "refused: the version attribute is not an integer");
  EXPECT_EQ(parsed("1.c"), "refused: the version attribute is not an integer");
  EXPECT_EQ(parsed("1.0~pre6"), "refused: extra characters after the version number");
}

const frames::Joint& JointNamed(const frames::Model& m, const std::string& n) {
  for (const auto& j : m.joints) {
    if (j.name == n) return j;
  }
  ADD_FAILURE() << "no joint " << n;
  return m.joints.front();
}

// The rotation of quaternion x y z w, normalised: computed from the
// numbers, sharing nothing with frames.
Eigen::Matrix3d Rotation(double x, double y, double z, double w) {
  return Eigen::Quaterniond(w, x, y, z).normalized().toRotationMatrix();
}

void ExpectRotation(const frames::Pose& p, const Eigen::Matrix3d& R,
                    const std::string& what) {
  const Eigen::Matrix3d got = p.ToIsometry().linear();
  EXPECT_LE((got - R).cwiseAbs().maxCoeff(), 1e-15) << what << "\n" << got;
  // rpy holds the same rotation (what a writer of 1.0 writes).
  const Eigen::Matrix3d from_rpy = frames::RotationFromRpy(p.rpy);
  EXPECT_LE((from_rpy - R).cwiseAbs().maxCoeff(), 1e-15) << what;
}

TEST(UrdfVersionsTest, QuaternionOriginsAreTheirRotation) {
  {
    frames::Diagnostics diags;
    auto m = Read(std::string(kVersions) + "quat_non_unit.urdf", &diags);
    ASSERT_TRUE(m) << diags.ToString();
    const frames::Pose& p = JointNamed(*m, "j").pose;
    ASSERT_TRUE(p.quat_xyzw);
    EXPECT_EQ(*p.quat_xyzw, Eigen::Vector4d(0, 0, 3, 4));  // as written
    ExpectRotation(p, Rotation(0, 0, 0.6, 0.8), "norm 5");
  }
  {
    frames::Diagnostics diags;
    auto m = Read(std::string(kVersions) + "quat_zero.urdf", &diags);
    ASSERT_TRUE(m) << diags.ToString();
    const frames::Pose& p = JointNamed(*m, "j").pose;
    ExpectRotation(p, Eigen::Matrix3d::Identity(), "zero quaternion");
    EXPECT_EQ(p.xyz, Eigen::Vector3d(1, 0, 0));
  }
  {
    // 1.0: the quaternion is ignored; the rpy (0 0 0) stands.
    frames::Diagnostics diags;
    auto m = Read(std::string(kVersions) + "rpy_and_quat_1_0.urdf", &diags);
    ASSERT_TRUE(m) << diags.ToString();
    const frames::Pose& p = JointNamed(*m, "j").pose;
    EXPECT_FALSE(p.quat_xyzw);
    ExpectRotation(p, Eigen::Matrix3d::Identity(), "ignored in 1.0");
  }
  {
    frames::Diagnostics diags;
    auto m = Read(std::string(kUrdf) + "urdf_1_1.urdf", &diags);
    ASSERT_TRUE(m) << diags.ToString();
    ExpectRotation(JointNamed(*m, "shoulder").pose,
                   Rotation(0.1, 0.2, 0.3, 0.92736184954957035), "shoulder");
    ExpectRotation(m->links[0].visuals[0].pose, Rotation(0.5, 0.5, 0.5, 0.5),
                   "visual");
    ExpectRotation(m->links[0].inertial->pose,
                   Rotation(0, 0, 0.38268343236508978, 0.92387953251128674),
                   "inertial");
  }
}

TEST(UrdfVersionsTest, WriterWritesBackWhatItRead) {
  for (const char* name :
       {"urdf_1_1.urdf", "urdf_1_2.urdf", "urdf_1_0_newer_features.urdf"}) {
    frames::Diagnostics diags;
    auto m = Read(std::string(kUrdf) + name, &diags);
    ASSERT_TRUE(m) << name << diags.ToString();
    auto text = WriteUrdf(*m, {}, &diags);
    ASSERT_TRUE(text) << name << diags.ToString();
    // Read again, written again: the same text; the same diagnostics.
    frames::Diagnostics again;
    auto m2 = ReadUrdf(*text, "again.urdf", &again);
    ASSERT_TRUE(m2) << again.ToString();
    auto text2 = WriteUrdf(*m2, {}, &again);
    ASSERT_TRUE(text2);
    EXPECT_EQ(*text, *text2) << name;
    // Every quat_xyzw and 1.2 limit of the original is in the output.
    const std::string original = ReadOrDie(std::string(kUrdf) + name);
    for (const char* attr : {"quat_xyzw=\"", "acceleration=\"",
                             "deceleration=\"", "jerk=\""}) {
      size_t count_in = 0, count_out = 0;
      for (size_t at = 0; (at = original.find(attr, at)) != std::string::npos;
           ++at)
        ++count_in;
      for (size_t at = 0; (at = text->find(attr, at)) != std::string::npos;
           ++at)
        ++count_out;
      EXPECT_EQ(count_in, count_out) << name << " " << attr << "\n" << *text;
    }
  }
}

TEST(UrdfVersionsTest, QuaternionsBelow11AreWrittenAsRpy) {
  frames::Diagnostics diags;
  auto m = Read(std::string(kUrdf) + "urdf_1_1.urdf", &diags);
  ASSERT_TRUE(m);
  UrdfWriteOptions o;
  o.version = "1.0";
  auto text = WriteUrdf(*m, o, &diags);
  ASSERT_TRUE(text) << diags.ToString();
  EXPECT_EQ(text->find("quat_xyzw"), std::string::npos) << *text;
  EXPECT_NE(text->find("version=\"1.0\""), std::string::npos);
  // Read back as 1.0: every pose the same rotation.
  frames::Diagnostics back_diags;
  auto back = ReadUrdf(*text, "back.urdf", &back_diags);
  ASSERT_TRUE(back) << back_diags.ToString();
  ASSERT_EQ(back->joints.size(), m->joints.size());
  for (size_t k = 0; k < m->joints.size(); ++k) {
    const Eigen::Matrix4d a = m->joints[k].pose.ToIsometry().matrix();
    const Eigen::Matrix4d b = back->joints[k].pose.ToIsometry().matrix();
    EXPECT_LE((a - b).cwiseAbs().maxCoeff(), 1e-15) << m->joints[k].name;
  }
  // 1.2 written for it: quaternions as quat_xyzw again, as the URDF had them.
  o.version = "1.2";
  auto v12 = WriteUrdf(*m, o, &diags);
  ASSERT_TRUE(v12);
  EXPECT_NE(v12->find("quat_xyzw=\"0.1 0.2 0.3 0.92736184954957035\""),
            std::string::npos)
      << *v12;
}

TEST(UrdfVersionsTest, UrdfdomIsToldWhatItCannotHold) {
  frames::Diagnostics diags;
  auto m = Read(std::string(kUrdf) + "urdf_1_2.urdf", &diags);
  ASSERT_TRUE(m);
  frames::Diagnostics interop;
  urdf::ModelInterfaceSharedPtr u = ToModelInterface(*m, &interop);
  ASSERT_TRUE(u) << interop.ToString();
  // The quaternion origin, exactly as urdfdom 5.1 holds it.
  const urdf::Rotation& r = u->joints_.at("j1")->parent_to_joint_origin_transform.rotation;
  EXPECT_DOUBLE_EQ(r.x, 0.0);
  EXPECT_DOUBLE_EQ(r.y, 0.0);
  EXPECT_NEAR(r.z, std::sqrt(0.5), 1e-16);
  EXPECT_NEAR(r.w, std::sqrt(0.5), 1e-16);
  // The capsule and the 1.2 limits: one warning each.
  int capsule = 0, limits = 0;
  for (const auto& d : interop.all()) {
    EXPECT_EQ(d.code, frames::Code::URDFDOM_CANNOT_EXPRESS) << d.message;
    if (d.message.find("capsule") != std::string::npos) ++capsule;
    if (d.message.find("URDF 1.2 <limit") != std::string::npos) ++limits;
  }
  EXPECT_EQ(capsule, 1) << interop.ToString();
  EXPECT_EQ(limits, 4) << interop.ToString();  // j1: 3, j2: 1
}

}  // namespace
}  // namespace urdf_io
