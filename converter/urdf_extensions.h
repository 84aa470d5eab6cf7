// How URDF content that SDFormat 1.7 has no element for is carried in SDF, so
// that nothing is lost and sdf2urdf can restore it. Everything carried is a
// custom element in the "urdf" namespace (kUrdfNamespace):
//
//  - floating and planar joints: a <frame name=JOINT attached_to=PARENT>
//    posed like the joint (the child link keeps its pose relative_to JOINT)
//    holding <urdf:joint type=... parent=... child=...> with the joint's
//    URDF <axis>, <limit>, <dynamics>, ... children; the child link is free
//    in simulation.
//  - <mimic>, <safety_controller>, <calibration>: <urdf:mimic ...> etc. in the
//    SDF joint, attributes as in URDF.
//  - a joint renamed because it shares a link's name:
//    <urdf:original_name>NAME</urdf:original_name> in the joint.
//  - material names and textures: <urdf:material name=... texture=...> in the
//    visual; robot-level materials: <urdf:material name=...> with <color>,
//    <texture> children at model level.
//  - <gazebo>, <transmission>, <ros2_control> and unknown elements, at
//    whatever level they were: the element verbatim, its name prefixed
//    "urdf:" (a warning names each <gazebo> block and unknown element).
#pragma once

#include "frames/diagnostics.h"
#include "frames/model.h"

namespace converter {

inline constexpr char kUrdfNamespace[] = "http://www.ros.org/wiki/urdf";

// Applies URDF defaults SDFormat does not share (axis 1 0 0, limits 0) and
// turns every URDF-only element of `model` into its carried form.
void CarryUrdfOnlyElements(frames::Model* model, frames::Diagnostics* diags);

}  // namespace converter
