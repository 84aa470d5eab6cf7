#include "sdf_io/schema_check.h"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <map>
#include <optional>
#include <system_error>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "element/beside.h"
#include "element/leading_number.h"
#include "frames/model.h"
#include "sdf_io/schema.h"

namespace sdf_io {
namespace {

using schema::ValueType;

bool IsBlank(char c) {
  // Every blank is at most ' ': most characters are settled by one test.
  return static_cast<unsigned char>(c) <= ' ' &&
         (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' ||
          c == '\v');
}

const char* SkipBlanks(const char* p, const char* end) {
  while (p < end && IsBlank(*p)) ++p;
  return p;
}

// std::stod's reading: blanks, then a number at the start of the text
// ("inf", "nan" and hexadecimal included); the rest is ignored.
bool LeadingDouble(std::string_view s, double* v) {
  const char* p = SkipBlanks(s.data(), s.data() + s.size());
  const char* end = s.data() + s.size();
  if (p < end && *p == '+') {
    ++p;
    if (p < end && (*p == '+' || *p == '-')) return false;
  }
  const auto r = frames::FromChars(p, end, *v);
  return r.ec == std::errc() && r.ptr != p;
}

// std::stoi's (or std::stoul's) reading: blanks, a sign, then digits; the
// rest is ignored. Out of the type's range is not a value.
bool LeadingInteger(std::string_view s, bool is_unsigned, double* v) {
  const char* p = SkipBlanks(s.data(), s.data() + s.size());
  const char* end = s.data() + s.size();
  bool negative = false;
  if (p < end && (*p == '+' || *p == '-')) negative = *p++ == '-';
  if (p == end || *p < '0' || *p > '9') return false;
  unsigned long long magnitude = 0;
  const auto r = std::from_chars(p, end, magnitude);
  if (r.ec != std::errc()) return false;
  const double limit = is_unsigned ? 18446744073709551615.0 : 2147483647.0;
  if (static_cast<double>(magnitude) > limit + (negative && !is_unsigned)) {
    return false;
  }
  *v = negative ? -static_cast<double>(magnitude)
                : static_cast<double>(magnitude);
  return true;
}

// One `stream >> double` (or `>> int`): blanks, then a decimal number with
// no "inf" or "nan"; reading stops at the first character that does not
// belong to it. Advances *p.
bool StreamNumber(const char** p, const char* end, bool integer, double* v) {
  const char* q = SkipBlanks(*p, end);
  if (q < end && *q == '+') ++q;
  const char* digits = q < end && *q == '-' ? q + 1 : q;
  if (digits == end || !((*digits >= '0' && *digits <= '9') ||
                         (!integer && *digits == '.'))) {
    return false;
  }
  if (integer) {
    long long i = 0;
    const auto r = std::from_chars(q, end, i);
    if (r.ec != std::errc()) return false;
    *v = static_cast<double>(i);
    *p = r.ptr;
    return true;
  }
  const auto r = frames::FromChars(q, end, *v);
  if (r.ec != std::errc() || r.ptr == q) return false;
  *p = r.ptr;
  return true;
}

// One whitespace-separated token of a pose as a finite number, read whole
// (the spec's "x y z roll pitch yaw") or, `leading`, as libsdformat 12 reads
// it with std::stod (the decimal number at its start, the rest ignored:
// "0n5" is 0; hexadecimal refused). `*rest`, when given, is what follows the
// number.
bool PoseNumber(std::string_view token, bool leading,
                std::string_view* rest = nullptr) {
  using Kind = frames::LeadingNumber::Kind;
  const frames::LeadingNumber n = frames::ReadLeadingNumber(token);
  if (n.kind == Kind::kNone || n.kind == Kind::kOutOfRange ||
      !std::isfinite(n.value)) {
    return false;
  }
  if (rest) *rest = n.rest;
  return n.rest.empty() || (leading && n.kind == Kind::kNumber);
}

// Calls f(token) for each whitespace-separated token of `s`; stops when f
// returns false. Returns whether it went through.
template <class F>
bool ForEachToken(std::string_view s, F f) {
  const char* p = s.data();
  const char* end = p + s.size();
  while ((p = SkipBlanks(p, end)) < end) {
    const char* token_end = p;
    while (token_end < end && !IsBlank(*token_end)) ++token_end;
    if (!f(std::string_view(p, token_end - p))) return false;
    p = token_end;
  }
  return true;
}

// The whitespace-separated tokens of `s`, each read by PoseNumber: how many
// there are, or -1 when one is not such a number.
int PoseNumbers(std::string_view s, bool leading) {
  int count = 0;
  const bool all = ForEachToken(s, [&](std::string_view token) {
    ++count;
    return PoseNumber(token, leading);
  });
  return all ? count : -1;
}
int WholeNumbers(std::string_view s) { return PoseNumbers(s, false); }
int LeadingNumbers(std::string_view s) { return PoseNumbers(s, true); }

// For a pose read by its leading numbers: what is ignored after which
// number, and the numbers read ("ignored: 'n5' after 0; read as 0 0 0 0
// 1.57 0").
std::string IgnoredText(std::string_view s) {
  std::string ignored, read;
  ForEachToken(s, [&](std::string_view token) {
    std::string_view rest;
    PoseNumber(token, true, &rest);
    const std::string_view number = token.substr(0, token.size() - rest.size());
    if (!rest.empty()) {
      if (!ignored.empty()) ignored += ", ";
      ignored += "'" + std::string(rest) + "' after " + std::string(number);
    }
    if (!read.empty()) read += ' ';
    read += number;
    return true;
  });
  return "ignored: " + ignored + "; read as " + read;
}

// kLenient: not what the description's type allows, but libsdformat reads
// it (a pose number with trailing text, read as the number at its start):
// a NUMBER_TRAILING_CHARACTERS warning.
enum class Verdict { kOk, kInvalid, kLenient, kTooMany, kOutOfRange };

struct Checked {
  Verdict verdict = Verdict::kOk;
  double value = 0;      // a scalar's value (for min/max)
  bool scalar = false;   // value holds one
  std::string why;       // for kInvalid, kLenient, kTooMany and kOutOfRange
};

// SDFormat's bool: true, false, 1 or 0, in any case.
bool IsBool(std::string_view text) {
  auto is = [&](std::string_view word) {
    if (text.size() != word.size()) return false;
    for (size_t i = 0; i < word.size(); ++i) {
      if (std::tolower(static_cast<unsigned char>(text[i])) != word[i]) {
        return false;
      }
    }
    return true;
  };
  return is("true") || is("false") || is("1") || is("0");
}

// A pose: 6 numbers (7 with a quaternion); more is kTooMany, a number with
// trailing text where the count is right kLenient (libsdformat reads the
// number at its start: "0n5" is 0).
Checked ParsePose(std::string_view text, bool quaternion_pose) {
  Checked c;
  const int expected = quaternion_pose ? 7 : 6;
  const int n = WholeNumbers(text);
  if (n < 0 || n < expected) {
    c.verdict = Verdict::kInvalid;
    c.why = quaternion_pose ? "is not a pose (7 finite numbers)"
                            : "is not a pose (6 finite numbers)";
    if (n < 0 && LeadingNumbers(text) == expected) {
      c.verdict = Verdict::kLenient;
      c.why = IgnoredText(text);
    }
    return c;
  }
  if (n > expected) {
    c.verdict = Verdict::kTooMany;
    c.why = std::string("has ") + std::to_string(n) +
            " numbers; a pose has " + std::to_string(expected);
  }
  return c;
}

// A color: 3 or 4 numbers, each from 0 to 1.
Checked ParseColor(std::string_view text) {
  Checked c;
  const char* p = text.data();
  const char* end = p + text.size();
  double v[5];
  int n = 0;
  while (SkipBlanks(p, end) < end) {
    double x = 0;
    if (!StreamNumber(&p, end, false, &x)) {
      c.verdict = Verdict::kInvalid;
      c.why = "is not a color (3 or 4 numbers from 0 to 1)";
      // The reader reads each token's leading number ("0.8." as 0.8, with
      // a warning): what it reads must still be in range, or the color
      // would be written out as numbers no reader takes.
      int tokens = 0;
      bool out_of_range = false;
      const bool read = ForEachToken(text, [&](std::string_view token) {
        if (++tokens > 4) return false;
        const frames::LeadingNumber r = frames::ReadLeadingNumber(token);
        if (r.kind != frames::LeadingNumber::Kind::kNumber ||
            !std::isfinite(r.value)) {
          return false;
        }
        if (!(r.value >= 0.0 && r.value <= 1.0)) out_of_range = true;
        return true;
      });
      if (read && tokens >= 3 && out_of_range) {
        c.verdict = Verdict::kOutOfRange;
        c.why = "has a component outside 0 to 1";
      }
      return c;
    }
    if (n < 5) v[n] = x;
    ++n;
  }
  if (n < 3) {
    c.verdict = Verdict::kInvalid;
    c.why = "is not a color (3 or 4 numbers from 0 to 1)";
    return c;
  }
  if (n > 4) {
    c.verdict = Verdict::kTooMany;
    c.why = "has " + std::to_string(n) + " numbers; a color has 3 or 4";
    return c;
  }
  for (int i = 0; i < n; ++i) {
    if (!(v[i] >= 0.0 && v[i] <= 1.0)) {
      c.verdict = Verdict::kOutOfRange;
      c.why = "has a component outside 0 to 1";
      return c;
    }
  }
  return c;
}

// `text` (not empty) as libsdformat's Param reads a value of type `t`.
// `quaternion_pose`: a pose with rotation_format="quat_xyzw" (7 numbers).
Checked Parse(ValueType t, std::string_view text, bool quaternion_pose) {
  Checked c;
  auto invalid = [&](const char* why) {
    c.verdict = Verdict::kInvalid;
    c.why = why;
    return c;
  };
  const char* p = text.data();
  const char* end = p + text.size();
  auto numbers = [&](int n, bool integer) {
    double v = 0;
    for (int i = 0; i < n; ++i) {
      if (!StreamNumber(&p, end, integer, &v)) return false;
    }
    return true;
  };
  switch (t) {
    case ValueType::kNone:
    case ValueType::kString:
      return c;
    case ValueType::kBool:
      if (IsBool(text)) return c;
      return invalid("is not a bool (true, false, 1 or 0)");
    case ValueType::kInt:
    case ValueType::kUnsigned:
      if (!LeadingInteger(text, t == ValueType::kUnsigned, &c.value)) {
        return invalid(t == ValueType::kInt ? "is not an int"
                                            : "is not an unsigned int");
      }
      c.scalar = true;
      return c;
    case ValueType::kDouble:
      if (!LeadingDouble(text, &c.value)) return invalid("is not a number");
      c.scalar = true;
      return c;
    case ValueType::kVector2d:
      if (!numbers(2, false)) return invalid("is not a vector2d (2 numbers)");
      return c;
    case ValueType::kVector2i:
      if (!numbers(2, true)) return invalid("is not a vector2i (2 integers)");
      return c;
    case ValueType::kVector3:
      if (!numbers(3, false)) return invalid("is not a vector3 (3 numbers)");
      return c;
    case ValueType::kQuaternion:
      if (!numbers(4, false)) return invalid("is not a quaternion (4 numbers)");
      return c;
    case ValueType::kTime:
      if (!numbers(2, true)) {
        return invalid("is not a time (seconds and nanoseconds, 2 integers)");
      }
      return c;
    case ValueType::kPose:
      return ParsePose(text, quaternion_pose);
    case ValueType::kColor:
      return ParseColor(text);
  }
  return c;
}

// Values and attributes the reader parses itself and reports on (as
// `parent`'s child element or attribute `name`; "" for any parent): only
// their range and extra numbers are checked here.
struct ReaderRead {
  const char* parent;  // nullptr: the root, whose values the reader reads
  const char* name;    // but its version
  // Whether the reader reads this (looked up only when a value fails).
  bool Reads() const;
};

constexpr ReaderRead kReaderRead[] = {
    // Poses of what the reader models (ReadPose), 1.0's <origin pose>.
    {"model", "pose"}, {"link", "pose"}, {"joint", "pose"},
    {"frame", "pose"}, {"visual", "pose"}, {"collision", "pose"},
    {"inertial", "pose"}, {"include", "pose"}, {"origin", "pose"},
    {"pose", "rotation_format"}, {"pose", "degrees"},
    // Inertials, shapes, materials.
    {"inertial", "mass"}, {"inertial", "auto"},
    {"inertia", "ixx"}, {"inertia", "ixy"}, {"inertia", "ixz"},
    {"inertia", "iyy"}, {"inertia", "iyz"}, {"inertia", "izz"},
    {"box", "size"}, {"cylinder", "radius"}, {"cylinder", "length"},
    {"capsule", "radius"}, {"capsule", "length"}, {"sphere", "radius"},
    {"ellipsoid", "radii"}, {"plane", "normal"}, {"plane", "size"},
    {"mesh", "scale"},
    {"material", "ambient"}, {"material", "diffuse"},
    {"material", "specular"}, {"material", "emissive"},
    // Joints.
    {"joint", "type"}, {"axis", "xyz"}, {"axis2", "xyz"},
    {"axis", "use_parent_model_frame"}, {"axis2", "use_parent_model_frame"},
    {"limit", "lower"}, {"limit", "upper"}, {"limit", "effort"},
    {"limit", "velocity"}, {"dynamics", "damping"}, {"dynamics", "friction"},
    {"mimic", "joint"}, {"mimic", "multiplier"}, {"mimic", "offset"},
    {"mimic", "reference"},
    // Models, includes, names, the version.
    {"model", "static"}, {"include", "static"}, {"include", "merge"},
    {"model", "name"}, {"link", "name"}, {"joint", "name"},
    {"frame", "name"}, {"visual", "name"}, {"collision", "name"},
    {"world", "name"}, {"sdf", "version"}, {"gazebo", "version"},
};

bool ReaderRead::Reads() const {
  if (!parent) return false;
  for (const ReaderRead& r : kReaderRead) {
    if (std::strcmp(r.name, name) == 0 && std::strcmp(r.parent, parent) == 0) {
      return true;
    }
  }
  return false;
}

// The newest version described (and read); libsdformat 12's newest.
constexpr int kNewestMinor = 12;
constexpr int kLibsdformatMinor = 9;

bool HasPrefix(const char* name) { return std::strchr(name, ':') != nullptr; }

// One element's description in three versions (each nullptr when that
// version lacks it):
//  - `declared`: the document's version;
//  - `target`: the version the document is read as, max(declared, 1.9):
//    libsdformat 12 migrates every document to 1.9 before it checks it, so
//    1.9's types, ranges and required attributes apply where 1.9 has the
//    element (1.9 lowered //camera/clip/far's minimum and dropped
//    //friction/ode/mu's maximum, which older files rely on);
//  - `newest`: 1.12, whose constructs the reader reads in every version
//    (a //world/joint in a 1.9 file), so they are not unknown. Looked up
//    only for what neither of the others has (and held only then).
// An element is checked by the first of target, declared, newest that has it.
//
// The declared version's element is looked up only when it is needed (the
// target lacks the element, or a descendant's, or an attribute is unknown):
// most elements of an older document are in 1.9, and the lookup by name is
// most of the check's cost. Until then `pending_parent` is set: d[0] is the
// child `pending_name` of pending_parent's declared element. A Described
// refers to its parent's, which outlives it (both live on the recursion's
// stack).
struct Described {
  const schema::Version* v[3];
  mutable const schema::Element* d[3];
  mutable const Described* pending_parent = nullptr;
  const char* pending_name = nullptr;

