// SDF -> URDF -> SDF over the corpus, with libsdformat 12 resolving both
// ends. For every single-model SDFormat document of ../shared/corpus (Bazel
// data @corpus//:sdf; an <sdf> root with exactly one <model> and no <world>,
// the selection of sdf_to_urdf_corpus_test) that libsdformat loads and that
// converter::SdfFileToUrdf converts with default options (its refusals are
// listed and checked by that test, and only counted here), and for every
// single-model hand-written fixture testdata/sdf2urdf/*.sdf (which have what
// the corpus lacks: //frame, universal joints, nested models, joints from
// world), the URDF goes back to SDFormat by two paths:
//
//   A  libsdformat's own URDF parser (sdf::Root::LoadSdfString on the URDF
//      text, which libsdformat 12 recognises as URDF and converts);
//   B  converter::UrdfToSdf (default options), then libsdformat loads that.
//
// Each result, as libsdformat resolves it, is compared with libsdformat's
// load of the original document, element by element:
//   links    name; pose; inertial (mass, centre of mass, inertia about it
//            rotated into the reference frame, R * I * R^T, so that the
//            orientation of the inertial frame does not matter);
//   joints   name, type, parent and child link, pose, axis direction,
//            limits (lower/upper of revolute and prismatic, effort and
//            velocity of every joint with an axis);
//   frames   an SDF //frame F by name, as a link F (sdf2urdf's frame link,
//            with its fixed joint F_joint) or as a frame F; its pose;
//   sensors  on links and joints: owner, name, type, pose;
//   lights   on links: owner, name, type, pose;
//   plugins  name, filename, and what they are in (model, nested model,
//            link, joint, sensor, visual ...).
// Nested models are flattened with "::", as sdf2urdf names them by default
// ("gripper::palm"); a nested model's plugins are expected in the model.
//
// Poses. Neither URDF nor its round trip keeps the SDF model frame (sdf2urdf
// drops the model pose unless a joint from world carries it, and a URDF's
// model frame is its root link), so every pose is compared in a reference
// frame B both sides have: the URDF root link, or, for a URDF rooted at
// `world`, its first joint from world that is an SDF joint. X_BE =
// X_MB^-1 * X_ME on each side, M being that side's model frame as libsdformat
// resolves it. Tolerance 1e-9 (metres, radians as rotation-matrix entries,
// unit axis components, limits); masses and inertias 1e-9 * max(1, |value|)
// since they are not bounded like poses.
//
// sdf2urdf's documented reshaping (converter/sdf_to_urdf.h) is applied to the
// expectation, not counted as a difference:
//  - a link is moved onto its parent joint's frame: a link that is some
//    joint's child is expected at that joint's pose (of a link with several
//    parent joints, a kinematic loop, at the one the URDF tree keeps: the
//    others are carried in <gazebo>); other links (the root,
//    free links on L_floating joints) at their own;
//  - a revolute axis without finite limits (|lower|, |upper| >= 1e16) is a
//    continuous joint, on both sides;
//  - an effort or velocity limit that is negative, infinite or 1e16 and
//    beyond is "no limit" (libsdformat reads SDF's -1 as infinity; sdf2urdf
//    writes an unlimited one as 1e16 and carries the SDF value in a
//    <gazebo> <axis>, which only path B reads);
//  - a lower or upper bound of magnitude 1e16 or beyond is "no limit" like
//    ±inf (SDFormat's before 1.10; sdf2urdf writes an infinite bound so,
//    carried as above);
//  - universal and revolute2 joint J becomes joint J (parent -> made link
//    J_intermediate, axis 1, limits 1) and joint J_axis2 (J_intermediate ->
//    child, axis 2, limits 2), both at J's pose, J_intermediate massless at
//    J's pose;
//  - //frame F becomes link F (massless, at F's pose) on fixed joint F_joint
//    (at F's pose, child F), fixed (through the frame links of frames it is
//    attached to) to the link F is attached to;
//  - a free link L hangs on a joint L_floating (urdf2sdf carries a floating
//    joint as a frame L_floating, so on path B it may be a frame).
//
// Every difference gets a category and fails the test unless
// testdata/sdf_round_trip_differences.txt lists `file path category` with a
// reason; a listed entry that does not occur fails too (the list cannot go
// stale). Categories explained by libsdformat's URDF parser on path A are
// recognised from the URDF and checked numerically before they get their
// category:
//   LUMPED            libsdformat merges a link on a fixed joint into its
//                     parent: the link and the fixed joint are gone (12.3
//                     makes no //frame for them), joints from it start at
//                     the parent, its sensors, lights and plugins move there
//                     (pose checked), and the parent's inertial is the
//                     combination (checked against the combined inertial
//                     computed here);
//   MASSLESS_DROPPED  libsdformat leaves out a link without mass (no
//                     <inertial>, or mass 0 within 1e-6) whose joint is not fixed, with
//                     its whole subtree (links, joints, sensors ...).
// A result libsdformat does not load (LOAD) is not compared further.
// Any other category (POSE, INERTIAL, JOINT_TYPE, JOINT_LINKS, AXIS, LIMITS,
// *_MISSING, *_EXTRA, *_OWNER, SENSOR_TYPE, LIGHT_TYPE, LOAD, CONVERT,
// UNRESOLVED, REFERENCE) is a difference of our own unless a reviewer lists
// it with a reason.
//
// Outside Bazel, from the workspace directory:
//   export SDF_CORPUS_DIR=/work/shared/corpus
//   export SDF_ROUND_TRIP_DIFFERENCES=testdata/sdf_round_trip_differences.txt
//   bazel-bin/converter/sdf_round_trip_corpus_test
// SDF_ROUND_TRIP_MAX_FAILURES=N prints N failure lines instead of 60;
// SDF_ROUND_TRIP_ONLY=SUBSTRING compares only the files whose path has it
// (the stale-entry check is then skipped).
//
// Notation as in DESIGN.md: X_AB is the pose of frame B in frame A.

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <functional>
#include <iostream>
#include <limits>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <Eigen/Geometry>
#include <gtest/gtest.h>
#include <ignition/math/Inertial.hh>
#include <ignition/math/Pose3.hh>
#include <ignition/math/Vector3.hh>
#include <sdf/Element.hh>
#include <sdf/Error.hh>
#include <sdf/Frame.hh>
#include <sdf/Joint.hh>
#include <sdf/JointAxis.hh>
#include <sdf/Light.hh>
#include <sdf/Link.hh>
#include <sdf/Model.hh>
#include <sdf/ParserConfig.hh>
#include <sdf/Root.hh>
#include <sdf/SemanticPose.hh>
#include <sdf/Sensor.hh>
#include <tinyxml2.h>

#include "converter/sdf_to_urdf.h"
#include "converter/urdf_to_sdf.h"
#include "sdf_io/testing/sdformat_loader.h"
#include "testing/corpus.h"
#include "testing/format.h"

namespace {

namespace fs = std::filesystem;
using Eigen::Isometry3d;
using Eigen::Matrix3d;
using Eigen::Vector3d;
using sdf_oracle::MakeConfig;
using sdf_oracle::ToIsometry;
using test_support::CorpusDir;
using test_support::CorpusFiles;
using test_support::IsSingleModelDocument;
using test_support::Joined;
using test_support::MaxDiff;
using test_support::Num;
using test_support::PoseStr;
using test_support::Runfile;
using test_support::Vec;

constexpr double kTol = 1e-9;
// SDFormat's "no limit" for lower/upper.
constexpr double kUnlimited = 1e16;

std::string OneLine(std::string s, size_t max_len = 300) {
  return test_support::OneLine(std::move(s), max_len);
}

// ---------------------------------------------------------------------------
// libsdformat's view of one model, flattened.

struct InertialRec {
  double mass = 0;
  Isometry3d X_MI = Isometry3d::Identity();  // inertial frame, at the CoM
  Matrix3d I = Matrix3d::Zero();             // about the CoM, in frame I
};

struct LinkRec {
  bool posed = false;
  Isometry3d X_ML = Isometry3d::Identity();
  InertialRec inertial;
};

struct AxisRec {
  bool resolved = false;
  Vector3d xyz_M = Vector3d::Zero();  // unit, in the model frame
  double lower = 0, upper = 0, effort = 0, velocity = 0;
};

struct JointRec {
  std::string type, parent, child;
  bool posed = false;
  Isometry3d X_MJ = Isometry3d::Identity();
  std::vector<AxisRec> axes;  // axis, axis2 when libsdformat has them
};

// A frame, sensor or light.
struct PosedRec {
  std::string type;
  std::string body;  // a frame's: the link it is attached to
  bool posed = false;
  Isometry3d X_ME = Isometry3d::Identity();
};

struct PluginRec {
  // "model", "model:N", "link:L", "joint:J", "link:L/sensor:S",
  // "link:L/visual:V", ... (names flattened with "::").
  std::string owner, name, filename;
  std::string Str() const {
    return "plugin " + name + " (" + filename + ") in " + owner;
  }
};

struct ModelRec {
  bool ok = false;
  std::vector<std::string> errors;
  std::map<std::string, LinkRec> links;
  std::map<std::string, JointRec> joints;
  std::map<std::string, PosedRec> frames;
  std::map<std::string, PosedRec> sensors;  // "OWNER/NAME", owner link/joint
  std::map<std::string, PosedRec> lights;   // "LINK/NAME"
  std::vector<PluginRec> plugins;
};

bool Resolve(const sdf::SemanticPose& semantic, Isometry3d* X) {
  ignition::math::Pose3d pose;
  if (!semantic.Resolve(pose, "__model__").empty()) return false;
  *X = ToIsometry(pose);
  return true;
}

std::string JointTypeStr(sdf::JointType type) {
  switch (type) {
    case sdf::JointType::BALL: return "ball";
    case sdf::JointType::CONTINUOUS: return "continuous";
    case sdf::JointType::FIXED: return "fixed";
    case sdf::JointType::GEARBOX: return "gearbox";
    case sdf::JointType::PRISMATIC: return "prismatic";
    case sdf::JointType::REVOLUTE: return "revolute";
    case sdf::JointType::REVOLUTE2: return "revolute2";
    case sdf::JointType::SCREW: return "screw";
    case sdf::JointType::UNIVERSAL: return "universal";
    default: return "invalid";
  }
}

std::string LightTypeStr(sdf::LightType type) {
  switch (type) {
    case sdf::LightType::POINT: return "point";
    case sdf::LightType::SPOT: return "spot";
    case sdf::LightType::DIRECTIONAL: return "directional";
    default: return "invalid";
  }
}

// Walks a (nested) model whose frame is at X_MN in the top model's frame M;
// `scope` is "" or "N::" and prefixes every name.
class Walker {
 public:
  explicit Walker(ModelRec* r) : r_(*r) {}

