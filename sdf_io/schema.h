// The SDFormat description of each version 1.0 to 1.12 as compact tables:
// every element with its value type, required flag, default and min/max,
// its attributes and its child elements.
//
// Versions 1.0 to 1.9 are generated at build time (sdf_io:schema_gen) from
// the description files of Debian's sdformat-sdf package
// (/usr/share/sdformat12/1.X: root.sdf, or gazebo.sdf for 1.0 and 1.2, and
// the files they <include>). As libsdformat reads them: an <include
// filename=F> or <element ref=R> child is the root element of F (R.sdf),
// described once per version however often it is included (so model.sdf,
// which includes itself, is one element); an element with a
// <element copy_data="true"> child takes any content (//plugin). 1.1 has no
// description of its own and uses 1.0's. Versions 1.10 to 1.12 are 1.9 with
// the differences of the spec's migration notes applied
// (sdf_io/schema_delta.txt, our own table, applied by the generator); their
// tables extend the one before: element i of 1.9 is element i of 1.10, 1.11
// and 1.12, additions come after.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace sdf_io::schema {

// The `type` of an element's value or of an attribute, as the description
// files name them.
enum class ValueType : uint8_t {
  kNone,      // an element without a value
  kString,    // "string"
  kBool,      // "bool"
  kInt,       // "int"
  kUnsigned,  // "unsigned int"
  kDouble,    // "double", "float"
  kVector2d,  // "vector2d"
  kVector2i,  // "vector2i"
  kVector3,   // "vector3"
  kQuaternion,  // "quaternion"
  kPose,      // "pose"
  kColor,     // "color"
  kTime,      // "time"
};

// An element's `required`: "0" at most one, "1" exactly one, "*" any
// number, "+" at least one, "-1" deprecated.
enum class Required : uint8_t {
  kOptional,
  kOne,
  kAny,
  kOneOrMore,
  kDeprecated,
};

// Every name, default, min and max of every version, each NUL-terminated,
// in one generated array; a Text is an offset into it. The tables hold
// offsets, not pointers, so that the dynamic loader has nothing of them to
// relocate when a command starts (26,000 pointers, 90 pages it would write
// before main: issue 30).
extern const char kText[];

struct Text {
  uint32_t offset;
  const char* c_str() const { return kText + offset; }
  operator const char*() const { return c_str(); }
};

struct Attribute {
  Text name;
  ValueType type;
  bool required;
  Text default_value;
};

struct Element {
  Text name;
  ValueType type;
  Required required;
  // Any content is allowed below this element (//plugin).
  bool copy_data;
  // min/max of a number value, as written ("" when there is none).
  Text min;
  Text max;
  Text default_value;
  uint32_t first_attribute;  // into Version::attributes
  uint32_t attribute_count;
  uint32_t first_child;      // into Version::children
  uint32_t child_count;
};

struct Version {
  const char* version;  // "1.9"
  const Element* elements;
  size_t element_count;
  const Attribute* attributes;
  size_t attribute_count;
  // Indices into `elements`, each element's children contiguous.
  const uint32_t* children;
  size_t child_count;
  uint32_t root;  // <sdf> (<gazebo> for 1.0 and 1.2)
};

// "1.6" -> 6 (the minor version of a version attribute 1.x); -1 when the
// text is not of that form.
int MinorVersion(std::string_view version);

// The description of SDFormat 1.`minor` (0 to 12); nullptr for others.
const Version* ForMinor(int minor);

// Every version described, oldest first (for tests).
const Version* const* AllVersions(size_t* count);

inline const Element& Root(const Version& v) { return v.elements[v.root]; }

// The child element description named `name`, or nullptr.
const Element* FindChild(const Version& v, const Element& e,
                         std::string_view name);

// The attribute description named `name`, or nullptr.
const Attribute* FindAttribute(const Version& v, const Element& e,
                               std::string_view name);
// The same for a NUL-terminated name (no length to measure: the checker's
// lookups, one per element and attribute of a document).
const Element* FindChild(const Version& v, const Element& e, const char* name);
const Attribute* FindAttribute(const Version& v, const Element& e,
                               const char* name);

// "double", "vector3" ... as the description files write them
// ("unsigned int" for kUnsigned, "" for kNone).
const char* TypeName(ValueType t);
// The type a description file's `type` names ("float" is kDouble);
// nullopt for a name no description uses.
std::optional<ValueType> TypeFromName(std::string_view name);
// "0", "1", "*", "+", "-1".
const char* RequiredName(Required r);
std::optional<Required> RequiredFromName(std::string_view name);

}  // namespace sdf_io::schema
