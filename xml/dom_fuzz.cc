// Fuzz target of the XML parser (xml::Document). Checks that a refusal has
// a code, a line inside the text and a message, and that a parsed document
// prints (in a canonical form of this file's own) to a text that parses to
// the same document: names, attributes, text and line order survive.
#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "testing/fuzzing/fuzz_support.h"
#include "xml/dom.h"

namespace {

void AppendEscaped(std::string* out, std::string_view s, bool spaces) {
  for (const char c : s) {
    switch (c) {
      case '&': *out += "&amp;"; break;
      case '<': *out += "&lt;"; break;
      case '>': *out += "&gt;"; break;
      case '"': *out += "&quot;"; break;
      case '\r': *out += "&#13;"; break;
      case '\n': *out += spaces ? "&#10;" : "\n"; break;
      case '\t': *out += spaces ? "&#9;" : "\t"; break;
      case ' ': *out += spaces ? "&#32;" : " "; break;
      default: *out += c;
    }
  }
}

bool AllSpace(std::string_view s) {
  for (const char c : s) {
    if (c != ' ' && c != '\t' && c != '\n' && c != '\r') return false;
  }
  return true;
}

// Elements, attributes and the text of each element (its runs joined), one
// element after another, without recursion.
std::string Canonical(const xml::Node* root) {
  std::string out;
  std::vector<std::pair<const xml::Node*, bool>> stack{{root, false}};
  while (!stack.empty()) {
    auto [n, closing] = stack.back();
    stack.pop_back();
    if (closing) {
      out += "</" + std::string(n->Name()) + ">";
      continue;
    }
    out += "<" + std::string(n->Name());
    for (const xml::Attr* a = n->FirstAttribute(); a; a = a->Next()) {
      out += " " + std::string(a->Name()) + "=\"";
      AppendEscaped(&out, a->Value(), false);
      out += "\"";
    }
    out += ">";
    std::string text;
    for (const xml::TextRun* t = n->FirstText(); t; t = t->Next()) {
      text += t->Value();
    }
    AppendEscaped(&out, text, AllSpace(text));
    stack.push_back({n, true});
    std::vector<const xml::Node*> children;
    for (const xml::Node* c = n->FirstChildElement(); c;
         c = c->NextSiblingElement()) {
      fuzzing::Check(c->GetLineNum() >= n->GetLineNum(),
                     "a child element starts before its parent");
      fuzzing::Check(xml::IsName(c->Name()), "an element name is no name",
                     c->Name());
      children.push_back(c);
    }
    for (auto it = children.rbegin(); it != children.rend(); ++it) {
      stack.push_back({*it, false});
    }
  }
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  xml::Document doc;
  if (!doc.Parse(text)) {
    const frames::Code code = doc.ErrorCode();
    fuzzing::Check(code == frames::Code::XML_ERROR ||
                       code == frames::Code::XML_CHARACTER_INVALID ||
                       code == frames::Code::XML_NAME_INVALID ||
                       code == frames::Code::XML_NESTING_TOO_DEEP ||
                       code == frames::Code::XML_ENTITY_UNSUPPORTED,
                   "a refusal has no known code",
                   std::string(frames::CodeName(code)) + ": " + doc.Error());
    fuzzing::Check(!doc.Error().empty(), "a refusal has no message");
    const int lines = 1 + static_cast<int>(std::count(text.begin(), text.end(), '\n'));
    fuzzing::Check(doc.ErrorLine() >= 1 && doc.ErrorLine() <= lines,
                   "a refusal's line is outside the text",
                   std::to_string(doc.ErrorLine()) + ": " + doc.Error());
    return 0;
  }
  if (!doc.RootElement()) return 0;
  fuzzing::Check(xml::IsName(doc.RootElement()->Name()),
                 "the root element's name is no name");
  const std::string printed = Canonical(doc.RootElement());
  xml::Document again;
  fuzzing::Check(again.Parse(printed), "the printed document does not parse",
                 again.Error() + "\n" + printed);
  fuzzing::Check(Canonical(again.RootElement()) == printed,
                 "the printed document reads differently", printed);
  return 0;
}
