#include "urdf_io/urdfdom.h"

#include <urdf_model/link.h>

#include <Eigen/Geometry>
#include <charconv>
#include <map>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "urdf_io/reader.h"
#include "urdf_io/writer.h"

namespace urdf_io {
namespace {

using frames::Geometry;
using frames::JointType;

std::string Quoted(const std::string& s) { return "'" + s + "'"; }

urdf::Pose ToUrdfPose(const frames::Pose& p) {
  urdf::Pose out;
  out.position = urdf::Vector3(p.xyz.x(), p.xyz.y(), p.xyz.z());
  if (p.quat_xyzw) {
    // URDF 1.1 <origin quat_xyzw>: urdf::Rotation is a quaternion, so it
    // holds it as urdfdom 5.1 reads it (setFromQuaternion normalises).
    const Eigen::Vector4d& q = *p.quat_xyzw;
    out.rotation.setFromQuaternion(q[0], q[1], q[2], q[3]);
    return out;
  }
  // As urdfdom's parsePose turns an <origin rpy> into a quaternion.
  out.rotation.setFromRPY(p.rpy.x(), p.rpy.y(), p.rpy.z());
  return out;
}

frames::Pose FromUrdfPose(const urdf::Pose& p) {
  frames::Pose out;
  out.xyz = frames::Vector3(p.position.x, p.position.y, p.position.z);
  // Exact zeros for the identity; urdf::Rotation::getRPY approximates near
  // pitch +-pi/2, so the matrix route of frames is used.
  const urdf::Rotation& q = p.rotation;
  if (q.x != 0 || q.y != 0 || q.z != 0) {
    out.rpy = frames::RpyFromRotation(
        Eigen::Quaterniond(q.w, q.x, q.y, q.z).normalized().toRotationMatrix());
  }
  return out;
}

// The double whose shortest text is the float's shortest text (0.8f -> 0.8,
// not 0.800000011920929), so that the colour prints as written and reads
// back to the same float.
double FloatToDouble(float f) {
  char buf[32];
  auto res = std::to_chars(buf, buf + sizeof buf, f);
  double d = f;
  std::from_chars(buf, res.ptr, d);
  return d;
}

urdf::Color ToUrdfColor(const Eigen::Vector4d& rgba) {
  urdf::Color c;
  c.r = static_cast<float>(rgba[0]);
  c.g = static_cast<float>(rgba[1]);
  c.b = static_cast<float>(rgba[2]);
  c.a = static_cast<float>(rgba[3]);
  return c;
}

urdf::MaterialSharedPtr ToUrdfMaterial(const frames::Material& m) {
  auto out = std::make_shared<urdf::Material>();
  out->name = m.name;
  if (m.rgba) out->color = ToUrdfColor(*m.rgba);
  out->texture_filename = m.texture;
  return out;
}

// urdfdom's geometry, or nullptr for a shape it does not have.
urdf::GeometrySharedPtr ToUrdfGeometry(const Geometry& g) {
  switch (g.type) {
    case Geometry::Type::kBox: {
      auto b = std::make_shared<urdf::Box>();
      b->dim = urdf::Vector3(g.size.x(), g.size.y(), g.size.z());
      return b;
    }
    case Geometry::Type::kCylinder: {
      auto c = std::make_shared<urdf::Cylinder>();
      c->radius = g.radius;
      c->length = g.length;
      return c;
    }
    case Geometry::Type::kSphere: {
      auto s = std::make_shared<urdf::Sphere>();
      s->radius = g.radius;
      return s;
    }
    case Geometry::Type::kMesh: {
      auto m = std::make_shared<urdf::Mesh>();
      m->filename = g.uri;
      if (g.scale) {
        m->scale = urdf::Vector3(g.scale->x(), g.scale->y(), g.scale->z());
      }
      return m;
    }
    default:
      return nullptr;
  }
}

// A capsule is URDF 1.1's: urdfdom 5.1 has urdf::Capsule, the urdfdom 3
// linked here has not.
const char* Version11(const Geometry& g) {
  return g.type == Geometry::Type::kCapsule
             ? " (a URDF 1.1 capsule: urdfdom 5.1 holds it, the linked "
               "urdfdom 3 does not)"
             : "";
}

const char* ShapeName(const Geometry& g) {
  switch (g.type) {
    case Geometry::Type::kCapsule:
      return "capsule";
    case Geometry::Type::kPlane:
      return "plane";
    case Geometry::Type::kEllipsoid:
      return "ellipsoid";
    case Geometry::Type::kOther:
      return g.other ? g.other->name.c_str() : "?";
    default:
      return "?";
  }
}

bool HasSdfOnlyData(const frames::Material& m) {
  return m.ambient || m.diffuse || m.specular || m.emissive ||
         !m.extensions.empty();
}

// What ToModelInterface leaves out because urdf::ModelInterface has no
// place for it: reported as it goes (Cannot) or counted and reported once
// (kept-verbatim elements).
class LeftOut {
 public:
  explicit LeftOut(frames::Diagnostics* diags) : diags_(diags) {}

