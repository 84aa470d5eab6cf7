// Build-time generator of sdf_io/schema.h's tables (run by the genrule
// //sdf_io:schema_tables):
//
//   schema_gen OUT.cc DELTA.txt DESCRIPTION_FILE...
//
// DESCRIPTION_FILEs are the SDFormat description files of Debian's
// sdformat-sdf package (/usr/share/sdformat12/1.X/*.sdf); their directory's
// name is the version. Each version is read from its root.sdf (gazebo.sdf
// for 1.0 and 1.2) as libsdformat's sdf::init reads it: <element> with
// name, type, required, default, min and max; <attribute> with name, type,
// required and default; <include filename=F> and <element ref=R> as the
// root element of F (R.sdf), each file described once per version;
// <element copy_data="true"> as "any content". DELTA.txt (our own table)
// then describes 1.10, 1.11 and 1.12 as changes to the version before.
// Errors (a missing file, a description without a name ...) print
// `file:line: error: ...` and exit 1, so the build stops.
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "diag/diagnostics.h"
#include "sdf_io/schema.h"
#include "xml/dom.h"
#include "xml/reader.h"

namespace {

using sdf_io::schema::Required;
using sdf_io::schema::ValueType;

struct GenAttribute {
  std::string name;
  ValueType type = ValueType::kString;
  bool required = false;
  std::string default_value;
};

struct GenElement {
  std::string name;
  ValueType type = ValueType::kNone;
  Required required = Required::kOptional;
  bool copy_data = false;
  std::string min, max, default_value;
  std::vector<GenAttribute> attributes;
  std::vector<int> children;
};

struct GenVersion {
  std::string version;  // "1.9"
  std::string dir;      // where its description files are
  std::vector<GenElement> elements;
  std::map<std::string, int> file_element;  // file name -> element
  std::vector<std::string> missing;         // included, not installed
  int root = -1;
};

[[noreturn]] void Fail(const std::string& message) {
  std::cerr << "schema_gen: error: " << message << "\n";
  std::exit(1);
}

std::string Where(const std::string& file, const xml::Node* n) {
  return file + ":" + std::to_string(n ? n->GetLineNum() : 0);
}

class DescriptionReader {
 public:
  explicit DescriptionReader(GenVersion* v) : v_(v) {}

  // The element described by `file` (read once); -1 when an included file
  // is not there: Debian's package lacks 1.7 to 1.9's navsat.sdf, which
  // libsdformat 12 then skips too (so <navsat> is unknown to both).
  int LoadFile(const std::string& file, bool is_root = false) {
    auto it = v_->file_element.find(file);
    if (it != v_->file_element.end()) return it->second;
    const std::string path = v_->dir + "/" + file;
    if (!is_root && !std::ifstream(path)) {
      v_->missing.push_back(file);
      v_->file_element[file] = -1;
      return -1;
    }
    frames::Diagnostics diags;
    auto text = xml::ReadFile(path, &diags);
    auto doc = std::make_unique<xml::Document>();
    if (!text || !xml::Parse(*text, path, doc.get(), &diags)) {
      Fail(diags.ToString());
    }
    const xml::Node* root = doc->RootElement();
    if (!root || !xml::Is(root, "element")) {
      Fail(Where(path, root) + ": the description is not an <element>");
    }
    // Known before its contents are read: model.sdf includes itself.
    const int index = NewElement();
    v_->file_element[file] = index;
    FillElement(root, path, index);
    docs_.push_back(std::move(doc));
    return index;
  }

 private:
  int NewElement() {
    v_->elements.emplace_back();
    return static_cast<int>(v_->elements.size()) - 1;
  }

