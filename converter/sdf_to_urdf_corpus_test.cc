// Corpus oracle for sdf2urdf: every single-model SDFormat document of
// ../shared/corpus (Bazel data @corpus//:sdf; an <sdf> root with exactly one
// <model> child and no <world>) that libsdformat 12 loads without errors is
// converted with converter::SdfFileToUrdf (model:// looked up in the corpus'
// model repositories, test_support::CorpusModelPaths) and the result is checked against oracles that
// share no code with the converter:
//
//  1. Refusals: a file the converter refuses must be listed in
//     testdata/sdf_to_urdf_corpus_refused.txt with the first error code the
//     converter gave, and that code must be one of the documented refusals
//     (RefusalCodes() below). A listed file that converts, or is refused with
//     another code, fails the test: the list cannot go stale. On a difference
//     the actual list is printed in that file's format.
//  2. urdfdom (Debian's liburdfdom) parses every output, without logging an
//     error.
//  3. Forward kinematics of the output at zero joint configuration, computed
//     here from urdfdom's model (child link frame = parent link frame * joint
//     origin), equals libsdformat's resolution of the input
//     (sdf_io/testing/sdformat_oracle.h) within 1e-9, in one common reference
//     frame (see Reference()): every joint frame and axis, every visual and
//     collision, every inertial (mass, centre of mass, and the inertia about
//     it rotated into the reference frame, R * I * R^T, so that the inertial
//     frame's orientation does not matter), and every //frame (a link of the
//     URDF). Every libsdformat key is matched by something in the URDF, and
//     every URDF link, joint, visual, collision and inertial by something in
//     the SDF or by a documented made element (frame links F with joint
//     F_joint, J_intermediate and J_axis2 of universal and revolute2 joints,
//     L_floating joints of extra roots). Sensors and lights, carried in
//     <gazebo> blocks, are not compared. A visual or collision carried only
//     in a <gazebo> block (plane, heightmap, polyline: no URDF geometry) is
//     not in the URDF and fails, with its carried pose checked for the
//     message.
//
// The same oracle (2 and 3; refusals are counted, not listed) also runs over
// the hand-written fixtures, which have what the corpus lacks (//frame,
// nested models with frames, worlds, joints from world, universal joints):
// every testdata/sdf2urdf/*.sdf and testdata/sdf/spec/*.sdf that libsdformat
// loads, with default options, each model of a world chosen by name, and
// each testdata/sdf2urdf/NAME.V.flags variant whose flags are options
// (--separator, --no-frames, --ball-as-floating, --keep-joint-types,
// --model). A world's
// snapshot is in the world frame: a URDF rooted at world is compared there
// absolutely; a model of its own rooted at world is also put in a world for
// libsdformat, so that its joints from world, which carry the model pose,
// are checked. Run from the workspace directory outside Bazel.
//
// Outside Bazel (both variables exported):
//   SDF_CORPUS_DIR=/work/shared/corpus  (../shared/corpus)
//   SDF_TO_URDF_REFUSED=testdata/sdf_to_urdf_corpus_refused.txt
//   bazel-bin/converter/sdf_to_urdf_corpus_test
// SDF_TO_URDF_MAX_FAILURES=N prints N failure lines instead of 50;
// SDF_TO_URDF_DUMP_DIR=DIR writes each URDF output to DIR/relative/path.urdf.
//
// Notation as in DESIGN.md: X_AB is the pose of frame B in frame A. R is the
// snapshot's frame (the top-level model's frame), U the URDF root link's
// frame, B the common reference frame both sides are expressed in.

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <Eigen/Geometry>
#include <console_bridge/console.h>
#include <gtest/gtest.h>
#include <tinyxml2.h>
#include <urdf_parser/urdf_parser.h>

#include "converter/sdf_to_urdf.h"
#include "sdf_io/testing/sdformat_oracle.h"
#include "testing/corpus.h"
#include "testing/format.h"