  void Cannot(const std::string& what, const frames::SourceLocation& at) {
    diags_->Warning(frames::Code::URDFDOM_CANNOT_EXPRESS,
                    what +
                        " has no place in urdf::ModelInterface and is left "
                        "out",
                    at);
  }
  void Count(const std::vector<frames::Element>& ext) {
    verbatim_ += ext.size();
    for (const auto& e : ext) ++verbatim_names_[e.name];
  }
  // The counted kept-verbatim elements of `model`, in one warning.
  void ReportVerbatim(const frames::Model& model) {
    if (verbatim_ == 0) return;
    std::string names;
    for (const auto& [name, n] : verbatim_names_) {
      names += (names.empty() ? "<" : ", <") + name + ">" +
               (n > 1 ? " x" + std::to_string(n) : "");
    }
    diags_->Warning(frames::Code::URDFDOM_CANNOT_EXPRESS,
                    std::to_string(verbatim_) +
                        " kept-verbatim element(s) of " + "model " +
                        Quoted(model.name) + " (" + names +
                        ") have no place in urdf::ModelInterface and are left "
                        "out",
                    model.where);
  }

 private:
  frames::Diagnostics* diags_;
  size_t verbatim_ = 0;
  std::map<std::string, int> verbatim_names_;  // sorted, for the message
};

urdf::InertialSharedPtr ToUrdfInertial(const frames::Inertial& i) {
  auto in = std::make_shared<urdf::Inertial>();
  in->origin = ToUrdfPose(i.pose);
  in->mass = i.mass;
  in->ixx = i.ixx;
  in->ixy = i.ixy;
  in->ixz = i.ixz;
  in->iyy = i.iyy;
  in->iyz = i.iyz;
  in->izz = i.izz;
  return in;
}

// The visual `v` (`shape` names it), or nullptr when urdfdom has not its
// geometry. Its material as urdfdom's rules take it: a known name is
// shared, a new inline definition is added to `materials`, an unknown
// reference is empty.
urdf::VisualSharedPtr ToUrdfVisual(
    const frames::Visual& v, const std::string& shape,
    std::map<std::string, urdf::MaterialSharedPtr>* materials,
    LeftOut* left_out) {
  left_out->Count(v.extensions);
  auto geometry = ToUrdfGeometry(v.geometry);
  if (!geometry) {
    left_out->Cannot(std::string("the ") + ShapeName(v.geometry) + " " + shape +
                         Version11(v.geometry),
                     v.where);
    return nullptr;
  }
  auto vis = std::make_shared<urdf::Visual>();
  vis->name = v.name;
  vis->origin = ToUrdfPose(v.pose);
  vis->geometry = geometry;
  if (v.material) {
    const frames::Material& m = *v.material;
    if (HasSdfOnlyData(m)) {
      left_out->Cannot("SDFormat data of the material of " + shape, m.where);
    }
    vis->material_name = m.name;
    auto known = m.name.empty() ? materials->end() : materials->find(m.name);
    if (known != materials->end()) {
      vis->material = known->second;
    } else if (m.rgba || !m.texture.empty()) {
      vis->material = ToUrdfMaterial(m);
      if (!m.name.empty()) materials->emplace(m.name, vis->material);
    }
  }
  return vis;
}

urdf::LinkSharedPtr ToUrdfLink(
    const frames::Link& l,
    std::map<std::string, urdf::MaterialSharedPtr>* materials,
    LeftOut* left_out) {
  auto link = std::make_shared<urdf::Link>();
  link->name = l.name;
  const std::string what = "link " + Quoted(l.name);
  left_out->Count(l.extensions);
  if (l.inertial) link->inertial = ToUrdfInertial(*l.inertial);
  for (const auto& v : l.visuals) {
    const std::string shape =
        "visual" + (v.name_given ? " " + Quoted(v.name) : "") + " of " + what;
    if (auto vis = ToUrdfVisual(v, shape, materials, left_out)) {
      link->visual_array.push_back(vis);
    }
  }
  for (const auto& c : l.collisions) {
    left_out->Count(c.extensions);
    auto geometry = ToUrdfGeometry(c.geometry);
    if (!geometry) {
      left_out->Cannot(
          std::string("the ") + ShapeName(c.geometry) + " collision" +
              (c.name_given ? " " + Quoted(c.name) : "") + " of " + what +
              Version11(c.geometry),
          c.where);
      continue;
    }
    auto col = std::make_shared<urdf::Collision>();
    col->name = c.name;
    col->origin = ToUrdfPose(c.pose);
    col->geometry = geometry;
    link->collision_array.push_back(col);
  }
  if (!link->visual_array.empty()) link->visual = link->visual_array[0];
  if (!link->collision_array.empty()) {
    link->collision = link->collision_array[0];
  }
  return link;
}

using UrdfJointType = decltype(urdf::Joint::type);

// The joint types URDF and urdfdom have, both ways.
constexpr std::pair<JointType, UrdfJointType> kUrdfJointTypes[] = {
    {JointType::kRevolute, urdf::Joint::REVOLUTE},
    {JointType::kContinuous, urdf::Joint::CONTINUOUS},
    {JointType::kPrismatic, urdf::Joint::PRISMATIC},
    {JointType::kFloating, urdf::Joint::FLOATING},
    {JointType::kPlanar, urdf::Joint::PLANAR},
    {JointType::kFixed, urdf::Joint::FIXED},
};

// urdfdom's type of a URDF joint type (CheckUrdfForm has refused the
// others: fixed).
UrdfJointType ToUrdfJointType(JointType t) {
  for (const auto& [ours, theirs] : kUrdfJointTypes) {
    if (ours == t) return theirs;
  }
  return urdf::Joint::FIXED;  // form-checked
}

// Axis, limits and dynamics of `j` onto `joint`, whose type is set.
void ToUrdfAxis(const frames::Joint& j, urdf::Joint* joint, LeftOut* left_out) {
  // urdfdom reads no axis for fixed and floating joints.
  if (joint->type != urdf::Joint::FIXED &&
      joint->type != urdf::Joint::FLOATING) {
    const frames::Vector3 xyz = j.axis ? j.axis->xyz : frames::Vector3::UnitX();
    joint->axis = urdf::Vector3(xyz.x(), xyz.y(), xyz.z());
  }
  if (j.axis && j.axis->limit) {
    const frames::JointLimit& lim = *j.axis->limit;
    auto limits = std::make_shared<urdf::JointLimits>();
    limits->lower = lim.lower.value_or(0.0);
    limits->upper = lim.upper.value_or(0.0);
    limits->effort = lim.effort.value_or(0.0);
    limits->velocity = lim.velocity.value_or(0.0);
    joint->limits = limits;
    // URDF 1.2's limits (kept as written in the UrdfForm): urdfdom 6's
    // JointLimits has them; the urdfdom 3 linked here does not.
    for (const auto& a : j.urdf_form.attributes) {
      if (a.on == "limit" && (a.name == "acceleration" ||
                              a.name == "deceleration" || a.name == "jerk"))
        left_out->Cannot("URDF 1.2 <limit " + a.name + "=\"" + a.value +
                             "\"> of joint " + Quoted(j.name) +
                             " (urdfdom 6 has it; the urdfdom linked here, "
                             "3, does not)",
                         j.where);
    }
  }
  if (j.axis && j.axis->dynamics) {
    auto dynamics = std::make_shared<urdf::JointDynamics>();
    dynamics->damping = j.axis->dynamics->damping.value_or(0.0);
    dynamics->friction = j.axis->dynamics->friction.value_or(0.0);
    joint->dynamics = dynamics;
  }
  if (j.axis && (!j.axis->extensions.empty() ||
                 (j.axis->limit && !j.axis->limit->extensions.empty()) ||
                 (j.axis->dynamics && !j.axis->dynamics->extensions.empty()))) {
    left_out->Cannot(
        "SDFormat data of the axis of joint " + Quoted(joint->name), j.where);
  }
}

// `renamed` maps a joint's SDF name to its URDF name, for mimic references.
urdf::JointSharedPtr ToUrdfJoint(
    const frames::Joint& j,
    const std::unordered_map<std::string, std::string>& renamed,
    LeftOut* left_out) {
  auto joint = std::make_shared<urdf::Joint>();
  joint->name = j.original_name.empty() ? j.name : j.original_name;
  left_out->Count(j.extensions);
  joint->type = ToUrdfJointType(j.type);
  joint->parent_link_name = j.parent;
  joint->child_link_name = j.child;
  joint->parent_to_joint_origin_transform = ToUrdfPose(j.pose);
  ToUrdfAxis(j, joint.get(), left_out);
  if (j.safety_controller) {
    const frames::SafetyController& s = *j.safety_controller;
    auto safety = std::make_shared<urdf::JointSafety>();
    safety->soft_lower_limit = s.soft_lower_limit.value_or(0.0);
    safety->soft_upper_limit = s.soft_upper_limit.value_or(0.0);
    safety->k_position = s.k_position.value_or(0.0);
    safety->k_velocity = s.k_velocity;
    joint->safety = safety;
  }
  if (j.calibration) {
    auto calibration = std::make_shared<urdf::JointCalibration>();
    if (j.calibration->rising) {
      calibration->rising = std::make_shared<double>(*j.calibration->rising);
    }
    if (j.calibration->falling) {
      calibration->falling = std::make_shared<double>(*j.calibration->falling);
    }
    joint->calibration = calibration;
  }
  if (j.mimic) {
    auto mimic = std::make_shared<urdf::JointMimic>();
    auto it = renamed.find(j.mimic->joint);
    mimic->joint_name = it == renamed.end() ? j.mimic->joint : it->second;
    mimic->multiplier = j.mimic->multiplier.value_or(1.0);
    mimic->offset = j.mimic->offset.value_or(0.0);
    joint->mimic = mimic;
  }
  return joint;
}

// `model` with every pose's quaternion dropped (rpy holds the same
// rotation): what WriteUrdf prints below URDF 1.1, where urdfdom turns the
// rpy into its quaternion.
frames::Model WithoutQuaternions(const frames::Model& model) {
  frames::Model out = model;
  for (auto& l : out.links) {
    if (l.inertial) l.inertial->pose.quat_xyzw.reset();
    for (auto& v : l.visuals) v.pose.quat_xyzw.reset();
    for (auto& c : l.collisions) c.pose.quat_xyzw.reset();
  }
  for (auto& j : out.joints) j.pose.quat_xyzw.reset();
  return out;
}

urdf::ModelInterfaceSharedPtr ToModelInterfaceAsWritten(
    const frames::Model& model, frames::Diagnostics* diags) {
  if (!CheckUrdfForm(model, diags)) return nullptr;
  auto out = std::make_shared<urdf::ModelInterface>();
  out->name_ = model.name;
  LeftOut left_out(diags);
  left_out.Count(model.extensions);
  for (const auto& m : model.materials) {
    // Duplicates cannot come from ReadUrdf; urdfdom keeps the first.
    out->materials_.emplace(m.name, ToUrdfMaterial(m));
  }
  for (const auto& l : model.links) {
    out->links_.emplace(l.name, ToUrdfLink(l, &out->materials_, &left_out));
  }
  std::unordered_map<std::string, std::string> renamed;
  for (const auto& j : model.joints) {
    if (!j.original_name.empty()) renamed.emplace(j.name, j.original_name);
  }
  for (const auto& j : model.joints) {
    urdf::JointSharedPtr joint = ToUrdfJoint(j, renamed, &left_out);
    if (j.parent == kWorldLink && !out->links_.count(kWorldLink)) {
      auto world = std::make_shared<urdf::Link>();
      world->name = kWorldLink;
      out->links_.emplace(kWorldLink, world);
    }
    out->joints_.emplace(joint->name, joint);
  }
  left_out.ReportVerbatim(model);
  // Parent and child pointers and the root, as urdf::parseURDF sets them.
  // CheckUrdfForm has made sure neither throws.
  std::map<std::string, std::string> parent_link_tree;
  out->initTree(parent_link_tree);
  out->initRoot(parent_link_tree);
  return out;
}

}  // namespace

urdf::ModelInterfaceSharedPtr ToModelInterface(const frames::Model& model,
                                               frames::Diagnostics* diags) {
  // As urdfdom parses what WriteUrdf prints: quaternions from URDF 1.1 on
  // (urdfdom 5.1's setFromQuaternion), rpy before.
  if (WrittenUrdfMinor(model, {}) < 1) {
    bool any = false;
    for (const auto& j : model.joints) any |= j.pose.quat_xyzw.has_value();
    for (const auto& l : model.links) {
      if (l.inertial) any |= l.inertial->pose.quat_xyzw.has_value();
      for (const auto& v : l.visuals) any |= v.pose.quat_xyzw.has_value();
      for (const auto& c : l.collisions) any |= c.pose.quat_xyzw.has_value();
    }
    if (any) return ToModelInterfaceAsWritten(WithoutQuaternions(model), diags);
  }
  return ToModelInterfaceAsWritten(model, diags);
}

namespace {

Eigen::Vector4d FromUrdfColor(const urdf::Color& c) {
  return Eigen::Vector4d(FloatToDouble(c.r), FloatToDouble(c.g),
                         FloatToDouble(c.b), FloatToDouble(c.a));
}

// The tree of a urdf::ModelInterface by names (the pointers may not be set
// on a hand-made model).
struct UrdfdomTree {
  // The joints of each parent link, in joints_ order.
  std::unordered_map<std::string, std::vector<const urdf::Joint*>> kids;
  std::vector<std::string> roots;  // links that are no joint's child
};

// Builds the tree of `in` and reports what keeps it from being one: a null
// joint, a joint naming no link, a link with two parents, other than one
// root. `robot` names the model in messages.
UrdfdomTree BuildUrdfdomTree(const urdf::ModelInterface& in,
                             const std::string& robot,
                             frames::Diagnostics* diags) {
  UrdfdomTree tree;
  std::unordered_set<std::string> children;
  for (const auto& [name, j] : in.joints_) {
    if (!j) {
      diags->Error(frames::Code::URDFDOM_MODEL_INVALID,
                   robot + " has a null joint " + Quoted(name), {});
      continue;
    }
    for (const std::string* link :
         {&j->parent_link_name, &j->child_link_name}) {
      auto it = in.links_.find(*link);
      if (it == in.links_.end() || !it->second) {
        diags->Error(link == &j->parent_link_name
                         ? frames::Code::JOINT_PARENT_LINK_INVALID
                         : frames::Code::JOINT_CHILD_LINK_INVALID,
                     "joint " + Quoted(name) + " of " + robot + " names link " +
                         Quoted(*link) + ", which does not exist",
                     {});
      }
    }
    if (!children.insert(j->child_link_name).second) {
      diags->Error(frames::Code::URDF_LINK_MULTIPLE_PARENTS,
                   "link " + Quoted(j->child_link_name) + " of " + robot +
                       " is the child of more than one joint",
                   {});
    }
    tree.kids[j->parent_link_name].push_back(j.get());
  }
  for (const auto& [name, l] : in.links_) {
    if (!children.count(name)) tree.roots.push_back(name);
  }
  if (tree.roots.size() != 1) {
    diags->Error(tree.roots.empty() ? frames::Code::URDF_KINEMATIC_CYCLE
                                    : frames::Code::URDF_MULTIPLE_ROOTS,
                 robot + " has " + std::to_string(tree.roots.size()) +
                     " root links; a URDF tree has one",
                 {});
  }
  return tree;
}

// The material of visual `v`: by reference when it names one of the
// robot's materials (or names one without defining it), else inline.
std::optional<frames::Material> FromUrdfMaterial(const urdf::ModelInterface& in,
                                                 const urdf::Visual& v) {
  if (v.material_name.empty() && !v.material) return std::nullopt;
  frames::Material m;
  auto known = in.materials_.find(v.material_name);
  if (!v.material_name.empty() &&
      (!v.material ||
       (known != in.materials_.end() && known->second == v.material))) {
    m.name = v.material_name;
    m.by_reference = true;
    if (known != in.materials_.end() && known->second) {
      m.rgba = FromUrdfColor(known->second->color);
      m.texture = known->second->texture_filename;
    }
    return m;
  }
  m.name = v.material_name.empty() ? v.material->name : v.material_name;
  m.rgba = FromUrdfColor(v.material->color);
  m.texture = v.material->texture_filename;
  return m;
}

// Sets `out` from urdfdom's geometry `g` of the shape `what`; false (and an
// error) when there is none or its type is unknown.
bool FromUrdfGeometry(const urdf::GeometrySharedPtr& g, const std::string& what,
                      Geometry* out, frames::Diagnostics* diags) {
  if (!g) {
    diags->Error(frames::Code::GEOMETRY_MISSING, what + " has no geometry", {});
    return false;
  }
  switch (g->type) {
    case urdf::Geometry::BOX: {
      const auto& b = static_cast<const urdf::Box&>(*g);
      out->type = Geometry::Type::kBox;
      out->size = frames::Vector3(b.dim.x, b.dim.y, b.dim.z);
      return true;
    }
    case urdf::Geometry::CYLINDER: {
      const auto& c = static_cast<const urdf::Cylinder&>(*g);
      out->type = Geometry::Type::kCylinder;
      out->radius = c.radius;
      out->length = c.length;
      return true;
    }
    case urdf::Geometry::SPHERE:
      out->type = Geometry::Type::kSphere;
      out->radius = static_cast<const urdf::Sphere&>(*g).radius;
      return true;
    case urdf::Geometry::MESH: {
      const auto& m = static_cast<const urdf::Mesh&>(*g);
      out->type = Geometry::Type::kMesh;
      out->uri = m.filename;
      if (m.scale.x != 1 || m.scale.y != 1 || m.scale.z != 1) {
        out->scale = frames::Vector3(m.scale.x, m.scale.y, m.scale.z);
      }
      return true;
    }
  }
  diags->Error(frames::Code::GEOMETRY_MISSING,
               what + " has an unknown geometry type", {});
  return false;
}

// Sets j.type from urdfdom's type; an unknown one is an error.
void FromUrdfJointType(const urdf::Joint& uj, const std::string& robot,
                       frames::Joint* j, frames::Diagnostics* diags) {
  for (const auto& [ours, theirs] : kUrdfJointTypes) {
    if (theirs == uj.type) {
      j->type = ours;
      return;
    }
  }
  diags->Error(
      frames::Code::JOINT_TYPE_INVALID,
      "joint " + Quoted(uj.name) + " of " + robot + " has an unknown type", {});
}

frames::Joint FromUrdfJoint(const urdf::Joint& uj, const std::string& robot,
                            frames::Diagnostics* diags) {
  frames::Joint j;
  j.name = uj.name;
  j.parent = uj.parent_link_name;
  j.child = uj.child_link_name;
  j.pose = FromUrdfPose(uj.parent_to_joint_origin_transform);
  j.pose.relative_to = j.parent == kWorldLink ? frames::kModelFrame : j.parent;
  FromUrdfJointType(uj, robot, &j, diags);
  const bool moving =
      j.type != JointType::kFixed && j.type != JointType::kFloating;
  if (moving || uj.limits || uj.dynamics) {
    auto& axis = j.axis.emplace();
    axis.xyz = frames::Vector3(uj.axis.x, uj.axis.y, uj.axis.z);
    if (uj.limits) {
      auto& lim = axis.limit.emplace();
      lim.lower = uj.limits->lower;
      lim.upper = uj.limits->upper;
      lim.effort = uj.limits->effort;
      lim.velocity = uj.limits->velocity;
    }
    if (uj.dynamics) {
      auto& d = axis.dynamics.emplace();
      d.damping = uj.dynamics->damping;
      d.friction = uj.dynamics->friction;
    }
  }
  if (uj.safety) {
    auto& s = j.safety_controller.emplace();
    s.soft_lower_limit = uj.safety->soft_lower_limit;
    s.soft_upper_limit = uj.safety->soft_upper_limit;
    s.k_position = uj.safety->k_position;
    s.k_velocity = uj.safety->k_velocity;
  }
  if (uj.calibration) {
    auto& c = j.calibration.emplace();
    if (uj.calibration->rising) c.rising = *uj.calibration->rising;
    if (uj.calibration->falling) c.falling = *uj.calibration->falling;
  }
  if (uj.mimic) {
    auto& m = j.mimic.emplace();
    m.joint = uj.mimic->joint_name;
    m.multiplier = uj.mimic->multiplier;
    m.offset = uj.mimic->offset;
  }
  return j;
}

// Link `l` (named `name`, the child of `parent_joint` or a root) of `in`.
frames::Link FromUrdfLink(const urdf::ModelInterface& in, const urdf::Link& l,
                          const std::string& name,
                          const urdf::Joint* parent_joint,
                          const std::string& robot,
                          frames::Diagnostics* diags) {
  frames::Link link;
  link.name = name;
  if (parent_joint) link.pose.relative_to = parent_joint->name;
  const std::string what = "link " + Quoted(name) + " of " + robot;
  if (l.inertial) {
    frames::Inertial& inertial = link.inertial.emplace();
    inertial.pose = FromUrdfPose(l.inertial->origin);
    inertial.mass = l.inertial->mass;
    inertial.ixx = l.inertial->ixx;
    inertial.ixy = l.inertial->ixy;
    inertial.ixz = l.inertial->ixz;
    inertial.iyy = l.inertial->iyy;
    inertial.iyz = l.inertial->iyz;
    inertial.izz = l.inertial->izz;
  }
  for (const auto& v : l.visual_array) {
    if (!v) continue;
    frames::Visual& vis = link.visuals.emplace_back();
    vis.name = v->name;
    vis.name_given = !v->name.empty();
    vis.pose = FromUrdfPose(v->origin);
    FromUrdfGeometry(v->geometry, "a visual of " + what, &vis.geometry, diags);
    vis.material = FromUrdfMaterial(in, *v);
  }
  for (const auto& c : l.collision_array) {
    if (!c) continue;
    frames::Collision& col = link.collisions.emplace_back();
    col.name = c->name;
    col.name_given = !c->name.empty();
    col.pose = FromUrdfPose(c->origin);
    FromUrdfGeometry(c->geometry, "a collision of " + what, &col.geometry,
                     diags);
  }
  return link;
}

}  // namespace

std::optional<frames::Model> FromModelInterface(const urdf::ModelInterface& in,
                                                frames::Diagnostics* diags) {
  const int errors_before = diags->error_count();
  const std::string robot = "urdfdom model " + Quoted(in.name_);
  frames::Model model;
  model.name = in.name_;
  if (model.name.empty()) {
    diags->Error(frames::Code::NAME_EMPTY, robot + " has no name", {});
  }
  for (const auto& [name, m] : in.materials_) {
    if (!m) continue;
    frames::Material& mat = model.materials.emplace_back();
    mat.name = name;
    mat.rgba = FromUrdfColor(m->color);
    mat.texture = m->texture_filename;
  }
  const UrdfdomTree tree = BuildUrdfdomTree(in, robot, diags);
  if (diags->error_count() > errors_before) return std::nullopt;

  // Depth first from the root; children in joints_ order (urdfdom's
  // child_joints order). `world` as the root is the URDF convention's fixed
  // frame, not a link of the model.
  const std::string& root = tree.roots.front();
  std::vector<std::pair<std::string, const urdf::Joint*>> stack = {
      {root, nullptr}};
  while (!stack.empty()) {
    auto [name, parent_joint] = stack.back();
    stack.pop_back();
    const urdf::Link& l = *in.links_.at(name);
    if (name == kWorldLink && parent_joint) {
      diags->Error(frames::Code::URDF_FORM_INVALID,
                   "link 'world' of " + robot + " is the child of joint " +
                       Quoted(parent_joint->name) +
                       "; the URDF convention keeps it for the fixed root",
                   {});
    }
    if (parent_joint) {
      model.joints.push_back(FromUrdfJoint(*parent_joint, robot, diags));
    }
    if (name == kWorldLink && !parent_joint) {
      if (l.inertial || !l.visual_array.empty() || !l.collision_array.empty()) {
        diags->Warning(frames::Code::WORLD_LINK_CONTENT,
                       "the 'world' link of " + robot +
                           " is the fixed reference frame; its inertial, "
                           "visuals and collisions are not converted",
                       {});
      }
    } else {
      model.links.push_back(
          FromUrdfLink(in, l, name, parent_joint, robot, diags));
    }
    // Reversed onto the stack so that children come out in joints_ order.
    auto it = tree.kids.find(name);
    if (it == tree.kids.end()) continue;
    for (auto k = it->second.rbegin(); k != it->second.rend(); ++k) {
      stack.emplace_back((*k)->child_link_name, *k);
    }
  }
  if (model.links.size() + (root == kWorldLink ? 1 : 0) != in.links_.size()) {
    diags->Error(frames::Code::URDF_KINEMATIC_CYCLE,
                 robot + " has links not reachable from its root link " +
                     Quoted(root) + " (they lie on a cycle of joints)",
                 {});
  }
  if (diags->error_count() > errors_before) return std::nullopt;
  return model;
}

}  // namespace urdf_io
