#include "frames/inertia.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

#include <Eigen/Eigenvalues>

namespace frames {
namespace {

double Tolerance(const Vector3& p) {
  return 1e-12 * std::max(1.0, p.cwiseAbs().maxCoeff());
}

// The principal moments of I, ascending, bit for bit as
// Eigen::SelfAdjointEigenSolver<Matrix3> computes them (it reads the lower
// triangle). A diagonal inertia with finite terms, the common case, takes
// the solver's own path for it without the solver: its terms are scaled by
// the largest magnitude (1 when all are zero), the 3x3 tridiagonalisation
// keeps them as they are, the QR iteration has nothing to do, the selection
// sort orders them (the first of equal ones kept first, which decides where
// a -0 goes) and they are scaled back; the same operations, so the same
// values (inertia_test.cc compares the two).
Vector3 PrincipalMoments(const Matrix3& I) {
  const bool diagonal =
      I(1, 0) == 0 && I(2, 0) == 0 && I(2, 1) == 0 && I.diagonal().allFinite();
  if (!diagonal) {
    Eigen::SelfAdjointEigenSolver<Matrix3> es(I, Eigen::EigenvaluesOnly);
    return es.eigenvalues();
  }
  double scale = I.diagonal().cwiseAbs().maxCoeff();
  if (scale == 0) scale = 1;
  double d[3] = {I(0, 0) / scale, I(1, 1) / scale, I(2, 2) / scale};
  for (int i = 0; i < 2; ++i) {
    int k = i;
    for (int j = i + 1; j < 3; ++j) {
      if (d[j] < d[k]) k = j;
    }
    std::swap(d[i], d[k]);
  }
  return Vector3(d[0] * scale, d[1] * scale, d[2] * scale);
}

}  // namespace

InertiaCheck CheckInertia(const Matrix3& I, double margin) {
  InertiaCheck c;
  c.principal_moments = PrincipalMoments(I);
  const Vector3& p = c.principal_moments;
  const double tol = Tolerance(p);
  c.non_negative = margin > 0 ? p(0) >= margin * p(2) : p(0) >= -tol;
  c.triangle = margin > 0 ? p(0) + p(1) >= p(2) * (1 + margin)
                          : p(0) + p(1) >= p(2) - tol;
  return c;
}

namespace {

// Whether bounds on I's principal moments settle, without the eigensolver,
// that the moments the solver would compute satisfy CheckInertia(I, margin)
// (false: the solver decides).
bool ClearlyValidInertia(const Matrix3& I, double margin) {
  // Every principal moment lies in [lo, hi] (Gershgorin discs of the
  // self-adjoint matrix of I's lower triangle, which the eigensolver reads),
  // and the two smaller ones sum to trace - p2 >= trace - hi. The
  // eigensolver's moments are off by a few ulps of the matrix's norm at most
  // (it is backward stable; r bounds the norm): `slack` covers that many
  // times over. If CheckInertia's conditions hold for the bounds with that
  // slack, they hold for the computed moments (its margin-0 tolerance only
  // loosens them). Otherwise, and for non-finite terms, the eigensolver
  // decides.
  double lo = std::numeric_limits<double>::infinity();
  double hi = -lo;
  double r = 0;
  for (int i = 0; i < 3; ++i) {
    double off = 0;
    for (int j = 0; j < 3; ++j) {
      if (j != i) off += std::abs(I(std::max(i, j), std::min(i, j)));
    }
    lo = std::min(lo, I(i, i) - off);
    hi = std::max(hi, I(i, i) + off);
    r = std::max(r, std::abs(I(i, i)) + off);
  }
  const double slack = 1e-9 * r;
  const double p2 = hi + slack;  // at least the computed largest moment
  return I.allFinite() && r > 0 && lo - slack >= margin * p2 &&
         I.trace() - hi - 2 * slack >= (1 + margin) * p2;
}

}  // namespace

bool IsValidInertia(const Matrix3& I, double margin) {
  return ClearlyValidInertia(I, margin) || CheckInertia(I, margin).valid();
}

Matrix3 NearestValidInertia(const Matrix3& I, double margin) {
  if (IsValidInertia(I, margin)) return I;
  Eigen::SelfAdjointEigenSolver<Matrix3> es(I);
  Vector3 p = es.eigenvalues();  // ascending
  p = p.cwiseMax(margin * p(2));
  // Raise the smallest moment only: raising the middle one too would, when
  // it is close to the largest, put the result back on the edge.
  const double deficit = p(2) * (1 + margin) - p(0) - p(1);
  if (deficit > 0) p(0) += deficit;
  const Matrix3& V = es.eigenvectors();
  Matrix3 out = V * p.asDiagonal() * V.transpose();
  return (out + out.transpose()) / 2;
}

InertialInFrame CombineInertials(const std::vector<InertialInFrame>& parts) {
  InertialInFrame out;
  Vector3 p_BCm = Vector3::Zero();
  for (const auto& p : parts) {
    out.mass += p.mass;
    p_BCm += p.mass * p.X_BI.translation();
  }
  if (out.mass > 0) p_BCm /= out.mass;
  Matrix3 I = Matrix3::Zero();
  for (const auto& p : parts) {
    const Matrix3 R = p.X_BI.linear();
    const Vector3 d = p.X_BI.translation() - p_BCm;
    I += R * p.I_I * R.transpose() +
         p.mass * (d.squaredNorm() * Matrix3::Identity() -
                   d * d.transpose());
  }
  out.X_BI = Isometry3::Identity();
  out.X_BI.translation() = p_BCm;
  out.I_I = I;
  return out;
}

}  // namespace frames

namespace frames {

bool IsValidMassMatrix(double mass, const Matrix3& I) {
  const double tolerance = 10.0 * std::numeric_limits<double>::epsilon();
  const double epsilon = tolerance * 0.5 * std::abs(I.trace());
  if (!(mass >= 0) || I(0, 0) + epsilon < 0 ||
      I(0, 0) * I(1, 1) - I(0, 1) * I(0, 1) + epsilon < 0 ||
      I.determinant() + epsilon < 0) {
    return false;
  }
  // Moments clear of zero and of the triangle's edge (by more than
  // CheckInertia's own rounding allowance) pass every test below: the
  // eigensolver is only needed near the edge.
  if (ClearlyValidInertia(I, 0.0)) return true;
  const Vector3 p = PrincipalMoments(I);
  return p[0] + epsilon >= 0 && p[1] + epsilon >= 0 && p[2] + epsilon >= 0 &&
         p[0] + p[1] + epsilon >= p[2] && p[1] + p[2] + epsilon >= p[0] &&
         p[2] + p[0] + epsilon >= p[1];
}

}  // namespace frames
