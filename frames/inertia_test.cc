#include "frames/inertia.h"

#include <gtest/gtest.h>

namespace frames {
namespace {

TEST(InertiaTest, ValidStaysUnchanged) {
  Matrix3 I;
  I << 2, 0.1, 0, 0.1, 3, 0, 0, 0, 4;
  EXPECT_TRUE(CheckInertia(I).valid());
  EXPECT_EQ(NearestValidInertia(I), I);
  EXPECT_TRUE(CheckInertia(Matrix3::Zero()).valid());
}

TEST(InertiaTest, TriangleViolationIsRepaired) {
  Matrix3 I = Vector3(0.001, 0.16, 0.17).asDiagonal();
  InertiaCheck c = CheckInertia(I);
  EXPECT_TRUE(c.non_negative);
  EXPECT_FALSE(c.triangle);
  Matrix3 fixed = NearestValidInertia(I);
  EXPECT_TRUE(CheckInertia(fixed).valid());
  // The two larger moments are kept; the smallest rises by the deficit.
  EXPECT_NEAR(fixed(2, 2), 0.17, 1e-15);
  EXPECT_NEAR(fixed(1, 1), 0.16, 1e-15);
  EXPECT_NEAR(fixed(0, 0), 0.01, 1e-15);
}

TEST(InertiaTest, MarginPushesBoundaryInertiasInside) {
  // A thin plate sits exactly on the triangle inequality.
  Matrix3 I = Vector3(1, 2, 3).asDiagonal();
  EXPECT_TRUE(CheckInertia(I).valid());
  EXPECT_FALSE(CheckInertia(I, kSdfInertiaMargin).valid());
  Matrix3 fixed = NearestValidInertia(I, kSdfInertiaMargin);
  EXPECT_TRUE(CheckInertia(fixed, kSdfInertiaMargin).valid());
  EXPECT_TRUE(fixed.isApprox(I, 1e-5));
}

TEST(InertiaTest, NegativeMomentIsRepaired) {
  Matrix3 I = Vector3(-1, 2, 2).asDiagonal();
  EXPECT_FALSE(CheckInertia(I).non_negative);
  EXPECT_TRUE(CheckInertia(NearestValidInertia(I)).valid());
}

TEST(InertiaTest, CombineTwoPointMassesAndARotatedRod) {
  // Two 1 kg point masses at x = +-1: centre at 0, Iyy = Izz = 2.
  InertialInFrame a, b;
  a.mass = b.mass = 1;
  a.X_BI.translation() = Vector3(1, 0, 0);
  b.X_BI.translation() = Vector3(-1, 0, 0);
  InertialInFrame c = CombineInertials({a, b});
  EXPECT_EQ(c.mass, 2);
  EXPECT_TRUE(c.X_BI.translation().isZero(1e-15));
  EXPECT_TRUE(c.I_I.isApprox(Vector3(0, 2, 2).asDiagonal().toDenseMatrix(),
                             1e-15));
  // A rod along its own x, rotated 90 degrees about z: along B's y.
  InertialInFrame rod;
  rod.mass = 3;
  rod.I_I = Vector3(0, 1, 1).asDiagonal();
  rod.X_BI.linear() = RotationFromRpy(Vector3(0, 0, M_PI / 2));
  InertialInFrame r = CombineInertials({rod});
  EXPECT_TRUE(r.I_I.isApprox(Vector3(1, 0, 1).asDiagonal().toDenseMatrix(),
                             1e-12));
}

}  // namespace
}  // namespace frames
