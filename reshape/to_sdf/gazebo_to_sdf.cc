#include "reshape/to_sdf/gazebo_to_sdf.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <functional>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "reshape/to_sdf/gazebo_vocabulary.h"
#include "sdf_io/schema_check.h"
#include "xml/reader.h"
#include "xml/writer.h"

namespace converter {
namespace {

using frames::Element;

bool OneOf(const std::string& s, std::initializer_list<const char*> names) {
  for (const char* n : names) {
    if (s == n) return true;
  }
  return false;
}

std::string Lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::optional<double> ParseNumber(const std::string& text) {
  auto v = xml::ParseNumberList(text);
  if (!v || v->size() != 1) return std::nullopt;
  return v->front();
}

// n numbers separated by white space, formatted again.
std::optional<std::string> ParseVector(const std::string& text, int n) {
  auto v = xml::ParseNumberList(text);
  if (!v || v->size() != static_cast<size_t>(n)) return std::nullopt;
  return xml::FormatVector(v->data(), n);
}

// An SDFormat colour: 4 numbers, or 3 (alpha 1).
std::optional<Eigen::Vector4d> ParseColor(const std::string& text) {
  auto v = xml::ParseNumberList(text);
  if (!v || (v->size() != 3 && v->size() != 4)) return std::nullopt;
  Eigen::Vector4d c(0, 0, 0, 1);
  for (size_t k = 0; k < v->size(); ++k) c[static_cast<int>(k)] = (*v)[k];
  return c;
}

}  // namespace

std::string GazeboValue(const Element& e) {
  if (const std::string* v = e.Attribute("value")) {
    std::string s = *v;
    const auto not_space = [](unsigned char c) { return !std::isspace(c); };
    s.erase(s.begin(), std::find_if(s.begin(), s.end(), not_space));
    s.erase(std::find_if(s.rbegin(), s.rend(), not_space).base(), s.end());
    return s;
  }
  return e.text;
}

std::optional<bool> ParseGazeboTruth(const std::string& text) {
  const std::string s = Lower(text);
  if (s == "true" || s == "yes" || s == "1") return true;
  if (s == "false" || s == "no" || s == "0") return false;
  return std::nullopt;
}

namespace {


// <a><b>...<leaf>text</leaf></b></a> from a path {"a", "b", ..., "leaf"}.
Element Nested(const GazeboPath& path, const std::string& text,
               const frames::SourceLocation& where) {
  std::vector<const char*> names(path.begin(),
                                 path.begin() + GazeboPathSize(path));
  Element e = Element::Leaf(names.back(), text, where);
  for (size_t k = names.size() - 1; k-- > 0;) {
    Element parent;
    parent.name = names[k];
    parent.where = where;
    parent.children.push_back(std::move(e));
    e = std::move(parent);
  }
  return e;
}

// SDFormat elements that may appear more than once among their siblings:
// always appended, never merged.
bool Repeatable(const std::string& name) {
  return OneOf(name, {"plugin", "sensor", "light", "projector", "audio_source",
                      "audio_sink", "battery", "particle_emitter", "gripper"});
}

const std::string* NameAttribute(const Element& e) { return e.Attribute("name"); }

bool SameKey(const Element& a, const Element& b) {
  if (a.name != b.name) return false;
  const std::string* na = NameAttribute(a);
  const std::string* nb = NameAttribute(b);
  if (!na || !nb) return na == nb;
  return *na == *nb;
}

// Merges `child` into the list of siblings `into`: appended when new or
// repeatable; otherwise a leaf replaces the existing element and an element
// with children has its attributes and children merged in.
void MergeChild(std::vector<Element>* into, Element child) {
  if (!Repeatable(child.name)) {
    for (auto& e : *into) {
      if (!SameKey(e, child)) continue;
      if (child.children.empty() || e.children.empty()) {
        e = std::move(child);
        return;
      }
      // Not a structured binding: a lambda may not capture one before
      // C++20 (clang refuses it).
      for (auto& attribute : child.attributes) {
        const std::string& key = attribute.first;
        auto it = std::find_if(e.attributes.begin(), e.attributes.end(),
                               [&](const auto& a) { return a.first == key; });
        if (it != e.attributes.end()) it->second = attribute.second;
        else e.attributes.emplace_back(key, attribute.second);
      }
      if (!child.text.empty()) e.text = child.text;
      for (auto& c : child.children) MergeChild(&e.children, std::move(c));
      return;
    }
  }
  into->push_back(std::move(child));
}

// Children of an SDFormat element that come from the URDF's kinematics.
bool IsKinematic(const std::string& n) {
  return OneOf(n, {"pose", "origin", "geometry", "inertial", "link", "joint",
                   "frame", "model", "include", "parent", "child", "xyz"});
}

// What a <gazebo> child is applied to, as diagnostics name it ("link
// 'base'", "visuals of link 'base'", "joint 'j' <axis>"). Most children
// report nothing, so the text is only made for a diagnostic.
class Where {
 public:
  explicit Where(std::function<std::string()> make) : make_(std::move(make)) {}
  std::string Text() const { return make_(); }

