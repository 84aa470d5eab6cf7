// Tests of the libsdformat oracle against poses computed by hand, and of what
// libsdformat 12 does with a few real corpus files (which our reader must
// then match or knowingly differ from).
#include "sdf_io/testing/sdformat_oracle.h"

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace sdf_oracle {
namespace {

constexpr double kTol = 1e-9;
constexpr double kPi = 3.14159265358979323846;

Eigen::Isometry3d Pose(double x, double y, double z, double roll = 0,
                       double pitch = 0, double yaw = 0) {
  Eigen::Isometry3d X = Eigen::Isometry3d::Identity();
  X.translation() = Eigen::Vector3d(x, y, z);
  X.linear() = (Eigen::AngleAxisd(yaw, Eigen::Vector3d::UnitZ()) *
                Eigen::AngleAxisd(pitch, Eigen::Vector3d::UnitY()) *
                Eigen::AngleAxisd(roll, Eigen::Vector3d::UnitX()))
                   .toRotationMatrix();
  return X;
}

::testing::AssertionResult PoseIs(const Snapshot& s, const std::string& key,
                                  const Eigen::Isometry3d& expected) {
  const auto found = s.poses.find(key);
  if (found == s.poses.end()) {
    return ::testing::AssertionFailure() << "no pose for key " << key;
  }
  if ((found->second.matrix() - expected.matrix()).cwiseAbs().maxCoeff() >
      kTol) {
    return ::testing::AssertionFailure()
           << key << ": got\n"
           << found->second.matrix() << "\nexpected\n"
           << expected.matrix();
  }
  return ::testing::AssertionSuccess();
}

::testing::AssertionResult AxisIs(const Snapshot& s, const std::string& key,
                                  const Eigen::Vector3d& expected) {
  const auto found = s.axes.find(key);
  if (found == s.axes.end()) {
    return ::testing::AssertionFailure() << "no axis for key " << key;
  }
  if ((found->second - expected).cwiseAbs().maxCoeff() > kTol) {
    return ::testing::AssertionFailure()
           << key << ": got " << found->second.transpose() << ", expected "
           << expected.transpose();
  }
  return ::testing::AssertionSuccess();
}

bool HasErrorCode(const Snapshot& s, const std::string& code) {
  for (const std::string& error : s.errors) {
    if (error.rfind(code + ": ", 0) == 0) return true;
  }
  return false;
}

std::string Errors(const Snapshot& s) {
  std::string out;
  for (const std::string& error : s.errors) out += error + "\n";
  return out;
}

// A world with //world/frame chains, a world light relative to a frame, a
// model placed relative to a frame, link children of every kind, a joint
// relative to another link, an axis expressed in the model frame, sensors on
// a joint and nested models.
constexpr char kWorld[] = R"(<?xml version="1.0"?>
<sdf version="1.8">
  <world name="w">
    <frame name="F1"><pose>1 0 0 0 0 1.5707963267948966</pose></frame>
    <frame name="F2" attached_to="F1">
      <pose relative_to="F1">0 2 0 0 0 0</pose>
    </frame>
    <light name="sun" type="directional">
      <pose relative_to="F2">0 0 10 0 0 0</pose>
    </light>
    <model name="M">
      <pose relative_to="F2">1 0 0 0 0 0</pose>
      <link name="L">
        <pose>0 0 1 0 0 0</pose>
        <inertial>
          <pose>0.1 0 0 0 0 0</pose>
          <mass>2</mass>
          <inertia><ixx>1</ixx><iyy>2</iyy><izz>3</izz>
                   <ixy>0</ixy><ixz>0</ixz><iyz>0</iyz></inertia>
        </inertial>
        <visual name="v">
          <pose>0 0 0.5 0 0 0</pose>
          <geometry><box><size>1 1 1</size></box></geometry>
        </visual>
        <collision name="c">
          <pose relative_to="__model__">0 0 0 0 0 0</pose>
          <geometry><box><size>1 1 1</size></box></geometry>
        </collision>
        <sensor name="s" type="imu"><pose>0 1 0 0 0 0</pose></sensor>
        <light name="lamp" type="point"><pose>0 0 0.2 0 0 0</pose></light>
      </link>
      <link name="L2"><pose relative_to="L">1 0 0 0 0 0</pose></link>
      <joint name="J" type="revolute">
        <parent>L</parent><child>L2</child>
        <pose relative_to="L">0 0 0.5 0 0 0</pose>
        <axis><xyz expressed_in="__model__">0 1 0</xyz></axis>
        <sensor name="ft" type="force_torque">
          <pose>0 0 0.1 0 0 0</pose>
        </sensor>
        <sensor name="ft2" type="force_torque">
          <pose relative_to="MF">0 0 0.1 0 0 0</pose>
        </sensor>
      </joint>
      <frame name="MF" attached_to="L2"><pose>0 0 3 0 0 0</pose></frame>
      <model name="N">
        <pose>5 0 0 0 0 0</pose>
        <link name="K"><pose>0 0 1 0 0 0</pose></link>
        <model name="P">
          <pose relative_to="K">0 1 0 0 0 0</pose>
          <link name="Q"/>
        </model>
      </model>
    </model>
    <model name="S">
      <static>true</static>
      <pose>0 0 5 0 0 0</pose>
    </model>
  </world>
</sdf>)";

TEST(SdformatOracleTest, WorldWithFramesNestedModelsAndEveryChild) {
  const Snapshot s = LoadString(kWorld);
  ASSERT_TRUE(s.ok) << Errors(s);
  EXPECT_TRUE(s.errors.empty());
  const double q = kPi / 2;
  // All of M is turned by F1's yaw of 90 degrees: a step +x in M is +y in
  // the world, a step +y in M is -x.
  EXPECT_TRUE(PoseIs(s, "F1", Pose(1, 0, 0, 0, 0, q)));
  EXPECT_TRUE(PoseIs(s, "F2", Pose(-1, 0, 0, 0, 0, q)));
  EXPECT_TRUE(PoseIs(s, "light:sun", Pose(-1, 0, 10, 0, 0, q)));
  EXPECT_TRUE(PoseIs(s, "M", Pose(-1, 1, 0, 0, 0, q)));
  EXPECT_TRUE(PoseIs(s, "M::L", Pose(-1, 1, 1, 0, 0, q)));
  EXPECT_TRUE(PoseIs(s, "M::L/visual:v", Pose(-1, 1, 1.5, 0, 0, q)));
  EXPECT_TRUE(PoseIs(s, "M::L/collision:c", Pose(-1, 1, 0, 0, 0, q)));
  EXPECT_TRUE(PoseIs(s, "M::L/sensor:s", Pose(-2, 1, 1, 0, 0, q)));
  EXPECT_TRUE(PoseIs(s, "M::L/light:lamp", Pose(-1, 1, 1.2, 0, 0, q)));
  EXPECT_TRUE(PoseIs(s, "M::L2", Pose(-1, 2, 1, 0, 0, q)));
  EXPECT_TRUE(PoseIs(s, "M::J", Pose(-1, 1, 1.5, 0, 0, q)));
  EXPECT_TRUE(PoseIs(s, "M::J/sensor:ft", Pose(-1, 1, 1.6, 0, 0, q)));
  EXPECT_TRUE(PoseIs(s, "M::MF", Pose(-1, 2, 4, 0, 0, q)));
  EXPECT_TRUE(PoseIs(s, "M::J/sensor:ft2", Pose(-1, 2, 4.1, 0, 0, q)));
  EXPECT_TRUE(PoseIs(s, "M::N", Pose(-1, 6, 0, 0, 0, q)));
  EXPECT_TRUE(PoseIs(s, "M::N::K", Pose(-1, 6, 1, 0, 0, q)));
  EXPECT_TRUE(PoseIs(s, "M::N::P", Pose(-2, 6, 1, 0, 0, q)));
  EXPECT_TRUE(PoseIs(s, "M::N::P::Q", Pose(-2, 6, 1, 0, 0, q)));
  // A static model without links still has a pose.
  EXPECT_TRUE(PoseIs(s, "S", Pose(0, 0, 5)));
  // The axis is (0 1 0) in M, which is (-1 0 0) in the world.
  EXPECT_TRUE(AxisIs(s, "M::J/axis", Eigen::Vector3d(-1, 0, 0)));
  EXPECT_EQ(s.axes.count("M::J/axis2"), 0u);

  ASSERT_EQ(s.inertials.count("M::L"), 1u);
  const InertialInfo& inertial = s.inertials.at("M::L");
  EXPECT_DOUBLE_EQ(inertial.mass, 2.0);
  EXPECT_TRUE((inertial.X_RI.matrix() - Pose(-1, 1.1, 1, 0, 0, q).matrix())
                  .cwiseAbs()
                  .maxCoeff() < kTol);
  const Eigen::Matrix3d I = Eigen::Vector3d(1, 2, 3).asDiagonal();
  EXPECT_LT((inertial.I - I).cwiseAbs().maxCoeff(), kTol);
  // libsdformat's default for a link without <inertial>.
  ASSERT_EQ(s.inertials.count("M::L2"), 1u);
  EXPECT_DOUBLE_EQ(s.inertials.at("M::L2").mass, 1.0);
  EXPECT_LT((s.inertials.at("M::L2").I - Eigen::Matrix3d::Identity())
                .cwiseAbs()
                .maxCoeff(),
            kTol);
}

// A model file: R is the top-level model's frame, whose own //model/pose is
// not applied. A frame rotated by 90 degrees about z, a link and a joint
// placed relative to it, an axis expressed in it, a nested model relative to
// a link, a joint into the nested model with a rotated pose, and an inertial
// rotated about x with products of inertia.
constexpr char kModel[] = R"(<?xml version="1.0"?>
<sdf version="1.8">
  <model name="robot">
    <pose>10 20 30 0 0 1</pose>
    <frame name="tilt"><pose>0 0 0 0 0 1.5707963267948966</pose></frame>
    <link name="base">
      <pose>1 0 0 0 0 0</pose>
      <inertial>
        <pose>0 0 0.5 1.5707963267948966 0 0</pose>
        <mass>3</mass>
        <inertia><ixx>2</ixx><iyy>3</iyy><izz>4</izz>
                 <ixy>0.1</ixy><ixz>0.2</ixz><iyz>0.3</iyz></inertia>
      </inertial>
    </link>
    <link name="arm"><pose relative_to="tilt">2 0 0 0 0 0</pose></link>
    <joint name="j" type="revolute">
      <pose relative_to="tilt">0 0 1 0 0 0</pose>
      <parent>base</parent><child>arm</child>
      <axis><xyz expressed_in="tilt">1 0 0</xyz></axis>
    </joint>
    <model name="sub">
      <pose relative_to="arm">0 0 1 0 0 0</pose>
      <link name="tip"><pose>1 0 0 0 0 0</pose></link>
    </model>
    <joint name="j2" type="universal">
      <pose>0 0 0 0 1.5707963267948966 0</pose>
      <parent>arm</parent><child>sub::tip</child>
      <axis><xyz>1 0 0</xyz></axis>
      <axis2><xyz expressed_in="__model__">0 0 1</xyz></axis2>
    </joint>
  </model>
</sdf>)";