  void Model(const sdf::Model& model, const std::string& scope,
             const Isometry3d& X_MN) {
    for (uint64_t i = 0; i < model.LinkCount(); ++i) {
      if (const sdf::Link* link = model.LinkByIndex(i)) {
        Link(*link, scope, X_MN);
      }
    }
    for (uint64_t i = 0; i < model.JointCount(); ++i) {
      if (const sdf::Joint* joint = model.JointByIndex(i)) {
        Joint(*joint, scope, X_MN);
      }
    }
    for (uint64_t i = 0; i < model.FrameCount(); ++i) {
      const sdf::Frame* frame = model.FrameByIndex(i);
      if (frame == nullptr) continue;
      PosedRec& f = r_.frames[scope + frame->Name()];
      f.type = "frame";
      std::string body;
      if (frame->ResolveAttachedToBody(body).empty()) f.body = scope + body;
      Isometry3d X;
      if ((f.posed = Resolve(frame->SemanticPose(), &X))) f.X_ME = X_MN * X;
    }
    for (uint64_t i = 0; i < model.ModelCount(); ++i) {
      const sdf::Model* nested = model.ModelByIndex(i);
      if (nested == nullptr) continue;
      Isometry3d X;
      if (!Resolve(nested->SemanticPose(), &X)) {
        r_.errors.push_back("nested model " + scope + nested->Name() +
                            ": pose not resolved");
        continue;
      }
      Model(*nested, scope + nested->Name() + "::", X_MN * X);
    }
    // Joint sensors last: their fallback needs every frame of the scope.
    for (uint64_t i = 0; i < model.JointCount(); ++i) {
      if (const sdf::Joint* joint = model.JointByIndex(i)) {
        JointSensors(*joint, scope, X_MN);
      }
    }
  }

  // Every <plugin> under `e` (not inside custom elements such as a carried
  // <urdf:gazebo>: libsdformat does not load those).
  void Plugins(const sdf::ElementPtr& e, const std::string& owner,
               const std::string& scope) {
    for (sdf::ElementPtr c = e->GetFirstElement(); c;
         c = c->GetNextElement()) {
      const std::string kind = c->GetName();
      if (kind.find(':') != std::string::npos) continue;
      const std::string name =
          c->HasAttribute("name") ? c->GetAttribute("name")->GetAsString()
                                  : "";
      if (kind == "plugin") {
        const std::string filename =
            c->HasAttribute("filename")
                ? c->GetAttribute("filename")->GetAsString()
                : "";
        r_.plugins.push_back({owner, name, filename});
      } else if (kind == "model") {
        Plugins(c, "model:" + scope + name, scope + name + "::");
      } else if (kind == "link" || kind == "joint") {
        Plugins(c, kind + ":" + scope + name, scope);
      } else if (kind == "sensor" || kind == "visual" ||
                 kind == "collision" || kind == "light") {
        Plugins(c, owner + "/" + kind + ":" + name, scope);
      } else {
        Plugins(c, owner, scope);
      }
    }
  }

 private:
  void Link(const sdf::Link& link, const std::string& scope,
            const Isometry3d& X_MN) {
    const std::string name = scope + link.Name();
    LinkRec& l = r_.links[name];
    Isometry3d X;
    if ((l.posed = Resolve(link.SemanticPose(), &X))) l.X_ML = X_MN * X;
    const ignition::math::Inertiald& inertial = link.Inertial();
    l.inertial.mass = inertial.MassMatrix().Mass();
    l.inertial.X_MI = l.X_ML * ToIsometry(inertial.Pose());
    const ignition::math::Matrix3d& m = inertial.MassMatrix().Moi();
    for (int i = 0; i < 3; ++i) {
      for (int j = 0; j < 3; ++j) l.inertial.I(i, j) = m(i, j);
    }
    for (uint64_t i = 0; i < link.SensorCount(); ++i) {
      const sdf::Sensor* sensor = link.SensorByIndex(i);
      if (sensor == nullptr) continue;
      PosedRec& s = r_.sensors[name + "/" + sensor->Name()];
      s.type = sensor->TypeStr();
      if ((s.posed = Resolve(sensor->SemanticPose(), &X))) s.X_ME = X_MN * X;
    }
    for (uint64_t i = 0; i < link.LightCount(); ++i) {
      const sdf::Light* light = link.LightByIndex(i);
      if (light == nullptr) continue;
      PosedRec& s = r_.lights[name + "/" + light->Name()];
      s.type = LightTypeStr(light->Type());
      if ((s.posed = Resolve(light->SemanticPose(), &X))) s.X_ME = X_MN * X;
    }
  }

  void Joint(const sdf::Joint& joint, const std::string& scope,
             const Isometry3d& X_MN) {
    JointRec& j = r_.joints[scope + joint.Name()];
    j.type = JointTypeStr(joint.Type());
    std::string parent, child;
    if (joint.ParentLinkName() == "world") {
      j.parent = "world";
    } else if (joint.ResolveParentLink(parent).empty()) {
      j.parent = scope + parent;
    } else {
      j.parent = "(unresolved " + scope + joint.ParentLinkName() + ")";
    }
    if (joint.ResolveChildLink(child).empty()) {
      j.child = scope + child;
    } else {
      j.child = "(unresolved " + scope + joint.ChildLinkName() + ")";
    }
    Isometry3d X;
    if ((j.posed = Resolve(joint.SemanticPose(), &X))) j.X_MJ = X_MN * X;
    const int axes = j.type == "fixed" || j.type == "ball" ? 0
                     : j.type == "universal" || j.type == "revolute2" ? 2
                                                                        : 1;
    for (int index = 0; index < axes; ++index) {
      const sdf::JointAxis* axis = joint.Axis(index);
      AxisRec a;
      if (axis == nullptr) {
        // No <axis>: SDFormat's default, 0 0 1 in the joint frame, no
        // limits (libsdformat has no JointAxis then).
        if (j.posed) {
          a.xyz_M = j.X_MJ.linear() * Vector3d::UnitZ();
          a.resolved = true;
        }
        a.lower = -kUnlimited;
        a.upper = kUnlimited;
        a.effort = a.velocity = -1;
        j.axes.push_back(a);
        continue;
      }
      ignition::math::Vector3d xyz;
      if (axis->ResolveXyz(xyz, "__model__").empty()) {
        a.xyz_M = X_MN.linear() * Vector3d(xyz.X(), xyz.Y(), xyz.Z());
        if (a.xyz_M.norm() > 0) {
          a.xyz_M.normalize();
          a.resolved = true;
        }
      }
      a.lower = axis->Lower();
      a.upper = axis->Upper();
      a.effort = axis->Effort();
      a.velocity = axis->MaxVelocity();
      j.axes.push_back(a);
    }
  }

