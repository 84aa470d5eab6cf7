#include "frames/tree.h"

namespace frames {

TreeAnalysis AnalyzeTree(const Model& model) {
  TreeAnalysis t;
  const size_t n = model.links.size();
  // Names are looked up once; the walk below runs on indices.
  std::unordered_map<std::string_view, size_t> link_index;
  link_index.reserve(n);
  for (size_t k = 0; k < n; ++k) link_index.emplace(model.links[k].name, k);
  t.parent_joint.reserve(model.joints.size());
  t.parent_of_link.assign(n, -1);
  // children[k]: joints whose parent is link k; children[n]: from "world".
  std::vector<std::vector<size_t>> children(n + 1);
  for (size_t k = 0; k < model.joints.size(); ++k) {
    const Joint& j = model.joints[k];
    const bool from_world = j.parent == "world";
    if (from_world) t.from_world = true;
    auto child = link_index.find(j.child);
    if (child == link_index.end() || j.parent == j.child) continue;
    auto [it, inserted] =
        t.parent_joint.emplace(model.links[child->second].name, k);
    if (!inserted) {
      t.extra_parents.emplace_back(it->second, k);
      continue;
    }
    t.parent_of_link[child->second] = static_cast<long>(k);
    if (from_world) {
      children[n].push_back(child->second);
    } else if (auto parent = link_index.find(j.parent);
               parent != link_index.end()) {
      children[parent->second].push_back(child->second);
    }
  }
  for (size_t k = 0; k < n; ++k) {
    if (t.parent_of_link[k] < 0) t.roots.push_back(model.links[k].name);
  }
  // Each link has at most one parent edge, so whatever a walk down from the
  // roots and from "world" does not reach lies on a cycle.
  std::vector<bool> reached(n + 1, false);
  std::vector<size_t> stack;
  stack.reserve(n + 1);
  stack.push_back(n);
  for (size_t k = 0; k < n; ++k) {
    if (t.parent_of_link[k] < 0) stack.push_back(k);
  }
  while (!stack.empty()) {
    const size_t k = stack.back();
    stack.pop_back();
    if (reached[k]) continue;
    reached[k] = true;
    for (size_t c : children[k]) stack.push_back(c);
  }
  for (size_t k = 0; k < n; ++k) {
    if (!reached[k]) t.unreached.push_back(k);
  }
  return t;
}

}  // namespace frames
