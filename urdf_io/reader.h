// URDF text -> frames::Model. Records the URDF as it is written: the root
// link at the model frame, each joint posed relative_to its parent link with
// its origin, each child link posed relative_to its joint; every element the
// model does not represent (<gazebo>, <transmission>, <ros2_control>, unknown
// elements) kept verbatim. Checks the URDF rules (names, one parent per link,
// one root, no cycles, numbers, masses, inertias, axes) with file:line
// diagnostics.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "diag/diagnostics.h"
#include "frames/model.h"
#include "frames/tree.h"
#include "xml/dom.h"

namespace urdf_io {

// URDF versions (README, "URDF versions"), read as urdfdom 6 reads them
// (ros/urdfdom: urdf_parser/src/model.cpp, pose.cpp, link.cpp, joint.cpp):
//  - <robot version="x.y">: no attribute is 1.0; 1.0, 1.1 and 1.2 are read
//    (URDF_VERSION_UNSUPPORTED otherwise); a malformed one is
//    URDF_VERSION_INVALID (ParseUrdfVersion).
//  - 1.1: <origin quat_xyzw="x y z w"> (frames::Pose::quat_xyzw, also kept
//    as written in the UrdfForm; with rpy as well an error, normalised with
//    a warning when not unit) and <capsule radius length>.
//  - 1.2: <limit acceleration deceleration jerk> (kept as written in the
//    UrdfForm, checked: not negative) and urdfdom 6's limit rules
//    (URDF_JOINT_LIMIT_INVALID; effort and velocity optional).
//  - Declaring an earlier version, quat_xyzw and the 1.2 limits are ignored
//    as urdfdom ignores them (URDF_VERSION_FEATURE_IGNORED) and carried as
//    written; a capsule is read as one (pybullet reads it), with the same
//    warning, since urdfdom drops it.
struct UrdfVersion {
  uint32_t major = 1, minor = 0;
};
// The version attribute as urdfdom's URDFVersion parses it; nullopt (with
// the reason in *why) when urdfdom refuses it as malformed.
std::optional<UrdfVersion> ParseUrdfVersion(std::string_view text,
                                            std::string* why = nullptr);

// Name of the URDF convention's fixed reference link: SDFormat's world frame.
inline constexpr const char* kWorldLink = frames::kWorldFrame;

// Returns the model when the text is a readable URDF; every problem found is
// reported into `diags` (errors make the result nullopt). `file` names the
// source in diagnostics; its stem names a robot that has no name. A text
// beyond `limits` (size, depth, number of elements) is refused with its
// code. With `tree`, a model returned comes with the analysis of its links
// and joints the read checked it with (frames::AnalyzeTree of the model as
// returned: positions in its links and joints), for a caller that would
// otherwise look every name up again.
std::optional<frames::Model> ReadUrdf(std::string_view text,
                                      const std::string& file,
                                      frames::Diagnostics* diags,
                                      const xml::Limits& limits = {},
                                      frames::TreeAnalysis* tree = nullptr);
// The same, parsing `text` in place (no copy of it): for a caller that read
// the file and needs its text no more.
std::optional<frames::Model> ReadUrdfOwned(std::string text,
                                           const std::string& file,
                                           frames::Diagnostics* diags,
                                           const xml::Limits& limits = {},
                                           frames::TreeAnalysis* tree = nullptr);

}  // namespace urdf_io
