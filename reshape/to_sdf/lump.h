// --lump-fixed-joints: libsdformat's compatibility behaviour. Each link on a
// fixed joint is merged into the nearest ancestor that stays a link (its
// body): inertials combine, visuals and collisions move to the body, and the
// merged link and its joint become //frame elements so that every pose that
// referenced them still resolves. Poses of moved elements stay relative_to
// the frame of their original link, so no pose needs arithmetic except the
// combined inertial and plugin offsets.
//
// What moves with a merged link L into its body B, as libsdformat moves it:
//  - sensors, lights, projectors (any SDF element of L with a //pose): to B,
//    posed relative_to L's frame (libsdformat rewrites their <pose> into B's
//    frame with 6 significant digits; the placement is the same, and the
//    output already relies on relative_to for every link and joint);
//  - plugins: to B; and every top-level plugin of the model, a link or a
//    joint whose <bodyName> or <frameName> (libsdformat's list) names L
//    then names B, its <xyzOffset>/<rpyOffset> re-expressed in B (X_BL times
//    the offset, once per plugin) with <ignition::corrected_offsets>1, as
//    libsdformat writes them;
//  - other SDF link properties (<gravity>, <self_collide> ...): to B unless B
//    sets its own (then B's is kept, with a warning);
//  - //model/gripper <gripper_link>/<palm_link> naming L then name B;
//  - a contact sensor's <contact><collision> naming a collision by the name
//    libsdformat's lumping gives it ("B_fixed_joint_lump__L_collision_3")
//    then names the collision as this converter wrote it.
// Carried (namespaced) elements of L and of its joint stay on their frames.
// SDF elements of a merged joint (from its <gazebo> block: <physics>, a
// force_torque <sensor> ...) have no joint to go to and are not applied,
// with a warning, as libsdformat drops them; the block stays carried.
//
// Inertials combine from the URDF's own tensors (a link's invalid inertia,
// replaced by RepairInertias, is often part of a valid body, as libsdformat
// lumps it); only a combined inertia that is not valid is replaced by the
// nearest valid one, the combined original kept in <urdf:inertia>.
//
// A fixed joint named by a <gazebo reference="JOINT"> block (carried as
// <urdf:gazebo> in the model's or the joint's extensions) holding
// <preserveFixedJoint> or <disableFixedJointLumping> true is not lumped
// (libsdformat's rule). It stays a fixed joint (libsdformat turns a
// disableFixedJointLumping joint into a revolute joint with zero limits).
#pragma once

#include "diag/diagnostics.h"
#include "frames/graph.h"
#include "frames/model.h"

namespace converter {

// `graph` must be the resolved graph of `model`'s links and joints as they
// are before the call. Fixed joints whose parent is the world are kept.
void LumpFixedJoints(const frames::FrameGraph& graph, frames::Model* model,
                     frames::Diagnostics* diags);

}  // namespace converter