  void FillElement(const xml::Node* e, const std::string& path, int index) {
    GenElement g;
    const char* name = e->Attribute("name");
    const char* required = e->Attribute("required");
    if (!name || !required) {
      Fail(Where(path, e) + ": <element> without name or required");
    }
    g.name = name;
    auto r = sdf_io::schema::RequiredFromName(required);
    if (!r) Fail(Where(path, e) + ": unknown required='" + required + "'");
    g.required = *r;
    if (const char* type = e->Attribute("type")) {
      auto t = sdf_io::schema::TypeFromName(type);
      if (!t) Fail(Where(path, e) + ": unknown type='" + type + "'");
      g.type = *t;
    }
    if (const char* d = e->Attribute("default")) g.default_value = d;
    if (const char* m = e->Attribute("min")) g.min = m;
    if (const char* m = e->Attribute("max")) g.max = m;
    for (const xml::Node* c = e->FirstChildElement(); c;
         c = c->NextSiblingElement()) {
      if (xml::Is(c, "attribute")) {
        g.attributes.push_back(ReadAttribute(c, path));
      } else if (xml::Is(c, "element")) {
        const char* copy = c->Attribute("copy_data");
        if (copy && (std::string(copy) == "true" || std::string(copy) == "1")) {
          g.copy_data = true;
        } else if (const char* ref = c->Attribute("ref")) {
          const int child = LoadFile(std::string(ref) + ".sdf");
          if (child >= 0) g.children.push_back(child);
        } else {
          const int child = NewElement();
          FillElement(c, path, child);
          g.children.push_back(child);
        }
      } else if (xml::Is(c, "include")) {
        const char* file = c->Attribute("filename");
        if (!file) Fail(Where(path, c) + ": <include> without filename");
        const int child = LoadFile(file);
        if (child >= 0) g.children.push_back(child);
      }
    }
    v_->elements[index] = std::move(g);
  }

  GenAttribute ReadAttribute(const xml::Node* a, const std::string& path) {
    GenAttribute g;
    const char* name = a->Attribute("name");
    const char* type = a->Attribute("type");
    const char* required = a->Attribute("required");
    if (!name || !type || !required) {
      Fail(Where(path, a) + ": <attribute> without name, type or required");
    }
    g.name = name;
    auto t = sdf_io::schema::TypeFromName(type);
    if (!t) Fail(Where(path, a) + ": unknown type='" + type + "'");
    g.type = *t;
    g.required = std::string(required) == "1";
    if (const char* d = a->Attribute("default")) g.default_value = d;
    return g;
  }

  GenVersion* v_;
  std::vector<std::unique_ptr<xml::Document>> docs_;
};

// --- The delta table (schema_delta.txt) -----------------------------------

std::vector<std::string> Fields(const std::string& line) {
  std::vector<std::string> out;
  std::istringstream in(line);
  std::string f;
  while (in >> f) out.push_back(f == "-" ? std::string() : f);
  return out;
}

// The element at `path` ("/sdf/model/link"), or a failure naming the line.
int Resolve(const GenVersion& v, const std::string& path,
            const std::string& where) {
  int at = v.root;
  std::istringstream in(path);
  std::string part;
  bool first = true;
  while (std::getline(in, part, '/')) {
    if (part.empty()) continue;
    if (first) {
      if (part != v.elements[at].name) Fail(where + ": no root " + part);
      first = false;
      continue;
    }
    int next = -1;
    for (int c : v.elements[at].children) {
      if (v.elements[c].name == part) next = c;
    }
    if (next < 0) Fail(where + ": " + path + " names nothing (at " + part + ")");
    at = next;
  }
  return at;
}

ValueType DeltaType(const std::string& name, const std::string& where) {
  if (name.empty()) return ValueType::kNone;
  // Type names with a space are written with '_' in the delta table.
  std::string n = name;
  std::replace(n.begin(), n.end(), '_', ' ');
  auto t = sdf_io::schema::TypeFromName(n);
  if (!t) Fail(where + ": unknown type " + name);
  return *t;
}

Required DeltaRequired(const std::string& name, const std::string& where) {
  auto r = sdf_io::schema::RequiredFromName(name);
  if (!r) Fail(where + ": unknown required " + name);
  return *r;
}

// Applies the lines of `delta` for `version` to `v`.
void ApplyDelta(const std::string& delta_path, const std::string& version,
                GenVersion* v) {
  std::ifstream in(delta_path);
  if (!in) Fail("cannot read " + delta_path);
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    const std::string where = delta_path + ":" + std::to_string(number);
    if (line.empty() || line[0] == '#') continue;
    auto f = Fields(line);
    if (f.size() < 3) Fail(where + ": too few fields");
    if (f[0] != version) continue;
    const std::string& op = f[1];
    const int at = Resolve(*v, f[2], where);
    auto need = [&](size_t n) {
      if (f.size() != n) Fail(where + ": '" + op + "' takes " +
                              std::to_string(n) + " fields");
    };
    if (op == "element" || op == "open") {
      need(op == "element" ? 7 : 5);
      GenElement e;
      e.name = f[3];
      if (op == "element") {
        e.type = DeltaType(f[4], where);
        e.required = DeltaRequired(f[5], where);
        e.default_value = f[6];
      } else {
        e.required = DeltaRequired(f[4], where);
        e.copy_data = true;
      }
      v->elements.push_back(std::move(e));
      v->elements[at].children.push_back(
          static_cast<int>(v->elements.size()) - 1);
    } else if (op == "ref") {
      need(5);
      auto file = v->file_element.find(f[4]);
      if (file == v->file_element.end() || file->second < 0) {
        Fail(where + ": no " + f[4]);
      }
      if (v->elements[file->second].name != f[3]) {
        Fail(where + ": " + f[4] + " describes <" +
             v->elements[file->second].name + ">, not <" + f[3] + ">");
      }
      v->elements[at].children.push_back(file->second);
    } else if (op == "attribute") {
      need(7);
      GenAttribute a;
      a.name = f[3];
      a.type = DeltaType(f[4], where);
      a.required = f[5] == "1";
      a.default_value = f[6];
      v->elements[at].attributes.push_back(a);
    } else if (op == "attribute-required") {
      need(5);
      bool found = false;
      for (auto& a : v->elements[at].attributes) {
        if (a.name == f[3]) {
          a.required = f[4] == "1";
          found = true;
        }
      }
      if (!found) Fail(where + ": no attribute " + f[3]);
    } else if (op == "default") {
      need(4);
      v->elements[at].default_value = f[3];
    } else {
      Fail(where + ": unknown operation " + op);
    }
  }
}

