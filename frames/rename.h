// Model edits shared by the readers and converters.
#pragma once

#include <string>

#include "diag/diagnostics.h"
#include "frames/model.h"

namespace frames {

// SDFormat 1.7 forbids a joint and a link sharing a name; URDF and SDFormat
// before 1.7 allow it. Such joints get "<name>_joint" (then "_joint_2", ...,
// the first being libsdformat's own choice for old SDFormat files), link
// poses relative_to them follow, Joint::original_name keeps the old name,
// and a JOINT_RENAMED warning ends with `note`.
void RenameJointsClashingWithLinks(Model* model, const std::string& note,
                                   Diagnostics* diags);

}  // namespace frames