 private:
  std::function<std::string()> make_;
};

class GazeboApplier {
 public:
  // The model's links and joints must stay put, names unchanged, while
  // blocks are applied: the lookup tables view their names.
  GazeboApplier(frames::Model* model, int sdf_version,
                frames::Diagnostics* diags)
      : model_(*model), sdf_version_(sdf_version), diags_(*diags) {
    links_.reserve(model_.links.size());
    for (auto& l : model_.links) links_.emplace(l.name, &l);
    joints_.reserve(model_.joints.size());
    for (auto& j : model_.joints) {
      joints_.emplace(j.name, &j);
      if (!j.original_name.empty()) joints_.emplace(j.original_name, &j);
    }
  }

  void Apply(const Element& block) {
    const std::string* ref = block.Attribute("reference");
    if (!ref || ref->empty()) {
      for (const auto& c : block.children) ModelChild(c);
      return;
    }
    if (auto l = links_.find(*ref); l != links_.end()) {
      for (const auto& c : block.children) LinkChild(c, l->second);
      return;
    }
    if (auto j = joints_.find(*ref); j != joints_.end()) {
      for (const auto& c : block.children) JointChild(c, j->second);
      return;
    }
    std::string why = "names no link or joint";
    if (*ref == model_.name) {
      why = "names the robot itself; libsdformat applies only a <gazebo> "
            "without reference to the model";
    } else if (*ref == frames::kWorldFrame) {
      why = "names the 'world' link, which is not part of the model";
    } else if (IsCarriedJoint(*ref)) {
      why = "names a floating or planar joint, which SDFormat 1.7 has no "
            "joint for";
    }
    diags_.Warning(frames::Code::GAZEBO_REFERENCE_UNKNOWN,
                   "<gazebo reference=\"" + *ref + "\"> " + why +
                       "; it is not applied (only carried as <urdf:gazebo>)",
                   block.where);
  }

 private:
  // An SDFormat element a block pastes at `parent` (the element at
  // `parent_path`), checked against the SDFormat description of the output
  // version (sdf_io/schema_check.h) as libsdformat's URDF parser checks it:
  // it pastes the element into the SDF that it then reads with its SDF
  // reader, which refuses the whole URDF for a value of the wrong type or
  // range or a missing required attribute. Each such error is reported
  // (VALUE_INVALID, VALUE_OUT_OF_RANGE, ATTRIBUTE_MISSING at the URDF's
  // line) and the element is not applied: false. A pose number with
  // trailing text, which libsdformat reads as the number at its start, is
  // read so, with a NUMBER_TRAILING_CHARACTERS warning, and applied.
  bool Checked(const Element& e, std::initializer_list<const char*> parent,
               const std::string& parent_path) {
    return sdf_io::CheckCopiedElement(e, parent, sdf_version_, parent_path,
                                      &diags_);
  }
  std::string ModelPath() const { return "/sdf/model[" + model_.name + "]"; }
  std::string LinkPath(const frames::Link& l) const {
    return ModelPath() + "/link[" + l.name + "]";
  }
  std::string JointPath(const frames::Joint& j) const {
    return ModelPath() + "/joint[" + j.name + "]";
  }

  bool IsCarriedJoint(const std::string& name) const {
    for (const auto& f : model_.frames) {
      if (f.name != name) continue;
      for (const auto& e : f.extensions) {
        if (e.name == "urdf:joint") return true;
      }
    }
    return false;
  }

  void NotApplied(frames::Code code, const Element& e, const Where& where,
                  const std::string& why) {
    diags_.Warning(code,
                   "<" + e.name + "> in <gazebo> for " + where.Text() + " " +
                       why +
                       "; it is not applied (only carried as <urdf:gazebo>)",
                   e.where);
  }

