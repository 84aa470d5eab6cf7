#include "testing/xml_diff.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <map>
#include <optional>
#include <utility>

namespace test_support {
namespace {

using tinyxml2::XMLAttribute;
using tinyxml2::XMLElement;
using tinyxml2::XMLNode;

std::string Trim(const std::string& s) {
  const size_t b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) return "";
  const size_t e = s.find_last_not_of(" \t\r\n");
  return s.substr(b, e - b + 1);
}

std::string TextOf(const XMLElement& e) {
  std::string s;
  for (const XMLNode* n = e.FirstChild(); n; n = n->NextSibling()) {
    if (const auto* t = n->ToText()) s += t->Value();
  }
  return Trim(s);
}

// The numbers of a whitespace-separated list, or nullopt if any token is
// not a whole number.
std::optional<std::vector<double>> Numbers(const std::string& s) {
  std::vector<double> out;
  const char* p = s.c_str();
  while (true) {
    while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n') ++p;
    if (!*p) break;
    char* end = nullptr;
    const double v = std::strtod(p, &end);
    if (end == p) return std::nullopt;
    if (*end && *end != ' ' && *end != '\t' && *end != '\r' && *end != '\n')
      return std::nullopt;
    out.push_back(v);
    p = end;
  }
  if (out.empty()) return std::nullopt;
  return out;
}

bool SameValue(const std::string& a, const std::string& b, double tolerance) {
  if (a == b) return true;
  auto x = Numbers(a), y = Numbers(b);
  if (!x || !y || x->size() != y->size()) return Trim(a) == Trim(b);
  for (size_t k = 0; k < x->size(); ++k) {
    const double u = (*x)[k], v = (*y)[k];
    if (u == v || (std::isnan(u) && std::isnan(v))) continue;
    if (tolerance > 0 && std::abs(u - v) <= tolerance) continue;
    return false;
  }
  return true;
}

std::map<std::string, std::string> Attributes(const XMLElement& e) {
  std::map<std::string, std::string> out;
  for (const XMLAttribute* a = e.FirstAttribute(); a; a = a->Next())
    out.emplace(a->Name(), a->Value());
  return out;
}

std::vector<const XMLElement*> Children(const XMLElement& e) {
  std::vector<const XMLElement*> out;
  for (const XMLElement* c = e.FirstChildElement(); c; c = c->NextSiblingElement())
    out.push_back(c);
  return out;
}

class Differ {
 public:
  explicit Differ(const XmlDiffOptions& o) : opt_(o) {}

  void Compare(const XMLElement& want, const XMLElement& got,
               const std::string& path) {
    const auto wa = Attributes(want), ga = Attributes(got);
    for (const auto& [k, v] : wa) {
      auto it = ga.find(k);
      if (it == ga.end()) {
        Add(path + "@" + k + ": missing (want \"" + v + "\")");
      } else if (!SameValue(v, it->second, opt_.tolerance)) {
        Add(path + "@" + k + ": \"" + it->second + "\", want \"" + v + "\"");
      }
    }
    for (const auto& [k, v] : ga) {
      if (!wa.count(k)) Add(path + "@" + k + ": added \"" + v + "\"");
    }
    const std::string wt = TextOf(want), gt = TextOf(got);
    if (!SameValue(wt, gt, opt_.tolerance))
      Add(path + " text: \"" + gt.substr(0, 80) + "\", want \"" +
          wt.substr(0, 80) + "\"");
    if (opt_.unordered(want)) {
      CompareUnordered(want, got, path);
    } else {
      CompareByName(want, got, path);
    }
  }

  std::vector<std::string> out;

 private:
  void Add(std::string s) { out.push_back(std::move(s)); }

  // Same-name children in order; different names in any order.
  void CompareByName(const XMLElement& want, const XMLElement& got,
                     const std::string& path) {
    std::map<std::string, std::vector<const XMLElement*>> w, g;
    for (const auto* c : Children(want)) w[c->Name()].push_back(c);
    for (const auto* c : Children(got)) g[c->Name()].push_back(c);
    for (const auto& [name, list] : w) {
      const auto& other = g[name];
      for (size_t k = 0; k < list.size(); ++k) {
        const std::string p = path + "/" + name +
                              (list.size() > 1 || other.size() > 1
                                   ? "#" + std::to_string(k + 1)
                                   : "");
        if (k >= other.size()) {
          Add(p + ": missing");
        } else {
          Compare(*list[k], *other[k], p);
        }
      }
      for (size_t k = list.size(); k < other.size(); ++k)
        Add(path + "/" + name + "#" + std::to_string(k + 1) + ": added");
    }
    for (const auto& [name, list] : g) {
      if (!w.count(name))
        Add(path + "/" + name + ": added (" + std::to_string(list.size()) + ")");
    }
  }

  // Children matched by element name and name attribute; those without a
  // name attribute by their canonical text.
  void CompareUnordered(const XMLElement& want, const XMLElement& got,
                        const std::string& path) {
    std::multimap<std::string, const XMLElement*> named;
    std::multimap<std::string, const XMLElement*> whole;
    for (const auto* c : Children(got)) {
      if (const char* n = c->Attribute("name")) {
        named.emplace(std::string(c->Name()) + "[" + n + "]", c);
      } else {
        whole.emplace(CanonicalXml(*c), c);
      }
    }
    for (const auto* c : Children(want)) {
      if (const char* n = c->Attribute("name")) {
        const std::string key = std::string(c->Name()) + "[" + n + "]";
        auto it = named.find(key);
        if (it == named.end()) {
          Add(path + "/" + key + ": missing");
          continue;
        }
        Compare(*c, *it->second, path + "/" + key);
        named.erase(it);
      } else {
        const std::string key = CanonicalXml(*c);
        auto it = whole.find(key);
        if (it == whole.end()) {
          Add(path + "/" + c->Name() + ": missing " + key.substr(0, 160));
          continue;
        }
        whole.erase(it);
      }
    }
    for (const auto& [key, c] : named) Add(path + "/" + key + ": added");
    for (const auto& [key, c] : whole)
      Add(path + "/" + c->Name() + ": added " + key.substr(0, 160));
  }

  const XmlDiffOptions& opt_;
};

}  // namespace

std::string CanonicalXml(const XMLElement& e) {
  std::string s = "<" + std::string(e.Name());
  for (const auto& [k, v] : Attributes(e)) s += " " + k + "=\"" + v + "\"";
  s += ">" + TextOf(e);
  for (const auto* c : Children(e)) s += CanonicalXml(*c);
  return s + "</" + e.Name() + ">";
}

std::vector<std::string> XmlDiff(const XMLElement& want, const XMLElement& got,
                                 const XmlDiffOptions& options) {
  Differ d(options);
  if (std::string(want.Name()) != got.Name()) {
    d.out.push_back(std::string("root element: <") + got.Name() +
                    ">, want <" + want.Name() + ">");
    return d.out;
  }
  d.Compare(want, got, want.Name());
  return d.out;
}

std::vector<std::string> XmlTextDiff(const std::string& want,
                                     const std::string& got,
                                     const XmlDiffOptions& options) {
  tinyxml2::XMLDocument a, b;
  if (a.Parse(want.c_str()) != tinyxml2::XML_SUCCESS || !a.RootElement())
    return {"the expected text is not XML"};
  if (b.Parse(got.c_str()) != tinyxml2::XML_SUCCESS || !b.RootElement())
    return {"the text is not XML"};
  return XmlDiff(*a.RootElement(), *b.RootElement(), options);
}

}  // namespace test_support
