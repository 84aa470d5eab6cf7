#include "urdf_io/reader.h"

#include <algorithm>
#include <cstdlib>
#include <cmath>
#include <cstring>
#include <unordered_map>
#include <unordered_set>

#include "frames/inertia.h"
#include "frames/name_index.h"
#include "frames/tree.h"
#include "xml/reader.h"
#include "xml/writer.h"

namespace urdf_io {
namespace {

using frames::Element;
using frames::Geometry;
using frames::Model;
using xml::Node;
using xml::Context;

using xml::Is;

std::string Stem(const std::string& path) {
  size_t slash = path.find_last_of('/');
  std::string base = slash == std::string::npos ? path : path.substr(slash + 1);
  size_t dot = base.rfind('.');
  return dot == std::string::npos ? base : base.substr(0, dot);
}

class UrdfReader {
 public:
  UrdfReader(const std::string& file, frames::Diagnostics* diags,
             const xml::Limits& limits)
      : ctx_{file, diags}, limits_(limits) {}

  // With `tree`, the analysis CheckTree made is handed out with the model.
  std::optional<Model> Read(std::string text, frames::TreeAnalysis* tree);

 private:
  const char* RequiredAttribute(const Node* e, const char* attr) {
    const char* v = e->Attribute(attr);
    if (!v) ReportMissingAttribute(e, attr);
    return v;
  }
  void ReportMissingAttribute(const Node* e, const char* attr) {
    ctx_.Error(
        e, frames::Code::ATTRIBUTE_MISSING,
        std::string("<") + e->Name() + "> has no '" + attr + "' attribute");
  }
  // Reads <origin xyz rpy> into pose (keeping relative_to); true if absent.
  // Records in `form` which parts were written with default values
  // (`origin_bit` is kOrigin or kInertialOrigin, followed by its no-xyz and no-rpy
  // bits) and attributes URDF does not define (`on` is the origin's path).
  bool ReadOrigin(const Node* parent, frames::Pose* pose,
                  frames::UrdfForm* form, uint32_t origin_bit, const char* on);
  std::optional<double> RequiredDouble(const Node* e, const char* attr);
  bool ReadGeometry(const Node* e, Geometry* g, frames::UrdfForm* form);
  // A mesh's scale of one number: read as that scale on every axis, as
  // Drake reads it (urdfdom refuses it), with a MESH_SCALE_UNIFORM warning.
  bool ReadUniformScale(const Node* mesh, const char* scale, Geometry* g);
  bool ReadMaterial(const Node* e, frames::Material* m, bool top_level);
  bool ReadInertial(const Node* e, const std::string& link,
                    frames::Inertial* in, frames::UrdfForm* form);
  bool ReadLink(const Node* e, frames::Link* link);
  bool ReadJoint(const Node* e, frames::Joint* joint);

  // The children an element's reader knows (xml::Child: one entry per
  // child name, nullptr for one read before the walk, as <origin>); a child
  // no entry names is carried as written into `carried`.
  template <typename State>
  using Child = xml::Child<UrdfReader, State>;
  template <typename State, size_t N>
  bool ReadChildren(const Node* e, const Child<State> (&known)[N],
                    State* state, std::vector<Element>* carried) {
    return xml::ReadChildren(this, e, known, state, ctx_, carried);
  }

  // Link children.
  bool ReadLinkInertial(const Node* c, frames::Link* link);
  bool ReadLinkVisual(const Node* c, frames::Link* link);
  bool ReadLinkCollision(const Node* c, frames::Link* link);
  bool ReadShape(const Node* c, frames::Shape* shape);
  bool ReadVisualMaterial(const Node* c, frames::Visual* visual);

  // Joint children, read into a JointRead.
  struct JointRead {
    frames::Joint* j;
    bool moving;             // revolute, continuous, prismatic or planar
    std::optional<frames::JointLimit> limit;
    std::optional<frames::JointDynamics> dynamics;
    // The children of which one was read already: a bit per kind.
    enum Kind : uint32_t {
      kAxis = 1,
      kLimit = 2,
      kDynamics = 4,
      kMimic = 8,
      kSafetyController = 16,
      kCalibration = 32,
    };
    uint32_t seen = 0;
  };
  bool ReadJointType(const Node* e, frames::Joint* j);
  bool ReadJointLink(const Node* e, const char* tag, frames::Joint* j,
                     std::string* out);
  // URDF readers (urdfdom) read a joint's first <axis>, <limit>,
  // <dynamics>, <mimic>, <safety_controller> and <calibration>: a later one
  // is carried as written, with a warning (true when `c` is one).
  // `kind` is the child's bit in JointRead::seen (one per reader).
  bool CarriedIfRepeated(const Node* c, uint32_t kind, JointRead* r);
  bool ReadJointAxis(const Node* c, JointRead* r);
  bool ReadJointLimit(const Node* c, JointRead* r);
  bool ReadJointDynamics(const Node* c, JointRead* r);
  bool ReadJointMimic(const Node* c, JointRead* r);
  bool ReadJointSafetyController(const Node* c, JointRead* r);
  bool ReadJointCalibration(const Node* c, JointRead* r);
  void FinishJoint(const Node* e, JointRead* r);
  // Reports what keeps the links and joints from being one tree; returns
  // the analysis (SetUrdfFrames reads the parent joints in it).
  frames::TreeAnalysis CheckTree(Model* model, const Node* robot);
  // The steps of Read, in order. Each reports what it finds; false stops
  // the read (ReadRobotName: no name to use).
  bool ReadRobotName(const Node* robot, Model* model);
  void ReadRobotVersion(const Node* robot, Model* model);
  void ReadRobotMaterials(const Node* robot, Model* model);
  void ReadLinksAndJoints(const Node* robot, Model* model);
  // URDF's frame conventions as explicit relative_to: a joint's pose is in
  // its parent link, a link's frame is its parent joint's (the first joint
  // naming it as child: `tree` of a model CheckTree found no fault in).
  static void SetUrdfFrames(const frames::TreeAnalysis& tree, Model* model);