  const schema::Element* Declared() const {
    if (pending_parent) {
      const schema::Element* p = pending_parent->Declared();
      d[0] = p ? schema::FindChild(*v[0], *p, pending_name) : nullptr;
      pending_parent = nullptr;
    }
    return d[0];
  }
  int Effective() const { return d[1] ? 1 : Declared() ? 0 : 2; }
  Described Child(const char* name) const {
    Described c{{v[0], v[1], v[2]}, {nullptr, nullptr, nullptr}};
    if (d[1]) c.d[1] = schema::FindChild(*v[1], *d[1], name);
    if (v[0] == v[1]) {
      // A 1.9 document's declared version is its target: the same child.
      c.d[0] = c.d[1];
    } else if (c.d[1]) {
      c.pending_parent = this;
      c.pending_name = name;
    } else if (const schema::Element* p = Declared()) {
      c.d[0] = schema::FindChild(*v[0], *p, name);
    }
    if (c.d[0] || c.d[1]) return c;  // newest: derived from target's when needed
    // Only the newest may have it. The tables of 1.10 to 1.12 extend the one
    // before (schema.h), so the target's element at index i is the newest's.
    const schema::Element* parent =
        d[2] ? d[2] : d[1] ? &v[2]->elements[d[1] - v[1]->elements] : nullptr;
    if (parent) c.d[2] = schema::FindChild(*v[2], *parent, name);
    return c;
  }
  bool Known() const { return d[1] || d[2] || Declared(); }
};

// How the checker walks a tree: a document read (xml::Node) or an element
// copied into SDFormat from elsewhere (frames::Element: a URDF <gazebo>
// block's content), each diagnostic at the node's own file and line.
struct XmlTree {
  using Node = xml::Node;
  static const char* Name(const Node* n) { return n->Name(); }
  static const char* Attribute(const Node* n, const char* name) {
    return n->Attribute(name);
  }
  template <class F>
  static void ForEachAttribute(const Node* n, F f) {
    for (const xml::Attr* a = n->FirstAttribute(); a; a = a->Next()) {
      f(a->Name(), std::string_view(a->Value()));
    }
  }
  static std::string_view Text(const Node* n) { return xml::Text(n); }
  template <class F>
  static void ForEachChild(const Node* n, F f) {
    for (const Node* c = n->FirstChildElement(); c;
         c = c->NextSiblingElement()) {
      f(c);
    }
  }
  static frames::SourceLocation Where(const Node* n, const xml::Context& ctx) {
    return ctx.At(n);
  }
};

struct ElementTree {
  using Node = frames::Element;
  static const char* Name(const Node* n) { return n->name.c_str(); }
  static const char* Attribute(const Node* n, const char* name) {
    for (const auto& [key, value] : n->attributes) {
      if (key == name) return value.c_str();
    }
    return nullptr;
  }
  template <class F>
  static void ForEachAttribute(const Node* n, F f) {
    for (const auto& [key, value] : n->attributes) {
      f(key.c_str(), std::string_view(value));
    }
  }
  static std::string_view Text(const Node* n) { return n->text; }
  template <class F>
  static void ForEachChild(const Node* n, F f) {
    for (const Node& c : n->children) f(&c);
  }
  static frames::SourceLocation Where(const Node* n, const xml::Context&) {
    return n->where;
  }
};

// `Tree` is XmlTree or ElementTree. `copied`: the root checked is an
// element copied into a document (CheckCopiedElement), whose values the
// reader has not read: every value is checked, none left to the reader.
template <class Tree>
class Checker {
 public:
  using Node = typename Tree::Node;

