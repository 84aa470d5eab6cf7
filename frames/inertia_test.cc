#include "frames/inertia.h"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

#include <Eigen/Eigenvalues>
#include <gtest/gtest.h>

#include "frames/pose.h"

namespace frames {
namespace {

// A fixed sequence of pseudo-random numbers (SplitMix64).
class SplitMix64 {
 public:
  explicit SplitMix64(uint64_t seed) : state_(seed) {}
  uint64_t Next() {
    uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  // Uniform in [lo, hi).
  double Uniform(double lo, double hi) {
    return lo + (hi - lo) * static_cast<double>(Next() >> 11) * 0x1p-53;
  }

 private:
  uint64_t state_;
};

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
  SplitMix64 random(7);
  auto uniform = [&random](double lo, double hi) {
    return random.Uniform(lo, hi);
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


// A diagonal inertia's principal moments are computed without the
// eigensolver (inertia.cc, PrincipalMoments): bit for bit the solver's, for
// any magnitudes, signs (-0 included), ties and orders of the terms.
TEST(InertiaTest, DiagonalMomentsAreTheEigensolversBitForBit) {
  SplitMix64 random(11);
  auto next = [&random] { return random.Next(); };
  const double special[] = {0.0,    -0.0,   1.0,     -1.0,    0.1,
                            1e-300, 5e-324, -5e-324, 1e300,   -1e300,
                            3.0,    1.0 / 3, 2.5e-5, 1.7e308, -2.2e-308};
  constexpr int kSpecial = sizeof(special) / sizeof(special[0]);
  auto term = [&](int i) {
    const uint64_t z = next();
    if (i % 3 == 0) return special[z % kSpecial];
    // Any finite double of any exponent and sign.
    double v;
    uint64_t bits = z;
    std::memcpy(&v, &bits, sizeof v);
    return std::isfinite(v) ? v : static_cast<double>(z >> 11) * 0x1p-40;
  };
  for (int i = 0; i < 200000; ++i) {
    Matrix3 I = Matrix3::Zero();
    I(0, 0) = term(i);
    I(1, 1) = term(i + 1);
    I(2, 2) = i % 5 == 0 ? I(0, 0) : term(i + 2);  // ties too
    Eigen::SelfAdjointEigenSolver<Matrix3> es(I, Eigen::EigenvaluesOnly);
    const Vector3 expected = es.eigenvalues();
    const Vector3 got = CheckInertia(I).principal_moments;
    for (int k = 0; k < 3; ++k) {
      ASSERT_EQ(std::signbit(got(k)), std::signbit(expected(k))) << I;
      ASSERT_TRUE(got(k) == expected(k) ||
                  (std::isnan(got(k)) && std::isnan(expected(k))))
          << I << "\nmoments " << got.transpose() << "\nsolver "
          << expected.transpose();
    }
  }
}


// IsValidMassMatrix skips the eigensolver for moments clear of the edge:
// the same verdicts as libsdformat's rule computed with the solver every
// time (the rule as ignition::math::MassMatrix3::IsValid states it).
TEST(InertiaTest, IsValidMassMatrixAgreesWithTheSolversVerdict) {
  auto by_solver = [](double mass, const Matrix3& I) {
    const double tolerance = 10.0 * std::numeric_limits<double>::epsilon();
    const double epsilon = tolerance * 0.5 * std::abs(I.trace());
    if (!(mass >= 0) || I(0, 0) + epsilon < 0 ||
        I(0, 0) * I(1, 1) - I(0, 1) * I(0, 1) + epsilon < 0 ||
        I.determinant() + epsilon < 0) {
      return false;
    }
    Eigen::SelfAdjointEigenSolver<Matrix3> solver(I, Eigen::EigenvaluesOnly);
    const Vector3 p = solver.eigenvalues();
    return p[0] + epsilon >= 0 && p[1] + epsilon >= 0 && p[2] + epsilon >= 0 &&
           p[0] + p[1] + epsilon >= p[2] && p[1] + p[2] + epsilon >= p[0] &&
           p[2] + p[0] + epsilon >= p[1];
  };
  SplitMix64 random(13);
  auto uniform = [&random](double lo, double hi) {
    return random.Uniform(lo, hi);
  };
  int valid = 0, invalid = 0;
  for (int i = 0; i < 100000; ++i) {
    // On, near, inside or outside the triangle and zero edges; rotated a
    // little or anyhow.
    Vector3 p(uniform(-0.1, 1), uniform(0, 1), uniform(0, 1));
    switch (i % 5) {
      case 0: p(2) = p(0) + p(1); break;
      case 1: p(2) = (p(0) + p(1)) * (1 + uniform(-3e-15, 3e-15)); break;
      case 2: p(0) = uniform(-1e-15, 1e-15); break;
    }
    const double angle = i % 8 < 4 ? uniform(-0.05, 0.05) : uniform(-3, 3);
    const Matrix3 R =
        RotationFromRpy(Vector3(angle, uniform(-1, 1) * angle, 0.3 * angle));
    Matrix3 I = uniform(1e-6, 1e3) * R * p.asDiagonal() * R.transpose();
    I = (I + I.transpose()) / 2;
    const double mass = i % 50 == 0 ? -1.0 : uniform(0, 10);
    const bool expected = by_solver(mass, I);
    ASSERT_EQ(IsValidMassMatrix(mass, I), expected) << I << "\nmass " << mass;
    (expected ? valid : invalid)++;
  }
  // Both verdicts were exercised.
  EXPECT_GT(valid, 1000);
  EXPECT_GT(invalid, 1000);
}

}  // namespace
}  // namespace frames