namespace {

namespace fs = std::filesystem;
using test_support::CorpusDir;
using test_support::CorpusFiles;
using test_support::IsSingleModelDocument;
using test_support::Joined;
using test_support::ReadFile;
using test_support::MatStr;
using test_support::MaxDiff;
using test_support::Num;
using test_support::PoseStr;
using test_support::Runfile;
using test_support::Vec;
using Eigen::Isometry3d;
using Eigen::Matrix3d;
using Eigen::Vector3d;
using sdf_oracle::Snapshot;

constexpr double kTol = 1e-9;

// ---------------------------------------------------------------------------
// Formatting helpers for failure messages.

std::string OneLine(std::string s, size_t max_len = 300) {
  return test_support::OneLine(std::move(s), max_len);
}

bool EndsWith(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() &&
         s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// ---------------------------------------------------------------------------
// The refusal list.

// The documented reasons sdf2urdf refuses a valid SDFormat model (see
// converter/sdf_to_urdf.h).
const std::map<std::string, std::string>& RefusalCodes() {
  static const auto* codes = new std::map<std::string, std::string>{
      {"JOINT_TYPE_NOT_URDF",
       "a ball, screw or gearbox joint (URDF has no such joint type)"},
      {"URDF_KINEMATIC_LOOP", "the joints form a loop (URDF is a tree)"},
      {"URDF_MULTIPLE_PARENTS", "a link is the child of two joints"},
  };
  return *codes;
}

using test_support::Listed;

// The reviewed list, its codes checked against RefusalCodes().
std::map<std::string, Listed> ReadRefused(const std::string& path,
                                          std::vector<std::string>* bad) {
  std::set<std::string> known;
  for (const auto& entry : RefusalCodes()) known.insert(entry.first);
  return test_support::ReadReviewedList(path, known, bad);
}

// ---------------------------------------------------------------------------
// urdfdom: parse, with its console errors captured.

class CapturingHandler : public console_bridge::OutputHandler {
 public:
  void log(const std::string& text, console_bridge::LogLevel level,
           const char*, int) override {
    if (level >= console_bridge::CONSOLE_BRIDGE_LOG_ERROR) {
      errors.push_back(text);
    }
  }
  std::vector<std::string> errors;
};

// urdfdom's model of `text`; null (with the reasons in *why) when it returns
// none or logs an error (urdfdom logs and goes on when, e.g., it does not
// know a geometry, and then drops that link's visuals and collisions).
urdf::ModelInterfaceSharedPtr ParseWithUrdfdom(const std::string& text,
                                               std::string* why) {
  CapturingHandler handler;
  console_bridge::useOutputHandler(&handler);
  urdf::ModelInterfaceSharedPtr m;
  try {
    m = urdf::parseURDF(text);
  } catch (const std::exception& e) {
    handler.errors.push_back(std::string("exception: ") + e.what());
  }
  console_bridge::restorePreviousOutputHandler();
  for (const std::string& e : handler.errors) {
    *why += (why->empty() ? "" : "; ") + OneLine(e);
  }
  if (!m && why->empty()) *why = "urdf::parseURDF returned null";
  if (!handler.errors.empty()) m.reset();
  return m;
}

Isometry3d FromUrdfdom(const urdf::Pose& p) {
  Isometry3d X = Isometry3d::Identity();
  X.linear() = Eigen::Quaterniond(p.rotation.w, p.rotation.x, p.rotation.y,
                                  p.rotation.z)
                   .normalized()
                   .toRotationMatrix();
  X.translation() = Vector3d(p.position.x, p.position.y, p.position.z);
  return X;
}

const char* JointTypeName(int type) {
  switch (type) {
    case urdf::Joint::REVOLUTE: return "revolute";
    case urdf::Joint::CONTINUOUS: return "continuous";
    case urdf::Joint::PRISMATIC: return "prismatic";
    case urdf::Joint::FLOATING: return "floating";
    case urdf::Joint::PLANAR: return "planar";
    case urdf::Joint::FIXED: return "fixed";
    default: return "unknown";
  }
}

bool HasAxis(int type) {
  return type == urdf::Joint::REVOLUTE || type == urdf::Joint::CONTINUOUS ||
         type == urdf::Joint::PRISMATIC;
}

// ---------------------------------------------------------------------------
// The comparison: the URDF's forward kinematics against the snapshot.

struct Stats {
  int joints = 0, axes = 0, visuals = 0, collisions = 0, inertials = 0,
      frames = 0;
  int made_links = 0, made_joints = 0;
  int made_frame_joints = 0, made_axis2_joints = 0, made_floating_joints = 0;
  int world_rooted = 0;  // URDFs rooted at world
  // URDFs rooted at world compared in the world frame itself (a world
  // snapshot: the URDF's world link is libsdformat's world frame, so the
  // joints from world are compared absolutely).
  int world_frame = 0;
  // Joints, frames and inertials compared whose SDF name is scoped in a
  // nested model ("gripper::palm"); of them, with a separator other than
  // "::" in the URDF name ("gripper/palm").
  int nested = 0, separated = 0;
  // Axes libsdformat gives none for (no <axis>), compared with SDFormat's
  // default (in `axes`).
  int default_axes = 0;
  // //frame elements left out (frames_as_links false), checked absent.
  int omitted_frames = 0;
  int skipped_sensors_lights = 0;
  // Visuals and collisions of shapes URDF lacks, carried as SDFormat in
  // <gazebo reference="L"> blocks, their pose checked there.
  int carried = 0;
  int total() const {
    return joints + axes + visuals + collisions + inertials + frames + carried;
  }
};

// A visual or collision carried as SDFormat in a <gazebo reference="L">
// block (a geometry URDF has no element for: plane, heightmap, polyline...).
struct Carried {
  std::string geometry;
  Isometry3d X_LE = Isometry3d::Identity();  // its <pose>, in link L
  std::string pose_error;  // why the pose could not be read
  // A joint carried in the robot-level block (key "joint:J"): its child link
  // L (X_LE is the joint's pose in it) and its axes in the joint frame.
  std::string child;
  std::optional<Vector3d> axis, axis2;
  // The link its pose is relative_to (the parent link of the floating joint
  // it replaces), else empty: the child link.
  std::string relative_to;
  const std::string& In() const { return relative_to.empty() ? child : relative_to; }
};

// A plain 6-number <pose> as an isometry; nullopt (with *why) otherwise.
std::optional<Isometry3d> PlainPose(const tinyxml2::XMLElement* pose,
                                    std::string* why,
                                    bool relative_to_ok = false) {
  if (pose == nullptr) return Isometry3d::Identity();
  std::istringstream in(pose->GetText() ? pose->GetText() : "");
  double v[6];
  int n = 0;
  while (n < 6 && in >> v[n]) ++n;
  std::string rest;
  if ((!relative_to_ok && pose->Attribute("relative_to")) ||
      pose->Attribute("frame") || pose->Attribute("degrees") || n != 6 ||
      (in >> rest)) {
    *why = std::string("its pose there is not a plain 6-number pose: '") +
           (pose->GetText() ? pose->GetText() : "") + "'";
    return std::nullopt;
  }
  Isometry3d X = Isometry3d::Identity();
  // SDFormat's rpy is URDF's: Rz(yaw) * Ry(pitch) * Rx(roll).
  X.linear() = (Eigen::AngleAxisd(v[5], Vector3d::UnitZ()) *
                Eigen::AngleAxisd(v[4], Vector3d::UnitY()) *
                Eigen::AngleAxisd(v[3], Vector3d::UnitX()))
                   .toRotationMatrix();
  X.translation() = Vector3d(v[0], v[1], v[2]);
  return X;
}

// The SDF joints a URDF carries in its robot-level <gazebo> blocks, keyed
// "joint:J".
void CarriedJoints(const tinyxml2::XMLElement* block,
                   std::map<std::string, Carried>* out) {
  for (const tinyxml2::XMLElement* j = block->FirstChildElement("joint"); j;
       j = j->NextSiblingElement("joint")) {
    const char* name = j->Attribute("name");
    const tinyxml2::XMLElement* child = j->FirstChildElement("child");
    if (name == nullptr || child == nullptr || child->GetText() == nullptr)
      continue;
    Carried c;
    c.child = child->GetText();
    const tinyxml2::XMLElement* pose = j->FirstChildElement("pose");
    if (auto X = PlainPose(pose, &c.pose_error, true)) c.X_LE = *X;
    if (pose && pose->Attribute("relative_to"))
      c.relative_to = pose->Attribute("relative_to");
    auto axis = [&](const char* tag) -> std::optional<Vector3d> {
      const tinyxml2::XMLElement* a = j->FirstChildElement(tag);
      const tinyxml2::XMLElement* xyz = a ? a->FirstChildElement("xyz") : nullptr;
      if (xyz == nullptr || xyz->GetText() == nullptr) return std::nullopt;
      std::istringstream in(xyz->GetText());
      Vector3d v;
      if (!(in >> v.x() >> v.y() >> v.z())) return std::nullopt;
      return v;
    };
    c.axis = axis("axis");
    c.axis2 = axis("axis2");
    (*out)[std::string("joint:") + name] = c;
  }
}

// Carried visuals and collisions of a URDF text, keyed "L/visual:V" and
// "L/collision:C" (the keys of the snapshot after the model's "M::").
std::map<std::string, Carried> CarriedGeometry(const std::string& urdf_text) {
  std::map<std::string, Carried> out;
  tinyxml2::XMLDocument doc;
  if (doc.Parse(urdf_text.c_str()) != tinyxml2::XML_SUCCESS) return out;
  const tinyxml2::XMLElement* robot = doc.RootElement();
  if (robot == nullptr) return out;
  for (const tinyxml2::XMLElement* g = robot->FirstChildElement("gazebo"); g;
       g = g->NextSiblingElement("gazebo")) {
    const char* reference = g->Attribute("reference");
    if (reference == nullptr) {
      CarriedJoints(g, &out);
      continue;
    }
    for (const tinyxml2::XMLElement* e = g->FirstChildElement(); e;
         e = e->NextSiblingElement()) {
      const std::string kind = e->Name();
      const tinyxml2::XMLElement* geometry = e->FirstChildElement("geometry");
      if ((kind != "visual" && kind != "collision") || geometry == nullptr ||
          e->Attribute("name") == nullptr) {
        continue;
      }
      Carried c;
      for (const tinyxml2::XMLElement* shape = geometry->FirstChildElement();
           shape; shape = shape->NextSiblingElement()) {
        c.geometry += (c.geometry.empty() ? "" : "+") +
                      std::string(shape->Name());
      }
      if (const tinyxml2::XMLElement* pose = e->FirstChildElement("pose")) {
        std::istringstream in(pose->GetText() ? pose->GetText() : "");
        double v[6];
        int n = 0;
        while (n < 6 && in >> v[n]) ++n;
        std::string rest;
        if (pose->Attribute("relative_to") || pose->Attribute("frame") ||
            pose->Attribute("degrees") || n != 6 || (in >> rest)) {
          c.pose_error = std::string("its pose there is not a plain 6-number "
                                     "pose in the link: '") +
                         (pose->GetText() ? pose->GetText() : "") + "'";
        } else {
          // SDFormat's rpy is URDF's: Rz(yaw) * Ry(pitch) * Rx(roll).
          c.X_LE.linear() = (Eigen::AngleAxisd(v[5], Vector3d::UnitZ()) *
                             Eigen::AngleAxisd(v[4], Vector3d::UnitY()) *
                             Eigen::AngleAxisd(v[3], Vector3d::UnitX()))
                                .toRotationMatrix();
          c.X_LE.translation() = Vector3d(v[0], v[1], v[2]);
        }
      }
      out[std::string(reference) + "/" + kind + ":" + e->Attribute("name")] =
          c;
    }
  }
  return out;
}

// How the URDF relates to the snapshot beyond the model's name.
struct CompareOptions {
  // The separator the conversion joined scoped names with
  // (SdfToUrdfOptions::separator): URDF name "gripper/palm" is the SDF name
  // "gripper::palm" (snapshot key "M::gripper::palm").
  std::string separator = "::";
  // The snapshot is of a world (R is the world frame): keys outside model M
  // (other models, //world/frame, world lights) are not this URDF's, and a
  // URDF rooted at `world` is compared in the world frame itself (its world
  // link is R), so that its joints from world are checked absolutely.
  bool world = false;
  // Keys of the //frame elements the conversion leaves out
  // (SdfToUrdfOptions::frames_as_links false): each must be absent from the
  // URDF.
  std::set<std::string> omitted_frames;
};

class Comparer {
 public:
  Comparer(const urdf::ModelInterface& urdf,
           const std::map<std::string, Carried>& carried,
           const Snapshot& snapshot, const std::string& model_name,
           const CompareOptions& options, Stats* stats,
           std::vector<std::string>* problems)
      : u_(urdf), carried_(carried), s_(snapshot), m_(model_name),
        sep_(options.separator), world_(options.world),
        omitted_(options.omitted_frames), stats_(*stats),
        out_(*problems) {}

  void Run() {
    if (!s_.poses.count(m_)) {
      Fail("model '" + m_ + "' is not in libsdformat's snapshot");
      return;
    }
    if (sep_.empty()) {
      Fail("empty separator");
      return;
    }
    if (!SdfNames()) return;
    if (!ForwardKinematics()) return;
    if (!Reference()) return;
    SnapshotPoses();
    SnapshotAxes();
    SnapshotInertials();
    UrdfLinks();
    UrdfJoints();
  }

 private:
  // --- names ---------------------------------------------------------------

  bool InModel(const std::string& key) const {
    return key.compare(0, m_.size() + 2, m_ + "::") == 0;
  }
  // The URDF name of an SDF name scoped in model M ("gripper::palm").
  std::string UrdfName(const std::string& sdf_name) const {
    if (sep_ == "::") return sdf_name;
    std::string out;
    size_t from = 0;
    for (size_t at = sdf_name.find("::"); at != std::string::npos;
         at = sdf_name.find("::", from)) {
      out += sdf_name.substr(from, at - from) + sep_;
      from = at + 2;
    }
    return out + sdf_name.substr(from);
  }
  // The SDF names of the URDF names of every model, link, joint and frame of
  // M: with a separator other than "::", two SDF names that give one URDF
  // name are an error.
  bool SdfNames() {
    bool ok = true;
    for (const auto& [key, X] : s_.poses) {
      std::string owner, tag;
      if (!InModel(key) || SplitChildKey(key, &owner, &tag)) continue;
      const std::string sdf = key.substr(m_.size() + 2);
      const auto [it, added] = sdf_name_.emplace(UrdfName(sdf), sdf);
      if (!added && it->second != sdf) {
        Fail("SDF names " + m_ + "::" + it->second + " and " + key +
             " are both URDF name '" + it->first + "' with separator '" +
             sep_ + "'");
        ok = false;
      }
    }
    return ok;
  }
  // The snapshot key of a URDF name (of an SDF model, link, joint or frame);
  // for another name, a key the snapshot does not have.
  std::string Key(const std::string& urdf_name) const {
    const auto it = sdf_name_.find(urdf_name);
    if (it != sdf_name_.end()) return m_ + "::" + it->second;
    // With another separator a URDF name holding "::" is no SDF name's.
    if (sep_ != "::" && urdf_name.find("::") != std::string::npos) {
      return "(no SDF name) " + urdf_name;
    }
    return m_ + "::" + urdf_name;
  }
  void CountScoped(const std::string& sdf_name) {
    if (sdf_name.find("::") == std::string::npos) return;
    ++stats_.nested;
    if (sep_ != "::") ++stats_.separated;
  }
  bool SdfLink(const std::string& n) const {
    return s_.inertials.count(Key(n)) > 0;
  }
  // A key of a model (the top one, a nested or included one): other keys are
  // scoped under it. Links, joints and frames have no "K::..." keys.
  bool SdfModelKey(const std::string& key) const {
    if (key == m_) return true;
    const auto it = s_.poses.lower_bound(key + "::");
    return it != s_.poses.end() &&
           it->first.compare(0, key.size() + 2, key + "::") == 0;
  }
  // Splits the key of a visual, collision, sensor or light ("M::L/visual:V")
  // into its owner's key ("M::L") and "visual:V". Names may hold '/'
  // ("/r2/left_arm/joint0"): the owner is the key before a "/KIND:" that
  // libsdformat has a pose for.
  bool SplitChildKey(const std::string& key, std::string* owner_key,
                     std::string* tag) const {
    for (size_t slash = key.find('/'); slash != std::string::npos;
         slash = key.find('/', slash + 1)) {
      const std::string rest = key.substr(slash + 1);
      for (const char* kind : {"visual:", "collision:", "sensor:", "light:"}) {
        if (rest.compare(0, std::strlen(kind), kind) == 0 &&
            s_.poses.count(key.substr(0, slash))) {
          *owner_key = key.substr(0, slash);
          *tag = rest;
          return true;
        }
      }
    }
    return false;
  }
  // A joint or a frame of the SDF (a pose key that is no link, model,
  // visual, collision, sensor or light).
  bool SdfJointOrFrame(const std::string& n) const {
    const std::string key = Key(n);
    std::string owner, tag;
    return s_.poses.count(key) && !SdfLink(n) && !SdfModelKey(key) &&
           !SplitChildKey(key, &owner, &tag);
  }
  bool SdfFrame(const std::string& n) const {
    return SdfJointOrFrame(n) && !u_.joints_.count(n) &&
           !omitted_.count(Key(n));
  }
  bool SdfJoint(const std::string& n) const {
    return SdfJointOrFrame(n) && u_.joints_.count(n);
  }

  void Fail(const std::string& what) { out_.push_back(what); }

  // --- forward kinematics of the URDF ----------------------------------------

  bool ForwardKinematics() {
    const urdf::LinkConstSharedPtr root = u_.getRoot();
    if (!root) {
      Fail("URDF has no root link");
      return false;
    }
    root_ = root->name;
    X_UL_[root_] = Isometry3d::Identity();
    std::vector<urdf::LinkConstSharedPtr> stack = {root};
    while (!stack.empty()) {
      const urdf::LinkConstSharedPtr link = stack.back();
      stack.pop_back();
      const Isometry3d X_UP = X_UL_.at(link->name);
      for (const urdf::JointSharedPtr& joint : link->child_joints) {
        const Isometry3d X_UJ =
            X_UP * FromUrdfdom(joint->parent_to_joint_origin_transform);
        X_UJ_[joint->name] = X_UJ;
        X_UL_[joint->child_link_name] = X_UJ;
      }
      for (const urdf::LinkSharedPtr& child : link->child_links) {
        stack.push_back(child);
      }
    }
    for (const auto& [name, link] : u_.links_) {
      if (!X_UL_.count(name)) {
        Fail("URDF link '" + name + "' is not reachable from the root '" +
             root_ + "'");
      }
    }
    return X_UL_.size() == u_.links_.size();
  }

  // --- the common reference frame B --------------------------------------------
  // A frame whose pose both sides know: the URDF root link (not moved by the
  // conversion, so its URDF frame is its SDF frame); for a URDF rooted at
  // `world`, the first SDF joint from world (a link under world is moved to
  // its joint's frame, so the joint frame is what both sides share).
  bool Reference() {
    if (root_ == "world" && world_) {
      X_RB_ = Isometry3d::Identity();
      X_UB_ = Isometry3d::Identity();
      ++stats_.world_rooted;
      ++stats_.world_frame;
      reference_ = "the world frame";
      return true;
    }
    if (root_ != "world") {
      if (!SdfLink(root_) || !s_.poses.count(Key(root_))) {
        Fail("URDF root link '" + root_ + "' is not an SDF link (no key " +
             Key(root_) + ")");
        return false;
      }
      X_RB_ = s_.poses.at(Key(root_));
      X_UB_ = Isometry3d::Identity();
      reference_ = "link " + Key(root_);
      return true;
    }
    for (const urdf::JointSharedPtr& joint : u_.getRoot()->child_joints) {
      if (!SdfJoint(joint->name)) continue;
      X_RB_ = s_.poses.at(Key(joint->name));
      X_UB_ = X_UJ_.at(joint->name);
      ++stats_.world_rooted;
      reference_ = "joint " + Key(joint->name);
      return true;
    }
    Fail("URDF is rooted at world but no joint from world is an SDF joint");
    return false;
  }

  Isometry3d FromR(const Isometry3d& X_RE) const {
    return X_RB_.inverse() * X_RE;
  }
  Isometry3d FromU(const Isometry3d& X_UE) const {
    return X_UB_.inverse() * X_UE;
  }

  void ComparePose(const std::string& what, const Isometry3d& X_RE,
                   const Isometry3d& X_UE) {
    const Isometry3d sdf = FromR(X_RE), urdf = FromU(X_UE);
    if (MaxDiff(sdf, urdf) > kTol) {
      Fail(what + ": in " + reference_ + ": libsdformat " + PoseStr(sdf) +
           ", URDF " + PoseStr(urdf));
    }
  }

  // --- libsdformat's keys, each matched in the URDF ------------------------------

  void SnapshotPoses() {
    const std::string prefix = m_ + "::";
    for (const auto& [key, X_RE] : s_.poses) {
      if (key == m_) continue;
      if (key.compare(0, prefix.size(), prefix) != 0) {
        if (world_) continue;  // another model's, or the world's
        Fail("libsdformat key " + key + " is outside model " + m_);
        continue;
      }
      const std::string rest = key.substr(prefix.size());
      std::string owner_key, tag;
      if (SplitChildKey(key, &owner_key, &tag)) {
        Child(key, UrdfName(owner_key.substr(prefix.size())), tag, X_RE);
        continue;
      }
      if (s_.inertials.count(key) || SdfModelKey(key)) continue;  // a link
      const std::string name = UrdfName(rest);
      if (omitted_.count(key)) {
        if (u_.joints_.count(name) || u_.links_.count(name)) {
          Fail("frame " + key + " is to be left out, but the URDF has a " +
               (u_.links_.count(name) ? "link" : "joint") + " '" + name + "'");
        } else {
          ++stats_.omitted_frames;
        }
        continue;
      }
      const auto carried = carried_.find("joint:" + name);
      if (u_.joints_.count(name)) {
        ++stats_.joints;
        CountScoped(rest);
        ComparePose("joint " + key, X_RE, X_UJ_.at(name));
      } else if (carried != carried_.end()) {
        // A joint the URDF tree cannot hold, carried in the robot's
        // <gazebo> block, posed in its child link.
        const Carried& c = carried->second;
        if (!c.pose_error.empty()) {
          Fail("carried joint " + key + ": " + c.pose_error);
        } else if (!u_.links_.count(c.In())) {
          Fail("carried joint " + key + ": the URDF has no link '" + c.In() +
               "'");
        } else {
          ++stats_.carried;
          ComparePose("carried joint " + key, X_RE, X_UL_.at(c.In()) * c.X_LE);
        }
      } else if (u_.links_.count(name)) {
        ++stats_.frames;
        CountScoped(rest);
        ComparePose("frame " + key, X_RE, X_UL_.at(name));
      } else {
        Fail("joint or frame " + key + ": the URDF has no joint or link '" +
             name + "'");
      }
    }
  }

  // A visual, collision, sensor or light of link `owner` (URDF name).
  void Child(const std::string& key, const std::string& owner,
             const std::string& tag, const Isometry3d& X_RE) {
    const bool visual = tag.compare(0, 7, "visual:") == 0;
    const bool collision = tag.compare(0, 10, "collision:") == 0;
    if (!visual && !collision) {
      if (tag.compare(0, 7, "sensor:") == 0 ||
          tag.compare(0, 6, "light:") == 0) {
        ++stats_.skipped_sensors_lights;
      } else {
        Fail("libsdformat key " + key + " of an unknown kind");
      }
      return;
    }
    const std::string name = tag.substr(tag.find(':') + 1);
    const std::string what = (visual ? "visual " : "collision ") + key;
    const auto link = u_.links_.find(owner);
    if (link == u_.links_.end()) {
      Fail(what + ": the URDF has no link '" + owner + "'");
      return;
    }
    std::vector<Isometry3d> X_LEs;
    if (visual) {
      for (const auto& v : link->second->visual_array) {
        if (v && v->name == name) X_LEs.push_back(FromUrdfdom(v->origin));
      }
    } else {
      for (const auto& c : link->second->collision_array) {
        if (c && c->name == name) X_LEs.push_back(FromUrdfdom(c->origin));
      }
    }
    if (X_LEs.empty()) {
      const auto carried = carried_.find(owner + "/" + tag);
      if (carried != carried_.end()) {
        // In a <gazebo reference="L"> block, as SDFormat (the extension
        // libsdformat reads back): right only for a shape URDF has no
        // element for, and only at the right pose.
        const Carried& c = carried->second;
        static const std::set<std::string> kUrdfShapes = {"box", "cylinder",
                                                          "sphere", "mesh"};
        if (kUrdfShapes.count(c.geometry)) {
          Fail(what + ": a " + c.geometry + ", which URDF has, is only "
               "carried in <gazebo reference='" + owner + "'>");
          return;
        }
        if (!c.pose_error.empty()) {
          Fail(what + ": carried in <gazebo reference='" + owner + "'> " +
               c.pose_error);
          return;
        }
        const Isometry3d sdf = FromR(X_RE);
        const Isometry3d urdf = FromU(X_UL_.at(owner) * c.X_LE);
        if (MaxDiff(sdf, urdf) > kTol) {
          Fail(what + ": carried in <gazebo reference='" + owner +
               "'> (geometry " + c.geometry + ") at the wrong pose: "
               "libsdformat " + PoseStr(sdf) + ", carried " + PoseStr(urdf));
          return;
        }
        ++stats_.carried;
        return;
      }
    }
    if (X_LEs.size() != 1) {
      Fail(what + ": URDF link '" + owner + "' has " +
           std::to_string(X_LEs.size()) + " " +
           (visual ? "visuals" : "collisions") + " named '" + name +
           "' (expected 1)");
      return;
    }
    ++(visual ? stats_.visuals : stats_.collisions);
    ComparePose(what, X_RE, X_UL_.at(owner) * X_LEs.front());
  }

  void SnapshotAxes() {
    for (const auto& [key, a_R] : s_.axes) {
      if (!InModel(key)) {
        if (!world_) {
          Fail("libsdformat axis " + key + " is outside model " + m_);
        }
        continue;
      }
      CompareAxis(key, a_R, "libsdformat");
    }
  }

  // Axis `key` ("M::J/axis" or "M::J/axis2"), a_R in R according to
  // `sdf_source`, against the URDF joint J (or J_axis2).
  void CompareAxis(const std::string& key, const Vector3d& a_R,
                   const std::string& sdf_source) {
    const bool second = EndsWith(key, "/axis2");
    const std::string joint_key =
        key.substr(0, key.size() - (second ? 6 : 5));
    const std::string sdf_joint = UrdfName(joint_key.substr(m_.size() + 2));
    const std::string name = second ? sdf_joint + "_axis2" : sdf_joint;
    const auto joint = u_.joints_.find(name);
    const auto carried = carried_.find("joint:" + sdf_joint);
    // A joint URDF has no type for is floating there, and carried.
    if (carried != carried_.end() &&
        (joint == u_.joints_.end() ||
         joint->second->type == urdf::Joint::FLOATING)) {
      const Carried& c = carried->second;
      const std::optional<Vector3d>& a_J = second ? c.axis2 : c.axis;
      if (!a_J || !u_.links_.count(c.In()) || !(a_J->norm() > 0)) {
        Fail("axis " + key + ": the joint carried in <gazebo> has no axis " +
             "or no child link");
        return;
      }
      ++stats_.axes;
      const Vector3d sdf = X_RB_.linear().transpose() * a_R;
      const Vector3d urdf =
          FromU(X_UL_.at(c.In()) * c.X_LE).linear() * a_J->normalized();
      if ((sdf - urdf).cwiseAbs().maxCoeff() > kTol) {
        Fail("axis " + key + ": in " + reference_ + ": " + sdf_source + " " +
             Vec(sdf) + ", carried " + Vec(urdf) + " (joint " + sdf_joint +
             ")");
      }
      return;
    }
    if (joint == u_.joints_.end()) {
      Fail("axis " + key + ": the URDF has no joint '" + name + "'");
      return;
    }
    if (!HasAxis(joint->second->type)) {
      Fail("axis " + key + " " + Vec(a_R) + ": URDF joint '" + name +
           "' is " + JointTypeName(joint->second->type) +
           ", which has no axis");
      return;
    }
    const urdf::Vector3& a = joint->second->axis;
    Vector3d a_J(a.x, a.y, a.z);
    if (!(a_J.norm() > 0)) {
      Fail("axis " + key + ": URDF joint '" + name + "' has axis " +
           Vec(a_J));
      return;
    }
    a_J.normalize();
    ++stats_.axes;
    const Vector3d sdf = X_RB_.linear().transpose() * a_R;
    const Isometry3d X_BJ = FromU(X_UJ_.at(name));
    const Vector3d urdf = X_BJ.linear() * a_J;
    if ((sdf - urdf).cwiseAbs().maxCoeff() > kTol) {
      Fail("axis " + key + ": in " + reference_ + ": " + sdf_source + " " +
           Vec(sdf) + ", URDF " + Vec(urdf) + " (joint " + name + ")");
    }
    // The second axis of a universal or revolute2 joint turns about a line
    // through the SDF joint's origin.
    if (second && s_.poses.count(joint_key)) {
      const Vector3d p_BJ = FromR(s_.poses.at(joint_key)).translation();
      const Vector3d d = X_BJ.translation() - p_BJ;
      const Vector3d off_line = d - d.dot(urdf) * urdf;
      if (off_line.cwiseAbs().maxCoeff() > kTol) {
        Fail("axis " + key + ": URDF joint '" + name + "' at " +
             Vec(X_BJ.translation()) + " turns about a line " +
             Vec(off_line) + " off the SDF joint origin " + Vec(p_BJ));
      }
    }
  }

  // An axis libsdformat gives none for: its joint has no <axis> (or
  // <axis2>), whose SDFormat default is xyz 0 0 1 in the joint frame; compared
  // as that. Without a pose of the joint, a failure.
  void DefaultAxis(const std::string& key, const std::string& urdf_joint) {
    const std::string joint_key = key.substr(0, key.rfind('/'));
    const auto X_RJ = s_.poses.find(joint_key);
    if (X_RJ == s_.poses.end()) {
      Fail("URDF joint '" + urdf_joint + "' has an axis; libsdformat has no " +
           key + " nor a pose of " + joint_key);
      return;
    }
    ++stats_.default_axes;
    CompareAxis(key, X_RJ->second.linear() * Vector3d::UnitZ(),
                "SDFormat's default axis (0 0 1 in the joint frame; "
                "libsdformat has none)");
  }

  void SnapshotInertials() {
    for (const auto& [key, info] : s_.inertials) {
      if (!InModel(key)) {
        if (!world_) {
          Fail("libsdformat inertial " + key + " is outside model " + m_);
        }
        continue;
      }
      const std::string name = UrdfName(key.substr(m_.size() + 2));
      const std::string what = "inertial " + key;
      const auto link = u_.links_.find(name);
      if (link == u_.links_.end()) {
        Fail(what + ": the URDF has no link '" + name + "'");
        continue;
      }
      const urdf::InertialSharedPtr& in = link->second->inertial;
      if (!in) {
        Fail(what + ": URDF link has no <inertial>; libsdformat: mass " +
             Num(info.mass) + ", inertia " + MatStr(info.I));
        continue;
      }
      ++stats_.inertials;
      CountScoped(key.substr(m_.size() + 2));
      if (std::abs(in->mass - info.mass) > kTol * std::max(1.0, info.mass)) {
        Fail(what + ": mass: libsdformat " + Num(info.mass) + ", URDF " +
             Num(in->mass));
      }
      Matrix3d I_I;
      I_I << in->ixx, in->ixy, in->ixz, in->ixy, in->iyy, in->iyz, in->ixz,
          in->iyz, in->izz;
      const Isometry3d X_BI_sdf = FromR(info.X_RI);
      const Isometry3d X_BI_urdf =
          FromU(X_UL_.at(name) * FromUrdfdom(in->origin));
      const Vector3d p_sdf = X_BI_sdf.translation();
      const Vector3d p_urdf = X_BI_urdf.translation();
      if ((p_sdf - p_urdf).cwiseAbs().maxCoeff() > kTol) {
        Fail(what + ": centre of mass in " + reference_ + ": libsdformat " +
             Vec(p_sdf) + ", URDF " + Vec(p_urdf));
      }
      const Matrix3d& R_s = X_BI_sdf.linear();
      const Matrix3d& R_u = X_BI_urdf.linear();
      const Matrix3d I_sdf = R_s * info.I * R_s.transpose();
      const Matrix3d I_urdf = R_u * I_I * R_u.transpose();
      const double scale = std::max(1.0, I_sdf.cwiseAbs().maxCoeff());
      if ((I_sdf - I_urdf).cwiseAbs().maxCoeff() > kTol * scale) {
        Fail(what + ": inertia about the centre of mass in " + reference_ +
             ": libsdformat " + MatStr(I_sdf) + ", URDF " + MatStr(I_urdf));
      }
    }
  }

  // --- the URDF's elements, each accounted for --------------------------------

  void UrdfLinks() {
    for (const auto& [name, link] : u_.links_) {
      if (SdfLink(name)) {
        for (const auto& v : link->visual_array) {
          if (!s_.poses.count(Key(name) + "/visual:" + v->name)) {
            Fail("URDF link '" + name + "' has visual '" + v->name +
                 "', which libsdformat does not have (" + Key(name) +
                 "/visual:" + v->name + ")");
          }
        }
        for (const auto& c : link->collision_array) {
          if (!s_.poses.count(Key(name) + "/collision:" + c->name)) {
            Fail("URDF link '" + name + "' has collision '" + c->name +
                 "', which libsdformat does not have (" + Key(name) +
                 "/collision:" + c->name + ")");
          }
        }
        continue;
      }
      // A link the conversion made: world, a //frame, J_intermediate.
      const std::string intermediate = "_intermediate";
      const bool made =
          (name == "world" && name == root_) || SdfFrame(name) ||
          (EndsWith(name, intermediate) &&
           SdfJoint(name.substr(0, name.size() - intermediate.size())));
      if (!made) {
        Fail("URDF link '" + name + "' is no SDF link, frame or made link");
        continue;
      }
      ++stats_.made_links;
      if (link->inertial || !link->visual_array.empty() ||
          !link->collision_array.empty()) {
        Fail("URDF link '" + name + "', made by the conversion, has " +
             (link->inertial ? "an inertial" : "visuals or collisions"));
      }
    }
  }

  void UrdfJoints() {
    for (const auto& [name, joint] : u_.joints_) {
      if (SdfJoint(name)) {
        if (HasAxis(joint->type) && !s_.axes.count(Key(name) + "/axis")) {
          DefaultAxis(Key(name) + "/axis", name);
        }
        continue;
      }
      // A joint the conversion made: F_joint of a //frame, J_axis2,
      // L_floating of an extra root.
      const std::string& child = joint->child_link_name;
      bool made = false;
      if (EndsWith(name, "_joint") &&
          child == name.substr(0, name.size() - 6) && SdfFrame(child)) {
        made = joint->type == urdf::Joint::FIXED;
        stats_.made_frame_joints += made;
      } else if (EndsWith(name, "_axis2") &&
                 SdfJoint(name.substr(0, name.size() - 6))) {
        made = HasAxis(joint->type);
        stats_.made_axis2_joints += made;
        const std::string axis2 =
            Key(name.substr(0, name.size() - 6)) + "/axis2";
        if (made && !s_.axes.count(axis2)) DefaultAxis(axis2, name);
      } else if (EndsWith(name, "_floating") &&
                 child == name.substr(0, name.size() - 9) && SdfLink(child)) {
        made = joint->type == urdf::Joint::FLOATING;
        stats_.made_floating_joints += made;
      }
      if (!made) {
        Fail("URDF joint '" + name + "' (" + JointTypeName(joint->type) +
             ", child '" + child + "') is no SDF joint nor a made joint");
        continue;
      }
      ++stats_.made_joints;
    }
  }

  const urdf::ModelInterface& u_;
  const std::map<std::string, Carried>& carried_;
  const Snapshot& s_;
  const std::string m_;
  const std::string sep_;
  const bool world_;
  const std::set<std::string> omitted_;
  Stats& stats_;
  std::vector<std::string>& out_;

  std::string root_;
  std::map<std::string, Isometry3d> X_UL_;  // URDF link frames
  std::map<std::string, Isometry3d> X_UJ_;  // URDF joint frames
  Isometry3d X_RB_ = Isometry3d::Identity();
  Isometry3d X_UB_ = Isometry3d::Identity();
  std::string reference_;
  std::map<std::string, std::string> sdf_name_;  // URDF name -> SDF name
};

// Every difference between the URDF (urdfdom's model of `urdf_text`) and
// libsdformat's snapshot of the SDF it was converted from.
std::vector<std::string> CompareWithSnapshot(const urdf::ModelInterface& urdf,
                                             const std::string& urdf_text,
                                             const Snapshot& snapshot,
                                             const std::string& model_name,
                                             Stats* stats,
                                             const CompareOptions& options =
                                                 CompareOptions()) {
  std::vector<std::string> problems;
  const std::map<std::string, Carried> carried = CarriedGeometry(urdf_text);
  Comparer(urdf, carried, snapshot, model_name, options, stats, &problems)
      .Run();
  return problems;
}

std::string FirstErrorCode(const frames::Diagnostics& d) {
  for (const frames::Diagnostic& x : d.all()) {
    if (x.severity == frames::Severity::kError)
      return std::string(frames::CodeName(x.code));
  }
  return "";
}

std::string FirstError(const frames::Diagnostics& d) {
  for (const frames::Diagnostic& x : d.all()) {
    if (x.severity == frames::Severity::kError) {
      return OneLine("line " + std::to_string(x.where.line) + ": " + x.message,
                     200);
    }
  }
  return "";
}

// ---------------------------------------------------------------------------

// The comparison itself must be able to fail: a moved visual, a turned axis,
// a changed mass or inertia, a missing visual and an extra joint are all
// reported; a frame of the URDF root link is the reference.
TEST(SdfToUrdfCorpusTest, CompareFindsDifferences) {
  const std::string urdf_text = R"(<robot name="m">
  <link name="base">
    <inertial><origin xyz="0 0 0.5"/><mass value="2"/>
      <inertia ixx="1" ixy="0" ixz="0" iyy="2" iyz="0" izz="3"/></inertial>
    <visual name="v"><origin xyz="1 0 0"/><geometry><box size="1 1 1"/></geometry></visual>
  </link>
  <link name="arm">
    <inertial><mass value="1"/>
      <inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial>
  </link>
  <joint name="j" type="revolute"><parent link="base"/><child link="arm"/>
    <origin xyz="0 0 1" rpy="0 0 1.5707963267948966"/><axis xyz="1 0 0"/>
    <limit lower="-1" upper="1" effort="1" velocity="1"/></joint>
  <gazebo reference="base"><visual name="p"><pose>0 1 0 0 0 0</pose>
    <geometry><plane><normal>0 0 1</normal></plane></geometry></visual></gazebo>
</robot>)";
  std::string why;
  const urdf::ModelInterfaceSharedPtr u = ParseWithUrdfdom(urdf_text, &why);
  ASSERT_TRUE(u) << why;

  // The same model as libsdformat would see it, placed at X_RB in its model
  // frame R (the comparison is in the root link's frame).
  Isometry3d X_RB = Isometry3d::Identity();
  X_RB.translation() = Vector3d(3, 4, 5);
  X_RB.linear() = Eigen::AngleAxisd(0.3, Vector3d::UnitY()).toRotationMatrix();
  Snapshot s;
  s.ok = true;
  s.poses["M"] = Isometry3d::Identity();
  s.poses["M::base"] = X_RB;
  Isometry3d X_BV = Isometry3d::Identity();
  X_BV.translation() = Vector3d(1, 0, 0);
  s.poses["M::base/visual:v"] = X_RB * X_BV;
  Isometry3d X_BJ = Isometry3d::Identity();
  X_BJ.translation() = Vector3d(0, 0, 1);
  X_BJ.linear() =
      Eigen::AngleAxisd(M_PI / 2, Vector3d::UnitZ()).toRotationMatrix();
  s.poses["M::j"] = X_RB * X_BJ;
  // The SDF link frame of arm differs from its URDF frame: not compared.
  s.poses["M::arm"] = X_RB;
  s.axes["M::j/axis"] = X_RB.linear() * Vector3d::UnitY();
  sdf_oracle::InertialInfo base;
  base.mass = 2;
  // The same inertia, expressed in an inertial frame turned about z.
  Isometry3d X_BI = Isometry3d::Identity();
  X_BI.translation() = Vector3d(0, 0, 0.5);
  X_BI.linear() =
      Eigen::AngleAxisd(M_PI / 2, Vector3d::UnitZ()).toRotationMatrix();
  base.X_RI = X_RB * X_BI;
  base.I = Vector3d(2, 1, 3).asDiagonal();
  s.inertials["M::base"] = base;
  sdf_oracle::InertialInfo arm;
  arm.mass = 1;
  arm.I = Matrix3d::Identity();
  arm.X_RI = X_RB * X_BJ;
  s.inertials["M::arm"] = arm;

  Stats stats;
  std::vector<std::string> d = CompareWithSnapshot(*u, urdf_text, s, "M", &stats);
  EXPECT_TRUE(d.empty()) << Joined(d, 20);
  EXPECT_EQ(stats.joints, 1);
  EXPECT_EQ(stats.axes, 1);
  EXPECT_EQ(stats.visuals, 1);
  EXPECT_EQ(stats.inertials, 2);

  // A link without <inertial> in the URDF, where libsdformat has one.
  std::string massless = urdf_text;
  const std::string arm_inertial =
      R"(<inertial><mass value="1"/>
      <inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial>)";
  massless.erase(massless.find(arm_inertial, massless.find("\"arm\"")),
                 arm_inertial.size());
  why.clear();
  const urdf::ModelInterfaceSharedPtr u2 = ParseWithUrdfdom(massless, &why);
  ASSERT_TRUE(u2) << why;
  d = CompareWithSnapshot(*u2, massless, s, "M", &stats);
  ASSERT_EQ(d.size(), 1u) << Joined(d, 20);
  EXPECT_NE(d[0].find("inertial M::arm: URDF link has no <inertial>"),
            std::string::npos)
      << d[0];