  // libsdformat 12 gives a joint's sensors no pose graph; as in
  // sdf_io/testing/sdformat_oracle.cc, their pose is then libsdformat's
  // RawPose in the frame PoseRelativeTo names (the joint when empty).
  void JointSensors(const sdf::Joint& joint, const std::string& scope,
                    const Isometry3d& X_MN) {
    const std::string name = scope + joint.Name();
    for (uint64_t i = 0; i < joint.SensorCount(); ++i) {
      const sdf::Sensor* sensor = joint.SensorByIndex(i);
      if (sensor == nullptr) continue;
      PosedRec& s = r_.sensors[name + "/" + sensor->Name()];
      s.type = sensor->TypeStr();
      Isometry3d X;
      if ((s.posed = Resolve(sensor->SemanticPose(), &X))) {
        s.X_ME = X_MN * X;
        continue;
      }
      const std::string& relative_to = sensor->PoseRelativeTo();
      Isometry3d X_MF;
      bool found = true;
      if (relative_to == "__model__") {
        X_MF = X_MN;
      } else {
        const std::string f = relative_to.empty() ? name : scope + relative_to;
        if (r_.joints.count(f) && r_.joints.at(f).posed) {
          X_MF = r_.joints.at(f).X_MJ;
        } else if (r_.links.count(f) && r_.links.at(f).posed) {
          X_MF = r_.links.at(f).X_ML;
        } else if (r_.frames.count(f) && r_.frames.at(f).posed) {
          X_MF = r_.frames.at(f).X_ME;
        } else {
          found = false;
        }
      }
      if (found) {
        s.posed = true;
        s.X_ME = X_MF * ToIsometry(sensor->RawPose());
      }
    }
  }

  ModelRec& r_;
};

// Loads with libsdformat as sdf::Root::Load(path, config) and
// Root::LoadSdfString(text, config) do (the text may be URDF, which
// libsdformat converts with its own URDF parser), except that sdf::init runs
// once (sdf_io/testing/sdformat_loader.h), which makes a load about 3 times
// faster. SDF_ROUND_TRIP_FRESH_INIT=1 calls Root::Load/LoadSdfString
// themselves instead, to check that both give the same output.
class Loader {
 public:
  Loader() : fresh_(std::getenv("SDF_ROUND_TRIP_FRESH_INIT") != nullptr) {}

  ModelRec File(const std::string& path,
                const std::vector<std::string>& model_paths) {
    const sdf::ParserConfig config = MakeConfig(model_paths);
    if (fresh_) {
      return Walk([&](sdf::Root& root) { return root.Load(path, config); });
    }
    return Walk([&](sdf::Root& root) {
      return sdf_oracle::FastLoadFile(&root, path, config);
    });
  }

  // SDFormat or URDF text.
  ModelRec Text(const std::string& text,
                const std::vector<std::string>& model_paths) {
    const sdf::ParserConfig config = MakeConfig(model_paths);
    if (fresh_) {
      return Walk(
          [&](sdf::Root& root) { return root.LoadSdfString(text, config); });
    }
    return Walk([&](sdf::Root& root) {
      return sdf_oracle::FastLoadString(&root, text, config);
    });
  }

 private:
  static ModelRec Walk(const std::function<sdf::Errors(sdf::Root&)>& load) {
    ModelRec r;
    sdf::Root root;
    try {
      const sdf::Errors errors = load(root);
      for (const sdf::Error& e : errors) r.errors.push_back(e.Message());
    } catch (const std::exception& e) {
      r.errors.push_back(std::string("exception: ") + e.what());
    }
    const sdf::Model* model = root.Model();
    if (model == nullptr) {
      r.errors.push_back("no model");
      return r;
    }
    r.ok = r.errors.empty();
    Walker walker(&r);
    walker.Model(*model, "", Isometry3d::Identity());
    if (model->Element()) walker.Plugins(model->Element(), "model", "");
    return r;
  }

  const bool fresh_;
};

// ---------------------------------------------------------------------------
// The URDF in between (what libsdformat's parser decides on path A).

struct UrdfTree {
  struct Joint {
    std::string type, parent, child;
  };
  std::string root;
  std::vector<std::string> links;  // document order
  std::map<std::string, Joint> joints;
  std::vector<std::string> joint_order;
  std::map<std::string, std::string> parent_joint;  // child link -> joint
  std::set<std::string> massless;  // no <inertial>, or mass 0 (within 1e-6)

  // libsdformat's URDF parser leaves out a non-root link without mass on a
  // joint that is not fixed, with its subtree: true when `link` or one of
  // its ancestors is such a link.
  bool Dropped(const std::string& link) const {
    for (std::string l = link; parent_joint.count(l);) {
      const Joint& j = joints.at(parent_joint.at(l));
      if (massless.count(l) && j.type != "fixed") return true;
      l = j.parent;
    }
    return false;
  }
  // On a fixed joint (libsdformat's parser lumps it into its parent).
  bool OnFixedJoint(const std::string& link) const {
    const auto it = parent_joint.find(link);
    return it != parent_joint.end() && joints.at(it->second).type == "fixed";
  }
};

bool ParseUrdf(const std::string& text, UrdfTree* u, std::string* why) {
  tinyxml2::XMLDocument doc;
  if (doc.Parse(text.c_str()) != tinyxml2::XML_SUCCESS) {
    *why = "not XML";
    return false;
  }
  const tinyxml2::XMLElement* robot = doc.RootElement();
  if (robot == nullptr || std::string(robot->Name()) != "robot") {
    *why = "no <robot>";
    return false;
  }
  for (const tinyxml2::XMLElement* l = robot->FirstChildElement("link"); l;
       l = l->NextSiblingElement("link")) {
    const std::string name = l->Attribute("name") ? l->Attribute("name") : "";
    u->links.push_back(name);
    const tinyxml2::XMLElement* inertial = l->FirstChildElement("inertial");
    const tinyxml2::XMLElement* mass =
        inertial ? inertial->FirstChildElement("mass") : nullptr;
    // libsdformat's URDF parser: no mass, or ignition::math::equal(mass, 0)
    // (within 1e-6; px4's control surfaces have mass 1e-08).
    if (mass == nullptr || std::abs(mass->DoubleAttribute("value", 0.0)) <= 1e-6) {
      u->massless.insert(name);
    }
  }
  for (const tinyxml2::XMLElement* j = robot->FirstChildElement("joint"); j;
       j = j->NextSiblingElement("joint")) {
    UrdfTree::Joint joint;
    joint.type = j->Attribute("type") ? j->Attribute("type") : "";
    const tinyxml2::XMLElement* p = j->FirstChildElement("parent");
    const tinyxml2::XMLElement* c = j->FirstChildElement("child");
    if (p && p->Attribute("link")) joint.parent = p->Attribute("link");
    if (c && c->Attribute("link")) joint.child = c->Attribute("link");
    const std::string name = j->Attribute("name") ? j->Attribute("name") : "";
    u->joints[name] = joint;
    u->joint_order.push_back(name);
    u->parent_joint[joint.child] = name;
  }
  for (const std::string& l : u->links) {
    if (!u->parent_joint.count(l)) {
      u->root = l;
      break;
    }
  }
  if (u->root.empty()) {
    *why = "no root link";
    return false;
  }
  return true;
}

// ---------------------------------------------------------------------------
// The comparison of one round trip T (path A or B) with the original O.

struct Diff {
  std::string category, detail;
};

struct Stats {
  int files = 0;
  int links = 0, inertials = 0, joints = 0, axes = 0, limits = 0, frames = 0,
      sensors = 0, lights = 0, plugins = 0;
  int made = 0;  // made elements checked (frame links, J_intermediate ...)
  int total() const {
    return links + inertials + joints + axes + limits + frames + sensors +
           lights + plugins + made;
  }
};

bool Unlimited(double v) { return std::abs(v) >= kUnlimited; }

// SDF's type as sdf2urdf reads it: a revolute axis without finite limits is
// continuous.
std::string NormalType(const std::string& type, const AxisRec* axis) {
  if (type == "revolute" && axis != nullptr && Unlimited(axis->lower) &&
      Unlimited(axis->upper)) {
    return "continuous";
  }
  return type;
}

// Effort and velocity: negative, infinite or 1e16 and beyond is no limit.
double NormalLimit(double v) {
  return (v < 0 || v >= kUnlimited) ? std::numeric_limits<double>::infinity()
                                    : v;
}

// Lower and upper: ±1e16 and beyond is no limit, as ±inf.
double NormalBound(double v) {
  return Unlimited(v) ? std::copysign(std::numeric_limits<double>::infinity(), v)
                      : v;
}

bool Near(double a, double b, double tol) {
  if (std::isinf(a) || std::isinf(b)) return a == b;
  return std::abs(a - b) <= tol;
}

bool NearScaled(double a, double b) {
  return Near(a, b, kTol * std::max({1.0, std::abs(a), std::abs(b)}));
}

// Inertia about the centre of mass, in frame B.
struct MassProps {
  double mass = 0;
  Vector3d c = Vector3d::Zero();
  Matrix3d I = Matrix3d::Zero();
};

MassProps InB(const InertialRec& r, const Isometry3d& X_BM) {
  MassProps p;
  p.mass = r.mass;
  const Isometry3d X_BI = X_BM * r.X_MI;
  p.c = X_BI.translation();
  p.I = X_BI.linear() * r.I * X_BI.linear().transpose();
  return p;
}

MassProps Combine(const std::vector<MassProps>& parts) {
  MassProps out;
  for (const MassProps& p : parts) out.mass += p.mass;
  if (out.mass <= 0) return out;
  for (const MassProps& p : parts) out.c += p.mass * p.c;
  out.c /= out.mass;
  for (const MassProps& p : parts) {
    const Vector3d d = p.c - out.c;
    out.I += p.I + p.mass * (d.squaredNorm() * Matrix3d::Identity() -
                             d * d.transpose());
  }
  return out;
}

// "" when equal, else what differs.
std::string MassDiff(const MassProps& o, const MassProps& t) {
  if (!NearScaled(o.mass, t.mass)) {
    return "mass " + Num(o.mass) + " vs " + Num(t.mass);
  }
  if (o.mass == 0 && t.mass == 0) return "";
  if ((o.c - t.c).cwiseAbs().maxCoeff() > kTol) {
    return "centre of mass " + Vec(o.c) + " vs " + Vec(t.c);
  }
  const double scale = std::max({1.0, o.I.cwiseAbs().maxCoeff(),
                                 t.I.cwiseAbs().maxCoeff()});
  if ((o.I - t.I).cwiseAbs().maxCoeff() > kTol * scale) {
    return "inertia " + test_support::MatStr(o.I) + " vs " +
           test_support::MatStr(t.I);
  }
  return "";
}

class Compare {
 public:
  Compare(const ModelRec& o, const ModelRec& t, const UrdfTree& u, char path,
          Stats* stats, std::vector<Diff>* diffs)
      : o_(o), t_(t), u_(u), a_(path == 'A'), stats_(*stats),
        diffs_(*diffs) {}

