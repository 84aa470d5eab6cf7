// The name lookups of schema.h, apart from schema.cc: they read the
// generated tables' text (kText, schema_tables.cc), which schema_gen, which
// links schema.cc, does not have.
#include <cstring>

#include "sdf_io/schema.h"

namespace sdf_io::schema {

namespace {

// `name` equals the NUL-terminated `candidate` (the first character
// compared first: most candidates differ there).
bool SameName(std::string_view name, const char* candidate) {
  if (name.empty()) return *candidate == '\0';
  if (*candidate != name[0]) return false;
  return std::strncmp(candidate, name.data(), name.size()) == 0 &&
         candidate[name.size()] == '\0';
}
// The same for a NUL-terminated `name`, without measuring it.
bool SameName(const char* name, const char* candidate) {
  return *candidate == *name && std::strcmp(candidate, name) == 0;
}

template <class Name>
const Element* FindChildNamed(const Version& v, const Element& e, Name name) {
  const uint32_t* c = v.children + e.first_child;
  for (uint32_t i = 0; i < e.child_count; ++i) {
    const Element& child = v.elements[c[i]];
    if (SameName(name, child.name)) return &child;
  }
  return nullptr;
}

template <class Name>
const Attribute* FindAttributeNamed(const Version& v, const Element& e,
                                    Name name) {
  const Attribute* a = v.attributes + e.first_attribute;
  for (uint32_t i = 0; i < e.attribute_count; ++i) {
    if (SameName(name, a[i].name)) return &a[i];
  }
  return nullptr;
}

}  // namespace

const Element* FindChild(const Version& v, const Element& e,
                         std::string_view name) {
  return FindChildNamed(v, e, name);
}
const Element* FindChild(const Version& v, const Element& e, const char* name) {
  return FindChildNamed(v, e, name);
}
const Attribute* FindAttribute(const Version& v, const Element& e,
                               std::string_view name) {
  return FindAttributeNamed(v, e, name);
}
const Attribute* FindAttribute(const Version& v, const Element& e,
                               const char* name) {
  return FindAttributeNamed(v, e, name);
}

}  // namespace sdf_io::schema
