// --lump-fixed-joints against libsdformat's own lumping. For every URDF of
// ../shared/corpus (Bazel data @corpus//:urdf) that both libsdformat
// (sdf::Root::Load converts a URDF, lumping fixed joints) and our urdf2sdf
// (converter::UrdfToSdf with lump_fixed_joints) accept, our SDFormat is
// loaded with libsdformat too and the two sdf::Model's are compared:
//
//   links        the same names; each link's pose, mass, centre of mass and
//                inertia about it in the model frame (1e-9, relative for
//                inertias)
//   visuals,     per link: count, geometry type and pose in the model frame;
//   collisions   matched by name where libsdformat kept ours, else by
//                geometry type and pose (the summary says how many of each)
//   joints       names, types (a URDF continuous joint may be revolute),
//                parent, child, pose and axis in the model frame
//   frames       names, poses in the model frame, attached-to body
//   sensors,     per link or joint (model for plugins): names, type, pose in
//   lights,      the model frame; a contact sensor's collision resolves to
//   projectors,  the same collision; plugins: filename, content, and
//   plugins      <xyzOffset>/<rpyOffset> as a pose. Both sides having none
//                compares nothing (and is counted as such).
//
// Each difference found has a category (see kCategories). Every (file,
// category) must be listed in testdata/urdf_lump_differences.txt, a reviewed
// list of where libsdformat loses data and ours keeps it; the test fails on
// an unlisted difference and on a listed one that no longer occurs. Lines:
// `relative/path.urdf CATEGORY  # reason`, or `* CATEGORY  # reason` for a
// category accepted in every file (systematic ones, such as the frames
// libsdformat 12.3 does not keep).
//
// Outside Bazel:
//   URDF_CORPUS_DIR=../shared/corpus
//   URDF_LUMP_DIFFERENCES=testdata/urdf_lump_differences.txt
//   bazel-bin/reshape/to_sdf/urdf_lump_oracle_test   (with both exported)
//
// Notation as in DESIGN.md: X_MA is the pose of frame A in the model frame M.

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <Eigen/Geometry>
#include <console_bridge/console.h>
#include <gtest/gtest.h>
#include <sdf/sdf.hh>

#include "converter/urdf_to_sdf.h"
#include "sdf_io/testing/sdformat_loader.h"
#include "testing/corpus.h"
#include "testing/format.h"
#include "testing/pose.h"

namespace {

using Eigen::Isometry3d;
using Eigen::Matrix3d;
using Eigen::Vector3d;
using sdf_oracle::ToIsometry;
using test_support::FromXyzRpy;
using test_support::MatStr;
using test_support::Num;
using test_support::OneLine;
using test_support::PoseStr;
using test_support::Vec;

constexpr double kTol = 1e-9;
// libsdformat prints the poses it re-expresses when lumping (sensors,
// plugin offsets) with 6 significant digits: differences within this
// (relative to the position's size, absolute on rotation entries) are
// libsdformat's rounding.
constexpr double kPrintedTol = 2e-5;

// Categories of difference, with what each means. A category found that is
// not here is a bug of this test.
const std::map<std::string, std::string>& Categories() {
  static const auto* c = new std::map<std::string, std::string>{
      {"MASSLESS_SUBTREE",
       "a link (with its joint, shapes, sensors) libsdformat drops because it "
       "or a link above it has no mass and is not merged"},
      {"LINK_ONLY_OURS", "a link only we write (not massless)"},
      {"LINK_ONLY_THEIRS", "a link only libsdformat writes"},
      {"LINK_POSE", "a link at another place"},
      {"INERTIAL", "mass, centre of mass or inertia differ"},
      {"INERTIA_MARGIN",
       "an inertia on the edge of validity that libsdformat takes as it is "
       "and we write as the nearest valid one with a margin (the URDF's kept "
       "in <urdf:inertia>)"},
      {"VISUAL_UNMATCHED", "a visual without a counterpart (type and pose)"},
      {"COLLISION_UNMATCHED", "a collision without a counterpart"},
      {"SHAPE_NAMES", "visuals or collisions that match by place but not by name"},
      {"PITCH_SNAPPED",
       "a rotation within 0.26 degrees of gimbal lock that libsdformat snapped "
       "to a pitch of exactly +-90 degrees (see PitchSnapped)"},
      {"JOINT_ONLY_OURS", "a joint only we write (not massless)"},
      {"JOINT_ONLY_THEIRS", "a joint only libsdformat writes"},
      {"JOINT_TYPE", "joint types differ"},
      {"JOINT_LINKS", "joint parent or child differ"},
      {"JOINT_POSE", "a joint frame at another place"},
      {"JOINT_AXIS", "a joint axis in another direction"},
      {"MERGED_FRAMES", "//frame of a merged link or joint only we write"},
      {"FRAME_ONLY_OURS", "another //frame only we write"},
      {"FRAME_ONLY_THEIRS", "a //frame only libsdformat writes"},
      {"FRAME_POSE", "a //frame at another place or on another body"},
      {"SENSOR_ONLY_OURS", "a sensor only we write"},
      {"SENSOR_ONLY_THEIRS", "a sensor only libsdformat writes"},
      {"SENSOR_PARENT", "a sensor on another link or joint"},
      {"SENSOR_TYPE", "sensor types differ"},
      {"SENSOR_POSE", "a sensor at another place"},
      {"SENSOR_POSE_ROUNDED", "a sensor pose libsdformat printed with 6 digits"},
      {"SENSOR_POSE_LOST", "libsdformat cannot resolve the sensor's pose"},
      {"CONTACT_COLLISION", "a contact sensor names another collision"},
      {"CONTACT_COLLISION_LOST",
       "libsdformat's contact sensor names no collision of its link; ours does"},
      {"LIGHT_ONLY_OURS", "a light only we write"},
      {"LIGHT_ONLY_THEIRS", "a light only libsdformat writes"},
      {"LIGHT_POSE", "a light at another place"},
      {"PROJECTOR_ONLY_OURS", "a projector only we write"},
      {"PROJECTOR_ONLY_THEIRS", "a projector only libsdformat writes"},
      {"PROJECTOR_POSE", "a projector at another place"},
      {"PLUGIN_ONLY_OURS", "a plugin only we write"},
      {"PLUGIN_ONLY_THEIRS", "a plugin only libsdformat writes"},
      {"LINK_PLUGIN_NOT_APPLIED",
       "a plugin libsdformat pastes into a <link>, which SDFormat has no "
       "plugin for; we keep it in the carried <urdf:gazebo> only"},
      {"PLUGIN_CONTENT", "plugin filename or content differ"},
      {"PLUGIN_OFFSET", "plugin xyzOffset/rpyOffset differ"},
      {"PLUGIN_OFFSET_ROUNDED", "plugin offsets libsdformat printed with 6 digits"},
  };
  return *c;
}

// ---------------------------------------------------------------------------
// Poses.

std::string ErrorsStr(const sdf::Errors& errors) {
  std::string s;
  for (const auto& e : errors) s += (s.empty() ? "" : "; ") + OneLine(e.Message(), 200);
  return s;
}

template <typename T>
std::optional<Isometry3d> InModel(const T* element) {
  ignition::math::Pose3d pose;
  if (!element->SemanticPose().Resolve(pose, "__model__").empty()) return std::nullopt;
  return ToIsometry(pose, /*normalize=*/false);
}

double PoseDistance(const Isometry3d& a, const Isometry3d& b, bool relative) {
  const double scale = relative ? std::max({1.0, a.translation().norm(),
                                            b.translation().norm()})
                                : 1.0;
  return std::max((a.translation() - b.translation()).cwiseAbs().maxCoeff() / scale,
                  (a.linear() - b.linear()).cwiseAbs().maxCoeff());
}

bool Near(const Isometry3d& a, const Isometry3d& b) {
  return PoseDistance(a, b, false) <= kTol;
}

// libsdformat writes rotations as roll-pitch-yaw through urdfdom's
// Rotation::getRPY or ignition's Quaternion::Euler, which both set the pitch
// to exactly +-90 degrees when |sin(pitch)| >= 0.99999 (within 0.26 degrees)
// and recompute roll and yaw: a rotation near gimbal lock comes back
// slightly turned. True when `ours` is such a rotation and `theirs` differs
// from it by no more than that snap (positions equal).
bool PitchSnapped(const Isometry3d& theirs, const Isometry3d& ours) {
  if (std::abs(ours.linear()(2, 0)) < 0.99999) return false;
  const double scale =
      std::max({1.0, theirs.translation().norm(), ours.translation().norm()});
  if ((theirs.translation() - ours.translation()).cwiseAbs().maxCoeff() > kTol * scale)
    return false;
  const Eigen::AngleAxisd d(theirs.linear().transpose() * ours.linear());
  return std::abs(d.angle()) <= 0.0045;  // acos(0.99999)
}

// ---------------------------------------------------------------------------
// Differences and counts.

struct Difference {
  std::string category;
  std::string detail;
};

struct Counts {
  int links = 0, inertials = 0, joints = 0, axes = 0, frames = 0;
  int visuals_by_name = 0, visuals_by_pose = 0;
  int collisions_by_name = 0, collisions_by_pose = 0;
  int sensors = 0, contact_sensors = 0, lights = 0, projectors = 0, plugins = 0;
  int sensor_owners_both_none = 0, plugin_owners_both_none = 0;
  int inherited = 0;  // model-frame differences that arise further up
  void Add(const Counts& o) {
    inherited += o.inherited;
    links += o.links, inertials += o.inertials, joints += o.joints;
    axes += o.axes, frames += o.frames;
    visuals_by_name += o.visuals_by_name, visuals_by_pose += o.visuals_by_pose;
    collisions_by_name += o.collisions_by_name;
    collisions_by_pose += o.collisions_by_pose;
    sensors += o.sensors, contact_sensors += o.contact_sensors;
    lights += o.lights, projectors += o.projectors, plugins += o.plugins;
    sensor_owners_both_none += o.sensor_owners_both_none;
    plugin_owners_both_none += o.plugin_owners_both_none;
  }
  int Comparisons() const {
    return links + inertials + joints + axes + frames + visuals_by_name +
           visuals_by_pose + collisions_by_name + collisions_by_pose + sensors +
           contact_sensors + lights + projectors + plugins;
  }
};

// Children of an element named `name` (sdf::Element::GetElement would add
// a missing one).
std::vector<sdf::ElementPtr> Children(const sdf::ElementPtr& e, const std::string& name) {
  std::vector<sdf::ElementPtr> out;
  if (!e) return out;
  for (sdf::ElementPtr c = e->GetFirstElement(); c; c = c->GetNextElement()) {
    if (c->GetName() == name) out.push_back(c);
  }
  return out;
}

std::string Value(const sdf::ElementPtr& e) {
  if (!e) return "";
  if (e->GetValue()) return e->GetValue()->GetAsString();
  return "";
}

std::string Trim(std::string s) {
  const size_t b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) return "";
  return s.substr(b, s.find_last_not_of(" \t\r\n") - b + 1);
}

