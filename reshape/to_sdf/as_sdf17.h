// Reshaping a model for SDFormat 1.7, the version sdf2sdf writes by default:
// what SDFormat 1.8 composition wrote (model_composition_1.8.txt) becomes
// what 1.7 can hold, with every pose unchanged.
//
//  - A placement frame becomes the model's pose: X_RM = X_RP * X_MP^-1,
//    measured in the same frame R (//model/@placement_frame is dropped, and
//    the <placement_frame> of a kept //include).
//  - A "::" reference into a nested model ("A::F"), which 1.7 does not have
//    outside joints, becomes the nested model A, its pose in A folded into
//    the numbers: //pose/@relative_to (X_RS' = X_A,F * X_FS), the
//    //frame/@attached_to (and with it the frame's default relative_to),
//    //axis/xyz/@expressed_in (the direction rotated by R_A,F).
//  - A joint whose parent or child is a frame or a nested model (1.8) names
//    the link that frame is attached to, which 1.7 requires ("A::L" for a
//    link of a nested model, as joints always could); a joint posed in its
//    child frame by default gets that frame written out.
//  - canonical_link naming a link of a nested model: 1.7's own default when
//    that is the same link, else left out with a warning.
//  - //world/joint (1.10, which 1.7 lacks): a joint from `world` moves into
//    the model of its child, posed in that model's frame; any other is kept
//    with a warning.
//
// What 1.7 cannot say at all is reported as an SDF17_CANNOT_EXPRESS warning
// naming it: a frame attached into a nested model at another link than the
// model's canonical one ends up attached to the canonical link (same pose,
// other link), and a canonical link that is not 1.7's default.
#pragma once

#include <string>

#include "diag/diagnostics.h"
#include "frames/graph.h"
#include "frames/model.h"

namespace converter {

// `graph` is the graph FrameGraph::Build made of `*model` (or BuildWorld of
// `*world`), without errors: it answers where the frames are.
void ExpressAsSdf17(frames::Model* model, const frames::FrameGraph& graph,
                    frames::Diagnostics* diags);
void ExpressAsSdf17(frames::World* world, const frames::FrameGraph& graph,
                    frames::Diagnostics* diags);

// The //world/joint step of the above, for any version without world joints
// (`version` as "1.7", `code` the warning's): a joint from `world` into one
// model moves into that model, posed in its frame; any other is kept with a
// warning.
void MoveWorldJointsIntoModels(frames::World* world,
                               const frames::FrameGraph& graph,
                               const std::string& version, frames::Code code,
                               frames::Diagnostics* diags);

}  // namespace converter
