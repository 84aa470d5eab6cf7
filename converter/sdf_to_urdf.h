// sdf2urdf as a library call: one SDFormat model (1.0 to 1.12; alone, or the
// only model of a world, or chosen by name) in, URDF out, the kinematics
// exact and nothing silently lost.
//
// The reshaping (ToUrdfModel) turns any valid SDFormat model into URDF form:
//  - Nested models flatten into one tree; their links, joints and frames keep
//    their scoped names ("arm::link"), joined by `separator`.
//  - //frame elements become massless links on fixed joints named FRAME_joint
//    (the URDF convention for tool0, base_footprint, optical frames), unless
//    `frames_as_links` is false (then each is reported as a warning).
//  - The root is the link that is no joint's child (`world` when a joint has
//    parent world). When several links are no joint's child, the canonical
//    link breaks the tie and each other one hangs from the root on a floating
//    joint LINK_floating (a free body, as in the SDF), with a warning.
//  - Each link frame is moved onto its parent joint's frame, as URDF places
//    it; its inertial, visuals, collisions and posed elements (sensors,
//    lights) are re-expressed so that nothing physical moves. Numbers that
//    need no arithmetic (a file already in URDF-parity form) are copied.
//  - A joint from `world` gets the model pose applied; a model pose without
//    such a joint is dropped with MODEL_POSE_DROPPED.
//  - universal and revolute2 joints become two revolute (or continuous)
//    joints through a massless link JOINT_intermediate; the second joint is
//    JOINT_axis2 (unless `keep_joint_types`). ball (unless
//    `ball_as_floating`), screw, gearbox (and universal and revolute2 with
//    `keep_joint_types`) joints become the nearest URDF tree joint, floating
//    (its child moves freely in URDF tools), and the SDF joint is carried in
//    the robot-level <gazebo> block, where libsdformat reads it in place of
//    the floating joint, which it drops (JOINT_CARRIED_IN_GAZEBO).
//  - Axes are resolved through expressed_in into the joint frame. A revolute
//    axis without finite limits (SDF's default ±1e16) is continuous; effort
//    and velocity are copied (SDF's default -1, no limit, when absent).
//  - A kinematic loop or a link with two parent joints is cut at a joint
//    (rule: reshape/to_urdf/loops.cc), carried as an SDF <joint> in
//    the robot-level <gazebo> block, posed in its child link's URDF frame
//    (JOINT_LOOP_CUT). A link that is the child of a floating or planar
//    URDF joint carried as a //frame (urdf2sdf's form) keeps that joint:
//    its other parent joints are cut.
//  - Material colour: URDF rgba = diffuse, or ambient when there is no
//    diffuse, clamped to [0, 1]. SDF-only material data (ambient differing
//    from diffuse, specular, emissive, script, shader, pbr) is carried in
//    `<gazebo reference="LINK"><visual name="V"><material>`, and the URDF
//    material is named after the script when there is one.
//  - A plugin without a name (SDFormat 1.10) is given one in the <gazebo>
//    blocks, which are read as SDFormat 1.7 (reshape/to_sdf/sdf_version.h,
//    NamePlugins).
//  - What URDF has no element for is carried in <gazebo> blocks (the
//    extension libsdformat reads back), in libsdformat's keywords where one
//    says exactly the same and as SDFormat otherwise (see
//    reshape/to_urdf/gazebo_from_sdf.h): link children (sensors, lights, gravity,
//    self_collide, ...) in <gazebo reference="LINK">, joint children
//    (physics, sensors) and axis details (initial_position, limit
//    stiffness/dissipation, spring_reference/spring_stiffness) in
//    <gazebo reference="JOINT"> (JOINT_axis2 for axis2), visual and
//    collision children (surface, laser_retro, cast_shadows, ...) in
//    <gazebo reference="LINK"><visual> / <collision> (with name=V when the
//    link's visuals differ: GAZEBO_SHAPES_DIFFER), model children (plugins,
//    ...) and <static> in a model-level <gazebo>. A fixed joint to a link of
//    the SDF gets <preserveFixedJoint>, so that libsdformat does not lump it.
//  - A model urdf2sdf made carries the URDF's own <gazebo> blocks: they are
//    written back verbatim (and no block is made) when applying them still
//    gives the model's SDF-only content, else dropped with
//    GAZEBO_CARRIED_STALE.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "converter/result.h"
#include "converter/read_input.h"
#include "converter/uris.h"
#include "diag/diagnostics.h"
#include "frames/graph.h"
#include "frames/model.h"
#include "reshape/options.h"
#include "xml/dom.h"

namespace converter {

// model_paths, uris (relative_to_dir: the output file's directory), limits
// and allowed_include_dirs: ReadInputOptions. separator, frames_as_links,
// ball_as_floating and keep_joint_types (what the reshaping passes take):
// ToUrdfReshapeOptions (reshape/options.h).
struct SdfToUrdfOptions : ReadInputOptions, ToUrdfReshapeOptions {
  // Only validate (reshape without writing); the output stays empty.
  bool check_only = false;
  // Only say whether the model is already in URDF-parity form (spec: a tree,
  // joints posed relative_to their parent link, child links relative_to
  // their joint, no other link poses), i.e. converts by copying numbers.
  // ok == in that form; the reasons it is not are errors.
  bool check_parity = false;
  // Which model of the document (a name); empty: the only one.
  std::string model;
  // The <robot version> attribute: "1.0", "1.1" or "1.2" (docs/versions.md, "URDF
  // versions"); from 1.1 capsules are written as <capsule> and poses that
  // hold a quaternion (an SDF rotation_format="quat_xyzw") as quat_xyzw.
  // "": the version the URDF declared (a model urdf2sdf wrote), else the
  // lowest that holds the model: 1.1 with a capsule, else none (1.0).
  std::string urdf_version;
};

// The reshaping stage: `model` (a top-level SDF model that passed
// FrameGraph::Build; `X_WM` its pose in the world: its //model/pose, resolved
// through the world's frames when it is in a world) in URDF form, ready for
// urdf_io::WriteUrdf. nullopt (with errors) when it cannot be.
std::optional<frames::Model> ToUrdfModel(const frames::Model& model,
                                         const frames::Isometry3& X_WM,
                                         const SdfToUrdfOptions& options,
                                         frames::Diagnostics* diags);
// The same with the model's frame graph already built (FrameGraph::Build,
// or a world graph's Nested()).
std::optional<frames::Model> ToUrdfModel(const frames::Model& model,
                                         const frames::FrameGraph& graph,
                                         const frames::Isometry3& X_WM,
                                         const SdfToUrdfOptions& options,
                                         frames::Diagnostics* diags);

// True when `model` is in URDF-parity form (see check_parity); otherwise
// reports why not.
bool CheckUrdfParity(const frames::Model& model, frames::Diagnostics* diags);

ConversionResult SdfToUrdf(std::string_view sdf_text,
                           const std::string& source_name,
                           const SdfToUrdfOptions& options = {});

ConversionResult SdfFileToUrdf(const std::string& path,
                               const SdfToUrdfOptions& options = {});

// The reshaped model (read, validated, ToUrdfModel) of a file or text, for
// callers that want the model rather than text (converter/sdf_to_urdfdom.h).
std::optional<frames::Model> SdfFileToUrdfModel(const std::string& path,
                                                const SdfToUrdfOptions& options,
                                                frames::Diagnostics* diags);
std::optional<frames::Model> SdfToUrdfModel(std::string_view sdf_text,
                                            const std::string& source_name,
                                            const SdfToUrdfOptions& options,
                                            frames::Diagnostics* diags);

}  // namespace converter