std::string Attr(const sdf::ElementPtr& e, const std::string& key) {
  if (!e || !e->HasAttribute(key)) return "";
  return e->GetAttribute(key)->GetAsString();
}

std::optional<Vector3d> ParseVector3(const std::string& text) {
  std::istringstream is(text);
  Vector3d v;
  if (!(is >> v.x() >> v.y() >> v.z())) return std::nullopt;
  std::string rest;
  if (is >> rest) return std::nullopt;
  return v;
}

// ---------------------------------------------------------------------------
// The comparison of two models.

class Comparison {
 public:
  Comparison(const sdf::Model& theirs, const sdf::Model& ours)
      : t_(theirs), o_(ours) {}

  void Run() {
    Links();
    Joints();
    Frames();
    PosedElements();
    Plugins();
  }

  const std::vector<Difference>& differences() const { return diffs_; }
  const Counts& counts() const { return counts_; }

 private:
  void Add(const std::string& category, const std::string& detail) {
    EXPECT_TRUE(Categories().count(category)) << "unknown category " << category;
    diffs_.push_back({category, detail});
  }

  // An element's pose, compared in the model frame (X_M*) and, to say where
  // a difference arises, in its parent's frame (X_P*: a link's parent joint,
  // a joint's parent link, a sensor's link ...). A difference in the model
  // frame whose local poses agree is inherited from a parent, which reports
  // it. Returns false when a difference was reported.
  bool ComparePose(const std::string& category, const std::string& what,
                   const std::optional<Isometry3d>& X_MT,
                   const std::optional<Isometry3d>& X_MO,
                   const std::optional<Isometry3d>& X_PT,
                   const std::optional<Isometry3d>& X_PO,
                   const std::string& rounded_category = "") {
    if (!X_MT || !X_MO) {
      Add(category, what + ": pose does not resolve in " +
                        (X_MT ? "ours" : X_MO ? "theirs" : "either"));
      return false;
    }
    if (Near(*X_MT, *X_MO)) return true;
    if (X_PT && X_PO && Near(*X_PT, *X_PO)) {
      ++counts_.inherited;
      return true;
    }
    const Isometry3d& t = X_PT ? *X_PT : *X_MT;
    const Isometry3d& o = X_PO ? *X_PO : *X_MO;
    std::string cat = category;
    if (!rounded_category.empty() && PoseDistance(t, o, true) <= kPrintedTol) {
      cat = rounded_category;
    } else if (PitchSnapped(t, o)) {
      cat = "PITCH_SNAPPED";
    }
    Add(cat, what + ": theirs " + PoseStr(*X_MT) + ", ours " + PoseStr(*X_MO) +
                 " in the model frame; in its parent's frame theirs " + PoseStr(t) +
                 ", ours " + PoseStr(o));
    return false;
  }

  // X_MF of a link, joint or frame of `m` by name ("" or "world": identity).
  static std::optional<Isometry3d> FrameInModel(const sdf::Model& m,
                                                const std::string& name) {
    if (name.empty() || name == "__model__" || name == "world")
      return Isometry3d::Identity();
    if (const sdf::Link* l = m.LinkByName(name)) return InModel(l);
    if (const sdf::Joint* j = m.JointByName(name)) return InModel(j);
    if (const sdf::Frame* f = m.FrameByName(name)) return InModel(f);
    return std::nullopt;
  }

  static std::optional<Isometry3d> Relative(const std::optional<Isometry3d>& X_MP,
                                            const std::optional<Isometry3d>& X_ME) {
    if (!X_MP || !X_ME) return std::nullopt;
    return X_MP->inverse() * *X_ME;
  }

  // The joint whose child `link` is, or "".
  static std::string ParentJoint(const sdf::Model& m, const std::string& link) {
    for (uint64_t i = 0; i < m.JointCount(); ++i) {
      if (m.JointByIndex(i)->ChildLinkName() == link) return m.JointByIndex(i)->Name();
    }
    return "";
  }

  // --- Links -------------------------------------------------------------