  // Reports what `e` is when it is not applicable at this level; true when
  // it reported.
  bool Misplaced(const Element& e, const Where& where, bool link_ok,
                 bool joint_ok, bool model_ok) {
    if (e.name == "canonicalBody") {
      NotApplied(frames::Code::GAZEBO_ELEMENT_IGNORED, e, where,
                 "has no effect in libsdformat");
      return true;
    }
    const char* level = nullptr;
    if (!link_ok && FindGazeboKeyword(GazeboLevel::kLink, e.name))
      level = "link";
    if (!joint_ok && FindGazeboKeyword(GazeboLevel::kJoint, e.name))
      level = "joint";
    if (!model_ok && FindGazeboKeyword(GazeboLevel::kModel, e.name))
      level = "model";
    if (level) {
      NotApplied(frames::Code::GAZEBO_ELEMENT_MISPLACED, e, where,
                 std::string("is a ") + level +
                     " keyword, which libsdformat ignores here");
      return true;
    }
    if (IsKinematic(e.name)) {
      NotApplied(frames::Code::GAZEBO_KINEMATICS_NOT_APPLIED, e, where,
                 "would change the kinematics, which come from the URDF "
                 "only");
      return true;
    }
    return false;
  }

  void NotSdf(const Element& e, const Where& where, const char* level) {
    NotApplied(frames::Code::GAZEBO_ELEMENT_NOT_SDF, e, where,
               std::string("is neither a libsdformat keyword nor an "
                           "SDFormat element of a ") +
                   level);
  }

  void Invalid(const Element& e, const Where& where,
               const std::string& what) {
    NotApplied(frames::Code::GAZEBO_VALUE_INVALID, e, where,
               "has value '" + GazeboValue(e) + "', which is not " + what);
  }

  std::optional<std::string> Number(const Element& e, const Where& where) {
    auto v = ParseNumber(GazeboValue(e));
    if (!v) {
      Invalid(e, where, "a number");
      return std::nullopt;
    }
    return xml::FormatDouble(*v);
  }

  // A keyword boolean: true/yes/1 is true and anything else false, as in
  // libsdformat, with a warning for what is neither true nor false.
  bool KeywordTruth(const Element& e, const Where& where) {
    auto t = ParseGazeboTruth(GazeboValue(e));
    if (!t) {
      diags_.Warning(frames::Code::GAZEBO_VALUE_INVALID,
                     "<" + e.name + "> in <gazebo> for " + where.Text() +
                         " has value '" + GazeboValue(e) +
                         "', which is not a boolean; it is read as false, as "
                         "libsdformat reads it",
                     e.where);
      return false;
    }
    return *t;
  }

  // An SDFormat bool leaf given in a block, normalised to true/false.
  std::optional<Element> BoolLeaf(const Element& e, const Where& where) {
    auto t = ParseGazeboTruth(GazeboValue(e));
    if (!t || !e.children.empty()) {
      Invalid(e, where, "a boolean");
      return std::nullopt;
    }
    return Element::Leaf(e.name, *t ? "true" : "false", e.where);
  }

  // --- Model -------------------------------------------------------------

  // An SDFormat <joint> in the robot's block, which libsdformat pastes into
  // the model: how a URDF carries a joint that closes a kinematic loop (or
  // one of a type URDF lacks, sdf2urdf's output). Its pose is in its child
  // link's frame, which is the URDF link frame here as in libsdformat. Kept
  // as the model's element when it has a type and its parent and child name
  // links of the model (the parent may be `world`).
  void ModelJoint(const Element& e, const Where& where) {
    if (!Checked(e, {"model"}, ModelPath())) return;
    const std::string* name = e.Attribute("name");
    const Element* parent = e.Child("parent");
    const Element* child = e.Child("child");
    const auto is_link = [&](const Element* x) {
      return x && links_.count(x->text) > 0;
    };
    std::string why;
    const std::string* type = e.Attribute("type");
    if (type && !frames::JointTypeFromName(*type)) {
      // libsdformat pastes it and then refuses the whole URDF, as our SDF
      // reader refuses the SDF it would make.
      diags_.Error(frames::Code::JOINT_TYPE_INVALID,
                   "<joint name=\"" + (name ? *name : std::string()) +
                       "\"> in <gazebo> has unknown type '" + *type + "'",
                   e.where);
      return;
    }
    if (!name || name->empty() || !type) {
      why = "has no name or no type";
    } else if (!is_link(child) ||
               !(is_link(parent) || (parent && parent->text == "world"))) {
      why = "does not join two links of the robot";
    } else if (IsCarriedJoint(*name)) {
      // sdf2urdf's joint of a type URDF lacks, in place of the floating
      // joint of that name (a frame here, as libsdformat drops it): the
      // joint replaces the frame.
      ReplaceCarriedFrame(*name);
    } else if (links_.count(*name) || joints_.count(*name) ||
               std::any_of(model_.frames.begin(), model_.frames.end(),
                           [&](const auto& f) { return f.name == *name; })) {
      why = "has the name of a link, joint or frame of the robot";
    } else if (std::any_of(model_.extensions.begin(), model_.extensions.end(),
                           [&](const Element& x) {
                             const std::string* n = x.Attribute("name");
                             return x.name == "joint" && n && *n == *name;
                           })) {
      why = "has the name of an earlier <gazebo> joint";
    }
    if (!why.empty()) {
      NotApplied(frames::Code::GAZEBO_KINEMATICS_NOT_APPLIED, e, where,
                 why + ", so it is no joint libsdformat can add");
      return;
    }
    model_.extensions.push_back(e);
  }