  void Run() {
    if (!Reference()) return;
    MadeNames();
    Lumping();
    Links();
    Joints();
    Frames();
    Posed("sensor", o_.sensors, t_.sensors, &stats_.sensors);
    Posed("light", o_.lights, t_.lights, &stats_.lights);
    Plugins();
    Extras();
  }

 private:
  void Add(const std::string& category, const std::string& detail) {
    diffs_.push_back({category, detail});
  }

  // --- the reference frame B ------------------------------------------------

  bool Reference() {
    std::string ref;
    if (u_.root != "world") {
      ref = u_.root;
      if (!o_.links.count(ref) || !o_.links.at(ref).posed) {
        Add("REFERENCE", "URDF root link " + ref + " is no SDF link");
        return false;
      }
      if (!t_.links.count(ref) || !t_.links.at(ref).posed) {
        Add("REFERENCE", "URDF root link " + ref + " is not in the result");
        return false;
      }
      X_BO_ = o_.links.at(ref).X_ML.inverse();
      X_BT_ = t_.links.at(ref).X_ML.inverse();
      return true;
    }
    for (const std::string& j : u_.joint_order) {
      if (u_.joints.at(j).parent != "world" || !o_.joints.count(j)) continue;
      if (!o_.joints.at(j).posed) continue;
      if (!t_.joints.count(j) || !t_.joints.at(j).posed) {
        Add("REFERENCE", "joint from world " + j + " is not in the result");
        return false;
      }
      X_BO_ = o_.joints.at(j).X_MJ.inverse();
      X_BT_ = t_.joints.at(j).X_MJ.inverse();
      return true;
    }
    Add("REFERENCE", "URDF rooted at world without an SDF joint from world");
    return false;
  }

  // --- made elements --------------------------------------------------------

  void MadeNames() {
    for (const auto& [name, f] : o_.frames) {
      made_links_[name] = "frame link";
      made_joints_[name + "_joint"] = "frame joint";
    }
    for (const auto& [name, j] : o_.joints) {
      if (j.type == "universal" || j.type == "revolute2") {
        made_links_[name + "_intermediate"] = "intermediate link";
        made_joints_[name + "_axis2"] = "second axis joint";
      }
      o_parent_joint_[j.child] = name;
    }
    // A link that is the child of several SDF joints (a kinematic loop) sits
    // on the one sdf2urdf keeps in the URDF tree; the others are carried in
    // <gazebo> (JOINT_LOOP_CUT).
    // A link made the root of a cycle of joints no root reaches hangs on
    // L_floating like a free link.
    for (const auto& [child, joint] : u_.parent_joint) {
      const auto o = o_.joints.find(joint);
      if (o != o_.joints.end() && o->second.child == child) {
        o_parent_joint_[child] = joint;
      } else if (o == o_.joints.end() && joint == child + "_floating") {
        o_parent_joint_.erase(child);
      }
    }
    for (const auto& [name, l] : o_.links) {
      if (name != u_.root && !o_parent_joint_.count(name)) {
        made_joints_[name + "_floating"] = "floating joint";
      }
    }
  }

  // --- libsdformat's lumping on path A ---------------------------------------

  // The link of T that URDF link `link` is lumped into ("" when none).
  std::string LumpedInto(const std::string& link) const {
    std::string l = link;
    while (!t_.links.count(l) && u_.OnFixedJoint(l)) {
      l = u_.joints.at(u_.parent_joint.at(l)).parent;
    }
    return t_.links.count(l) ? l : "";
  }
  bool Lumped(const std::string& link) const {
    return a_ && !t_.links.count(link) && !u_.Dropped(link) &&
           u_.OnFixedJoint(link) && !LumpedInto(link).empty();
  }
  bool Dropped(const std::string& link) const {
    return a_ && !t_.links.count(link) && u_.Dropped(link);
  }

  void Lumping() {
    if (!a_) return;
    for (const auto& [name, l] : o_.links) {
      if (Lumped(name)) lumped_into_[LumpedInto(name)].push_back(name);
    }
  }

  // --- links ----------------------------------------------------------------

  // Where sdf2urdf puts the frame of SDF link `name`, in M of O.
  Isometry3d ExpectedLinkPose(const std::string& name) const {
    const auto j = o_parent_joint_.find(name);
    if (j != o_parent_joint_.end() && o_.joints.at(j->second).posed) {
      return o_.joints.at(j->second).X_MJ;
    }
    return o_.links.at(name).X_ML;
  }

  void ComparePose(const std::string& what, const Isometry3d& X_MO,
                   const Isometry3d& X_MT) {
    const Isometry3d o = X_BO_ * X_MO, t = X_BT_ * X_MT;
    if (MaxDiff(o, t) > kTol) {
      Add("POSE", what + ": expected " + PoseStr(o) + ", result " +
                      PoseStr(t) + " (in the reference frame)");
    }
  }

  void Links() {
    for (const auto& [name, o] : o_.links) {
      if (!o.posed) continue;
      const auto t = t_.links.find(name);
      if (t == t_.links.end()) {
        if (Dropped(name)) {
          Add("MASSLESS_DROPPED", "link " + name);
        } else if (Lumped(name)) {
          Add("LUMPED", "link " + name + " lumped into " + LumpedInto(name));
        } else if (t_.frames.count(name)) {
          Add("LINK_MISSING", "link " + name + " is a frame in the result");
        } else {
          Add("LINK_MISSING", "link " + name);
        }
        continue;
      }
      ++stats_.links;
      if (!t->second.posed) {
        Add("UNRESOLVED", "link " + name + ": pose not resolved");
        continue;
      }
      ComparePose("link " + name, ExpectedLinkPose(name), t->second.X_ML);
      ++stats_.inertials;
      const MassProps own = InB(o.inertial, X_BO_);
      const MassProps got = InB(t->second.inertial, X_BT_);
      const std::string diff = MassDiff(own, got);
      if (diff.empty()) continue;
      const auto lumped = lumped_into_.find(name);
      if (lumped != lumped_into_.end()) {
        std::vector<MassProps> parts = {own};
        std::string names;
        for (const std::string& l : lumped->second) {
          parts.push_back(InB(o_.links.at(l).inertial, X_BO_));
          names += " " + l;
        }
        const std::string combined = MassDiff(Combine(parts), got);
        if (combined.empty()) {
          Add("LUMPED", "inertial of link " + name + " combines" + names);
        } else {
          Add("INERTIAL", "link " + name + ": combined with" + names + ": " +
                              combined);
        }
        continue;
      }
      Add("INERTIAL", "link " + name + ": " + diff);
    }
  }

  // --- joints ---------------------------------------------------------------

