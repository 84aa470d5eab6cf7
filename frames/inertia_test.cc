#include "frames/inertia.h"

#include <cmath>
#include <cstdint>
#include <limits>

#include <gtest/gtest.h>

#include "frames/pose.h"

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

// IsValidInertia skips the eigensolver when bounds settle the question; its
// answer must be CheckInertia's, also just beside the edge.
TEST(InertiaTest, IsValidInertiaAgreesWithCheckInertia) {
  uint64_t state = 7;  // a fixed sequence (SplitMix64)
  auto uniform = [&state](double lo, double hi) {
    uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    z ^= z >> 31;
    return lo + (hi - lo) * static_cast<double>(z >> 11) * 0x1p-53;
  };
  for (int i = 0; i < 100000; ++i) {
    // Principal moments near or on the triangle and margin edges, or
    // anywhere; rotated a little (as files mostly are) or anyhow.
    Vector3 p(uniform(0, 1), uniform(0, 1), uniform(0, 1));
    switch (i % 4) {
      case 0: p(2) = p(0) + p(1); break;
      case 1: p(2) = (p(0) + p(1)) * (1 - uniform(0, 3e-6)); break;
      case 2: p(0) = kSdfInertiaMargin * p(2) * uniform(0.9, 1.1); break;
    }
    const double angle = i % 8 < 4 ? uniform(-0.05, 0.05) : uniform(-3, 3);
    const Matrix3 R =
        RotationFromRpy(Vector3(angle, uniform(-1, 1) * angle, 0.3 * angle));
    const Matrix3 I = uniform(1e-6, 1e3) * R * p.asDiagonal() * R.transpose();
    for (double margin : {0.0, kSdfInertiaMargin}) {
      ASSERT_EQ(IsValidInertia(I, margin), CheckInertia(I, margin).valid())
          << I << "\nmargin " << margin;
    }
  }
  const double nan = std::numeric_limits<double>::quiet_NaN();
  Matrix3 bad = Vector3(1, 1, 1).asDiagonal();
  bad(1, 0) = bad(0, 1) = nan;
  EXPECT_EQ(IsValidInertia(bad), CheckInertia(bad).valid());
}

}  // namespace
}  // namespace frames