  // A link of ours that libsdformat drops because it, or a link above it
  // that libsdformat also lacks, is massless.
  bool InMasslessSubtree(const std::string& link) {
    std::map<std::string, const sdf::Joint*> parent_joint;
    for (uint64_t i = 0; i < o_.JointCount(); ++i) {
      parent_joint[o_.JointByIndex(i)->ChildLinkName()] = o_.JointByIndex(i);
    }
    // Floating and planar joints are frames holding <urdf:joint>.
    std::map<std::string, std::string> carried_parent;
    for (uint64_t i = 0; i < o_.FrameCount(); ++i) {
      for (const auto& j : Children(o_.FrameByIndex(i)->Element(), "urdf:joint")) {
        carried_parent[Attr(j, "child")] = Attr(j, "parent");
      }
    }
    std::string l = link;
    for (int guard = 0; guard < 10000 && !l.empty(); ++guard) {
      const sdf::Link* ol = o_.LinkByName(l);
      if (!ol || t_.LinkByName(l)) return false;
      if (ol->Inertial().MassMatrix().Mass() <= 0) return true;
      auto it = parent_joint.find(l);
      if (it != parent_joint.end()) {
        l = it->second->ParentLinkName();
      } else {
        auto c = carried_parent.find(l);
        l = c == carried_parent.end() ? "" : c->second;
      }
    }
    return false;
  }

  void Links() {
    for (uint64_t i = 0; i < o_.LinkCount(); ++i) {
      const sdf::Link* ol = o_.LinkByIndex(i);
      if (t_.LinkByName(ol->Name())) continue;
      if (InMasslessSubtree(ol->Name())) {
        massless_.insert(ol->Name());
        Add("MASSLESS_SUBTREE", "link '" + ol->Name() + "'");
      } else {
        Add("LINK_ONLY_OURS", "link '" + ol->Name() + "'");
      }
    }
    for (uint64_t i = 0; i < t_.LinkCount(); ++i) {
      const sdf::Link* tl = t_.LinkByIndex(i);
      const sdf::Link* ol = o_.LinkByName(tl->Name());
      if (!ol) {
        Add("LINK_ONLY_THEIRS", "link '" + tl->Name() + "'");
        continue;
      }
      ++counts_.links;
      const auto X_MT = InModel(tl), X_MO = InModel(ol);
      ComparePose("LINK_POSE", "link '" + tl->Name() + "'", X_MT, X_MO,
                  Relative(FrameInModel(t_, ParentJoint(t_, tl->Name())), X_MT),
                  Relative(FrameInModel(o_, ParentJoint(o_, ol->Name())), X_MO));
      if (!X_MT || !X_MO) continue;
      Inertial(tl->Name(), *tl, *ol);
      Shapes<sdf::Visual>(
          "visual", "VISUAL_UNMATCHED", tl->Name(), tl->VisualCount(),
          [&](uint64_t k) { return tl->VisualByIndex(k); }, *X_MT, ol->VisualCount(),
          [&](uint64_t k) { return ol->VisualByIndex(k); }, *X_MO,
          &counts_.visuals_by_name, &counts_.visuals_by_pose);
      Shapes<sdf::Collision>(
          "collision", "COLLISION_UNMATCHED", tl->Name(), tl->CollisionCount(),
          [&](uint64_t k) { return tl->CollisionByIndex(k); }, *X_MT, ol->CollisionCount(),
          [&](uint64_t k) { return ol->CollisionByIndex(k); }, *X_MO,
          &counts_.collisions_by_name, &counts_.collisions_by_pose);
    }
  }

  // Mass, centre of mass and inertia about it, in the link frame (the
  // link's pose is compared on its own).
  void Inertial(const std::string& name, const sdf::Link& tl, const sdf::Link& ol) {
    const Isometry3d X_MT = Isometry3d::Identity(), X_MO = Isometry3d::Identity();
    ++counts_.inertials;
    struct InModelFrame {
      double mass;
      Vector3d p_MC;
      Matrix3d I_M;
    };
    auto get = [](const sdf::Link& l, const Isometry3d& X_ML) {
      const auto& in = l.Inertial();
      const auto& mm = in.MassMatrix();
      const Isometry3d X_MI = X_ML * ToIsometry(in.Pose(), /*normalize=*/false);
      Matrix3d I;
      I << mm.Ixx(), mm.Ixy(), mm.Ixz(), mm.Ixy(), mm.Iyy(), mm.Iyz(), mm.Ixz(),
          mm.Iyz(), mm.Izz();
      return InModelFrame{mm.Mass(), X_MI.translation(),
                          X_MI.linear() * I * X_MI.linear().transpose()};
    };
    const InModelFrame t = get(tl, X_MT), o = get(ol, X_MO);
    const double mass_scale = std::max({std::abs(t.mass), std::abs(o.mass), 1e-6});
    if (std::abs(t.mass - o.mass) > kTol * mass_scale) {
      Add("INERTIAL", "link '" + name + "': mass theirs " + Num(t.mass) + ", ours " +
                          Num(o.mass));
      return;
    }
    // Relative differences of the centre of mass and of the inertia.
    const double len_scale = std::max({1.0, t.p_MC.norm(), o.p_MC.norm()});
    const double d_com =
        t.mass > 0 ? (t.p_MC - o.p_MC).cwiseAbs().maxCoeff() / len_scale : 0.0;
    const double scale = std::max({t.I_M.cwiseAbs().maxCoeff(),
                                   o.I_M.cwiseAbs().maxCoeff(), 1e-12});
    const double d_I = (t.I_M - o.I_M).cwiseAbs().maxCoeff() / scale;
    if (d_com <= kTol && d_I <= kTol) return;
    std::string detail = "link '" + name + "':";
    if (d_com > kTol) {
      detail += " centre of mass in the link theirs " + Vec(t.p_MC) + ", ours " + Vec(o.p_MC);
    }
    if (d_I > kTol) {
      detail += " inertia in the link frame theirs " + MatStr(t.I_M) + ", ours " +
                MatStr(o.I_M);
    }
    // Ours wrote the nearest valid inertia, with a margin, for one on the
    // edge of validity (libsdformat takes the edge itself) and kept the
    // URDF's in <urdf:inertia>.
    if (d_com <= kTol && d_I <= 1e-4 && !Children(ol.Element(), "urdf:inertia").empty()) {
      Add("INERTIA_MARGIN", detail);
      return;
    }
    // libsdformat lumps with the roll-pitch-yaw of each merged joint, where
    // a pitch near +-90 degrees is snapped (see PitchSnapped).
    if (d_com <= 5e-3 && d_I <= 5e-3 && BodyHasGimbalFrame(ol.Name())) {
      Add("PITCH_SNAPPED", detail);
      return;
    }
    Add("INERTIAL", detail);
  }

  // Whether one of our frames on `body` (merged joints and links) is posed
  // with a rotation near gimbal lock.
  bool BodyHasGimbalFrame(const std::string& body) const {
    for (uint64_t i = 0; i < o_.FrameCount(); ++i) {
      const sdf::Frame* f = o_.FrameByIndex(i);
      std::string b;
      if (!f->ResolveAttachedToBody(b).empty() || b != body) continue;
      const Isometry3d X_BF = ToIsometry(f->RawPose(), /*normalize=*/false);
      if (std::abs(X_BF.linear()(2, 0)) >= 0.99999) return true;
    }
    return false;
  }