  Checker(const xml::Context& ctx, bool copied, std::string path_prefix)
      : ctx_(ctx), copied_(copied), path_prefix_(std::move(path_prefix)) {}

  void Element(const Node* n, const Described& at) {
    const int e = at.Effective();
    const schema::Version& v = *at.v[e];
    const schema::Element& d = *at.d[e];
    stack_.push_back(n);
    described_.push_back(&d);
    Attributes(n, at, v, d);
    if (d.type != ValueType::kNone) {
      const size_t depth = stack_.size();
      const Node* parent = depth > 1 ? stack_[depth - 2] : nullptr;
      const char* format = d.type == ValueType::kPose
                               ? Tree::Attribute(n, "rotation_format")
                               : nullptr;
      const bool quaternion = format && std::strcmp(format, "quat_xyzw") == 0;
      // (A rotation_format of neither kind the reader reports.)
      if (!format || quaternion || std::strcmp(format, "euler_rpy") == 0) {
        // (Below the root, every element on the stack was found by its
        // name: its description names the parent.)
        Value(n, nullptr, Tree::Text(n), d.type,
              d.required == schema::Required::kOne,
              Reads({parent ? Tree::Name(parent) : nullptr, Tree::Name(n)},
                    depth > 2 ? described_[depth - 2] : nullptr, &d),
              d.min, d.max, quaternion, v);
      }
    }
    if (!d.copy_data) {
      Tree::ForEachChild(n, [&](const Node* c) {
        const char* name = Tree::Name(c);
        // (No description names an element with a prefix: looked up first,
        // as most elements are known.)
        const Described child = at.Child(name);
        if (child.Known()) {
          Element(c, child);
        } else if (HasPrefix(name)) {
          // a custom element
        } else if (!(!copied_ && stack_.size() == 1 &&
                     std::strcmp(name, "include") == 0)) {
          // (A root-level <include> is read as the model it includes.)
          stack_.push_back(c);
          Report(frames::Severity::kWarning, frames::Code::ELEMENT_UNKNOWN, c,
                 std::string("<") + name + "> is not an element of <" +
                     Tree::Name(n) + "> in SDFormat " + at.v[0]->version +
                     "; it is kept as written");
          stack_.pop_back();
        }
      });
    }
    stack_.pop_back();
    described_.pop_back();
  }