  // Removes the frame `name` that carries a floating or planar joint. What
  // was posed relative_to it (its child link, frames attached to it) is
  // posed relative_to what the frame was, so that it stays where the URDF
  // put it and does not depend on the joint taking the name, whose own pose
  // may be relative_to that child link (the default).
  void ReplaceCarriedFrame(const std::string& name) {
    auto it = std::find_if(model_.frames.begin(), model_.frames.end(),
                           [&](const auto& f) { return f.name == name; });
    const frames::Frame carried = std::move(*it);
    model_.frames.erase(it);
    const std::string& base = carried.pose.relative_to.empty()
                                  ? carried.attached_to
                                  : carried.pose.relative_to;
    const frames::Isometry3 X_BF = carried.pose.ToIsometry();
    const auto repose = [&](frames::Pose* pose) {
      *pose = frames::ComputedPose(frames::Compose(X_BF, *pose), base);
    };
    for (auto& l : model_.links) {
      if (l.pose.relative_to == name) repose(&l.pose);
    }
    for (auto& j : model_.joints) {
      if (j.pose.relative_to == name) repose(&j.pose);
    }
    for (auto& f : model_.frames) {
      if (f.pose.relative_to == name ||
          (f.pose.relative_to.empty() && f.attached_to == name)) {
        repose(&f.pose);
      }
      if (f.attached_to == name) f.attached_to = carried.attached_to;
    }
  }

  void ModelChild(const Element& e) {
    const Where where([] { return std::string("the model"); });
    if (const GazeboKeyword* k = FindGazeboKeyword(GazeboLevel::kModel, e.name);
        k && k->target == GazeboTarget::kModel) {
      model_.is_static = KeywordTruth(e, where);
    } else if (OneOf(e.name, {"self_collide", "allow_auto_disable",
                              "enable_wind"})) {
      if (auto leaf = BoolLeaf(e, where))
        MergeChild(&model_.extensions, std::move(*leaf));
    } else if (OneOf(e.name, {"plugin", "gripper"})) {
      if (Checked(e, {"model"}, ModelPath())) MergeChild(&model_.extensions, e);
    } else if (e.name == "joint") {
      ModelJoint(e, where);
    } else if (!Misplaced(e, where, false, false, true)) {
      NotSdf(e, where, "model");
    }
  }

  // --- Link ----------------------------------------------------------------

  void LinkChild(const Element& e, frames::Link* l) {
    const Where where([l] { return "link '" + l->name + "'"; });
    const std::string& n = e.name;
    if (const GazeboKeyword* k = FindGazeboKeyword(GazeboLevel::kLink, n)) {
      LinkKeyword(*k, e, l, where);
    } else if (n == "visual" || n == "collision") {
      ShapeBlob(e, l, where);
    } else if (OneOf(n, {"gravity", "enable_wind", "self_collide", "kinematic",
                         "must_be_base_link"})) {
      if (auto leaf = BoolLeaf(e, where))
        MergeChild(&l->extensions, std::move(*leaf));
    } else if (n == "velocity_decay") {
      if (Checked(e, {"model", "link"}, LinkPath(*l)))
        MergeChild(&l->extensions, e);
    } else if (OneOf(n, {"sensor", "light", "projector", "audio_source",
                         "audio_sink", "battery", "particle_emitter"})) {
      if (Checked(e, {"model", "link"}, LinkPath(*l)))
        AddNamed(&l->extensions, e, where);
    } else if (!Misplaced(e, where, true, false, false)) {
      NotSdf(e, where, "link");
    }
  }

