// URDF <gazebo> blocks translated into SDFormat, the way libsdformat's URDF
// parser (parser_urdf.cc, Debian's libsdformat 12.3, the compatibility
// reference) and so Gazebo read them. The blocks themselves stay in
// model->extensions untouched: they are also carried verbatim as
// <urdf:gazebo> so that sdf2urdf restores the URDF exactly.
//
// Which block applies where (its `reference` attribute):
//   none or ""         the model
//   a link's name      that link (a link wins over a joint of the same name)
//   a joint's name     that joint (also its name before a rename)
//   anything else      not applied: GAZEBO_REFERENCE_UNKNOWN. This includes
//                      the robot's own name and "world", which libsdformat
//                      12.3 ignores too, and floating/planar joints, which
//                      SDFormat 1.7 has no joint for (libsdformat drops them).
// Blocks for the same target apply in document order.
//
// What each child of a block becomes (libsdformat's keywords, one table
// with the SDF->URDF direction: reshape/to_sdf/gazebo_vocabulary.h; values
// are read from the `value` attribute or the text, as libsdformat reads
// them):
//
//   model (no reference)
//     <static>                     //model/static (true/yes/1 mean true)
//     <self_collide> <allow_auto_disable> <enable_wind>
//                                  that //model child, value normalised
//     <plugin> <gripper>           appended to the model, in document order
//     <joint name type>            an SDFormat joint appended to the model, as
//                                  libsdformat pastes it (a joint closing a
//                                  loop, sdf2urdf's carried joints): its pose
//                                  is in its child link's frame; it must join
//                                  links of the robot (parent also world)
//                                  and have a type SDFormat knows (else
//                                  JOINT_TYPE_INVALID, an error: libsdformat
//                                  refuses it). One replacing a floating or
//                                  planar joint (its frame) leaves the child
//                                  link where the URDF joint placed it
//   link
//     <material>NAME</material>    //visual/material/script {name NAME,
//                                  uri file://media/materials/scripts/
//                                  gazebo.material} in every visual (also
//                                  those libsdformat skips: a URDF visual
//                                  name not starting with the link's name)
//     <turnGravityOff>             //link/gravity (negated)
//     <dampingFactor>              //link/velocity_decay/{linear,angular}
//     <selfCollide>                //link/self_collide
//     <mu1> <mu2> <fdir1>          every collision's
//                                  surface/friction/ode/{mu,mu2,fdir1}
//     <kp> <kd> <maxVel> <minDepth>
//                                  every collision's surface/contact/ode/
//                                  {kp,kd,max_vel,min_depth}
//     <laserRetro> <maxContacts>   every collision's laser_retro,
//                                  max_contacts
//     <visual>, <collision>        merged into every visual (collision) of
//                                  the link, or with name="X" into that one
//     <gravity> <enable_wind> <self_collide> <kinematic>
//     <must_be_base_link> <velocity_decay>
//                                  that //link child (merged)
//     <sensor> <light> <projector> <audio_source> <audio_sink> <battery>
//     <particle_emitter>           appended to the link (one named like an
//                                  earlier one replaces it, with a warning
//                                  GAZEBO_ELEMENT_REPLACED)
//   joint
//     <stopCfm> <stopErp>          //joint/physics/ode/limit/{cfm,erp}
//     <fudgeFactor>                //joint/physics/ode/fudge_factor
//     <provideFeedback>            //joint/physics/provide_feedback (not
//                                  also physics/ode/provide_feedback as
//                                  libsdformat writes: no SDFormat has it)
//     <implicitSpringDamper> <cfmDamping>
//                                  //joint/physics/ode/{implicit_spring_
//                                  damper,cfm_damping}
//     <springReference> <springStiffness>
//                                  //joint/axis/dynamics/{spring_reference,
//                                  spring_stiffness}
//     <preserveFixedJoint> <disableFixedJointLumping>
//                                  consumed (only --lump-fixed-joints reads
//                                  them, from the carried block)
//     <axis>, <axis2>, <physics>   merged into the joint's
//     <gearbox_ratio> <gearbox_reference_body> <thread_pitch>
//                                  that //joint child (merged)
//     <sensor>                     appended to the joint
//
// Merging (a blob element whose name is a child the model represents, or
// one that SDFormat allows once): its children are added to the existing
// element; a leaf of the same name (and same name attribute) is replaced by
// the later one, so a later block overrides an earlier one. <plugin>s and
// <gripper>s are always appended; a <sensor>, <light> ... named like an
// earlier one of the link or joint replaces it (GAZEBO_ELEMENT_REPLACED).
//
// Not applied (each a warning naming the element; the content stays in the
// carried <urdf:gazebo>):
//   GAZEBO_ELEMENT_NOT_SDF    neither a keyword nor an SDFormat 1.7 element
//                             of that level (libsdformat pastes it in
//                             blindly, as an element SDFormat does not
//                             define: <stopKd>, a link <plugin>, ...)
//   GAZEBO_ELEMENT_MISPLACED  a keyword of another level (<mu1> in a joint
//                             block); libsdformat ignores it there too
//   GAZEBO_ELEMENT_IGNORED    <canonicalBody>, which libsdformat ignores
//   GAZEBO_KINEMATICS_NOT_APPLIED
//                             <pose>, <geometry>, <inertial>, <link>,
//                             <joint> (but a robot-level one that joins
//                             links), <frame>, <parent>, <child>, axis
//                             <xyz>: kinematics come from the URDF only
//   GAZEBO_VALUE_INVALID      a value that is not a number (libsdformat
//                             throws) or a boolean; a keyword boolean it
//                             cannot read is applied as false, as
//                             libsdformat does, with the warning
//   GAZEBO_NO_TARGET          nothing to apply to: a link without visuals
//                             (collisions), a joint without an axis, a
//                             <visual name="X"> naming no visual
#pragma once

#include <optional>
#include <string>

#include "reshape/to_sdf/sdf_version.h"
#include "diag/diagnostics.h"
#include "frames/model.h"

namespace converter {

// Reads the <gazebo> blocks in model->extensions (named "gazebo" as
// urdf_io's reader stores them, or "urdf:gazebo" once carried) and applies
// them to the model's links, joints, visuals, collisions and model-level
// extensions. Poses inside sensors, lights and plugins are kept as written:
// they are relative to the link, as in libsdformat without lumping. Call it
// after CarryUrdfOnlyElements (which would otherwise carry what it adds as
// urdf: elements) and before LumpFixedJoints (which moves what it adds).
// What a block pastes as SDFormat (a <sensor>, a <plugin>, an axis'
// <dynamics> child ...) is checked against the description of SDFormat
// 1.`sdf_version`, the version written (sdf_io/schema_check.h): a value
// libsdformat's SDF reader refuses, which makes libsdformat refuse the
// URDF, is an error (VALUE_INVALID, VALUE_OUT_OF_RANGE, ATTRIBUTE_MISSING)
// and is not applied.
void ApplyGazeboBlocks(frames::Model* model, frames::Diagnostics* diags,
                       int sdf_version = kDefaultSdfVersion);

// A <gazebo> keyword's value as libsdformat reads it (GetKeyValueAsString):
// the `value` attribute, trimmed, else the text.
std::string GazeboValue(const frames::Element& e);
// A <gazebo> flag as libsdformat reads it: true/yes/1 and false/no/0, in any
// case; nullopt for anything else (which libsdformat reads as false).
std::optional<bool> ParseGazeboTruth(const std::string& text);

}  // namespace converter
