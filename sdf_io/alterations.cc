#include "sdf_io/alterations.h"

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sdf_io/schema.h"
#include "xml/dom.h"

namespace sdf_io::internal {
namespace {

using frames::Code;
using frames::Element;

bool IsAction(std::string_view a) {
  return a == "add" || a == "modify" || a == "remove" || a == "replace";
}

// The alteration's element without its element_id and action: what an add
// or a replace puts in the model.
Element Stripped(const Element& a) {
  Element e = a;
  std::vector<std::pair<std::string, std::string>> kept;
  for (auto& kv : e.attributes) {
    if (kv.first != "element_id" && kv.first != "action") {
      kept.push_back(std::move(kv));
    }
  }
  e.attributes = std::move(kept);
  return e;
}

class Alterer {
 public:
  Alterer(int minor, std::string params_path, Element* model,
          frames::Diagnostics* diags)
      : v_(*schema::ForMinor(minor)),
        params_path_(std::move(params_path)),
        model_(model),
        diags_(*diags) {}

  bool ok() const { return ok_; }

  void Alteration(const Element& a) {
    alteration_ = &a;
    const std::string* id = a.Attribute("element_id");
    if (!id) {
      Error(Code::ATTRIBUTE_MISSING, a,
            "has no 'element_id' attribute naming the element it alters");
      return;
    }
    const size_t colons = id->rfind("::");
    if (colons != std::string::npos && colons + 2 == id->size()) {
      Error(Code::INCLUDE_ALTERATION_INVALID, a,
            "element_id '" + *id + "' names nothing after its last '::'");
      return;
    }
    const std::string* action = a.Attribute("action");
    if (action && !IsAction(*action)) {
      Error(Code::INCLUDE_ALTERATION_INVALID, a,
            "action '" + *action +
                "' is none of add, modify, remove and replace");
      return;
    }
    if (action && *action == "add") return Add(a, *id);
    Path target = Find(*id, a.name.c_str());
    if (target.empty()) {
      Error(Code::INCLUDE_ALTERATION_NOT_FOUND, a,
            "element_id '" + *id + "' names no <" + a.name +
                "> of the included model");
      return;
    }
    if (!action) return EachChild(a, target);
    if (*action == "modify") return Modify(a, target);
    if (*action == "remove") return Remove(a, target);
    Replace(a, target);
  }

 private:
  // Elements from the model (exclusive) down to one.
  using Path = std::vector<Element*>;

  void Error(Code code, const Element& at, const std::string& what) {
    std::string tag = "<" + at.name;
    for (const char* key : {"element_id", "name", "action"}) {
      if (const std::string* v = at.Attribute(key)) {
        tag += std::string(" ") + key + "='" + *v + "'";
      }
    }
    frames::Diagnostic d;
    d.code = code;
    d.element_path = params_path_;
    xml::AppendPathStep(&d.element_path, alteration_->name,
                        NameOf(*alteration_));
    if (&at != alteration_) {
      xml::AppendPathStep(&d.element_path, at.name, NameOf(at));
    }
    d.message = d.element_path + ": <include> alteration " + tag + "> " +
                what + "; it is not applied, and the include is refused (as "
                "libsdformat 12 refuses it)";
    d.where = at.where;
    diags_.Add(std::move(d));
    ok_ = false;
  }

  static const char* NameOf(const Element& e) {
    const std::string* n = e.Attribute("name");
    return n ? n->c_str() : nullptr;
  }

  // The element `id` names below the model, as libsdformat 12 looks it up:
  // each scope's child whose name is the longest prefix of what is left
  // followed by "::" is entered, and the element is the child whose name is
  // the rest (of kind `kind`; any kind when nullptr, for an add's parent,
  // which may also be any element whose name is the whole id).
  Path Find(std::string_view id, const char* kind) {
    Path path;
    Element* scope = model_;
    size_t start = 0;
    while (true) {
      const std::string_view rest = id.substr(start);
      Element* enter = nullptr;
      size_t entered = 0;
      for (Element& c : scope->children) {
        const std::string* name = c.Attribute("name");
        if (!name || name->empty()) continue;
        if (!kind && id == *name) {
          path.push_back(&c);
          return path;
        }
        if (rest == *name && (!kind || c.name == kind)) {
          path.push_back(&c);
          return path;
        }
        if (rest.size() > name->size() + 2 &&
            rest.substr(0, name->size()) == *name &&
            rest.substr(name->size(), 2) == "::" && name->size() > entered) {
          enter = &c;
          entered = name->size();
        }
      }
      if (!enter) return {};
      path.push_back(enter);
      scope = enter;
      start += entered + 2;
    }
  }