// --- Output ----------------------------------------------------------------

std::string Quoted(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\%03o", c);
          out += buf;
        } else {
          out += c;
        }
    }
  }
  return out + "\"";
}

const char* TypeEnumerator(ValueType t) {
  switch (t) {
    case ValueType::kNone: return "kNone";
    case ValueType::kString: return "kString";
    case ValueType::kBool: return "kBool";
    case ValueType::kInt: return "kInt";
    case ValueType::kUnsigned: return "kUnsigned";
    case ValueType::kDouble: return "kDouble";
    case ValueType::kVector2d: return "kVector2d";
    case ValueType::kVector2i: return "kVector2i";
    case ValueType::kVector3: return "kVector3";
    case ValueType::kQuaternion: return "kQuaternion";
    case ValueType::kPose: return "kPose";
    case ValueType::kColor: return "kColor";
    case ValueType::kTime: return "kTime";
  }
  return "kNone";
}

const char* RequiredEnumerator(Required r) {
  switch (r) {
    case Required::kOptional: return "kOptional";
    case Required::kOne: return "kOne";
    case Required::kAny: return "kAny";
    case Required::kOneOrMore: return "kOneOrMore";
    case Required::kDeprecated: return "kDeprecated";
  }
  return "kOptional";
}

std::string Id(const std::string& version) {
  std::string id = version;
  std::replace(id.begin(), id.end(), '.', '_');
  return id;
}

// The text of every version's tables, each string once (kText): the
// tables hold offsets into it.
class TextPool {
 public:
  uint32_t Add(const std::string& s) {
    auto [it, added] = offsets_.emplace(s, static_cast<uint32_t>(size_));
    if (added) {
      strings_.push_back(s);
      size_ += s.size() + 1;
    }
    return it->second;
  }
  // The definition of kText: the strings in the order added, each with its
  // NUL.
  void Emit(std::ostream& out) const {
    out << "extern const char kText[] =";
    for (const auto& s : strings_) {
      const std::string q = Quoted(s);
      out << "\n    " << q.substr(0, q.size() - 1) << "\\0\"";
    }
    if (strings_.empty()) out << " \"\"";
    out << ";\n\n";
  }

 private:
  std::map<std::string, uint32_t> offsets_;
  std::vector<std::string> strings_;
  size_t size_ = 0;
};

