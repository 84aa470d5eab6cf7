#include "sdf_io/model_config.h"

#include "xml/dom.h"
#include "xml/reader.h"
#include "xml/writer.h"

namespace sdf_io {

namespace {

// The <sdf> children of the <model> root, or nullopt with a diagnostic.
std::optional<std::vector<const xml::Node*>> SdfEntries(
    const xml::Document& doc, const std::string& file,
    frames::Diagnostics* diags) {
  const xml::Node* model = doc.RootElement();
  if (!model || !xml::Is(model, "model")) {
    diags->Error(frames::Code::MODEL_CONFIG_INVALID,
                 "model.config has no <model> root element",
                 {file, model ? model->GetLineNum() : 0});
    return std::nullopt;
  }
  std::vector<const xml::Node*> entries;
  for (const xml::Node* s = model->FirstChildElement("sdf"); s;
       s = s->NextSiblingElement("sdf")) {
    entries.push_back(s);
  }
  return entries;
}

// Byte ranges [begin, end) of every <sdf ...>...</sdf> element in `text`,
// outside comments and CDATA sections. An empty <sdf/> is not counted.
std::vector<std::pair<size_t, size_t>> SdfSpans(std::string_view text) {
  std::vector<std::pair<size_t, size_t>> spans;
  auto skip_past = [&](size_t from, std::string_view end) {
    const size_t at = text.find(end, from);
    return at == std::string_view::npos ? text.size() : at + end.size();
  };
  auto is_delimiter = [](char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '>' ||
           c == '/';
  };
  size_t i = 0;
  while (i < text.size()) {
    if (text.compare(i, 4, "<!--") == 0) {
      i = skip_past(i + 4, "-->");
    } else if (text.compare(i, 9, "<![CDATA[") == 0) {
      i = skip_past(i + 9, "]]>");
    } else if (text.compare(i, 4, "<sdf") == 0 && i + 4 < text.size() &&
               is_delimiter(text[i + 4])) {
      // End of the start tag, skipping quoted attribute values.
      size_t j = i + 4;
      char quote = 0;
      for (; j < text.size(); ++j) {
        if (quote) {
          if (text[j] == quote) quote = 0;
        } else if (text[j] == '"' || text[j] == '\'') {
          quote = text[j];
        } else if (text[j] == '>') {
          break;
        }
      }
      if (j >= text.size()) break;
      if (text[j - 1] == '/') {
        i = j + 1;
        continue;
      }
      const size_t close = text.find("</sdf", j);
      if (close == std::string_view::npos) break;
      const size_t end = skip_past(close, ">");
      spans.emplace_back(i, end);
      i = end;
    } else {
      ++i;
    }
  }
  return spans;
}

}  // namespace

std::optional<std::vector<ModelConfigEntry>> ModelConfigEntries(
    std::string_view text, const std::string& file,
    frames::Diagnostics* diags) {
  xml::Document doc;
  if (!xml::Parse(text, file, &doc, diags)) return std::nullopt;
  auto entries = SdfEntries(doc, file, diags);
  if (!entries) return std::nullopt;
  std::vector<ModelConfigEntry> out;
  for (const xml::Node* s : *entries) {
    const char* v = s->Attribute("version");
    out.push_back({v ? v : "", std::string(xml::Text(s))});
  }
  return out;
}

std::optional<std::vector<std::string>> ModelConfigSdfFiles(
    std::string_view text, const std::string& file,
    frames::Diagnostics* diags) {
  auto entries = ModelConfigEntries(text, file, diags);
  if (!entries) return std::nullopt;
  std::vector<std::string> files;
  for (const auto& e : *entries) files.push_back(e.file);
  return files;
}

std::optional<std::string> UpdateModelConfig(
    std::string_view text, const std::string& file,
    const std::map<std::string, std::string>& renames,
    const std::string& version, frames::Diagnostics* diags) {
  xml::Document doc;
  if (!xml::Parse(text, file, &doc, diags)) return std::nullopt;
  auto entries = SdfEntries(doc, file, diags);
  if (!entries) return std::nullopt;
  // Every <sdf> element of the text must be one of the root's entries, in
  // the same order, for the spans to stand for them.
  const auto spans = SdfSpans(text);
  int all_sdf = 0;
  std::vector<const xml::Node*> stack = {doc.RootElement()};
  while (!stack.empty()) {
    const xml::Node* e = stack.back();
    stack.pop_back();
    if (xml::Is(e, "sdf")) ++all_sdf;
    for (const xml::Node* c = e->FirstChildElement(); c;
         c = c->NextSiblingElement()) {
      stack.push_back(c);
    }
  }
  if (spans.size() != entries->size() ||
      static_cast<int>(entries->size()) != all_sdf) {
    diags->Error(frames::Code::MODEL_CONFIG_INVALID,
                 "model.config: cannot locate its <sdf> entries in the text "
                 "(nested or empty <sdf> elements); not rewritten",
                 {file, 0});
    return std::nullopt;
  }
  std::string out;
  size_t copied = 0;
  for (size_t k = 0; k < spans.size(); ++k) {
    const auto found = renames.find(std::string(xml::Text((*entries)[k])));
    if (found == renames.end()) continue;
    out.append(text.substr(copied, spans[k].first - copied));
    // An empty `version` keeps the entry's own.
    const char* own = (*entries)[k]->Attribute("version");
    const std::string v = version.empty() ? (own ? own : "") : version;
    std::string entry;
    {
      xml::Writer writer(&entry);
      if (v.empty() && !own) {
        writer.Leaf("sdf", found->second);
      } else {
        writer.Leaf("sdf", "version", v, found->second);
      }
    }
    while (!entry.empty() && entry.back() == '\n') entry.pop_back();
    out.append(entry);
    copied = spans[k].second;
  }
  out.append(text.substr(copied));
  return out;
}

}  // namespace sdf_io
