#include "robot_diff/verbatim.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <set>
#include <vector>

#include "robot_diff/flat.h"

namespace robot_diff {
namespace {

using frames::Element;

std::vector<std::string> Tokens(const std::string& text) {
  std::vector<std::string> out;
  size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
    const size_t start = i;
    while (i < text.size() && !std::isspace(static_cast<unsigned char>(text[i]))) ++i;
    if (i > start) out.push_back(text.substr(start, i - start));
  }
  return out;
}

std::optional<bool> Boolean(const std::string& t) {
  std::string lower = t;
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (lower == "true" || lower == "1") return true;
  if (lower == "false" || lower == "0") return false;
  return std::nullopt;
}

bool SameToken(const std::string& x, const std::string& y,
               const VerbatimTolerance& tol) {
  if (x == y) return true;
  double dx = 0, dy = 0;
  if (Numbers(x, 1, &dx) && Numbers(y, 1, &dy)) {
    return std::abs(dx - dy) <=
           std::max(tol.absolute,
                    tol.relative * std::max(std::abs(dx), std::abs(dy)));
  }
  const auto bx = Boolean(x), by = Boolean(y);
  return bx && by && *bx == *by;
}

bool SameText(const std::string& x, const std::string& y,
              const VerbatimTolerance& tol) {
  const auto tx = Tokens(x), ty = Tokens(y);
  if (tx.size() != ty.size()) return false;
  for (size_t i = 0; i < tx.size(); ++i)
    if (!SameToken(tx[i], ty[i], tol)) return false;
  return true;
}

std::string Shown(const std::string& text) {
  if (text.empty()) return "(empty)";
  std::string one;
  for (const auto& t : Tokens(text)) one += (one.empty() ? "" : " ") + t;
  if (one.size() > 80) one = one.substr(0, 77) + "...";
  return "'" + one + "'";
}

std::string Join(const std::string& path, const std::string& step) {
  return path.empty() ? step : path + "/" + step;
}

class Walker {
 public:
  Walker(const VerbatimTolerance& tol,
         const std::function<bool(const std::string&)>& skip_attribute,
         const std::function<bool(const std::string&)>& skip_child,
         const std::function<bool(const std::string&, const std::string&,
                                  const std::string&)>& equivalent)
      : tol_(tol),
        skip_attribute_(skip_attribute),
        skip_child_(skip_child),
        equivalent_(equivalent) {}

  std::optional<VerbatimDifference> Compare(const Element& a, const Element& b,
                                            const std::string& path, bool top) {
    if (auto d = Attributes(a, b, path, top)) return d;
    if (!SameText(a.text, b.text, tol_) &&
        !(equivalent_ && equivalent_(path, a.text, b.text)))
      return VerbatimDifference{path.empty() ? "(text)" : path, Shown(a.text),
                                Shown(b.text), &a, &b};
    return Children(a, b, path, top);
  }

 private:
  std::optional<VerbatimDifference> Attributes(const Element& a, const Element& b,
                                               const std::string& path, bool top) {
    std::map<std::string, const std::string*> in_b;
    for (const auto& [k, v] : b.attributes) in_b.emplace(k, &v);
    for (const auto& [k, v] : a.attributes) {
      if (top && skip_attribute_(k)) continue;
      const auto it = in_b.find(k);
      const std::string at = Join(path, "@" + k);
      if (it == in_b.end())
        return VerbatimDifference{at, "'" + v + "'", "none", &a, &b};
      if (!SameText(v, *it->second, tol_))
        return VerbatimDifference{at, Shown(v), Shown(*it->second), &a, &b};
    }
    for (const auto& [k, v] : b.attributes) {
      if (top && skip_attribute_(k)) continue;
      if (!a.Attribute(k))
        return VerbatimDifference{Join(path, "@" + k), "none", "'" + v + "'", &a, &b};
    }
    return std::nullopt;
  }

  using Group = std::vector<const Element*>;

  // The children by name, the names in order of first appearance.
  static void Groups(const Element& e, std::vector<std::string>* order,
                     std::map<std::string, Group>* groups) {
    for (const auto& c : e.children) {
      auto& g = (*groups)[c.name];
      if (g.empty()) order->push_back(c.name);
      g.push_back(&c);
    }
  }

  // Siblings pair by their name attributes when every one has a distinct
  // one on both sides.
  static bool ByName(const Group& g) {
    std::set<std::string> seen;
    for (const Element* e : g) {
      const std::string* n = e->Attribute("name");
      if (!n || !seen.insert(*n).second) return false;
    }
    return true;
  }

  std::optional<VerbatimDifference> Children(const Element& a, const Element& b,
                                             const std::string& path, bool top) {
    std::vector<std::string> order_a, order_b;
    std::map<std::string, Group> ga, gb;
    Groups(a, &order_a, &ga);
    Groups(b, &order_b, &gb);
    for (const std::string& name : order_b)
      if (!ga.count(name)) order_a.push_back(name);
    for (const std::string& name : order_a) {
      if (top && skip_child_(name)) continue;
      const Group& xa = ga[name];
      const Group& xb = gb[name];
      if (xa.empty() || xb.empty()) {
        const Element* there = xa.empty() ? xb.front() : xa.front();
        const std::string step =
            there->Attribute("name") ? name + "[" + *there->Attribute("name") + "]"
                                     : name;
        return VerbatimDifference{Join(path, step), xa.empty() ? "none" : "present",
                                  xb.empty() ? "none" : "present",
                                  xa.empty() ? &a : xa.front(),
                                  xb.empty() ? &b : xb.front()};
      }
      if (ByName(xa) && ByName(xb)) {
        std::map<std::string, const Element*> named_b;
        for (const Element* e : xb) named_b.emplace(*e->Attribute("name"), e);
        for (const Element* e : xa) {
          const std::string& n = *e->Attribute("name");
          const std::string step = Join(path, name + "[" + n + "]");
          const auto it = named_b.find(n);
          if (it == named_b.end())
            return VerbatimDifference{step, "present", "none", e, &b};
          if (auto d = Compare(*e, *it->second, step, false)) return d;
          named_b.erase(it);
        }
        if (!named_b.empty()) {
          const Element* e = named_b.begin()->second;
          return VerbatimDifference{Join(path, name + "[" + *e->Attribute("name") + "]"),
                                    "none", "present", &a, e};
        }
        continue;
      }
      if (xa.size() != xb.size()) {
        return VerbatimDifference{Join(path, name), std::to_string(xa.size()) + " <" + name + ">",
                                  std::to_string(xb.size()), &a, &b};
      }
      for (size_t i = 0; i < xa.size(); ++i) {
        const std::string step =
            Join(path, xa.size() == 1 ? name : name + "(" + std::to_string(i + 1) + ")");
        if (auto d = Compare(*xa[i], *xb[i], step, false)) return d;
      }
    }
    return std::nullopt;
  }

  const VerbatimTolerance& tol_;
  const std::function<bool(const std::string&)>& skip_attribute_;
  const std::function<bool(const std::string&)>& skip_child_;
  const std::function<bool(const std::string&, const std::string&,
                           const std::string&)>& equivalent_;
};

}  // namespace

std::optional<VerbatimDifference> FirstDifference(
    const Element& a, const Element& b, const VerbatimTolerance& tol,
    const std::function<bool(const std::string&)>& skip_attribute,
    const std::function<bool(const std::string&)>& skip_child,
    const std::function<bool(const std::string&, const std::string&,
                             const std::string&)>& equivalent) {
  return Walker(tol, skip_attribute, skip_child, equivalent).Compare(a, b, "", true);
}

}  // namespace robot_diff
