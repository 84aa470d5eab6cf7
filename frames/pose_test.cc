#include "frames/pose.h"

#include <gtest/gtest.h>

#include "frames/model.h"

namespace frames {
namespace {

TEST(PoseTest, RpyRoundTrip) {
  const Vector3 cases[] = {{0.1, -0.2, 0.3}, {3.0, 1.2, -2.5}, {0, 0, 0},
                           {-1.5, 0.7, 3.1}};
  for (const auto& rpy : cases) {
    const Matrix3 R = RotationFromRpy(rpy);
    EXPECT_TRUE(RotationFromRpy(RpyFromRotation(R)).isApprox(R, 1e-12));
  }
}

TEST(PoseTest, RpyMatchesAxisAngleComposition) {
  const Vector3 rpy(0.3, -0.4, 1.1);
  const Matrix3 expected =
      (Eigen::AngleAxisd(rpy.z(), Vector3::UnitZ()) *
       Eigen::AngleAxisd(rpy.y(), Vector3::UnitY()) *
       Eigen::AngleAxisd(rpy.x(), Vector3::UnitX()))
          .toRotationMatrix();
  EXPECT_TRUE(RotationFromRpy(rpy).isApprox(expected, 1e-14));
}

TEST(PoseTest, GimbalLockKeepsRotation) {
  const Matrix3 R = RotationFromRpy(Vector3(0.4, M_PI / 2, -0.2));
  EXPECT_TRUE(RotationFromRpy(RpyFromRotation(R)).isApprox(R, 1e-9));
}

// A pitch a file writes as 1.570796 (3.3e-7 short of pi/2, px4's
// uuv_bluerov2_heavy thrusters) is not the singularity: it comes back to
// 1e-12, not snapped to pi/2 (which moved the rotation by 3e-7).
TEST(PoseTest, NearGimbalLockIsNotSnapped) {
  const Vector3 rpy(0, 1.570796, 0.785398);
  const Matrix3 R = RotationFromRpy(rpy);
  const Matrix3 back = RotationFromRpy(RpyFromRotation(R));
  EXPECT_LT((back - R).cwiseAbs().maxCoeff(), 1e-12);
  EXPECT_NEAR(RpyFromRotation(R).y(), 1.570796, 1e-9);
}

}  // namespace
}  // namespace frames

