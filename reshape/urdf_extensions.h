// How URDF content that SDFormat 1.7 has no element for is carried in SDF, so
// that nothing is lost and sdf2urdf can restore it. Everything carried is a
// custom element in the "urdf" namespace (kUrdfNamespace):
//
//  - floating and planar joints: a <frame name=JOINT attached_to=PARENT>
//    posed like the joint (the child link keeps its pose relative_to JOINT)
//    holding <urdf:joint type=... parent=... child=...> with the joint's
//    URDF <axis>, <limit>, <dynamics>, ... children; the child link is free
//    in simulation.
//  - a zero <axis> on a joint that does not move along it (fixed, ball):
//    <urdf:axis xyz="0 0 0"> in the joint, holding the joint's URDF <limit>
//    and <dynamics> if it has them.
//  - <mimic>, <safety_controller>, <calibration>: <urdf:mimic ...> etc. in the
//    SDF joint, attributes as in URDF.
//  - a joint renamed because it shares a link's name:
//    <urdf:original_name>NAME</urdf:original_name> in the joint.
//  - material names and textures: <urdf:material name=... texture=...> in the
//    visual; robot-level materials: <urdf:material name=...> with <color>,
//    <texture> children at model level.
//  - an inertia libsdformat would refuse: see RepairInertias.
//  - how the URDF wrote what the model holds (frames::UrdfForm: default
//    parts written out or left out, attributes URDF does not define, a
//    visual or collision left unnamed): <urdf:form parts="..."> with
//    <attribute on= name= value=> children, in the link, visual, collision,
//    joint or model it belongs to; only where there is something to say.
//  - <gazebo>, <transmission>, <ros2_control> and unknown elements, at
//    whatever level they were: the element verbatim, its name prefixed
//    "urdf:" (a warning names each <gazebo> block and unknown element).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "diag/diagnostics.h"
#include "frames/model.h"

namespace converter {

inline constexpr char kUrdfNamespace[] = "http://www.ros.org/wiki/urdf";

// libsdformat refuses a link whose inertia is not physically valid
// (LINK_INERTIA_INVALID), so such an inertia is written as the nearest valid
// one (frames::NearestValidInertia) with a warning, and the original tensor
// is carried in the link as <urdf:inertia ixx=... .../>.
void RepairInertias(frames::Model* model, frames::Diagnostics* diags);

// Applies URDF defaults SDFormat does not share (axis 1 0 0, limits 0, a link
// without <inertial> is massless: written as mass 0 with zero inertia) and
// turns every URDF-only element of `model` into its carried form.
// `mimic_in_axis` (SDFormat 1.11 and later): a <mimic> of a revolute,
// continuous or prismatic joint whose leader is one too becomes the joint's
// //axis/mimic (axis "axis", reference 0) instead of <urdf:mimic>.
void CarryUrdfOnlyElements(frames::Model* model, frames::Diagnostics* diags,
                           bool mimic_in_axis = false);

// --- Reading the carried forms back (sdf2urdf) ---

// True for an element in its carried form (named "urdf:...").
bool IsCarried(const frames::Element& e);
// Its URDF name: "mimic" for <urdf:mimic>.
std::string UncarriedName(const frames::Element& e);
// The element under its URDF name (<urdf:gazebo> is the URDF's <gazebo>
// again; its children were never prefixed).
frames::Element Restored(frames::Element e);
// The carried element <urdf:NAME> among `elements`, or nullptr.
const frames::Element* FindCarried(const std::vector<frames::Element>& elements,
                                   const char* name);
// <urdf:axis xyz="0 0 0">: the zero axis of a joint SDFormat refuses it on
// (as opposed to a URDF's repeated <axis>, carried as written).
bool IsCarriedZeroAxis(const frames::Element& e);
// <urdf:mimic>, <urdf:safety_controller>, <urdf:calibration>,
// <urdf:original_name> or <urdf:form> into `j`; false when `e` is none of
// them.
bool RestoreJointDetail(const frames::Element& e, frames::Joint* j);
// A URDF <limit> or <dynamics> (children of <urdf:joint> and <urdf:axis>)
// into the axis, made if absent; false when `e` is neither.
bool RestoreAxisDetail(const frames::Element& e,
                       frames::Boxed<frames::JointAxis>* axis);
// The <urdf:joint> by which a frame stands for a URDF floating or planar
// joint, in the form urdf2sdf writes it (JointAsFrame: type "floating" or
// "planar", parent and child attributes), or nullptr. Any other
// <urdf:joint> among a frame's extensions is a stray URDF <joint> carried
// verbatim (a child of a fixed joint that --lump-fixed-joints turned into
// the frame): carried content, never kinematics.
const frames::Element* FindFrameJoint(
    const std::vector<frames::Element>& extensions);
// The floating or planar joint a frame carries as <urdf:joint>, its parent
// and child link names prefixed with `prefix` (a nested model's scope).
frames::Joint CarriedJoint(const frames::Element& carried,
                           const std::string& prefix);
// The name, colour and texture of a <urdf:material> into `m`.
void RestoreMaterial(const frames::Element& carried, frames::Material* m);
// <urdf:form>: how the URDF wrote an element where URDF leaves a choice
// (frames::UrdfForm; "no_name" for a visual or collision the URDF left
// unnamed, which sets *name_given to false). False when `e` is not one.
bool RestoreForm(const frames::Element& e, frames::UrdfForm* form,
                 bool* name_given = nullptr);
// Takes every <urdf:form> out of `extensions`, restoring it.
void RestoreForms(std::vector<frames::Element>* extensions,
                  frames::UrdfForm* form, bool* name_given = nullptr);
// The URDF's own inertia tensor, kept in <urdf:inertia> by RepairInertias.
void RestoreInertia(const frames::Element& carried, frames::Inertial* in);

}  // namespace converter