  // Joint `name` of T against the expectation.
  void CompareJoint(const std::string& name, const std::string& type,
                    const std::string& parent, const std::string& child,
                    const Isometry3d& X_MJ, const AxisRec* axis) {
    const auto it = t_.joints.find(name);
    if (it == t_.joints.end()) {
      const auto uj = u_.joints.find(name);
      if (a_ && uj != u_.joints.end() && u_.Dropped(uj->second.child)) {
        Add("MASSLESS_DROPPED", "joint " + name);
      } else if (a_ && uj != u_.joints.end() && uj->second.type == "fixed" &&
                 Lumped(uj->second.child)) {
        Add("LUMPED", "fixed joint " + name);
      } else {
        Add("JOINT_MISSING", "joint " + name);
      }
      return;
    }
    const JointRec& t = it->second;
    ++stats_.joints;
    const AxisRec* t_axis = t.axes.empty() ? nullptr : &t.axes[0];
    const std::string t_type = NormalType(t.type, t_axis);
    if (t_type != type) {
      Add("JOINT_TYPE", "joint " + name + ": " + type + " vs " + t_type);
    }
    if (t.child != child) {
      Add("JOINT_LINKS", "joint " + name + ": child " + child + " vs " +
                             t.child);
    }
    if (t.parent != parent) {
      if (a_ && Lumped(parent) && LumpedInto(parent) == t.parent) {
        Add("LUMPED", "joint " + name + ": parent " + parent +
                          " lumped into " + t.parent);
      } else {
        Add("JOINT_LINKS", "joint " + name + ": parent " + parent + " vs " +
                               t.parent);
      }
    }
    if (!t.posed) {
      Add("UNRESOLVED", "joint " + name + ": pose not resolved");
    } else {
      ComparePose("joint " + name, X_MJ, t.X_MJ);
    }
    if (axis == nullptr || type == "fixed") return;
    if (t_axis == nullptr || !t_axis->resolved) {
      Add("AXIS", "joint " + name + ": no axis in the result");
      return;
    }
    if (axis->resolved) {
      ++stats_.axes;
      const Vector3d o = X_BO_.linear() * axis->xyz_M;
      const Vector3d r = X_BT_.linear() * t_axis->xyz_M;
      if ((o - r).cwiseAbs().maxCoeff() > kTol) {
        Add("AXIS", "joint " + name + ": " + Vec(o) + " vs " + Vec(r));
      }
    }
    ++stats_.limits;
    std::string limits;
    if (type == "revolute" || type == "prismatic") {
      if (!Near(NormalBound(axis->lower), NormalBound(t_axis->lower), kTol) ||
          !Near(NormalBound(axis->upper), NormalBound(t_axis->upper), kTol)) {
        limits += " lower/upper " + Num(axis->lower) + " " +
                  Num(axis->upper) + " vs " + Num(t_axis->lower) + " " +
                  Num(t_axis->upper);
      }
    }
    if (!NearScaled(NormalLimit(axis->effort), NormalLimit(t_axis->effort))) {
      limits += " effort " + Num(axis->effort) + " vs " + Num(t_axis->effort);
    }
    if (!NearScaled(NormalLimit(axis->velocity),
                    NormalLimit(t_axis->velocity))) {
      limits += " velocity " + Num(axis->velocity) + " vs " +
                Num(t_axis->velocity);
    }
    if (!limits.empty()) Add("LIMITS", "joint " + name + ":" + limits);
  }

  void Joints() {
    for (const auto& [name, o] : o_.joints) {
      if (!o.posed) continue;
      const AxisRec* axis1 = o.axes.empty() ? nullptr : &o.axes[0];
      if (o.type == "universal" || o.type == "revolute2") {
        const std::string mid = name + "_intermediate";
        const AxisRec* axis2 = o.axes.size() > 1 ? &o.axes[1] : nullptr;
        CompareJoint(name, NormalType("revolute", axis1), o.parent, mid,
                     o.X_MJ, axis1);
        CompareJoint(name + "_axis2", NormalType("revolute", axis2), mid,
                     o.child, o.X_MJ, axis2);
        const auto l = t_.links.find(mid);
        if (l == t_.links.end()) {
          if (Dropped(mid)) {
            Add("MASSLESS_DROPPED", "link " + mid);
          } else {
            Add("LINK_MISSING", "link " + mid + " (made for " + o.type +
                                    " joint " + name + ")");
          }
        } else {
          ++stats_.made;
          ComparePose("link " + mid, o.X_MJ, l->second.X_ML);
          if (l->second.inertial.mass != 0) {
            Add("INERTIAL", "link " + mid + " (made) has mass " +
                                Num(l->second.inertial.mass));
          }
        }
        continue;
      }
      CompareJoint(name, NormalType(o.type, axis1), o.parent, o.child, o.X_MJ,
                   axis1);
    }
  }

  // --- frames ---------------------------------------------------------------

  // The link of T that frame link F is fixed to: up F's fixed joint, and on
  // through frame links (a frame attached to a frame).
  std::string FrameLinkBody(const std::string& frame) const {
    std::string l = frame;
    for (size_t steps = 0; steps <= o_.frames.size(); ++steps) {
      if (!o_.frames.count(l)) return l;
      const auto j = t_.joints.find(l + "_joint");
      if (j == t_.joints.end() || j->second.type != "fixed" ||
          j->second.child != l) {
        return "(no fixed joint " + l + "_joint)";
      }
      l = j->second.parent;
    }
    return "(a cycle of frame links)";
  }

  void Frames() {
    for (const auto& [name, o] : o_.frames) {
      if (!o.posed) continue;
      const auto link = t_.links.find(name);
      const auto frame = t_.frames.find(name);
      if (link != t_.links.end()) {
        ++stats_.frames;
        ComparePose("frame " + name + " (a link)", o.X_ME, link->second.X_ML);
        if (link->second.inertial.mass != 0) {
          Add("INERTIAL", "frame link " + name + " has mass " +
                              Num(link->second.inertial.mass));
        }
        const std::string body = FrameLinkBody(name);
        if (body != o.body) {
          Add("JOINT_LINKS", "frame link " + name + " is fixed to " + body +
                                 ", the frame is attached to " + o.body);
        }
        const auto j = t_.joints.find(name + "_joint");
        if (j == t_.joints.end()) {
          Add("JOINT_MISSING", "joint " + name + "_joint of frame link " +
                                   name);
        } else {
          ++stats_.made;
          if (j->second.type != "fixed" || j->second.child != name) {
            Add("JOINT_TYPE", "joint " + name + "_joint: " + j->second.type +
                                  " to " + j->second.child +
                                  ", expected fixed to " + name);
          }
          ComparePose("joint " + name + "_joint", o.X_ME, j->second.X_MJ);
        }
      } else if (frame != t_.frames.end()) {
        ++stats_.frames;
        ComparePose("frame " + name, o.X_ME, frame->second.X_ME);
      } else if (Dropped(name)) {
        Add("MASSLESS_DROPPED", "frame " + name);
      } else if (Lumped(name)) {
        Add("LUMPED", "frame " + name + " (a massless link on fixed joint " +
                          name + "_joint) lumped into " + LumpedInto(name) +
                          ", no frame made");
      } else {
        Add("FRAME_MISSING", "frame " + name);
      }
    }
  }

  // --- sensors and lights ---------------------------------------------------

  static std::string Owner(const std::string& key) {
    return key.substr(0, key.find('/'));
  }
  static std::string Name(const std::string& key) {
    return key.substr(key.find('/') + 1);
  }

  void Posed(const std::string& kind,
             const std::map<std::string, PosedRec>& o_all,
             const std::map<std::string, PosedRec>& t_all, int* count) {
    std::set<std::string> matched;
    for (const auto& [key, o] : o_all) {
      const std::string owner = Owner(key), name = Name(key);
      const std::string what = kind + " " + name + " on " + owner;
      auto t = t_all.find(key);
      if (t == t_all.end()) {
        // The same name elsewhere.
        for (auto it = t_all.begin(); it != t_all.end(); ++it) {
          if (Name(it->first) == name && !o_all.count(it->first) &&
              !matched.count(it->first)) {
            t = it;
            break;
          }
        }
        if (t == t_all.end()) {
          if (Dropped(owner)) {
            Add("MASSLESS_DROPPED", what);
          } else {
            Add(kind == "sensor" ? "SENSOR_MISSING" : "LIGHT_MISSING", what);
          }
          continue;
        }
        const std::string t_owner = Owner(t->first);
        if (Lumped(owner) && LumpedInto(owner) == t_owner) {
          Add("LUMPED", what + " moved to " + t_owner);
        } else {
          Add(kind == "sensor" ? "SENSOR_OWNER" : "LIGHT_OWNER",
              what + " is on " + t_owner);
        }
      }
      matched.insert(t->first);
      ++*count;
      if (o.type != t->second.type) {
        Add(kind == "sensor" ? "SENSOR_TYPE" : "LIGHT_TYPE",
            what + ": " + o.type + " vs " + t->second.type);
      }
      if (!o.posed || !t->second.posed) {
        Add("UNRESOLVED", what + ": pose not resolved");
        continue;
      }
      ComparePose(what, o.X_ME, t->second.X_ME);
    }
    for (const auto& [key, t] : t_all) {
      if (!matched.count(key)) {
        Add(kind == "sensor" ? "SENSOR_EXTRA" : "LIGHT_EXTRA",
            kind + " " + Name(key) + " on " + Owner(key));
      }
    }
  }