  Snapshot b = s;
  b.poses["M::base/visual:v"].translation().x() += 1e-8;
  b.axes["M::j/axis"] = X_RB.linear() * Vector3d::UnitX();
  b.inertials["M::base"].mass = 2.0000001;
  b.inertials["M::base"].I(2, 2) = 3.001;
  b.poses["M::base/visual:w"] = X_RB;
  b.poses["M::j"].translation().z() += 1e-6;
  d = CompareWithSnapshot(*u, urdf_text, b, "M", &stats);
  std::string all = Joined(d, 20);
  EXPECT_EQ(d.size(), 6u) << all;
  for (const char* expected :
       {"visual M::base/visual:v: in link M::base", "axis M::j/axis",
        "mass", "inertia about the centre of mass",
        "visual M::base/visual:w: URDF link 'base' has 0 visuals",
        "joint M::j: in link M::base"}) {
    EXPECT_NE(all.find(expected), std::string::npos) << expected << "\n"
                                                     << all;
  }

  // A URDF visual libsdformat does not have.
  Snapshot c = s;
  c.poses.erase("M::base/visual:v");
  d = CompareWithSnapshot(*u, urdf_text, c, "M", &stats);
  ASSERT_EQ(d.size(), 1u) << Joined(d, 20);
  EXPECT_NE(d[0].find("has visual 'v', which libsdformat does not have"),
            std::string::npos)
      << d[0];

