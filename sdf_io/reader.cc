#include "sdf_io/reader.h"

#include <sys/stat.h>

#include <cstdlib>
#include <map>
#include <memory>
#include <utility>

#include "frames/rename.h"
#include "sdf_io/legacy.h"
#include "xml/reader.h"
#include "xml/writer.h"

namespace sdf_io {
namespace {

using frames::Element;
using frames::Geometry;
using frames::Model;
using xml::Node;
using xml::Context;

constexpr int kMaxIncludeDepth = 32;

using xml::Is;

bool IsDirectory(const std::string& path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

bool IsFile(const std::string& path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

std::string DirName(const std::string& path) {
  size_t slash = path.find_last_of('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

// "1.6" -> 6 (minor version of 1.x); -1 when not of that form.
int MinorVersion(const std::string& v) {
  if (v.size() < 3 || v.compare(0, 2, "1.") != 0) return -1;
  int minor = 0;
  for (size_t i = 2; i < v.size(); ++i) {
    if (v[i] < '0' || v[i] > '9') return -1;
    minor = minor * 10 + (v[i] - '0');
  }
  return minor;
}

// SDF's bool: true/false/1/0, any case (libsdformat lower-cases first).
std::optional<bool> ParseBool(std::string_view s) {
  std::string v(s);
  for (char& c : v) c = static_cast<char>(std::tolower(c));
  if (v == "true" || v == "1") return true;
  if (v == "false" || v == "0") return false;
  return std::nullopt;
}

std::vector<std::string> SplitPath(const char* value) {
  std::vector<std::string> out;
  if (!value) return out;
  std::string s(value);
  size_t start = 0;
  while (start <= s.size()) {
    size_t colon = s.find(':', start);
    if (colon == std::string::npos) colon = s.size();
    if (colon > start) out.push_back(s.substr(start, colon - start));
    start = colon + 1;
  }
  return out;
}

// Parsed included files, shared by every reader of one top-level read: a
// model included 22 times is read once.
struct IncludeCache {
  std::map<std::string, std::shared_ptr<const SdfDocument>> documents;
  std::vector<std::string> stack;  // files being read, for cycle detection
};

class SdfReader {
 public:
  SdfReader(const std::string& file, frames::Diagnostics* diags,
            const ReadOptions& options, IncludeCache* cache)
      : ctx_{file, diags}, options_(options), cache_(cache) {}

  std::optional<SdfDocument> Read(std::string_view text);

 private:
  const char* RequiredName(const Node* e);
  const Node* RequiredChild(const Node* e, const char* name);
  // Reads //pose (or 1.0's //origin/@pose) of `e` into `pose`.
  bool ReadPose(const Node* e, frames::Pose* pose);
  std::optional<double> ChildDouble(const Node* e, const char* name);
  // An SDF bool's text; BOOL_INVALID (and nullopt) when it is not one.
  std::optional<bool> BoolText(const Node* e);
  // The numbers `fields` names, from child elements (or 1.0's attributes)
  // of `e`; any other child is kept in `extensions`.
  void ReadNumbers(
      const Node* e,
      std::initializer_list<std::pair<const char*, std::optional<double>*>>
          fields,
      std::vector<Element>* extensions);
  bool ChildVector(const Node* e, const char* name, int n, double* out);
  bool ReadGeometry(const Node* e, Geometry* g);
  void ReadMaterial(const Node* e, frames::Material* m);
  void ReadInertial(const Node* e, frames::Inertial* in);
  void ReadVisual(const Node* e, frames::Visual* v);
  void ReadCollision(const Node* e, frames::Collision* c);
  void ReadLink(const Node* e, frames::Link* link);
  void ReadAxis(const Node* e, frames::JointAxis* axis);
  void ReadJoint(const Node* e, frames::Joint* joint);
  void ReadFrame(const Node* e, frames::Frame* frame);
  void ReadModel(const Node* e, Model* model);
  void ReadWorld(const Node* e, frames::World* world);
  // Resolves //include into a model (true), or keeps it verbatim in
  // `others` when it includes something else (a light, an actor).
  std::optional<Model> ReadInclude(const Node* e,
                                   std::vector<Element>* others);
  std::optional<std::string> FindIncludedFile(const Node* e,
                                              const std::string& uri);
  void Upgrade(std::vector<Element>* elements, LegacyParent parent) {
    if (minor_ < 7) UpgradeToSdf17(elements, parent, version_);
  }

  Context ctx_;
  const ReadOptions& options_;
  IncludeCache* cache_;
  std::string version_;
  int minor_ = 7;
};

const char* SdfReader::RequiredName(const Node* e) {
  const char* v = e->Attribute("name");
  if (!v) {
    ctx_.diags->Error("ATTRIBUTE_MISSING",
                      std::string("<") + e->Name() + "> has no 'name' attribute",
                      ctx_.At(e));
  }
  return v;
}

const Node* SdfReader::RequiredChild(const Node* e,
                                           const char* name) {
  const Node* c = e->FirstChildElement(name);
  if (!c) {
    const char* n = e->Attribute("name");
    ctx_.diags->Error("ELEMENT_MISSING",
                      std::string("<") + e->Name() +
                          (n ? std::string(" name='") + n + "'" : "") +
                          "> has no <" + name + ">",
                      ctx_.At(e));
  }
  return c;
}

bool SdfReader::ReadPose(const Node* e, frames::Pose* pose) {
  const Node* p = e->FirstChildElement("pose");
  std::string_view text;
  if (p) {
    text = xml::Text(p);
    const char* rel =
        p->Attribute(minor_ < 7 ? "frame" : "relative_to");  // 1.5/1.6 @frame
    if (rel) pose->relative_to = rel;
  } else if (minor_ <= 2) {
    p = e->FirstChildElement("origin");  // 1.0: <origin pose="..."/>
    if (!p || !p->Attribute("pose")) return true;
    text = p->Attribute("pose");
  } else {
    return true;
  }
  if (text.empty()) return true;  // 1.7: an empty <pose/> is the identity
  double v[6];
  if (!xml::ParseVector(text, 6, "<pose>", p, ctx_, v)) return false;
  pose->xyz = {v[0], v[1], v[2]};
  pose->rpy = {v[3], v[4], v[5]};
  return true;
}

std::optional<bool> SdfReader::BoolText(const Node* e) {
  auto b = ParseBool(xml::Text(e));
  if (!b) {
    ctx_.diags->Error("BOOL_INVALID",
                      std::string("<") + e->Name() + "> '" +
                          std::string(xml::Text(e)) + "' is not a bool",
                      ctx_.At(e));
  }
  return b;
}

void SdfReader::ReadNumbers(
    const Node* e,
    std::initializer_list<std::pair<const char*, std::optional<double>*>>
        fields,
    std::vector<Element>* extensions) {
  for (const Node* x = e->FirstChildElement(); x;
       x = x->NextSiblingElement()) {
    std::optional<double>* field = nullptr;
    for (const auto& [name, f] : fields) {
      if (Is(x, name)) field = f;
    }
    if (field) {
      *field = xml::ParseDouble(xml::Text(x), xml::What(x), x, ctx_);
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
    return xml::ParseDouble(xml::Text(c), xml::What(c), c, ctx_);
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
  const Node* ge = RequiredChild(parent, "geometry");
  if (!ge) return false;
  const Node* s = ge->FirstChildElement();
  if (!s) {
    // An empty <geometry/> is SDF's "no geometry" (libsdformat: EMPTY).
    g->type = Geometry::Type::kOther;
    g->other = Element{"empty", {}, {}, {}, ctx_.At(ge)};
    return true;
  }
  if (Is(s, "empty")) {
    // A shape SDFormat lacks, carried as a namespaced element after an
    // <empty/> (what the writer makes of it): that shape.
    const Node* carried = s->NextSiblingElement();
    if (carried && std::strchr(carried->Name(), ':')) {
      g->type = Geometry::Type::kOther;
      g->other = xml::ToElement(carried, ctx_);
      return true;
    }
  }
  // Children the typed fields hold; the rest are kept.
  auto keep_rest = [&](std::initializer_list<const char*> known) {
    for (const Node* c = s->FirstChildElement(); c;
         c = c->NextSiblingElement()) {
      bool is_known = false;
      for (const char* k : known) is_known = is_known || Is(c, k);
      if (!is_known) g->extensions.push_back(xml::ToElement(c, ctx_));
    }
  };
  auto number = [&](const char* name, double* out) {
    if (auto v = ChildDouble(s, name)) *out = *v;
  };
  if (Is(s, "box")) {
    g->type = Geometry::Type::kBox;
    g->size = Eigen::Vector3d::Ones();
    ChildVector(s, "size", 3, g->size.data());
    keep_rest({"size"});
  } else if (Is(s, "cylinder") || Is(s, "capsule")) {
    g->type = Is(s, "cylinder") ? Geometry::Type::kCylinder
                                : Geometry::Type::kCapsule;
    g->radius = 0.5;
    g->length = 1.0;
    number("radius", &g->radius);
    number("length", &g->length);
    keep_rest({"radius", "length"});
  } else if (Is(s, "sphere")) {
    g->type = Geometry::Type::kSphere;
    g->radius = 1.0;
    number("radius", &g->radius);
    keep_rest({"radius"});
  } else if (Is(s, "ellipsoid")) {
    g->type = Geometry::Type::kEllipsoid;
    g->radii = Eigen::Vector3d::Ones();
    ChildVector(s, "radii", 3, g->radii.data());
    keep_rest({"radii"});
  } else if (Is(s, "plane")) {
    g->type = Geometry::Type::kPlane;
    g->size = Eigen::Vector3d::UnitZ();
    g->plane_size = {1, 1};
    ChildVector(s, "normal", 3, g->size.data());
    ChildVector(s, "size", 2, g->plane_size.data());
    keep_rest({"normal", "size"});
  } else if (Is(s, "mesh")) {
    g->type = Geometry::Type::kMesh;
    if (const Node* u = s->FirstChildElement("uri")) {
      g->uri = std::string(xml::Text(u));
    } else if (const char* f = s->Attribute("filename")) {  // 1.0
      g->uri = f;
    }
    Eigen::Vector3d scale;
    if (ChildVector(s, "scale", 3, scale.data())) g->scale = scale;
    keep_rest({"uri", "scale"});
  } else {
    // heightmap, polyline, image, empty ...: kept as written.
    g->type = Geometry::Type::kOther;
    g->other = xml::ToElement(s, ctx_);
  }
  return true;
}

void SdfReader::ReadMaterial(const Node* e, frames::Material* m) {
  m->where = ctx_.At(e);
  for (const Node* c = e->FirstChildElement(); c;
       c = c->NextSiblingElement()) {
    std::optional<Eigen::Vector4d>* colour = nullptr;
    if (Is(c, "ambient")) colour = &m->ambient;
    else if (Is(c, "diffuse")) colour = &m->diffuse;
    else if (Is(c, "specular")) colour = &m->specular;
    else if (Is(c, "emissive")) colour = &m->emissive;
    if (!colour) {
      if (Is(c, "script")) {
        const Node* uri = c->FirstChildElement("uri");
        if (!uri || xml::Text(uri).empty()) {
          // Gazebo cannot find the script; libsdformat refuses it too.
          ctx_.diags->Error("MATERIAL_SCRIPT_URI_MISSING",
                            "<material><script> has no <uri>", ctx_.At(c));
        }
      }
      m->extensions.push_back(xml::ToElement(c, ctx_));
      continue;
    }
    // libsdformat's Color reads "r g b" or "r g b a" (alpha 1).
    Eigen::Vector4d rgba(0, 0, 0, 1);
    std::string_view text = xml::Text(c);
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
  v->where = ctx_.At(e);
  if (const char* n = RequiredName(e)) {
    v->name = n;
    v->name_given = true;
  }
  ReadPose(e, &v->pose);
  ReadGeometry(e, &v->geometry);
  for (const Node* c = e->FirstChildElement(); c;
       c = c->NextSiblingElement()) {
    if (Is(c, "pose") || Is(c, "origin") || Is(c, "geometry")) continue;
    if (Is(c, "material")) {
      ReadMaterial(c, &v->material.emplace());
    } else {
      v->extensions.push_back(xml::ToElement(c, ctx_));
    }
  }
  Upgrade(&v->extensions, LegacyParent::kVisual);
}

void SdfReader::ReadCollision(const Node* e, frames::Collision* c) {
  c->where = ctx_.At(e);
  if (const char* n = RequiredName(e)) {
    c->name = n;
    c->name_given = true;
  }
  ReadPose(e, &c->pose);
  ReadGeometry(e, &c->geometry);
  for (const Node* x = e->FirstChildElement(); x;
       x = x->NextSiblingElement()) {
    if (Is(x, "pose") || Is(x, "origin") || Is(x, "geometry")) continue;
    c->extensions.push_back(xml::ToElement(x, ctx_));
  }
  Upgrade(&c->extensions, LegacyParent::kCollision);
}

void SdfReader::ReadLink(const Node* e, frames::Link* link) {
  link->where = ctx_.At(e);
  if (const char* n = RequiredName(e)) link->name = n;
  ReadPose(e, &link->pose);
  for (const Node* c = e->FirstChildElement(); c;
       c = c->NextSiblingElement()) {
    if (Is(c, "pose") || Is(c, "origin")) continue;
    if (Is(c, "inertial")) {
      ReadInertial(c, &link->inertial.emplace());
    } else if (Is(c, "visual")) {
      ReadVisual(c, &link->visuals.emplace_back());
    } else if (Is(c, "collision")) {
      ReadCollision(c, &link->collisions.emplace_back());
    } else {
      link->extensions.push_back(xml::ToElement(c, ctx_));
    }
  }
  Upgrade(&link->extensions, LegacyParent::kLink);
}

void SdfReader::ReadAxis(const Node* e, frames::JointAxis* axis) {
  axis->xyz = Eigen::Vector3d::UnitZ();  // SDF's default
  // Before 1.5 every axis was in the model frame; 1.5 and 1.6 say so with
  // use_parent_model_frame; 1.7 says it with expressed_in.
  bool in_model_frame = minor_ < 5;
  bool xyz_read = true;  // the default, or a value that parsed
  for (const Node* c = e->FirstChildElement(); c;
       c = c->NextSiblingElement()) {
    if (Is(c, "xyz")) {
      xyz_read = ChildVector(e, "xyz", 3, axis->xyz.data());
      if (const char* in = c->Attribute("expressed_in")) axis->expressed_in = in;
    } else if (Is(c, "use_parent_model_frame") && minor_ < 7) {
      if (auto b = BoolText(c)) in_model_frame = *b;
    } else if (Is(c, "limit")) {
      frames::JointLimit& l = axis->limit.emplace();
      ReadNumbers(c,
                  {{"lower", &l.lower}, {"upper", &l.upper},
                   {"effort", &l.effort}, {"velocity", &l.velocity}},
                  &l.extensions);
    } else if (Is(c, "dynamics")) {
      frames::JointDynamics& d = axis->dynamics.emplace();
      ReadNumbers(c, {{"damping", &d.damping}, {"friction", &d.friction}},
                  &d.extensions);
    } else {
      axis->extensions.push_back(xml::ToElement(c, ctx_));
    }
  }
  if (!e->FirstChildElement("xyz") && e->Attribute("xyz")) {
    xyz_read = ChildVector(e, "xyz", 3, axis->xyz.data());  // 1.0
  }
  // libsdformat refuses an axis whose components are all within 1e-6 of
  // zero (ignition's vector equality), whatever the joint type.
  if (xyz_read && (axis->xyz.array().abs() <= 1e-6).all()) {
    const Node* xyz = e->FirstChildElement("xyz");
    ctx_.diags->Error("JOINT_AXIS_ZERO",
                      std::string("<") + e->Name() + "> xyz '" +
                          xml::FormatVector3(axis->xyz) +
                          "' is zero: an axis needs a direction",
                      ctx_.At(xyz ? xyz : e));
  }
  if (minor_ < 7 && in_model_frame) axis->expressed_in = "__model__";
}

void SdfReader::ReadJoint(const Node* e, frames::Joint* joint) {
  joint->where = ctx_.At(e);
  if (const char* n = RequiredName(e)) joint->name = n;
  if (const char* t = e->Attribute("type")) {
    if (auto type = frames::JointTypeFromName(t)) {
      joint->type = *type;
    } else {
      ctx_.diags->Error("JOINT_TYPE_INVALID",
                        "joint '" + joint->name + "' has unknown type '" + t +
                            "'",
                        ctx_.At(e));
    }
  } else {
    ctx_.diags->Error("ATTRIBUTE_MISSING",
                      "<joint name='" + joint->name +
                          "'> has no 'type' attribute",
                      ctx_.At(e));
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
  for (const Node* c = e->FirstChildElement(); c;
       c = c->NextSiblingElement()) {
    if (Is(c, "pose") || Is(c, "origin") || Is(c, "parent") ||
        Is(c, "child")) {
      continue;
    }
    if (Is(c, "axis")) {
      ReadAxis(c, &joint->axis.emplace());
    } else if (Is(c, "axis2")) {
      ReadAxis(c, &joint->axis2.emplace());
    } else {
      joint->extensions.push_back(xml::ToElement(c, ctx_));
    }
  }
  Upgrade(&joint->extensions, LegacyParent::kJoint);
}

void SdfReader::ReadFrame(const Node* e, frames::Frame* frame) {
  frame->where = ctx_.At(e);
  if (const char* n = RequiredName(e)) frame->name = n;
  if (const char* a = e->Attribute("attached_to")) frame->attached_to = a;
  ReadPose(e, &frame->pose);
  for (const Node* c = e->FirstChildElement(); c;
       c = c->NextSiblingElement()) {
    if (!Is(c, "pose")) frame->extensions.push_back(xml::ToElement(c, ctx_));
  }
}

void SdfReader::ReadModel(const Node* e, Model* model) {
  model->where = ctx_.At(e);
  model->source_version = version_;
  if (const char* n = RequiredName(e)) model->name = n;
  if (const char* c = e->Attribute("canonical_link")) model->canonical_link = c;
  if (const char* p = e->Attribute("placement_frame")) model->placement_frame = p;
  ReadPose(e, &model->pose);
  using K = frames::ChildRef::Kind;
  auto note = [&](K kind, size_t size) {
    model->order.push_back({kind, static_cast<int>(size) - 1});
  };
  for (const Node* c = e->FirstChildElement(); c;
       c = c->NextSiblingElement()) {
    if (Is(c, "pose") || Is(c, "origin")) continue;
    if (Is(c, "link")) {
      ReadLink(c, &model->links.emplace_back());
      note(K::kLink, model->links.size());
    } else if (Is(c, "joint")) {
      ReadJoint(c, &model->joints.emplace_back());
      note(K::kJoint, model->joints.size());
    } else if (Is(c, "frame")) {
      ReadFrame(c, &model->frames.emplace_back());
      note(K::kFrame, model->frames.size());
    } else if (Is(c, "model")) {
      ReadModel(c, &model->models.emplace_back());
      note(K::kModel, model->models.size());
    } else if (Is(c, "include") && options_.resolve_includes) {
      const size_t before = model->extensions.size();
      if (auto m = ReadInclude(c, &model->extensions)) {
        model->models.push_back(std::move(*m));
        note(K::kModel, model->models.size());
      } else if (model->extensions.size() > before) {
        note(K::kExtension, model->extensions.size());
      }
    } else if (Is(c, "static")) {
      if (auto b = BoolText(c)) model->is_static = *b;
    } else {
      model->extensions.push_back(xml::ToElement(c, ctx_));
      note(K::kExtension, model->extensions.size());
    }
  }
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

void SdfReader::ReadWorld(const Node* e, frames::World* world) {
  world->where = ctx_.At(e);
  if (const char* n = RequiredName(e)) world->name = n;
  using K = frames::ChildRef::Kind;
  auto note = [&](K kind, size_t size) {
    world->order.push_back({kind, static_cast<int>(size) - 1});
  };
  for (const Node* c = e->FirstChildElement(); c;
       c = c->NextSiblingElement()) {
    if (Is(c, "model")) {
      ReadModel(c, &world->models.emplace_back());
      note(K::kModel, world->models.size());
    } else if (Is(c, "frame")) {
      ReadFrame(c, &world->frames.emplace_back());
      note(K::kFrame, world->frames.size());
    } else if (Is(c, "include") && options_.resolve_includes) {
      const size_t before = world->extensions.size();
      if (auto m = ReadInclude(c, &world->extensions)) {
        world->models.push_back(std::move(*m));
        note(K::kModel, world->models.size());
      } else if (world->extensions.size() > before) {
        note(K::kExtension, world->extensions.size());
      }
    } else {
      world->extensions.push_back(xml::ToElement(c, ctx_));
      note(K::kExtension, world->extensions.size());
    }
  }
  Upgrade(&world->extensions, LegacyParent::kWorld);
}

std::optional<std::string> SdfReader::FindIncludedFile(const Node* e,
                                                       const std::string& uri) {
  std::vector<std::string> candidates;
  const std::string kModel = "model://";
  const std::string kFile = "file://";
  if (uri.compare(0, kModel.size(), kModel) == 0) {
    const std::string rest = uri.substr(kModel.size());
    for (const auto& d : ModelSearchDirs(options_.model_paths,
                                         options_.use_environment_paths)) candidates.push_back(d + "/" + rest);
  } else {
    std::string path = uri.compare(0, kFile.size(), kFile) == 0
                           ? uri.substr(kFile.size())
                           : uri;
    if (!path.empty() && path[0] != '/') path = DirName(ctx_.file) + "/" + path;
    candidates.push_back(path);
  }
  for (const auto& c : candidates) {
    if (IsFile(c)) return c;
    if (!IsDirectory(c)) continue;
    // A model directory: its model.config names the SDF file per version;
    // like libsdformat, take the newest version this reader supports.
    // An unreadable model.config is passed over, as libsdformat does.
    frames::Diagnostics unreadable;
    const auto config_text = xml::ReadFile(c + "/model.config", &unreadable);
    xml::Document config;
    if (config_text && config.Parse(*config_text)) {
      const Node* model = config.RootElement();
      while (model && !Is(model, "model")) model = model->NextSiblingElement();
      std::string best;
      int best_minor = -1;
      for (const Node* s = model ? model->FirstChildElement("sdf") : nullptr;
           s; s = s->NextSiblingElement("sdf")) {
        const char* v = s->Attribute("version");
        const int minor = v ? MinorVersion(v) : -1;
        const bool readable = minor >= 0 && minor <= 7;
        if (best.empty() || (readable && minor > best_minor)) {
          best = std::string(xml::Text(s));
          best_minor = readable ? minor : -1;
        }
      }
      if (!best.empty() && IsFile(c + "/" + best)) return c + "/" + best;
    }
    if (IsFile(c + "/model.sdf")) return c + "/model.sdf";
  }
  ctx_.diags->Error("INCLUDE_UNRESOLVED",
                    "<include> uri '" + uri + "' names no file" +
                        (uri.compare(0, kModel.size(), kModel) == 0
                             ? " in the model paths (set SDF_PATH)"
                             : ""),
                    ctx_.At(e));
  return std::nullopt;
}

std::optional<Model> SdfReader::ReadInclude(const Node* e,
                                            std::vector<Element>* others) {
  const Node* u = RequiredChild(e, "uri");
  if (!u) return std::nullopt;
  const std::string uri(xml::Text(u));
  auto path = FindIncludedFile(e, uri);
  if (!path) return std::nullopt;
  for (const auto& open : cache_->stack) {
    if (open == *path) {
      ctx_.diags->Error("INCLUDE_CYCLE",
                        "<include> of '" + *path + "' includes itself",
                        ctx_.At(e));
      return std::nullopt;
    }
  }
  if (cache_->stack.size() >= kMaxIncludeDepth) {
    ctx_.diags->Error("INCLUDE_CYCLE", "<include> nesting is too deep",
                      ctx_.At(e));
    return std::nullopt;
  }
  std::shared_ptr<const SdfDocument> doc;
  auto cached = cache_->documents.find(*path);
  if (cached != cache_->documents.end()) {
    doc = cached->second;
  } else {
    frames::Diagnostics inner;
    auto text = xml::ReadFile(*path, &inner);
    std::optional<SdfDocument> read;
    if (text) {
      cache_->stack.push_back(*path);
      SdfReader reader(*path, &inner, options_, cache_);
      read = reader.Read(*text);
      cache_->stack.pop_back();
    }
    ctx_.diags->Append(inner);
    if (!read) return std::nullopt;
    doc = std::make_shared<const SdfDocument>(std::move(*read));
    cache_->documents.emplace(*path, doc);
  }
  if (doc->models.empty()) {
    // model://sun is a light: kept as the include, which is its 1.7 form.
    others->push_back(xml::ToElement(e, ctx_));
    return std::nullopt;
  }
  Model m = doc->models.front();
  if (const Node* n = e->FirstChildElement("name")) {
    m.name = std::string(xml::Text(n));
  }
  if (e->FirstChildElement("pose")) {
    m.pose = frames::Pose();
    ReadPose(e, &m.pose);
  }
  if (const Node* s = e->FirstChildElement("static")) {
    if (auto b = ParseBool(xml::Text(s))) m.is_static = *b;
  }
  // Plugins given in the include belong to the model.
  for (const Node* p = e->FirstChildElement("plugin"); p;
       p = p->NextSiblingElement("plugin")) {
    m.extensions.push_back(xml::ToElement(p, ctx_));
  }
  m.include = xml::ToElement(e, ctx_);
  m.where = ctx_.At(e);
  return m;
}

std::optional<SdfDocument> SdfReader::Read(std::string_view text) {
  xml::Document doc;
  if (!xml::Parse(text, ctx_.file, &doc, ctx_.diags)) return std::nullopt;
  const Node* root = doc.RootElement();
  SdfDocument out;
  if (!root || !(Is(root, "sdf") || Is(root, "gazebo"))) {
    ctx_.diags->Error("SDF_ROOT_INVALID",
                      std::string("the root element is <") +
                          (root ? root->Name() : "") +
                          ">, not <sdf>: this is not an SDFormat file",
                      ctx_.At(root));
    return std::nullopt;
  }
  out.gazebo_root = Is(root, "gazebo");
  out.where = ctx_.At(root);
  const char* version = root->Attribute("version");
  if (!version) {
    ctx_.diags->Error("ATTRIBUTE_MISSING",
                      std::string("<") + root->Name() +
                          "> has no 'version' attribute",
                      ctx_.At(root));
    return std::nullopt;
  }
  version_ = version;
  out.version = version_;
  minor_ = MinorVersion(version_);
  if (minor_ < 0 || minor_ > 12) {
    ctx_.diags->Error("SDF_VERSION_UNSUPPORTED",
                      "SDFormat version '" + version_ +
                          "' is not supported (1.0 to 1.7 are)",
                      ctx_.At(root));
    return std::nullopt;
  }
  for (const Node* c = root->FirstChildElement(); c;
       c = c->NextSiblingElement()) {
    if (Is(c, "model")) {
      ReadModel(c, &out.models.emplace_back());
    } else if (Is(c, "world")) {
      ReadWorld(c, &out.worlds.emplace_back());
    } else {
      out.extensions.push_back(xml::ToElement(c, ctx_));
    }
  }
  Upgrade(&out.extensions, LegacyParent::kSdf);
  return out;
}

}  // namespace

std::vector<std::string> ModelSearchDirs(
    const std::vector<std::string>& model_paths, bool use_environment_paths) {
  std::vector<std::string> dirs = model_paths;
  if (use_environment_paths) {
    for (const char* var :
         {"SDF_PATH", "GZ_SIM_RESOURCE_PATH", "IGN_GAZEBO_RESOURCE_PATH"}) {
      for (auto& d : SplitPath(std::getenv(var))) dirs.push_back(d);
    }
  }
  return dirs;
}

std::optional<SdfDocument> ReadSdf(std::string_view text,
                                   const std::string& file,
                                   frames::Diagnostics* diags,
                                   const ReadOptions& options) {
  IncludeCache cache;
  cache.stack.push_back(file);
  SdfReader reader(file, diags, options, &cache);
  return reader.Read(text);
}

std::optional<SdfDocument> ReadSdfFile(const std::string& path,
                                       frames::Diagnostics* diags,
                                       const ReadOptions& options) {
  auto text = xml::ReadFile(path, diags);
  if (!text) return std::nullopt;
  return ReadSdf(*text, path, diags, options);
}

}  // namespace sdf_io