  // Visuals or collisions of one link: first by name (where libsdformat kept
  // ours), then by geometry type and pose in the link frame (the link's pose
  // in the model frame is compared on its own).
  template <typename Shape, typename GetT, typename GetO>
  void Shapes(const std::string& kind, const std::string& category,
              const std::string& link, uint64_t t_count, GetT get_t,
              const Isometry3d& X_MLT, uint64_t o_count, GetO get_o,
              const Isometry3d& X_MLO, int* by_name, int* by_pose) {
    struct Item {
      std::string name;
      sdf::GeometryType type;
      std::optional<Isometry3d> X;
      bool used = false;
    };
    auto items = [](uint64_t n, auto get, const Isometry3d& X_ML) {
      std::vector<Item> out;
      for (uint64_t k = 0; k < n; ++k) {
        const Shape* s = get(k);
        out.push_back({s->Name(),
                       s->Geom() ? s->Geom()->Type() : sdf::GeometryType::EMPTY,
                       Relative(X_ML, InModel(s))});
      }
      return out;
    };
    std::vector<Item> t = items(t_count, get_t, X_MLT), o = items(o_count, get_o, X_MLO);
    auto same = [](const Item& a, const Item& b) {
      return a.type == b.type && a.X && b.X && Near(*a.X, *b.X);
    };
    for (auto& ti : t) {
      for (auto& oi : o) {
        if (!oi.used && oi.name == ti.name && same(ti, oi)) {
          ti.used = oi.used = true;
          ++*by_name;
          break;
        }
      }
    }
    std::vector<std::string> renamed;
    for (auto& ti : t) {
      if (ti.used) continue;
      for (auto& oi : o) {
        if (!oi.used && same(ti, oi)) {
          ti.used = oi.used = true;
          ++*by_pose;
          renamed.push_back("'" + ti.name + "' = ours '" + oi.name + "'");
          break;
        }
      }
    }
    // Near gimbal lock libsdformat turns the rotation a little.
    for (auto& ti : t) {
      if (ti.used) continue;
      for (auto& oi : o) {
        if (!oi.used && oi.type == ti.type && ti.X && oi.X && PitchSnapped(*ti.X, *oi.X)) {
          ti.used = oi.used = true;
          ++*by_pose;
          Add("PITCH_SNAPPED", "link '" + link + "': " + kind + " '" + ti.name +
                                   "' (ours '" + oi.name + "') in the link frame theirs " +
                                   PoseStr(*ti.X) + ", ours " + PoseStr(*oi.X));
          break;
        }
      }
    }
    if (!renamed.empty()) {
      std::string d = "link '" + link + "': " + std::to_string(renamed.size()) + " " +
                      kind + "(s) by place:";
      for (size_t k = 0; k < std::min<size_t>(renamed.size(), 3); ++k) d += " " + renamed[k];
      Add("SHAPE_NAMES", d);
    }
    for (const auto& ti : t) {
      if (ti.used) continue;
      Add(category, "link '" + link + "': libsdformat's " + kind + " '" + ti.name +
                        "' at " + (ti.X ? PoseStr(*ti.X) : "(unresolved)") + " in the link" +
                        " has no counterpart in ours");
    }
    for (const auto& oi : o) {
      if (oi.used) continue;
      Add(category, "link '" + link + "': our " + kind + " '" + oi.name + "' at " +
                        (oi.X ? PoseStr(*oi.X) : "(unresolved)") + " in the link" +
                        " has no counterpart in libsdformat's");
    }
  }

  // --- Joints ------------------------------------------------------------

  void Joints() {
    for (uint64_t i = 0; i < o_.JointCount(); ++i) {
      const sdf::Joint* oj = o_.JointByIndex(i);
      if (t_.JointByName(oj->Name())) continue;
      if (massless_.count(oj->ChildLinkName())) {
        Add("MASSLESS_SUBTREE", "joint '" + oj->Name() + "'");
      } else {
        Add("JOINT_ONLY_OURS", "joint '" + oj->Name() + "' (" + oj->ParentLinkName() +
                                   " -> " + oj->ChildLinkName() + ")");
      }
    }
    for (uint64_t i = 0; i < t_.JointCount(); ++i) {
      const sdf::Joint* tj = t_.JointByIndex(i);
      const sdf::Joint* oj = o_.JointByName(tj->Name());
      const std::string what = "joint '" + tj->Name() + "'";
      if (!oj) {
        Add("JOINT_ONLY_THEIRS", what);
        continue;
      }
      ++counts_.joints;
      auto continuous = [](sdf::JointType a) {
        return a == sdf::JointType::CONTINUOUS || a == sdf::JointType::REVOLUTE;
      };
      if (tj->Type() != oj->Type() && !(continuous(tj->Type()) && continuous(oj->Type()))) {
        Add("JOINT_TYPE", what + ": type " + std::to_string(static_cast<int>(tj->Type())) +
                              " theirs, " + std::to_string(static_cast<int>(oj->Type())) +
                              " ours");
      }
      if (tj->ParentLinkName() != oj->ParentLinkName() ||
          tj->ChildLinkName() != oj->ChildLinkName()) {
        Add("JOINT_LINKS", what + ": theirs " + tj->ParentLinkName() + " -> " +
                               tj->ChildLinkName() + ", ours " + oj->ParentLinkName() +
                               " -> " + oj->ChildLinkName());
      }
      const auto X_MT = InModel(tj), X_MO = InModel(oj);
      ComparePose("JOINT_POSE", what, X_MT, X_MO,
                  Relative(FrameInModel(t_, tj->ParentLinkName()), X_MT),
                  Relative(FrameInModel(o_, oj->ParentLinkName()), X_MO));
      if (tj->Type() == sdf::JointType::FIXED || oj->Type() == sdf::JointType::FIXED)
        continue;
      const sdf::JointAxis* ta = tj->Axis(0);
      const sdf::JointAxis* oa = oj->Axis(0);
      if (!ta || !oa) {
        if (ta || oa) Add("JOINT_AXIS", what + ": an axis on one side only");
        continue;
      }
      ++counts_.axes;
      ignition::math::Vector3d txyz, oxyz;
      // In the joint frame (the joint's pose is compared on its own).
      const bool ok = ta->ResolveXyz(txyz, tj->Name()).empty() &&
                      oa->ResolveXyz(oxyz, oj->Name()).empty();
      const Vector3d tv = Vector3d(txyz.X(), txyz.Y(), txyz.Z()).normalized();
      const Vector3d ov = Vector3d(oxyz.X(), oxyz.Y(), oxyz.Z()).normalized();
      if (!ok || (tv - ov).cwiseAbs().maxCoeff() > kTol) {
        Add("JOINT_AXIS", what + ": in the joint frame theirs " + Vec(tv) + ", ours " +
                              Vec(ov));
      }
    }
  }

  // --- Frames ------------------------------------------------------------

  void Frames() {
    for (uint64_t i = 0; i < o_.FrameCount(); ++i) {
      const sdf::Frame* of = o_.FrameByIndex(i);
      if (t_.FrameByName(of->Name())) continue;
      std::string body;
      of->ResolveAttachedToBody(body);
      if (massless_.count(body)) {
        Add("MASSLESS_SUBTREE", "frame '" + of->Name() + "'");
      } else if (!Children(of->Element(), "urdf:joint").empty()) {
        Add("FRAME_ONLY_OURS", "frame '" + of->Name() + "' (floating or planar joint)");
      } else if (!t_.LinkByName(of->Name()) && !t_.JointByName(of->Name())) {
        // Named after a URDF link or joint libsdformat merged and dropped.
        Add("MERGED_FRAMES", "frame '" + of->Name() + "' on body '" + body + "'");
      } else {
        Add("FRAME_ONLY_OURS", "frame '" + of->Name() + "'");
      }
    }
    for (uint64_t i = 0; i < t_.FrameCount(); ++i) {
      const sdf::Frame* tf = t_.FrameByIndex(i);
      const sdf::Frame* of = o_.FrameByName(tf->Name());
      if (!of) {
        Add("FRAME_ONLY_THEIRS", "frame '" + tf->Name() + "'");
        continue;
      }
      ++counts_.frames;
      const auto X_MT = InModel(tf), X_MO = InModel(of);
      std::string tb, ob;
      tf->ResolveAttachedToBody(tb);
      of->ResolveAttachedToBody(ob);
      if (tb != ob) {
        Add("FRAME_POSE", "frame '" + tf->Name() + "': on body '" + tb + "' theirs, '" +
                              ob + "' ours");
      }
      ComparePose("FRAME_POSE", "frame '" + tf->Name() + "'", X_MT, X_MO,
                  Relative(FrameInModel(t_, tb), X_MT), Relative(FrameInModel(o_, ob), X_MO));
    }
  }

