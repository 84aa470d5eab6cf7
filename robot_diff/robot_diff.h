// robot_diff: compares two robot descriptions (frames::Model values read by
// urdf_io or sdf_io) by what they mean: their structure, where every link,
// joint and frame is at the zero configuration and at seeded random
// configurations within the joint limits (forward kinematics computed here,
// over each side's own tree), joint axes, limits, dynamics and mimics, the
// inertial of every body, and every visual and collision.
//
// It uses only frames/: the frame graph resolves each side's poses at the
// zero configuration, and everything after that (flattening nested models,
// the tree, the kinematics, the matching) is done here, never by the
// converters' reshaping or writing code, so that a defect there shows up as
// a difference.
//
// Names are matched knowing the renames the converters make:
//  - a joint that urdf2sdf renamed because a link has its name
//    ("J" -> "J_joint", frames/rename.h) carries <urdf:original_name>: it is
//    matched by its original name;
//  - nested models are flattened with `separator` ("::" as sdf2urdf's
//    default; sdf2urdf --separator S writes "arm" S "link");
//  - a link on one side may be a //frame of the same name on the other (a
//    link lumped by --lump-fixed-joints, an SDF frame sdf2urdf wrote as a
//    link), and a fixed joint a //frame of its name (a lumped joint); the
//    fixed joint sdf2urdf adds for such a frame ("FRAME_joint") and the
//    floating joint it adds for a second free link are not differences;
//  - a URDF floating or planar joint urdf2sdf carried as a //frame with a
//    <urdf:joint> is that joint again; a joint type URDF lacks that sdf2urdf
//    carried in the robot-level <gazebo> block (a floating URDF joint) counts
//    as the carried type, and a joint carried there that closes a loop is a
//    joint of the URDF;
//  - Options::renames: the user's own (robot-diff --map).
// Elements pair by kind and name (original name) first; the renames above
// pair only what is left with what is left.
//
// What is compared, and how (docs/robot-diff.md says it for users):
//  - poses are measured from a common reference: the world when either side
//    has a joint from `world` (the model's own pose applied), else the model
//    frame when both sides are SDFormat, else the first root link that both
//    sides have; a link frame that a URDF side has moved
//    onto its parent joint (sdf2urdf) while the SDF side's is elsewhere is
//    not compared (the link's content is);
//  - a link whose parent (or a joint whose parent link) is already at
//    another place is not reported again: the first element that moved is;
//  - joints that sampling moves: revolute, continuous, prismatic (uniform
//    within the limits; continuous and unbounded joints within +-pi rad or
//    +-1 m); mimic joints follow their leader; other types stay at zero;
//  - inertials, visuals, collisions and sensors are compared per body (a
//    link and the links lumped into it), posed in the frame of the body's
//    parent joint (the root body: the reference), which a conversion keeps;
//    a joint's sensors in its frame; the model's plugins (its nested
//    models' pooled) as one list. A sensor's or plugin's content is
//    compared structurally (verbatim.h), a URDF's read from its <gazebo>
//    blocks as urdf2sdf and libsdformat apply them.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "diag/diagnostics.h"
#include "frames/model.h"

namespace robot_diff {

struct Tolerances {
  double position = 1e-6;  // metres
  double angle = 1e-6;     // radians
  double relative = 1e-6;  // of the larger magnitude (mass, inertia, sizes)
};

struct Options {
  Tolerances tol;
  // Random configurations compared besides the zero configuration.
  int samples = 20;
  uint64_t seed = 1;
  // Also compare the visuals' materials (colour, texture).
  bool materials = false;
  // Joins a nested model's name and its element's ("arm" + sep + "link").
  std::string separator = "::";
  // The user's renames: a name in B -> the name it has in A.
  std::map<std::string, std::string> renames;
  // When set: the file a mesh URI names (resolved from the file that holds
  // it); nullopt when it names no file found. Two meshes whose URIs both
  // name a file found are compared by file, others by URI as written.
  std::function<std::optional<std::string>(const std::string& uri,
                                            const std::string& from_file)>
      resolve_mesh;
};

// One side of the comparison: the model and the form it was read from.
struct Side {
  const frames::Model* model = nullptr;
  // Read from a URDF (a URDF's link frames sit on their parent joints).
  bool urdf = false;
};

struct Result {
  // False when a model's poses do not resolve (its frame graph's errors,
  // not DIFF_ codes, are then in `differences`): nothing was compared.
  bool compared = true;
  // Every difference, each an error with a DIFF_ code, located in A (or in
  // B when A has no such element) and naming the other file's line.
  frames::Diagnostics differences;
  bool equal() const { return compared && !differences.HasErrors(); }
};

// Compares B against A. Both models must have been read without errors.
Result Compare(const Side& a, const Side& b, const Options& options);

// Reads a --map file: one `NAME_IN_A NAME_IN_B` a line, `#` starting a
// comment; blank lines skipped. A bad line, or a name of B mapped twice, is
// DIFF_MAP_INVALID at its line of `file`. Returns the renames B -> A.
std::map<std::string, std::string> ParseMap(std::string_view text,
                                            const std::string& file,
                                            frames::Diagnostics* diags);

}  // namespace robot_diff
