#include "converter/json.h"

#include <map>
#include <optional>
#include <set>
#include <utility>

#include "xml/dom.h"
#include "xml/reader.h"

namespace converter {
namespace {

// The outermost element of `doc` beginning on each of `lines`, by line:
// the first in document order of the least depth. Walks the tree without
// recursion.
std::map<int, const xml::Node*> OutermostOnLines(const xml::Document& doc,
                                                 const std::set<int>& lines) {
  std::map<int, std::pair<const xml::Node*, size_t>> found;
  size_t depth = 0;
  const xml::Node* e = doc.RootElement();
  while (e) {
    if (lines.count(e->GetLineNum())) {
      auto [it, added] = found.emplace(e->GetLineNum(), std::make_pair(e, depth));
      if (!added && depth < it->second.second) it->second = {e, depth};
    }
    if (const xml::Node* child = e->FirstChildElement()) {
      e = child;
      ++depth;
      continue;
    }
    // Up to the nearest element with a next sibling.
    while (e && !e->NextSiblingElement()) {
      e = e->Parent();
      if (e) --depth;
    }
    if (e) e = e->NextSiblingElement();
  }
  std::map<int, const xml::Node*> out;
  for (const auto& [line, at] : found) out.emplace(line, at.first);
  return out;
}

// The ElementPath of the outermost element beginning on each of `lines` of
// `file` (`text` when it is `text_file`); none for a line no element begins
// on, none at all when the file cannot be read or parsed.
std::map<int, std::string> PathsOnLines(const std::string& file,
                                        const std::set<int>& lines,
                                        const std::string& text_file,
                                        std::string_view text) {
  std::optional<std::string> read;
  if (file != text_file) {
    frames::Diagnostics ignored;
    read = xml::ReadFile(file, &ignored);
    if (!read) return {};
    text = *read;
  }
  xml::Document doc;
  if (!doc.Parse(text)) return {};
  std::map<int, std::string> paths;
  for (const auto& [line, e] : OutermostOnLines(doc, lines)) {
    paths.emplace(line, xml::ElementPath(e));
  }
  return paths;
}

}  // namespace

void AppendJsonString(std::string* out, std::string_view s) {
  static constexpr char kHex[] = "0123456789abcdef";
  out->push_back('"');
  for (const char ch : s) {
    const unsigned char c = static_cast<unsigned char>(ch);
    switch (c) {
      case '"': out->append("\\\""); break;
      case '\\': out->append("\\\\"); break;
      case '\b': out->append("\\b"); break;
      case '\f': out->append("\\f"); break;
      case '\n': out->append("\\n"); break;
      case '\r': out->append("\\r"); break;
      case '\t': out->append("\\t"); break;
      default:
        if (c < 0x20) {
          out->append("\\u00");
          out->push_back(kHex[c >> 4]);
          out->push_back(kHex[c & 0xf]);
        } else {
          out->push_back(ch);
        }
    }
  }
  out->push_back('"');
}

void AppendDiagnosticJson(std::string* out, const frames::Diagnostic& d) {
  out->append("{\"file\": ");
  AppendJsonString(out, d.where.file.str());
  out->append(", \"line\": " + std::to_string(d.where.line));
  out->append(", \"severity\": ");
  out->append(d.severity == frames::Severity::kError ? "\"error\""
                                                     : "\"warning\"");
  out->append(", \"code\": ");
  AppendJsonString(out, frames::CodeName(d.code));
  out->append(", \"message\": ");
  AppendJsonString(out, d.message);
  if (!d.element_path.empty()) {
    out->append(", \"element_path\": ");
    AppendJsonString(out, d.element_path);
  }
  out->append("}");
}

void FillElementPaths(frames::Diagnostics* diags, const std::string& text_file,
                      std::string_view text) {
  // The lines wanted, per file.
  std::map<std::string, std::set<int>> wanted;
  for (const frames::Diagnostic& d : diags->all()) {
    if (d.element_path.empty() && d.where.line > 0 && !d.where.file.empty()) {
      wanted[d.where.file].insert(d.where.line);
    }
  }
  if (wanted.empty()) return;
  std::map<std::string, std::map<int, std::string>> paths;
  for (const auto& [file, lines] : wanted) {
    paths[file] = PathsOnLines(file, lines, text_file, text);
  }
  frames::Diagnostics out;
  for (frames::Diagnostic d : diags->all()) {
    if (d.element_path.empty() && d.where.line > 0) {
      const auto& in_file = paths[d.where.file];
      auto it = in_file.find(d.where.line);
      if (it != in_file.end()) d.element_path = it->second;
    }
    out.Add(std::move(d));
  }
  *diags = std::move(out);
}

}  // namespace converter
