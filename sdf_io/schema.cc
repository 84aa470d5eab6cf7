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