 private:
  void Attributes(const Node* n, const Described& at,
                  const schema::Version& v, const schema::Element& d) {
    Tree::ForEachAttribute(n, [&](const char* name, std::string_view value) {
      // xmlns:..., custom attributes (the spec allows them with a prefix),
      // and the default namespace's declaration, which is XML's own.
      // (No description names an attribute with a prefix: looked up first.)
      const schema::Attribute* ad = schema::FindAttribute(v, d, name);
      if (ad) {
        Value(n, name, value, ad->type, ad->required,
              Reads({Tree::Name(n), name},
                    stack_.size() > 1 ? described_.back() : nullptr, ad),
              "", "", false, v);
      } else if (!HasPrefix(name) && std::strcmp(name, "xmlns") != 0 &&
                 !KnownInAnother(at, name)) {
        UnknownAttribute(n, name, at);
      }
    });
    const schema::Attribute* ad = v.attributes + d.first_attribute;
    for (uint32_t i = 0; i < d.attribute_count; ++i) {
      if (!ad[i].required || Tree::Attribute(n, ad[i].name) ||
          Reads({Tree::Name(n), ad[i].name})) {
        continue;
      }
      Report(frames::Severity::kError, frames::Code::ATTRIBUTE_MISSING, n,
             std::string("<") + Tree::Name(n) + "> has no '" + ad[i].name.c_str() +
                 "' attribute (required in SDFormat " + v.version + ")");
    }
  }