  // A visual carried in a <gazebo> block (a plane, which URDF lacks) is
  // right at its pose, and wrong anywhere else.
  Snapshot e = s;
  Isometry3d X_BP = Isometry3d::Identity();
  X_BP.translation() = Vector3d(0, 1, 0);
  e.poses["M::base/visual:p"] = X_RB * X_BP;
  d = CompareWithSnapshot(*u, urdf_text, e, "M", &stats);
  EXPECT_TRUE(d.empty()) << Joined(d, 20);
  X_BP.translation() = Vector3d(0, 1.5, 0);
  e.poses["M::base/visual:p"] = X_RB * X_BP;
  d = CompareWithSnapshot(*u, urdf_text, e, "M", &stats);
  ASSERT_EQ(d.size(), 1u) << Joined(d, 20);
  EXPECT_NE(d[0].find("visual M::base/visual:p: carried in <gazebo "
                      "reference='base'> (geometry plane) at the wrong pose"),
            std::string::npos)
      << d[0];
}

// A URDF rooted at world: the reference is the joint from world, whose frame
// is the child link's URDF frame (the model pose is in the URDF, not in the
// snapshot).
TEST(SdfToUrdfCorpusTest, CompareWorldRooted) {
  const std::string urdf_text = R"(<robot name="m">
  <link name="world"/>
  <link name="base">
    <visual name="v"><origin xyz="1 0 0"/><geometry><box size="1 1 1"/></geometry></visual>
  </link>
  <joint name="fix" type="fixed"><parent link="world"/><child link="base"/>
    <origin xyz="10 20 30" rpy="0 0 0.5"/></joint>
</robot>)";
  std::string why;
  const urdf::ModelInterfaceSharedPtr u = ParseWithUrdfdom(urdf_text, &why);
  ASSERT_TRUE(u) << why;
  Isometry3d X_RJ = Isometry3d::Identity();  // joint fix in the model frame
  X_RJ.translation() = Vector3d(1, 2, 3);
  X_RJ.linear() = Eigen::AngleAxisd(-1, Vector3d::UnitX()).toRotationMatrix();
  Isometry3d X_JV = Isometry3d::Identity();
  X_JV.translation() = Vector3d(1, 0, 0);
  Snapshot s;
  s.ok = true;
  s.poses["M"] = Isometry3d::Identity();
  s.poses["M::base"] = Isometry3d::Identity();  // SDF link frame: not compared
  s.poses["M::fix"] = X_RJ;
  s.poses["M::base/visual:v"] = X_RJ * X_JV;
  sdf_oracle::InertialInfo base;
  base.mass = 1;
  base.I = Matrix3d::Identity();
  s.inertials["M::base"] = base;
  Stats stats;
  std::vector<std::string> d =
      CompareWithSnapshot(*u, urdf_text, s, "M", &stats);
  // Only base's missing <inertial>: the visual and the joint agree.
  ASSERT_EQ(d.size(), 1u) << Joined(d, 20);
  EXPECT_NE(d[0].find("inertial M::base: URDF link has no <inertial>"),
            std::string::npos)
      << d[0];
  EXPECT_EQ(stats.visuals, 1);
  EXPECT_EQ(stats.joints, 1);
  s.poses["M::base/visual:v"] = X_RJ;
  d = CompareWithSnapshot(*u, urdf_text, s, "M", &stats);
  ASSERT_EQ(d.size(), 2u) << Joined(d, 20);
  EXPECT_NE(Joined(d, 20).find("visual M::base/visual:v: in joint M::fix"),
            std::string::npos)
      << Joined(d, 20);
}

