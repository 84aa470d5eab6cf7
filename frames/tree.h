// The links and joints of one model scope read as a kinematic tree: what
// URDF requires of a robot and the URDF-parity form of a model needs. One
// analysis; each caller reports what it finds with its own codes.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "frames/model.h"
#include "frames/name_index.h"

namespace frames {

struct TreeAnalysis {
  // Link name -> index in model.links of the first link with that name
  // (FindLink reads it).
  NameIndex link_index;
  // Links whose name an earlier link already has, in model order.
  std::vector<size_t> duplicate_links;
  // Per joint (model.joints order): the index in model.links of the link
  // it names as parent, and as child, or -1 when no link has that name.
  // Name lookups are done once here; callers walk indices.
  std::vector<long> parent_link_of_joint;
  std::vector<long> child_link_of_joint;
  // By link index (model.links order): the first parent joint's index, or
  // -1 for a link that is no joint's child. A link that shares an earlier
  // link's name has -1: the name's parent joint is the earlier link's.
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

  // How link_index reads the names it holds the positions of.
  static auto LinkNames(const Model& model) {
    return [&model](size_t k) -> std::string_view {
      return model.links[k].name;
    };
  }
  // Index in model.links of the first link named `name`, or -1.
  long FindLink(const Model& model, std::string_view name) const {
    return link_index.Find(name, LinkNames(model));
  }
  // The joint whose child `link` is, or nullptr for a root.
  const Joint* ParentJoint(const Model& model, const std::string& link) const {
    const long k = FindLink(model, link);
    return k < 0 ? nullptr : ParentJointAt(model, static_cast<size_t>(k));
  }
  // The same for the link at index `link` of model.links.
  const Joint* ParentJointOf(const Model& model, size_t link) const {
    // Only the first link of a name has its parent joint recorded.
    if (!duplicate_links.empty())
      link = static_cast<size_t>(FindLink(model, model.links[link].name));
    return ParentJointAt(model, link);
  }
  // Whether an earlier link has the name of the link at index `link`.
  bool SharesEarlierName(const Model& model, size_t link) const {
    return !duplicate_links.empty() &&
           FindLink(model, model.links[link].name) != static_cast<long>(link);
  }

 private:
  const Joint* ParentJointAt(const Model& model, size_t first) const {
    const long j = parent_of_link[first];
    return j < 0 ? nullptr : &model.joints[j];
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

// What keeps joint k from being an edge of this scope's tree, as one typed
// finding (the callers word and code it: urdf_io's reader and writer, the
// URDF-parity check).
struct JointEdgeFinding {
  enum class Child {
    kOk,            // an edge of the tree
    kIsWorld,       // the child is "world"
    kMissing,       // the child names no link (or an empty name, or "world"
                    // when a link has that name)
    kIsParent,      // parent and child are one link
    kSecondParent,  // the child already has parent joint `first_parent`
  };
  bool from_world = false;      // the parent is "world"
  bool parent_missing = false;  // the parent names no link and is not "world"
  bool scoped = false;          // parent or child is a scoped (::) name
  Child child = Child::kOk;
  size_t first_parent = 0;  // kSecondParent: index in model.joints
};

// The one tree check: per joint (model.joints order) its finding, and the
// shape of the whole: roots and links on cycles. Each caller reports what it
// needs with its own codes and words.
struct TreeCheck {
  std::vector<JointEdgeFinding> joints;
  // No joint has a parent, child or second-parent problem (scoped names
  // aside): only then do roots and cycles mean anything.
  bool edges_ok = true;
  // "world" first when some joint starts there, then the links that are no
  // joint's child, in model order.
  std::vector<std::string> roots;
  // Links reachable from no root: each lies on a cycle (tree.unreached).
  std::vector<size_t> cycle_links;
};
TreeCheck CheckTree(const Model& model, const TreeAnalysis& tree);

}  // namespace frames