  // Whether a version other than the one checking the element has the
  // attribute (1.0's attribute forms, a newer version's addition).
  static bool KnownInAnother(const Described& at, const char* name) {
    const schema::Element* d[3] = {at.Declared(), at.d[1], at.d[2]};
    for (int k = 0; k < 3; ++k) {
      if (d[k] && schema::FindAttribute(*at.v[k], *d[k], name)) return true;
    }
    return false;
  }

  // An attribute no version describes there: a warning (libsdformat warns
  // too). What is kept as written keeps it; the elements the converter
  // models (links, visuals, joints ...) do not hold attributes, as
  // libsdformat's do not. (A model's the reader warns about itself, and
  // keeps: ATTRIBUTE_KEPT.)
  void UnknownAttribute(const Node* n, const char* name, const Described& at) {
    if (!copied_ && std::strcmp(Tree::Name(n), "model") == 0) return;
    Report(frames::Severity::kWarning, frames::Code::ATTRIBUTE_UNKNOWN, n,
           std::string("<") + Tree::Name(n) + "> attribute '" + name +
               "' is not an attribute of <" + Tree::Name(n) + "> in SDFormat " +
               at.v[0]->version + "; nothing reads it");
  }

  // Whether the reader reads (and reports on) this value; never for a
  // copied element, which the reader has not read.
  bool Reads(const ReaderRead& as_read) const {
    return !copied_ && as_read.Reads();
  }
  // The same, remembered by the descriptions that name the value: the
  // parent's element and the value's element or attribute (`owner`
  // nullptr: not remembered, as at the root, whose name is not its
  // description's).
  bool Reads(const ReaderRead& as_read, const schema::Element* owner,
             const void* value) {
    if (copied_) return false;
    if (!owner) return as_read.Reads();
    // A document asks of the same few (owner, value) pairs again and again
    // (every link's <pose>, every inertia's <ixx> ...): a slot chosen by
    // the two pointers answers most, compared exactly; the map keeps every
    // answer for the pairs that share a slot.
    const uintptr_t a = reinterpret_cast<uintptr_t>(owner);
    const uintptr_t b = reinterpret_cast<uintptr_t>(value);
    ReadsSlot& slot = reads_slots_[((a >> 3) * 31 + (b >> 2)) % kReadsSlots];
    if (slot.owner == owner && slot.value == value) return slot.reads;
    const auto [it, added] = reads_.try_emplace({owner, value}, false);
    if (added) it->second = as_read.Reads();
    slot = {owner, value, it->second};
    return it->second;
  }

