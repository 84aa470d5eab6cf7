// CheckTree and ChooseRoot: the output is a tree with one root.
#include <algorithm>

#include "reshape/to_urdf/passes.h"
#include "urdf_io/reader.h"

namespace converter::urdf_reshape {

bool CheckTree(Draft* draft, frames::Diagnostics* diags) {
  const frames::Model& out = draft->out;
  frames::TreeAnalysis& tree = draft->tree;
  tree = frames::AnalyzeTree(out);
  auto names = [&](const std::vector<size_t>& joints) {
    std::string list;
    for (size_t k : joints)
      list += (list.empty() ? "" : ", ") + Quoted(out.joints[k].name);
    return list;
  };
  for (const auto& [first, other] : tree.extra_parents) {
    const frames::Joint& a = out.joints[first];
    const frames::Joint& b = out.joints[other];
    // Both parents reach a common ancestor: the two paths and the two joints
    // close a loop (a four-bar linkage). Otherwise it is two trees joined.
    const auto loop = frames::LoopThroughParents(out, tree, first, other);
    if (!loop) {
      diags->Error(frames::Code::URDF_MULTIPLE_PARENTS,
                   "link " + Quoted(b.child) + " is the child of joints " +
                       Quoted(a.name) + " and " + Quoted(b.name) +
                       "; URDF links have one parent joint",
                   b.where);
      continue;
    }
    diags->Error(frames::Code::URDF_KINEMATIC_LOOP,
                 "joints " + names(*loop) + " form a kinematic loop (link " +
                     Quoted(b.child) + " is the child of " + Quoted(a.name) +
                     " and " + Quoted(b.name) + "); URDF describes a tree",
                 b.where);
  }
  if (!tree.extra_parents.empty()) return false;
  for (const auto& cycle : frames::JointCycles(out, tree)) {
    diags->Error(frames::Code::URDF_KINEMATIC_LOOP,
                 "joints " + names(cycle) +
                     " form a kinematic loop; URDF describes a tree",
                 out.joints[cycle.front()].where);
  }
  return tree.unreached.empty();
}

// The root is `world` when a joint has parent world, else the canonical
// link if it is no joint's child, else the first link that is none's.
void ChooseRoot(const FlatModel& flat, OutputNames* names, Draft* draft,
                frames::Diagnostics* diags) {
  frames::Model& out = draft->out;
  frames::TreeAnalysis& tree = draft->tree;
  // The links that are no joint's child (tree.roots), by index.
  std::vector<size_t> free;
  for (size_t k = 0; k < out.links.size(); ++k) {
    if (tree.parent_of_link[k] < 0) free.push_back(k);
  }
  std::string root = urdf_io::kWorldLink;
  long root_link = -1;  // `world` is no link
  if (!tree.from_world && !free.empty()) {
    const std::string canonical = names->Out(flat.canonical);
    auto it = std::find_if(free.begin(), free.end(), [&](size_t k) {
      return out.links[k].name == canonical;
    });
    if (it == free.end()) it = free.begin();
    root = out.links[*it].name;
    root_link = static_cast<long>(*it);
    free.erase(it);
  }
  for (const size_t k : free) {
    const std::string& name = out.links[k].name;
    frames::Joint j;
    j.name = names->Unique(name + "_floating");
    j.type = frames::JointType::kFloating;
    j.parent = root;
    j.child = name;
    j.where = out.links[k].where;
    diags->Warning(frames::Code::LINK_FREE_FLOATING,
                   "link " + Quoted(name) +
                       " is no joint's child (a free body); URDF has one "
                       "root, " + Quoted(root) +
                       ", so it is attached to it by floating joint " +
                       Quoted(j.name),
                   j.where);
    draft->joint_info.push_back(JointInfo{draft->X_MU[k], false, nullptr});
    tree.parent_of_link[k] = static_cast<long>(out.joints.size());
    tree.parent_link_of_joint.push_back(root_link);
    tree.child_link_of_joint.push_back(static_cast<long>(k));
    out.joints.push_back(std::move(j));
  }
  tree.roots.clear();
}

}  // namespace converter::urdf_reshape