  // --- Sensors, lights, projectors ---------------------------------------

  struct Posed {
    std::string owner;  // "link 'x'" or "joint 'y'"
    std::string owner_name;
    std::string name;
    std::string type;
    std::optional<Isometry3d> X;
    sdf::ElementPtr element;
    bool used = false;
  };

  // Projectors have no DOM class in libsdformat 12: pose from the element.
  static std::optional<Isometry3d> ElementInModel(const sdf::Model& m,
                                                  const sdf::ElementPtr& e,
                                                  const std::string& owner) {
    ignition::math::Pose3d raw;
    std::string rel;
    if (e->HasElement("pose")) {
      sdf::ElementPtr p = e->GetElement("pose");
      raw = p->Get<ignition::math::Pose3d>();
      rel = Attr(p, "relative_to");
    }
    const auto X_MR = FrameInModel(m, rel.empty() ? owner : rel);
    if (!X_MR) return std::nullopt;
    return *X_MR * ToIsometry(raw, /*normalize=*/false);
  }

  static std::vector<Posed> Collect(const sdf::Model& m, const std::string& kind) {
    std::vector<Posed> out;
    for (uint64_t i = 0; i < m.LinkCount(); ++i) {
      const sdf::Link* l = m.LinkByIndex(i);
      const std::string owner = "link '" + l->Name() + "'";
      if (kind == "sensor") {
        for (uint64_t k = 0; k < l->SensorCount(); ++k) {
          const sdf::Sensor* s = l->SensorByIndex(k);
          out.push_back({owner, l->Name(), s->Name(), s->TypeStr(), InModel(s),
                         s->Element()});
        }
      } else if (kind == "light") {
        for (uint64_t k = 0; k < l->LightCount(); ++k) {
          const sdf::Light* s = l->LightByIndex(k);
          out.push_back({owner, l->Name(), s->Name(), "", InModel(s), s->Element()});
        }
      } else {
        for (const auto& e : Children(l->Element(), kind)) {
          out.push_back({owner, l->Name(), Attr(e, "name"), "",
                         ElementInModel(m, e, l->Name()), e});
        }
      }
    }
    if (kind == "sensor") {
      for (uint64_t i = 0; i < m.JointCount(); ++i) {
        const sdf::Joint* j = m.JointByIndex(i);
        for (uint64_t k = 0; k < j->SensorCount(); ++k) {
          // libsdformat 12 resolves no pose of a joint's sensor: its <pose>
          // is read here, in the joint frame unless relative_to says.
          const sdf::Sensor* s = j->SensorByIndex(k);
          auto X = InModel(s);
          if (!X) X = ElementInModel(m, s->Element(), j->Name());
          out.push_back({"joint '" + j->Name() + "'", j->Name(), s->Name(),
                         s->TypeStr(), X, s->Element()});
        }
      }
    }
    return out;
  }

  void PosedElements() {
    for (const std::string kind : {"sensor", "light", "projector"}) {
      std::string upper = kind;
      for (char& c : upper) c = static_cast<char>(std::toupper(c));
      std::vector<Posed> t = Collect(t_, kind), o = Collect(o_, kind);
      int* count = kind == "sensor" ? &counts_.sensors
                   : kind == "light" ? &counts_.lights
                                     : &counts_.projectors;
      // Pairs: same owner and name, then same name elsewhere.
      for (int pass = 0; pass < 2; ++pass) {
        for (auto& ti : t) {
          if (ti.used) continue;
          for (auto& oi : o) {
            if (oi.used || oi.name != ti.name || (pass == 0 && oi.owner != ti.owner))
              continue;
            ti.used = oi.used = true;
            ++*count;
            ComparePosed(kind, upper, ti, oi);
            break;
          }
        }
      }
      for (const auto& ti : t) {
        if (!ti.used) Add(upper + "_ONLY_THEIRS", kind + " '" + ti.name + "' of " + ti.owner);
      }
      for (const auto& oi : o) {
        if (oi.used) continue;
        if (massless_.count(oi.owner_name)) {
          Add("MASSLESS_SUBTREE", kind + " '" + oi.name + "' of " + oi.owner);
        } else {
          Add(upper + "_ONLY_OURS", kind + " '" + oi.name + "' of " + oi.owner);
        }
      }
      if (kind == "sensor" && t.empty() && o.empty()) ++counts_.sensor_owners_both_none;
    }
  }

  void ComparePosed(const std::string& kind, const std::string& upper, const Posed& t,
                    const Posed& o) {
    const std::string what = kind + " '" + t.name + "' of " + t.owner;
    if (t.owner != o.owner) {
      Add(upper + "_PARENT", what + ": ours is on " + o.owner);
    }
    if (t.type != o.type) {
      Add(upper + "_TYPE", what + ": type " + t.type + " theirs, " + o.type + " ours");
    }
    if (!t.X && o.X) {
      Add(upper == "SENSOR" ? "SENSOR_POSE_LOST" : upper + "_POSE",
          what + ": libsdformat cannot resolve its pose; ours " + PoseStr(*o.X));
    } else {
      ComparePose(upper + "_POSE", what, t.X, o.X,
                  Relative(FrameInModel(t_, t.owner_name), t.X),
                  Relative(FrameInModel(o_, o.owner_name), o.X),
                  upper == "SENSOR" ? "SENSOR_POSE_ROUNDED" : "");
    }
    if (upper == "SENSOR" && t.type == "contact") ContactCollision(t, o);
  }

  // A contact sensor's <contact><collision>: the collision of the sensor's
  // link it names, as (geometry type, pose in the model frame).
  static std::optional<std::pair<sdf::GeometryType, Isometry3d>> ContactTarget(
      const sdf::Model& m, const Posed& s, std::string* name) {
    const auto contact = Children(s.element, "contact");
    if (contact.empty()) return std::nullopt;
    const auto coll = Children(contact[0], "collision");
    if (coll.empty()) return std::nullopt;
    *name = Trim(Value(coll[0]));
    const sdf::Link* l = m.LinkByName(s.owner_name);
    const sdf::Collision* c = l ? l->CollisionByName(*name) : nullptr;
    if (!c || !c->Geom()) return std::nullopt;
    const auto X = InModel(c);
    if (!X) return std::nullopt;
    return std::make_pair(c->Geom()->Type(), *X);
  }

  void ContactCollision(const Posed& t, const Posed& o) {
    ++counts_.contact_sensors;
    std::string tn, on;
    const auto tc = ContactTarget(t_, t, &tn), oc = ContactTarget(o_, o, &on);
    const std::string what = "contact sensor '" + t.name + "' of " + t.owner;
    if (!tc && oc) {
      Add("CONTACT_COLLISION_LOST", what + ": libsdformat's names '" + tn +
                                        "', which its link does not have; ours '" +
                                        on + "' does");
    } else if (!oc && (tc || !on.empty())) {
      Add("CONTACT_COLLISION", what + ": ours names '" + on +
                                   "', which our link does not have (theirs '" + tn +
                                   "')");
    } else if (tc && oc && (tc->first != oc->first || !Near(tc->second, oc->second))) {
      Add("CONTACT_COLLISION", what + ": theirs '" + tn + "' and ours '" + on +
                                   "' are different collisions");
    }
  }

