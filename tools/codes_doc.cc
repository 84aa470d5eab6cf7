#include "tools/codes_doc.h"

#include "diag/diagnostics.h"

namespace tools {

std::string CodesMarkdown() {
  std::string out;
  std::string_view group;
  for (frames::Code c : frames::AllCodes()) {
    if (out.empty() || frames::CodeGroup(c) != group) {
      group = frames::CodeGroup(c);
      if (!out.empty()) out += "\n";
      out.append("#### ").append(group).append("\n\n");
      out += "| severity | code | documentation | spec |\n|---|---|---|---|\n";
    }
    out += frames::DefaultSeverity(c) == frames::Severity::kError ? "| error"
                                                                  : "| warning";
    out.append(" | `").append(frames::CodeName(c)).append("` | ");
    out.append(frames::CodeDoc(c)).append(" | ");
    out.append(frames::CodeSpec(c).empty() ? "-" : frames::CodeSpec(c));
    out += " |\n";
  }
  return out;
}

namespace {

// [begin, end) of the text between the markers, each marker on its own line.
bool Find(std::string_view page, size_t* begin, size_t* end) {
  const size_t b = page.find(kCodesBegin);
  if (b == std::string_view::npos) return false;
  const size_t e = page.find(kCodesEnd, b);
  if (e == std::string_view::npos) return false;
  *begin = b + kCodesBegin.size() + 1;  // after the marker's newline
  *end = e;
  return *begin <= *end;
}

}  // namespace

std::optional<std::string> CodesSection(std::string_view page) {
  size_t b, e;
  if (!Find(page, &b, &e)) return std::nullopt;
  return std::string(page.substr(b, e - b));
}

std::optional<std::string> WithCodes(std::string_view page) {
  size_t b, e;
  if (!Find(page, &b, &e)) return std::nullopt;
  return std::string(page.substr(0, b)) + CodesMarkdown() +
         std::string(page.substr(e));
}

}  // namespace tools