  // --- plugins --------------------------------------------------------------

  // The link of a plugin owner "link:L/..." ("" for another owner).
  static std::string OwnerLink(const std::string& owner) {
    if (owner.compare(0, 5, "link:") != 0) return "";
    return owner.substr(5, owner.find('/') == std::string::npos
                               ? std::string::npos
                               : owner.find('/') - 5);
  }

  // sdf2urdf puts a nested model's plugins with the model's (the URDF has
  // one model; converter/sdf_to_urdf.h, testdata/sdf2urdf/gazebo_model.sdf).
  static PluginRec Expected(PluginRec o) {
    if (o.owner.compare(0, 6, "model:") == 0) o.owner = "model";
    return o;
  }

  void Plugins() {
    std::vector<bool> used(t_.plugins.size(), false);
    std::vector<PluginRec> expected;
    for (const PluginRec& o : o_.plugins) expected.push_back(Expected(o));
    std::vector<const PluginRec*> unmatched;
    for (const PluginRec& o : expected) {
      bool found = false;
      for (size_t i = 0; i < t_.plugins.size() && !found; ++i) {
        const PluginRec& t = t_.plugins[i];
        if (!used[i] && t.owner == o.owner && t.name == o.name &&
            t.filename == o.filename) {
          used[i] = found = true;
        }
      }
      if (found) {
        ++stats_.plugins;
      } else {
        unmatched.push_back(&o);
      }
    }
    for (const PluginRec* o : unmatched) {
      size_t i = 0;
      for (; i < t_.plugins.size(); ++i) {
        const PluginRec& t = t_.plugins[i];
        if (!used[i] && t.name == o->name && t.filename == o->filename) break;
      }
      const std::string link = OwnerLink(o->owner);
      if (i == t_.plugins.size()) {
        if (!link.empty() && Dropped(link)) {
          Add("MASSLESS_DROPPED", o->Str());
        } else {
          Add("PLUGIN_MISSING", o->Str());
        }
        continue;
      }
      used[i] = true;
      ++stats_.plugins;
      const std::string& t_owner = t_.plugins[i].owner;
      if (!link.empty() && Lumped(link) &&
          OwnerLink(t_owner) == LumpedInto(link)) {
        Add("LUMPED", o->Str() + " moved to " + t_owner);
      } else {
        Add("PLUGIN_OWNER", o->Str() + " is in " + t_owner);
      }
    }
    for (size_t i = 0; i < t_.plugins.size(); ++i) {
      if (!used[i]) Add("PLUGIN_EXTRA", t_.plugins[i].Str());
    }
  }

  // --- what the result has that the original does not ------------------------

  void Extras() {
    for (const auto& [name, l] : t_.links) {
      if (o_.links.count(name)) continue;
      const auto made = made_links_.find(name);
      if (made == made_links_.end()) Add("LINK_EXTRA", "link " + name);
    }
    for (const auto& [name, j] : t_.joints) {
      if (o_.joints.count(name)) continue;
      const auto made = made_joints_.find(name);
      if (made == made_joints_.end()) {
        Add("JOINT_EXTRA", "joint " + name);
      } else if (made->second == "floating joint") {
        ++stats_.made;
        ComparePose("joint " + name, ExpectedLinkPose(j.child), j.X_MJ);
      }
    }
    for (const auto& [name, f] : t_.frames) {
      if (o_.frames.count(name)) continue;
      const auto made = made_joints_.find(name);
      if (made != made_joints_.end() && made->second == "floating joint") {
        // urdf2sdf carries a floating joint as a frame posed like it.
        ++stats_.made;
        const std::string link =
            name.substr(0, name.size() - std::string("_floating").size());
        if (f.posed) ComparePose("frame " + name, ExpectedLinkPose(link),
                                 f.X_ME);
        continue;
      }
      Add("FRAME_EXTRA", "frame " + name);
    }
  }