  // A link keyword (gazebo_vocabulary.h): its value, then the SDF element
  // it names in the link, in every visual's material or in every
  // collision.
  void LinkKeyword(const GazeboKeyword& k, const Element& e, frames::Link* l,
                   const Where& where) {
    const std::optional<std::string> value = KeywordValue(k, e, where);
    if (!value) return;
    switch (k.target) {
      case GazeboTarget::kLink:
        MergeChild(&l->extensions, Nested(k.path, *value, e.where));
        if (k.second_written)
          MergeChild(&l->extensions, Nested(k.second, *value, e.where));
        return;
      case GazeboTarget::kEveryVisual:
        if (l->visuals.empty())
          return NoTarget(e, where, "the link has no visual");
        for (auto& v : l->visuals) {
          if (!v.material) {
            v.material.emplace();
            v.material->where = e.where;
          }
          MergeChild(&v.material->extensions, MaterialScript(k, *value, e));
        }
        return;
      case GazeboTarget::kEveryCollision: {
        if (l->collisions.empty())
          return NoTarget(e, where, "the link has no collision");
        Element add = Nested(k.path, *value, e.where);
        // A copy for each collision but the last, which takes the original.
        for (size_t c = 0; c + 1 < l->collisions.size(); ++c)
          MergeChild(&l->collisions[c].extensions, add);
        MergeChild(&l->collisions.back().extensions, std::move(add));
        return;
      }
      default:
        return;
    }
  }

  // The value keyword `k` gives its SDF leaf, as libsdformat reads `e`;
  // nullopt (GAZEBO_VALUE_INVALID) when it is none.
  std::optional<std::string> KeywordValue(const GazeboKeyword& k,
                                          const Element& e,
                                          const Where& where) {
    switch (k.value) {
      case GazeboValueKind::kNumber:
        return Number(e, where);
      case GazeboValueKind::kInteger: {
        // libsdformat reads it with std::stoi.
        auto v = ParseNumber(GazeboValue(e));
        if (!v || *v != std::floor(*v) || std::abs(*v) > 2147483647.0) {
          Invalid(e, where, "an integer");
          return std::nullopt;
        }
        return xml::FormatDouble(*v);
      }
      case GazeboValueKind::kVector3: {
        auto v = ParseVector(GazeboValue(e), 3);
        if (!v) Invalid(e, where, "three numbers");
        return v;
      }
      case GazeboValueKind::kBool:
        return KeywordTruth(e, where) ? "true" : "false";
      case GazeboValueKind::kNegatedBool:
        return TurnGravityOff(e, where) ? "false" : "true";
      case GazeboValueKind::kMaterialScript: {
        std::string name = GazeboValue(e);
        if (name.empty()) {
          Invalid(e, where, "a material script name");
          return std::nullopt;
        }
        return name;
      }
      case GazeboValueKind::kNone:
        break;
    }
    return std::nullopt;
  }

  // <script><name>NAME</name><uri>Gazebo's materials</uri></script>, the
  // material keyword's (k.path: material/script/name).
  static Element MaterialScript(const GazeboKeyword& k,
                                const std::string& name, const Element& e) {
    Element script;
    script.name = k.path[1];
    script.where = e.where;
    script.children.push_back(Element::Leaf(k.path[2], name, e.where));
    script.children.push_back(
        Element::Leaf("uri", kGazeboMaterialUri, e.where));
    return script;
  }

  // The negated keyword (turnGravityOff): true turns gravity off.
  bool TurnGravityOff(const Element& e, const Where& where) {
    // libsdformat: false/no/0 turn gravity on, anything else off.
    auto t = ParseGazeboTruth(GazeboValue(e));
    if (!t) {
      diags_.Warning(frames::Code::GAZEBO_VALUE_INVALID,
                     "<turnGravityOff> in <gazebo> for " + where.Text() +
                         " has value '" + GazeboValue(e) +
                         "', which is not a boolean; gravity is turned off, "
                         "as libsdformat reads it",
                     e.where);
      return true;
    }
    return *t;
  }