  // Whether the reader's own reading of a value it reads decides every
  // verdict the check could give (kInvalid and kLenient it reports itself):
  // nothing to parse here. Left to check: a pose's extra numbers
  // (kTooMany), a number's range, a color's (not read so) everything.
  static bool ReaderDecides(ValueType type, std::string_view text,
                            bool quaternion, const char* min,
                            const char* max) {
    switch (type) {
      case ValueType::kPose: {
        // More tokens than a pose has: kTooMany when all are numbers
        // (counting stops at the first one too many).
        const int limit = quaternion ? 7 : 6;
        int tokens = 0;
        ForEachToken(text, [&](std::string_view) { return ++tokens <= limit; });
        return tokens <= limit;
      }
      case ValueType::kDouble:
      case ValueType::kInt:
      case ValueType::kUnsigned:
        return !*min && !*max;
      case ValueType::kColor:
        return false;
      default:
        return true;
    }
  }

  // The value of element `n` (attr == nullptr) or of its attribute `attr`.
  // `reads`: Reads() of the value.
  void Value(const Node* n, const char* attr, std::string_view text,
             ValueType type, bool required, bool reads, const char* min,
             const char* max, bool quaternion, const schema::Version& v) {
    if (text.find_first_not_of(" \t\r\n") == std::string_view::npos) {
      // Empty: the default, unless the description requires a value (the
      // reader reads an empty value as the default too, but reports empty
      // names itself).
      if (required && !(attr && reads)) {
        Report(frames::Severity::kError, frames::Code::VALUE_INVALID, n,
               What(n, attr) + " is empty; SDFormat " + v.version +
                   " requires a " + schema::TypeName(type) + " value");
      }
      return;
    }
    if (reads && ReaderDecides(type, text, quaternion, min, max)) return;
    Checked c = Parse(type, text, quaternion);
    if (c.verdict == Verdict::kOk && c.scalar) {
      double bound = 0;
      if (*min && LeadingDouble(min, &bound) && c.value < bound) {
        c.verdict = Verdict::kOutOfRange;
        c.why = std::string("is less than the minimum ") + min;
      } else if (*max && LeadingDouble(max, &bound) && c.value > bound) {
        c.verdict = Verdict::kOutOfRange;
        c.why = std::string("is more than the maximum ") + max;
      }
    }
    if (c.verdict == Verdict::kOk) return;
    // What the reader parses it reports itself when it cannot.
    if ((c.verdict == Verdict::kInvalid || c.verdict == Verdict::kLenient) &&
        reads) {
      return;
    }
    const std::string quoted = What(n, attr) + " '" +
                               std::string(text.substr(0, 60)) +
                               (text.size() > 60 ? "..." : "") + "'";
    if (c.verdict == Verdict::kLenient) {
      // Read as libsdformat reads it; kept as written (the element is), so
      // that libsdformat reads the output as it read the input.
      Report(frames::Severity::kWarning,
             frames::Code::NUMBER_TRAILING_CHARACTERS, n,
             quoted + ": " + c.why + ", as libsdformat reads it");
      return;
    }
    Report(frames::Severity::kError,
           c.verdict == Verdict::kOutOfRange ? frames::Code::VALUE_OUT_OF_RANGE
                                             : frames::Code::VALUE_INVALID,
           n, quoted + " " + c.why);
  }