// A //frame is a massless URDF link F on a fixed joint F_joint: its link
// frame is compared with libsdformat's frame, the made joint is accounted for.
TEST(SdfToUrdfCorpusTest, CompareFrameLink) {
  const std::string urdf_text = R"(<robot name="m">
  <link name="base"><inertial><mass value="1"/>
    <inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial></link>
  <link name="tool"/>
  <joint name="tool_joint" type="fixed"><parent link="base"/><child link="tool"/>
    <origin xyz="0 0 2" rpy="1 0 0"/></joint>
</robot>)";
  std::string why;
  const urdf::ModelInterfaceSharedPtr u = ParseWithUrdfdom(urdf_text, &why);
  ASSERT_TRUE(u) << why;
  Snapshot s;
  s.ok = true;
  s.poses["M"] = Isometry3d::Identity();
  s.poses["M::base"] = Isometry3d::Identity();
  sdf_oracle::InertialInfo base;
  base.mass = 1;
  base.I = Matrix3d::Identity();
  s.inertials["M::base"] = base;
  Isometry3d X_BF = Isometry3d::Identity();
  X_BF.translation() = Vector3d(0, 0, 2);
  X_BF.linear() = Eigen::AngleAxisd(1, Vector3d::UnitX()).toRotationMatrix();
  s.poses["M::tool"] = X_BF;
  Stats stats;
  std::vector<std::string> d =
      CompareWithSnapshot(*u, urdf_text, s, "M", &stats);
  EXPECT_TRUE(d.empty()) << Joined(d, 20);
  EXPECT_EQ(stats.frames, 1);
  EXPECT_EQ(stats.made_links, 1);
  EXPECT_EQ(stats.made_frame_joints, 1);
  s.poses["M::tool"].linear() =
      Eigen::AngleAxisd(-1, Vector3d::UnitX()).toRotationMatrix();
  d = CompareWithSnapshot(*u, urdf_text, s, "M", &stats);
  ASSERT_EQ(d.size(), 1u) << Joined(d, 20);
  EXPECT_NE(d[0].find("frame M::tool: in link M::base"), std::string::npos)
      << d[0];
  // Without the SDF frame, link tool and joint tool_joint come from nowhere.
  s.poses.erase("M::tool");
  d = CompareWithSnapshot(*u, urdf_text, s, "M", &stats);
  EXPECT_EQ(d.size(), 2u) << Joined(d, 20);
}