  // A sensor, light ... appended; one with the name of an earlier one of
  // the same kind replaces it (SDFormat requires unique names), with a
  // warning.
  void AddNamed(std::vector<Element>* into, const Element& e,
                const Where& where) {
    const std::string* name = e.Attribute("name");
    if (name) {
      for (auto& old : *into) {
        const std::string* n = old.Attribute("name");
        if (old.name != e.name || !n || *n != *name) continue;
        diags_.Warning(frames::Code::GAZEBO_ELEMENT_REPLACED,
                       "<" + e.name + " name=\"" + *name +
                           "\"> in <gazebo> for " + where.Text() +
                           " replaces the one of that name at line " +
                           std::to_string(old.where.line) +
                           " (SDFormat requires unique names)",
                       e.where);
        old = e;
        return;
      }
    }
    into->push_back(e);
  }

  void NoTarget(const Element& e, const Where& where,
                const std::string& why) {
    NotApplied(frames::Code::GAZEBO_NO_TARGET, e, where,
               "has nothing to apply to: " + why);
  }

  // <visual> or <collision> in a link block: merged into the one named by
  // its name attribute, or into every one of the link when it has none (as
  // libsdformat does).
  void ShapeBlob(const Element& e, frames::Link* l, const Where& where) {
    const bool visual = e.name == "visual";
    const std::string* name = e.Attribute("name");
    std::vector<frames::Visual*> visuals;
    std::vector<frames::Collision*> collisions;
    if (visual) {
      for (auto& v : l->visuals)
        if (!name || v.name == *name) visuals.push_back(&v);
    } else {
      for (auto& c : l->collisions)
        if (!name || c.name == *name) collisions.push_back(&c);
    }
    bool added = false;  // a carried shape, now the link's
    if (visuals.empty() && collisions.empty()) {
      if (name && AddCarriedShape(e, *name, l)) {
        added = true;
        if (visual) visuals.push_back(&l->visuals.back());
        else collisions.push_back(&l->collisions.back());
      } else {
        return NoTarget(e, where,
                        name ? "the link has no " + e.name + " named '" +
                                   *name + "'"
                             : "the link has no " + e.name);
      }
    }
    const Where shape_where([&] {
      return e.name + (name ? " '" + *name + "'" : std::string("s")) + " of " +
             where.Text();
    });
    const std::string shape_path =
        LinkPath(*l) + "/" + e.name + (name ? "[" + *name + "]" : "");
    const auto checked = [&](const Element& c) {
      return Checked(c, {"model", "link", visual ? "visual" : "collision"},
                     shape_path);
    };
    for (const auto& c : e.children) {
      if (visual) {
        if (c.name == "material") {
          if (!checked(c)) continue;
          for (auto* v : visuals) MergeMaterial(c, v, shape_where);
        } else if (OneOf(c.name, {"cast_shadows"})) {
          if (auto leaf = BoolLeaf(c, shape_where))
            for (auto* v : visuals) MergeChild(&v->extensions, *leaf);
        } else if (OneOf(c.name, {"laser_retro", "transparency",
                                  "visibility_flags", "meta", "plugin"})) {
          if (!checked(c)) continue;
          for (auto* v : visuals) MergeChild(&v->extensions, c);
        } else if (added && OneOf(c.name, {"pose", "geometry"})) {
          // Read by AddCarriedShape.
        } else if (!Misplaced(c, shape_where, false, false, false)) {
          NotSdf(c, shape_where, "visual");
        }
      } else {
        if (added && OneOf(c.name, {"pose", "geometry"})) {
          // Read by AddCarriedShape.
        } else if (OneOf(c.name, {"laser_retro", "max_contacts", "surface"})) {
          if (!checked(c)) continue;
          for (auto* k : collisions) MergeChild(&k->extensions, c);
        } else if (!Misplaced(c, shape_where, false, false, false)) {
          NotSdf(c, shape_where, "collision");
        }
      }
    }
  }

