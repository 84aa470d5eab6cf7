// Pose math on Eigen, in monogram notation: X_AB is the pose of frame B
// measured and expressed in frame A, and X_AC = X_AB * X_BC.
#pragma once

#include <optional>
#include <string>

#include <Eigen/Geometry>

namespace frames {

using Isometry3 = Eigen::Isometry3d;
using Vector3 = Eigen::Vector3d;
using Matrix3 = Eigen::Matrix3d;

// URDF/SDFormat roll-pitch-yaw: R = Rz(yaw) * Ry(pitch) * Rx(roll).
Matrix3 RotationFromRpy(const Vector3& rpy);
// Inverse of RotationFromRpy; pitch in [-pi/2, pi/2].
Vector3 RpyFromRotation(const Matrix3& R);
// The rotation of a quaternion written x y z w, normalised first; a zero
// quaternion is the identity (as urdfdom's Rotation::normalize makes it).
Matrix3 RotationFromQuatXyzw(const Eigen::Vector4d& q);

// A pose as a file writes it: translation and roll-pitch-yaw, measured in the
// frame named by relative_to. The six numbers are kept as read so that a pose
// that needs no arithmetic is written back bit-identical.
struct Pose {
  Vector3 xyz = Vector3::Zero();
  Vector3 rpy = Vector3::Zero();
  // Name of the frame this pose is measured in. Empty means the element's
  // default frame (see the spec: the model frame for links, the child link
  // for joints, the attached_to frame for frames, the link for visuals ...).
  std::string relative_to;
  // The rotation as a quaternion x y z w, as the file wrote it (URDF 1.1
  // <origin quat_xyzw>, SDFormat 1.9 rotation_format="quat_xyzw"); rpy then
  // holds the same rotation. Not normalised: ToIsometry normalises it (as
  // urdfdom's Rotation::setFromQuaternion does), a writer that can write a
  // quaternion writes these numbers, one that cannot writes rpy.
  std::optional<Eigen::Vector4d> quat_xyzw;

  bool IsIdentity() const { return xyz.isZero(0.0) && rpy.isZero(0.0); }
  Isometry3 ToIsometry() const;
  static Pose FromIsometry(const Isometry3& X, std::string relative_to = {});
};

// Rounding noise of pose arithmetic (6e-17 for cos 90 degrees) as 0, so that
// computed numbers read like a file's.
double CleanRounding(double v);
Vector3 CleanRounding(const Vector3& v);
// A pose computed by arithmetic, as written: Pose::FromIsometry with the
// rounding noise of each number cleaned.
Pose ComputedPose(const Isometry3& X, std::string relative_to = {});
// X_AB from two frames measured in a common frame M: X_MA^-1 * X_MB (B
// re-rooted from M onto A).
Isometry3 Reroot(const Isometry3& X_MA, const Isometry3& X_MB);

}  // namespace frames