// The comparison's options: URDF names joined with another separator, a
// world snapshot (keys of other models and of the world are not the URDF's;
// a URDF rooted at world is compared in the world frame, so a shifted joint
// from world is found), frames left out, and an axis libsdformat has none
// for (SDFormat's default, 0 0 1 in the joint frame).
TEST(SdfToUrdfCorpusTest, CompareSeparatorWorldAndOmittedFrames) {
  const std::string inertial = R"(<inertial><mass value="1"/>
    <inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial>)";
  const std::string urdf_text = R"(<robot name="m">
  <link name="world"/>
  <link name="g/palm">)" + inertial + R"(</link>
  <link name="g/arm">)" + inertial + R"(</link>
  <joint name="fix" type="fixed"><parent link="world"/><child link="g/palm"/>
    <origin xyz="1 2 3"/></joint>
  <joint name="g/hinge" type="continuous"><parent link="g/palm"/>
    <child link="g/arm"/><origin xyz="0 0 1"/><axis xyz="0 0 1"/></joint>
</robot>)";
  std::string why;
  const urdf::ModelInterfaceSharedPtr u = ParseWithUrdfdom(urdf_text, &why);
  ASSERT_TRUE(u) << why;
  auto At = [](double x, double y, double z) {
    Isometry3d X = Isometry3d::Identity();
    X.translation() = Vector3d(x, y, z);
    return X;
  };
  // Model M in world W at (1 2 3), with nested model g; another model and a
  // world frame beside it.
  Snapshot s;
  s.ok = true;
  s.poses["W0"] = At(5, 5, 5);
  s.poses["other"] = At(7, 0, 0);
  s.poses["other::l"] = At(7, 0, 0);
  sdf_oracle::InertialInfo unit;
  unit.mass = 1;
  unit.I = Matrix3d::Identity();
  unit.X_RI = At(7, 0, 0);
  s.inertials["other::l"] = unit;
  s.poses["M"] = At(1, 2, 3);
  s.poses["M::g"] = At(1, 2, 3);
  s.poses["M::fix"] = At(1, 2, 3);
  s.poses["M::g::palm"] = At(1, 2, 3);
  unit.X_RI = At(1, 2, 3);
  s.inertials["M::g::palm"] = unit;
  s.poses["M::g::hinge"] = At(1, 2, 4);
  s.poses["M::g::arm"] = At(1, 2, 4);
  unit.X_RI = At(1, 2, 4);
  s.inertials["M::g::arm"] = unit;
  s.poses["M::g::tool"] = At(1, 2, 5);  // a //frame, left out
  CompareOptions o;
  o.separator = "/";
  o.world = true;
  o.omitted_frames = {"M::g::tool"};
  Stats stats;
  std::vector<std::string> d =
      CompareWithSnapshot(*u, urdf_text, s, "M", &stats, o);
  EXPECT_TRUE(d.empty()) << Joined(d, 20);
  EXPECT_EQ(stats.world_frame, 1);
  EXPECT_EQ(stats.separated, 3);  // g::hinge, g::palm, g::arm
  EXPECT_EQ(stats.default_axes, 1);
  EXPECT_EQ(stats.omitted_frames, 1);

  // Not a world snapshot: the other model's and the world's keys fail.
  CompareOptions not_world = o;
  not_world.world = false;
  d = CompareWithSnapshot(*u, urdf_text, s, "M", &stats, not_world);
  EXPECT_EQ(d.size(), 4u) << Joined(d, 20);
  EXPECT_NE(Joined(d, 20).find("libsdformat key W0 is outside model M"),
            std::string::npos)
      << Joined(d, 20);

  // The whole model shifted in the world: only the world frame sees it.
  Snapshot shifted = s;
  for (auto& [key, X] : shifted.poses) {
    if (key.compare(0, 3, "M::") == 0) X.translation().z() += 0.5;
  }
  for (auto& [key, info] : shifted.inertials) {
    if (key.compare(0, 3, "M::") == 0) info.X_RI.translation().z() += 0.5;
  }
  d = CompareWithSnapshot(*u, urdf_text, shifted, "M", &stats, o);
  EXPECT_NE(Joined(d, 20).find("joint M::fix: in the world frame"),
            std::string::npos)
      << Joined(d, 20);

  // The separator is "/": with "::", no URDF name is an SDF name.
  CompareOptions colons = o;
  colons.separator = "::";
  d = CompareWithSnapshot(*u, urdf_text, s, "M", &stats, colons);
  EXPECT_NE(Joined(d, 20).find(
                "URDF link 'g/palm' is no SDF link, frame or made link"),
            std::string::npos)
      << Joined(d, 20);

  // The frame is not to be left out: the URDF lacks it.
  CompareOptions frames = o;
  frames.omitted_frames.clear();
  d = CompareWithSnapshot(*u, urdf_text, s, "M", &stats, frames);
  ASSERT_EQ(d.size(), 1u) << Joined(d, 20);
  EXPECT_NE(d[0].find("joint or frame M::g::tool: the URDF has no joint or "
                      "link 'g/tool'"),
            std::string::npos)
      << d[0];

  // The joint turned: SDFormat's default axis turns with it.
  Snapshot turned = s;
  turned.poses["M::g::hinge"].linear() =
      Eigen::AngleAxisd(M_PI / 2, Vector3d::UnitX()).toRotationMatrix();
  d = CompareWithSnapshot(*u, urdf_text, turned, "M", &stats, o);
  EXPECT_NE(Joined(d, 20).find("axis M::g::hinge/axis: in the world frame: "
                               "SDFormat's default axis"),
            std::string::npos)
      << Joined(d, 20);
}