TEST(SdformatOracleTest, ModelFileFramesJointsAxesNestedModelAndInertial) {
  const Snapshot s = LoadString(kModel);
  ASSERT_TRUE(s.ok) << Errors(s);
  const double q = kPi / 2;
  EXPECT_TRUE(PoseIs(s, "robot", Eigen::Isometry3d::Identity()));
  EXPECT_TRUE(PoseIs(s, "robot::tilt", Pose(0, 0, 0, 0, 0, q)));
  EXPECT_TRUE(PoseIs(s, "robot::base", Pose(1, 0, 0)));
  EXPECT_TRUE(PoseIs(s, "robot::arm", Pose(0, 2, 0, 0, 0, q)));
  EXPECT_TRUE(PoseIs(s, "robot::j", Pose(0, 0, 1, 0, 0, q)));
  EXPECT_TRUE(PoseIs(s, "robot::sub", Pose(0, 2, 1, 0, 0, q)));
  EXPECT_TRUE(PoseIs(s, "robot::sub::tip", Pose(0, 3, 1, 0, 0, q)));
  // j2 sits on its child sub::tip, pitched by 90 degrees.
  EXPECT_TRUE(PoseIs(s, "robot::j2", Pose(0, 3, 1, 0, q, q)));
  // x of "tilt" is y of the model.
  EXPECT_TRUE(AxisIs(s, "robot::j/axis", Eigen::Vector3d(0, 1, 0)));
  // x of j2's frame: pitch 90 takes it to -z, the yaw leaves -z alone.
  EXPECT_TRUE(AxisIs(s, "robot::j2/axis", Eigen::Vector3d(0, 0, -1)));
  EXPECT_TRUE(AxisIs(s, "robot::j2/axis2", Eigen::Vector3d(0, 0, 1)));

  ASSERT_EQ(s.inertials.count("robot::base"), 1u);
  const InertialInfo& inertial = s.inertials.at("robot::base");
  EXPECT_DOUBLE_EQ(inertial.mass, 3.0);
  EXPECT_LT((inertial.X_RI.matrix() - Pose(1, 0, 0.5, q, 0, 0).matrix())
                .cwiseAbs()
                .maxCoeff(),
            kTol);
  Eigen::Matrix3d I;
  I << 2, 0.1, 0.2,  //
      0.1, 3, 0.3,   //
      0.2, 0.3, 4;
  EXPECT_LT((inertial.I - I).cwiseAbs().maxCoeff(), kTol);
  ASSERT_EQ(s.inertials.count("robot::sub::tip"), 1u);
  EXPECT_LT((s.inertials.at("robot::sub::tip").X_RI.matrix() -
             Pose(0, 3, 1, 0, 0, q).matrix())
                .cwiseAbs()
                .maxCoeff(),
            kTol);
}

