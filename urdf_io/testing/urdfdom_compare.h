// Test-only: urdfdom as an oracle. ParseWithUrdfdom parses URDF text the way
// ROS tools do (nullptr when urdfdom fails or logs an error), and UrdfdomDiff
// compares two urdfdom models field by field (names, tree, origins, axes,
// limits, dynamics, geometry, materials, inertials, safety, calibration,
// mimic), listing every difference.
#pragma once

#include <console_bridge/console.h>
#include <urdf_parser/urdf_parser.h>

#include <cmath>
#include <iomanip>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "testing/format.h"

namespace urdfdom_testing {

class QuietHandler : public console_bridge::OutputHandler {
 public:
  void log(const std::string& text, console_bridge::LogLevel level, const char*,
           int) override {
    if (level >= console_bridge::CONSOLE_BRIDGE_LOG_ERROR)
      errors.push_back(text);
  }
  std::vector<std::string> errors;
};

// urdfdom's parse, or nullptr when it fails or logs an error (it then may
// return a model that is not the file's, e.g. without a link's visuals).
inline urdf::ModelInterfaceSharedPtr ParseWithUrdfdom(const std::string& text,
                                               std::string* why = nullptr) {
  QuietHandler handler;
  console_bridge::useOutputHandler(&handler);
  urdf::ModelInterfaceSharedPtr m;
  try {
    m = urdf::parseURDF(text);
  } catch (const std::exception& e) {
    handler.errors.push_back(e.what());
  }
  console_bridge::restorePreviousOutputHandler();
  if (!handler.errors.empty()) m.reset();
  if (why) {
    why->clear();
    for (const auto& e : handler.errors) *why += (why->empty() ? "" : "; ") + e;
    if (!m && why->empty()) *why = "urdfdom returned no model";
  }
  return m;
}

// --- Field-by-field comparison of two urdfdom models -------------------------

using test_support::Num;

class UrdfdomDiff {
 public:
  // pose_tolerance 0: poses compared with ==; else positions and quaternion
  // components (up to sign) within it.
  explicit UrdfdomDiff(double pose_tolerance = 0) : tol_(pose_tolerance) {}

  std::vector<std::string> Compare(const urdf::ModelInterface& a,
                                   const urdf::ModelInterface& b) {
    Str("robot name", a.name_, b.name_);
    Keys("materials", a.materials_, b.materials_);
    for (const auto& [name, ma] : a.materials_) {
      auto it = b.materials_.find(name);
      if (it != b.materials_.end())
        Material("material '" + name + "'", ma, it->second);
    }
    Keys("links", a.links_, b.links_);
    for (const auto& [name, la] : a.links_) {
      auto it = b.links_.find(name);
      if (it != b.links_.end()) Link(a, b, *la, *it->second);
    }
    Str("root link", a.root_link_ ? a.root_link_->name : "(none)",
        b.root_link_ ? b.root_link_->name : "(none)");
    Keys("joints", a.joints_, b.joints_);
    for (const auto& [name, ja] : a.joints_) {
      auto it = b.joints_.find(name);
      if (it != b.joints_.end()) Joint(*ja, *it->second);
    }
    return std::move(out_);
  }

