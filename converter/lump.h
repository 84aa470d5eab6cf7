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

}  // namespace converter
