#include "converter/testing/urdfdom_kinematics.h"

#include <algorithm>
#include <cmath>

#include <Eigen/Eigenvalues>
#include <ignition/math/MassMatrix3.hh>
#include <urdf_parser/urdf_parser.h>

#include "urdf_io/testing/urdfdom_compare.h"

namespace urdf_oracle {

Matrix3d InertiaMatrix(double ixx, double ixy, double ixz, double iyy,
                       double iyz, double izz) {
  Matrix3d I;
  I << ixx, ixy, ixz, ixy, iyy, iyz, ixz, iyz, izz;
  return I;
}

ValidInertia NearestValidInertia(double mass, const Matrix3d& I) {
  const ignition::math::MassMatrix3d mm(
      mass, ignition::math::Vector3d(I(0, 0), I(1, 1), I(2, 2)),
      ignition::math::Vector3d(I(0, 1), I(0, 2), I(1, 2)));
  Eigen::SelfAdjointEigenSolver<Matrix3d> es(I);
  Vector3d p = es.eigenvalues();  // ascending
  const double slack = kInertiaSlack * std::abs(p(2));
  const bool on_edge = p(0) < slack || p(0) + p(1) - p(2) < slack;
  if (mm.IsValid()) return {I, false, on_edge};
  for (int i = 0; i < 3; ++i) p(i) = std::max(p(i), 0.0);
  const double deficit = p(2) - (p(0) + p(1));
  if (deficit > 0) p(0) += deficit;
  const Matrix3d& V = es.eigenvectors();
  return {V * p.asDiagonal() * V.transpose(), true, true};
}

// --- Reader 1: urdfdom ------------------------------------------------------

Isometry3d FromUrdfdom(const urdf::Pose& p) {
  Isometry3d X = Isometry3d::Identity();
  X.linear() = Eigen::Quaterniond(p.rotation.w, p.rotation.x, p.rotation.y,
                                  p.rotation.z)
                   .toRotationMatrix();
  X.translation() = Vector3d(p.position.x, p.position.y, p.position.z);
  return X;
}

std::optional<OModel> ReadWithUrdfdom(const std::string& text,
                                      std::string* why) {
  const urdf::ModelInterfaceSharedPtr m =
      urdfdom_testing::ParseWithUrdfdom(text, why);
  if (!m) return std::nullopt;
  OModel out;
  out.name = m->getName();
  for (const auto& [name, link] : m->links_) {
    OLink& ol = out.links[name];
    ol.name = name;
    for (const auto& v : link->visual_array) ol.X_LV.push_back(FromUrdfdom(v->origin));
    for (const auto& c : link->collision_array) ol.X_LC.push_back(FromUrdfdom(c->origin));
    if (link->inertial) {
      const urdf::Inertial& in = *link->inertial;
      OInertial oi;
      oi.mass = in.mass;
      oi.X_LI = FromUrdfdom(in.origin);
      oi.I_I = InertiaMatrix(in.ixx, in.ixy, in.ixz, in.iyy, in.iyz, in.izz);
      ol.inertial = oi;
    }
  }
  for (const auto& [name, joint] : m->joints_) {
    OJoint oj;
    oj.name = name;
    switch (joint->type) {
      case urdf::Joint::REVOLUTE: oj.type = "revolute"; break;
      case urdf::Joint::CONTINUOUS: oj.type = "continuous"; break;
      case urdf::Joint::PRISMATIC: oj.type = "prismatic"; break;
      case urdf::Joint::FLOATING: oj.type = "floating"; break;
      case urdf::Joint::PLANAR: oj.type = "planar"; break;
      case urdf::Joint::FIXED: oj.type = "fixed"; break;
      default: oj.type = "unknown"; break;
    }
    oj.parent = joint->parent_link_name;
    oj.child = joint->child_link_name;
    oj.X_PJ = FromUrdfdom(joint->parent_to_joint_origin_transform);
    oj.axis = Vector3d(joint->axis.x, joint->axis.y, joint->axis.z);
    oj.has_axis = oj.type == "revolute" || oj.type == "continuous" ||
                  oj.type == "prismatic" || oj.type == "planar";
    out.joints.push_back(oj);
  }
  return out;
}

bool ComputeFk(const OModel& m, Fk* fk, std::string* why) {
  std::map<std::string, std::vector<const OJoint*>> children;
  for (const OJoint& j : m.joints) {
    if (!m.links.count(j.parent) || !m.links.count(j.child)) {
      *why = "joint " + j.name + " names a missing link";
      return false;
    }
    if (fk->parent_joint.count(j.child)) {
      *why = "link " + j.child + " has two parent joints";
      return false;
    }
    fk->parent_joint[j.child] = &j;
    children[j.parent].push_back(&j);
  }
  std::vector<std::string> roots;
  for (const auto& [name, l] : m.links) {
    if (!fk->parent_joint.count(name)) roots.push_back(name);
  }
  if (roots.size() != 1) {
    *why = std::to_string(roots.size()) + " root links";
    return false;
  }
  fk->root = roots[0];
  fk->X_ML[fk->root] = Isometry3d::Identity();
  fk->order.push_back(fk->root);
  for (size_t i = 0; i < fk->order.size(); ++i) {
    const std::string parent = fk->order[i];
    for (const OJoint* j : children[parent]) {
      fk->X_ML[j->child] = fk->X_ML[parent] * j->X_PJ;
      fk->order.push_back(j->child);
    }
  }
  if (fk->order.size() != m.links.size()) {
    *why = "kinematic loop or unreachable links";
    return false;
  }
  return true;
}

sdf_oracle::Snapshot UrdfdomSnapshot(const std::string& text, std::string* why) {
  sdf_oracle::Snapshot s;
  const std::optional<OModel> m = ReadWithUrdfdom(text, why);
  Fk fk;
  if (!m || !ComputeFk(*m, &fk, why)) return s;
  s.ok = true;
  const std::string& M = m->name;
  s.poses[M] = Isometry3d::Identity();
  const bool world = fk.root == "world";
  for (const auto& [name, X_RL] : fk.X_ML) {
    if (world && name == fk.root) continue;
    s.poses[M + "::" + name] = X_RL;
    const OLink& l = m->links.at(name);
    sdf_oracle::InertialInfo in;
    in.X_RI = X_RL;
    if (l.inertial) {
      in.mass = l.inertial->mass;
      in.X_RI = X_RL * l.inertial->X_LI;
      in.I = NearestValidInertia(in.mass, l.inertial->I_I).I;
    }
    s.inertials[M + "::" + name] = in;
  }
  for (const OJoint& j : m->joints) {
    const Isometry3d& X_RJ = fk.X_ML.at(j.child);
    s.poses[M + "::" + j.name] = X_RJ;
    const bool moves = j.type == "revolute" || j.type == "continuous" ||
                       j.type == "prismatic";
    if (moves && j.axis.norm() > 0)
      s.axes[M + "::" + j.name + "/axis"] = X_RJ.linear() * j.axis.normalized();
  }
  return s;
}

}  // namespace urdf_oracle
