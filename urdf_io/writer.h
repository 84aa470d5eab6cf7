// frames::Model -> URDF text. A printer, not a converter: the model must
// already be in URDF form (CheckUrdfForm); reshaping an SDF model into that
// form (pose arithmetic, frames to links, ...) is a converter stage.
//
// What is written, and how:
//  - `<?xml version="1.0" ?>`, then `<robot name="...">` with a `version`
//    attribute only when one is known (UrdfWriteOptions::version).
//  - Robot-level materials, links, joints and kept-verbatim elements
//    (<gazebo>, <transmission>, <ros2_control>, unknown ones) each in model
//    order, interleaved by their source line when they come from the model's
//    own file, so that ReadUrdf followed by WriteUrdf keeps the document
//    order (a model without lines gets materials, links, joints, then the
//    rest). Inside a link, <inertial>, <visual>, <collision> and verbatim
//    children are interleaved the same way.
//  - `<link name="world"/>` just before the first joint whose parent is the
//    `world` link (URDF needs the link declared; the model does not hold it).
//  - <origin> only when the pose is not the identity, and of it only the
//    non-zero attributes (`xyz` or `rpy`): URDF readers default both to zero,
//    so this is the smallest faithful output.
//  - Every number in the shortest text that reads back to the same double
//    (xml::FormatDouble), so a value read and written is bit-identical.
//  - Visual and collision `name` only when the source had one
//    (Shape::name_given); a material by reference as <material name="X"/>,
//    else inline with its name, <color rgba> and <texture filename>. A
//    material's `name` is always written (URDF requires it; name="" when the
//    model has none).
//  - Joints: the name the source used (Joint::original_name when set),
//    <origin>, <parent>, <child>, <axis> when the model has one, <limit>,
//    <dynamics>, <mimic>, <safety_controller>, <calibration> with the
//    attributes the model has, then kept-verbatim children.
//  - A capsule is written as <capsule radius length> when
//    UrdfWriteOptions::allow_capsule; otherwise (and for a plane or an
//    ellipsoid, which URDF lacks) the visual or collision is carried as an
//    SDFormat <visual>/<collision> in a `<gazebo reference="LINK">` block
//    written after the link (libsdformat copies such elements into the link)
//    with a CAPSULE_NOT_URDF / GEOMETRY_NOT_URDF warning. So is a box,
//    cylinder, capsule or sphere with a negative size, which SDFormat
//    accepts and URDF readers refuse (GEOMETRY_SIZE_NEGATIVE warning), and
//    one with an empty geometry (<empty/>, what libsdformat reads for a
//    visual or collision without <geometry>), which URDF requires
//    (GEOMETRY_EMPTY warning).
//  - Data only SDFormat has (material ambient/diffuse/specular/emissive and
//    children, shape, limit, dynamics and axis children) is not written; a
//    URDF_CANNOT_EXPRESS warning names each.
#pragma once

#include <optional>
#include <string>

#include "diag/diagnostics.h"
#include "frames/model.h"

namespace urdf_io {

struct UrdfWriteOptions {
  // Write <capsule> (URDF 1.1; the caller sets `version` to "1.1" or "1.2"
  // if wanted) instead of carrying capsules in <gazebo> blocks.
  bool allow_capsule = false;
  // The <robot version> attribute. Unset: the version the URDF declared
  // (kept in the model's UrdfForm attributes, so also after urdf2sdf and
  // sdf2urdf), else none. Set to "": none.
  // From 1.1 on, an origin the URDF wrote with quat_xyzw (kept in the
  // UrdfForm) is written with that text while it is still the pose's
  // rotation, and a pose holding a quaternion (frames::Pose::quat_xyzw) is
  // written with quat_xyzw; below 1.1 both are written as rpy (the same
  // rotation), a quat_xyzw the URDF had written back as it was.
  std::optional<std::string> version;
  // Carry SDFormat shapes URDF does not know (heightmap, polyline, image,
  // empty, read verbatim) in <gazebo reference="LINK"> like planes, with a
  // GEOMETRY_NOT_URDF warning, instead of writing them into <geometry>.
  // Other unknown shapes came from a URDF (pybullet's <cdf>) and are
  // written back into <geometry> as read.
  bool carry_other_shapes = false;
};

// True when `model` is in URDF form; every problem found is reported:
//  - no nested models, explicit frames, model pose, static flag, or canonical
//    link other than the root (URDF_FORM_INVALID);
//  - at least one link (URDF_NO_LINK), none named `world` (URDF_FORM_INVALID:
//    the convention reserves it for the fixed world frame);
//  - the robot, link, joint and robot-level material names non-empty
//    (NAME_EMPTY); link names unique, joint names (as written) unique
//    (DUPLICATE_NAME);
//  - joint types URDF has (JOINT_TYPE_NOT_URDF), parent a link or `world`
//    (JOINT_PARENT_LINK_INVALID), child a link (JOINT_CHILD_LINK_INVALID),
//    not both the same (JOINT_PARENT_SAME_AS_CHILD);
//  - a tree: one parent per link (URDF_LINK_MULTIPLE_PARENTS), one root
//    (URDF_MULTIPLE_ROOTS; `world` is the root when a joint names it), no
//    cycle (URDF_KINEMATIC_CYCLE);
//  - each joint pose relative_to its parent link ("" or "__model__" for a
//    joint from `world`), each link pose the identity relative_to its parent
//    joint ("" or "__model__" for the root), visual, collision and inertial
//    poses relative_to "" or their link, axes in the joint frame, no second
//    axis (URDF_FORM_INVALID);
//  - every visual and collision has a geometry (GEOMETRY_MISSING).
bool CheckUrdfForm(const frames::Model& model, frames::Diagnostics* diags);

// The minor number of the URDF version WriteUrdf declares for `model`
// (UrdfWriteOptions::version, else the version the URDF declared; 0 for
// none, or one that is not 1.0 to 1.2).
int WrittenUrdfMinor(const frames::Model& model,
                     const UrdfWriteOptions& options);

// The URDF text of `model`, or nullopt (with diagnostics) when the model is
// not in URDF form. Deterministic: the same model gives the same bytes.
std::optional<std::string> WriteUrdf(const frames::Model& model,
                                     const UrdfWriteOptions& options,
                                     frames::Diagnostics* diags);

}  // namespace urdf_io
