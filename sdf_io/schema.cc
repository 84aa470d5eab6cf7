#include "sdf_io/schema.h"

#include <cstring>

namespace sdf_io::schema {
namespace {

struct TypeNameEntry {
  const char* name;
  ValueType type;
};

// Every `type` the description files use (1.0 to 1.9).
constexpr TypeNameEntry kTypeNames[] = {
    {"string", ValueType::kString},     {"bool", ValueType::kBool},
    {"int", ValueType::kInt},           {"unsigned int", ValueType::kUnsigned},
    {"double", ValueType::kDouble},     {"float", ValueType::kDouble},
    {"vector2d", ValueType::kVector2d}, {"vector2i", ValueType::kVector2i},
    {"vector3", ValueType::kVector3},   {"quaternion", ValueType::kQuaternion},
    {"pose", ValueType::kPose},         {"color", ValueType::kColor},
    {"time", ValueType::kTime},
};

struct RequiredNameEntry {
  const char* name;
  Required required;
};

constexpr RequiredNameEntry kRequiredNames[] = {
    {"0", Required::kOptional},  {"1", Required::kOne},
    {"*", Required::kAny},       {"+", Required::kOneOrMore},
    {"-1", Required::kDeprecated},
};

}  // namespace

int MinorVersion(std::string_view v) {
  if (v.size() < 3 || v.compare(0, 2, "1.") != 0) return -1;
  int minor = 0;
  for (size_t i = 2; i < v.size(); ++i) {
    if (v[i] < '0' || v[i] > '9' || minor > 1000) return -1;
    minor = minor * 10 + (v[i] - '0');
  }
  return minor;
}

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

const char* TypeName(ValueType t) {
  for (const auto& entry : kTypeNames) {
    if (entry.type == t) return entry.name;
  }
  return "";
}

std::optional<ValueType> TypeFromName(std::string_view name) {
  for (const auto& entry : kTypeNames) {
    if (name == entry.name) return entry.type;
  }
  return std::nullopt;
}

const char* RequiredName(Required r) {
  for (const auto& entry : kRequiredNames) {
    if (entry.required == r) return entry.name;
  }
  return "";
}

std::optional<Required> RequiredFromName(std::string_view name) {
  for (const auto& entry : kRequiredNames) {
    if (name == entry.name) return entry.required;
  }
  return std::nullopt;
}

}  // namespace sdf_io::schema