  static std::string What(const Node* n, const char* attr) {
    return attr ? std::string("<") + Tree::Name(n) + "> attribute '" + attr + "'"
                : std::string("<") + Tree::Name(n) + ">";
  }

  std::string Path() const {
    std::string path = path_prefix_;
    for (const Node* n : stack_) {
      xml::AppendPathStep(&path, Tree::Name(n), Tree::Attribute(n, "name"));
    }
    return path;
  }

  void Report(frames::Severity severity, frames::Code code, const Node* n,
              const std::string& message) {
    frames::Diagnostic d;
    d.severity = severity;
    d.code = code;
    d.element_path = Path();
    d.message = d.element_path + ": " + message;
    d.where = Tree::Where(n, ctx_);
    ctx_.diags->Add(std::move(d));
  }

  const xml::Context& ctx_;
  const bool copied_;
  const std::string path_prefix_;
  std::vector<const Node*> stack_;
  // Each node's description on stack_ (the effective version's).
  std::vector<const schema::Element*> described_;
  struct PairHash {
    size_t operator()(const std::pair<const void*, const void*>& p) const {
      return std::hash<const void*>()(p.first) * 31 +
             std::hash<const void*>()(p.second);
    }
  };
  std::unordered_map<std::pair<const void*, const void*>, bool, PairHash>
      reads_;
  struct ReadsSlot {
    const void* owner = nullptr;
    const void* value = nullptr;
    bool reads = false;
  };
  static constexpr size_t kReadsSlots = 256;
  ReadsSlot reads_slots_[kReadsSlots];
};

// At most one model, light or actor at the root; worlds uniquely named.
void CheckRoot(const xml::Node* root, const xml::Context& ctx) {
  const xml::Node* first = nullptr;
  std::map<std::string, int> worlds;
  for (const xml::Node* c = root->FirstChildElement(); c;
       c = c->NextSiblingElement()) {
    if (xml::Is(c, "model") || xml::Is(c, "light") || xml::Is(c, "actor")) {
      if (!first) {
        first = c;
      } else {
        frames::Diagnostic d;
        d.code = frames::Code::SDF_ROOT_MULTIPLE;
        d.element_path = xml::ElementPath(c);
        d.message = d.element_path + ": a document holds at most one model, "
                    "light or actor at its root; <" + first->Name() +
                    "> at line " + std::to_string(first->GetLineNum()) +
                    " is one already";
        d.where = ctx.At(c);
        ctx.diags->Add(std::move(d));
      }
    } else if (xml::Is(c, "world") && c->Attribute("name")) {
      const std::string name = c->Attribute("name");
      auto [it, added] = worlds.emplace(name, c->GetLineNum());
      if (!added) {
        frames::Diagnostic d;
        d.code = frames::Code::DUPLICATE_NAME;
        d.element_path = xml::ElementPath(c);
        d.message = d.element_path + ": world name '" + name +
                    "' is already used by the world at line " +
                    std::to_string(it->second);
        d.where = ctx.At(c);
        ctx.diags->Add(std::move(d));
      }
    }
  }
}

}  // namespace

void CheckAgainstSchema(const xml::Node* root, int minor,
                        const xml::Context& ctx) {
  const schema::Version* v = schema::ForMinor(minor);
  if (!v || !root) return;
  const schema::Version* target =
      schema::ForMinor(minor < kLibsdformatMinor ? kLibsdformatMinor : minor);
  const schema::Version* newest = schema::ForMinor(kNewestMinor);
  CheckRoot(root, ctx);
  Checker<XmlTree>(ctx, /*copied=*/false, "").Element(
      root, {{v, target, newest},
             {&schema::Root(*v), &schema::Root(*target), &schema::Root(*newest)}});
}

SchemaCheck::SchemaCheck(const xml::Node* root, int minor,
                         const xml::Context& ctx, bool concurrent)
    : diags_(ctx.diags), start_(ctx.diags->all().size()), own_(ctx) {
  own_.diags = &found_;
  if (concurrent) {
    // (No thread to be had: checked here and now into found_, which Finish
    // puts at start_ all the same.)
    running_ = frames::RunBeside(
        [this, root, minor] { CheckAgainstSchema(root, minor, own_); });
    return;
  }
  CheckAgainstSchema(root, minor, ctx);
}

SchemaCheck::~SchemaCheck() {
  if (running_.valid()) running_.wait();
}

void SchemaCheck::Finish() {
  if (!running_.valid()) return;
  running_.get();
  if (found_.all().empty()) return;
  // found_ goes in at start_: rebuilt, as Diagnostics only appends.
  const std::vector<frames::Diagnostic>& all = diags_->all();
  frames::Diagnostics merged;
  for (size_t i = 0; i < start_ && i < all.size(); ++i) merged.Add(all[i]);
  merged.Append(found_);
  for (size_t i = start_; i < all.size(); ++i) merged.Add(all[i]);
  *diags_ = std::move(merged);
  found_ = frames::Diagnostics();
}

bool CheckCopiedElement(const frames::Element& e,
                        std::initializer_list<const char*> parent,
                        int minor, const std::string& parent_path,
                        frames::Diagnostics* diags) {
  const schema::Version* v = schema::ForMinor(minor);
  if (!v) return true;
  const schema::Version* target =
      schema::ForMinor(minor < kLibsdformatMinor ? kLibsdformatMinor : minor);
  const schema::Version* newest = schema::ForMinor(kNewestMinor);
  Described at{{v, target, newest},
               {&schema::Root(*v), &schema::Root(*target),
                &schema::Root(*newest)}};
  // Each step resolved before it replaces the one it refers to.
  for (const char* name : parent) {
    Described next = at.Child(name);
    next.Declared();
    at = next;
    if (!at.Known()) return true;
  }
  Described next = at.Child(e.name.c_str());
  next.Declared();
  at = next;
  if (!at.Known()) return true;
  frames::Diagnostics found;
  const xml::Context ctx{e.where.file, &found};
  Checker<ElementTree>(ctx, /*copied=*/true, parent_path).Element(&e, at);
  bool ok = true;
  for (const frames::Diagnostic& d : found.all()) {
    // Of the warnings, only a number read as its leading number is
    // reported: unknown elements are kept as written without one.
    if (d.severity == frames::Severity::kWarning &&
        d.code != frames::Code::NUMBER_TRAILING_CHARACTERS) {
      continue;
    }
    if (d.severity == frames::Severity::kError) ok = false;
    diags->Add(d);
  }
  return ok;
}

}  // namespace sdf_io
