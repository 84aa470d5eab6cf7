// Pose math on Eigen, in monogram notation: X_AB is the pose of frame B
// measured and expressed in frame A, and X_AC = X_AB * X_BC.
#pragma once

#include <optional>
#include <string>

#include <Eigen/Geometry>

#include "frames/boxed.h"

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
  // On the heap (frames/boxed.h): rare, and every pose would carry it.
  Boxed<Eigen::Vector4d> quat_xyzw;

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

// X_AC = X_AB * X_BC. The pose arithmetic of the readers and the
// reshaping passes goes through these named functions.
Isometry3 Compose(const Isometry3& X_AB, const Isometry3& X_BC);
// The same for a pose X_BC as a file gives it (measured in B).
Isometry3 Compose(const Isometry3& X_AB, const Pose& X_BC);
// v_A = R_AB * v_B: a direction expressed in B (a joint axis) re-expressed
// in A.
Vector3 Reexpress(const Isometry3& X_AB, const Vector3& v_B);
// v_B = R_AB^T * v_A: the inverse of Reexpress.
Vector3 ReexpressInverse(const Isometry3& X_AB, const Vector3& v_A);
// X_BA = X_AB^-1.
Isometry3 Inverse(const Isometry3& X_AB);

// The placement pose of a model (SDFormat 1.8 //model/@placement_frame,
// //include/placement_frame): the model's pose places its placement frame
// P, X_RP, so its model frame M is at X_RM = X_RP * X_MP^-1, where X_MP is
// P's pose in the model (FrameGraph::PlacementInModel). Computed here once
// for the frame graphs, the include resolver's merge and the SDFormat 1.7
// expression.
Isometry3 PlacedModelPose(const Isometry3& X_RP, const Isometry3& X_MP);
// The same for a model's <pose> X_RP: X_RM, measured in X_RP's
// relative_to (Pose::FromIsometry: the numbers not cleaned).
Pose PlacedModelPose(const Pose& X_RP, const Isometry3& X_MP);

}  // namespace frames
