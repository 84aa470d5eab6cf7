#include "reshape/to_urdf/gazebo_from_sdf.h"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <optional>
#include <utility>

#include "reshape/to_sdf/gazebo_to_sdf.h"
#include "reshape/to_sdf/gazebo_vocabulary.h"
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

// The element at the first `depth` names of `path` below `holder`, each the
// only child of its name and without attributes; nullptr when there is
// none. `holder` itself when depth is 0.
Element* Reach(Element* holder, const GazeboPath& path, size_t depth) {
  Element* e = holder;
  for (size_t k = 0; e && k < depth; ++k) {
    e = Only(e, path[k]);
    if (e && !e->attributes.empty()) e = nullptr;
  }
  return e;
}

// A number pair (dampingFactor: velocity_decay/{linear,angular}): their
// element, holding both leaves at one value (an absent one at SDFormat's
// default, 0) and nothing else, becomes the keyword.
void TakeNumberPair(Element* holder, const GazeboKeyword& k,
                    std::vector<Element>* keywords) {
  const size_t n = GazeboPathSize(k.path);
  Element* outer = Reach(holder, k.path, n - 2);
  Element* e = Reach(holder, k.path, n - 1);
  if (!e) return;
  Element* first = Only(e, k.path[n - 1]);
  Element* second = Only(e, k.second[GazeboPathSize(k.second) - 1]);
  const size_t known = (first ? 1 : 0) + (second ? 1 : 0);
  const std::optional<double> v1 = first ? Number(*first) : 0.0;
  const std::optional<double> v2 = second ? Number(*second) : 0.0;
  if (e->children.size() != known || !v1 || !v2 || *v1 != *v2) return;
  const std::string text =
      first ? first->text : second ? second->text : std::string("0");
  keywords->push_back(Element::Leaf(k.name, text, e->where));
  Remove(outer, e);
}

// The material keyword: a <material> that is only a <script> naming a
// material of Gazebo's default file (k.path: material/script/name).
void TakeMaterialScript(Element* holder, const GazeboKeyword& k,
                        std::vector<Element>* keywords) {
  Element* material = Only(holder, k.path[0]);
  if (!material || !material->attributes.empty() ||
      material->children.size() != 1 ||
      material->children[0].name != k.path[1]) {
    return;
  }
  Element& script = material->children[0];
  Element* uri = Only(&script, "uri");
  Element* name = Only(&script, k.path[2]);
  if (script.attributes.empty() && script.children.size() == 2 && uri && name &&
      IsLeaf(*uri) && IsLeaf(*name) && uri->text == kGazeboMaterialUri &&
      !name->text.empty()) {
    keywords->push_back(Element::Leaf(k.name, name->text, material->where));
    Remove(holder, material);
  }
}

// Keyword `k` taken out of `holder` (the SDF content of its target) when
// the SDF leaf it names says exactly what the keyword says.
void TakeKeyword(Element* holder, const GazeboKeyword& k,
                 std::vector<Element>* keywords) {
  const size_t n = GazeboPathSize(k.path);
  if (n == 0) return;
  if (k.value == GazeboValueKind::kMaterialScript) {
    return TakeMaterialScript(holder, k, keywords);
  }
  if (k.value == GazeboValueKind::kNumber && k.second[0]) {
    return TakeNumberPair(holder, k, keywords);
  }
  Element* parent = Reach(holder, k.path, n - 1);
  const char* leaf = k.path[n - 1];
  switch (k.value) {
    case GazeboValueKind::kNumber:
      // libsdformat reads the number with std::stod.
      TakeNumber(parent, leaf, k.name, keywords);
      return;
    case GazeboValueKind::kVector3: {
      // A direction: libsdformat copies its text.
      Element* f = parent ? Only(parent, leaf) : nullptr;
      double v[3];
      if (f && IsLeaf(*f) && xml::ParseNumbers(f->text, 3, v)) {
        keywords->push_back(Element::Leaf(k.name, f->text, f->where));
        Remove(parent, f);
      }
      return;
    }
    case GazeboValueKind::kInteger: {
      // libsdformat reads it with std::stoi: only a plain integer.
      Element* m = parent ? Only(parent, leaf) : nullptr;
      if (!m) return;
      const auto v = Number(*m);
      if (v && std::abs(*v) <= 2147483647.0 && *v == std::floor(*v) &&
          m->text.find_first_not_of("+-0123456789") == std::string::npos) {
        keywords->push_back(Element::Leaf(k.name, m->text, m->where));
        Remove(parent, m);
      }
      return;
    }
    case GazeboValueKind::kBool:
    case GazeboValueKind::kNegatedBool: {
      const bool negated = k.value == GazeboValueKind::kNegatedBool;
      if (k.second[0]) {
        // Two spellings of one flag (provide_feedback and
        // physics/ode/provide_feedback; implicit_spring_damper and its older
        // name cfm_damping).
        const size_t m = GazeboPathSize(k.second);
        Element* second_parent = Reach(holder, k.second, m - 1);
        if (auto v = TakeAgreeingBools(parent, leaf, second_parent,
                                       k.second[m - 1])) {
          keywords->push_back(
              Element::Leaf(k.name, BoolText(negated ? !*v : *v),
                            (parent ? parent : second_parent)->where));
        }
        return;
      }
      Element* c = parent ? Only(parent, leaf) : nullptr;
      if (c && Bool(*c)) {
        keywords->push_back(
            Element::Leaf(k.name, BoolText(negated ? !*Bool(*c) : *Bool(*c)),
                          c->where));
        Remove(parent, c);
      }
      return;
    }
    default:
      return;
  }
}

