#include "frames/pose.h"

#include <gtest/gtest.h>

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

}  // namespace
}  // namespace frames