// SDFormat 1.4 wrote a joint axis in the model frame; 1.5 and later in the
// joint frame (unless use_parent_model_frame). The child link is turned by
// 90 degrees, so the two readings differ.
std::string LegacyAxisModel(const std::string& version) {
  return R"(<?xml version="1.0"?>
<sdf version=")" +
         version + R"(">
  <model name="m">
    <pose>1 2 3 0 0 0.5</pose>
    <link name="a"/>
    <link name="b"><pose>0 0 1 0 0 1.5707963267948966</pose></link>
    <joint name="j" type="revolute">
      <parent>a</parent><child>b</child>
      <axis><xyz>1 0 0</xyz></axis>
    </joint>
  </model>
</sdf>)";
}

TEST(SdformatOracleTest, Sdf14AxisIsInTheModelFrame) {
  const double q = kPi / 2;
  const Snapshot s14 = LoadString(LegacyAxisModel("1.4"));
  ASSERT_TRUE(s14.ok) << Errors(s14);
  EXPECT_TRUE(PoseIs(s14, "m", Eigen::Isometry3d::Identity()));
  EXPECT_TRUE(PoseIs(s14, "m::b", Pose(0, 0, 1, 0, 0, q)));
  EXPECT_TRUE(PoseIs(s14, "m::j", Pose(0, 0, 1, 0, 0, q)));
  EXPECT_TRUE(AxisIs(s14, "m::j/axis", Eigen::Vector3d(1, 0, 0)));

  const Snapshot s15 = LoadString(LegacyAxisModel("1.5"));
  ASSERT_TRUE(s15.ok) << Errors(s15);
  EXPECT_TRUE(AxisIs(s15, "m::j/axis", Eigen::Vector3d(0, 1, 0)));
}

