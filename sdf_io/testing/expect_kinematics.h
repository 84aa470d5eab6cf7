// GoogleTest expectations over two Snapshots (snapshot.h): the same
// kinematics, key by key, whichever resolver (libsdformat's or ours)
// produced each.
#pragma once

#include <string>

#include "sdf_io/testing/snapshot.h"

namespace sdf_oracle {

struct KinematicsCheck {
  double tolerance = 1e-9;  // per pose coordinate, axis and inertia entry
  bool inertials = true;    // also compare every inertial of `want`
};

// Every pose and axis of `want` (and, with check.inertials, every inertial:
// mass, pose and tensor) is in `got` within check.tolerance. `want` must
// have poses. Each failure names `what` and the key.
void ExpectSameKinematics(const Snapshot& want, const Snapshot& got,
                          const std::string& what,
                          const KinematicsCheck& check = {});

}  // namespace sdf_oracle
