#include "frames/tree.h"

#include <unordered_set>

namespace frames {

TreeAnalysis AnalyzeTree(const Model& model) {
  TreeAnalysis t;
  std::unordered_set<std::string> links;
  links.reserve(model.links.size());
  for (const auto& l : model.links) links.insert(l.name);
  t.parent_joint.reserve(model.joints.size());
  std::unordered_map<std::string, std::vector<size_t>> children;
  for (size_t k = 0; k < model.joints.size(); ++k) {
    const Joint& j = model.joints[k];
    if (j.parent == "world") t.from_world = true;
    if (!links.count(j.child) || j.parent == j.child) continue;
    auto [it, inserted] = t.parent_joint.emplace(j.child, k);
    if (!inserted) {
      t.extra_parents.emplace_back(it->second, k);
      continue;
    }
    children[j.parent].push_back(k);
  }
  for (const auto& l : model.links) {
    if (!t.parent_joint.count(l.name)) t.roots.push_back(l.name);
  }
  // Each link has at most one parent edge, so whatever a walk down from the
  // roots and from "world" does not reach lies on a cycle.
  std::unordered_set<std::string> reached;
  reached.reserve(model.links.size());
  std::vector<std::string> stack(t.roots.begin(), t.roots.end());
  stack.push_back("world");
  while (!stack.empty()) {
    std::string name = std::move(stack.back());
    stack.pop_back();
    if (!reached.insert(name).second) continue;
    auto it = children.find(name);
    if (it == children.end()) continue;
    for (size_t k : it->second) stack.push_back(model.joints[k].child);
  }
  for (size_t k = 0; k < model.links.size(); ++k) {
    if (!reached.count(model.links[k].name)) t.unreached.push_back(k);
  }
  return t;
}

}  // namespace frames