// Removes the elements on the paths of `target`'s keywords that taking
// the keywords left empty, innermost first: the elements between the
// outermost and the leaf's parent when that parent is reached, and the
// outermost when it is. (Material scripts and number pairs are taken
// whole.)
void PruneKeywordPaths(Element* holder, GazeboTarget target) {
  std::vector<std::pair<size_t, GazeboPath>> prune;  // (depth, path)
  const auto add = [&](const GazeboPath& path) {
    const size_t n = GazeboPathSize(path);
    if (n < 2) return;
    if (Reach(holder, path, n - 1)) {
      for (size_t d = n - 1; d >= 2; --d) prune.emplace_back(d, path);
    }
    if (Reach(holder, path, 1)) prune.emplace_back(1, path);
  };
  for (const GazeboKeyword& k : kGazeboKeywords) {
    if (k.target != target || k.value == GazeboValueKind::kMaterialScript ||
        (k.value == GazeboValueKind::kNumber && k.second[0])) {
      continue;
    }
    add(k.path);
    if (k.second[0]) add(k.second);
  }
  std::stable_sort(prune.begin(), prune.end(), [](const auto& a, const auto& b) {
    return a.first > b.first;
  });
  for (const auto& [depth, path] : prune) {
    PruneEmpty(Reach(holder, path, depth - 1), path[depth - 1]);
  }
}

// libsdformat's keywords for `target` (gazebo_vocabulary.h), taken out of
// `content` (that target's SDF-only children) where they say exactly what
// the SDF says, in the table's order.
std::vector<Element> TakeKeywords(GazeboTarget target,
                                  std::vector<Element>* content) {
  // Every keyword is taken from an element of the content: none from none
  // (as a joint's SDF-only dynamics mostly are).
  if (content->empty()) return {};
  Element holder;
  holder.children = std::move(*content);
  std::vector<Element> keywords;
  for (const GazeboKeyword& k : kGazeboKeywords) {
    if (k.target == target) TakeKeyword(&holder, k, &keywords);
  }
  PruneKeywordPaths(&holder, target);
  *content = std::move(holder.children);
  return keywords;
}

// The keywords of one element `e` of `target`'s content, in its place, and
// what is left of it.
void ToKeywords(GazeboTarget target, Element e, Element* block) {
  std::vector<Element> content;
  content.push_back(std::move(e));
  for (auto& k : TakeKeywords(target, &content))
    block->children.push_back(std::move(k));
  for (auto& c : content) block->children.push_back(std::move(c));
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
  for (auto& e : children) ToKeywords(GazeboTarget::kLink, std::move(e), block);
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
    std::vector<Element> keywords = TakeKeywords(
        kind == "collision" ? GazeboTarget::kEveryCollision
                            : GazeboTarget::kEveryVisual,
        &content);
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
  // The rest of a <physics>: libsdformat appends it after the <physics> it
  // makes itself and reads only that one; reshape/to_sdf/gazebo_to_sdf.h
  // merges it.
  for (auto& e : children) ToKeywords(GazeboTarget::kJoint, std::move(e), block);
}

void AxisToGazebo(std::vector<Element> axis_children,
                  std::vector<Element> dynamics_children,
                  std::vector<Element> limit_children,
                  const SourceLocation& where, Element* block) {
  Element dynamics;
  dynamics.name = "dynamics";
  dynamics.where = where;
  dynamics.children = std::move(dynamics_children);
  for (auto& k : TakeKeywords(GazeboTarget::kAxisDynamics, &dynamics.children))
    block->children.push_back(std::move(k));
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
