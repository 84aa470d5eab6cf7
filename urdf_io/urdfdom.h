// frames::Model <-> urdfdom's in-memory model (urdf::ModelInterface, Debian
// liburdfdom 3.0), so that the library can stand where ROS's sdformat_urdf
// stands: hand a robot to code written against urdfdom, or take one from it,
// without printing and parsing text.
#pragma once

#include <urdf_model/model.h>
#include <urdf_world/types.h>  // urdf::ModelInterfaceSharedPtr

#include <optional>

#include "diag/diagnostics.h"
#include "frames/model.h"

namespace urdf_io {

// urdfdom's model of `model`, built as urdf::parseURDF builds it from the
// URDF that WriteUrdf prints: the same links, joints, materials and defaults
// (a mesh without scale has scale 1 1 1, a moving joint without axis has axis
// 1 0 0, fixed and floating joints have axis 0 0 0, absent limit, dynamics,
// safety and mimic attributes are urdfdom's defaults), a `world` link when a
// joint names it, parent and child pointers set by initTree and the root by
// initRoot. Materials follow urdfdom's rules: a visual naming a material
// that is already known (robot-level, or defined inline by an earlier
// visual) shares it; an inline definition of a new name is added to
// materials_; a reference to an unknown name leaves the material empty.
//
// A pose holding a quaternion (URDF 1.1 quat_xyzw) becomes urdfdom's
// rotation from that quaternion when the model declares URDF 1.1 or 1.2 (as
// urdfdom 5.1 parses WriteUrdf's quat_xyzw), else from its rpy.
// The model must be in URDF form (CheckUrdfForm); otherwise nullptr.
// urdfdom 3 has no capsule (URDF 1.1; urdfdom 5.1 has), plane, ellipsoid
// or unknown shape, and no place for URDF 1.2's acceleration, deceleration
// and jerk (URDFDOM_CANNOT_EXPRESS each), nor for
// kept-verbatim elements (<gazebo>, <transmission>, ...) or SDFormat-only
// data: such shapes are left out with a URDFDOM_CANNOT_EXPRESS warning each,
// verbatim elements with one warning that counts them.
urdf::ModelInterfaceSharedPtr ToModelInterface(const frames::Model& model,
                                               frames::Diagnostics* diags);

// The model of a urdfdom robot, in the form ReadUrdf gives: links depth
// first from the root (children in joints_ order, which is urdfdom's
// child_joints order), joints in the order of their child links; a `world`
// root link (the URDF convention's fixed frame) is not a model link and its
// joints have parent "world", pose relative_to "__model__". Every entry of
// materials_ becomes a robot-level material (sorted by name, as urdfdom keeps
// them) and a visual sharing one refers to it by name. Quaternions become
// roll-pitch-yaw (frames::RpyFromRotation), so a rotation comes back within
// rounding, not bit-identical; colours come back as the shortest decimal of
// urdfdom's floats. A mesh scale of 1 1 1 and an empty visual or collision
// name are left unset. Reports (and returns nullopt for) what is not a URDF
// tree: a joint naming a missing link, a link with two parents, no single
// root, a cycle, a missing geometry, an unknown joint type.
std::optional<frames::Model> FromModelInterface(
    const urdf::ModelInterface& model, frames::Diagnostics* diags);

}  // namespace urdf_io