namespace frames {
namespace {

Element PosedElement(std::string text, std::string relative_to = {}) {
  Element pose{"pose", {}, std::move(text), {}, {}};
  if (!relative_to.empty()) pose.attributes.emplace_back("relative_to", relative_to);
  return Element{"sensor", {{"name", "s"}}, {}, {pose}, {}};
}

TEST(ElementPoseChildTest, ReadsSixNumbersAndRelativeTo) {
  auto p = PoseChild(PosedElement("1 2 3 0.1 0.2 0.3", "F"));
  ASSERT_TRUE(p.has_value());
  EXPECT_EQ(p->xyz, Vector3(1, 2, 3));
  EXPECT_EQ(p->rpy, Vector3(0.1, 0.2, 0.3));
  EXPECT_EQ(p->relative_to, "F");
}

TEST(ElementPoseChildTest, EmptyOrAbsentIsIdentity) {
  EXPECT_TRUE(PoseChild(PosedElement(""))->IsIdentity());
  EXPECT_TRUE(PoseChild(Element{"light", {}, {}, {}, {}})->IsIdentity());
}

// As libsdformat reads it (std::stod): the number at the start of each.
TEST(ElementPoseChildTest, ReadsLeadingNumbers) {
  auto p = PoseChild(PosedElement("1 2 3 0n5 0 0.5\""));
  ASSERT_TRUE(p.has_value());
  EXPECT_EQ(p->xyz, Vector3(1, 2, 3));
  EXPECT_EQ(p->rpy, Vector3(0, 0, 0.5));
  EXPECT_FALSE(PoseChild(PosedElement("1 2 3 0x1 0 0")).has_value());
  EXPECT_FALSE(PoseChild(PosedElement("1 2 3 -0X1 0 0")).has_value());
}

TEST(ElementPoseChildTest, RefusesMalformedText) {
  EXPECT_FALSE(PoseChild(PosedElement("1 2 3")).has_value());
  EXPECT_FALSE(PoseChild(PosedElement("1 2 3 4 5 6 7")).has_value());
  EXPECT_FALSE(PoseChild(PosedElement("1 2 x 4 5 6")).has_value());
}

TEST(PoseTest, ComputedPoseCleansRoundingNoise) {
  Isometry3 X = Isometry3::Identity();
  X.linear() = RotationFromRpy(Vector3(M_PI / 2, 0, 0));
  X.translation() = Vector3(1e-17, 0.5, -2e-16);
  const Pose p = ComputedPose(X, "base");
  EXPECT_EQ(p.xyz.x(), 0.0);
  EXPECT_EQ(p.xyz.y(), 0.5);
  EXPECT_EQ(p.xyz.z(), 0.0);
  EXPECT_EQ(p.rpy.y(), 0.0);
  EXPECT_EQ(p.rpy.z(), 0.0);
  EXPECT_DOUBLE_EQ(p.rpy.x(), M_PI / 2);
  EXPECT_EQ(p.relative_to, "base");
  EXPECT_EQ(CleanRounding(1e-15), 1e-15);  // only below 1e-15
}

TEST(PoseTest, RerootMeasuresInTheNewFrame) {
  Isometry3 X_MA = Isometry3::Identity(), X_MB = Isometry3::Identity();
  X_MA.translation() = Vector3(1, 0, 0);
  X_MA.linear() = RotationFromRpy(Vector3(0, 0, M_PI / 2));
  X_MB.translation() = Vector3(1, 2, 0);
  const Isometry3 X_AB = Reroot(X_MA, X_MB);
  EXPECT_TRUE((X_MA * X_AB).isApprox(X_MB, 1e-15));
  EXPECT_TRUE(X_AB.translation().isApprox(Vector3(2, 0, 0), 1e-15));
}

TEST(PoseTest, PlacedModelPosePutsThePlacementFrameWhereThePoseSays) {
  // P sits 1 m along x of M, turned 90 degrees about z; the pose places P
  // at (0, 0, 2) in R, unrotated.
  Isometry3 X_MP = Isometry3::Identity();
  X_MP.translation() = Vector3(1, 0, 0);
  X_MP.linear() = RotationFromRpy(Vector3(0, 0, M_PI / 2));
  Pose X_RP;
  X_RP.xyz = Vector3(0, 0, 2);
  X_RP.relative_to = "frame_r";
  const Pose X_RM = PlacedModelPose(X_RP, X_MP);
  EXPECT_EQ(X_RM.relative_to, "frame_r");
  // M's frame, composed with P's pose in M, lands on X_RP.
  EXPECT_TRUE(Compose(X_RM.ToIsometry(), Pose::FromIsometry(X_MP))
                  .isApprox(X_RP.ToIsometry(), 1e-12));
  // p_RM = p_RP - R_RM * p_MP: M's x axis is R's -y, so M's origin is 1 m
  // along +y from P.
  EXPECT_TRUE(X_RM.xyz.isApprox(Vector3(0, 1, 2), 1e-12));
  EXPECT_NEAR(X_RM.rpy.z(), -M_PI / 2, 1e-12);
  // No placement frame offset: the pose itself.
  EXPECT_TRUE(PlacedModelPose(X_RP.ToIsometry(), Isometry3::Identity())
                  .isApprox(X_RP.ToIsometry(), 0.0));
}

TEST(PoseTest, ReexpressTurnsDirectionsBothWays) {
  Isometry3 X_AB = Isometry3::Identity();
  X_AB.linear() = RotationFromRpy(Vector3(0, 0, M_PI / 2));
  X_AB.translation() = Vector3(5, 5, 5);  // a direction ignores it
  const Vector3 v_A = Reexpress(X_AB, Vector3(1, 0, 0));
  EXPECT_TRUE(v_A.isApprox(Vector3(0, 1, 0), 1e-15));
  EXPECT_TRUE(ReexpressInverse(X_AB, v_A).isApprox(Vector3(1, 0, 0), 1e-15));
  EXPECT_TRUE(
      Compose(X_AB, Inverse(X_AB)).isApprox(Isometry3::Identity(), 1e-15));
}

}  // namespace
}  // namespace frames
