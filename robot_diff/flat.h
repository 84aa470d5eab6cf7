// One side of a comparison, flattened: every link, joint and frame of the
// model and its nested models under the name robot_diff matches it by (its
// key), with its pose at the zero configuration, its tree edges and what
// is compared of it. Internal to robot_diff.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "diag/diagnostics.h"
#include "frames/model.h"
#include "frames/pose.h"

namespace robot_diff {

// A sensor of a link or joint (an SDF <sensor>, or one a URDF's
// <gazebo reference=...> block gives it), kept verbatim, with where it is.
struct FlatSensor {
  const frames::Element* src = nullptr;
  frames::Isometry3 X_MS;  // in the model frame, zero configuration
};

struct FlatLink {
  std::string key;
  const frames::Link* src = nullptr;
  frames::Isometry3 X_M0;  // in the model frame, zero configuration
  int parent_joint = -1;   // index in FlatModel::joints, -1 for a root
  // src's inertial, or the URDF's own that urdf2sdf repaired and carried.
  std::optional<frames::Inertial> inertial;
  // Its content in the model frame at the zero configuration: the
  // inertial frame, and each visual's and collision's frame (in order).
  std::optional<frames::Isometry3> X_MI;
  std::vector<frames::Isometry3> X_MV, X_MC;
  std::vector<FlatSensor> sensors;
};

struct FlatJoint {
  std::string key;
  std::string name;  // as written (mimic leaders name it)
  frames::JointType type = frames::JointType::kFixed;
  bool carried_type = false;  // the type came from a carried element
  std::string parent, child;  // keys; parent may be "world"
  int parent_link = -1, child_link = -1;  // -1: world, or no such link
  frames::Isometry3 X_M0;
  frames::Vector3 axis_J = frames::Vector3::UnitX();  // unit, joint frame
  bool has_axis = false;
  std::optional<frames::JointLimit> limit;
  std::optional<frames::JointDynamics> dynamics;
  std::optional<frames::Mimic> mimic;  // leader as a key
  // The second axis (universal, revolute2): unit, joint frame; its limits
  // and dynamics.
  std::optional<frames::Vector3> axis2_J;
  std::optional<frames::JointLimit> limit2;
  std::optional<frames::JointDynamics> dynamics2;
  // A URDF's, or the one urdf2sdf carried (<urdf:safety_controller>,
  // <urdf:calibration>).
  std::optional<frames::SafetyController> safety;
  std::optional<frames::Calibration> calibration;
  // Not an edge of the tree (a second parent closing a loop, carried).
  bool loop = false;
  std::vector<FlatSensor> sensors;
  frames::SourceLocation where;
};

struct FlatFrame {
  std::string key;
  std::string attached;  // key of the link it is attached to
  frames::Isometry3 X_M0;
  frames::SourceLocation where;
};

struct FlatModel {
  const frames::Model* model = nullptr;
  bool urdf = false;
  std::string file;
  std::vector<FlatLink> links;
  std::vector<FlatJoint> joints;
  std::vector<FlatFrame> frames;
  std::map<std::string, int> link_of, joint_of, frame_of;  // by key
  // The plugins of the model and of its nested models, in document order
  // (a URDF's: those of its <gazebo> blocks without a reference).
  std::vector<const frames::Element*> plugins;
  bool world_joint = false;  // some joint's parent is the world
  // The model's pose (applied when comparing in the world frame).
  frames::Isometry3 X_WM = frames::Isometry3::Identity();
};

// Flattens `model`; false (with the frame graph's errors in `diags`) when
// its poses do not resolve. `rename` maps a flat name to its key.
bool Flatten(const frames::Model& model, bool urdf, const std::string& separator,
             const std::function<std::string(const std::string&)>& rename,
             FlatModel* out, frames::Diagnostics* diags);

// `n` numbers separated by blanks in the text of a carried element (our
// converters write them); false when the text holds other than that.
bool Numbers(const std::string& text, int n, double* out);

// A URDF's visuals and collisions carried as SDFormat in its
// <gazebo reference="LINK"> blocks (shapes URDF cannot hold), added to
// their links (carried.cc).
void UncarryShapes(frames::Model* urdf);

}  // namespace robot_diff
