#include "xml/reader.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <vector>

namespace xml {
namespace {

bool IsSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' ||
         c == '\v';
}

std::string_view Trim(std::string_view s) {
  while (!s.empty() && IsSpace(s.front())) s.remove_prefix(1);
  while (!s.empty() && IsSpace(s.back())) s.remove_suffix(1);
  return s;
}

std::string Quote(std::string_view s) {
  std::string q = "'";
  q.append(s.substr(0, 60));
  if (s.size() > 60) q += "...";
  return q + "'";
}

// Reports XACRO_UNEXPANDED when `text` holds a $(...) or ${...} that xacro
// should have expanded; returns whether it did.
bool ReportIfXacro(std::string_view text, const std::string& what,
                   const tinyxml2::XMLElement* e, const Context& ctx) {
  if (text.find("$(") == std::string_view::npos &&
      text.find("${") == std::string_view::npos) {
    return false;
  }
  ctx.diags->Error("XACRO_UNEXPANDED",
                   what + " " + Quote(text) +
                       " is an unexpanded xacro expression; run xacro on the "
                       "file first",
                   ctx.At(e));
  return true;
}

}  // namespace

std::optional<std::string> ReadFile(const std::string& path,
                                    frames::Diagnostics* diags) {
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) {
    diags->Error("IO_ERROR", "cannot open '" + path + "' for reading",
                 {path, 0});
    return std::nullopt;
  }
  std::string data;
  char buf[1 << 16];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) data.append(buf, n);
  const bool failed = std::ferror(f);
  std::fclose(f);
  if (failed) {
    diags->Error("IO_ERROR", "error reading '" + path + "'", {path, 0});
    return std::nullopt;
  }
  return data;
}

bool Parse(std::string_view text, const std::string& file,
           tinyxml2::XMLDocument* doc, frames::Diagnostics* diags) {
  while (!text.empty() && text.back() == '\0') text.remove_suffix(1);
  // tinyxml2 refuses an XML declaration that is not first (seen after a
  // leading comment in real files); blank it out, keeping line numbers.
  std::string patched;
  size_t decl = text.find("<?xml");
  if (decl != std::string_view::npos && decl > 0 &&
      !Trim(text.substr(0, decl)).empty()) {
    size_t end = text.find("?>", decl);
    if (end != std::string_view::npos) {
      patched.assign(text);
      for (size_t i = decl; i < end + 2; ++i) {
        if (patched[i] != '\n') patched[i] = ' ';
      }
      text = patched;
      diags->Warning("XML_DECLARATION_MISPLACED",
                     "the XML declaration is not at the start of the file; "
                     "it was ignored",
                     {file, 1 + static_cast<int>(std::count(
                                    text.begin(), text.begin() + decl, '\n'))});
    }
  }
  if (doc->Parse(text.data(), text.size()) != tinyxml2::XML_SUCCESS) {
    std::string msg = doc->ErrorStr() ? doc->ErrorStr() : "parse error";
    diags->Error("XML_ERROR", "not well-formed XML: " + msg,
                 {file, doc->ErrorLineNum()});
    return false;
  }
  return true;
}

bool ParseNumbers(std::string_view text, int n, double* out) {
  std::string_view s = Trim(text);
  for (int k = 0; k < n; ++k) {
    const auto res = std::from_chars(s.data(), s.data() + s.size(), out[k]);
    if (res.ec != std::errc() || res.ptr == s.data()) return false;
    s = s.substr(res.ptr - s.data());
    if (k + 1 < n && (s.empty() || !IsSpace(s.front()))) return false;
    s = Trim(s);
  }
  return s.empty();
}

std::optional<std::vector<double>> ParseNumberList(std::string_view text) {
  std::vector<double> out;
  std::string_view s = Trim(text);
  while (!s.empty()) {
    if (s.front() == '+') s.remove_prefix(1);
    double v = 0;
    const auto res = std::from_chars(s.data(), s.data() + s.size(), v);
    if (res.ec != std::errc() || res.ptr == s.data() || !std::isfinite(v))
      return std::nullopt;
    s = s.substr(res.ptr - s.data());
    if (!s.empty() && !IsSpace(s.front())) return std::nullopt;
    s = Trim(s);
    out.push_back(v);
  }
  if (out.empty()) return std::nullopt;
  return out;
}