  // --- Plugins -----------------------------------------------------------

  struct Plugin {
    std::string owner;
    bool in_link = false;
    std::string name, filename;
    sdf::ElementPtr element;
    bool used = false;
  };

  static std::vector<Plugin> CollectPlugins(const sdf::Model& m) {
    std::vector<Plugin> out;
    auto add = [&](const std::string& owner, bool in_link, const sdf::ElementPtr& e) {
      for (const auto& p : Children(e, "plugin")) {
        out.push_back({owner, in_link, Attr(p, "name"), Attr(p, "filename"), p});
      }
    };
    add("the model", false, m.Element());
    for (uint64_t i = 0; i < m.LinkCount(); ++i) {
      add("link '" + m.LinkByIndex(i)->Name() + "'", true, m.LinkByIndex(i)->Element());
    }
    for (uint64_t i = 0; i < m.JointCount(); ++i) {
      add("joint '" + m.JointByIndex(i)->Name() + "'", false,
          m.JointByIndex(i)->Element());
    }
    return out;
  }

  static bool IsOffset(const std::string& name) {
    return name == "xyzOffset" || name == "rpyOffset" ||
           name == "ignition::corrected_offsets" || name == "gz::corrected_offsets";
  }

  // Children other than the offsets, printed, as a sorted multiset.
  static std::vector<std::string> Content(const sdf::ElementPtr& p) {
    std::vector<std::string> out;
    for (sdf::ElementPtr c = p->GetFirstElement(); c; c = c->GetNextElement()) {
      if (!IsOffset(c->GetName())) out.push_back(Trim(c->ToString("")));
    }
    std::sort(out.begin(), out.end());
    return out;
  }

  static std::optional<Isometry3d> Offset(const sdf::ElementPtr& p, bool* any) {
    Vector3d xyz = Vector3d::Zero(), rpy = Vector3d::Zero();
    *any = false;
    for (auto [name, v] : {std::pair<const char*, Vector3d*>{"xyzOffset", &xyz},
                           {"rpyOffset", &rpy}}) {
      const auto c = Children(p, name);
      if (c.empty()) continue;
      *any = true;
      const auto parsed = ParseVector3(Value(c[0]));
      if (!parsed) return std::nullopt;
      *v = *parsed;
    }
    return FromXyzRpy(xyz, rpy);
  }

  void Plugins() {
    std::vector<Plugin> t = CollectPlugins(t_), o = CollectPlugins(o_);
    for (auto& ti : t) {
      for (auto& oi : o) {
        if (oi.used || oi.owner != ti.owner || oi.name != ti.name) continue;
        ti.used = oi.used = true;
        ++counts_.plugins;
        ComparePlugin(ti, oi);
        break;
      }
    }
    for (const auto& ti : t) {
      if (ti.used) continue;
      const std::string what = "plugin '" + ti.name + "' (" + ti.filename + ") of " + ti.owner;
      if (ti.in_link) {
        Add("LINK_PLUGIN_NOT_APPLIED", what);
      } else {
        Add("PLUGIN_ONLY_THEIRS", what);
      }
    }
    for (const auto& oi : o) {
      if (!oi.used) {
        Add("PLUGIN_ONLY_OURS",
            "plugin '" + oi.name + "' (" + oi.filename + ") of " + oi.owner);
      }
    }
    if (t.empty() && o.empty()) ++counts_.plugin_owners_both_none;
  }

  void ComparePlugin(const Plugin& t, const Plugin& o) {
    const std::string what = "plugin '" + t.name + "' of " + t.owner;
    const auto tc = Content(t.element), oc = Content(o.element);
    if (t.filename != o.filename || tc != oc) {
      std::string d = what + ":";
      if (t.filename != o.filename) d += " filename '" + t.filename + "' vs '" + o.filename + "'";
      for (const auto& s : tc) {
        if (!std::binary_search(oc.begin(), oc.end(), s)) d += " theirs only: " + OneLine(s, 80);
      }
      for (const auto& s : oc) {
        if (!std::binary_search(tc.begin(), tc.end(), s)) d += " ours only: " + OneLine(s, 80);
      }
      Add("PLUGIN_CONTENT", d);
    }
    bool t_any = false, o_any = false;
    const auto tx = Offset(t.element, &t_any), ox = Offset(o.element, &o_any);
    const bool t_corrected = !Children(t.element, "ignition::corrected_offsets").empty() ||
                             !Children(t.element, "gz::corrected_offsets").empty();
    const bool o_corrected = !Children(o.element, "ignition::corrected_offsets").empty() ||
                             !Children(o.element, "gz::corrected_offsets").empty();
    if (!t_any && !o_any) return;
    if (!tx || !ox || t_corrected != o_corrected) {
      Add("PLUGIN_OFFSET", what + ": offsets unreadable or corrected_offsets on one side");
      return;
    }
    if (!Near(*tx, *ox)) {
      const bool rounded = PoseDistance(*tx, *ox, true) <= kPrintedTol;
      Add(rounded ? "PLUGIN_OFFSET_ROUNDED" : "PLUGIN_OFFSET",
          what + ": offset theirs " + PoseStr(*tx) + ", ours " + PoseStr(*ox));
    }
  }

  const sdf::Model& t_;
  const sdf::Model& o_;
  std::vector<Difference> diffs_;
  Counts counts_;
  std::set<std::string> massless_;  // our links libsdformat drops
};

// ---------------------------------------------------------------------------
// Loading.

struct Loaded {
  std::unique_ptr<sdf::Root> root;
  const sdf::Model* model = nullptr;
  std::string error;  // empty when loaded
};

Loaded LoadFile(const std::string& path) {
  Loaded out;
  out.root = std::make_unique<sdf::Root>();
  sdf::Errors errors;
  try {
    errors = out.root->Load(path);
  } catch (const std::exception& e) {
    // libsdformat's URDF parser throws on a <gazebo> value that is not a
    // number (std::stod).
    out.error = std::string("throws ") + e.what();
    return out;
  }
  if (!errors.empty()) {
    out.error = ErrorsStr(errors);
  } else if (!(out.model = out.root->Model())) {
    out.error = "no model";
  }
  return out;
}

Loaded LoadString(const std::string& text) {
  Loaded out;
  out.root = std::make_unique<sdf::Root>();
  const sdf::Errors errors = out.root->LoadSdfString(text);
  if (!errors.empty()) {
    out.error = ErrorsStr(errors);
  } else if (!(out.model = out.root->Model())) {
    out.error = "no model";
  }
  return out;
}

converter::UrdfToSdfOptions Lumped() {
  converter::UrdfToSdfOptions o;
  o.lump_fixed_joints = true;
  return o;
}

// The categories of difference between libsdformat's lumping of `urdf_path`
// and ours; nullopt (with `why`) when either side refuses.
struct FileResult {
  std::vector<Difference> diffs;
  Counts counts;
};

// Seconds spent per step, over all files.
struct Timing {
  double theirs = 0, ours = 0, load_ours = 0, compare = 0;
};

double Since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

