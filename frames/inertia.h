// Physical validity of rotational inertia, as simulators (and libsdformat's
// LINK_INERTIA_INVALID check) see it: principal moments non-negative and
// satisfying the triangle inequality.
#pragma once

#include <vector>

#include "frames/pose.h"

namespace frames {

struct InertiaCheck {
  Vector3 principal_moments;  // ascending
  bool non_negative = true;   // no principal moment below zero
  bool triangle = true;       // p0 + p1 >= p2 (within rounding)
  bool valid() const { return non_negative && triangle; }
};

// With margin == 0 the triangle inequality allows rounding (1e-12 relative);
// with margin > 0 it must hold with p0 + p1 >= p2 * (1 + margin) and every
// moment must be at least margin * p2 (a rounding-proof determinant), which is
// what a consumer that recomputes principal moments with its own rounding
// (libsdformat) can be relied on to accept.
InertiaCheck CheckInertia(const Matrix3& I, double margin = 0.0);
// CheckInertia(I, margin).valid(), without the eigensolver when bounds on
// the principal moments (Gershgorin discs) settle it: for an inertia clear
// of the edge whose off-diagonal terms are small against its moments, as
// most are.
bool IsValidInertia(const Matrix3& I, double margin = 0.0);

// Relative margin for inertias that must load in libsdformat.
inline constexpr double kSdfInertiaMargin = 1e-6;

// The nearest inertia with the same principal axes that passes
// CheckInertia(., margin): moments raised to at least margin * p2 (zero
// without a margin), then the smallest raised until p0 + p1 = p2 * (1 + margin).
// Returns I unchanged when it already passes.
Matrix3 NearestValidInertia(const Matrix3& I, double margin = 0.0);

// Combines inertials given in a common frame B: returns the inertial of the
// union in frame B (centre of mass position, identity orientation, inertia
// about the centre of mass expressed in B). Masses must be non-negative.
struct InertialInFrame {
  double mass = 0.0;
  Isometry3 X_BI = Isometry3::Identity();  // inertial frame
  Matrix3 I_I = Matrix3::Zero();  // about com, in frame I
};
InertialInFrame CombineInertials(const std::vector<InertialInFrame>& parts);

}  // namespace frames

namespace frames {

// libsdformat's (ignition::math::MassMatrix3::IsValid) acceptance of a link
// inertia: mass >= 0, leading minors of I non-negative and principal moments
// non-negative and satisfying the triangle inequality, all within
// 10 * machine epsilon * half the trace. libsdformat refuses a file with a
// link that fails it (LINK_INERTIA_INVALID).
bool IsValidMassMatrix(double mass, const Matrix3& I);

}  // namespace frames
