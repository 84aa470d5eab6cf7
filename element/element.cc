#include "element/element.h"

#include <utility>

namespace frames {

const std::string* Element::Attribute(const std::string& key) const {
  for (const auto& [k, v] : attributes) {
    if (k == key) return &v;
  }
  return nullptr;
}

Element Element::Leaf(std::string name, std::string text, SourceLocation where) {
  Element e;
  e.name = std::move(name);
  e.text = std::move(text);
  e.where = std::move(where);
  return e;
}

const Element* Element::Child(const std::string& name) const {
  for (const Element& c : children) {
    if (c.name == name) return &c;
  }
  return nullptr;
}

Element* Element::Child(const std::string& name) {
  return const_cast<Element*>(static_cast<const Element&>(*this).Child(name));
}

}  // namespace frames