  Context ctx_;
  const xml::Limits& limits_;
  std::unordered_map<std::string, size_t> materials_;  // name -> index
  Model* model_ = nullptr;
  bool world_declared_ = false;  // <link name="world"/> present
  // The minor number of the URDF version the robot declares (1.0 when it
  // declares none): what decides which 1.1 and 1.2 features are read.
  int urdf_minor_ = 0;
  // A feature of URDF 1.`minor` in a file declaring an earlier version.
  void FeatureIgnored(const Node* e, const std::string& what, int minor,
                      const std::string& outcome);
  bool ReadQuaternion(const Node* o, frames::Pose* pose);
  bool ReadLimitRules12(const Node* c, const frames::JointLimit& lim,
                        const frames::Joint& j);
};

std::optional<double> UrdfReader::RequiredDouble(const Node* e,
                                                 const char* attr) {
  if (!RequiredAttribute(e, attr)) return std::nullopt;
  return xml::DoubleAttribute(e, attr, ctx_);
}

// Whether `text` is one white-space-separated token.
bool IsOneToken(std::string_view text) {
  const size_t begin = text.find_first_not_of(" \t\r\n");
  if (begin == std::string_view::npos) return false;
  const size_t gap = text.find_first_of(" \t\r\n", begin);
  return gap == std::string_view::npos ||
         text.find_first_not_of(" \t\r\n", gap) == std::string_view::npos;
}

bool UrdfReader::ReadUniformScale(const Node* mesh, const char* scale,
                                  Geometry* g) {
  auto v = xml::DoubleAttribute(mesh, "scale", ctx_);
  if (!v) return false;
  ctx_.Warning(mesh, frames::Code::MESH_SCALE_UNIFORM,
               std::string("<mesh> scale '") + scale +
                   "' has one number; read as that scale on every axis, "
                   "as Drake reads it");
  g->scale = frames::Vector3(*v, *v, *v);
  return true;
}

// Keeps the attributes of `e` that are not in `known` (URDF does not define
// them) in `form`, as on the element at path `on`; with `values`, also sets
// values[k] to the value of known[k] (nullptr when absent), in the same one
// pass over the attributes. Returns how many were kept.
size_t KeepOtherAttributes(const Node* e,
                           std::initializer_list<const char*> known,
                           const char* on, frames::UrdfForm* form,
                           const char** values = nullptr) {
  const size_t n = known.size();
  const char* const* names = known.begin();
  if (values) std::fill_n(values, n, nullptr);
  size_t kept = 0;
  // Files mostly write the attributes in the order `known` lists them
  // (<inertia ixx ixy ixz iyy iyz izz>), so the search for each starts
  // after the one found last: one comparison per attribute, inline.
  size_t next = 0;
  for (const xml::Attr* a = e->FirstAttribute(); a; a = a->Next()) {
    const char* name = a->Name();
    size_t found = n;
    for (size_t i = 0, k = next; i < n; ++i, k = k + 1 == n ? 0 : k + 1) {
      if (xml::NamesEqual(name, names[k])) {
        found = k;
        break;
      }
    }
    if (found < n) {
      if (values) values[found] = a->Value();
      next = found + 1 == n ? 0 : found + 1;
    } else {
      form->attributes.push_back({on, name, a->Value()});
      ++kept;
    }
  }
  return kept;
}

bool UrdfReader::ReadOrigin(const Node* parent, frames::Pose* pose,
                            frames::UrdfForm* form, uint32_t origin_bit,
                            const char* on) {
  const Node* o = parent->FirstChildElement("origin");
  if (!o) return true;
  bool ok = true;
  // One pass over the attributes: xyz and rpy, and the others kept (the
  // kept ones are appended after the pose is read: no diagnostic depends
  // on them).
  const char* values[2];
  frames::UrdfForm others;
  const size_t kept =
      KeepOtherAttributes(o, {"xyz", "rpy"}, on, &others, values);
  for (int k = 0; k < 2; ++k) {
    const char* name = k == 0 ? "xyz" : "rpy";
    if (!values[k]) {
      form->parts |= origin_bit << (k + 1);
      continue;
    }
    Eigen::Vector3d v;
    if (xml::ParseVector(values[k], 3, xml::What(o, name), o, ctx_, v.data()))
      (k == 0 ? pose->xyz : pose->rpy) = v;
    else
      ok = false;
  }
  // quat_xyzw is also kept with the attributes URDF 1.0 does not define,
  // as written: a writer of 1.1 writes that text back (urdf_io/writer.h),
  // one of 1.0 the rpy; a 1.0 file's, ignored, comes back as it was.
  if (kept > 0 && o->Attribute("quat_xyzw")) ok &= ReadQuaternion(o, pose);
  if (pose->IsIdentity()) form->parts |= origin_bit;
  for (auto& a : others.attributes) form->attributes.push_back(std::move(a));
  return ok;
}

void UrdfReader::FeatureIgnored(const Node* e, const std::string& what,
                                int minor, const std::string& outcome) {
  ctx_.Warning(e, frames::Code::URDF_VERSION_FEATURE_IGNORED,
               what + " needs URDF version 1." + std::to_string(minor) +
                   " but the robot declares " +
                   (model_->source_version.empty()
                        ? std::string("no version (1.0)")
                        : "version " + model_->source_version) +
                   "; " + outcome);
}

// URDF 1.1 <origin quat_xyzw="x y z w">, as urdfdom 5.1 reads it
// (ros/urdfdom urdf_parser/src/pose.cpp, parsePoseInternal): ignored with a
// warning before 1.1; with rpy as well, an error; four numbers, normalised
// (urdf_model/pose.h Rotation::setFromQuaternion; a zero one is the
// identity there).
bool UrdfReader::ReadQuaternion(const Node* o, frames::Pose* pose) {
  const char* text = o->Attribute("quat_xyzw");
  if (urdf_minor_ < 1) {
    FeatureIgnored(o, "<origin quat_xyzw>", 1,
                   "it is ignored, as urdfdom ignores it, and carried as "
                   "written");
    return true;
  }
  if (o->Attribute("rpy")) {
    ctx_.Error(o, frames::Code::URDF_ORIGIN_RPY_AND_QUATERNION,
               "<origin> has both rpy and quat_xyzw; URDF " +
                   model_->source_version + " allows one or the other");
    return false;
  }
  size_t count = 0;
  for (std::string_view rest = text; !rest.empty();) {
    const size_t b = rest.find_first_not_of(" \t\n\r");
    if (b == std::string_view::npos) break;
    rest.remove_prefix(b);
    ++count;
    const size_t e = rest.find_first_of(" \t\n\r");
    rest.remove_prefix(e == std::string_view::npos ? rest.size() : e);
  }
  if (count != 4) {
    ctx_.Error(o, frames::Code::VECTOR_SIZE_INVALID,
               std::string("<origin> quat_xyzw '") + text + "' has " +
                   std::to_string(count) + " numbers; 4 expected (x y z w)");
    return false;
  }
  Eigen::Vector4d q;
  if (!xml::ParseVector(text, 4, "<origin> quat_xyzw", o, ctx_, q.data()))
    return false;
  const double norm = q.norm();
  if (!(std::abs(norm - 1.0) <= 1e-6)) {
    ctx_.Warning(o, frames::Code::URDF_QUATERNION_NOT_UNIT,
                 std::string("<origin> quat_xyzw '") + text + "' has norm " +
                     xml::FormatDouble(norm) +
                     (norm == 0.0 ? "; it is read as the identity, as urdfdom "
                                    "reads it"
                                  : "; it is normalised, as urdfdom does"));
  }
  // A zero one is the identity (the pose keeps none: SDFormat refuses a
  // zero quaternion); its text stays in the UrdfForm.
  if (norm == 0.0) return true;
  pose->quat_xyzw = q;
  pose->rpy = frames::RpyFromRotation(frames::RotationFromQuatXyzw(q));
  return true;
}

bool UrdfReader::ReadGeometry(const Node* parent, Geometry* g,
                              frames::UrdfForm* form) {
  const Node* ge = parent->FirstChildElement("geometry");
  if (!ge) {
    ctx_.Error(parent, frames::Code::GEOMETRY_MISSING,
               std::string("<") + parent->Name() + "> has no <geometry>");
    return false;
  }
  KeepOtherAttributes(ge, {}, "geometry", form);
  const Node* s = ge->FirstChildElement();
  if (!s) {
    ctx_.Error(ge, frames::Code::GEOMETRY_MISSING, "<geometry> has no shape");
    return false;
  }
  auto positive = [&](const Node* e, const char* attr, double* out) {
    auto v = RequiredDouble(e, attr);
    if (!v) return false;
    if (*v < 0) {
      ctx_.Error(e, frames::Code::GEOMETRY_INVALID,
                 std::string("<") + e->Name() + "> " + attr + " " +
                     xml::FormatDouble(*v) + " is negative");
      return false;
    }
    *out = *v;
    return true;
  };
  if (Is(s, "box")) {
    KeepOtherAttributes(s, {"size"}, "geometry/box", form);
    g->type = Geometry::Type::kBox;
    if (!RequiredAttribute(s, "size")) return false;
    auto v = xml::Vector3Attribute(s, "size", ctx_);
    if (!v) return false;
    if ((v->array() < 0).any()) {
      ctx_.Error(s, frames::Code::GEOMETRY_INVALID,
                 "<box> size '" + xml::FormatVector3(*v) +
                     "' has a negative component");
      return false;
    }
    g->size = *v;
    return true;
  }
  if (Is(s, "cylinder") || Is(s, "capsule")) {
    g->type = Is(s, "cylinder") ? Geometry::Type::kCylinder
                                : Geometry::Type::kCapsule;
    KeepOtherAttributes(s, {"radius", "length"},
                        Is(s, "cylinder") ? "geometry/cylinder" : "geometry/capsule",
                        form);
    if (Is(s, "capsule")) {
      form->parts |= frames::UrdfForm::kCapsule;
      // urdfdom 5.1 (urdf_parser/src/link.cpp, parseGeometry) drops a
      // capsule before 1.1; pybullet reads it in any URDF, so it is read.
      if (urdf_minor_ < 1)
        FeatureIgnored(s, "<capsule>", 1,
                       "it is read as a capsule (pybullet reads it), but "
                       "urdfdom drops the visual or collision");
    }
    return positive(s, "radius", &g->radius) &&
           positive(s, "length", &g->length);
  }
  if (Is(s, "sphere")) {
    g->type = Geometry::Type::kSphere;
    KeepOtherAttributes(s, {"radius"}, "geometry/sphere", form);
    return positive(s, "radius", &g->radius);
  }
  if (Is(s, "mesh")) {
    g->type = Geometry::Type::kMesh;
    KeepOtherAttributes(s, {"filename", "scale"}, "geometry/mesh", form);
    const char* f = RequiredAttribute(s, "filename");
    if (!f) return false;
    g->uri = f;
    if (const char* scale = s->Attribute("scale")) {
      if (IsOneToken(scale)) return ReadUniformScale(s, scale, g);
      auto v = xml::Vector3Attribute(s, "scale", ctx_);
      if (!v) return false;
      g->scale = *v;
    }
    return true;
  }
  // Not a URDF shape: kept verbatim (the converter says what it does).
  g->type = Geometry::Type::kOther;
  g->other = xml::ToElement(s, ctx_);
  return true;
}

bool UrdfReader::ReadMaterial(const Node* e, frames::Material* m,
                              bool top_level) {
  m->where = ctx_.At(e);
  if (const char* n = e->Attribute("name")) m->name = n;
  bool ok = true;
  if (const Node* c = e->FirstChildElement("color")) {
    if (RequiredAttribute(c, "rgba")) {
      Eigen::Vector4d rgba;
      if (xml::ParseVector(c->Attribute("rgba"), 4, "<color> rgba", c, ctx_,
                           rgba.data())) {
        m->rgba = rgba;
      } else {
        ok = false;
      }
    } else {
      ok = false;
    }
  }
  if (const Node* t = e->FirstChildElement("texture")) {
    if (const char* f = t->Attribute("filename")) m->texture = f;
  }
  for (const Node* c = e->FirstChildElement(); c;
       c = c->NextSiblingElement()) {
    if (c == e->FirstChildElement("color")) continue;
    if (c == e->FirstChildElement("texture") && c->Attribute("filename")) continue;
    m->urdf_extensions.push_back(xml::ToElement(c, ctx_));
  }
  if (top_level && m->name.empty()) {
    ctx_.Error(e, frames::Code::ATTRIBUTE_MISSING,
               "robot-level <material> has no 'name' attribute");
    return false;
  }
  if (!top_level && !m->rgba && m->texture.empty()) {
    // A reference to a robot-level material.
    m->by_reference = true;
    if (m->name.empty()) {
      ctx_.Warning(e, frames::Code::MATERIAL_EMPTY,
                   "<material> has no name, color or texture");
    } else {
      auto it = materials_.find(m->name);
      if (it == materials_.end()) {
        ctx_.Warning(e, frames::Code::MATERIAL_UNDEFINED,
                     "material '" + m->name +
                         "' is not defined at robot level; its name is "
                         "kept but it has no color");
      } else {
        const frames::Material& def = model_->materials[it->second];
        m->rgba = def.rgba;
        m->texture = def.texture;
      }
    }
  }
  return ok;
}

bool UrdfReader::ReadInertial(const Node* e, const std::string& link,
                              frames::Inertial* in, frames::UrdfForm* form) {
  in->where = ctx_.At(e);
  KeepOtherAttributes(e, {}, "inertial", form);
  bool ok = ReadOrigin(e, &in->pose, form, frames::UrdfForm::kInertialOrigin,
                       "inertial/origin");
  const Node* mass = e->FirstChildElement("mass");
  if (!mass) {
    ctx_.Error(e, frames::Code::INERTIAL_INVALID,
               "<inertial> of link '" + link + "' has no <mass>");
    return false;
  }
  const char* mass_value;
  KeepOtherAttributes(mass, {"value"}, "inertial/mass", form, &mass_value);
  if (!mass_value) {
    ReportMissingAttribute(mass, "value");
    return false;
  }
  auto m = xml::ParseDouble(mass_value, xml::What(mass, "value"), mass, ctx_);
  if (!m) return false;
  if (*m < 0) {
    ctx_.Error(
        mass, frames::Code::MASS_NEGATIVE,
        "link '" + link + "' has negative mass " + xml::FormatDouble(*m));
    return false;
  }
  in->mass = *m;
  const Node* inertia = e->FirstChildElement("inertia");
  if (!inertia) {
    ctx_.Error(e, frames::Code::INERTIAL_INVALID,
               "<inertial> of link '" + link + "' has no <inertia>");
    return false;
  }
  double* fields[] = {&in->ixx, &in->ixy, &in->ixz, &in->iyy, &in->iyz, &in->izz};
  const char* names[] = {"ixx", "ixy", "ixz", "iyy", "iyz", "izz"};
  const char* values[6];
  KeepOtherAttributes(inertia, {"ixx", "ixy", "ixz", "iyy", "iyz", "izz"},
                      "inertial/inertia", form, values);
  std::string missing;
  for (int k = 0; k < 6; ++k) {
    if (!values[k]) {
      missing += missing.empty() ? names[k] : std::string(", ") + names[k];
      continue;
    }
    auto v = xml::ParseDouble(values[k], xml::What(inertia, names[k]),
                              inertia, ctx_);
    if (!v) return false;
    *fields[k] = *v;
  }
  if (!missing.empty()) {
    ctx_.Warning(inertia, frames::Code::INERTIA_INCOMPLETE,
                 "<inertia> of link '" + link + "' has no " + missing +
                     " (required by URDF); read as 0");
  }
  if (!ok) return false;
  // Physical plausibility: warnings, as simulators load such files
  // (IsValidInertia settles most without the eigensolver; it agrees with
  // CheckInertia, whose moments the warnings name).
  const frames::Matrix3 I = in->InertiaMatrix();
  if (frames::IsValidInertia(I)) return true;
  const frames::InertiaCheck check = frames::CheckInertia(I);
  auto moments = [&] {
    return " (principal moments " + xml::FormatVector3(check.principal_moments) +
           ")";
  };
  if (!check.non_negative) {
    ctx_.Warning(
        inertia, frames::Code::INERTIA_NOT_POSITIVE_DEFINITE,
        "inertia of link '" + link + "' is not positive definite" + moments());
  } else if (!check.triangle) {
    ctx_.Warning(inertia, frames::Code::INERTIA_TRIANGLE_INEQUALITY,
                 "inertia of link '" + link +
                     "' violates the triangle inequality" + moments());
  }
  return true;
}

bool UrdfReader::ReadLink(const Node* e, frames::Link* link) {
  static const Child<frames::Link> kKnown[] = {
      {"inertial", &UrdfReader::ReadLinkInertial},
      {"visual", &UrdfReader::ReadLinkVisual},
      {"collision", &UrdfReader::ReadLinkCollision},
  };
  link->where = ctx_.At(e);
  KeepOtherAttributes(e, {"name"}, "", &link->urdf_form);
  return ReadChildren(e, kKnown, link, &link->extensions);
}

bool UrdfReader::ReadLinkInertial(const Node* c, frames::Link* link) {
  if (link->inertial) {
    ctx_.Error(c, frames::Code::INERTIAL_INVALID,
               "link '" + link->name + "' has a second <inertial>");
    return false;
  }
  link->inertial.emplace();
  const bool ok =
      ReadInertial(c, link->name, &*link->inertial, &link->urdf_form);
  const frames::Inertial& in = *link->inertial;
  if (in.mass == 0 && in.InertiaMatrix().isZero(0.0))
    link->urdf_form.parts |= frames::UrdfForm::kInertial;
  return ok;
}

bool UrdfReader::ReadLinkVisual(const Node* c, frames::Link* link) {
  static const Child<frames::Visual> kKnown[] = {
      {"origin", nullptr},
      {"geometry", nullptr},
      {"material", &UrdfReader::ReadVisualMaterial},
  };
  frames::Visual* visual = &link->visuals.emplace_back();
  const bool ok = ReadShape(c, visual);
  return ReadChildren(c, kKnown, visual, &visual->extensions) && ok;
}

bool UrdfReader::ReadLinkCollision(const Node* c, frames::Link* link) {
  static const Child<frames::Collision> kKnown[] = {
      {"origin", nullptr},
      {"geometry", nullptr},
  };
  frames::Collision* collision = &link->collisions.emplace_back();
  const bool ok = ReadShape(c, collision);
  return ReadChildren(c, kKnown, collision, &collision->extensions) && ok;
}

// What visuals and collisions share: name, other attributes, origin and
// geometry.
bool UrdfReader::ReadShape(const Node* c, frames::Shape* shape) {
  shape->where = ctx_.At(c);
  if (const char* n = c->Attribute("name")) {
    shape->name = n;
    shape->name_given = true;
  }
  KeepOtherAttributes(c, {"name"}, "", &shape->urdf_form);
  bool ok = ReadOrigin(c, &shape->pose, &shape->urdf_form,
                       frames::UrdfForm::kOrigin, "origin");
  ok &= ReadGeometry(c, &shape->geometry, &shape->urdf_form);
  return ok;
}

bool UrdfReader::ReadVisualMaterial(const Node* c, frames::Visual* visual) {
  return ReadMaterial(c, &visual->material.emplace(), false);
}

bool UrdfReader::ReadJoint(const Node* e, frames::Joint* j) {
  static const Child<JointRead> kKnown[] = {
      {"origin", nullptr},
      {"parent", nullptr},
      {"child", nullptr},
      {"axis", &UrdfReader::ReadJointAxis},
      {"limit", &UrdfReader::ReadJointLimit},
      {"dynamics", &UrdfReader::ReadJointDynamics},
      {"mimic", &UrdfReader::ReadJointMimic},
      {"safety_controller", &UrdfReader::ReadJointSafetyController},
      {"calibration", &UrdfReader::ReadJointCalibration},
  };
  j->where = ctx_.At(e);
  if (!ReadJointType(e, j)) return false;
  frames::UrdfForm* form = &j->urdf_form;
  KeepOtherAttributes(e, {"name", "type"}, "", form);
  bool ok = ReadOrigin(e, &j->pose, form, frames::UrdfForm::kOrigin, "origin");
  ok &= ReadJointLink(e, "parent", j, &j->parent);
  ok &= ReadJointLink(e, "child", j, &j->child);
  JointRead r{j,
              j->type == frames::JointType::kRevolute ||
                  j->type == frames::JointType::kContinuous ||
                  j->type == frames::JointType::kPrismatic ||
                  j->type == frames::JointType::kPlanar,
              std::nullopt, std::nullopt};
  ok &= ReadChildren(e, kKnown, &r, &j->extensions);
  FinishJoint(e, &r);
  return ok;
}

// The type attribute: URDF's six types, and pybullet's spherical (a ball).
bool UrdfReader::ReadJointType(const Node* e, frames::Joint* j) {
  const char* type = RequiredAttribute(e, "type");
  if (!type) return false;
  if (std::strcmp(type, "spherical") == 0) {
    ctx_.Warning(e, frames::Code::URDF_NONSTANDARD,
                 "joint '" + j->name +
                     "' has type 'spherical' (a pybullet extension); "
                     "it is read as a ball joint");
    j->type = frames::JointType::kBall;
    return true;
  }
  auto t = frames::JointTypeFromName(type);
  static const frames::JointType kUrdfTypes[] = {
      frames::JointType::kRevolute, frames::JointType::kContinuous,
      frames::JointType::kPrismatic, frames::JointType::kFixed,
      frames::JointType::kFloating, frames::JointType::kPlanar};
  if (!t || std::find(std::begin(kUrdfTypes), std::end(kUrdfTypes), *t) ==
                std::end(kUrdfTypes)) {
    ctx_.Error(e, frames::Code::JOINT_TYPE_INVALID,
               "joint '" + j->name + "' has unknown type '" + type + "'");
    return false;
  }
  j->type = *t;
  return true;
}

// <parent link=...> or <child link=...>.
bool UrdfReader::ReadJointLink(const Node* e, const char* tag,
                               frames::Joint* j, std::string* out) {
  const Node* c = e->FirstChildElement(tag);
  if (!c || !c->Attribute("link")) {
    ctx_.Error(c ? c : e, frames::Code::ATTRIBUTE_MISSING,
               "joint '" + j->name + "' has no <" + tag + " link=...>");
    return false;
  }
  *out = c->Attribute("link");
  KeepOtherAttributes(c, {"link"}, tag, &j->urdf_form);
  return true;
}

bool UrdfReader::CarriedIfRepeated(const Node* c, uint32_t kind,
                                   JointRead* r) {
  // The children are read in document order, each name by its one reader:
  // the first call for a kind is the first child of that name.
  if (!(r->seen & kind)) {
    r->seen |= kind;
    return false;
  }
  ctx_.Warning(c, frames::Code::ELEMENT_REPEATED,
               "joint '" + r->j->name + "' has a second <" + c->Name() +
                   ">; the first is used and this one is carried as written");
  r->j->extensions.push_back(xml::ToElement(c, ctx_));
  return true;
}

bool UrdfReader::ReadJointAxis(const Node* c, JointRead* r) {
  frames::Joint* j = r->j;
  if (CarriedIfRepeated(c, JointRead::kAxis, r)) return true;
  KeepOtherAttributes(c, {"xyz"}, "axis", &j->urdf_form);
  auto& axis = j->axis.emplace();
  if (c->Attribute("xyz")) {
    auto v = xml::Vector3Attribute(c, "xyz", ctx_);
    if (!v) return false;
    axis.xyz = *v;
  }
  if (axis.xyz.isZero(0.0) && r->moving) {
    ctx_.Error(c, frames::Code::JOINT_AXIS_ZERO,
               "joint '" + j->name + "' has a zero axis");
    return false;
  }
  return true;
}

bool UrdfReader::ReadJointLimit(const Node* c, JointRead* r) {
  if (CarriedIfRepeated(c, JointRead::kLimit, r)) return true;
  frames::Joint* j = r->j;
  frames::UrdfForm* form = &j->urdf_form;
  frames::JointLimit lim;
  // URDF 1.2's acceleration, deceleration and jerk are kept as written
  // with the attributes URDF 1.0 does not define (SDFormat has no place for
  // them; urdf2sdf carries them in <urdf:form>): checked here as urdfdom 6
  // checks them.
  static const char* const kNames[] = {"lower", "upper", "effort", "velocity"};
  const char* values[4];
  KeepOtherAttributes(c, {kNames[0], kNames[1], kNames[2], kNames[3]},
                      "limit", form, values);
  std::optional<double>* fields[] = {&lim.lower, &lim.upper, &lim.effort,
                                     &lim.velocity};
  for (int k = 0; k < 4; ++k) {
    if (values[k])
      *fields[k] = xml::ParseDouble(values[k], xml::What(c, kNames[k]), c, ctx_);
  }
  const bool rules_ok = ReadLimitRules12(c, lim, *j);
  // Lower and upper mean something (and default to 0) on revolute and
  // prismatic joints only.
  const bool bounded = j->type == frames::JointType::kRevolute ||
                       j->type == frames::JointType::kPrismatic;
  if (bounded && !lim.lower) form->parts |= frames::UrdfForm::kNoLower;
  if (bounded && !lim.upper) form->parts |= frames::UrdfForm::kNoUpper;
  if (!lim.effort) form->parts |= frames::UrdfForm::kNoEffort;
  if (!lim.velocity) form->parts |= frames::UrdfForm::kNoVelocity;
  // From 1.2 effort and velocity are optional (unlimited by default).
  if ((!lim.effort || !lim.velocity) && urdf_minor_ < 2) {
    ctx_.Warning(c, frames::Code::JOINT_LIMIT_INCOMPLETE,
                 "<limit> of joint '" + j->name + "' has no " +
                     (!lim.effort ? "effort" : "velocity") +
                     " (required by URDF); it is left unlimited");
  }
  r->limit = lim;
  return rules_ok;
}

// The <limit> rules of URDF 1.2, as urdfdom 6.0 applies them
// (ros/urdfdom urdf_parser/src/joint.cpp, parseJointLimits): before 1.2,
// acceleration, deceleration and jerk are ignored with a warning; from 1.2
// they are numbers that must not be negative, effort and velocity must not
// be negative, a revolute or prismatic joint needs both lower and upper,
// and upper may not be below lower.
bool UrdfReader::ReadLimitRules12(const Node* c, const frames::JointLimit& lim,
                                  const frames::Joint& j) {
  static const char* const kNew[] = {"acceleration", "deceleration", "jerk"};
  if (urdf_minor_ < 2) {
    for (const char* a : kNew) {
      if (c->Attribute(a))
        FeatureIgnored(c, std::string("<limit ") + a + "> of joint '" +
                              j.name + "'",
                       2, "it is ignored, as urdfdom ignores it, and carried "
                          "as written");
    }
    return true;
  }
  bool ok = true;
  auto invalid = [&](const std::string& what) {
    ctx_.Error(c, frames::Code::URDF_JOINT_LIMIT_INVALID,
               "<limit> of joint '" + j.name + "': " + what);
    ok = false;
  };
  auto not_negative = [&](const char* name, std::optional<double> v) {
    if (v && *v < 0)
      invalid(std::string(name) + " " + xml::FormatDouble(*v) +
              " is negative");
  };
  not_negative("effort", lim.effort);
  not_negative("velocity", lim.velocity);
  for (const char* a : kNew) {
    if (!c->Attribute(a)) continue;
    auto v = xml::DoubleAttribute(c, a, ctx_);
    if (!v) {
      ok = false;
      continue;
    }
    not_negative(a, v);
  }
  const bool bounded = j.type == frames::JointType::kRevolute ||
                       j.type == frames::JointType::kPrismatic;
  if (bounded && (!lim.lower || !lim.upper))
    invalid(std::string("a ") + frames::JointTypeName(j.type) +
            " joint needs both lower and upper in URDF 1.2");
  if (lim.lower && lim.upper && *lim.upper < *lim.lower)
    invalid("upper " + xml::FormatDouble(*lim.upper) + " is below lower " +
            xml::FormatDouble(*lim.lower));
  return ok;
}

bool UrdfReader::ReadJointDynamics(const Node* c, JointRead* r) {
  if (CarriedIfRepeated(c, JointRead::kDynamics, r)) return true;
  frames::JointDynamics d;
  d.damping = xml::DoubleAttribute(c, "damping", ctx_);
  d.friction = xml::DoubleAttribute(c, "friction", ctx_);
  KeepOtherAttributes(c, {"damping", "friction"}, "dynamics",
                      &r->j->urdf_form);
  r->dynamics = d;
  return true;
}

bool UrdfReader::ReadJointMimic(const Node* c, JointRead* r) {
  if (CarriedIfRepeated(c, JointRead::kMimic, r)) return true;
  bool ok = true;
  auto& m = r->j->mimic.emplace();
  if (const char* jn = RequiredAttribute(c, "joint")) m.joint = jn;
  else ok = false;
  m.multiplier = xml::DoubleAttribute(c, "multiplier", ctx_);
  m.offset = xml::DoubleAttribute(c, "offset", ctx_);
  KeepOtherAttributes(c, {"joint", "multiplier", "offset"}, "mimic",
                      &r->j->urdf_form);
  return ok;
}

bool UrdfReader::ReadJointSafetyController(const Node* c, JointRead* r) {
  if (CarriedIfRepeated(c, JointRead::kSafetyController, r)) return true;
  auto& s = r->j->safety_controller.emplace();
  s.soft_lower_limit = xml::DoubleAttribute(c, "soft_lower_limit", ctx_);
  s.soft_upper_limit = xml::DoubleAttribute(c, "soft_upper_limit", ctx_);
  s.k_position = xml::DoubleAttribute(c, "k_position", ctx_);
  KeepOtherAttributes(
      c, {"soft_lower_limit", "soft_upper_limit", "k_position", "k_velocity"},
      "safety_controller", &r->j->urdf_form);
  auto kv = RequiredDouble(c, "k_velocity");
  if (!kv) return false;
  s.k_velocity = *kv;
  return true;
}

bool UrdfReader::ReadJointCalibration(const Node* c, JointRead* r) {
  if (CarriedIfRepeated(c, JointRead::kCalibration, r)) return true;
  auto& cal = r->j->calibration.emplace();
  cal.rising = xml::DoubleAttribute(c, "rising", ctx_);
  cal.falling = xml::DoubleAttribute(c, "falling", ctx_);
  KeepOtherAttributes(c, {"rising", "falling"}, "calibration",
                      &r->j->urdf_form);
  return true;
}

// After the children: what their absence means.
void UrdfReader::FinishJoint(const Node* e, JointRead* r) {
  frames::Joint* j = r->j;
  frames::UrdfForm* form = &j->urdf_form;
  // Only where a writer would otherwise write URDF's default axis.
  if (!j->axis && (r->moving || r->limit || r->dynamics))
    form->parts |= frames::UrdfForm::kNoAxis;
  // A revolute joint without finite limits (none, or +-1e16, SDFormat's
  // "unlimited") is what SDF calls continuous; say it was revolute.
  auto unbounded = [](const std::optional<double>& v) {
    return !v || !(std::abs(*v) < 1e16);
  };
  if (j->type == frames::JointType::kRevolute &&
      (!r->limit || (unbounded(r->limit->lower) && unbounded(r->limit->upper))))
    form->parts |= frames::UrdfForm::kRevolute;
  if (r->limit || r->dynamics) {
    if (!j->axis) j->axis.emplace();  // URDF default axis (1, 0, 0)
    j->axis->limit = r->limit;
    j->axis->dynamics = r->dynamics;
  }
  if ((j->type == frames::JointType::kRevolute ||
       j->type == frames::JointType::kPrismatic) &&
      !(j->axis && j->axis->limit)) {
    ctx_.Warning(e, frames::Code::JOINT_LIMIT_MISSING,
                 std::string(frames::JointTypeName(j->type)) + " joint '" +
                     j->name +
                     "' has no <limit> (required by URDF); it is "
                     "left unlimited");
  }
}

frames::TreeAnalysis UrdfReader::CheckTree(Model* model, const Node* robot) {
  // Each link at most one parent joint; exactly one root; no cycles.
  // (The links have unique, non-empty names other than "world" here.)
  frames::TreeAnalysis tree = frames::AnalyzeTree(*model);
  const frames::TreeCheck check = frames::CheckTree(*model, tree);
  using Child = frames::JointEdgeFinding::Child;
  bool has_world = false;
  for (size_t k = 0; k < model->joints.size(); ++k) {
    const frames::Joint& j = model->joints[k];
    const frames::JointEdgeFinding& f = check.joints[k];
    if (f.from_world) {
      if (!has_world && !world_declared_) {
        ctx_.diags->Warning(frames::Code::URDF_WORLD_LINK_UNDECLARED,
                            "joint '" + j.name +
                                "' has parent 'world' but "
                                "the robot declares no <link name=\"world\"/>; "
                                "it is read as the fixed world frame",
                            j.where);
      }
      has_world = true;
    }
    if (f.parent_missing) {
      ctx_.diags->Error(frames::Code::JOINT_PARENT_LINK_INVALID,
                        "joint '" + j.name + "' names parent link '" +
                            j.parent + "', which does not exist",
                        j.where);
    }
    if (f.child == Child::kIsWorld) {
      ctx_.diags->Error(
          frames::Code::JOINT_CHILD_LINK_INVALID,
          "joint '" + j.name + "' has the world link as its child", j.where);
    } else if (f.child == Child::kMissing) {
      ctx_.diags->Error(frames::Code::JOINT_CHILD_LINK_INVALID,
                        "joint '" + j.name + "' names child link '" + j.child +
                            "', which does not exist",
                        j.where);
    } else if (f.child == Child::kIsParent) {
      ctx_.diags->Error(frames::Code::JOINT_PARENT_SAME_AS_CHILD,
                        "joint '" + j.name + "' has link '" + j.child +
                            "' as both parent and child",
                        j.where);
    } else if (f.child == Child::kSecondParent) {
      const frames::Joint& first = model->joints[f.first_parent];
      ctx_.diags->Error(frames::Code::URDF_LINK_MULTIPLE_PARENTS,
                        "link '" + j.child + "' is the child of joint '" +
                            first.name + "' (line " +
                            std::to_string(first.where.line) +
                            ") and of joint '" + j.name + "'",
                        j.where);
    }
  }
  if (!check.edges_ok) return tree;
  const std::vector<std::string>& roots = check.roots;
  if (roots.size() > 1) {
    std::string list;
    for (const auto& r : roots) list += (list.empty() ? "'" : ", '") + r + "'";
    ctx_.Error(robot, frames::Code::URDF_MULTIPLE_ROOTS,
               "robot '" + model->name + "' has " +
                   std::to_string(roots.size()) +
                   " root links (links that are no joint's child): " + list);
    return tree;
  }
  // Links unreachable from the root lie on a cycle (each has one parent).
  for (size_t k : check.cycle_links) {
    const frames::Link& l = model->links[k];
    // Walk up from this link to print the cycle.
    std::string cycle = l.name;
    std::string at = l.name;
    std::unordered_set<std::string> seen = {at};
    while (true) {
      const frames::Joint* j = tree.ParentJoint(*model, at);
      at = j->parent;
      cycle += " <- " + j->name + " <- " + at;
      if (!seen.insert(at).second) break;
    }
    ctx_.diags->Error(frames::Code::URDF_KINEMATIC_CYCLE,
                      "the joints form a cycle: " + cycle, l.where);
    return tree;
  }
  return tree;
}

bool UrdfReader::ReadRobotName(const Node* robot, Model* model) {
  if (const char* n = robot->Attribute("name"); n && *n) {
    model->name = n;
    return true;
  }
  std::string stem = Stem(ctx_.file);
  if (stem.empty() || ctx_.file.front() == '<') {
    ctx_.Error(robot, frames::Code::ATTRIBUTE_MISSING, "<robot> has no name");
    return false;
  }
  ctx_.Warning(robot, frames::Code::ROBOT_NAME_MISSING,
               "<robot> has no name (required by URDF); the file "
               "name '" +
                   stem + "' is used");
  model->name = stem;
  return true;
}

void UrdfReader::ReadRobotVersion(const Node* robot, Model* model) {
  // The version too: a converter carries it with the rest (the writer
  // writes it once).
  KeepOtherAttributes(robot, {"name"}, "", &model->urdf_form);
  if (const char* v = robot->Attribute("version")) {
    model->source_version = v;
    std::string why;
    const std::optional<UrdfVersion> version = ParseUrdfVersion(v, &why);
    if (!version) {
      ctx_.Error(robot, frames::Code::URDF_VERSION_INVALID,
                 "<robot version='" + model->source_version + "'>: " + why);
    } else if (version->major != 1 || version->minor > 2) {
      ctx_.Error(robot, frames::Code::URDF_VERSION_UNSUPPORTED,
                 "URDF version '" + model->source_version +
                     "' is not supported (1.0, 1.1 and 1.2 are)");
    } else {
      urdf_minor_ = static_cast<int>(version->minor);
    }
  }
}

// Robot-level materials first: visuals may reference them from anywhere.
void UrdfReader::ReadRobotMaterials(const Node* robot, Model* model) {
  for (const Node* c = robot->FirstChildElement("material"); c;
       c = c->NextSiblingElement("material")) {
    frames::Material m;
    if (!ReadMaterial(c, &m, true)) continue;
    auto [it, inserted] = materials_.emplace(m.name, model->materials.size());
    if (inserted) {
      model->materials.push_back(std::move(m));
      continue;
    }
    const frames::Material& first = model->materials[it->second];
    if (first.rgba == m.rgba && first.texture == m.texture) {
      ctx_.Warning(c, frames::Code::MATERIAL_DUPLICATE,
                   "material '" + m.name +
                       "' is defined twice, the same both times (first at "
                       "line " +
                       std::to_string(first.where.line) + ")");
    } else {
      ctx_.Error(c, frames::Code::MATERIAL_DUPLICATE,
                 "material '" + m.name +
                     "' is defined twice, differently (first at line " +
                     std::to_string(first.where.line) + ")");
    }
  }
}

// Links and joints in document order, each name once per kind; the 'world'
// link is the fixed frame, not a link; every other child is carried.
void UrdfReader::ReadLinksAndJoints(const Node* robot, Model* model) {
  // The <link> and <joint> elements, and their names (viewing the
  // document, which outlives this function; nullptr when missing), per kind.
  struct Named {
    const Node* element;
    const char* name;
  };
  std::vector<Named> link_elements, joint_elements;
  for (const Node* c = robot->FirstChildElement(); c;
       c = c->NextSiblingElement()) {
    if (Is(c, "link")) link_elements.push_back({c, c->Attribute("name")});
    else if (Is(c, "joint")) joint_elements.push_back({c, c->Attribute("name")});
  }
  model->links.reserve(link_elements.size());
  model->joints.reserve(joint_elements.size());
  // The first element of each name per kind, indexed by name (an
  // open-addressing table: no allocation per name). Each kind's names are
  // hashed, and their table slots asked for, a few elements ahead of their
  // turn (NameIndex::Ahead): for 100,000 links the table is larger than the
  // caches.
  struct NameOf {
    const std::vector<Named>* all;
    std::string_view operator()(size_t k) const {
      const char* name = (*all)[k].name;
      return name ? name : "";
    }
  };
  struct PerKind {
    explicit PerKind(const std::vector<Named>& all)
        : elements(all),
          index(Reserved(all.size())),
          ahead(index, all.size(), NameOf{&all}) {
      first.reserve(all.size());
    }
    static frames::NameIndex Reserved(size_t n) {
      frames::NameIndex index;
      index.Reserve(n);
      return index;
    }
    const std::vector<Named>& elements;
    frames::NameIndex index;
    // Positions in `elements` of the first of each name, as `index` stores.
    std::vector<size_t> first;
    frames::NameIndex::Ahead<NameOf> ahead;
    size_t next = 0;  // the next of `elements` to read
  };
  PerKind links(link_elements), joints(joint_elements);
  for (const Node* c = robot->FirstChildElement(); c;
       c = c->NextSiblingElement()) {
    if (Is(c, "link") || Is(c, "joint")) {
      const bool is_link = Is(c, "link");
      PerKind& kind = is_link ? links : joints;
      const size_t at = kind.next++;
      const frames::NameIndex::Key key = kind.ahead.Take(at);
      const char* name = kind.elements[at].name;
      if (!name) {
        ReportMissingAttribute(c, "name");
        continue;
      }
      if (!*name) {
        ctx_.Error(c, frames::Code::NAME_EMPTY,
                   std::string("a <") + c->Name() + "> has an empty name");
        continue;
      }
      const auto name_at = [&kind](size_t k) {
        return std::string_view(kind.elements[kind.first[k]].name);
      };
      const long first = kind.index.Insert(key, kind.first.size(), name_at);
      if (static_cast<size_t>(first) != kind.first.size()) {
        ctx_.Error(c, frames::Code::DUPLICATE_NAME,
                   std::string(is_link ? "link" : "joint") + " name '" + name +
                       "' is already used by the " +
                       (is_link ? "link" : "joint") + " at line " +
                       std::to_string(
                           kind.elements[kind.first[first]].element->GetLineNum()));
        continue;
      }
      kind.first.push_back(at);
      // Read in place (the vectors are reserved for every element): no
      // copy of a link or joint, which are large, per element.
      if (is_link) {
        frames::Link& link = model->links.emplace_back();
        link.name = name;
        ReadLink(c, &link);
        if (link.name == kWorldLink) {
          world_declared_ = true;
          if (link.inertial || !link.visuals.empty() ||
              !link.collisions.empty() || !link.extensions.empty()) {
            ctx_.Warning(c, frames::Code::WORLD_LINK_CONTENT,
                         "the 'world' link is the fixed reference frame; its "
                         "inertial, visuals and collisions are not converted");
          }
          model->links.pop_back();
        }
      } else {
        frames::Joint& joint = model->joints.emplace_back();
        joint.name = name;
        if (!ReadJoint(c, &joint)) model->joints.pop_back();
      }
    } else if (Is(c, "material")) {
      continue;  // read by ReadRobotMaterials
    } else {
      model->extensions.push_back(xml::ToElement(c, ctx_));
    }
  }
}

void UrdfReader::SetUrdfFrames(const frames::TreeAnalysis& tree,
                               Model* model) {
  for (auto& j : model->joints) {
    j.pose.relative_to =
        j.parent == kWorldLink ? frames::kModelFrame : j.parent;
  }
  // The first joint naming each link as child, found by the tree analysis
  // (no second lookup by name): with the tree checked, the link names are
  // unique and no joint is its own parent, so that is the first joint whose
  // child is the link's name.
  for (size_t k = 0; k < model->links.size(); ++k) {
    frames::Link& l = model->links[k];
    l.pose = frames::Pose{};
    if (const frames::Joint* j = tree.ParentJointOf(*model, k))
      l.pose.relative_to = j->name;
  }
}

std::optional<Model> UrdfReader::Read(std::string text,
                                      frames::TreeAnalysis* tree_out) {
  xml::Document doc;
  if (!xml::ParseOwned(std::move(text), ctx_.file, &doc, ctx_.diags,
                       limits_)) {
    return std::nullopt;
  }
  const Node* robot = doc.RootElement();
  if (!robot || !Is(robot, "robot")) {
    ctx_.Error(robot, frames::Code::URDF_NOT_ROBOT,
               std::string("the root element is <") +
                   (robot ? robot->Name() : "") +
                   ">, not <robot>: this is not a URDF");
    return std::nullopt;
  }
  const int errors_before = ctx_.diags->error_count();
  Model model;
  model_ = &model;
  model.where = ctx_.At(robot);
  if (!ReadRobotName(robot, &model)) return std::nullopt;
  ReadRobotVersion(robot, &model);
  ReadRobotMaterials(robot, &model);
  ReadLinksAndJoints(robot, &model);
  // ReadLinksAndJoints keeps a declared 'world' link out of model.links.
  if (model.links.empty() && !world_declared_) {
    ctx_.Error(robot, frames::Code::URDF_NO_LINK,
               "robot '" + model.name + "' has no <link>");
    return std::nullopt;
  }
  if (ctx_.diags->error_count() > errors_before) return std::nullopt;
  frames::TreeAnalysis tree = CheckTree(&model, robot);
  if (ctx_.diags->error_count() > errors_before) return std::nullopt;
  SetUrdfFrames(tree, &model);
  if (tree_out) *tree_out = std::move(tree);
  return model;
}

}  // namespace

// As urdfdom's urdf_export_helpers::URDFVersion (urdf_parser/include/
// urdf_parser/urdf_parser.h) parses the attribute: split at '.' (an empty
// last piece dropped), exactly two pieces, each read by strtol (leading
// white space and a sign accepted) to its end, neither negative.
std::optional<UrdfVersion> ParseUrdfVersion(std::string_view text,
                                            std::string* why) {
  std::vector<std::string> pieces;
  size_t start = 0;
  for (size_t dot; (dot = text.find('.', start)) != std::string_view::npos;
       start = dot + 1) {
    pieces.emplace_back(text.substr(start, dot - start));
  }
  if (start < text.size()) pieces.emplace_back(text.substr(start));
  auto fail = [&](const char* message) {
    if (why) *why = message;
    return std::nullopt;
  };
  if (pieces.size() != 2)
    return fail("the version attribute should be in the form 'x.y'");
  uint32_t fields[2];
  for (int k = 0; k < 2; ++k) {
    const char* str = pieces[k].c_str();
    if (*str == '\0')
      return fail("one of the fields of the version attribute is blank");
    char* end = nullptr;
    const long value = std::strtol(str, &end, 10);
    if (end == str) return fail("the version attribute is not an integer");
    if (*end != '\0') return fail("extra characters after the version number");
    if (value < 0) return fail("the version number must be positive");
    fields[k] = static_cast<uint32_t>(value);
  }
  return UrdfVersion{fields[0], fields[1]};
}

std::optional<frames::Model> ReadUrdf(std::string_view text,
                                      const std::string& file,
                                      frames::Diagnostics* diags,
                                      const xml::Limits& limits,
                                      frames::TreeAnalysis* tree) {
  // Refused before a copy of a text over the size limit is made.
  if (!xml::CheckFileSize(text, file, limits, diags)) return std::nullopt;
  return UrdfReader(file, diags, limits).Read(std::string(text), tree);
}

std::optional<frames::Model> ReadUrdfOwned(std::string text,
                                           const std::string& file,
                                           frames::Diagnostics* diags,
                                           const xml::Limits& limits,
                                           frames::TreeAnalysis* tree) {
  return UrdfReader(file, diags, limits).Read(std::move(text), tree);
}

}  // namespace urdf_io
