#include "sdf_io/testing/expect_kinematics.h"

#include <gtest/gtest.h>

#include "testing/format.h"

namespace sdf_oracle {

void ExpectSameKinematics(const Snapshot& want, const Snapshot& got,
                          const std::string& what,
                          const KinematicsCheck& check) {
  const double tolerance = check.tolerance;
  ASSERT_FALSE(want.poses.empty()) << what;
  for (const auto& [key, X] : want.poses) {
    auto it = got.poses.find(key);
    if (it == got.poses.end()) {
      ADD_FAILURE() << what << ": " << key << " missing";
      continue;
    }
    EXPECT_LT(test_support::MaxDiff(X, it->second), tolerance)
        << what << ": " << key << "\n  want " << test_support::PoseStr(X)
        << "\n  got  " << test_support::PoseStr(it->second);
  }
  for (const auto& [key, axis] : want.axes) {
    auto it = got.axes.find(key);
    if (it == got.axes.end()) {
      ADD_FAILURE() << what << ": axis " << key << " missing";
      continue;
    }
    EXPECT_LT((axis - it->second).norm(), tolerance) << what << ": " << key;
  }
  if (!check.inertials) return;
  for (const auto& [key, in] : want.inertials) {
    auto it = got.inertials.find(key);
    if (it == got.inertials.end()) {
      ADD_FAILURE() << what << ": inertial " << key << " missing";
      continue;
    }
    EXPECT_NEAR(in.mass, it->second.mass, tolerance) << what << ": " << key;
    EXPECT_LT(test_support::MaxDiff(in.X_RI, it->second.X_RI), tolerance)
        << what << ": inertial " << key;
    EXPECT_LT((in.I - it->second.I).cwiseAbs().maxCoeff(), tolerance)
        << what << ": inertia " << key;
  }
}

}  // namespace sdf_oracle