TEST(SdformatOracleTest, InvalidFilesReportErrorsAndKeepWhatResolves) {
  const Snapshot cycle = LoadString(R"(<?xml version="1.0"?>
<sdf version="1.8">
  <model name="m">
    <link name="l"><pose>1 0 0 0 0 0</pose></link>
    <frame name="a" attached_to="b"/>
    <frame name="b" attached_to="a"/>
  </model>
</sdf>)");
  EXPECT_FALSE(cycle.ok);
  EXPECT_TRUE(HasErrorCode(cycle, "FRAME_ATTACHED_TO_CYCLE")) << Errors(cycle);
  EXPECT_TRUE(HasErrorCode(cycle, "POSE_RELATIVE_TO_CYCLE")) << Errors(cycle);
  EXPECT_EQ(cycle.poses.count("m::a"), 0u);
  EXPECT_EQ(cycle.poses.count("m::b"), 0u);
  EXPECT_TRUE(PoseIs(cycle, "m::l", Pose(1, 0, 0)));

  const Snapshot missing_child = LoadString(R"(<?xml version="1.0"?>
<sdf version="1.7">
  <model name="m">
    <link name="l"/>
    <joint name="j" type="fixed"><parent>l</parent><child>nope</child></joint>
  </model>
</sdf>)");
  EXPECT_FALSE(missing_child.ok);
  EXPECT_TRUE(HasErrorCode(missing_child, "JOINT_CHILD_LINK_INVALID"))
      << Errors(missing_child);
  EXPECT_EQ(missing_child.poses.count("m::j"), 0u);

  const Snapshot not_xml = LoadString("<sdf version='1.8'><model");
  EXPECT_FALSE(not_xml.ok);
  EXPECT_FALSE(not_xml.errors.empty());
  EXPECT_TRUE(not_xml.poses.empty());

  // libsdformat 12 does not read the pre-1.0 <gazebo version="1.2"> root.
  const Snapshot gazebo12 = LoadString(R"(<?xml version="1.0"?>
<gazebo version="1.2">
  <model name="m"><link name="l"/></model>
</gazebo>)");
  EXPECT_FALSE(gazebo12.ok);
  EXPECT_TRUE(gazebo12.poses.empty());
}