TEST(SdfToUrdfCorpusTest, EverySingleModelFileConvertsOrIsListed) {
  const std::string corpus = CorpusDir("SDF_CORPUS_DIR");
  ASSERT_FALSE(corpus.empty())
      << "corpus not found in runfiles; set SDF_CORPUS_DIR";
  const std::vector<std::string> model_paths =
      test_support::CorpusModelPaths(corpus);
  for (const std::string& dir : model_paths) {
    ASSERT_TRUE(fs::is_directory(dir)) << dir;
  }

  test_support::CorpusSample sample;
  const std::vector<std::string> files =
      sample.Take(CorpusFiles(corpus, {".sdf", ".world"}));
  ASSERT_FALSE(files.empty()) << "no .sdf/.world files under " << corpus;

  const char* list_env = std::getenv("SDF_TO_URDF_REFUSED");
  const std::string list_path =
      list_env ? list_env : Runfile("testdata/sdf_to_urdf_corpus_refused.txt");
  std::vector<std::string> list_problems;
  const std::map<std::string, Listed> listed =
      ReadRefused(list_path, &list_problems);
  EXPECT_TRUE(list_problems.empty()) << Joined(list_problems, 50);

  size_t max_failures = 50;
  if (const char* m = std::getenv("SDF_TO_URDF_MAX_FAILURES")) {
    max_failures = std::strtoul(m, nullptr, 10);
  }

  // SDF_TO_URDF_DUMP_DIR=DIR writes each output to DIR/REL.urdf, for a look.
  const char* dump_env = std::getenv("SDF_TO_URDF_DUMP_DIR");
  const std::string dump_dir = dump_env ? dump_env : "";

  int single_model = 0, loaded = 0, converted = 0, compared_clean = 0;
  std::map<std::string, int> refused_by_code;
  std::set<std::string> candidates;
  std::vector<std::string> not_loaded;  // single-model, libsdformat errors
  std::vector<std::string> failures;  // "file: problem"
  std::vector<std::string> actual_list;  // refusals, in the list's format
  Stats stats;
  for (const std::string& rel : files) {
    const std::string path = corpus + "/" + rel;
    std::string model_name;
    if (!IsSingleModelDocument(path, &model_name)) continue;
    ++single_model;
    const Snapshot oracle = sdf_oracle::LoadFile(path, model_paths);
    if (!oracle.ok) {
      not_loaded.push_back(
          rel + ": " +
          (oracle.errors.empty() ? std::string() : OneLine(oracle.errors[0])));
      continue;
    }
    ++loaded;
    candidates.insert(rel);
    const auto it = listed.find(rel);

    converter::SdfToUrdfOptions options;
    options.model_paths = model_paths;
    const converter::ConversionResult result =
        converter::SdfFileToUrdf(path, options);

    // 1. Refusals.
    if (!result.ok) {
      const std::string code = FirstErrorCode(result.diagnostics);
      ++refused_by_code[code];
      actual_list.push_back(rel + " " + code + "  # " +
                            FirstError(result.diagnostics));
      if (it == listed.end()) {
        failures.push_back(rel + ": refused (" + code +
                           "), not listed: " + FirstError(result.diagnostics));
      } else if (it->second.code != code) {
        failures.push_back(rel + ": refused with " + code + ", listed as " +
                           it->second.code + ": " +
                           FirstError(result.diagnostics));
      }
      continue;
    }
    if (it != listed.end()) {
      failures.push_back(rel + ": listed as refused (" + it->second.code +
                         ") but converts");
    }
    if (result.output.empty()) {
      failures.push_back(rel + ": SdfFileToUrdf reports ok with no output");
      continue;
    }
    ++converted;
    if (!dump_dir.empty()) {
      const fs::path out = fs::path(dump_dir) / (rel + ".urdf");
      fs::create_directories(out.parent_path());
      std::ofstream(out) << result.output;
    }

    // 2. urdfdom parses the output.
    std::string why;
    const urdf::ModelInterfaceSharedPtr u =
        ParseWithUrdfdom(result.output, &why);
    if (!u) {
      failures.push_back(rel + ": urdfdom does not parse the output: " + why);
      continue;
    }

    // 3. Forward kinematics of the output against libsdformat.
    const std::vector<std::string> problems =
        CompareWithSnapshot(*u, result.output, oracle, model_name, &stats);
    for (const std::string& p : problems) failures.push_back(rel + ": " + p);
    if (problems.empty()) ++compared_clean;
  }
  for (const auto& [file, l] : listed) {
    if (!candidates.count(file) && sample.Has(file)) {
      failures.push_back(list_path + " lists " + file +
                         ", which is not a single-model corpus file that "
                         "libsdformat loads");
    }
  }

  std::cout << "Single-model documents libsdformat does not load (skipped, "
            << not_loaded.size() << "):\n";
  for (const std::string& l : not_loaded) std::cout << "  " << l << "\n";
  std::cout << "files: " << files.size()
            << ", single-model documents: " << single_model
            << ", loaded by libsdformat: " << loaded
            << ", converted: " << converted
            << " (urdfdom-parsed and equal: " << compared_clean << ")"
            << ", refused: " << actual_list.size() << "\n";
  for (const auto& [code, n] : refused_by_code) {
    std::cout << "  refused " << code << ": " << n << "\n";
  }
  std::cout << "comparisons: " << stats.total() << " (joints " << stats.joints
            << ", axes " << stats.axes << ", carried shapes " << stats.carried
            << ", visuals " << stats.visuals
            << ", collisions " << stats.collisions << ", inertials "
            << stats.inertials << ", frames " << stats.frames
            << "); URDFs rooted at world: " << stats.world_rooted
            << "; made links " << stats.made_links << ", made joints "
            << stats.made_joints << " (frame " << stats.made_frame_joints
            << ", axis2 " << stats.made_axis2_joints << ", floating "
            << stats.made_floating_joints
            << "); sensors and lights not compared: "
            << stats.skipped_sensors_lights << "\n";
  if (!failures.empty()) {
    std::cout << "Refusals (refused-list format):\n";
    for (const std::string& l : actual_list) std::cout << l << "\n";
  }
  EXPECT_TRUE(failures.empty())
      << failures.size() << " failures:\n"
      << Joined(failures, max_failures);
  EXPECT_GT(converted, 0);
  EXPECT_GT(stats.total(), 0);
}

// ---------------------------------------------------------------------------
// The hand-written fixtures: what the corpus lacks (//frame, nested models
// with frames, worlds, joints from world, universal joints ...).

// The models of a document: those of its <world>, or its top-level ones.
bool DocumentModels(const std::string& path, bool* world,
                    std::vector<std::string>* models) {
  tinyxml2::XMLDocument doc;
  if (doc.Parse(ReadFile(path).c_str()) != tinyxml2::XML_SUCCESS) return false;
  const tinyxml2::XMLElement* root = doc.RootElement();
  if (root == nullptr || std::string(root->Name()) != "sdf") return false;
  const tinyxml2::XMLElement* w = root->FirstChildElement("world");
  *world = w != nullptr;
  for (const tinyxml2::XMLElement* m =
           (w ? w : root)->FirstChildElement("model");
       m; m = m->NextSiblingElement("model")) {
    models->push_back(m->Attribute("name") ? m->Attribute("name") : "");
  }
  return true;
}

// The snapshot keys of the //frame elements of the document's models
// ("M::F", "M::N::F" in nested model N), read from the XML.
void ModelFrameKeys(const tinyxml2::XMLElement* model,
                    const std::string& scope, std::set<std::string>* keys) {
  const char* name = model->Attribute("name");
  const std::string key = scope + (name ? name : "");
  for (const tinyxml2::XMLElement* f = model->FirstChildElement("frame"); f;
       f = f->NextSiblingElement("frame")) {
    if (f->Attribute("name")) keys->insert(key + "::" + f->Attribute("name"));
  }
  for (const tinyxml2::XMLElement* m = model->FirstChildElement("model"); m;
       m = m->NextSiblingElement("model")) {
    ModelFrameKeys(m, key + "::", keys);
  }
}

std::set<std::string> FrameKeys(const std::string& path) {
  std::set<std::string> keys;
  tinyxml2::XMLDocument doc;
  if (doc.Parse(ReadFile(path).c_str()) != tinyxml2::XML_SUCCESS) return keys;
  const tinyxml2::XMLElement* root = doc.RootElement();
  if (root == nullptr) return keys;
  const tinyxml2::XMLElement* w = root->FirstChildElement("world");
  for (const tinyxml2::XMLElement* m =
           (w ? w : root)->FirstChildElement("model");
       m; m = m->NextSiblingElement("model")) {
    ModelFrameKeys(m, "", &keys);
  }
  return keys;
}

// The document with its top-level <model> put in a world, for libsdformat to
// resolve the model in the world frame (with its //model/pose applied). ""
// when there is no such model.
std::string WrapInWorld(const std::string& path) {
  tinyxml2::XMLDocument in;
  if (in.Parse(ReadFile(path).c_str()) != tinyxml2::XML_SUCCESS) return "";
  const tinyxml2::XMLElement* root = in.RootElement();
  const tinyxml2::XMLElement* model =
      root ? root->FirstChildElement("model") : nullptr;
  if (model == nullptr) return "";
  tinyxml2::XMLDocument out;
  tinyxml2::XMLElement* sdf = out.NewElement("sdf");
  sdf->SetAttribute("version",
                    root->Attribute("version") ? root->Attribute("version")
                                               : "1.7");
  out.InsertEndChild(sdf);
  tinyxml2::XMLElement* world = out.NewElement("world");
  world->SetAttribute("name", "oracle_world");
  sdf->InsertEndChild(world);
  world->InsertEndChild(model->DeepClone(&out));
  tinyxml2::XMLPrinter printer;
  out.Print(&printer);
  return printer.CStr();
}

