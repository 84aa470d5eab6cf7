// Version migration of kept-verbatim SDFormat elements (sensors, physics,
// actors, plugins ...) from SDFormat 1.0-1.6 to their 1.7 form.
//
// libsdformat migrates old files with the rules in its *.convert files
// (1.4/1_3.convert ... 1.7/1_6.convert). Those files are not available at
// run time, so the rules that touch elements the model keeps verbatim are
// re-implemented here, step by step, with libsdformat's Converter semantics
// (checked against libsdformat 12, see legacy_test.cc):
//
//   1.3 -> 1.4  //world/physics: <update_rate> becomes <real_time_update_rate>,
//               <ode><solver><dt> and <bullet><dt> become <max_step_size>.
//               Moved elements are appended at the end of <physics>.
//   1.4 -> 1.5  //actor/@static becomes an appended <static> element.
//   1.5 -> 1.6  //world/physics/{gravity,magnetic_field} move out of <physics>
//               into the world (appended after the world's other verbatim
//               elements); //sensor/imu/noise is split into
//               <angular_velocity> (from <rate>) and <linear_acceleration>
//               (from <accel>), each with <x>/<y>/<z><noise type=...>, and
//               the old <noise> is removed.
//   1.6 -> 1.7  every <pose frame="X"> becomes <pose relative_to="X">, at
//               any depth but not inside <plugin>s or namespaced (a:b)
//               elements, which libsdformat leaves to their readers too; an
//               empty X drops the attribute (libsdformat writes
//               relative_to='', which means the same as no attribute).
//
// Not here: the kinematic parts of those steps (joint axis
// use_parent_model_frame, and //pose/@frame of every element the model
// represents: models, links, joints, frames, inertials, visuals,
// collisions), which the reader maps onto the model itself; and 1.0 -> 1.2
// attribute-to-element renames (1.0 files count as 1.2).
//
// Deliberate differences from libsdformat, none of which changes meaning:
// - <add> in libsdformat appends even when the element exists, so a 1.5 IMU
//   already written in the new style gets an extra empty <angular_velocity/>
//   and <linear_acceleration/>, and every 1.5 IMU gets both empty elements.
//   Here they are only added when an old <noise> needs somewhere to go.
// - libsdformat's rule paths are anchored (/sdf/actor and sensors of joints
//   or of links in nested models are not converted), after which it drops or
//   ignores the old form. Here a rule applies wherever its element can occur,
//   so nothing is lost silently.
#pragma once

#include <string>
#include <vector>

#include "frames/model.h"

namespace sdf_io {

// The parent element kind a verbatim element list hangs from.
enum class LegacyParent {
  kSdf,
  kWorld,
  kModel,
  kLink,
  kJoint,
  kVisual,
  kCollision,
};

// Converts `elements` (the verbatim children of one parent element, in order)
// from SDFormat version `from_version` ("1.0" ... "1.6"; 1.0 and 1.2 count as
// 1.2) to their 1.7 form, in place, applying each step from 1.3->1.4 to
// 1.6->1.7 that applies. Takes the whole sibling list because a step may move
// an element between siblings (1.5->1.6 moves physics <gravity> into the
// world). Recurses into children. Versions 1.7 and later, and strings that
// are not an SDFormat 1.x version, are left alone.
//
// The migrations are silent (they are what the version bump means); the
// returned list describes each change in a line a user can read (for
// --verbose), in the order made.
std::vector<std::string> UpgradeToSdf17(std::vector<frames::Element>* elements,
                                        LegacyParent parent,
                                        const std::string& from_version);

}  // namespace sdf_io