  const ModelRec& o_;
  const ModelRec& t_;
  const UrdfTree& u_;
  const bool a_;
  Stats& stats_;
  std::vector<Diff>& diffs_;
  Isometry3d X_BO_ = Isometry3d::Identity();  // B from O's model frame
  Isometry3d X_BT_ = Isometry3d::Identity();  // B from T's model frame
  std::map<std::string, std::string> made_links_, made_joints_;
  std::map<std::string, std::string> o_parent_joint_;  // child link -> joint
  std::map<std::string, std::vector<std::string>> lumped_into_;
};

// ---------------------------------------------------------------------------
// The reviewed list: `relative/path.sdf  A|B  CATEGORY  # reason`.

const std::set<std::string>& Categories() {
  static const auto* c = new std::set<std::string>{
      "LUMPED",         "MASSLESS_DROPPED", "POSE",          "INERTIAL",
      "JOINT_TYPE",     "JOINT_LINKS",      "AXIS",          "LIMITS",
      "LINK_MISSING",   "JOINT_MISSING",    "FRAME_MISSING", "SENSOR_MISSING",
      "LIGHT_MISSING",  "PLUGIN_MISSING",   "LINK_EXTRA",    "JOINT_EXTRA",
      "FRAME_EXTRA",    "SENSOR_EXTRA",     "LIGHT_EXTRA",   "PLUGIN_EXTRA",
      "SENSOR_OWNER",   "LIGHT_OWNER",      "PLUGIN_OWNER",  "SENSOR_TYPE",
      "LIGHT_TYPE",     "LOAD",             "CONVERT",       "UNRESOLVED",
      "REFERENCE"};
  return *c;
}

// Key "file path CATEGORY" -> reason.
std::map<std::string, std::string> ReadList(const std::string& path,
                                            std::vector<std::string>* bad) {
  std::map<std::string, std::string> out;
  test_support::ForEachReviewedLine(
      path, 3, "path A|B CATEGORY  # reason", bad,
      [&](const test_support::ReviewedLine& l) {
        const std::string& file = l.fields[0];
        const std::string& which = l.fields[1];
        const std::string& category = l.fields[2];
        if (which != "A" && which != "B") {
          bad->push_back(l.where + "path must be A or B, not " + which);
          return;
        }
        if (!Categories().count(category)) {
          bad->push_back(l.where + "unknown category " + category);
          return;
        }
        if (!l.HasReason()) bad->push_back(l.where + "no reason given");
        if (!out.emplace(file + " " + which + " " + category, l.reason)
                 .second) {
          bad->push_back(l.where + "listed twice");
        }
      });
  return out;
}

std::string FirstError(const frames::Diagnostics& diags) {
  for (const frames::Diagnostic& d : diags.all()) {
    if (d.severity == frames::Severity::kError) {
      return std::string(frames::CodeName(d.code)) + ": " +
             OneLine(d.message, 200);
    }
  }
  return "(no error)";
}

// ---------------------------------------------------------------------------
// The comparison itself finds what it is meant to find.

// The differences of result `t_text` (SDFormat, or URDF for libsdformat's
// parser) against original `o_sdf`, sdf2urdf's URDF being `urdf`.
std::vector<Diff> CompareTexts(const std::string& o_sdf,
                               const std::string& t_text,
                               const std::string& urdf, char path,
                               Stats* stats = nullptr) {
  Loader loader;
  const ModelRec o = loader.Text(o_sdf, {});
  const ModelRec t = loader.Text(t_text, {});
  std::vector<Diff> diffs;
  if (!o.ok || !t.ok) {
    diffs.push_back({"LOAD", (o.ok ? "result: " : "original: ") +
                                 (o.ok ? t : o).errors.front()});
    return diffs;
  }
  UrdfTree u;
  std::string why;
  if (!ParseUrdf(urdf, &u, &why)) {
    diffs.push_back({"URDF", why});
    return diffs;
  }
  Stats local;
  Compare(o, t, u, path, stats ? stats : &local, &diffs).Run();
  return diffs;
}

std::string Categories(const std::vector<Diff>& diffs) {
  std::set<std::string> c;
  for (const Diff& d : diffs) c.insert(d.category);
  std::string out;
  for (const std::string& x : c) out += (out.empty() ? "" : " ") + x;
  return out;
}

std::string Details(const std::vector<Diff>& diffs) {
  std::string out;
  for (const Diff& d : diffs) out += "\n  " + d.category + ": " + d.detail;
  return out;
}

std::string Replaced(std::string text, const std::string& from,
                     const std::string& to) {
  const size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

constexpr char kInertia[] =
    "<inertia><ixx>1</ixx><iyy>1</iyy><izz>1</izz></inertia>";

// Links posed like sdf2urdf's output (link frames on their joints), a frame,
// a sensor, a light and a plugin.
std::string Original() {
  return std::string(R"(<sdf version="1.7"><model name="m">
  <link name="base">
    <inertial><pose>0 0 0.1 0 0 0</pose><mass>2</mass>)") + kInertia + R"(</inertial>
    <sensor name="cam" type="camera"><pose>0.1 0 0 0 0 0</pose>
      <camera><image><width>8</width><height>8</height></image></camera>
    </sensor>
  </link>
  <joint name="hinge" type="revolute">
    <pose relative_to="base">0 0 1 0 0 0.5</pose>
    <parent>base</parent><child>arm</child>
    <axis><xyz>0 1 0</xyz><limit><lower>-1</lower><upper>1</upper>
      <effort>5</effort><velocity>2</velocity></limit></axis>
  </joint>
  <link name="arm"><pose relative_to="hinge"/>
    <inertial><mass>1</mass>)" + kInertia + R"(</inertial>
    <light name="lamp" type="point"><pose>0 0 0.5 0 0 0</pose></light>
  </link>
  <frame name="tip" attached_to="arm"><pose>0 0 0.5 0 0 0</pose></frame>
  <plugin name="p" filename="libp.so"/>
</model></sdf>)";
}

// What the round trip should give: the frame as a massless link on a fixed
// joint.
std::string Good() {
  return Replaced(Original(),
                  R"(<frame name="tip" attached_to="arm"><pose>0 0 0.5 0 0 0</pose></frame>)",
                  R"(<joint name="tip_joint" type="fixed">
    <pose relative_to="arm">0 0 0.5 0 0 0</pose>
    <parent>arm</parent><child>tip</child></joint>
  <link name="tip"><pose relative_to="tip_joint"/>
    <inertial><mass>0</mass><inertia><ixx>0</ixx><iyy>0</iyy><izz>0</izz></inertia></inertial>
  </link>)");
}

// The structure of sdf2urdf's URDF of Original() (only names, joint types,
// parents and children and which links have mass matter).
constexpr char kUrdf[] = R"(<robot name="m">
  <link name="base"><inertial><mass value="2"/></inertial></link>
  <link name="arm"><inertial><mass value="1"/></inertial></link>
  <link name="tip"/>
  <joint name="hinge" type="revolute"><parent link="base"/><child link="arm"/></joint>
  <joint name="tip_joint" type="fixed"><parent link="arm"/><child link="tip"/></joint>
</robot>)";

TEST(SdfRoundTripCorpusTest, CompareFindsDifferences) {
  Stats stats;
  const std::vector<Diff> good =
      CompareTexts(Original(), Good(), kUrdf, 'B', &stats);
  EXPECT_TRUE(good.empty()) << Details(good);
  EXPECT_EQ(stats.links, 2);
  EXPECT_EQ(stats.joints, 1);
  EXPECT_EQ(stats.axes, 1);
  EXPECT_EQ(stats.frames, 1);
  EXPECT_EQ(stats.sensors, 1);
  EXPECT_EQ(stats.lights, 1);
  EXPECT_EQ(stats.plugins, 1);

  const struct {
    const char* from;
    const char* to;
    const char* category;
  } cases[] = {
      {"0 0 1 0 0 0.5</pose>", "0 0 1 0 0 0.5000001</pose>", "POSE"},
      {"<pose>0 0 0.1 0 0 0</pose><mass>2", "<pose>0 0 0.1 0 0 0</pose><mass>2.5",
       "INERTIAL"},
      {"<pose>0 0 0.1 0 0 0</pose><mass>2", "<pose>0 0 0.2 0 0 0</pose><mass>2",
       "INERTIAL"},
      {"type=\"revolute\"", "type=\"prismatic\"", "JOINT_TYPE"},
      {"<xyz>0 1 0</xyz>", "<xyz>0 1 1e-6</xyz>", "AXIS"},
      {"<upper>1</upper>", "<upper>1.1</upper>", "LIMITS"},
      {"<effort>5</effort>", "", "LIMITS"},
      {"<parent>arm</parent><child>tip</child>",
       "<parent>base</parent><child>tip</child>", "JOINT_LINKS"},
      {"<pose relative_to=\"arm\">0 0 0.5 0 0 0</pose>",
       "<pose relative_to=\"arm\">0 0 0.5 0 0 1e-6</pose>", "POSE"},
      {"<pose>0.1 0 0 0 0 0</pose>", "<pose>0.1 0 0 0 1e-6 0</pose>", "POSE"},
      {"name=\"cam\" type=\"camera\"", "name=\"cam2\" type=\"camera\"",
       "SENSOR_MISSING"},
      {"type=\"point\"", "type=\"spot\"", "LIGHT_TYPE"},
      {"<plugin name=\"p\" filename=\"libp.so\"/>",
       "<plugin name=\"p\" filename=\"libq.so\"/>", "PLUGIN_MISSING"},
      {"<plugin name=\"p\" filename=\"libp.so\"/>", "", "PLUGIN_MISSING"},
      {"</light>", "</light><sensor name=\"imu\" type=\"imu\"/>",
       "SENSOR_EXTRA"},
      {"<link name=\"arm\">", "<link name=\"extra\"/><link name=\"arm\">",
       "LINK_EXTRA"},
  };
  for (const auto& c : cases) {
    const std::vector<Diff> d =
        CompareTexts(Original(), Replaced(Good(), c.from, c.to), kUrdf, 'B');
    EXPECT_NE(Categories(d).find(c.category), std::string::npos)
        << c.from << " -> " << c.to << ": " << Details(d);
  }
  // A plugin moved from the model into a link.
  {
    std::string t = Replaced(Good(), "<plugin name=\"p\" filename=\"libp.so\"/>",
                             "");
    t = Replaced(t, "<light name", "<plugin name=\"p\" filename=\"libp.so\"/><light name");
    // (A <plugin> in a <link> is not SDFormat 1.7; libsdformat keeps it as
    // an element all the same.)
    const std::vector<Diff> d = CompareTexts(Original(), t, kUrdf, 'B');
    EXPECT_EQ(Categories(d), "PLUGIN_OWNER") << Details(d);
  }
  // The frame missing altogether.
  {
    const std::string t = Replaced(
        Replaced(Good(), "<link name=\"tip\">", "<link name=\"tip_link\">"),
        "<child>tip</child>", "<child>tip_link</child>");
    const std::vector<Diff> d = CompareTexts(Original(), t, kUrdf, 'B');
    EXPECT_NE(Categories(d).find("FRAME_MISSING"), std::string::npos)
        << Details(d);
  }
}

// Path A: libsdformat's parser lumps a link on a fixed joint and drops a
// massless link on a moving joint; both are recognised, and the lumped
// inertial is checked.
TEST(SdfRoundTripCorpusTest, CompareRecognisesLibsdformatLosses) {
  const std::string original = std::string(R"(<sdf version="1.7"><model name="m">
  <link name="base"><inertial><mass>2</mass>)") + kInertia + R"(</inertial></link>
  <joint name="weld" type="fixed"><pose relative_to="base">1 0 0 0 0 0</pose>
    <parent>base</parent><child>tool</child></joint>
  <link name="tool"><pose relative_to="weld"/>
    <inertial><pose>0 0.5 0 0 0 0</pose><mass>1</mass>)" + kInertia + R"(</inertial>
    <sensor name="imu" type="imu"><pose>0 0 0.25 0 0 0</pose></sensor>
  </link>
  <joint name="hinge" type="revolute"><pose relative_to="tool">0 0 1 0 0 0</pose>
    <parent>tool</parent><child>arm</child>
    <axis><xyz>0 0 1</xyz><limit><lower>-1</lower><upper>1</upper></limit></axis>
  </joint>
  <link name="arm"><pose relative_to="hinge"/>
    <inertial><mass>1</mass>)" + kInertia + R"(</inertial></link>
</model></sdf>)";
  const std::string urdf = R"(<robot name="m">
  <link name="base"><inertial><mass value="2"/>
    <inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial></link>
  <link name="tool"><inertial><origin xyz="0 0.5 0"/><mass value="TOOL_MASS"/>
    <inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial></link>
  <joint name="weld" type="fixed"><origin xyz="1 0 0"/>
    <parent link="base"/><child link="tool"/></joint>
  <gazebo reference="tool"><sensor name="imu" type="imu"><pose>0 0 0.25 0 0 0</pose></sensor></gazebo>
  <link name="arm">ARM_INERTIAL</link>
  <joint name="hinge" type="revolute"><origin xyz="0 0 1"/>
    <parent link="tool"/><child link="arm"/><axis xyz="0 0 1"/>
    <limit lower="-1" upper="1" effort="-1" velocity="-1"/></joint>
</robot>)";
  const std::string arm_inertial =
      R"(<inertial><mass value="1"/><inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial>)";
  const std::string lumped =
      Replaced(Replaced(urdf, "TOOL_MASS", "1"), "ARM_INERTIAL", arm_inertial);
  std::vector<Diff> d = CompareTexts(original, lumped, lumped, 'A');
  EXPECT_EQ(Categories(d), "LUMPED") << Details(d);
  // link tool, joint weld, base's combined inertial, the sensor moved to
  // base, joint hinge from base.
  EXPECT_EQ(d.size(), 5u) << Details(d);

