// sdf2urdf: SDF-only content of links, joints, visuals and collisions as the
// children of URDF <gazebo reference=...> blocks, in the form libsdformat's
// URDF parser (libsdformat 12.3, measured) turns back into the same SDF.
//
// libsdformat reads a <gazebo reference> block in two ways:
//  - its own keywords (selfCollide, turnGravityOff, dampingFactor, mu1, mu2,
//    fdir1, kp, kd, maxVel, minDepth, maxContacts, laserRetro, material,
//    stopCfm, stopErp, springReference, springStiffness, provideFeedback,
//    implicitSpringDamper, fudgeFactor, preserveFixedJoint, static), each
//    setting one or two SDF elements (the table both directions read:
//    reshape/to_sdf/gazebo_vocabulary.h);
//  - every other child is a blob, copied verbatim as the last child of the
//    link, joint or model; <collision> and <visual> children hold blobs
//    copied into the link's collisions and visuals.
// So a keyword is written where it says exactly what the SDF said, and the
// rest stays SDF. What libsdformat cannot take (a <physics> blob lands after
// the <physics> it always makes for a joint with a block, a second <axis>
// after the joint's axis, and libsdformat reads only the first of each) is
// still carried in the form reshape/to_sdf/gazebo_to_sdf.h merges back into the
// modelled element:
//   <gazebo reference="J"><physics>rest</physics>
//     <axis><initial_position/>..<dynamics>..</dynamics><limit>..</limit></axis>
//   <gazebo reference="L"><collision [name="C"]>children</collision>
//                         <visual [name="V"]>children</visual>
// libsdformat ignores the name of a <collision>/<visual> child and applies
// it to every collision (visual) of the link, and only to those whose URDF
// name is empty or starts with the link's name (it names the others
// LINK_fixed_joint_lump__NAME_collision and skips them). The name-less form
// (and the collision/visual keywords) is written when all collisions
// (visuals) of the link carry the same content; otherwise each gets its own
// named element (ShapesToGazebo returns false; sdf2urdf warns
// GAZEBO_SHAPES_DIFFER: libsdformat would apply them all to all).
//
// Fixed joints: libsdformat 12.3 lumps the child link into its parent (the
// link disappears, no //frame is left for it, its lights keep their pose
// unmoved, its link settings overwrite the parent's) unless the joint's
// block says <preserveFixedJoint>; a massless link it does not lump is
// dropped with everything below it. So sdf2urdf preserves fixed joints to
// links of the SDF and leaves //frame links (massless) to lumping.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "diag/diagnostics.h"
#include "frames/model.h"

namespace converter {

// True when a and b have the same name, attributes, text and children
// (recursively), wherever they came from.
bool SameContent(const frames::Element& a, const frames::Element& b);
bool SameContent(const std::vector<frames::Element>& a,
                 const std::vector<frames::Element>& b);

// A link's SDF-only children (sensors, lights ... already posed in the URDF
// link frame; gravity, self_collide, velocity_decay ...) into `block`.
void LinkToGazebo(std::vector<frames::Element> children, frames::Element* block);

// One visual's or collision's SDF-only children.
struct ShapeContent {
  std::string name;
  std::vector<frames::Element> children;
  frames::SourceLocation where;
};

// The SDF-only content of a link's visuals (kind "visual") or collisions
// (kind "collision"), all of them, in order, into `block`. Returns false
// when they differ (each written with its name).
bool ShapesToGazebo(const std::string& kind, std::vector<ShapeContent> shapes,
                    frames::Element* block);

// A joint's SDF-only children (physics, sensors ...) into `block`.
void JointToGazebo(std::vector<frames::Element> children, frames::Element* block);

// The SDF-only parts of one joint axis: the axis's own children
// (initial_position ...), its <dynamics> children (spring_reference ...) and
// its <limit> children (stiffness, dissipation), into `block` (the block of
// the URDF joint that moves about that axis).
void AxisToGazebo(std::vector<frames::Element> axis_children,
                  std::vector<frames::Element> dynamics_children,
                  std::vector<frames::Element> limit_children,
                  const frames::SourceLocation& where, frames::Element* block);

// <preserveFixedJoint>true</preserveFixedJoint>: libsdformat keeps the fixed
// joint and its child link instead of lumping the child into its parent.
void PreserveFixedJoint(const frames::SourceLocation& where,
                        frames::Element* block);

}  // namespace converter

namespace converter {

// A model that came from a URDF (urdf2sdf) carries the URDF's <gazebo>
// blocks verbatim (as <urdf:gazebo>) and also their translation into SDF
// content (reshape/to_sdf/gazebo_to_sdf.h). `urdf` is the reshaped model without
// SDF-only content, the carried blocks (restored, named "gazebo") in its
// extensions; `sdf` the flat SDF model it was reshaped from (links not
// moved). Returns nullopt when applying the blocks to `urdf` as urdf2sdf
// does gives exactly the SDF-only content of `sdf` (sensors, physics,
// surfaces, material details, plugins, static ..., wherever they are read
// from, source locations aside), else the first difference, in words.
std::optional<std::string> CarriedBlocksDiffer(const frames::Model& sdf,
                                               frames::Model urdf);

}  // namespace converter
