// libsdformat 12 (the independent oracle) over what urdf2sdf writes from the
// URDF 1.1 and 1.2 fixtures (docs/versions.md, "URDF versions"), in every SDFormat
// version written (1.7 to 1.12: quaternions as rpy below 1.9, as
// rotation_format="quat_xyzw" from 1.9; capsules carried below 1.8):
//  - every output loads without errors;
//  - links, joints, visuals, collisions and inertials sit where the URDF's
//    numbers put them, computed here with Eigen from the fixture's literal
//    quaternions (normalised, as urdfdom does), within 1e-9;
//  - every valid fixture of testdata/urdf_versions/ loads at the same poses
//    in every version as in 1.7.
#include <dirent.h>

#include <string>
#include <vector>

#include <Eigen/Geometry>
#include <gtest/gtest.h>

#include "converter/urdf_to_sdf.h"
#include "sdf_io/testing/sdformat_oracle.h"

namespace converter {
namespace {

using Eigen::Isometry3d;

// X = translation(x, y, z) * rotation of the quaternion x y z w, normalised.
Isometry3d Xq(double x, double y, double z, double qx, double qy, double qz,
              double qw) {
  Isometry3d X = Isometry3d::Identity();
  X.translation() = Eigen::Vector3d(x, y, z);
  X.linear() = Eigen::Quaterniond(qw, qx, qy, qz).normalized().toRotationMatrix();
  return X;
}

// X = translation * Rz(yaw) * Ry(pitch) * Rx(roll).
Isometry3d Xrpy(double x, double y, double z, double r, double p, double yaw) {
  Isometry3d X = Isometry3d::Identity();
  X.translation() = Eigen::Vector3d(x, y, z);
  X.linear() = (Eigen::AngleAxisd(yaw, Eigen::Vector3d::UnitZ()) *
                Eigen::AngleAxisd(p, Eigen::Vector3d::UnitY()) *
                Eigen::AngleAxisd(r, Eigen::Vector3d::UnitX()))
                   .toRotationMatrix();
  return X;
}

struct Expect {
  std::string key;
  Isometry3d X_MK;  // in the model frame (the root link's)
};

void ExpectPoses(const sdf_oracle::Snapshot& s, const std::vector<Expect>& want,
                 const std::string& what) {
  for (const auto& e : want) {
    auto it = s.poses.find(e.key);
    if (it == s.poses.end()) {
      ADD_FAILURE() << what << ": libsdformat has no " << e.key;
      continue;
    }
    const double d =
        (it->second.matrix() - e.X_MK.matrix()).cwiseAbs().maxCoeff();
    EXPECT_LE(d, 1e-9) << what << ": " << e.key << "\nlibsdformat:\n"
                       << it->second.matrix() << "\nURDF:\n"
                       << e.X_MK.matrix();
  }
}

sdf_oracle::Snapshot Load(const std::string& urdf_path, int sdf_version,
                          std::string* sdf) {
  UrdfToSdfOptions o;
  o.sdf_version = sdf_version;
  const ConversionResult r = UrdfFileToSdf(urdf_path, o);
  EXPECT_TRUE(r.ok) << urdf_path << " " << sdf_version << "\n"
                    << r.diagnostics.ToString();
  *sdf = r.output;
  sdf_oracle::Snapshot s = sdf_oracle::LoadString(r.output);
  std::string errors;
  for (const auto& e : s.errors) errors += e + "\n";
  EXPECT_TRUE(s.ok && s.errors.empty())
      << urdf_path << " as SDFormat 1." << sdf_version << ":\n"
      << errors;
  return s;
}

TEST(UrdfVersionsOracleTest, FixturePosesInEveryVersion) {
  const Isometry3d shoulder =
      Xq(0, 0, 0.5, 0.1, 0.2, 0.3, 0.92736184954957035);
  const Isometry3d wrist = shoulder * Xq(0, 0, 0.4, 0, 0, 0, 1);
  const std::vector<Expect> v11 = {
      {"v11::base", Isometry3d::Identity()},
      {"v11::base/visual:body", Xq(0.1, 0, 0, 0.5, 0.5, 0.5, 0.5)},
      {"v11::base/collision:body",
       Xq(0, 0.2, 0, 0, 0.70710678118654757, 0, 0.70710678118654757)},
      {"v11::shoulder", shoulder},
      {"v11::arm", shoulder},
      {"v11::arm/visual:arm_visual", shoulder * Xq(0, 0, 0.2, 0, 0, 2, 0)},
      {"v11::wrist", wrist},
      {"v11::tool", wrist},
  };
  const Isometry3d j1 =
      Xq(0, 0, 0.3, 0, 0, 0.70710678118654757, 0.70710678118654757);
  const std::vector<Expect> v12 = {
      {"v12::j1", j1},
      {"v12::upper", j1},
      {"v12::j2", j1 * Xrpy(0.2, 0, 0, 0, 0.5, 0)},
  };
  // Declaring 1.0: quat_xyzw ignored, the rpy (or the identity) stands.
  const std::vector<Expect> v10 = {
      {"v10::base/visual:base_visual", Xrpy(0, 0, 0.1, 0, 0, 0.5)},
      {"v10::j", Xrpy(0, 0, 0.2, 0, 0, 0)},
      {"v10::arm", Xrpy(0, 0, 0.2, 0, 0, 0)},
  };
  for (int v = 7; v <= 12; ++v) {
    std::string sdf;
    const auto s11 = Load("testdata/urdf/urdf_1_1.urdf", v, &sdf);
    ExpectPoses(s11, v11, "urdf_1_1 as 1." + std::to_string(v));
    // Quaternions are written as quaternions exactly where the version has
    // them; capsules as capsules from 1.8.
    EXPECT_EQ(sdf.find("rotation_format=\"quat_xyzw\"") != std::string::npos,
              v >= 9)
        << sdf;
    EXPECT_EQ(sdf.find("<capsule>") != std::string::npos, v >= 8) << sdf;
    auto inertial = s11.inertials.find("v11::base");
    ASSERT_NE(inertial, s11.inertials.end());
    EXPECT_LE((inertial->second.X_RI.matrix() -
               Xq(0, 0, 0.1, 0, 0, 0.38268343236508978, 0.92387953251128674)
                   .matrix())
                  .cwiseAbs()
                  .maxCoeff(),
              1e-9);
    ExpectPoses(Load("testdata/urdf/urdf_1_2.urdf", v, &sdf), v12,
                "urdf_1_2 as 1." + std::to_string(v));
    ExpectPoses(Load("testdata/urdf/urdf_1_0_newer_features.urdf", v, &sdf),
                v10, "urdf_1_0_newer_features as 1." + std::to_string(v));
  }
}

TEST(UrdfVersionsOracleTest, VersionFixturesLoadAtTheSamePoses) {
  const std::string dir = "testdata/urdf_versions/";
  std::vector<std::string> files;
  DIR* d = opendir(dir.c_str());
  ASSERT_NE(d, nullptr);
  while (const dirent* e = readdir(d)) {
    const std::string name = e->d_name;
    if (name.size() > 5 && name.compare(name.size() - 5, 5, ".urdf") == 0)
      files.push_back(name);
  }
  closedir(d);
  int loaded = 0;
  for (const auto& f : files) {
    if (!UrdfFileToSdf(dir + f, {}).ok) continue;  // a refused fixture
    std::string sdf;
    const auto base = Load(dir + f, 7, &sdf);
    ASSERT_FALSE(base.poses.empty()) << f;
    for (int v = 8; v <= 12; ++v) {
      const auto s = Load(dir + f, v, &sdf);
      std::vector<Expect> want;
      for (const auto& [key, X] : base.poses) want.push_back({key, X});
      ExpectPoses(s, want, f + " as 1." + std::to_string(v));
    }
    ++loaded;
  }
  EXPECT_GE(loaded, 8);
}

}  // namespace
}  // namespace converter