TEST(SdformatOracleTest, ErrorCodeNames) {
  EXPECT_EQ(ErrorCodeName(0), "NONE");
  EXPECT_EQ(ErrorCodeName(1), "FILE_READ");
  EXPECT_EQ(ErrorCodeName(9999), "ERROR_CODE_9999");
}

// --- Real files -----------------------------------------------------------

// Path of a corpus file in the test's runfiles.
std::string Corpus(const std::string& relative) {
  const std::string candidates[] = {
      "external/corpus/" + relative,
      std::string(std::getenv("TEST_SRCDIR") ? std::getenv("TEST_SRCDIR")
                                             : ".") +
          "/corpus/" + relative,
  };
  for (const std::string& path : candidates) {
    if (std::ifstream(path).good()) return path;
  }
  return candidates[0];
}

// The model:// search directory, gazebo_models, found the same way.
std::vector<std::string> ModelPaths() {
  const std::string suffix = "/pioneer3at/model.config";
  const std::string probe = Corpus("gazebo_models" + suffix);
  return {probe.substr(0, probe.size() - suffix.size())};
}

TEST(SdformatOracleCorpusTest, Pioneer3atLoads) {
  const Snapshot s =
      LoadFile(Corpus("gazebo_models/pioneer3at/model.sdf"), ModelPaths());
  ASSERT_TRUE(s.ok) << Errors(s);
  EXPECT_TRUE(PoseIs(s, "pioneer3at", Eigen::Isometry3d::Identity()));
  EXPECT_TRUE(PoseIs(s, "pioneer3at::left_front_wheel",
                     Pose(0.125, 0.201, -0.06, 1.5707, 0, 0)));
  // 1.5 with use_parent_model_frame: the axis is in the model frame.
  EXPECT_TRUE(AxisIs(s, "pioneer3at::left_front/axis",
                     Eigen::Vector3d(0, 1, 0)));
  EXPECT_DOUBLE_EQ(s.inertials.at("pioneer3at::chassis").mass, 14.0);
}

// In files older than 1.8, libsdformat 12 still makes each //include a
// nested sdf::Model (it does not flatten it into "name::link" links).
TEST(SdformatOracleCorpusTest, Sdf14IncludesBecomeNestedModels) {
  const Snapshot s = LoadFile(
      Corpus("gazebo_models/drc_practice_ball_valve_wall/model-1_4.sdf"),
      ModelPaths());
  ASSERT_TRUE(s.ok) << Errors(s);
  EXPECT_TRUE(PoseIs(s, "ball_valve_wall::valve_0",
                     Pose(0.919587, -0.0092, 0.285)));
  EXPECT_EQ(s.poses.count("ball_valve_wall::valve_0::handle"), 1u);
  EXPECT_EQ(s.poses.count("ball_valve_wall::wall::link"), 1u);
}

TEST(SdformatOracleCorpusTest, TurtlebotIncludesAndInertiaErrors) {
  const Snapshot s =
      LoadFile(Corpus("gazebo_models/turtlebot/model.sdf"), ModelPaths());
  // Two links with inertia libsdformat 12 rejects; the poses still resolve.
  EXPECT_FALSE(s.ok);
  EXPECT_TRUE(HasErrorCode(s, "LINK_INERTIA_INVALID")) << Errors(s);
  EXPECT_TRUE(PoseIs(s, "turtlebot::kinect", Pose(-0.087098, 0, 0.303857)));
  EXPECT_TRUE(
      PoseIs(s, "turtlebot::kinect::link", Pose(-0.087098, 0, 0.303857)));
  EXPECT_EQ(s.poses.count("turtlebot::create::base"), 1u);
}

TEST(SdformatOracleCorpusTest, IncludesNeedModelPaths) {
  const Snapshot s = LoadFile(Corpus("gazebo_models/turtlebot/model.sdf"),
                              std::vector<std::string>{"/nonexistent"});
  EXPECT_TRUE(HasErrorCode(s, "URI_LOOKUP")) << Errors(s);
}

TEST(SdformatOracleCorpusTest, GazeboRootIsNotRead) {
  const Snapshot s =
      LoadFile(Corpus("gazebo_models/bowl/model-1_2.sdf"), ModelPaths());
  EXPECT_FALSE(s.ok);
  EXPECT_TRUE(HasErrorCode(s, "FILE_READ")) << Errors(s);
  EXPECT_TRUE(s.poses.empty());
}

}  // namespace
}  // namespace sdf_oracle