  // The description of the element at `path` (nullptr when there is none).
  const schema::Element* Describe(const Path& path) const {
    const schema::Element* d = schema::FindChild(v_, schema::Root(v_), "model");
    for (const Element* e : path) {
      if (!d) return nullptr;
      d = schema::FindChild(v_, *d, e->name.c_str());
    }
    return d;
  }

  // Adds `a` to the element `id` names (the model for "").
  void Add(const Element& a, const std::string& id) {
    const std::string* name = a.Attribute("name");
    if (!name) {
      Error(Code::ATTRIBUTE_MISSING, a,
            "adds an element without a 'name' attribute");
      return;
    }
    if (name->empty()) {
      Error(Code::INCLUDE_ALTERATION_INVALID, a,
            "adds an element with an empty 'name'");
      return;
    }
    if (a.name != "plugin" && !id.empty() &&
        !Find(id + "::" + *name, a.name.c_str()).empty()) {
      Error(Code::DUPLICATE_NAME, a,
            "adds <" + a.name + " name='" + *name +
                "'>, which the included model already has there");
      return;
    }
    Path parent;
    if (!id.empty()) {
      parent = Find(id, nullptr);
      if (parent.empty()) {
        Error(Code::INCLUDE_ALTERATION_NOT_FOUND, a,
              "element_id '" + id + "' names no element of the included model");
        return;
      }
    }
    const schema::Element* d = Describe(parent);
    if (!d || !schema::FindChild(v_, *d, a.name.c_str())) {
      Error(Code::INCLUDE_ALTERATION_INVALID, a,
            "adds <" + a.name + ">, which SDFormat " + v_.version +
                " does not define there");
      return;
    }
    Element* into = parent.empty() ? model_ : parent.back();
    into->children.push_back(Stripped(a));
  }

  // The child of `parent` that alteration child `c` names: by its name
  // attribute, else the first of its kind. `modify`: with a name that no
  // child has, the first of its kind (libsdformat then sets the name).
  static Element* ByName(Element* parent, const Element& c, bool modify) {
    Element* first = nullptr;
    const std::string* name = c.Attribute("name");
    for (Element& e : parent->children) {
      if (e.name != c.name) continue;
      if (!first) first = &e;
      if (!name) return first;
      const std::string* n = e.Attribute("name");
      if (n && *n == *name) return &e;
    }
    return modify ? first : nullptr;
  }

  // The child of `parent` that alteration child `c` names for `action`
  // ("modify", "remove" or "replace"; ByName), or nullptr after an
  // INCLUDE_ALTERATION_NOT_FOUND error naming what is not there.
  Element* ChildToAlter(Element* parent, const Element& c,
                        const std::string& action) {
    Element* child = ByName(parent, c, action == "modify");
    if (!child) {
      Error(Code::INCLUDE_ALTERATION_NOT_FOUND, c,
            "names no <" + c.name + "> in the included <" + parent->name +
                "> to " + action);
    }
    return child;
  }