  // A <visual>/<collision> sdf2urdf carried whole because URDF cannot hold
  // its shape (GEOMETRY_EMPTY, GEOMETRY_NOT_URDF): named, naming none of the
  // link's, with a <geometry> holding one shape the SDF reader keeps
  // verbatim (empty, heightmap, polyline, image), and a <pose> of six
  // numbers if any. Added to the link (pose in the link frame, which is the
  // URDF's); false for anything else.
  bool AddCarriedShape(const Element& e, const std::string& name,
                       frames::Link* l) {
    const Element* geometry = nullptr;
    const Element* pose = nullptr;
    for (const auto& c : e.children) {
      if (c.name == "geometry") geometry = &c;
      if (c.name == "pose") pose = &c;
    }
    if (!geometry || geometry->children.size() != 1 ||
        !OneOf(geometry->children[0].name,
               {"empty", "heightmap", "polyline", "image"}))
      return false;
    // Its values as the schema check reads them (what it pastes is SDF).
    if (!Checked(*geometry, {"model", "link", e.name.c_str()},
                 LinkPath(*l) + "/" + e.name + "[" + name + "]"))
      return false;
    frames::Shape s;
    if (pose) {
      auto v = xml::ParseNumberList(pose->text);
      if (!v || v->size() != 6 || !pose->attributes.empty()) return false;
      s.pose.xyz = frames::Vector3((*v)[0], (*v)[1], (*v)[2]);
      s.pose.rpy = frames::Vector3((*v)[3], (*v)[4], (*v)[5]);
    }
    s.name = name;
    s.name_given = true;
    s.where = e.where;
    s.geometry.type = frames::Geometry::Type::kOther;
    s.geometry.other = geometry->children[0];
    if (e.name == "visual") {
      frames::Visual v;
      static_cast<frames::Shape&>(v) = std::move(s);
      l->visuals.push_back(std::move(v));
    } else {
      frames::Collision c;
      static_cast<frames::Shape&>(c) = std::move(s);
      l->collisions.push_back(std::move(c));
    }
    return true;
  }

  void MergeMaterial(const Element& blob, frames::Visual* v,
                     const Where& where) {
    if (!v->material) {
      v->material.emplace();
      v->material->where = blob.where;
    }
    frames::Material& m = *v->material;
    for (const auto& c : blob.children) {
      std::optional<Eigen::Vector4d>* colour = nullptr;
      if (c.name == "ambient") colour = &m.ambient;
      if (c.name == "diffuse") colour = &m.diffuse;
      if (c.name == "specular") colour = &m.specular;
      if (c.name == "emissive") colour = &m.emissive;
      if (colour) {
        auto rgba = ParseColor(c.text);
        if (!rgba) {
          Invalid(c, where, "a colour (3 or 4 numbers)");
          continue;
        }
        *colour = *rgba;
      } else if (c.name == "script" && !HasScriptUri(c) &&
                 !std::any_of(m.extensions.begin(), m.extensions.end(),
                              HasScriptUri)) {
        // SDFormat requires //script/uri (MATERIAL_SCRIPT_URI_MISSING):
        // written without one, the SDF would not read back.
        Invalid(c, where, "a material script with a <uri>");
      } else {
        MergeChild(&m.extensions, c);
      }
    }
  }

  static bool HasScriptUri(const Element& e) {
    if (e.name != "script") return false;
    for (const auto& c : e.children) {
      if (c.name == "uri" && !c.text.empty()) return true;
    }
    return false;
  }

  // --- Joint ---------------------------------------------------------------

  void JointChild(const Element& e, frames::Joint* j) {
    const Where where([j] { return "joint '" + j->name + "'"; });
    const std::string& n = e.name;
    if (const GazeboKeyword* k = FindGazeboKeyword(GazeboLevel::kJoint, n)) {
      JointKeyword(*k, e, j, where);
    } else if (n == "axis" || n == "axis2") {
      auto& axis = n == "axis" ? j->axis : j->axis2;
      if (!axis) return NoTarget(e, where, "the joint has no " + n);
      MergeAxis(e, &*axis,
                Where([&] { return where.Text() + " <" + n + ">"; }),
                JointPath(*j) + "/" + n, n.c_str());
    } else if (OneOf(n, {"physics", "gearbox_ratio", "gearbox_reference_body",
                         "thread_pitch", "sensor"})) {
      if (!Checked(e, {"model", "joint"}, JointPath(*j))) return;
      if (n == "sensor") AddNamed(&j->extensions, e, where);
      else MergeChild(&j->extensions, e);
    } else if (!Misplaced(e, where, false, true, false)) {
      NotSdf(e, where, "joint");
    }
  }

