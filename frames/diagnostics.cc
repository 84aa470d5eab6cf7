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
  std::stable_sort(all_.begin(), all_.end(),
                   [](const Diagnostic& a, const Diagnostic& b) {
                     if (a.where.file != b.where.file)
                       return a.where.file < b.where.file;
                     return a.where.line < b.where.line;
                   });
}

std::string Diagnostics::ToString() const {
  std::string out;
  for (const auto& d : all_) out += Format(d) + "\n";
  return out;
}

}  // namespace frames
