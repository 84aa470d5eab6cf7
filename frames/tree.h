// The links and joints of one model scope read as a kinematic tree: what
// URDF requires of a robot and the URDF-parity form of a model needs. One
// analysis; each caller reports what it finds with its own codes.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "frames/model.h"

namespace frames {

struct TreeAnalysis {
  // Link name -> index of the first joint that has it as child. The keys
  // view the model's link names: valid while the model's links are.
  std::unordered_map<std::string_view, size_t> parent_joint;
  // The same by link index (model.links order): the first parent joint's
  // index, or -1 for a link that is no joint's child.
  std::vector<long> parent_of_link;
  // (first parent joint, another parent joint) of links with several
  // parents, in joint order.
  std::vector<std::pair<size_t, size_t>> extra_parents;
  // Links that are no joint's child, in model order.
  std::vector<std::string> roots;
  // Some joint has "world" as its parent.
  bool from_world = false;
  // Indices of links reachable neither from a root nor from "world": they
  // lie on a cycle of joints. In model order.
  std::vector<size_t> unreached;

  // Link name -> index in model.links (views of the model's link names).
  std::unordered_map<std::string_view, size_t> link_index;

  // The joint whose child `link` is, or nullptr for a root.
  const Joint* ParentJoint(const Model& model, const std::string& link) const {
    auto it = parent_joint.find(link);
    return it == parent_joint.end() ? nullptr : &model.joints[it->second];
  }
};

// Joints whose child is not a link of `model` (a missing link, "world", a
// scoped name) or whose parent is their child are left out: they are not
// edges of this scope's tree, and their problem is reported by whoever
// checks joints. A joint whose parent is missing is still an edge (its child
// has a parent), so a link under it is neither a root nor reachable.
TreeAnalysis AnalyzeTree(const Model& model);

// For a link with two parent joints (an entry of `extra_parents`): when the
// paths up from both parents meet, the joints of the loop they close (a
// four-bar linkage), in order from the meeting link down one side and back
// up the other, as joint indices; nullopt when the parents lie in separate
// trees.
std::optional<std::vector<size_t>> LoopThroughParents(const Model& model,
                                                      const TreeAnalysis& tree,
                                                      size_t first_joint,
                                                      size_t other_joint);

// The cycles among `unreached` links: each as the indices of its joints in
// their own direction, starting after the joint that closes it. One entry
// per cycle, in the order of the unreached links.
std::vector<std::vector<size_t>> JointCycles(const Model& model,
                                             const TreeAnalysis& tree);

}  // namespace frames
