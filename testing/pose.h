// Test support: a pose as URDF writes it (<origin xyz="..." rpy="...">),
// computed here, independently of frames/, so that the oracle tests do not
// check the converter with its own pose math.
#pragma once

#include <Eigen/Geometry>

namespace test_support {

// URDF rpy: fixed axes, roll about X, then pitch about Y, then yaw about Z.
inline Eigen::Isometry3d FromXyzRpy(const Eigen::Vector3d& xyz,
                                    const Eigen::Vector3d& rpy) {
  Eigen::Isometry3d X = Eigen::Isometry3d::Identity();
  X.linear() = (Eigen::AngleAxisd(rpy.z(), Eigen::Vector3d::UnitZ()) *
                Eigen::AngleAxisd(rpy.y(), Eigen::Vector3d::UnitY()) *
                Eigen::AngleAxisd(rpy.x(), Eigen::Vector3d::UnitX()))
                   .toRotationMatrix();
  X.translation() = xyz;
  return X;
}

}  // namespace test_support