  // The lumped inertial checked: a wrong mass is no lumping.
  const std::string wrong =
      Replaced(Replaced(urdf, "TOOL_MASS", "1.5"), "ARM_INERTIAL", arm_inertial);
  d = CompareTexts(original, wrong, wrong, 'A');
  EXPECT_NE(Categories(d).find("INERTIAL"), std::string::npos) << Details(d);

  // Path B has no lumping: the same result is a link and a joint missing.
  d = CompareTexts(original, lumped, lumped, 'B');
  EXPECT_NE(Categories(d).find("LINK_MISSING"), std::string::npos)
      << Details(d);
  EXPECT_EQ(Categories(d).find("LUMPED"), std::string::npos) << Details(d);

  // A massless arm: libsdformat leaves it and its joint out.
  const std::string massless =
      Replaced(Replaced(urdf, "TOOL_MASS", "1"), "ARM_INERTIAL", "");
  d = CompareTexts(original, massless, massless, 'A');
  EXPECT_EQ(Categories(d), "LUMPED MASSLESS_DROPPED") << Details(d);
}

struct Input {
  std::string label;  // the list's file field
  std::string path;
  std::vector<std::string> model_paths;
};

TEST(SdfRoundTripCorpusTest, EveryConvertedModelComesBackThroughBothPaths) {
  const auto start = std::chrono::steady_clock::now();
  const std::string corpus = CorpusDir("SDF_CORPUS_DIR");
  ASSERT_FALSE(corpus.empty())
      << "corpus not found in runfiles; set SDF_CORPUS_DIR";
  const std::vector<std::string> model_paths =
      test_support::CorpusModelPaths(corpus);
  const char* only_env = std::getenv("SDF_ROUND_TRIP_ONLY");
  const std::string only = only_env ? only_env : "";

  std::vector<Input> inputs;
  test_support::CorpusSample corpus_sample;
  for (const std::string& rel :
       corpus_sample.Take(CorpusFiles(corpus, {".sdf", ".world"}))) {
    inputs.push_back({rel, corpus + "/" + rel, model_paths});
  }
  const std::string fixtures = Runfile("testdata/sdf2urdf");
  ASSERT_TRUE(fs::is_directory(fixtures)) << fixtures;
  for (const std::string& rel : CorpusFiles(fixtures, {".sdf"})) {
    if (rel.find('/') != std::string::npos) continue;  // models/
    inputs.push_back({"testdata/sdf2urdf/" + rel, fixtures + "/" + rel, {}});
    corpus_sample.Keep("testdata/sdf2urdf/" + rel);
  }

  const char* list_env = std::getenv("SDF_ROUND_TRIP_DIFFERENCES");
  const std::string list_path =
      list_env ? list_env : Runfile("testdata/sdf_round_trip_differences.txt");
  std::vector<std::string> failures;
  const std::map<std::string, std::string> listed =
      ReadList(list_path, &failures);

  Loader loader;
  int single_model = 0, not_loaded = 0, refused = 0, converted = 0;
  std::map<char, Stats> stats;
  // "file path CATEGORY" -> details.
  std::map<std::string, std::vector<std::string>> found;
  for (const Input& in : inputs) {
    if (!only.empty() && in.label.find(only) == std::string::npos) continue;
    if (!IsSingleModelDocument(in.path)) continue;
    ++single_model;

    const ModelRec o = loader.File(in.path, in.model_paths);
    if (!o.ok) {
      ++not_loaded;
      continue;
    }
    converter::SdfToUrdfOptions options;
    // libsdformat 12 reads URDF with Debian's urdfdom 3, which reads 1.0
    // only: written as 1.0 (a capsule carried in <gazebo>, as before URDF
    // 1.1; no pose changes).
    options.urdf_version = "1.0";
    options.model_paths = in.model_paths;
    const converter::ConversionResult urdf =
        converter::SdfFileToUrdf(in.path, options);
    if (!urdf.ok) {
      ++refused;
      continue;
    }
    ++converted;
    UrdfTree u;
    std::string why;
    if (!ParseUrdf(urdf.output, &u, &why)) {
      failures.push_back(in.label + ": sdf2urdf output: " + why);
      continue;
    }
    auto add = [&](char path, const std::string& category,
                   const std::string& detail) {
      found[in.label + " " + path + " " + category].push_back(detail);
    };
    for (const char path : {'A', 'B'}) {
      ModelRec t;
      if (path == 'A') {
        t = loader.Text(urdf.output, in.model_paths);
      } else {
        const converter::ConversionResult sdf =
            converter::UrdfToSdf(urdf.output, in.label + ".urdf");
        if (!sdf.ok) {
          add(path, "CONVERT", "urdf2sdf refuses: " +
                                   FirstError(sdf.diagnostics));
          continue;
        }
        t = loader.Text(sdf.output, in.model_paths);
      }
      if (!t.ok) {
        // Nothing else is compared: libsdformat refuses the result.
        add(path, "LOAD",
            "libsdformat: " +
                (t.errors.empty() ? std::string() : OneLine(t.errors[0])));
        continue;
      }
      ++stats[path].files;
      std::vector<Diff> diffs;
      Compare(o, t, u, path, &stats[path], &diffs).Run();
      for (const Diff& d : diffs) add(path, d.category, d.detail);
    }
  }

  // Every difference listed, every listed entry found.
  std::vector<std::string> actual_list;
  for (const auto& [key, details] : found) {
    std::string sample = OneLine(details.front(), 160);
    if (details.size() > 1) {
      sample += " (+" + std::to_string(details.size() - 1) + " more)";
    }
    actual_list.push_back(key + "  # " + sample);
    if (listed.count(key)) continue;
    for (const std::string& d : details) {
      failures.push_back(key + ": " + OneLine(d));
    }
  }
  if (only.empty()) {
    for (const auto& [key, reason] : listed) {
      // The key is "FILE PATH CATEGORY".
      if (!found.count(key) && corpus_sample.Has(key.substr(0, key.find(' ')))) {
        failures.push_back(list_path + " lists `" + key +
                           "`, which does not occur (stale entry)");
      }
    }
  }

  const double seconds = std::chrono::duration<double>(
                             std::chrono::steady_clock::now() - start)
                             .count();
  std::cout << "single-model documents: " << single_model
            << ", not loaded by libsdformat: " << not_loaded
            << ", refused by sdf2urdf: " << refused
            << ", converted: " << converted << "\n";
  for (const auto& [path, s] : stats) {
    std::cout << "path " << path << " ("
              << (path == 'A' ? "libsdformat's URDF parser"
                              : "urdf2sdf, then libsdformat")
              << "): files " << s.files << ", comparisons " << s.total()
              << " (links " << s.links << ", inertials " << s.inertials
              << ", joints " << s.joints << ", axes " << s.axes
              << ", limits " << s.limits << ", frames " << s.frames
              << ", sensors " << s.sensors << ", lights " << s.lights
              << ", plugins " << s.plugins << ", made elements " << s.made
              << ")\n";
  }
  std::map<std::string, int> by_category;
  for (const auto& [key, details] : found) {
    // "file P CATEGORY" -> "P CATEGORY".
    const size_t last = key.rfind(' ');
    by_category[key.substr(last - 1)] += details.size();
  }
  std::cout << "differences (file, path, category) found: " << found.size()
            << ", listed: " << listed.size() << "\n";
  for (const auto& [category, n] : by_category) {
    std::cout << "  " << category << ": " << n << "\n";
  }
  std::cout << "time: " << seconds << " s\n";
  if (!failures.empty()) {
    std::cout << "Differences found (list format):\n";
    for (const std::string& l : actual_list) std::cout << l << "\n";
  }
  size_t max_failures = 60;
  if (const char* m = std::getenv("SDF_ROUND_TRIP_MAX_FAILURES")) {
    max_failures = std::strtoul(m, nullptr, 10);
  }
  EXPECT_TRUE(failures.empty()) << failures.size() << " failures:\n"
                                << Joined(failures, max_failures);
  // Not silently comparing nothing (scaled to a CORPUS_SAMPLE; which
  // features a sample happens to hold is not asserted).
  const int step = static_cast<int>(corpus_sample.step());
  EXPECT_GT(converted * step, 100);
  EXPECT_GT(stats['A'].total() * step, 1000);
  EXPECT_GT(stats['B'].total() * step, 1000);
  if (step > 1) return;
  EXPECT_GT(stats['B'].frames, 0);
  EXPECT_GT(stats['B'].made, 0);
  EXPECT_GT(stats['A'].sensors, 0);
  EXPECT_GT(stats['A'].plugins, 0);
  EXPECT_GT(stats['B'].sensors, 0);
  EXPECT_GT(stats['B'].plugins, 0);
}

}  // namespace
