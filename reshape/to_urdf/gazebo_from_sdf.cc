#include "reshape/to_urdf/gazebo_from_sdf.h"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <optional>
#include <utility>

#include "reshape/to_sdf/gazebo_to_sdf.h"
#include "reshape/to_sdf/sdf_version.h"
#include "reshape/urdf_extensions.h"
#include "xml/reader.h"
#include "xml/writer.h"

namespace converter {
namespace {

using frames::Element;
using frames::SourceLocation;

bool IsLeaf(const Element& e) {
  return e.children.empty() && e.attributes.empty();
}

// The only child named `name`; nullptr when there is none or several.
Element* Only(Element* parent, const std::string& name) {
  Element* found = nullptr;
  for (auto& c : parent->children) {
    if (c.name != name) continue;
    if (found) return nullptr;
    found = &c;
  }
  return found;
}

std::optional<double> Number(const Element& e) {
  double v = 0;
  if (!IsLeaf(e) || !xml::ParseNumbers(e.text, 1, &v)) return std::nullopt;
  return v;
}

// SDFormat's bool: true/1, false/0.
std::optional<bool> Bool(const Element& e) {
  if (!IsLeaf(e)) return std::nullopt;
  if (e.text == "true" || e.text == "1") return true;
  if (e.text == "false" || e.text == "0") return false;
  return std::nullopt;
}

const char* BoolText(bool b) { return b ? "true" : "false"; }

// Removes the child `c` points to from `parent`.
void Remove(Element* parent, const Element* c) {
  parent->children.erase(parent->children.begin() + (c - parent->children.data()));
}

// Moves a numeric leaf `name` of `parent` (the only one) into `keywords` as
// <keyword>text</keyword> (libsdformat reads the number with std::stod).
void TakeNumber(Element* parent, const std::string& name, const char* keyword,
                std::vector<Element>* keywords) {
  if (!parent) return;
  Element* c = Only(parent, name);
  if (!c || !Number(*c)) return;
  keywords->push_back(Element::Leaf(keyword, c->text, c->where));
  Remove(parent, c);
}

// Removes `child` (the only one of its name in `parent`) when it has
// nothing left: no attributes, text or children.
void PruneEmpty(Element* parent, const std::string& child) {
  if (!parent) return;
  Element* c = Only(parent, child);
  if (c && IsLeaf(*c) && c->text.empty()) Remove(parent, c);
}

// The values of the bool leaves `a` (in `pa`) and `b` (in `pb`) when at
// least one is there and those there agree; they are removed then.
std::optional<bool> TakeAgreeingBools(Element* pa, const char* a, Element* pb,
                                      const char* b) {
  Element* ea = pa ? Only(pa, a) : nullptr;
  Element* eb = pb ? Only(pb, b) : nullptr;
  if (!ea && !eb) return std::nullopt;
  // A name given twice is not read as one value.
  if ((pa && !ea && std::count_if(pa->children.begin(), pa->children.end(),
                                  [&](const Element& c) { return c.name == a; })) ||
      (pb && !eb && std::count_if(pb->children.begin(), pb->children.end(),
                                  [&](const Element& c) { return c.name == b; }))) {
    return std::nullopt;
  }
  const std::optional<bool> va = ea ? Bool(*ea) : std::nullopt;
  const std::optional<bool> vb = eb ? Bool(*eb) : std::nullopt;
  if ((ea && !va) || (eb && !vb) || (va && vb && *va != *vb)) return std::nullopt;
  const bool value = va ? *va : *vb;
  // `pb` may be a child of `pa` (or the same element): erase from it first,
  // the later child first.
  if (ea && eb && pa == pb && ea > eb) std::swap(ea, eb);
  if (eb) Remove(pb, eb);
  if (ea) Remove(pa, ea);
  return value;
}

// libsdformat's keywords for what all collisions of a link share, taken out
// of `content` (a collision's SDF-only children).
std::vector<Element> CollisionKeywords(std::vector<Element>* content) {
  Element holder;
  holder.children = std::move(*content);
  std::vector<Element> keywords;
  if (Element* surface = Only(&holder, "surface"); surface && surface->attributes.empty()) {
    Element* friction = Only(surface, "friction");
    Element* fode = friction && friction->attributes.empty() ? Only(friction, "ode") : nullptr;
    if (fode && fode->attributes.empty()) {
      TakeNumber(fode, "mu", "mu1", &keywords);
      TakeNumber(fode, "mu2", "mu2", &keywords);
      // A direction: libsdformat copies its text.
      if (Element* f = Only(fode, "fdir1")) {
        double v[3];
        if (IsLeaf(*f) && xml::ParseNumbers(f->text, 3, v)) {
          keywords.push_back(Element::Leaf("fdir1", f->text, f->where));
          Remove(fode, f);
        }
      }
      PruneEmpty(friction, "ode");
      PruneEmpty(surface, "friction");
    }
    Element* contact = Only(surface, "contact");
    Element* code = contact && contact->attributes.empty() ? Only(contact, "ode") : nullptr;
    if (code && code->attributes.empty()) {
      TakeNumber(code, "kp", "kp", &keywords);
      TakeNumber(code, "kd", "kd", &keywords);
      TakeNumber(code, "max_vel", "maxVel", &keywords);
      TakeNumber(code, "min_depth", "minDepth", &keywords);
      PruneEmpty(contact, "ode");
      PruneEmpty(surface, "contact");
    }
    PruneEmpty(&holder, "surface");
  }
  TakeNumber(&holder, "laser_retro", "laserRetro", &keywords);
  // libsdformat reads max_contacts with std::stoi: only a plain integer.
  if (Element* m = Only(&holder, "max_contacts")) {
    const auto v = Number(*m);
    if (v && std::abs(*v) <= 2147483647.0 && *v == std::floor(*v) &&
        m->text.find_first_not_of("+-0123456789") == std::string::npos) {
      keywords.push_back(Element::Leaf("maxContacts", m->text, m->where));
      Remove(&holder, m);
    }
  }
  *content = std::move(holder.children);
  return keywords;
}

// libsdformat's <material>NAME</material> stands for a material that is just
// <script> with that name in Gazebo's default materials file.
constexpr char kGazeboMaterialUri[] =
    "file://media/materials/scripts/gazebo.material";

std::vector<Element> VisualKeywords(std::vector<Element>* content) {
  Element holder;
  holder.children = std::move(*content);
  std::vector<Element> keywords;
  Element* material = Only(&holder, "material");
  if (material && material->attributes.empty() && material->children.size() == 1 &&
      material->children[0].name == "script") {
    Element& script = material->children[0];
    Element* uri = Only(&script, "uri");
    Element* name = Only(&script, "name");
    if (script.attributes.empty() && script.children.size() == 2 && uri && name &&
        IsLeaf(*uri) && IsLeaf(*name) && uri->text == kGazeboMaterialUri &&
        !name->text.empty()) {
      keywords.push_back(Element::Leaf("material", name->text, material->where));
      Remove(&holder, material);
    }
  }
  *content = std::move(holder.children);
  return keywords;
}

}  // namespace

bool SameContent(const Element& a, const Element& b) {
  return a.name == b.name && a.attributes == b.attributes && a.text == b.text &&
         SameContent(a.children, b.children);
}

bool SameContent(const std::vector<Element>& a, const std::vector<Element>& b) {
  if (a.size() != b.size()) return false;
  for (size_t k = 0; k < a.size(); ++k) {
    if (!SameContent(a[k], b[k])) return false;
  }
  return true;
}

void LinkToGazebo(std::vector<Element> children, Element* block) {
  for (auto& e : children) {
    if (e.name == "gravity" && Bool(e)) {
      // turnGravityOff false is gravity true.
      block->children.push_back(Element::Leaf("turnGravityOff", BoolText(!*Bool(e)), e.where));
    } else if (e.name == "self_collide" && Bool(e)) {
      block->children.push_back(Element::Leaf("selfCollide", BoolText(*Bool(e)), e.where));
    } else if (e.name == "velocity_decay" && e.attributes.empty()) {
      // dampingFactor sets linear and angular to one value (SDF default 0).
      Element* linear = Only(&e, "linear");
      Element* angular = Only(&e, "angular");
      const size_t known = (linear ? 1 : 0) + (angular ? 1 : 0);
      const std::optional<double> vl = linear ? Number(*linear) : 0.0;
      const std::optional<double> va = angular ? Number(*angular) : 0.0;
      if (e.children.size() == known && vl && va && *vl == *va) {
        const std::string text =
            linear ? linear->text : angular ? angular->text : std::string("0");
        block->children.push_back(Element::Leaf("dampingFactor", text, e.where));
      } else {
        block->children.push_back(std::move(e));
      }
    } else {
      block->children.push_back(std::move(e));
    }
  }
}

bool ShapesToGazebo(const std::string& kind, std::vector<ShapeContent> shapes,
                    Element* block) {
  if (shapes.empty()) return true;
  const bool same = std::all_of(shapes.begin(), shapes.end(), [&](const auto& s) {
    return SameContent(s.children, shapes[0].children);
  });
  if (same) {
    std::vector<Element> content = std::move(shapes[0].children);
    if (content.empty()) return true;
    std::vector<Element> keywords = kind == "collision" ? CollisionKeywords(&content)
                                                        : VisualKeywords(&content);
    for (auto& k : keywords) block->children.push_back(std::move(k));
    if (!content.empty()) {
      Element e;
      e.name = kind;
      e.where = shapes[0].where;
      e.children = std::move(content);
      block->children.push_back(std::move(e));
    }
    return true;
  }
  for (auto& s : shapes) {
    if (s.children.empty()) continue;
    Element e;
    e.name = kind;
    e.attributes.emplace_back("name", s.name);
    e.where = s.where;
    e.children = std::move(s.children);
    block->children.push_back(std::move(e));
  }
  return false;
}

void JointToGazebo(std::vector<Element> children, Element* block) {
  for (auto& e : children) {
    if (e.name != "physics" || !e.attributes.empty()) {
      block->children.push_back(std::move(e));
      continue;
    }
    std::vector<Element> keywords;
    Element* ode = Only(&e, "ode");
    if (ode && !ode->attributes.empty()) ode = nullptr;
    // provideFeedback sets physics/provide_feedback and
    // physics/ode/provide_feedback, two spellings of one flag.
    if (auto v = TakeAgreeingBools(&e, "provide_feedback", ode, "provide_feedback")) {
      keywords.push_back(Element::Leaf("provideFeedback", BoolText(*v), e.where));
      ode = Only(&e, "ode");  // the children of `e` moved
    }
    if (ode) {
      // Likewise implicit_spring_damper and its older name cfm_damping.
      if (auto v = TakeAgreeingBools(ode, "implicit_spring_damper", ode, "cfm_damping")) {
        keywords.push_back(Element::Leaf("implicitSpringDamper", BoolText(*v), ode->where));
      }
      TakeNumber(ode, "fudge_factor", "fudgeFactor", &keywords);
      Element* limit = Only(ode, "limit");
      if (limit && limit->attributes.empty()) {
        TakeNumber(limit, "cfm", "stopCfm", &keywords);
        TakeNumber(limit, "erp", "stopErp", &keywords);
        PruneEmpty(ode, "limit");
      }
      PruneEmpty(&e, "ode");
    }
    for (auto& k : keywords) block->children.push_back(std::move(k));
    // The rest: libsdformat appends it after the <physics> it makes itself
    // and reads only that one; reshape/to_sdf/gazebo_to_sdf.h merges it.
    if (!e.children.empty() || !e.text.empty()) block->children.push_back(std::move(e));
  }
}

void AxisToGazebo(std::vector<Element> axis_children,
                  std::vector<Element> dynamics_children,
                  std::vector<Element> limit_children,
                  const SourceLocation& where, Element* block) {
  Element dynamics;
  dynamics.name = "dynamics";
  dynamics.where = where;
  dynamics.children = std::move(dynamics_children);
  std::vector<Element> keywords;
  TakeNumber(&dynamics, "spring_reference", "springReference", &keywords);
  TakeNumber(&dynamics, "spring_stiffness", "springStiffness", &keywords);
  for (auto& k : keywords) block->children.push_back(std::move(k));
  // The rest in a second <axis>, which libsdformat appends after the joint's
  // own and does not read.
  Element axis;
  axis.name = "axis";
  axis.where = where;
  axis.children = std::move(axis_children);
  if (!dynamics.children.empty()) axis.children.push_back(std::move(dynamics));
  if (!limit_children.empty()) {
    Element limit;
    limit.name = "limit";
    limit.where = where;
    limit.children = std::move(limit_children);
    axis.children.push_back(std::move(limit));
  }
  if (!axis.children.empty()) block->children.push_back(std::move(axis));
}

void PreserveFixedJoint(const SourceLocation& where, Element* block) {
  block->children.push_back(Element::Leaf("preserveFixedJoint", "true", where));
}

namespace {

// Compact XML of an element (no source location), for comparing content.
std::string Key(const Element& e) {
  std::string s = "<" + e.name;
  for (const auto& [k, v] : e.attributes) s += " " + k + "=\"" + v + "\"";
  if (e.text.empty() && e.children.empty()) return s + "/>";
  s += ">" + e.text;
  for (const auto& c : e.children) s += Key(c);
  return s + "</" + e.name + ">";
}

// Everything SDF-only of a model, one line each: "WHERE: <xml/>". Carried
// URDF content (urdf:...) and <gazebo> blocks are not SDF-only.
void SdfOnlyFacts(const frames::Model& m, std::vector<std::string>* out) {
  auto add = [&](const std::string& where, const std::vector<Element>& elements) {
    for (const auto& e : elements) {
      if (IsCarried(e) || e.name == "gazebo") continue;
      out->push_back(where + ": " + Key(e));
    }
  };
  out->push_back(std::string("model: static ") + (m.is_static ? "true" : "false"));
  add("model", m.extensions);
  for (const auto& l : m.links) {
    const std::string link = "link '" + l.name + "'";
    add(link, l.extensions);
    for (const auto& v : l.visuals) {
      const std::string where = "visual '" + l.name + "/" + v.name + "'";
      add(where, v.extensions);
      if (!v.material) continue;
      const frames::Material& mat = *v.material;
      auto colour = [&](const char* tag, const std::optional<Eigen::Vector4d>& c) {
        if (c) out->push_back(where + " material: <" + tag + ">" + xml::FormatVector4(*c));
      };
      colour("ambient", mat.ambient);
      colour("diffuse", mat.diffuse);
      colour("specular", mat.specular);
      colour("emissive", mat.emissive);
      add(where + " material", mat.extensions);
    }
    for (const auto& c : l.collisions) {
      add("collision '" + l.name + "/" + c.name + "'", c.extensions);
    }
  }
  for (const auto& j : m.joints) {
    const std::string joint = "joint '" + j.name + "'";
    add(joint, j.extensions);
    for (const auto* axis : {&j.axis, &j.axis2}) {
      if (!*axis) continue;
      const std::string where = joint + (axis == &j.axis ? " axis" : " axis2");
      add(where, (*axis)->extensions);
      if ((*axis)->dynamics) add(where + " dynamics", (*axis)->dynamics->extensions);
      if ((*axis)->limit) add(where + " limit", (*axis)->limit->extensions);
    }
  }
  for (const auto& f : m.frames) add("frame '" + f.name + "'", f.extensions);
}

}  // namespace

std::optional<std::string> CarriedBlocksDiffer(const frames::Model& sdf,
                                               frames::Model urdf) {
  // As urdf2sdf makes its SDF (converter/urdf_to_sdf.cc): URDF-only content
  // carried, then the blocks applied. What they report was reported when
  // the SDF was made.
  frames::Diagnostics scratch;
  // An SDF of 1.11 or later holds the URDF's mimics as //axis/mimic.
  const int version =
      ParseSdfOutputVersion(sdf.source_version).value_or(kDefaultSdfVersion);
  const bool mimic_in_axis = version >= 11;
  CarryUrdfOnlyElements(&urdf, &scratch, mimic_in_axis);
  ApplyGazeboBlocks(&urdf, &scratch, version);
  std::vector<std::string> have, from_blocks;
  SdfOnlyFacts(sdf, &have);
  SdfOnlyFacts(urdf, &from_blocks);
  std::sort(have.begin(), have.end());
  std::sort(from_blocks.begin(), from_blocks.end());
  std::vector<std::string> only_sdf, only_blocks;
  std::set_difference(have.begin(), have.end(), from_blocks.begin(),
                      from_blocks.end(), std::back_inserter(only_sdf));
  std::set_difference(from_blocks.begin(), from_blocks.end(), have.begin(),
                      have.end(), std::back_inserter(only_blocks));
  auto cut = [](std::string s) {
    return s.size() > 160 ? s.substr(0, 160) + "..." : s;
  };
  if (!only_sdf.empty()) {
    return cut(only_sdf.front()) + " is in the SDFormat model, not in what the blocks say";
  }
  if (!only_blocks.empty()) {
    return cut(only_blocks.front()) + " is in what the blocks say, not in the SDFormat model";
  }
  return std::nullopt;
}

}  // namespace converter