  // A joint keyword (gazebo_vocabulary.h): its value, then the SDF element
  // it names in the joint or in its axis' <dynamics>.
  void JointKeyword(const GazeboKeyword& k, const Element& e, frames::Joint* j,
                    const Where& where) {
    // kNone (preserveFixedJoint ...): read by --lump-fixed-joints from the
    // carried block.
    if (k.target == GazeboTarget::kNone) return;
    const std::optional<std::string> value = KeywordValue(k, e, where);
    if (!value) return;
    if (k.target == GazeboTarget::kAxisDynamics) {
      if (!j->axis) return NoTarget(e, where, "the joint has no axis");
      if (!j->axis->dynamics) j->axis->dynamics.emplace();
      MergeChild(&j->axis->dynamics->extensions,
                 Nested(k.path, *value, e.where));
      return;
    }
    Physics(j, Nested(k.path, *value, e.where));
    if (k.second_written) Physics(j, Nested(k.second, *value, e.where));
  }

  void Physics(frames::Joint* j, Element physics) {
    MergeChild(&j->extensions, std::move(physics));
  }

  // `axis`: "axis" or "axis2", at `path` in the SDF.
  void MergeAxis(const Element& blob, frames::JointAxis* a, const Where& where,
                 const std::string& path, const char* axis) {
    for (const auto& c : blob.children) {
      if (c.name == "limit") {
        if (!a->limit) a->limit.emplace();
        frames::JointLimit& l = *a->limit;
        for (const auto& g : c.children) {
          std::optional<double>* field = nullptr;
          if (g.name == "lower") field = &l.lower;
          if (g.name == "upper") field = &l.upper;
          if (g.name == "effort") field = &l.effort;
          if (g.name == "velocity") field = &l.velocity;
          if (field) {
            // "inf"/"-inf" as SDFormat limits take them (sdf2urdf carries
            // an infinite limit this way).
            if (auto v = ParseNumber(g.text)) *field = *v;
            else if (const double inf = xml::Infinity(g.text); inf != 0.0)
              *field = inf;
            else Invalid(g, where, "a number");
          } else if (OneOf(g.name, {"stiffness", "dissipation"})) {
            if (Checked(g, {"model", "joint", axis, "limit"}, path + "/limit"))
              MergeChild(&l.extensions, g);
          } else {
            NotSdf(g, where, "joint axis limit");
          }
        }
      } else if (c.name == "dynamics") {
        if (!a->dynamics) a->dynamics.emplace();
        frames::JointDynamics& d = *a->dynamics;
        for (const auto& g : c.children) {
          std::optional<double>* field = nullptr;
          if (g.name == "damping") field = &d.damping;
          if (g.name == "friction") field = &d.friction;
          if (field) {
            if (auto v = ParseNumber(g.text)) *field = *v;
            else Invalid(g, where, "a number");
          } else if (OneOf(g.name, {"spring_reference", "spring_stiffness"})) {
            if (Checked(g, {"model", "joint", axis, "dynamics"},
                        path + "/dynamics"))
              MergeChild(&d.extensions, g);
          } else {
            NotSdf(g, where, "joint axis dynamics");
          }
        }
      } else if (c.name == "initial_position") {
        if (Checked(c, {"model", "joint", axis}, path))
          MergeChild(&a->extensions, c);
      } else if (!Misplaced(c, where, false, false, false)) {
        NotSdf(c, where, "joint axis");
      }
    }
  }

  frames::Model& model_;
  const int sdf_version_;
  frames::Diagnostics& diags_;
  std::unordered_map<std::string_view, frames::Link*> links_;
  std::unordered_map<std::string_view, frames::Joint*> joints_;
};

}  // namespace

void ApplyGazeboBlocks(frames::Model* model, frames::Diagnostics* diags,
                       int sdf_version) {
  // Applying appends to model->extensions, which would move the blocks, so
  // they are taken out while applied (an empty element holds each place,
  // which nothing merges into) and put back after.
  std::vector<size_t> places;
  std::vector<Element> blocks;
  for (size_t k = 0; k < model->extensions.size(); ++k) {
    Element& e = model->extensions[k];
    if (e.name != "gazebo" && e.name != "urdf:gazebo") continue;
    places.push_back(k);
    blocks.push_back(std::exchange(e, Element()));
  }
  if (blocks.empty()) return;
  GazeboApplier applier(model, sdf_version, diags);
  for (const auto& b : blocks) applier.Apply(b);
  for (size_t k = 0; k < places.size(); ++k)
    model->extensions[places[k]] = std::move(blocks[k]);
}

}  // namespace converter
