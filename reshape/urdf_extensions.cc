#include "reshape/urdf_extensions.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <map>
#include <string_view>

#include "frames/inertia.h"
#include "xml/reader.h"
#include "xml/writer.h"

namespace converter {
namespace {

using frames::Element;
using frames::JointType;

constexpr char kPrefix[] = "urdf:";
constexpr char kCarriedOriginalName[] = "urdf:original_name";

void SetAttr(Element* e, const char* key, const std::optional<double>& v) {
  if (v) e->attributes.emplace_back(key, xml::FormatDouble(*v));
}

// The six moments in the order <inertia> (and <urdf:inertia>) writes them.
constexpr const char* kInertiaNames[] = {"ixx", "ixy", "ixz", "iyy", "iyz", "izz"};
std::array<double*, 6> InertiaFields(frames::Inertial* in) {
  return {&in->ixx, &in->ixy, &in->ixz, &in->iyy, &in->iyz, &in->izz};
}

// A number (or n numbers) this converter wrote in a carried attribute.
std::optional<double> NumberAttribute(const Element& e, const char* key) {
  const std::string* v = e.Attribute(key);
  double d = 0;
  if (!v || !xml::ParseNumbers(*v, 1, &d)) return std::nullopt;
  return d;
}

Element Make(std::string_view name) {
  Element e;
  e.name.reserve(sizeof kPrefix - 1 + name.size());
  e.name.append(kPrefix).append(name);
  return e;
}

// Prefixes a kept-verbatim URDF element of `owner` ("link 'base'": kind
// "link", name "base") and warns when SDFormat users would expect it to have
// been translated or when it is unknown.
void Carry(Element* e, const char* owner_kind, const std::string& owner_name,
           frames::Diagnostics* diags) {
  const std::string& original = e->name;
  if (original.rfind(kPrefix, 0) == 0) return;  // made by the converter
  if (original == "gazebo") {
    // Translated into SDFormat by ApplyGazeboBlocks (which warns about what
    // it does not apply) and carried verbatim for sdf2urdf: nothing to say.
  } else if (original != "transmission" && original != "ros2_control") {
    diags->Warning(
        frames::Code::URDF_ELEMENT_CARRIED,
        "<" + original + "> in " + owner_kind + " '" + owner_name +
            "' is not URDF; it is carried verbatim as <urdf:" + original + ">",
        e->where);
  }
  // An element with a namespace prefix of its own keeps its name.
  if (original.find(':') == std::string::npos) e->name.insert(0, kPrefix);
}

Element MaterialElement(const frames::Material& m, bool with_content) {
  Element e = Make("material");
  if (!m.name.empty()) e.attributes.emplace_back("name", m.name);
  if (with_content) {
    if (m.rgba) {
      Element c;
      c.name = "color";
      c.attributes.emplace_back("rgba", xml::FormatVector4(*m.rgba));
      e.children.push_back(std::move(c));
    }
    if (!m.texture.empty()) {
      Element t;
      t.name = "texture";
      t.attributes.emplace_back("filename", m.texture);
      e.children.push_back(std::move(t));
    }
  }
  // Children URDF does not define: with the reference too (they are the
  // visual's own).
  for (const auto& c : m.urdf_extensions) e.children.push_back(c);
  return e;
}

// URDF <limit> and <dynamics> of an axis, as written in URDF.
void AxisDetails(const frames::JointAxis& axis, std::vector<Element>* out) {
  if (axis.limit) {
    Element l;
    l.name = "limit";
    SetAttr(&l, "lower", axis.limit->lower);
    SetAttr(&l, "upper", axis.limit->upper);
    SetAttr(&l, "effort", axis.limit->effort);
    SetAttr(&l, "velocity", axis.limit->velocity);
    out->push_back(std::move(l));
  }
  if (axis.dynamics) {
    Element d;
    d.name = "dynamics";
    SetAttr(&d, "damping", axis.dynamics->damping);
    SetAttr(&d, "friction", axis.dynamics->friction);
    out->push_back(std::move(d));
  }
}

// <urdf:joint> with the URDF children of a joint SDFormat can't express.
Element JointElement(const frames::Joint& j) {
  Element e = Make("joint");
  e.attributes.emplace_back("name", j.original_name.empty() ? j.name
                                                            : j.original_name);
  e.attributes.emplace_back("type", frames::JointTypeName(j.type));
  e.attributes.emplace_back("parent", j.parent);
  e.attributes.emplace_back("child", j.child);
  if (j.axis) {
    Element a;
    a.name = "axis";
    a.attributes.emplace_back("xyz", xml::FormatVector3(j.axis->xyz));
    e.children.push_back(std::move(a));
    AxisDetails(*j.axis, &e.children);
  }
  return e;
}

constexpr char kNoName[] = "no_name";

// <urdf:form parts="..."> with an <attribute on= name= value=> child per
// attribute URDF does not define; nothing when the URDF wrote everything
// the way a writer writes it.
void CarryForm(const frames::UrdfForm& form, bool name_left_out,
               std::vector<Element>* out) {
  if (form.empty() && !name_left_out) return;
  Element f = Make("form");
  std::string parts = name_left_out ? kNoName : "";
  for (int bit = 0; bit < frames::UrdfForm::kPartCount; ++bit) {
    if (!(form.parts & (1u << bit))) continue;
    if (!parts.empty()) parts += ' ';
    parts += frames::UrdfForm::PartName(bit);
  }
  if (!parts.empty()) f.attributes.emplace_back("parts", std::move(parts));
  for (const auto& a : form.attributes) {
    Element c;
    c.name = "attribute";
    if (!a.on.empty()) c.attributes.emplace_back("on", a.on);
    c.attributes.emplace_back("name", a.name);
    c.attributes.emplace_back("value", a.value);
    f.children.push_back(std::move(c));
  }
  out->push_back(std::move(f));
}

// SDFormat 1.11 //axis/mimic (mimic.sdf: multiplier, offset and reference
// are required) of URDF's mimic: follower = multiplier * leader + offset.
Element AxisMimic(const frames::Mimic& m, const std::string& leader) {
  Element e;
  e.name = "mimic";
  e.attributes.emplace_back("joint", leader);
  e.attributes.emplace_back("axis", "axis");
  auto leaf = [&](const char* name, double v) {
    e.children.push_back(Element::Leaf(name, xml::FormatDouble(v), {}));
  };
  leaf("multiplier", m.multiplier.value_or(1.0));
  leaf("offset", m.offset.value_or(0.0));
  leaf("reference", 0.0);
  return e;
}

void CarryJointDetails(frames::Joint* j, std::vector<Element>* out) {
  if (j->mimic) {
    Element m = Make("mimic");
    m.attributes.emplace_back("joint", j->mimic->joint);
    SetAttr(&m, "multiplier", j->mimic->multiplier);
    SetAttr(&m, "offset", j->mimic->offset);
    out->push_back(std::move(m));
  }
  if (j->safety_controller) {
    Element s = Make("safety_controller");
    SetAttr(&s, "soft_lower_limit", j->safety_controller->soft_lower_limit);
    SetAttr(&s, "soft_upper_limit", j->safety_controller->soft_upper_limit);
    SetAttr(&s, "k_position", j->safety_controller->k_position);
    SetAttr(&s, "k_velocity", j->safety_controller->k_velocity);
    out->push_back(std::move(s));
  }
  if (j->calibration) {
    Element c = Make("calibration");
    SetAttr(&c, "rising", j->calibration->rising);
    SetAttr(&c, "falling", j->calibration->falling);
    out->push_back(std::move(c));
  }
  if (!j->original_name.empty()) {
    Element n = Make("original_name");
    n.text = j->original_name;
    out->push_back(std::move(n));
  }
  CarryForm(j->urdf_form, false, out);
}

}  // namespace

void RepairInertias(frames::Model* model, frames::Diagnostics* diags) {
  for (auto& l : model->links) {
    if (!l.inertial) continue;
    frames::Inertial& in = *l.inertial;
    const frames::Matrix3 I = in.InertiaMatrix();
    if (in.ixy == 0 && in.ixz == 0 && in.iyz == 0) {
      // Diagonal: the principal moments are the numbers as written, for
      // libsdformat too, so its own rule decides (moments >= -eps and the
      // triangle inequality within eps = 10 * DBL_EPSILON * 2 * largest; gz-math
      // MassMatrix3::ValidMoments): an inertia on the edge (0.1 0.2 0.3)
      // loads and is kept as written.
      const double m[3] = {in.ixx, in.iyy, in.izz};
      const double largest =
          std::max({std::abs(m[0]), std::abs(m[1]), std::abs(m[2])});
      const double eps = 10 * std::numeric_limits<double>::epsilon() * 2 * largest;
      if (m[0] + eps >= 0 && m[1] + eps >= 0 && m[2] + eps >= 0 &&
          m[0] + m[1] + eps >= m[2] && m[1] + m[2] + eps >= m[0] &&
          m[2] + m[0] + eps >= m[1])
        continue;
    } else if (frames::IsValidInertia(I, frames::kSdfInertiaMargin)) {
      // Rotated: our principal moments and libsdformat's may differ in the
      // last bits, so a margin keeps clear of the edge.
      continue;
    }
    Element original = Make("inertia");
    const auto fields = InertiaFields(&in);
    for (int k = 0; k < 6; ++k) {
      original.attributes.emplace_back(kInertiaNames[k],
                                       xml::FormatDouble(*fields[k]));
    }
    l.extensions.push_back(std::move(original));
    const frames::Matrix3 fixed =
        frames::NearestValidInertia(I, frames::kSdfInertiaMargin);
    in.SetInertiaMatrix(fixed);
    diags->Warning(
        frames::Code::INERTIA_ADJUSTED,
        "inertia of link '" + l.name +
            "' is not physically valid (or on the edge of the "
            "triangle inequality), which libsdformat refuses; it "
            "is written as the nearest valid inertia (principal "
            "moments " +
            xml::FormatVector3(frames::CheckInertia(fixed).principal_moments) +
            ") and the original is kept in <urdf:inertia>",
        in.where);
  }
}

namespace {

bool IsMovingType(JointType t) {
  return t == JointType::kRevolute || t == JointType::kContinuous ||
         t == JointType::kPrismatic;
}

// A mimic's leader by its URDF name: the SDF name of a moving joint.
std::map<std::string, std::string> MimicLeaders(
    const std::vector<frames::Joint>& joints) {
  std::map<std::string, std::string> leaders;
  for (const auto& j : joints) {
    if (!IsMovingType(j.type)) continue;
    leaders[j.original_name.empty() ? j.name : j.original_name] = j.name;
  }
  return leaders;
}

// What a joint says that SDFormat reads otherwise, made SDFormat's: its
// kept elements carried, URDF's default axis, a mimic of a moving leader
// in the axis (`leaders`, empty for 1.7), a zero axis carried, URDF's
// default limits; a mimic left is warned about.
void PrepareJoint(const std::map<std::string, std::string>& leaders,
                  frames::Joint* joint, frames::Diagnostics* diags) {
  frames::Joint& j = *joint;
  for (auto& e : j.extensions) Carry(&e, "joint", j.name, diags);
  const bool moving = IsMovingType(j.type);
  if (moving && !j.axis) j.axis.emplace();  // URDF's default axis: 1 0 0
  auto leader = j.mimic ? leaders.find(j.mimic->joint) : leaders.end();
  if (moving && leader != leaders.end()) {
    j.axis->extensions.push_back(AxisMimic(*j.mimic, leader->second));
    j.mimic.reset();
  }
  if (j.axis && j.axis->xyz.isZero(0.0) && j.type != JointType::kFloating &&
      j.type != JointType::kPlanar) {
    // Only moving joints are refused a zero axis by the reader; SDFormat
    // refuses it on any joint, so it is carried instead.
    // With the axis's limit and dynamics, which URDF allows on any joint.
    Element a = Make("axis");
    a.attributes.emplace_back("xyz", xml::FormatVector3(j.axis->xyz));
    AxisDetails(*j.axis, &a.children);
    j.extensions.push_back(std::move(a));
    j.axis.reset();
  }
  if (j.axis && j.axis->limit &&
      (j.type == JointType::kRevolute || j.type == JointType::kPrismatic)) {
    // URDF's default limits are 0; SDFormat's are unbounded.
    if (!j.axis->limit->lower) j.axis->limit->lower = 0.0;
    if (!j.axis->limit->upper) j.axis->limit->upper = 0.0;
  }
  if (j.mimic) {
    diags->Warning(frames::Code::MIMIC_CARRIED,
                   "joint '" + j.name + "' mimics '" + j.mimic->joint +
                       "'; SDFormat 1.7 has no mimic, so it is carried as "
                       "<urdf:mimic> and not enforced in simulation",
                   j.where);
  }
}

// A floating or planar joint, which SDFormat 1.7 has not: the frame that
// takes its place, holding the joint as <urdf:joint>.
frames::Frame JointAsFrame(frames::Joint* joint, frames::Diagnostics* diags) {
  frames::Joint& j = *joint;
  diags->Warning(frames::Code::JOINT_TYPE_CARRIED,
                 std::string(frames::JointTypeName(j.type)) + " joint '" +
                     j.name +
                     "' has no SDFormat 1.7 element; it is "
                     "written as <frame name=\"" +
                     j.name + "\"> holding <urdf:joint>, and link '" + j.child +
                     "' moves freely in simulation",
                 j.where);
  frames::Frame f;
  f.name = j.name;
  f.attached_to = j.pose.relative_to;
  f.pose = j.pose;
  f.where = j.where;
  Element carried = JointElement(j);
  std::vector<Element> details;
  CarryJointDetails(&j, &details);
  for (auto& d : details) {
    if (d.name != kCarriedOriginalName)
      carried.children.push_back(std::move(d));
  }
  for (auto& e : j.extensions) carried.children.push_back(std::move(e));
  f.extensions.push_back(std::move(carried));
  return f;
}

// Joints. Those SDFormat has no joint for become frames; the others stay,
// moved down over them in place (the first `kept` are done).
void CarryJoints(frames::Model* model, frames::Diagnostics* diags,
                 bool mimic_in_axis) {
  std::vector<frames::Joint>& joints = model->joints;
  const std::map<std::string, std::string> leaders =
      mimic_in_axis ? MimicLeaders(joints)
                    : std::map<std::string, std::string>();
  size_t kept = 0;
  for (size_t k = 0; k < joints.size(); ++k) {
    frames::Joint& j = joints[k];
    PrepareJoint(leaders, &j, diags);
    if (j.type == JointType::kFloating || j.type == JointType::kPlanar) {
      model->frames.push_back(JointAsFrame(&j, diags));
      continue;
    }
    CarryJointDetails(&j, &j.extensions);
    if (kept != k) joints[kept] = std::move(j);
    ++kept;
  }
  joints.erase(joints.begin() + kept, joints.end());
}

// A visual's material for SDFormat: the colour clamped to 0 to 1 (with a
// warning) as ambient and diffuse, and what SDFormat has no place for
// carried in the visual.
void CarryVisualMaterial(const frames::Link& l, frames::Visual* v,
                         frames::Diagnostics* diags) {
  frames::Material& m = *v->material;
  bool clamped = false;
  if (m.rgba) {
    // SDFormat colours are 0 to 1 (libsdformat refuses others); URDF
    // readers take any number. The SDF gets the colour clamped, and the
    // visual's own <material> carries the URDF value back.
    const Eigen::Vector4d c = m.rgba->cwiseMax(0.0).cwiseMin(1.0);
    clamped = c != *m.rgba;
    if (clamped) {
      diags->Warning(frames::Code::COLOR_CLAMPED,
                     "visual '" + v->name + "' of link '" + l.name +
                         "': colour '" + xml::FormatVector4(*m.rgba) +
                         "' has a component outside 0 to 1, which "
                         "SDFormat refuses; written clamped to '" +
                         xml::FormatVector4(c) +
                         "', the URDF colour carried in <urdf:material>",
                     v->where);
    }
    m.ambient = c;
    m.diffuse = c;
  }
  if ((clamped && !m.by_reference) || !m.name.empty() || !m.texture.empty() ||
      !m.urdf_extensions.empty()) {
    // A reference carries only the name: the robot-level material
    // (carried below) holds its color and texture.
    v->extensions.push_back(MaterialElement(m, !m.by_reference));
  }
}

// Links, visuals, collisions.
void CarryLinks(std::vector<frames::Link>* links, frames::Diagnostics* diags) {
  for (auto& l : *links) {
    if (!l.inertial) {
      // URDF: no <inertial> means massless. SDFormat would give the link
      // its default 1 kg, so the zero mass is written explicitly.
      l.inertial.emplace();
      l.inertial->where = l.where;
    }
    for (auto& e : l.extensions) Carry(&e, "link", l.name, diags);
    CarryForm(l.urdf_form, false, &l.extensions);
    for (auto& v : l.visuals) {
      for (auto& e : v.extensions) Carry(&e, "visual", v.name, diags);
      CarryForm(v.urdf_form, !v.name_given, &v.extensions);
      if (v.material) CarryVisualMaterial(l, &v, diags);
    }
    for (auto& c : l.collisions) {
      for (auto& e : c.extensions) Carry(&e, "collision", c.name, diags);
      CarryForm(c.urdf_form, !c.name_given, &c.extensions);
    }
    auto carry_geometry = [&](frames::Shape* s) {
      if (s->geometry.other) {
        Carry(&*s->geometry.other, "the geometry of", s->name, diags);
      }
    };
    for (auto& v : l.visuals) carry_geometry(&v);
    for (auto& c : l.collisions) carry_geometry(&c);
  }
}

// Robot level: its materials and kept elements, and its URDF form.
void CarryRobot(frames::Model* model, frames::Diagnostics* diags) {
  std::vector<Element> carried;
  carried.reserve(model->materials.size() + model->extensions.size());
  for (const auto& m : model->materials) carried.push_back(MaterialElement(m, true));
  for (auto& e : model->extensions) {
    Carry(&e, "robot", model->name, diags);
    carried.push_back(std::move(e));
  }
  // The model is a URDF robot: sdf2urdf then keeps URDF's semantics (no
  // preserveFixedJoint where the URDF had none).
  model->urdf_form.parts |= frames::UrdfForm::kRobot;
  CarryForm(model->urdf_form, false, &carried);
  model->extensions = std::move(carried);
}

}  // namespace

void CarryUrdfOnlyElements(frames::Model* model, frames::Diagnostics* diags,
                           bool mimic_in_axis) {
  CarryJoints(model, diags, mimic_in_axis);
  CarryLinks(&model->links, diags);
  CarryRobot(model, diags);
}

bool RestoreForm(const Element& e, frames::UrdfForm* form, bool* name_given) {
  if (e.name != std::string(kPrefix) + "form") return false;
  if (const std::string* parts = e.Attribute("parts")) {
    size_t k = 0;
    while (k < parts->size()) {
      size_t end = parts->find(' ', k);
      if (end == std::string::npos) end = parts->size();
      const std::string part = parts->substr(k, end - k);
      k = end + 1;
      if (part == kNoName) {
        if (name_given) *name_given = false;
        continue;
      }
      for (int bit = 0; bit < frames::UrdfForm::kPartCount; ++bit) {
        if (part == frames::UrdfForm::PartName(bit)) form->parts |= 1u << bit;
      }
    }
  }
  for (const auto& c : e.children) {
    const std::string* name = c.Attribute("name");
    const std::string* value = c.Attribute("value");
    if (c.name != "attribute" || !name || !value) continue;
    const std::string* on = c.Attribute("on");
    form->attributes.push_back({on ? *on : std::string(), *name, *value});
  }
  return true;
}

void RestoreForms(std::vector<Element>* extensions, frames::UrdfForm* form,
                  bool* name_given) {
  for (auto it = extensions->begin(); it != extensions->end();) {
    if (RestoreForm(*it, form, name_given)) {
      it = extensions->erase(it);
    } else {
      ++it;
    }
  }
}

bool IsCarried(const Element& e) {
  return e.name.compare(0, sizeof(kPrefix) - 1, kPrefix) == 0;
}

std::string UncarriedName(const Element& e) {
  return e.name.substr(sizeof(kPrefix) - 1);
}

Element Restored(Element e) {
  e.name = UncarriedName(e);
  return e;
}

const Element* FindCarried(const std::vector<Element>& elements,
                           const char* name) {
  for (const auto& e : elements) {
    if (IsCarried(e) && UncarriedName(e) == name) return &e;
  }
  return nullptr;
}

bool IsCarriedZeroAxis(const Element& e) {
  if (e.name != std::string(kPrefix) + "axis") return false;
  const std::string* xyz = e.Attribute("xyz");
  double v[3];
  return xyz && xml::ParseNumbers(*xyz, 3, v) && v[0] == 0 && v[1] == 0 &&
         v[2] == 0;
}

bool RestoreJointDetail(const Element& e, frames::Joint* j) {
  const std::string name = UncarriedName(e);
  if (name == "mimic") {
    frames::Mimic m;
    if (const std::string* t = e.Attribute("joint")) m.joint = *t;
    m.multiplier = NumberAttribute(e, "multiplier");
    m.offset = NumberAttribute(e, "offset");
    j->mimic = m;
  } else if (name == "safety_controller") {
    frames::SafetyController c;
    c.soft_lower_limit = NumberAttribute(e, "soft_lower_limit");
    c.soft_upper_limit = NumberAttribute(e, "soft_upper_limit");
    c.k_position = NumberAttribute(e, "k_position");
    c.k_velocity = NumberAttribute(e, "k_velocity").value_or(0.0);
    j->safety_controller = c;
  } else if (name == "calibration") {
    frames::Calibration c;
    c.rising = NumberAttribute(e, "rising");
    c.falling = NumberAttribute(e, "falling");
    j->calibration = c;
  } else if (name == "original_name") {
    j->original_name = e.text;
  } else {
    return RestoreForm(e, &j->urdf_form);
  }
  return true;
}

bool RestoreAxisDetail(const Element& e,
                       frames::Boxed<frames::JointAxis>* axis) {
  if (e.name == "limit") {
    if (!*axis) axis->emplace();
    frames::JointLimit l;
    l.lower = NumberAttribute(e, "lower");
    l.upper = NumberAttribute(e, "upper");
    l.effort = NumberAttribute(e, "effort");
    l.velocity = NumberAttribute(e, "velocity");
    (*axis)->limit = l;
  } else if (e.name == "dynamics") {
    if (!*axis) axis->emplace();
    (*axis)->dynamics = frames::JointDynamics{NumberAttribute(e, "damping"),
                                              NumberAttribute(e, "friction"),
                                              {}};
  } else {
    return false;
  }
  return true;
}

const Element* FindFrameJoint(const std::vector<Element>& extensions) {
  for (const auto& e : extensions) {
    if (!IsCarried(e) || UncarriedName(e) != "joint") continue;
    const std::string* type = e.Attribute("type");
    if (type && (*type == "floating" || *type == "planar") &&
        e.Attribute("parent") && e.Attribute("child"))
      return &e;
  }
  return nullptr;
}

frames::Joint CarriedJoint(const Element& carried, const std::string& prefix) {
  frames::Joint j;
  auto attr = [&](const char* key) {
    const std::string* v = carried.Attribute(key);
    return v ? *v : std::string();
  };
  j.name = attr("name");
  j.type = frames::JointTypeFromName(attr("type")).value_or(JointType::kFloating);
  j.parent = attr("parent") == frames::kWorldFrame ? attr("parent")
                                                   : prefix + attr("parent");
  j.child = prefix + attr("child");
  j.where = carried.where;
  for (const auto& c : carried.children) {
    if (c.name == "axis") {
      if (!j.axis) j.axis.emplace();
      const std::string* xyz = c.Attribute("xyz");
      frames::Vector3 v;
      if (xyz && xml::ParseNumbers(*xyz, 3, v.data())) j.axis->xyz = v;
    } else if (RestoreAxisDetail(c, &j.axis)) {
      continue;
    } else if (IsCarried(c)) {
      if (!RestoreJointDetail(c, &j)) j.extensions.push_back(Restored(c));
    } else {
      j.extensions.push_back(c);
    }
  }
  return j;
}

void RestoreMaterial(const Element& carried, frames::Material* m) {
  if (const std::string* n = carried.Attribute("name")) m->name = *n;
  for (const auto& c : carried.children) {
    if (c.name == "color") {
      const std::string* rgba = c.Attribute("rgba");
      Eigen::Vector4d v;
      if (rgba && xml::ParseNumbers(*rgba, 4, v.data())) m->rgba = v;
    } else if (c.name == "texture" && c.Attribute("filename")) {
      m->texture = *c.Attribute("filename");
    } else {
      m->urdf_extensions.push_back(c);
    }
  }
}

void RestoreInertia(const Element& carried, frames::Inertial* in) {
  const auto fields = InertiaFields(in);
  for (int k = 0; k < 6; ++k) {
    if (auto v = NumberAttribute(carried, kInertiaNames[k])) *fields[k] = *v;
  }
}

}  // namespace converter
