// The <gazebo> vocabulary: libsdformat's URDF keywords (parser_urdf.cc,
// libsdformat 12.3) and the SDFormat element each one stands for, as one
// table that both directions read:
//   reshape/to_sdf/gazebo_to_sdf.cc     applies a keyword of a <gazebo>
//                                        block as the SDF element it names;
//   reshape/to_urdf/gazebo_from_sdf.cc  writes an SDF element back as its
//                                        keyword when it says exactly what
//                                        the keyword says.
// A new keyword is one row here (and, if it needs a new kind of value or
// target, a case in each direction).
#pragma once

#include <array>
#include <string_view>

namespace converter {

// The block a keyword belongs in: the robot's (no reference), a link's or
// a joint's. A keyword in a block of another level is ignored by
// libsdformat (GAZEBO_ELEMENT_MISPLACED).
enum class GazeboLevel { kModel, kLink, kJoint };

// The element whose SDF content the keyword sets.
enum class GazeboTarget {
  kModel,           // the model: //model/static (Model::is_static)
  kLink,            // the link's own children
  kEveryCollision,  // each collision of the link
  kEveryVisual,     // each visual of the link
  kJoint,           // the joint's own children
  kAxisDynamics,    // the joint's //axis/dynamics
  kNone,            // none: read from the carried block by
                    // --lump-fixed-joints only
};

// What the keyword's value is, and what it becomes.
enum class GazeboValueKind {
  kNumber,          // one number, written in shortest form
  kInteger,         // a whole number (libsdformat reads it with std::stoi)
  kVector3,         // three numbers
  kBool,            // true/yes/1 or false/no/0; the SDF leaf true/false
  kNegatedBool,     // the same, the SDF leaf its negation
                    // (turnGravityOff is //link/gravity false)
  kMaterialScript,  // the name of a script in kGazeboMaterialUri
  kNone,            // nothing is applied
};

// A path of SDF element names below the target, outermost first, the rest
// nullptr ({"surface", "friction", "ode", "mu"}).
using GazeboPath = std::array<const char*, 4>;

struct GazeboKeyword {
  const char* name;  // the <gazebo> child: "mu1"
  GazeboLevel level;
  GazeboTarget target;
  GazeboValueKind value;
  // The SDF leaf the keyword sets (for kMaterialScript, the script's
  // <name>; its <uri> is kGazeboMaterialUri).
  GazeboPath path;
  // A second SDF leaf that holds the same value, or all nullptr:
  //  - a number pair (dampingFactor): the keyword sets both, and an SDF
  //    element with both leaves equal (an absent one at SDFormat's default,
  //    0) and nothing else is the keyword;
  //  - a bool pair: two spellings of one flag; those present must agree to
  //    be the keyword. `second_written`: the keyword sets both
  //    (implicitSpringDamper); else only `path` (provideFeedback: libsdformat
  //    also writes physics/ode/provide_feedback, which no SDFormat defines).
  GazeboPath second;
  bool second_written;
};

// libsdformat's <material>NAME</material>: a material that is only <script>
// with that name in Gazebo's default materials file.
inline constexpr char kGazeboMaterialUri[] =
    "file://media/materials/scripts/gazebo.material";

// Every keyword. For one target, in the order sdf2urdf writes them.
inline constexpr GazeboKeyword kGazeboKeywords[] = {
    // The robot's block.
    {"static", GazeboLevel::kModel, GazeboTarget::kModel, GazeboValueKind::kBool,
     {"static"}, {}, false},
    // A link's block.
    {"material", GazeboLevel::kLink, GazeboTarget::kEveryVisual,
     GazeboValueKind::kMaterialScript, {"material", "script", "name"}, {}, false},
    {"turnGravityOff", GazeboLevel::kLink, GazeboTarget::kLink,
     GazeboValueKind::kNegatedBool, {"gravity"}, {}, false},
    {"dampingFactor", GazeboLevel::kLink, GazeboTarget::kLink,
     GazeboValueKind::kNumber, {"velocity_decay", "linear"},
     {"velocity_decay", "angular"}, true},
    {"selfCollide", GazeboLevel::kLink, GazeboTarget::kLink, GazeboValueKind::kBool,
     {"self_collide"}, {}, false},
    {"mu1", GazeboLevel::kLink, GazeboTarget::kEveryCollision,
     GazeboValueKind::kNumber, {"surface", "friction", "ode", "mu"}, {}, false},
    {"mu2", GazeboLevel::kLink, GazeboTarget::kEveryCollision,
     GazeboValueKind::kNumber, {"surface", "friction", "ode", "mu2"}, {}, false},
    {"fdir1", GazeboLevel::kLink, GazeboTarget::kEveryCollision,
     GazeboValueKind::kVector3, {"surface", "friction", "ode", "fdir1"}, {}, false},
    {"kp", GazeboLevel::kLink, GazeboTarget::kEveryCollision,
     GazeboValueKind::kNumber, {"surface", "contact", "ode", "kp"}, {}, false},
    {"kd", GazeboLevel::kLink, GazeboTarget::kEveryCollision,
     GazeboValueKind::kNumber, {"surface", "contact", "ode", "kd"}, {}, false},
    {"maxVel", GazeboLevel::kLink, GazeboTarget::kEveryCollision,
     GazeboValueKind::kNumber, {"surface", "contact", "ode", "max_vel"}, {}, false},
    {"minDepth", GazeboLevel::kLink, GazeboTarget::kEveryCollision,
     GazeboValueKind::kNumber, {"surface", "contact", "ode", "min_depth"}, {},
     false},
    {"laserRetro", GazeboLevel::kLink, GazeboTarget::kEveryCollision,
     GazeboValueKind::kNumber, {"laser_retro"}, {}, false},
    {"maxContacts", GazeboLevel::kLink, GazeboTarget::kEveryCollision,
     GazeboValueKind::kInteger, {"max_contacts"}, {}, false},
    // A joint's block.
    {"provideFeedback", GazeboLevel::kJoint, GazeboTarget::kJoint,
     GazeboValueKind::kBool, {"physics", "provide_feedback"},
     {"physics", "ode", "provide_feedback"}, false},
    {"implicitSpringDamper", GazeboLevel::kJoint, GazeboTarget::kJoint,
     GazeboValueKind::kBool, {"physics", "ode", "implicit_spring_damper"},
     {"physics", "ode", "cfm_damping"}, true},
    {"cfmDamping", GazeboLevel::kJoint, GazeboTarget::kJoint,
     GazeboValueKind::kBool, {"physics", "ode", "implicit_spring_damper"},
     {"physics", "ode", "cfm_damping"}, true},
    {"fudgeFactor", GazeboLevel::kJoint, GazeboTarget::kJoint,
     GazeboValueKind::kNumber, {"physics", "ode", "fudge_factor"}, {}, false},
    {"stopCfm", GazeboLevel::kJoint, GazeboTarget::kJoint,
     GazeboValueKind::kNumber, {"physics", "ode", "limit", "cfm"}, {}, false},
    {"stopErp", GazeboLevel::kJoint, GazeboTarget::kJoint,
     GazeboValueKind::kNumber, {"physics", "ode", "limit", "erp"}, {}, false},
    {"springReference", GazeboLevel::kJoint, GazeboTarget::kAxisDynamics,
     GazeboValueKind::kNumber, {"spring_reference"}, {}, false},
    {"springStiffness", GazeboLevel::kJoint, GazeboTarget::kAxisDynamics,
     GazeboValueKind::kNumber, {"spring_stiffness"}, {}, false},
    {"preserveFixedJoint", GazeboLevel::kJoint, GazeboTarget::kNone,
     GazeboValueKind::kNone, {}, {}, false},
    {"disableFixedJointLumping", GazeboLevel::kJoint, GazeboTarget::kNone,
     GazeboValueKind::kNone, {}, {}, false},
};

// The keyword `name` of blocks of `level`; nullptr when it is none.
constexpr const GazeboKeyword* FindGazeboKeyword(GazeboLevel level,
                                                 std::string_view name) {
  for (const GazeboKeyword& k : kGazeboKeywords) {
    if (k.level == level && name == k.name) return &k;
  }
  return nullptr;
}

// The number of names in `path`.
constexpr size_t GazeboPathSize(const GazeboPath& path) {
  size_t n = 0;
  while (n < path.size() && path[n]) ++n;
  return n;
}

}  // namespace converter
