#include "frames/pose.h"

#include <cmath>

namespace frames {

Matrix3 RotationFromRpy(const Vector3& rpy) {
  const double sr = std::sin(rpy.x()), cr = std::cos(rpy.x());
  const double sp = std::sin(rpy.y()), cp = std::cos(rpy.y());
  const double sy = std::sin(rpy.z()), cy = std::cos(rpy.z());
  Matrix3 R;
  R << cy * cp, cy * sp * sr - sy * cr, cy * sp * cr + sy * sr,  //
      sy * cp, sy * sp * sr + cy * cr, sy * sp * cr - cy * sr,   //
      -sp, cp * sr, cp * cr;
  return R;
}

Vector3 RpyFromRotation(const Matrix3& R) {
  // Standard extraction for R = Rz(y) Ry(p) Rx(r); at the singularity
  // (|pitch| = pi/2) roll is set to zero and yaw absorbs the rest.
  const double sp = -R(2, 0);
  // cos(pitch), accurate near the singularity where 1 - |sp| is not.
  const double cp = std::hypot(R(0, 0), R(1, 0));
  if ((sp >= 1.0 - 1e-12 || sp <= -1.0 + 1e-12) && cp > 1e-9) {
    // Within 1.4e-6 of the singularity but not at it (a pitch written as
    // 1.570796): asin(sp) has lost the digits that tell it from pi/2.
    return Vector3(std::atan2(R(2, 1), R(2, 2)), std::atan2(sp, cp),
                   std::atan2(R(1, 0), R(0, 0)));
  }
  if (sp >= 1.0 - 1e-12 || sp <= -1.0 + 1e-12) {
    const double pitch = sp > 0 ? M_PI / 2 : -M_PI / 2;
    const double yaw = std::atan2(-R(0, 1), R(1, 1));
    return Vector3(0.0, pitch, yaw);
  }
  const double roll = std::atan2(R(2, 1), R(2, 2));
  const double pitch = std::asin(std::max(-1.0, std::min(1.0, sp)));
  const double yaw = std::atan2(R(1, 0), R(0, 0));
  return Vector3(roll, pitch, yaw);
}

Matrix3 RotationFromQuatXyzw(const Eigen::Vector4d& q) {
  if (q.isZero(0.0)) return Matrix3::Identity();
  return Eigen::Quaterniond(q[3], q[0], q[1], q[2])
      .normalized()
      .toRotationMatrix();
}

Isometry3 Pose::ToIsometry() const {
  Isometry3 X = Isometry3::Identity();
  X.linear() = quat_xyzw ? RotationFromQuatXyzw(*quat_xyzw) : RotationFromRpy(rpy);
  X.translation() = xyz;
  return X;
}

Pose Pose::FromIsometry(const Isometry3& X, std::string relative_to) {
  Pose p;
  p.xyz = X.translation();
  p.rpy = RpyFromRotation(X.linear());
  p.relative_to = std::move(relative_to);
  return p;
}

double CleanRounding(double v) { return std::abs(v) < 1e-15 ? 0.0 : v; }

Vector3 CleanRounding(const Vector3& v) {
  return v.unaryExpr([](double x) { return CleanRounding(x); });
}

Pose ComputedPose(const Isometry3& X, std::string relative_to) {
  Pose p = Pose::FromIsometry(X, std::move(relative_to));
  p.xyz = CleanRounding(p.xyz);
  p.rpy = CleanRounding(p.rpy);
  return p;
}

Isometry3 Reroot(const Isometry3& X_MA, const Isometry3& X_MB) {
  return X_MA.inverse() * X_MB;
}

Isometry3 Compose(const Isometry3& X_AB, const Isometry3& X_BC) {
  return X_AB * X_BC;
}

Isometry3 Compose(const Isometry3& X_AB, const Pose& X_BC) {
  return X_AB * X_BC.ToIsometry();
}

Vector3 Reexpress(const Isometry3& X_AB, const Vector3& v_B) {
  return X_AB.linear() * v_B;
}

Vector3 ReexpressInverse(const Isometry3& X_AB, const Vector3& v_A) {
  return X_AB.linear().transpose() * v_A;
}

Isometry3 Inverse(const Isometry3& X_AB) { return X_AB.inverse(); }

Isometry3 PlacedModelPose(const Isometry3& X_RP, const Isometry3& X_MP) {
  return X_RP * X_MP.inverse();
}

Pose PlacedModelPose(const Pose& X_RP, const Isometry3& X_MP) {
  return Pose::FromIsometry(PlacedModelPose(X_RP.ToIsometry(), X_MP),
                            X_RP.relative_to);
}

}  // namespace frames
