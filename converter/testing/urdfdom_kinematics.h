// Test-only: urdfdom as a forward-kinematics oracle. urdfdom (the parser ROS
// tools use) reads a URDF; this computes, independently of our readers and
// frame core, where every link, joint frame, visual, collision and inertial
// is at the zero configuration, and gives it in libsdformat's snapshot form
// (sdf_io/testing/snapshot.h) so that a URDF's kinematics can be compared
// with an SDFormat document's as libsdformat resolves it. Used by
// //converter:urdf_corpus_test (urdf2sdf's corpus oracle) and
// //robot_diff:oracle_agreement_test.
//
// Notation: X_AB is the pose of frame B in frame A; M the model frame (the
// URDF root link), L a link, J a joint, P a joint's parent link.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <Eigen/Geometry>
#include <urdf_model/pose.h>

#include "sdf_io/testing/snapshot.h"

namespace urdf_oracle {

using Eigen::Isometry3d;
using Eigen::Matrix3d;
using Eigen::Vector3d;

// The oracle's own view of a URDF: only what forward kinematics needs.

struct OInertial {
  double mass = 0;
  Isometry3d X_LI = Isometry3d::Identity();  // inertial frame in link frame
  Matrix3d I_I = Matrix3d::Zero();           // about CoM, in inertial frame
};

struct OLink {
  std::string name;
  std::vector<Isometry3d> X_LV;  // visuals, in document order
  std::vector<Isometry3d> X_LC;  // collisions, in document order
  std::optional<OInertial> inertial;
};

struct OJoint {
  std::string name;
  std::string type;  // URDF spelling: revolute, continuous, fixed, ...
  std::string parent;
  std::string child;
  Isometry3d X_PJ = Isometry3d::Identity();
  Vector3d axis = Vector3d::Zero();  // in joint frame, as written
  bool has_axis = false;
};

struct OModel {
  std::string name;
  std::map<std::string, OLink> links;
  std::vector<OJoint> joints;
  // Names of the elements inside the URDF's <gazebo> blocks: urdf2sdf
  // copies sensor and plugin content through as libsdformat does, so an
  // element SDFormat does not define (an old <imu><noise>) is the user's.
  std::set<std::string> gazebo_elements;
};

Matrix3d InertiaMatrix(double ixx, double ixy, double ixz, double iyy,
                       double iyz, double izz);

// An invalid URDF inertia (one libsdformat refuses with LINK_INERTIA_INVALID;
// ignition::math::MassMatrix3::IsValid decides) is written by the converter as
// the nearest valid one with the same principal axes (negative moments raised
// to zero, then the smallest raised until p0 + p1 == p2), with the
// original kept in <urdf:inertia>. This is that rule, computed independently.
// libsdformat's principal-moment solver is inaccurate near repeated moments,
// so the converter may add some slack beyond the edge, and may also move an
// inertia that is within that slack of the edge though libsdformat accepts it.
constexpr double kInertiaSlack = 1e-5;  // relative to the largest moment

struct ValidInertia {
  Matrix3d I;
  bool adjusted = false;  // libsdformat refuses the URDF inertia
  bool on_edge = false;   // within kInertiaSlack of invalid
};

ValidInertia NearestValidInertia(double mass, const Matrix3d& I);

Isometry3d FromUrdfdom(const urdf::Pose& p);

// urdfdom logs an error and still returns a model when, e.g., a collision's
// geometry is unknown (it then drops that link's visuals and collisions):
// any logged error means urdfdom's view of the file is not the file's
// (urdfdom_testing::ParseWithUrdfdom then returns none).
std::optional<OModel> ReadWithUrdfdom(const std::string& text, std::string* why);

// --- Forward kinematics at zero configuration ---------------------------------

struct Fk {
  std::string root;
  std::vector<std::string> order;  // links, parents before children
  std::map<std::string, Isometry3d> X_ML;
  std::map<std::string, const OJoint*> parent_joint;  // by child link
};

// Fills fk from the joints' origins, root first; false (with why) for a
// joint naming a missing link, two parent joints, other than one root, or
// links the root does not reach.
bool ComputeFk(const OModel& m, Fk* fk, std::string* why);

// urdfdom's view of `text` in libsdformat's snapshot form, as a URDF's
// SDFormat (urdf2sdf's, or libsdformat's own URDF parser's) would have it:
// R is the root link's frame (a root link named `world` is the world and
// has no key); keys are "ROBOT::LINK" and "ROBOT::JOINT" (a joint's frame
// is its child link's), "ROBOT" the model (identity); axes "ROBOT::J/axis"
// (revolute, continuous, prismatic; unit, in R); inertials "ROBOT::LINK"
// (a link without one: mass 0, zero inertia at the link frame; an inertia
// libsdformat refuses: NearestValidInertia's). ok is false (with why)
// when urdfdom refuses the text or its tree has no one root. Visuals,
// collisions and sensors are not in it.
sdf_oracle::Snapshot UrdfdomSnapshot(const std::string& text, std::string* why);

}  // namespace urdf_oracle
