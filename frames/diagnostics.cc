#include "frames/diagnostics.h"

#include <algorithm>

namespace frames {

std::string Format(const Diagnostic& d) {
  std::string out = d.where.file.empty() ? std::string("<input>") : d.where.file;
  if (d.where.line > 0) out += ":" + std::to_string(d.where.line);
  out += d.severity == Severity::kError ? ": error: " : ": warning: ";
  out += d.message;
  out += " [" + d.code + "]";
  return out;
}

void Diagnostics::Error(std::string code, std::string message,
                        SourceLocation where) {
  Add({Severity::kError, std::move(code), std::move(message), std::move(where)});
}

void Diagnostics::Warning(std::string code, std::string message,
                          SourceLocation where) {
  Add({Severity::kWarning, std::move(code), std::move(message),
       std::move(where)});
}

void Diagnostics::Add(Diagnostic d) {
  if (d.severity == Severity::kError) ++error_count_;
  all_.push_back(std::move(d));
}

void Diagnostics::Append(const Diagnostics& other) {
  for (const auto& d : other.all_) Add(d);
}

bool Diagnostics::Has(const std::string& code) const {
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