  // Children with their own actions, applied to the target's children.
  void EachChild(const Element& a, Path target) {
    const schema::Element* d = Describe(target);
    for (const Element& c : a.children) {
      const std::string* action = c.Attribute("action");
      if (!action) {
        Error(Code::ATTRIBUTE_MISSING, c,
              "(in <" + a.name + ">, which has no action) has no 'action' "
              "attribute");
        continue;
      }
      if (!IsAction(*action)) {
        Error(Code::INCLUDE_ALTERATION_INVALID, c,
              "action '" + *action +
                  "' is none of add, modify, remove and replace");
        continue;
      }
      Element* t = target.back();
      if (*action == "add") {
        if (!d || !schema::FindChild(v_, *d, c.name.c_str())) {
          Error(Code::INCLUDE_ALTERATION_INVALID, c,
                "adds <" + c.name + ">, which SDFormat " + v_.version +
                    " does not define in <" + a.name + ">");
          continue;
        }
        t->children.push_back(Stripped(c));
        continue;
      }
      Element* e = ChildToAlter(t, c, *action);
      if (!e) continue;
      Path child = target;
      child.push_back(e);
      if (*action == "remove") {
        Remove(c, child);
      } else if (*action == "modify") {
        Modify(c, child);
      } else {
        Replace(c, child);
      }
    }
  }

  // The alteration's attributes (but element_id and action) set on the
  // element; one its description does not have (and without a prefix,
  // which a custom attribute has) is refused.
  void ModifyAttributes(const Element& a, const Path& target) {
    const schema::Element* d = Describe(target);
    Element* e = target.back();
    for (const auto& [key, value] : a.attributes) {
      if (key == "element_id" || key == "action") continue;
      if (key.find(':') == std::string::npos &&
          !(d && schema::FindAttribute(v_, *d, key.c_str()))) {
        Error(Code::INCLUDE_ALTERATION_INVALID, a,
              "sets attribute '" + key + "', which <" + e->name +
                  "> does not have in SDFormat " + v_.version);
        continue;
      }
      bool set = false;
      for (auto& kv : e->attributes) {
        if (kv.first == key) {
          kv.second = value;
          set = true;
        }
      }
      if (!set) e->attributes.emplace_back(key, value);
    }
  }

  void Modify(const Element& a, const Path& target) {
    ModifyAttributes(a, target);
    Element* e = target.back();
    if (!a.text.empty()) {
      const schema::Element* d = Describe(target);
      if (d && d->type != schema::ValueType::kNone) e->text = a.text;
      return;
    }
    for (const Element& c : a.children) {
      Element* child = ChildToAlter(e, c, "modify");
      if (!child) continue;
      Path path = target;
      path.push_back(child);
      if (c.text.empty() && c.children.empty()) {
        // No value: the description's default.
        const schema::Element* d = Describe(path);
        if (d && d->type != schema::ValueType::kNone) {
          child->text = d->default_value;
          ModifyAttributes(c, path);
        }
        continue;
      }
      Modify(c, path);
    }
  }

  void Remove(const Element& a, const Path& target) {
    Element* e = target.back();
    if (a.children.empty()) {
      Element* parent = target.size() > 1 ? target[target.size() - 2] : model_;
      Erase(parent, e);
      return;
    }
    for (const Element& c : a.children) {
      if (Element* child = ChildToAlter(e, c, "remove")) Erase(e, child);
    }
  }

  void Replace(const Element& a, const Path& target) {
    Element* e = target.back();
    if (e->Attribute("name") && !a.Attribute("name")) {
      Error(Code::ATTRIBUTE_MISSING, a,
            "replaces <" + e->name + " name='" + *e->Attribute("name") +
                "'> with an element without a 'name' attribute");
      return;
    }
    *e = Stripped(a);
  }

  static void Erase(Element* parent, const Element* child) {
    for (auto it = parent->children.begin(); it != parent->children.end();
         ++it) {
      if (&*it == child) {
        parent->children.erase(it);
        return;
      }
    }
  }

  const schema::Version& v_;
  const std::string params_path_;
  const Element* alteration_ = nullptr;  // the one being applied
  Element* model_;
  frames::Diagnostics& diags_;
  bool ok_ = true;
};

}  // namespace

bool ApplyAlterations(const frames::Element& params, int minor,
                      const std::string& params_path, frames::Element* model,
                      frames::Diagnostics* diags) {
  Alterer alterer(minor, params_path, model, diags);
  for (const Element& a : params.children) alterer.Alteration(a);
  return alterer.ok();
}

}  // namespace sdf_io::internal