 private:
  void Fail(const std::string& s) { out_.push_back(s); }
  void Str(const std::string& what, const std::string& a,
           const std::string& b) {
    if (a != b) Fail(what + ": '" + a + "' vs '" + b + "'");
  }
  void Eq(const std::string& what, double a, double b) {
    if (!(a == b)) Fail(what + ": " + Num(a) + " vs " + Num(b));
  }
  void Vec(const std::string& what, const urdf::Vector3& a,
           const urdf::Vector3& b, double tol = 0) {
    if (tol == 0 ? (a.x == b.x && a.y == b.y && a.z == b.z)
                 : (std::abs(a.x - b.x) <= tol && std::abs(a.y - b.y) <= tol &&
                    std::abs(a.z - b.z) <= tol)) {
      return;
    }
    Fail(what + ": [" + Num(a.x) + " " + Num(a.y) + " " + Num(a.z) + "] vs [" +
         Num(b.x) + " " + Num(b.y) + " " + Num(b.z) + "]");
  }
  void Pose(const std::string& what, const urdf::Pose& a, const urdf::Pose& b) {
    Vec(what + " position", a.position, b.position, tol_);
    const urdf::Rotation& p = a.rotation;
    const urdf::Rotation& q = b.rotation;
    bool same;
    if (tol_ == 0) {
      same = p.x == q.x && p.y == q.y && p.z == q.z && p.w == q.w;
    } else {
      auto near = [&](double s) {
        return std::abs(p.x - s * q.x) <= tol_ &&
               std::abs(p.y - s * q.y) <= tol_ &&
               std::abs(p.z - s * q.z) <= tol_ &&
               std::abs(p.w - s * q.w) <= tol_;
      };
      same = near(1) || near(-1);
    }
    if (!same) {
      Fail(what + " rotation: [" + Num(p.x) + " " + Num(p.y) + " " + Num(p.z) +
           " " + Num(p.w) + "] vs [" + Num(q.x) + " " + Num(q.y) + " " +
           Num(q.z) + " " + Num(q.w) + "]");
    }
  }
  template <typename Map>
  void Keys(const std::string& what, const Map& a, const Map& b) {
    std::string only_a, only_b;
    for (const auto& [k, v] : a) {
      if (!b.count(k)) only_a += " '" + k + "'";
    }
    for (const auto& [k, v] : b) {
      if (!a.count(k)) only_b += " '" + k + "'";
    }
    if (!only_a.empty()) Fail(what + " only in the first:" + only_a);
    if (!only_b.empty()) Fail(what + " only in the second:" + only_b);
  }
  void Material(const std::string& what, const urdf::MaterialSharedPtr& a,
                const urdf::MaterialSharedPtr& b) {
    if (!a || !b) {
      if (!a != !b) Fail(what + ": present in only one");
      return;
    }
    Str(what + " name", a->name, b->name);
    Eq(what + " r", a->color.r, b->color.r);
    Eq(what + " g", a->color.g, b->color.g);
    Eq(what + " b", a->color.b, b->color.b);
    Eq(what + " a", a->color.a, b->color.a);
    Str(what + " texture", a->texture_filename, b->texture_filename);
  }
  void Geometry(const std::string& what, const urdf::GeometrySharedPtr& a,
                const urdf::GeometrySharedPtr& b) {
    if (!a || !b) {
      if (!a != !b) Fail(what + " geometry: present in only one");
      return;
    }
    if (a->type != b->type) {
      Fail(what + " geometry type: " + std::to_string(a->type) + " vs " +
           std::to_string(b->type));
      return;
    }
    switch (a->type) {
      case urdf::Geometry::SPHERE:
        Eq(what + " sphere radius", static_cast<urdf::Sphere&>(*a).radius,
           static_cast<urdf::Sphere&>(*b).radius);
        break;
      case urdf::Geometry::BOX:
        Vec(what + " box size", static_cast<urdf::Box&>(*a).dim,
            static_cast<urdf::Box&>(*b).dim);
        break;
      case urdf::Geometry::CYLINDER:
        Eq(what + " cylinder radius", static_cast<urdf::Cylinder&>(*a).radius,
           static_cast<urdf::Cylinder&>(*b).radius);
        Eq(what + " cylinder length", static_cast<urdf::Cylinder&>(*a).length,
           static_cast<urdf::Cylinder&>(*b).length);
        break;
      case urdf::Geometry::MESH:
        Str(what + " mesh filename", static_cast<urdf::Mesh&>(*a).filename,
            static_cast<urdf::Mesh&>(*b).filename);
        Vec(what + " mesh scale", static_cast<urdf::Mesh&>(*a).scale,
            static_cast<urdf::Mesh&>(*b).scale);
        break;
    }
  }
  static std::string Shares(const urdf::ModelInterface& m,
                            const urdf::Visual& v) {
    auto it = m.materials_.find(v.material_name);
    return v.material && it != m.materials_.end() && it->second == v.material
               ? "shared"
               : "own";
  }
  static std::string Names(const std::vector<urdf::JointSharedPtr>& v) {
    std::string s;
    for (const auto& j : v)
      s += (s.empty() ? "" : " ") + (j ? j->name : "null");
    return s;
  }
  static std::string Names(const std::vector<urdf::LinkSharedPtr>& v) {
    std::string s;
    for (const auto& l : v)
      s += (s.empty() ? "" : " ") + (l ? l->name : "null");
    return s;
  }
  void Link(const urdf::ModelInterface& ma, const urdf::ModelInterface& mb,
            const urdf::Link& a, const urdf::Link& b) {
    const std::string what = "link '" + a.name + "'";
    if (!a.inertial != !b.inertial) {
      Fail(what + " inertial: present in only one");
    } else if (a.inertial) {
      const urdf::Inertial& p = *a.inertial;
      const urdf::Inertial& q = *b.inertial;
      Pose(what + " inertial origin", p.origin, q.origin);
      Eq(what + " mass", p.mass, q.mass);
      Eq(what + " ixx", p.ixx, q.ixx);
      Eq(what + " ixy", p.ixy, q.ixy);
      Eq(what + " ixz", p.ixz, q.ixz);
      Eq(what + " iyy", p.iyy, q.iyy);
      Eq(what + " iyz", p.iyz, q.iyz);
      Eq(what + " izz", p.izz, q.izz);
    }
    if (a.visual_array.size() != b.visual_array.size()) {
      Fail(what + " visuals: " + std::to_string(a.visual_array.size()) +
           " vs " + std::to_string(b.visual_array.size()));
    } else {
      for (size_t k = 0; k < a.visual_array.size(); ++k) {
        const urdf::Visual& p = *a.visual_array[k];
        const urdf::Visual& q = *b.visual_array[k];
        const std::string v = what + " visual #" + std::to_string(k);
        Str(v + " name", p.name, q.name);
        Pose(v + " origin", p.origin, q.origin);
        Geometry(v, p.geometry, q.geometry);
        Str(v + " material_name", p.material_name, q.material_name);
        Material(v + " material", p.material, q.material);
        Str(v + " material sharing", Shares(ma, p), Shares(mb, q));
      }
    }
    if (!a.visual != !b.visual ||
        (a.visual && a.visual != a.visual_array.front()) ||
        (b.visual && b.visual != b.visual_array.front())) {
      Fail(what + " visual is not the first of visual_array in both");
    }
    if (a.collision_array.size() != b.collision_array.size()) {
      Fail(what + " collisions: " + std::to_string(a.collision_array.size()) +
           " vs " + std::to_string(b.collision_array.size()));
    } else {
      for (size_t k = 0; k < a.collision_array.size(); ++k) {
        const urdf::Collision& p = *a.collision_array[k];
        const urdf::Collision& q = *b.collision_array[k];
        const std::string c = what + " collision #" + std::to_string(k);
        Str(c + " name", p.name, q.name);
        Pose(c + " origin", p.origin, q.origin);
        Geometry(c, p.geometry, q.geometry);
      }
    }
    if (!a.collision != !b.collision ||
        (a.collision && a.collision != a.collision_array.front()) ||
        (b.collision && b.collision != b.collision_array.front())) {
      Fail(what + " collision is not the first of collision_array in both");
    }
    Str(what + " parent joint", a.parent_joint ? a.parent_joint->name : "",
        b.parent_joint ? b.parent_joint->name : "");
    Str(what + " parent link", a.getParent() ? a.getParent()->name : "",
        b.getParent() ? b.getParent()->name : "");
    Str(what + " child joints", Names(a.child_joints), Names(b.child_joints));
    Str(what + " child links", Names(a.child_links), Names(b.child_links));
  }
  void Joint(const urdf::Joint& a, const urdf::Joint& b) {
    const std::string what = "joint '" + a.name + "'";
    Eq(what + " type", a.type, b.type);
    Vec(what + " axis", a.axis, b.axis);
    Str(what + " parent", a.parent_link_name, b.parent_link_name);
    Str(what + " child", a.child_link_name, b.child_link_name);
    Pose(what + " origin", a.parent_to_joint_origin_transform,
         b.parent_to_joint_origin_transform);
    auto both = [&](const char* part, const void* p, const void* q) {
      if (!p != !q) Fail(what + " " + part + ": present in only one");
      return p && q;
    };
    if (both("limit", a.limits.get(), b.limits.get())) {
      Eq(what + " limit lower", a.limits->lower, b.limits->lower);
      Eq(what + " limit upper", a.limits->upper, b.limits->upper);
      Eq(what + " limit effort", a.limits->effort, b.limits->effort);
      Eq(what + " limit velocity", a.limits->velocity, b.limits->velocity);
    }
    if (both("dynamics", a.dynamics.get(), b.dynamics.get())) {
      Eq(what + " damping", a.dynamics->damping, b.dynamics->damping);
      Eq(what + " friction", a.dynamics->friction, b.dynamics->friction);
    }
    if (both("safety_controller", a.safety.get(), b.safety.get())) {
      Eq(what + " soft_lower_limit", a.safety->soft_lower_limit,
         b.safety->soft_lower_limit);
      Eq(what + " soft_upper_limit", a.safety->soft_upper_limit,
         b.safety->soft_upper_limit);
      Eq(what + " k_position", a.safety->k_position, b.safety->k_position);
      Eq(what + " k_velocity", a.safety->k_velocity, b.safety->k_velocity);
    }
    if (both("calibration", a.calibration.get(), b.calibration.get())) {
      Eq(what + " reference_position", a.calibration->reference_position,
         b.calibration->reference_position);
      if (both("calibration rising", a.calibration->rising.get(),
               b.calibration->rising.get())) {
        Eq(what + " rising", *a.calibration->rising, *b.calibration->rising);
      }
      if (both("calibration falling", a.calibration->falling.get(),
               b.calibration->falling.get())) {
        Eq(what + " falling", *a.calibration->falling, *b.calibration->falling);
      }
    }
    if (both("mimic", a.mimic.get(), b.mimic.get())) {
      Str(what + " mimic joint", a.mimic->joint_name, b.mimic->joint_name);
      Eq(what + " mimic multiplier", a.mimic->multiplier, b.mimic->multiplier);
      Eq(what + " mimic offset", a.mimic->offset, b.mimic->offset);
    }
  }

  double tol_;
  std::vector<std::string> out_;
};

}  // namespace urdfdom_testing
