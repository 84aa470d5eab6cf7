// URDF text -> frames::Model. Records the URDF as it is written: the root
// link at the model frame, each joint posed relative_to its parent link with
// its origin, each child link posed relative_to its joint; every element the
// model does not represent (<gazebo>, <transmission>, <ros2_control>, unknown
// elements) kept verbatim. Checks the URDF rules (names, one parent per link,
// one root, no cycles, numbers, masses, inertias, axes) with file:line
// diagnostics.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "diag/diagnostics.h"
#include "frames/model.h"
#include "xml/dom.h"

namespace urdf_io {

// Name of the URDF convention's fixed reference link: SDFormat's world frame.
inline constexpr const char* kWorldLink = frames::kWorldFrame;

// Returns the model when the text is a readable URDF; every problem found is
// reported into `diags` (errors make the result nullopt). `file` names the
// source in diagnostics; its stem names a robot that has no name. A text
// beyond `limits` (size, depth, number of elements) is refused with its
// code.
std::optional<frames::Model> ReadUrdf(std::string_view text,
                                      const std::string& file,
                                      frames::Diagnostics* diags,
                                      const xml::Limits& limits = {});

}  // namespace urdf_io
