#include "diag/diagnostics.h"

#include <algorithm>
#include <ostream>

namespace frames {

namespace {

struct CodeInfo {
  std::string_view name;
  Severity severity;
  std::string_view doc;
  std::string_view spec;
};

constexpr CodeInfo kCodes[] = {
#define CODE(name, severity, doc, spec) {#name, Severity::severity, doc, spec},
#define CODE_GROUP(title)
#include "diag/codes.def"
#undef CODE_GROUP
#undef CODE
};

// The group title of each code, by enumerator.
const std::vector<std::string_view>& Groups() {
  static const std::vector<std::string_view> groups = [] {
    std::vector<std::string_view> v;
    std::string_view group;
#define CODE(name, severity, doc, spec) v.push_back(group);
#define CODE_GROUP(title) group = title;
#include "diag/codes.def"
#undef CODE_GROUP
#undef CODE
    return v;
  }();
  return groups;
}

const CodeInfo& Info(Code code) { return kCodes[static_cast<int>(code)]; }

}  // namespace

std::string_view CodeName(Code code) { return Info(code).name; }
Severity DefaultSeverity(Code code) { return Info(code).severity; }
std::string_view CodeDoc(Code code) { return Info(code).doc; }
std::string_view CodeSpec(Code code) { return Info(code).spec; }
std::string_view CodeGroup(Code code) {
  return Groups()[static_cast<int>(code)];
}

const std::vector<Code>& AllCodes() {
  static const std::vector<Code> all = [] {
    std::vector<Code> v;
    for (size_t k = 0; k < std::size(kCodes); ++k)
      v.push_back(static_cast<Code>(k));
    return v;
  }();
  return all;
}

bool CodeFromName(std::string_view name, Code* code) {
  for (size_t k = 0; k < std::size(kCodes); ++k) {
    if (kCodes[k].name == name) {
      *code = static_cast<Code>(k);
      return true;
    }
  }
  return false;
}

std::ostream& operator<<(std::ostream& os, Code code) {
  return os << CodeName(code);
}

std::ostream& operator<<(std::ostream& os, const FileName& f) {
  return os << f.str();
}

std::string Format(const Diagnostic& d) {
  std::string out =
      d.where.file.empty() ? std::string("<input>") : d.where.file.str();
  if (d.where.line > 0) out += ":" + std::to_string(d.where.line);
  out += d.severity == Severity::kError ? ": error: " : ": warning: ";
  out += d.message;
  out.append(" [").append(CodeName(d.code)).append("]");
  return out;
}

void Diagnostics::Error(Code code, std::string message, SourceLocation where) {
  Add({Severity::kError, code, std::move(message), std::move(where)});
}

void Diagnostics::Warning(Code code, std::string message,
                          SourceLocation where) {
  Add({Severity::kWarning, code, std::move(message), std::move(where)});
}

void Diagnostics::Add(Diagnostic d) {
  if (d.severity == Severity::kError) ++error_count_;
  all_.push_back(std::move(d));
}

void Diagnostics::Append(const Diagnostics& other) {
  for (const auto& d : other.all_) Add(d);
}

bool Diagnostics::Has(Code code) const {
  for (const auto& d : all_) {
    if (d.code == code) return true;
  }
  return false;
}

void Diagnostics::SortByLocation() {
  const auto before = [](const Diagnostic& a, const Diagnostic& b) {
    const int file = a.where.file.compare(b.where.file);
    return file != 0 ? file < 0 : a.where.line < b.where.line;
  };
  // Often already in order (a reader reports top to bottom): then there is
  // nothing to move and no buffer to allocate.
  if (std::is_sorted(all_.begin(), all_.end(), before)) return;
  std::stable_sort(all_.begin(), all_.end(), before);
}

std::string Diagnostics::ToString() const {
  std::string out;
  for (const auto& d : all_) out += Format(d) + "\n";
  return out;
}

}  // namespace frames