// The options of a NAME.V.flags file (sdf2urdf's command-line flags). false
// with *skip set for flags outside what is compared here (--check-parity
// writes nothing; --mesh-uris and --urdf-version change no pose), with
// *error set for flags this test does not know.
bool OptionsFromFlags(const std::string& flags_text,
                      converter::SdfToUrdfOptions* options, std::string* skip,
                      std::string* error) {
  std::istringstream in(flags_text);
  std::vector<std::string> args;
  for (std::string a; in >> a;) args.push_back(a);
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    const bool has_value = i + 1 < args.size();
    if (a == "--separator" && has_value) {
      options->separator = args[++i];
    } else if (a == "--model" && has_value) {
      options->model = args[++i];
    } else if (a == "--no-frames") {
      options->frames_as_links = false;
    } else if (a == "--ball-as-floating") {
      options->ball_as_floating = true;
    } else if (a == "--keep-joint-types") {
      options->keep_joint_types = true;
    } else if (a == "--check-parity" || a == "--mesh-uris" ||
               a == "--urdf-version") {
      *skip = a;
      return false;
    } else {
      *error = "unknown flag '" + a + "'";
      return false;
    }
  }
  return true;
}

// What the fixtures give today (2 sdf2urdf variants and 40 spec fixtures
// libsdformat refuses aside): the test fails below these counts.
constexpr int kMinFixtureFiles = 90;   // .sdf files in both directories
constexpr int kMinConverted = 47;      // conversions compared
constexpr int kMinComparisons = 218;   // poses, axes and inertials compared

TEST(SdfToUrdfCorpusTest, EveryFixtureThatConvertsMatchesLibsdformat) {
  struct Run {
    std::string label;  // "dir/NAME.sdf" or "dir/NAME.V.flags"
    std::string path;   // the .sdf
    converter::SdfToUrdfOptions options;
  };
  std::vector<Run> runs;
  std::vector<std::string> failures;
  int files = 0, variants = 0;
  std::vector<std::string> skipped_variants;
  for (const std::string dir : {"testdata/sdf2urdf", "testdata/sdf/spec"}) {
    const std::string abs = Runfile(dir);
    ASSERT_TRUE(fs::is_directory(abs)) << abs << " (data of this test)";
    for (const std::string& rel : CorpusFiles(abs, {".sdf"})) {
      if (rel.find('/') != std::string::npos) continue;
      ++files;
      runs.push_back({dir + "/" + rel, abs + "/" + rel, {}});
    }
    for (const std::string& rel : CorpusFiles(abs, {".flags"})) {
      // NAME.V.flags: a variant of NAME.sdf.
      const std::string stem = rel.substr(0, rel.size() - 6);
      const size_t dot = stem.rfind('.');
      const std::string label = dir + "/" + rel;
      const std::string sdf =
          abs + "/" + (dot == std::string::npos ? stem : stem.substr(0, dot)) +
          ".sdf";
      if (dot == std::string::npos || !fs::is_regular_file(sdf)) {
        failures.push_back(label + ": no NAME.sdf for NAME.V.flags");
        continue;
      }
      Run run{label, sdf, {}};
      std::string skip, error;
      if (!OptionsFromFlags(ReadFile(abs + "/" + rel), &run.options, &skip,
                            &error)) {
        if (!error.empty()) failures.push_back(label + ": " + error);
        if (!skip.empty()) skipped_variants.push_back(label + " (" + skip + ")");
        continue;
      }
      ++variants;
      runs.push_back(run);
    }
  }

  int not_loaded = 0, conversions = 0, refused = 0, converted = 0,
      compared_clean = 0, world_documents = 0, wrapped = 0;
  std::map<std::string, int> refused_by_code;
  std::vector<std::string> lines;  // one per conversion
  Stats stats, world_stats;
  std::map<std::string, Snapshot> oracles;
  for (const Run& run : runs) {
    if (!oracles.count(run.path)) {
      oracles[run.path] = sdf_oracle::LoadFile(run.path);
    }
    const Snapshot& oracle = oracles.at(run.path);
    if (!oracle.ok) {
      ++not_loaded;
      lines.push_back(run.label + ": libsdformat does not load it (" +
                      (oracle.errors.empty() ? std::string()
                                             : OneLine(oracle.errors[0], 80)) +
                      ")");
      continue;
    }
    bool world = false;
    std::vector<std::string> models;
    if (!DocumentModels(run.path, &world, &models)) {
      failures.push_back(run.label + ": not an <sdf> document");
      continue;
    }
    world_documents += world;
    // Which models: the one the flags name; else the only one (default
    // options); else each model of the world, by name.
    std::vector<converter::SdfToUrdfOptions> choices;
    if (!run.options.model.empty() || models.size() == 1) {
      choices.push_back(run.options);
    } else {
      for (const std::string& m : models) {
        converter::SdfToUrdfOptions o = run.options;
        o.model = m;
        choices.push_back(o);
      }
    }
    for (const converter::SdfToUrdfOptions& options : choices) {
      const std::string model =
          options.model.empty() ? (models.empty() ? "" : models[0])
                                : options.model;
      const std::string label = run.label + " [" + (world ? "world " : "") +
                                "model " + model + "]";
      ++conversions;
      // Debian's urdfdom reads URDF 1.0 only: written as 1.0 for it (a
      // capsule, which would make the robot 1.1, carried in <gazebo>), which
      // changes no pose.
      converter::SdfToUrdfOptions as_1_0 = options;
      as_1_0.urdf_version = "1.0";
      const converter::ConversionResult result =
          converter::SdfFileToUrdf(run.path, as_1_0);
      if (!result.ok) {
        const std::string code = FirstErrorCode(result.diagnostics);
        ++refused;
        ++refused_by_code[code];
        lines.push_back(label + ": refused " + code + ": " +
                        FirstError(result.diagnostics));
        continue;
      }
      ++converted;
      std::string why;
      const urdf::ModelInterfaceSharedPtr u =
          ParseWithUrdfdom(result.output, &why);
      if (!u) {
        failures.push_back(label + ": urdfdom does not parse the output: " +
                           why);
        continue;
      }
      CompareOptions compare;
      compare.separator = options.separator;
      compare.world = world;
      if (!options.frames_as_links) compare.omitted_frames = FrameKeys(run.path);
      const int before = stats.total();
      std::vector<std::string> problems =
          CompareWithSnapshot(*u, result.output, oracle, model, &stats,
                              compare);
      std::string line = label + ": " +
                         std::to_string(stats.total() - before) +
                         " comparisons";
      // A model of its own rooted at world: its joints from world carry the
      // model pose, which only a world snapshot has.
      if (!world && u->getRoot() && u->getRoot()->name == "world") {
        const Snapshot in_world =
            sdf_oracle::LoadString(WrapInWorld(run.path));
        if (!in_world.ok) {
          problems.push_back(
              "libsdformat does not load the model put in a world: " +
              (in_world.errors.empty() ? std::string()
                                       : OneLine(in_world.errors[0])));
        } else {
          ++wrapped;
          compare.world = true;
          const int before_world = world_stats.total();
          for (const std::string& p :
               CompareWithSnapshot(*u, result.output, in_world, model,
                                   &world_stats, compare)) {
            problems.push_back("(model put in a world) " + p);
          }
          line += " + " + std::to_string(world_stats.total() - before_world) +
                  " in the world frame (model put in a world)";
        }
      }
      for (const std::string& p : problems) failures.push_back(label + ": " + p);
      if (problems.empty()) ++compared_clean;
      lines.push_back(line + (problems.empty() ? "" : ", DIFFERENT"));
    }
  }

  for (const std::string& l : lines) std::cout << "  " << l << "\n";
  std::cout << "fixture files: " << files << " (world documents loaded: "
            << world_documents << "), variants compared: " << variants
            << ", variants skipped: " << skipped_variants.size();
  for (const std::string& v : skipped_variants) std::cout << " " << v;
  std::cout << "\nnot loaded by libsdformat: " << not_loaded
            << ", conversions: " << conversions << ", converted: " << converted
            << " (urdfdom-parsed and equal: " << compared_clean
            << "), refused: " << refused << "\n";
  for (const auto& [code, n] : refused_by_code) {
    std::cout << "  refused " << code << ": " << n << "\n";
  }
  for (const auto& [what, st] :
       {std::pair<const char*, const Stats*>{"comparisons", &stats},
        {"comparisons of models put in a world", &world_stats}}) {
    std::cout << what << ": " << st->total() << " (joints " << st->joints
              << ", axes " << st->axes << ", carried shapes " << st->carried
              << ", visuals " << st->visuals << ", collisions "
              << st->collisions << ", inertials " << st->inertials
              << ", frames " << st->frames << "; axes by SDFormat's default "
              << st->default_axes << ", frames left out "
              << st->omitted_frames << "; scoped names " << st->nested
              << ", of them with another separator " << st->separated
              << "); URDFs rooted at world: " << st->world_rooted
              << " (compared in the world frame: " << st->world_frame
              << "); made links " << st->made_links << ", made joints "
              << st->made_joints << " (frame " << st->made_frame_joints
              << ", axis2 " << st->made_axis2_joints << ", floating "
              << st->made_floating_joints << ")\n";
  }
  EXPECT_TRUE(failures.empty())
      << failures.size() << " failures:\n" << Joined(failures, 200);
  // Not silently comparing nothing: the fixtures' reshaping rules are all
  // exercised.
  EXPECT_GE(files, kMinFixtureFiles);
  EXPECT_GE(converted, kMinConverted);
  EXPECT_GE(stats.total() + world_stats.total(), kMinComparisons);
  EXPECT_GT(stats.frames, 0);             // //frame -> link
  EXPECT_GT(stats.made_frame_joints, 0);  // F_joint
  EXPECT_GT(stats.omitted_frames, 0);     // --no-frames
  EXPECT_GT(stats.made_axis2_joints, 0);  // universal, revolute2
  EXPECT_GT(stats.nested, 0);             // nested models flattened
  EXPECT_GT(stats.separated, 0);          // --separator
  EXPECT_GT(stats.made_floating_joints, 0);
  EXPECT_GT(stats.world_frame, 0);        // a world's model rooted at world
  EXPECT_GT(wrapped, 0);                  // a model rooted at world
  EXPECT_GT(world_stats.world_frame, 0);
}

}  // namespace