void Emit(const GenVersion& v, TextPool* text, std::ostream& out) {
  const std::string id = Id(v.version);
  std::vector<std::string> elements, attributes, children;
  for (const GenElement& e : v.elements) {
    std::ostringstream s;
    s << "    {{" << text->Add(e.name) << "}, ValueType::" << TypeEnumerator(e.type)
      << ", Required::" << RequiredEnumerator(e.required) << ", "
      << (e.copy_data ? "true" : "false") << ", {" << text->Add(e.min) << "}, {"
      << text->Add(e.max) << "}, {" << text->Add(e.default_value) << "}, "
      << attributes.size() << ", " << e.attributes.size() << ", "
      << children.size() << ", " << e.children.size() << "},\n";
    elements.push_back(s.str());
    for (const GenAttribute& a : e.attributes) {
      std::ostringstream t;
      t << "    {{" << text->Add(a.name) << "}, ValueType::"
        << TypeEnumerator(a.type) << ", " << (a.required ? "true" : "false")
        << ", {" << text->Add(a.default_value) << "}},\n";
      attributes.push_back(t.str());
    }
    for (int c : e.children) children.push_back(std::to_string(c));
  }
  out << "// SDFormat " << v.version << ": " << elements.size()
      << " elements, " << attributes.size() << " attributes.";
  for (const auto& m : v.missing) out << " Not installed: " << m << ".";
  out << "\n";
  out << "const Element kElements_" << id << "[] = {\n";
  for (const auto& s : elements) out << s;
  out << "};\n";
  out << "const Attribute kAttributes_" << id << "[] = {\n";
  for (const auto& s : attributes) out << s;
  if (attributes.empty()) {
    const uint32_t empty = text->Add("");
    out << "    {{" << empty << "}, ValueType::kNone, false, {" << empty << "}},\n";
  }
  out << "};\n";
  out << "const uint32_t kChildren_" << id << "[] = {";
  for (size_t i = 0; i < children.size(); ++i) {
    out << (i % 16 == 0 ? "\n    " : " ") << children[i] << ",";
  }
  if (children.empty()) out << "0";
  out << "\n};\n";
  out << "const Version kVersion_" << id << " = {" << Quoted(v.version)
      << ", kElements_" << id << ", " << elements.size() << ", kAttributes_"
      << id << ", " << attributes.size() << ", kChildren_" << id << ", "
      << children.size() << ", " << v.root << "};\n\n";
}

int Minor(const std::string& version) {
  return std::stoi(version.substr(version.find('.') + 1));
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 4) {
    std::cerr << "usage: schema_gen OUT.cc DELTA.txt DESCRIPTION_FILE...\n";
    return 2;
  }
  const std::string out_path = argv[1];
  const std::string delta_path = argv[2];
  // Version directories, from the files' parents.
  std::map<int, GenVersion> versions;
  for (int i = 3; i < argc; ++i) {
    const std::string file = argv[i];
    const size_t slash = file.find_last_of('/');
    const std::string dir = slash == std::string::npos ? "." : file.substr(0, slash);
    const size_t up = dir.find_last_of('/');
    const std::string version = up == std::string::npos ? dir : dir.substr(up + 1);
    if (version.compare(0, 2, "1.") != 0) continue;
    GenVersion& v = versions[Minor(version)];
    v.version = version;
    v.dir = dir;
  }
  if (versions.empty() || versions.rbegin()->first != 9) {
    Fail("the description files of SDFormat 1.9 are not among the inputs "
         "(Debian package sdformat-sdf, /usr/share/sdformat12)");
  }
  for (auto& [minor, v] : versions) {
    DescriptionReader reader(&v);
    std::ifstream root(v.dir + "/root.sdf");
    v.root = reader.LoadFile(root ? "root.sdf" : "gazebo.sdf", true);
  }
  // 1.10 to 1.12: each the version before with the delta table's changes.
  for (int minor = 10; minor <= 12; ++minor) {
    GenVersion v = versions.at(minor - 1);
    v.version = "1." + std::to_string(minor);
    ApplyDelta(delta_path, v.version, &v);
    versions[minor] = std::move(v);
  }

  std::ostringstream out;
  out << "// Generated by //sdf_io:schema_gen from the SDFormat description "
         "files\n// (Debian sdformat-sdf) and sdf_io/schema_delta.txt. Do not "
         "edit.\n#include \"sdf_io/schema.h\"\n\nnamespace sdf_io::schema {\n"
         "namespace {\n\n";
  TextPool text;
  for (const auto& [minor, v] : versions) Emit(v, &text, out);
  out << "const Version* const kAll[] = {";
  for (const auto& [minor, v] : versions) out << "&kVersion_" << Id(v.version) << ", ";
  out << "};\n\n}  // namespace\n\n";
  text.Emit(out);
  out << "const Version* ForMinor(int minor) {\n  switch (minor) {\n";
  for (int minor = 0; minor <= 12; ++minor) {
    // A version without its own description (1.1) reads as the one before.
    auto it = versions.upper_bound(minor);
    if (it == versions.begin()) continue;
    --it;
    out << "    case " << minor << ": return &kVersion_" << Id(it->second.version)
        << ";\n";
  }
  out << "    default: return nullptr;\n  }\n}\n\n";
  out << "const Version* const* AllVersions(size_t* count) {\n"
         "  *count = sizeof kAll / sizeof kAll[0];\n  return kAll;\n}\n\n"
         "}  // namespace sdf_io::schema\n";
  std::ofstream file(out_path);
  file << out.str();
  if (!file.flush()) Fail("cannot write " + out_path);
  return 0;
}
