#include "frames/tree.h"

#include <unordered_map>
#include <unordered_set>

namespace frames {

TreeAnalysis AnalyzeTree(const Model& model) {
  TreeAnalysis t;
  const size_t n = model.links.size();
  const size_t m = model.joints.size();
  // Names are looked up once; the walk below runs on indices.
  t.link_index.Reserve(n);
  // Each loop over names asks for the table slots of names a few steps
  // ahead (NameIndex::Ahead): in a model of 100,000 links the table is
  // larger than the caches.
  NameIndex::Ahead links_ahead(t.link_index, n, TreeAnalysis::LinkNames(model));
  for (size_t k = 0; k < n; ++k) {
    const long first = t.link_index.Insert(links_ahead.Take(k), k,
                                           TreeAnalysis::LinkNames(model));
    if (first != static_cast<long>(k)) t.duplicate_links.push_back(k);
  }
  t.parent_link_of_joint.resize(m);
  t.child_link_of_joint.resize(m);
  t.parent_of_link.assign(n, -1);
  // The children of link k (k == n: of "world") as a linked list:
  // first_child[k], then next_sibling[c] until -1. A link has at most one
  // parent edge, so it is in at most one list.
  std::vector<long> first_child(n + 1, -1);
  std::vector<long> next_sibling(n, -1);
  NameIndex::Ahead parents_ahead(t.link_index, m, [&model](size_t k) {
    return std::string_view(model.joints[k].parent);
  });
  NameIndex::Ahead children_ahead(t.link_index, m, [&model](size_t k) {
    return std::string_view(model.joints[k].child);
  });
  for (size_t k = 0; k < m; ++k) {
    const Joint& j = model.joints[k];
    const long parent = t.parent_link_of_joint[k] = t.link_index.Find(
        parents_ahead.Take(k), TreeAnalysis::LinkNames(model));
    const long child = t.child_link_of_joint[k] = t.link_index.Find(
        children_ahead.Take(k), TreeAnalysis::LinkNames(model));
    const bool from_world = j.parent == kWorldFrame;
    if (from_world) t.from_world = true;
    if (child < 0 || j.parent == j.child) continue;
    long& first = t.parent_of_link[child];
    if (first >= 0) {
      t.extra_parents.emplace_back(static_cast<size_t>(first), k);
      continue;
    }
    first = static_cast<long>(k);
    if (from_world || parent >= 0) {
      long& head = first_child[from_world ? n : static_cast<size_t>(parent)];
      next_sibling[child] = head;
      head = child;
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
    for (long c = first_child[k]; c >= 0; c = next_sibling[c])
      stack.push_back(static_cast<size_t>(c));
  }
  for (size_t k = 0; k < n; ++k) {
    if (!reached[k]) t.unreached.push_back(k);
  }
  return t;
}

namespace {

// The joints from `link` up to its root (first parents), nearest first.
std::vector<size_t> JointsUp(const Model& model, const TreeAnalysis& tree,
                             std::string_view link) {
  std::vector<size_t> chain;
  std::unordered_set<std::string_view> seen;
  while (seen.insert(link).second) {
    const long k = tree.FindLink(model, link);
    if (k < 0) break;
    const long j = tree.parent_of_link[k];
    if (j < 0) break;
    chain.push_back(static_cast<size_t>(j));
    link = model.joints[j].parent;
  }
  return chain;
}

}  // namespace

std::optional<std::vector<size_t>> LoopThroughParents(const Model& model,
                                                      const TreeAnalysis& tree,
                                                      size_t first_joint,
                                                      size_t other_joint) {
  const Joint& a = model.joints[first_joint];
  const Joint& b = model.joints[other_joint];
  const auto chain_a = JointsUp(model, tree, a.parent);
  const auto chain_b = JointsUp(model, tree, b.parent);
  // Links on a's path up -> how many of its joints lie below them.
  std::unordered_map<std::string_view, size_t> on_a;
  on_a[a.parent] = 0;
  for (size_t k = 0; k < chain_a.size(); ++k)
    on_a[model.joints[chain_a[k]].parent] = k + 1;
  std::optional<std::pair<size_t, size_t>> meet;  // (joints of a, of b)
  if (auto it = on_a.find(b.parent); it != on_a.end()) meet.emplace(it->second, 0);
  for (size_t k = 0; !meet && k < chain_b.size(); ++k) {
    auto it = on_a.find(model.joints[chain_b[k]].parent);
    if (it != on_a.end()) meet.emplace(it->second, k + 1);
  }
  if (!meet) return std::nullopt;
  std::vector<size_t> loop;
  for (size_t k = meet->first; k-- > 0;) loop.push_back(chain_a[k]);
  loop.push_back(first_joint);
  loop.push_back(other_joint);
  for (size_t k = 0; k < meet->second; ++k) loop.push_back(chain_b[k]);
  return loop;
}

std::vector<std::vector<size_t>> JointCycles(const Model& model,
                                             const TreeAnalysis& tree) {
  std::vector<std::vector<size_t>> cycles;
  std::vector<bool> done(model.links.size(), false);
  for (size_t start : tree.unreached) {
    if (done[start]) continue;
    // Each unreached link has one parent joint; following parents from it
    // ends on a cycle (or on a link already accounted for).
    std::vector<size_t> path;
    std::unordered_map<size_t, size_t> at;  // link -> position on path
    size_t k = start;
    while (!at.count(k)) {
      at[k] = path.size();
      path.push_back(k);
      const long j = tree.parent_of_link[k];
      const long parent = j < 0 ? -1 : tree.parent_link_of_joint[j];
      if (parent < 0) break;
      k = static_cast<size_t>(parent);
    }
    const bool closed = at.count(k) && !done[k];
    for (size_t p : path) done[p] = true;
    if (!closed) continue;
    // Parent-wards along the cycle; listed in the joints' own direction.
    std::vector<size_t> joints;
    for (size_t p = path.size(); p-- > at[k];)
      joints.push_back(static_cast<size_t>(tree.parent_of_link[path[p]]));
    cycles.push_back(std::move(joints));
  }
  return cycles;
}

TreeCheck CheckTree(const Model& model, const TreeAnalysis& tree) {
  TreeCheck c;
  c.joints.resize(model.joints.size());
  // A link a joint can name: an empty name and "world" name no link.
  const auto names_link = [](long index, const std::string& name) {
    return index >= 0 && !name.empty() && name != kWorldFrame;
  };
  for (size_t k = 0; k < model.joints.size(); ++k) {
    const Joint& j = model.joints[k];
    JointEdgeFinding& f = c.joints[k];
    f.scoped = j.child.find("::") != std::string::npos ||
               j.parent.find("::") != std::string::npos;
    f.from_world = j.parent == kWorldFrame;
    f.parent_missing =
        !f.from_world && !names_link(tree.parent_link_of_joint[k], j.parent);
    const long child = tree.child_link_of_joint[k];
    if (j.child == kWorldFrame) {
      f.child = JointEdgeFinding::Child::kIsWorld;
    } else if (!names_link(child, j.child)) {
      f.child = JointEdgeFinding::Child::kMissing;
    } else if (j.parent == j.child) {
      f.child = JointEdgeFinding::Child::kIsParent;
    } else if (const Joint* first =
                   tree.ParentJointOf(model, static_cast<size_t>(child));
               first != &j) {
      f.child = JointEdgeFinding::Child::kSecondParent;
      f.first_parent = static_cast<size_t>(first - model.joints.data());
    }
    if (f.parent_missing || f.child != JointEdgeFinding::Child::kOk)
      c.edges_ok = false;
  }
  if (tree.from_world) c.roots.push_back(kWorldFrame);
  c.roots.insert(c.roots.end(), tree.roots.begin(), tree.roots.end());
  c.cycle_links = tree.unreached;
  return c;
}

}  // namespace frames