std::optional<FileResult> CompareFile(const std::string& urdf_path, std::string* why,
                                      bool* ours_failed, Timing* timing) {
  *ours_failed = false;
  auto t = std::chrono::steady_clock::now();
  const Loaded theirs = LoadFile(urdf_path);
  timing->theirs += Since(t);
  if (!theirs.error.empty()) {
    *why = "libsdformat refuses: " + theirs.error;
    return std::nullopt;
  }
  t = std::chrono::steady_clock::now();
  const converter::ConversionResult r = converter::UrdfFileToSdf(urdf_path, Lumped());
  timing->ours += Since(t);
  if (!r.ok) {
    *why = "urdf2sdf refuses";
    return std::nullopt;
  }
  t = std::chrono::steady_clock::now();
  const Loaded ours = LoadString(r.output);
  timing->load_ours += Since(t);
  if (!ours.error.empty()) {
    *why = "libsdformat does not load our output: " + ours.error;
    *ours_failed = true;
    return std::nullopt;
  }
  t = std::chrono::steady_clock::now();
  Comparison c(*theirs.model, *ours.model);
  c.Run();
  timing->compare += Since(t);
  return FileResult{c.differences(), c.counts()};
}

// ---------------------------------------------------------------------------
// The reviewed list.

struct Entry {
  std::string file;  // "*" for every file
  std::string category;
  std::string reason;
  int line = 0;
};

std::vector<Entry> ReadDifferences(const std::string& path, std::vector<std::string>* bad) {
  std::vector<Entry> out;
  std::set<std::pair<std::string, std::string>> seen;
  test_support::ForEachReviewedLine(
      path, 2, "path CATEGORY  # reason", bad, [&](const test_support::ReviewedLine& l) {
        Entry e{l.fields[0], l.fields[1], Trim(l.reason), l.line};
        if (!Categories().count(e.category))
          bad->push_back(l.where + "unknown category " + e.category);
        if (e.reason.empty()) bad->push_back(l.where + "no reason given");
        if (!seen.insert({e.file, e.category}).second) bad->push_back(l.where + "listed twice");
        out.push_back(e);
      });
  return out;
}

// ---------------------------------------------------------------------------
// The comparison itself can fail: hand-made SDF against libsdformat's
// lumping of a small URDF, each deliberate error found under its category.

constexpr char kSelfTestUrdf[] = R"(<robot name="r">
  <link name="base">
    <inertial><mass value="1"/><inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial>
    <collision><geometry><box size="1 1 1"/></geometry></collision>
  </link>
  <joint name="j" type="fixed"><origin xyz="1 0 0" rpy="0 0 0.5"/>
    <parent link="base"/><child link="cam"/></joint>
  <link name="cam">
    <inertial><mass value="1"/><inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial>
    <visual><geometry><sphere radius="0.1"/></geometry></visual>
  </link>
  <joint name="arm_joint" type="revolute"><origin xyz="0 0 1"/><parent link="cam"/>
    <child link="arm"/><axis xyz="0 1 0"/><limit lower="-1" upper="1" effort="1" velocity="1"/></joint>
  <link name="arm">
    <inertial><mass value="2"/><inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial>
  </link>
  <gazebo reference="cam">
    <sensor name="imu" type="imu"><pose>0 0 0.5 0 0 0</pose></sensor>
  </gazebo>
  <gazebo>
    <plugin name="p" filename="libp.so"><bodyName>cam</bodyName>
      <xyzOffset>0 0 0</xyzOffset><rpyOffset>0 0 0</rpyOffset></plugin>
  </gazebo>
</robot>
)";

// Our form of kSelfTestUrdf, lumped, with the named things changed.
std::string SelfTestSdf(const std::string& mass, const std::string& imu_pose,
                        const std::string& offset, const std::string& axis,
                        bool extra_link) {
  return R"(<sdf version="1.7"><model name="r">
  <link name="base">
    <inertial><pose>0.5 0 0 0 0 0</pose><mass>)" + mass + R"(</mass><inertia>
      <ixx>2</ixx><ixy>0</ixy><ixz>0</ixz><iyy>2.5</iyy><iyz>0</iyz><izz>2.5</izz></inertia></inertial>
    <collision name="base_collision"><geometry><box><size>1 1 1</size></box></geometry></collision>
    <visual name="cam_visual"><pose relative_to="cam"/><geometry><sphere><radius>0.1</radius></sphere></geometry></visual>
    <sensor name="imu" type="imu"><pose relative_to="cam">)" + imu_pose + R"(</pose></sensor>
  </link>
  <joint name="arm_joint" type="revolute"><pose relative_to="cam">0 0 1 0 0 0</pose>
    <parent>base</parent><child>arm</child>
    <axis><xyz>)" + axis + R"(</xyz><limit><lower>-1</lower><upper>1</upper></limit></axis></joint>
  <link name="arm"><pose relative_to="arm_joint"/>
    <inertial><mass>2</mass><inertia><ixx>1</ixx><ixy>0</ixy><ixz>0</ixz><iyy>1</iyy><iyz>0</iyz><izz>1</izz></inertia></inertial>
  </link>)" + (extra_link ? R"(
  <joint name="extra_joint" type="fixed"><parent>arm</parent><child>extra</child></joint>
  <link name="extra"><inertial><mass>1</mass><inertia><ixx>1</ixx><ixy>0</ixy><ixz>0</ixz><iyy>1</iyy><iyz>0</iyz><izz>1</izz></inertia></inertial></link>)"
                                                           : "") +
         R"(
  <frame name="j" attached_to="base"><pose relative_to="base">1 0 0 0 0 0.5</pose></frame>
  <frame name="cam" attached_to="j"><pose relative_to="j"/></frame>
  <plugin name="p" filename="libp.so"><bodyName>base</bodyName>
    <xyzOffset>)" + offset + R"(</xyzOffset><rpyOffset>0 0 0.5</rpyOffset>
    <ignition::corrected_offsets>1</ignition::corrected_offsets></plugin>
</model></sdf>)";
}

std::set<std::string> CategoriesOf(const std::string& sdf_text, std::string* log) {
  const std::string dir = ::testing::TempDir();
  const std::string path = dir + "/lump_self_test.urdf";
  {
    std::ofstream out(path);
    out << kSelfTestUrdf;
  }
  const Loaded theirs = LoadFile(path);
  const Loaded ours = LoadString(sdf_text);
  EXPECT_EQ(theirs.error, "");
  EXPECT_EQ(ours.error, "");
  std::set<std::string> out;
  if (!theirs.model || !ours.model) return out;
  Comparison c(*theirs.model, *ours.model);
  c.Run();
  for (const auto& d : c.differences()) {
    out.insert(d.category);
    *log += d.category + ": " + d.detail + "\n";
  }
  return out;
}

