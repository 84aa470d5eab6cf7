// A flat view of where everything in an SDFormat document is: the form in
// which the libsdformat oracle (sdformat_oracle.h) and our own resolver
// (our_snapshot.h) report, so tests can compare them key by key. Keys and
// the frame R are described in sdformat_oracle.h.
#pragma once

#include <map>
#include <string>
#include <vector>

#include <Eigen/Geometry>

namespace sdf_oracle {

struct InertialInfo {
  double mass = 0.0;
  // Pose of the inertial frame (at the centre of mass) in R.
  Eigen::Isometry3d X_RI = Eigen::Isometry3d::Identity();
  // Rotational inertia about the centre of mass, expressed in the inertial
  // frame I.
  Eigen::Matrix3d I = Eigen::Matrix3d::Zero();
};

struct Snapshot {
  // True when sdf::Root::Load returned no errors.
  bool ok = false;
  // One "CODE_NAME: message" per sdf::Error, in libsdformat's order
  // (CODE_NAME is the sdf::ErrorCode enumerator's name, e.g.
  // "FRAME_ATTACHED_TO_CYCLE").
  std::vector<std::string> errors;
  // Poses in R of models, links, joints, frames, visuals, collisions,
  // sensors and lights.
  std::map<std::string, Eigen::Isometry3d> poses;
  // Unit joint axis directions, expressed in R.
  std::map<std::string, Eigen::Vector3d> axes;
  // Link inertials, keyed by the link's key.
  std::map<std::string, InertialInfo> inertials;
};

}  // namespace sdf_oracle