std::optional<double> ParseDouble(std::string_view text, const std::string& what,
                                  const tinyxml2::XMLElement* e,
                                  const Context& ctx) {
  std::string_view s = Trim(text);
  std::string_view original = s;
  if (!s.empty() && s.front() == '+') s.remove_prefix(1);
  double v = 0;
  auto res = std::from_chars(s.data(), s.data() + s.size(), v);
  if (res.ec == std::errc::result_out_of_range) {
    // Underflow reads as (nearly) zero, as strtod does; overflow is an error.
    const double d = std::strtod(std::string(s).c_str(), nullptr);
    if (std::isfinite(d) && std::abs(d) < 1.0) return d;
    ctx.diags->Error("NUMBER_NOT_FINITE",
                     what + " " + Quote(original) + " is out of range",
                     ctx.At(e));
    return std::nullopt;
  }
  if (res.ec != std::errc() || s.empty()) {
    if (!ReportIfXacro(original, what, e, ctx)) {
      ctx.diags->Error("NUMBER_INVALID",
                       what + " " + Quote(original) + " is not a number",
                       ctx.At(e));
    }
    return std::nullopt;
  }
  if (!std::isfinite(v)) {
    ctx.diags->Error("NUMBER_NOT_FINITE",
                     what + " " + Quote(original) + " is not a finite number",
                     ctx.At(e));
    return std::nullopt;
  }
  std::string_view rest(res.ptr, s.data() + s.size() - res.ptr);
  if (!rest.empty()) {
    if (rest == "," || rest == ".") {
      ctx.diags->Warning("NUMBER_TRAILING_CHARACTERS",
                         what + " " + Quote(original) + " ends in '" +
                             std::string(rest) + "'; read as " +
                             std::string(s.substr(0, s.size() - 1)),
                         ctx.At(e));
    } else {
      ctx.diags->Error("NUMBER_INVALID",
                       what + " " + Quote(original) + " is not a number",
                       ctx.At(e));
      return std::nullopt;
    }
  }
  return v;
}

bool ParseVector(std::string_view text, int n, const std::string& what,
                 const tinyxml2::XMLElement* e, const Context& ctx,
                 double* out) {
  // Small vectors are the norm: no allocation below 8 components.
  std::vector<std::string_view> tokens;
  tokens.reserve(8);
  size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && IsSpace(text[i])) ++i;
    size_t start = i;
    while (i < text.size() && !IsSpace(text[i])) ++i;
    if (i > start) tokens.push_back(text.substr(start, i - start));
  }
  if (static_cast<int>(tokens.size()) < n) {
    if (!tokens.empty() && ReportIfXacro(tokens[0], what, e, ctx)) {
      return false;
    }
    ctx.diags->Error("VECTOR_SIZE_INVALID",
                     what + " " + Quote(text) + " has " +
                         std::to_string(tokens.size()) + " numbers, expected " +
                         std::to_string(n),
                     ctx.At(e));
    return false;
  }
  bool ok = true;
  for (int k = 0; k < n; ++k) {
    auto v = ParseDouble(tokens[k], what, e, ctx);
    if (!v) {
      ok = false;
      break;
    }
    out[k] = *v;
  }
  if (!ok) return false;
  if (static_cast<int>(tokens.size()) > n) {
    std::string extra;
    for (size_t k = n; k < tokens.size(); ++k) {
      if (!extra.empty()) extra.push_back(' ');
      extra.append(tokens[k]);
    }
    ctx.diags->Warning("VECTOR_EXTRA_COMPONENTS",
                       what + " " + Quote(text) + " has " +
                           std::to_string(tokens.size()) +
                           " numbers; the first " + std::to_string(n) +
                           " are used and '" + extra + "' is ignored",
                       ctx.At(e));
  }
  return true;
}

std::optional<double> DoubleAttribute(const tinyxml2::XMLElement* e,
                                      const char* attr, const Context& ctx) {
  const char* v = e->Attribute(attr);
  if (!v) return std::nullopt;
  return ParseDouble(v, std::string("<") + e->Name() + "> " + attr, e, ctx);
}

std::optional<Eigen::Vector3d> Vector3Attribute(const tinyxml2::XMLElement* e,
                                                const char* attr,
                                                const Context& ctx) {
  const char* v = e->Attribute(attr);
  if (!v) return std::nullopt;
  Eigen::Vector3d out;
  if (!ParseVector(v, 3, std::string("<") + e->Name() + "> " + attr, e, ctx,
                   out.data())) {
    return std::nullopt;
  }
  return out;
}

std::string_view Text(const tinyxml2::XMLElement* e) {
  const char* t = e->GetText();
  return t ? Trim(t) : std::string_view();
}

frames::Element ToElement(const tinyxml2::XMLElement* e, const Context& ctx) {
  frames::Element out;
  out.name = e->Name();
  out.where = ctx.At(e);
  for (const tinyxml2::XMLAttribute* a = e->FirstAttribute(); a;
       a = a->Next()) {
    out.attributes.emplace_back(a->Name(), a->Value());
  }
  for (const tinyxml2::XMLNode* n = e->FirstChild(); n; n = n->NextSibling()) {
    if (const auto* c = n->ToElement()) {
      out.children.push_back(ToElement(c, ctx));
    } else if (const auto* t = n->ToText()) {
      std::string_view s = Trim(t->Value());
      if (!s.empty()) {
        if (!out.text.empty()) out.text.push_back(' ');
        out.text.append(s);
      }
    }
  }
  return out;
}

}  // namespace xml
