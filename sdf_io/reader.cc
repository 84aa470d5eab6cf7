#include "sdf_io/reader.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <memory>
#include <utility>

#include <Eigen/Geometry>

#include "element/beside.h"
#include "frames/graph.h"
#include "frames/inertia.h"
#include "frames/rename.h"
#include "sdf_io/legacy.h"
#include "sdf_io/reader_internal.h"
#include "sdf_io/schema.h"
#include "sdf_io/schema_check.h"
#include "xml/reader.h"
#include "xml/writer.h"

// Reading elements into the model; <include> is resolved in
// sdf_io/include.cc (sdf_io/reader_internal.h holds the reader class).

namespace sdf_io {
namespace internal {
namespace {

using xml::Is;

}  // namespace

std::optional<bool> ParseBool(std::string_view s) {
  std::string v(s);
  for (char& c : v) c = static_cast<char>(std::tolower(c));
  if (v == "true" || v == "1") return true;
  if (v == "false" || v == "0") return false;
  return std::nullopt;
}

void NoteLast(std::vector<frames::ChildRef>* order,
              frames::ChildRef::Kind kind, size_t size) {
  order->push_back({kind, static_cast<int>(size) - 1});
}

namespace {

// The inertial of a solid shape of uniform `density` about its centre, in
// the shape's frame (SDFormat's shapes: cylinders and capsules along z),
// exactly; nullopt for shapes without a closed form here (meshes,
// planes, heightmaps, cones ...).
std::optional<frames::InertialInFrame> ShapeInertial(const Geometry& g,
                                                     double density) {
  frames::InertialInFrame out;
  double ixx = 0, iyy = 0, izz = 0;
  const double r = g.radius, l = g.length;
  switch (g.type) {
    case Geometry::Type::kBox: {
      const Eigen::Vector3d s = g.size;
      out.mass = density * s.x() * s.y() * s.z();
      ixx = out.mass / 12 * (s.y() * s.y() + s.z() * s.z());
      iyy = out.mass / 12 * (s.x() * s.x() + s.z() * s.z());
      izz = out.mass / 12 * (s.x() * s.x() + s.y() * s.y());
      break;
    }
    case Geometry::Type::kCylinder:
      out.mass = density * M_PI * r * r * l;
      ixx = iyy = out.mass * (3 * r * r + l * l) / 12;
      izz = out.mass * r * r / 2;
      break;
    case Geometry::Type::kSphere:
      out.mass = density * 4.0 / 3.0 * M_PI * r * r * r;
      ixx = iyy = izz = 0.4 * out.mass * r * r;
      break;
    case Geometry::Type::kCapsule: {
      // A cylinder and two hemispheres (each of mass m_s / 2, its centre of
      // mass 3r/8 beyond the cylinder's end).
      const double m_c = density * M_PI * r * r * l;
      const double m_s = density * 4.0 / 3.0 * M_PI * r * r * r;
      out.mass = m_c + m_s;
      ixx = iyy = m_c * (3 * r * r + l * l) / 12 +
                  m_s * (0.4 * r * r + l * l / 4 + 3 * l * r / 8);
      izz = m_c * r * r / 2 + m_s * 0.4 * r * r;
      break;
    }
    case Geometry::Type::kEllipsoid: {
      const Eigen::Vector3d a = g.radii;
      out.mass = density * 4.0 / 3.0 * M_PI * a.x() * a.y() * a.z();
      ixx = out.mass / 5 * (a.y() * a.y() + a.z() * a.z());
      iyy = out.mass / 5 * (a.x() * a.x() + a.z() * a.z());
      izz = out.mass / 5 * (a.x() * a.x() + a.y() * a.y());
      break;
    }
    default:
      return std::nullopt;
  }
  out.I_I = Eigen::Vector3d(ixx, iyy, izz).asDiagonal();
  return out;
}

}  // namespace

const char* SdfReader::RequiredName(const Node* e) {
  const char* v = e->Attribute("name");
  if (!v) {
    ctx_.Error(e, frames::Code::ATTRIBUTE_MISSING, std::string("<") + e->Name() + "> has no 'name' attribute");
  }
  return v;
}

const Node* SdfReader::RequiredChild(const Node* e,
                                           const char* name) {
  const Node* c = e->FirstChildElement(name);
  if (!c) {
    const char* n = e->Attribute("name");
    ctx_.Error(e, frames::Code::ELEMENT_MISSING, std::string("<") + e->Name() +
                          (n ? std::string(" name='") + n + "'" : "") +
                          "> has no <" + name + ">");
  }
  return c;
}

bool SdfReader::ReadPose(const Node* e, frames::Pose* pose) {
  const Node* p = e->FirstChildElement("pose");
  std::string_view text;
  if (p) {
    text = xml::Text(p);
    // 1.5/1.6 write @frame; libsdformat migrates it to @relative_to, and
    // reads a @relative_to such a file already has (every document is read
    // as its newest version), so both are honoured, @frame first.
    const char* rel = minor_ < 7 ? p->Attribute("frame") : nullptr;
    if (!rel) rel = p->Attribute("relative_to");
    if (rel) pose->relative_to = rel;
  } else if (minor_ <= 2) {
    p = e->FirstChildElement("origin");  // 1.0: <origin pose="..."/>
    if (!p || !p->Attribute("pose")) return true;
    text = p->Attribute("pose");
  } else {
    return true;
  }
  return ReadPoseValue(p, text, pose);
}

bool SdfReader::ReadPoseValue(const Node* p, std::string_view text,
                              frames::Pose* pose) {
  // 1.9 //pose/@rotation_format and @degrees (read in every version, as
  // libsdformat 12 reads them after migrating a file to 1.9).
  bool quaternion = false;
  if (const char* f = p->Attribute("rotation_format")) {
    if (std::strcmp(f, "quat_xyzw") == 0) {
      quaternion = true;
    } else if (std::strcmp(f, "euler_rpy") != 0) {
      ctx_.Error(p, frames::Code::POSE_ROTATION_FORMAT_INVALID, std::string("<pose rotation_format='") + f +
                            "'> is not one of 'euler_rpy' or 'quat_xyzw'");
      return false;
    }
  }
  bool degrees = false;
  if (const char* d = p->Attribute("degrees")) {
    auto b = ParseBool(d);
    if (!b) {
      ctx_.Error(p, frames::Code::BOOL_INVALID, std::string("<pose degrees='") + d +
                            "'> is not a bool");
      return false;
    }
    degrees = *b;
  }
  if (quaternion && degrees) {
    ctx_.Error(p, frames::Code::POSE_DEGREES_WITH_QUATERNION, "<pose degrees='true'> does not apply to "
                      "rotation_format='quat_xyzw'");
    return false;
  }
  if (text.empty()) return true;  // 1.7: an empty <pose/> is the identity
  if (!quaternion) {
    double v[6];
    if (!xml::ParseVector(text, 6, "<pose>", p, ctx_, v)) return false;
    pose->xyz = {v[0], v[1], v[2]};
    pose->rpy = {v[3], v[4], v[5]};
    if (degrees) pose->rpy *= M_PI / 180.0;
    return true;
  }
  double v[7];
  if (!xml::ParseVector(text, 7, "<pose rotation_format='quat_xyzw'>", p,
                        ctx_, v)) {
    return false;
  }
  const Eigen::Quaterniond q(v[6], v[3], v[4], v[5]);  // w x y z
  if (!(q.norm() > 1e-12)) {
    ctx_.Error(p, frames::Code::POSE_QUATERNION_INVALID, "<pose rotation_format='quat_xyzw'> '" +
                          std::string(text) + "' has a zero quaternion");
    return false;
  }
  pose->xyz = {v[0], v[1], v[2]};
  pose->rpy = frames::RpyFromRotation(q.normalized().toRotationMatrix());
  pose->quat_xyzw = Eigen::Vector4d(v[3], v[4], v[5], v[6]);  // as written
  return true;
}

std::optional<bool> SdfReader::BoolText(const Node* e) {
  if (xml::Text(e).empty()) return std::nullopt;  // the default
  auto b = ParseBool(xml::Text(e));
  if (!b) {
    ctx_.Error(e, frames::Code::BOOL_INVALID, std::string("<") + e->Name() + "> '" +
                          std::string(xml::Text(e)) + "' is not a bool");
  }
  return b;
}

void SdfReader::ReadNumbers(
    const Node* e,
    std::initializer_list<std::pair<const char*, std::optional<double>*>>
        fields,
    std::vector<Element>* extensions, bool infinite_ok) {
  for (const Node* x = e->FirstChildElement(); x;
       x = x->NextSiblingElement()) {
    std::optional<double>* field = nullptr;
    for (const auto& [name, f] : fields) {
      if (Is(x, name)) {
        field = f;  // (the names differ)
        break;
      }
    }
    if (field) {
      const std::string_view text = xml::Text(x);
      // Empty: the default (CheckAgainstSchema reports required ones).
      if (text.empty()) continue;
      // Only a text with an 'i' can be infinite ("inf" or "infinity" in
      // any case, signed): most are plain numbers, read without the test.
      const bool may_be_infinite =
          infinite_ok && std::any_of(text.begin(), text.end(), [](char c) {
            return c == 'i' || c == 'I';
          });
      const double inf = may_be_infinite ? xml::Infinity(text) : 0.0;
      *field = inf != 0.0 ? std::optional<double>(inf)
                          : xml::ParseDouble(text, xml::What(x), x, ctx_);
    } else {
      extensions->push_back(xml::ToElement(x, ctx_));
    }
  }
  for (const auto& [name, field] : fields) {
    if (e->Attribute(name)) *field = xml::DoubleAttribute(e, name, ctx_);  // 1.0
  }
}

std::optional<double> SdfReader::ChildDouble(const Node* e,
                                             const char* name) {
  const Node* c = e->FirstChildElement(name);
  if (c) {
    const std::string_view text = xml::Text(c);
    // Empty: the default (CheckAgainstSchema reports required ones).
    if (text.empty()) return std::nullopt;
    return xml::ParseDouble(text, xml::What(c), c, ctx_);
  }
  if (e->Attribute(name)) return xml::DoubleAttribute(e, name, ctx_);  // 1.0
  return std::nullopt;
}

bool SdfReader::ChildVector(const Node* e, const char* name, int n,
                            double* out) {
  const Node* c = e->FirstChildElement(name);
  std::string_view text;
  if (c) {
    text = xml::Text(c);
    // Empty: the default (CheckAgainstSchema reports required ones).
    if (text.empty()) return false;
  } else if (const char* a = e->Attribute(name)) {  // 1.0 attribute form
    text = a;
    c = e;
  } else {
    return false;
  }
  // `c` is the element when the vector is one, else the element whose 1.0
  // attribute it is.
  return xml::ParseVector(text, n,
                          c == e ? xml::What(std::string("<") + name + ">")
                                 : xml::What(c),
                          c, ctx_, out);
}

bool SdfReader::ReadGeometry(const Node* parent, Geometry* g) {
  const Node* ge = parent->FirstChildElement("geometry");
  // A visual or collision without <geometry>: libsdformat adds the required
  // element with its default, an empty geometry (Geometry::Type::kNone).
  if (!ge) return true;
  const Node* s = ge->FirstChildElement();
  if (!s) {
    // An empty <geometry/> is SDF's "no geometry" (libsdformat: EMPTY).
    g->type = Geometry::Type::kOther;
    g->other = Element{"empty", {}, {}, {}, ctx_.At(ge)};
    return true;
  }
  if (Is(s, "empty")) {
    // A shape SDFormat (or the version written) lacks, carried after an
    // <empty/> (what the writer makes of it): that shape. Namespaced
    // (<urdf:...>) or not: a 1.11 <cone> is written so in 1.7, and was
    // dropped when such a file was read again.
    const Node* carried = s->NextSiblingElement();
    if (carried) {
      g->type = Geometry::Type::kOther;
      g->other = xml::ToElement(carried, ctx_);
      return true;
    }
  }
  ReadShape(s, g);
  return true;
}

void SdfReader::ReadShape(const Node* s, Geometry* g) {
  // The children each shape's typed fields hold (read before the walk,
  // which keeps the rest).
  static const Child<Geometry> kBox[] = {{"size", nullptr}};
  static const Child<Geometry> kCylinder[] = {{"radius", nullptr},
                                              {"length", nullptr}};
  static const Child<Geometry> kSphere[] = {{"radius", nullptr}};
  static const Child<Geometry> kEllipsoid[] = {{"radii", nullptr}};
  static const Child<Geometry> kPlane[] = {{"normal", nullptr},
                                           {"size", nullptr}};
  static const Child<Geometry> kMesh[] = {{"uri", nullptr},
                                          {"scale", nullptr}};
  auto number = [&](const char* name, double* out) {
    if (auto v = ChildDouble(s, name)) *out = *v;
  };
  if (Is(s, "box")) {
    g->type = Geometry::Type::kBox;
    g->size = Eigen::Vector3d::Ones();
    ChildVector(s, "size", 3, g->size.data());
    ReadChildren(s, kBox, g, &g->extensions);
  } else if (Is(s, "cylinder") || Is(s, "capsule")) {
    g->type = Is(s, "cylinder") ? Geometry::Type::kCylinder
                                : Geometry::Type::kCapsule;
    g->radius = 0.5;
    g->length = 1.0;
    number("radius", &g->radius);
    number("length", &g->length);
    ReadChildren(s, kCylinder, g, &g->extensions);
  } else if (Is(s, "sphere")) {
    g->type = Geometry::Type::kSphere;
    g->radius = 1.0;
    number("radius", &g->radius);
    ReadChildren(s, kSphere, g, &g->extensions);
  } else if (Is(s, "ellipsoid")) {
    g->type = Geometry::Type::kEllipsoid;
    g->radii = Eigen::Vector3d::Ones();
    ChildVector(s, "radii", 3, g->radii.data());
    ReadChildren(s, kEllipsoid, g, &g->extensions);
  } else if (Is(s, "plane")) {
    g->type = Geometry::Type::kPlane;
    g->size = Eigen::Vector3d::UnitZ();
    g->plane_size = {1, 1};
    ChildVector(s, "normal", 3, g->size.data());
    ChildVector(s, "size", 2, g->plane_size.data());
    ReadChildren(s, kPlane, g, &g->extensions);
  } else if (Is(s, "mesh")) {
    g->type = Geometry::Type::kMesh;
    if (const Node* u = s->FirstChildElement("uri")) {
      g->uri = std::string(xml::Text(u));
    } else if (const char* f = s->Attribute("filename")) {  // 1.0
      g->uri = f;
    }
    Eigen::Vector3d scale;
    if (ChildVector(s, "scale", 3, scale.data())) g->scale = scale;
    ReadChildren(s, kMesh, g, &g->extensions);
  } else {
    // heightmap, polyline, image, empty ...: kept as written.
    g->type = Geometry::Type::kOther;
    g->other = xml::ToElement(s, ctx_);
  }
}

void SdfReader::ReadMaterial(const Node* e, frames::Material* m) {
  static const Child<frames::Material> kKnown[] = {
      {"ambient", &SdfReader::ReadAmbient},
      {"diffuse", &SdfReader::ReadDiffuse},
      {"specular", &SdfReader::ReadSpecular},
      {"emissive", &SdfReader::ReadEmissive},
      {"script", &SdfReader::ReadMaterialScript},
      {"shader", &SdfReader::ReadMaterialShader},
  };
  m->where = ctx_.At(e);
  ReadChildren(e, kKnown, m, &m->extensions);
}

void SdfReader::ReadColour(const Node* c,
                           std::optional<Eigen::Vector4d>* colour) {
  // libsdformat's Color reads "r g b" or "r g b a" (alpha 1); empty is
  // the default, as if not given.
  Eigen::Vector4d rgba(0, 0, 0, 1);
  std::string_view text = xml::Text(c);
  if (text.empty()) return;
  int count = 0;
  for (size_t i = 0; i < text.size();) {
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
    if (i < text.size()) ++count;
    while (i < text.size() && !std::isspace(static_cast<unsigned char>(text[i]))) ++i;
  }
  if (xml::ParseVector(text, count >= 4 ? 4 : 3, xml::What(c), c, ctx_,
                       rgba.data())) {
    *colour = rgba;
  }
}

void SdfReader::ReadMaterialScript(const Node* c, frames::Material* m) {
  const Node* uri = c->FirstChildElement("uri");
  if (!uri || xml::Text(uri).empty()) {
    // Gazebo cannot find the script; libsdformat refuses it too.
    ctx_.Error(c, frames::Code::MATERIAL_SCRIPT_URI_MISSING,
               "<material><script> has no <uri>");
  }
  m->extensions.push_back(xml::ToElement(c, ctx_));
}

void SdfReader::ReadMaterialShader(const Node* c, frames::Material* m) {
  // A normal-map shader draws with the map <normal_map> names: libsdformat
  // refuses one without it (its presence is what it checks).
  const char* type = c->Attribute("type");
  const std::string_view t = type ? type : "";
  if ((t == "normal_map_object_space" || t == "normal_map_tangent_space") &&
      !c->FirstChildElement("normal_map")) {
    ctx_.Error(c, frames::Code::MATERIAL_NORMAL_MAP_MISSING,
               "<material><shader type='" + std::string(t) +
                   "'> has no <normal_map>");
  }
  m->extensions.push_back(xml::ToElement(c, ctx_));
}

void SdfReader::ReadInertial(const Node* e, frames::Inertial* in) {
  in->where = ctx_.At(e);
  ReadPose(e, &in->pose);
  in->mass = 1.0;  // SDF's default
  if (auto m = ChildDouble(e, "mass")) in->mass = *m;
  in->ixx = in->iyy = in->izz = 1.0;
  if (const Node* i = e->FirstChildElement("inertia")) {
    double* fields[] = {&in->ixx, &in->ixy, &in->ixz,
                        &in->iyy, &in->iyz, &in->izz};
    const char* names[] = {"ixx", "ixy", "ixz", "iyy", "iyz", "izz"};
    for (int k = 0; k < 6; ++k) {
      if (auto v = ChildDouble(i, names[k])) *fields[k] = *v;
    }
  }
}

void SdfReader::ReadVisual(const Node* e, frames::Visual* v) {
  static const Child<frames::Visual> kKnown[] = {
      {"pose", nullptr},
      {"origin", nullptr},
      {"geometry", nullptr},
      {"material", &SdfReader::ReadVisualMaterial},
  };
  v->where = ctx_.At(e);
  if (const char* n = RequiredName(e)) {
    v->name = n;
    v->name_given = true;
  }
  ReadPose(e, &v->pose);
  ReadGeometry(e, &v->geometry);
  ReadChildren(e, kKnown, v, &v->extensions);
  Upgrade(&v->extensions, LegacyParent::kVisual);
}

void SdfReader::ReadCollision(const Node* e, frames::Collision* c) {
  static const Child<frames::Collision> kKnown[] = {
      {"pose", nullptr},
      {"origin", nullptr},
      {"geometry", nullptr},
  };
  c->where = ctx_.At(e);
  if (const char* n = RequiredName(e)) {
    c->name = n;
    c->name_given = true;
  }
  ReadPose(e, &c->pose);
  ReadGeometry(e, &c->geometry);
  ReadChildren(e, kKnown, c, &c->extensions);
  Upgrade(&c->extensions, LegacyParent::kCollision);
}

void SdfReader::ReadLink(const Node* e, frames::Link* link) {
  static const Child<frames::Link> kKnown[] = {
      {"pose", nullptr},
      {"origin", nullptr},
      {"inertial", &SdfReader::ReadLinkInertial},
      {"visual", &SdfReader::ReadLinkVisual},
      {"collision", &SdfReader::ReadLinkCollision},
  };
  link->where = ctx_.At(e);
  if (const char* n = RequiredName(e)) link->name = n;
  ReadPose(e, &link->pose);
  ReadChildren(e, kKnown, link, &link->extensions);
  Upgrade(&link->extensions, LegacyParent::kLink);
  const Node* inertial = e->FirstChildElement("inertial");
  if (inertial && inertial->Attribute("auto")) {
    auto b = ParseBool(inertial->Attribute("auto"));
    if (!b) {
      ctx_.Error(inertial, frames::Code::BOOL_INVALID, std::string("<inertial auto='") +
                            inertial->Attribute("auto") + "'> is not a bool");
    } else if (*b) {
      ComputeAutoInertial(inertial, link);
    }
  }
}

void SdfReader::ComputeAutoInertial(const Node* e, frames::Link* link) {
  // SDFormat 1.11 //inertial/@auto: the inertial of the link's collisions,
  // each a solid of its //collision/density (1000 kg/m^3 by default); with
  // //inertial/mass given, that inertia scaled to that mass.
  std::vector<frames::InertialInFrame> parts;
  for (const frames::Collision& c : link->collisions) {
    double density = 1000.0;
    for (const Element& x : c.extensions) {
      if (x.name != "density") continue;
      auto v = xml::ParseNumberList(x.text);
      if (!v || v->size() != 1 || !((*v)[0] > 0)) {
        ctx_.diags->Error(frames::Code::INERTIAL_DENSITY_INVALID,
                          "<collision name='" + c.name + "'> <density> '" +
                              x.text + "' is not a positive number",
                          x.where);
        return;
      }
      density = (*v)[0];
    }
    auto part = ShapeInertial(c.geometry, density);
    const bool in_link_frame = c.pose.relative_to.empty() ||
                               c.pose.relative_to == link->name;
    if (!part || !in_link_frame) {
      ctx_.Warning(e, frames::Code::INERTIAL_AUTO_NOT_COMPUTED, "link '" + link->name + "': <inertial auto='true'> is not computed" +
              (part ? " (collision '" + c.name +
                          "' is posed relative_to another frame)"
                    : " (collision '" + c.name +
                          "' is a shape without a closed-form inertia)") +
              "; the inertial is kept as written");
      return;
    }
    part->X_BI = c.pose.ToIsometry();
    parts.push_back(*part);
  }
  if (parts.empty()) {
    ctx_.Error(e, frames::Code::INERTIAL_AUTO_NO_COLLISION, "link '" + link->name +
                          "': <inertial auto='true'> needs a collision to "
                          "compute the inertia from");
    return;
  }
  frames::InertialInFrame total = frames::CombineInertials(parts);
  frames::Inertial& in = link->inertial ? *link->inertial
                                        : link->inertial.emplace();
  in.where = ctx_.At(e);
  if (e->FirstChildElement("mass") && total.mass > 0) {
    total.I_I *= in.mass / total.mass;
    total.mass = in.mass;
  }
  in.mass = total.mass;
  in.pose = frames::Pose::FromIsometry(total.X_BI);
  in.SetInertiaMatrix(total.I_I);
}

void SdfReader::ReadAxis(const Node* e, frames::JointAxis* axis) {
  static const Child<AxisRead> kKnown[] = {
      {"xyz", &SdfReader::ReadAxisXyz},
      {"use_parent_model_frame", &SdfReader::ReadAxisUseParentModelFrame,
       &SdfReader::BeforeSdf17},
      {"limit", &SdfReader::ReadAxisLimit},
      {"dynamics", &SdfReader::ReadAxisDynamics},
  };
  axis->xyz = Eigen::Vector3d::UnitZ();  // SDF's default
  // Before 1.5 every axis was in the model frame; 1.5 and 1.6 say so with
  // use_parent_model_frame; 1.7 says it with expressed_in.
  AxisRead r{e, axis, minor_ < 5, true};
  ReadChildren(e, kKnown, &r, &axis->extensions);
  if (!e->FirstChildElement("xyz") && e->Attribute("xyz")) {
    r.xyz_read = ChildVector(e, "xyz", 3, axis->xyz.data());  // 1.0
  }
  // libsdformat refuses an axis whose components are all within 1e-6 of
  // zero (ignition's vector equality), whatever the joint type.
  if (r.xyz_read && (axis->xyz.array().abs() <= 1e-6).all()) {
    const Node* xyz = e->FirstChildElement("xyz");
    ctx_.Error(xyz ? xyz : e, frames::Code::JOINT_AXIS_ZERO, std::string("<") + e->Name() + "> xyz '" +
                          xml::FormatVector3(axis->xyz) +
                          "' is zero: an axis needs a direction");
  }
  if (minor_ < 7 && r.in_model_frame) axis->expressed_in = frames::kModelFrame;
}

void SdfReader::ReadAxisXyz(const Node* c, AxisRead* r) {
  // The value of the first <xyz> (as libsdformat reads it), each one's
  // expressed_in.
  r->xyz_read = ChildVector(r->e, "xyz", 3, r->axis->xyz.data());
  if (const char* in = c->Attribute("expressed_in")) {
    r->axis->expressed_in = in;
  }
}

void SdfReader::ReadAxisUseParentModelFrame(const Node* c, AxisRead* r) {
  if (auto b = BoolText(c)) r->in_model_frame = *b;
}

void SdfReader::ReadAxisLimit(const Node* c, AxisRead* r) {
  frames::JointLimit& l = r->axis->limit.emplace();
  ReadNumbers(c,
              {{"lower", &l.lower}, {"upper", &l.upper},
               {"effort", &l.effort}, {"velocity", &l.velocity}},
              &l.extensions, /*infinite_ok=*/true);
}

void SdfReader::ReadAxisDynamics(const Node* c, AxisRead* r) {
  frames::JointDynamics& d = r->axis->dynamics.emplace();
  ReadNumbers(c, {{"damping", &d.damping}, {"friction", &d.friction}},
              &d.extensions);
}

void SdfReader::ReadMimic(const Node* e, frames::Joint* joint) {
  const char* leader = e->Attribute("joint");
  if (!leader || !*leader) {
    ctx_.Error(e, frames::Code::ATTRIBUTE_MISSING, "<mimic> of joint '" + joint->name +
                          "' has no 'joint' attribute");
    return;
  }
  const char* axis = e->Attribute("axis");
  if (axis && std::strcmp(axis, "axis") != 0) return;  // axis2: SDF only
  frames::Mimic& m = joint->mimic.emplace();
  m.joint = leader;
  std::optional<double> reference;
  std::vector<Element> rest;
  ReadNumbers(e,
              {{"multiplier", &m.multiplier}, {"offset", &m.offset},
               {"reference", &reference}},
              &rest);
  // SDFormat: q = multiplier * (q_leader - reference) + offset; the model
  // (URDF's form): q = multiplier * q_leader + offset.
  if (reference && *reference != 0.0) {
    m.offset = m.offset.value_or(0.0) - m.multiplier.value_or(1.0) * *reference;
  }
}

void SdfReader::ReadJoint(const Node* e, frames::Joint* joint) {
  static const Child<frames::Joint> kKnown[] = {
      {"pose", nullptr},
      {"origin", nullptr},
      {"parent", nullptr},
      {"child", nullptr},
      {"axis", &SdfReader::ReadJointAxis},
      {"axis2", &SdfReader::ReadJointAxis2},
  };
  joint->where = ctx_.At(e);
  if (const char* n = RequiredName(e)) joint->name = n;
  if (const char* t = e->Attribute("type")) {
    if (auto type = frames::JointTypeFromName(t)) {
      joint->type = *type;
    } else {
      ctx_.Error(e, frames::Code::JOINT_TYPE_INVALID, "joint '" + joint->name + "' has unknown type '" + t +
                            "'");
    }
  } else {
    ctx_.Error(e, frames::Code::ATTRIBUTE_MISSING, "<joint name='" + joint->name +
                          "'> has no 'type' attribute");
  }
  auto link_name = [&](const char* which, std::string* out) {
    const Node* c = RequiredChild(e, which);
    if (!c) return;
    if (const char* l = c->Attribute("link")) *out = l;  // 1.0
    else *out = std::string(xml::Text(c));
  };
  link_name("parent", &joint->parent);
  link_name("child", &joint->child);
  ReadPose(e, &joint->pose);
  ReadChildren(e, kKnown, joint, &joint->extensions);
  Upgrade(&joint->extensions, LegacyParent::kJoint);
}

void SdfReader::ReadJointAxis(const Node* c, frames::Joint* joint) {
  ReadAxis(c, &joint->axis.emplace());
  if (const Node* m = c->FirstChildElement("mimic")) ReadMimic(m, joint);
}

void SdfReader::ReadFrame(const Node* e, frames::Frame* frame) {
  static const Child<frames::Frame> kKnown[] = {{"pose", nullptr}};
  frame->where = ctx_.At(e);
  if (const char* n = RequiredName(e)) frame->name = n;
  if (const char* a = e->Attribute("attached_to")) frame->attached_to = a;
  ReadPose(e, &frame->pose);
  ReadChildren(e, kKnown, frame, &frame->extensions);
}

// A new last element of `list`, noted in `order` as the next child (of
// kind `kind`) in document order.
template <typename T>
T* AppendNoted(std::vector<T>* list, frames::ChildRef::Kind kind,
               std::vector<frames::ChildRef>* order) {
  T* added = &list->emplace_back();
  NoteLast(order, kind, list->size());
  return added;
}

namespace {

// Room in `model`'s lists for the links, joints and frames `e` has and in
// its order for every child element, made before they are read: a list
// grown by doubling moves every element at each step and, once large, asks
// the kernel for fresh pages each time (a 100,000-link chain's joints are
// 104 MB; grown, 2x that is touched and 1.5x held at once).
void ReserveListed(const xml::Node* e, frames::Model* model) {
  size_t links = 0, joints = 0, frames = 0, children = 0;
  for (const xml::Node* c = e->FirstChildElement(); c;
       c = c->NextSiblingElement()) {
    ++children;
    if (xml::Is(c, "link")) {
      ++links;
    } else if (xml::Is(c, "joint")) {
      ++joints;
    } else if (xml::Is(c, "frame")) {
      ++frames;
    }
  }
  model->links.reserve(model->links.size() + links);
  model->joints.reserve(model->joints.size() + joints);
  model->frames.reserve(model->frames.size() + frames);
  model->order.reserve(model->order.size() + children);
}

}  // namespace

template <auto list, auto read, frames::ChildRef::Kind kind, typename Parent>
void SdfReader::ReadListed(const Node* c, Parent* parent) {
  (this->*read)(c, AppendNoted(&(parent->*list), kind, &parent->order));
}

template <typename Parent>
void SdfReader::ReadNestedInclude(const Node* c, Parent* parent) {
  const size_t before = parent->extensions.size();
  if (auto m = ReadInclude(c, &parent->extensions)) {
    if (IsMerge(c)) {
      Merge(c, std::move(*m), parent);
    } else {
      parent->models.push_back(std::move(*m));
      NoteLast(&parent->order, frames::ChildRef::Kind::kModel,
               parent->models.size());
    }
  } else if (parent->extensions.size() > before) {
    NoteLast(&parent->order, frames::ChildRef::Kind::kExtension,
             parent->extensions.size());
  }
}

template <typename Parent>
void SdfReader::KeepNoted(const Node* c, Parent* parent) {
  parent->extensions.push_back(xml::ToElement(c, ctx_));
  NoteLast(&parent->order, frames::ChildRef::Kind::kExtension,
           parent->extensions.size());
}

void SdfReader::ReadModel(const Node* e, Model* model) {
  using K = frames::ChildRef::Kind;
  static const Child<Model> kKnown[] = {
      {"pose", nullptr},
      {"origin", nullptr},
      {"link", &SdfReader::ReadListed<&Model::links, &SdfReader::ReadLink,
                                      K::kLink>},
      {"joint", &SdfReader::ReadListed<&Model::joints, &SdfReader::ReadJoint,
                                       K::kJoint>},
      {"frame", &SdfReader::ReadListed<&Model::frames, &SdfReader::ReadFrame,
                                       K::kFrame>},
      {"model", &SdfReader::ReadListed<&Model::models, &SdfReader::ReadModel,
                                       K::kModel>},
      {"include", &SdfReader::ReadNestedInclude<Model>,
       &SdfReader::ResolvingIncludes},
      {"static", &SdfReader::ReadModelStatic},
  };
  // Depth of the model being read, for the nesting check of includes.
  struct Level {
    size_t* depth;
    explicit Level(size_t* d) : depth(d) { ++*depth; }
    ~Level() { --*depth; }
  } level(&model_depth_);
  model->where = ctx_.At(e);
  model->source_version = version_;
  if (const char* n = RequiredName(e)) model->name = n;
  if (const char* c = e->Attribute("canonical_link")) model->canonical_link = c;
  if (const char* p = e->Attribute("placement_frame")) {
    model->placement_frame = p;
  }
  ReadModelAttributes(e, model);
  ReadPose(e, &model->pose);
  ReserveListed(e, model);
  xml::ReadChildren(this, e, kKnown, model,
                    [&](const Node* c) { KeepNoted(c, model); });
  if (e->Attribute("static")) {  // 1.0 attribute form
    if (auto b = ParseBool(e->Attribute("static"))) model->is_static = *b;
  }
  Upgrade(&model->extensions, LegacyParent::kModel);
  if (minor_ < 7) {
    frames::RenameJointsClashingWithLinks(
        model, " (libsdformat renames it the same way for files before 1.7)",
        ctx_.diags);
  }
}

void SdfReader::ReadModelStatic(const Node* c, Model* model) {
  if (auto b = BoolText(c)) model->is_static = *b;
}

void SdfReader::ReadModelAttributes(const Node* e, Model* model) {
  for (const xml::Attr* a = e->FirstAttribute(); a; a = a->Next()) {
    const std::string key = a->Name();
    if (key == "name" || key == "canonical_link" ||
        key == "placement_frame" || key == "static") {
      continue;
    }
    model->attributes.emplace_back(key, a->Value());
    if (key.find(':') == std::string::npos) {
      ctx_.Warning(e, frames::Code::ATTRIBUTE_KEPT, "<model name='" + model->name + "'> attribute '" +
                              key +
                              "' is kept as written; nothing here interprets "
                              "it");
    }
  }
}

void SdfReader::ReadWorld(const Node* e, frames::World* world) {
  using frames::World;
  using K = frames::ChildRef::Kind;
  static const Child<World> kKnown[] = {
      {"model", &SdfReader::ReadListed<&World::models, &SdfReader::ReadModel,
                                       K::kModel>},
      {"frame", &SdfReader::ReadListed<&World::frames, &SdfReader::ReadFrame,
                                       K::kFrame>},
      // SDFormat 1.10 //world/joint (read in every version, as libsdformat
      // migrates a document before reading it).
      {"joint", &SdfReader::ReadListed<&World::joints, &SdfReader::ReadJoint,
                                       K::kJoint>},
      {"include", &SdfReader::ReadNestedInclude<World>,
       &SdfReader::ResolvingIncludes},
  };
  world->where = ctx_.At(e);
  world->source_version = version_;
  if (const char* n = RequiredName(e)) world->name = n;
  xml::ReadChildren(this, e, kKnown, world,
                    [&](const Node* c) { KeepNoted(c, world); });
  Upgrade(&world->extensions, LegacyParent::kWorld);
}

std::optional<SdfDocument> SdfReader::Read(std::string text) {
  static const Child<SdfDocument> kKnown[] = {
      {"model", &SdfReader::ReadDocumentModel},
      {"world", &SdfReader::ReadDocumentWorld},
      {"include", &SdfReader::ReadDocumentInclude,
       &SdfReader::ResolvingIncludes},
  };
  const size_t text_size = text.size();
  xml::Document doc;
  if (!ParseXml(std::move(text), &doc)) return std::nullopt;
  const Node* root = doc.RootElement();
  SdfDocument out;
  if (!root || !(Is(root, "sdf") || Is(root, "gazebo"))) {
    ctx_.Error(root, frames::Code::SDF_ROOT_INVALID, std::string("the root element is <") +
                          (root ? root->Name() : "") +
                          ">, not <sdf>: this is not an SDFormat file");
    return std::nullopt;
  }
  out.gazebo_root = Is(root, "gazebo");
  out.where = ctx_.At(root);
  if (!ReadVersion(root, &out)) return std::nullopt;
  // Every element and value against the description of the version; for
  // a large document on a thread of its own while the tree is read here
  // (SchemaCheck), its diagnostics put before the reading's.
  SchemaCheck check(root, minor_, ctx_,
                    /*concurrent=*/text_size >= frames::kBesideCheckBytes);
  struct Running {
    SchemaCheck** at;
    Running(SchemaCheck** a, SchemaCheck* c) : at(a) { *at = c; }
    ~Running() { *at = nullptr; }
  } running(&check_, &check);
  ReadChildren(root, kKnown, &out, &out.extensions);
  check.Finish();
  Upgrade(&out.extensions, LegacyParent::kSdf);
  return out;
}

bool SdfReader::ReadVersion(const Node* root, SdfDocument* doc) {
  const char* version = root->Attribute("version");
  if (!version) {
    ctx_.Error(root, frames::Code::ATTRIBUTE_MISSING, std::string("<") + root->Name() +
                          "> has no 'version' attribute");
    return false;
  }
  version_ = version;
  doc->version = version_;
  minor_ = schema::MinorVersion(version_);
  if (minor_ < 0 || minor_ > kNewestMinor) {
    ctx_.Error(root, frames::Code::SDF_VERSION_UNSUPPORTED, "SDFormat version '" + version_ +
                          "' is not supported (1.0 to 1.12 are)");
    return false;
  }
  return true;
}

void SdfReader::ReadDocumentInclude(const Node* c, SdfDocument* doc) {
  // A document that is one included model (libsdformat reads it so).
  if (auto m = ReadInclude(c, &doc->extensions)) {
    doc->models.push_back(std::move(*m));
  }
}

}  // namespace internal

std::optional<SdfDocument> ReadSdf(std::string_view text,
                                   const std::string& file,
                                   frames::Diagnostics* diags,
                                   const ReadOptions& options) {
  return ReadSdfOwned(std::string(text), file, diags, options);
}

std::optional<SdfDocument> ReadSdfOwned(std::string text,
                                        const std::string& file,
                                        frames::Diagnostics* diags,
                                        const ReadOptions& options) {
  internal::IncludeCache cache;
  cache.stack.push_back(file);  // made canonical by Resolve
  cache.options = &options;
  internal::SdfReader reader(file, diags, options, &cache);
  return reader.Read(std::move(text));
}

std::optional<SdfDocument> ReadSdfFile(const std::string& path,
                                       frames::Diagnostics* diags,
                                       const ReadOptions& options) {
  auto text = xml::ReadFile(path, diags, options.limits);
  if (!text) return std::nullopt;
  return ReadSdfOwned(std::move(*text), path, diags, options);
}

}  // namespace sdf_io