TEST(UrdfLumpOracleTest, ComparisonFindsEachDeliberateDifference) {
  sdf::Console::Instance()->SetQuiet(true);
  std::string log;
  // Correct: only what libsdformat 12.3 drops (frames) and renames.
  EXPECT_EQ(CategoriesOf(SelfTestSdf("2", "0 0 0.5 0 0 0", "1 0 0", "0 1 0", false), &log),
            (std::set<std::string>{"MERGED_FRAMES", "SHAPE_NAMES"}))
      << log;
  log.clear();
  std::string wrong_sdf =
      SelfTestSdf("2.000001", "0 0 0.6 0 0 0", "1 0.001 0", "1 0 0", true);
  auto replace = [&](const std::string& from, const std::string& to) {
    const size_t at = wrong_sdf.find(from);
    ASSERT_NE(at, std::string::npos) << from;
    wrong_sdf.replace(at, from.size(), to);
  };
  replace(R"(<visual name="cam_visual"><pose relative_to="cam"/>)",
          R"(<visual name="cam_visual"><pose relative_to="cam">0 0 0.001 0 0 0</pose>)");
  replace("<bodyName>base</bodyName>", "<bodyName>cam</bodyName>");
  const auto wrong = CategoriesOf(wrong_sdf, &log);
  for (const char* c : {"INERTIAL", "SENSOR_POSE", "PLUGIN_OFFSET", "JOINT_AXIS",
                        "LINK_ONLY_OURS", "JOINT_ONLY_OURS", "VISUAL_UNMATCHED",
                        "PLUGIN_CONTENT"}) {
    EXPECT_TRUE(wrong.count(c)) << c << " not found in:\n" << log;
  }
  log.clear();
  // A sensor pose within libsdformat's 6-digit printing is told apart.
  const auto rounded =
      CategoriesOf(SelfTestSdf("2", "0 0 0.500001 0 0 0", "1.000001 0 0", "0 1 0", false),
                   &log);
  EXPECT_TRUE(rounded.count("SENSOR_POSE_ROUNDED")) << log;
  EXPECT_TRUE(rounded.count("PLUGIN_OFFSET_ROUNDED")) << log;
  EXPECT_FALSE(rounded.count("SENSOR_POSE")) << log;
}

// ---------------------------------------------------------------------------
// The corpus.

TEST(UrdfLumpOracleTest, CorpusMatchesLibsdformatExceptListedLosses) {
  sdf::Console::Instance()->SetQuiet(true);
  // urdfdom (under libsdformat) logs every file's problems.
  console_bridge::setLogLevel(console_bridge::CONSOLE_BRIDGE_LOG_NONE);
  const auto start = std::chrono::steady_clock::now();
  const std::string corpus = test_support::CorpusDir("URDF_CORPUS_DIR");
  ASSERT_FALSE(corpus.empty()) << "corpus not found; set URDF_CORPUS_DIR";
  // The corpus, then this project's own fixtures (testdata/urdf), listed as
  // "testdata/urdf/NAME.urdf".
  std::vector<std::pair<std::string, std::string>> inputs;  // (name, path)
  test_support::CorpusSample sample;
  for (const auto& f :
       sample.Take(test_support::CorpusFiles(corpus, {".urdf"}))) {
    inputs.emplace_back(f, corpus + "/" + f);
  }
  const size_t corpus_files = inputs.size();
  ASSERT_GT(corpus_files, 0u);
  const std::string fixtures = test_support::Runfile("testdata/urdf");
  for (const auto& f : test_support::CorpusFiles(fixtures, {".urdf"})) {
    inputs.emplace_back("testdata/urdf/" + f, fixtures + "/" + f);
    sample.Keep("testdata/urdf/" + f);
  }
  ASSERT_GT(inputs.size(), corpus_files) << "no fixtures in " << fixtures;
  const char* list_env = std::getenv("URDF_LUMP_DIFFERENCES");
  const std::string list_path =
      list_env ? list_env : test_support::Runfile("testdata/urdf_lump_differences.txt");
  std::vector<std::string> bad;
  const std::vector<Entry> entries = ReadDifferences(list_path, &bad);
  for (const auto& b : bad) ADD_FAILURE() << b;

  Counts total;
  Timing timing;
  int compared = 0;
  std::map<std::string, std::string> skipped;  // file -> why
  std::map<std::string, std::map<std::string, std::vector<std::string>>> found;
  for (const auto& [rel, path] : inputs) {
    std::string why;
    bool ours_failed = false;
    const auto r = CompareFile(path, &why, &ours_failed, &timing);
    if (ours_failed) ADD_FAILURE() << rel << ": " << why;
    if (!r) {
      skipped[rel] = why;
      continue;
    }
    ++compared;
    total.Add(r->counts);
    for (const auto& d : r->diffs) found[rel][d.category].push_back(d.detail);
  }

  // Against the list.
  std::set<std::string> wildcard;
  std::set<std::pair<std::string, std::string>> listed;
  for (const auto& e : entries) {
    if (e.file == "*") {
      wildcard.insert(e.category);
    } else {
      listed.insert({e.file, e.category});
    }
  }
  std::string unlisted, actual;
  std::set<std::string> wildcard_used;
  std::map<std::string, int> per_category;  // files
  for (const auto& [file, cats] : found) {
    for (const auto& [cat, details] : cats) {
      ++per_category[cat];
      if (wildcard.count(cat)) {
        wildcard_used.insert(cat);
        continue;
      }
      actual += file + " " + cat + "  # " + OneLine(details[0], 150) + "\n";
      if (listed.count({file, cat})) continue;
      unlisted += "  " + file + " " + cat + " (" + std::to_string(details.size()) + "):\n";
      for (size_t k = 0; k < std::min<size_t>(details.size(), 5); ++k)
        unlisted += "    " + OneLine(details[k], 300) + "\n";
      if (details.size() > 5)
        unlisted += "    ... and " + std::to_string(details.size() - 5) + " more\n";
    }
  }
  std::string stale;
  for (const auto& e : entries) {
    const bool used = e.file == "*" ? wildcard_used.count(e.category) > 0
                                    : found.count(e.file) && found[e.file].count(e.category);
    const bool checked = e.file == "*" ? sample.step() == 1 : sample.Has(e.file);
    if (!used && checked) {
      stale += "  " + list_path + ":" + std::to_string(e.line) + ": " + e.file + " " +
               e.category + " no longer occurs\n";
    }
  }
  EXPECT_TRUE(unlisted.empty())
      << "Differences from libsdformat's lumping that are not in " << list_path
      << " (fix lump.cc, or review and list them as libsdformat losses):\n"
      << unlisted << "Actual per-file list:\n" << actual;
  EXPECT_TRUE(stale.empty()) << "Listed differences that no longer occur:\n" << stale;

  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::cout << "\n=== --lump-fixed-joints against libsdformat " << SDF_VERSION_FULL << ": "
            << corpus_files << " corpus URDF files and " << inputs.size() - corpus_files
            << " fixtures, " << compared << " compared, "
            << skipped.size() << " skipped (" << Num(seconds) << " s)\n";
  std::cout << "compared: " << total.links << " links (" << total.inertials
            << " inertials), " << total.joints << " joints (" << total.axes << " axes), "
            << total.frames << " frames in both, visuals " << total.visuals_by_name
            << " by name + " << total.visuals_by_pose << " by place, collisions "
            << total.collisions_by_name << " by name + " << total.collisions_by_pose
            << " by place, " << total.sensors << " sensors (" << total.contact_sensors
            << " contact), " << total.lights << " lights, " << total.projectors
            << " projectors, " << total.plugins << " plugins; "
            << total.Comparisons() << " comparisons\n";
  std::cout << "seconds: libsdformat reading the URDF " << Num(timing.theirs)
            << ", urdf2sdf " << Num(timing.ours) << ", libsdformat reading ours "
            << Num(timing.load_ours) << ", comparing " << Num(timing.compare) << "\n";
  std::cout << "model-frame differences inherited from a parent (reported there): "
            << total.inherited << "\n";
  std::cout << "files with no sensor on either side: " << total.sensor_owners_both_none
            << ", no plugin on either side: " << total.plugin_owners_both_none << "\n";
  std::cout << "differences (files per category):";
  for (const auto& [cat, n] : per_category) std::cout << " " << cat << "=" << n;
  std::cout << "\n";
  std::map<std::string, int> skip_reasons;
  for (const auto& [file, why] : skipped) ++skip_reasons[OneLine(why, 90)];
  std::cout << "skipped:\n";
  for (const auto& [why, n] : skip_reasons) std::cout << "  " << n << "x " << why << "\n";
}

}  // namespace
