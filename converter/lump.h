// --lump-fixed-joints: libsdformat's compatibility behaviour. Each link on a
// fixed joint is merged into the nearest ancestor that stays a link (its
// body): inertials combine, visuals and collisions move to the body, and the
// merged link and its joint become //frame elements so that every pose that
// referenced them still resolves. Poses of moved elements stay relative_to
// the frame of their original link, so no pose needs arithmetic except the
// combined inertial.
#pragma once

#include "frames/diagnostics.h"
#include "frames/graph.h"
#include "frames/model.h"

namespace converter {

// `graph` must be the resolved graph of `model` as it is before the call.
// Fixed joints whose parent is the world are kept.
void LumpFixedJoints(const frames::FrameGraph& graph, frames::Model* model,
                     frames::Diagnostics* diags);

// Combines inertials given in a common frame B: returns the inertial of the
// union in frame B (centre of mass position, identity orientation, inertia
// about the centre of mass expressed in B). Masses must be non-negative.
struct InertialInFrame {
  double mass = 0.0;
  frames::Isometry3 X_BI = frames::Isometry3::Identity();  // inertial frame
  frames::Matrix3 I_I = frames::Matrix3::Zero();  // about com, in frame I
};
InertialInFrame CombineInertials(const std::vector<InertialInFrame>& parts);

}  // namespace converter
