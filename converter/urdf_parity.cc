#include "converter/urdf_parity.h"

#include <string>
#include <unordered_map>
#include <vector>

#include "frames/graph.h"

namespace converter {

bool CheckKinematicTree(const frames::Model& model, const char* code_prefix,
                        frames::Diagnostics* diags) {
  const std::string prefix = code_prefix;
  bool ok = true;
  std::unordered_map<std::string, size_t> parent_joint;  // child -> joint
  std::unordered_map<std::string, std::vector<size_t>> children;
  for (size_t k = 0; k < model.joints.size(); ++k) {
    const frames::Joint& j = model.joints[k];
    if (j.child.find("::") != std::string::npos ||
        j.parent.find("::") != std::string::npos) {
      diags->Error(prefix + "SCOPED_JOINT",
                   "joint '" + j.name + "' connects a link of a nested model ('" +
                       j.parent + "' to '" + j.child +
                       "'); a URDF tree cannot cross model scopes",
                   j.where);
      ok = false;
      continue;
    }
    auto [it, inserted] = parent_joint.emplace(j.child, k);
    if (!inserted) {
      diags->Error(prefix + "MULTIPLE_PARENTS",
                   "link '" + j.child + "' is the child of joints '" +
                       model.joints[it->second].name + "' and '" + j.name + "'",
                   j.where);
      ok = false;
      continue;
    }
    children[j.parent].push_back(k);
  }
  std::vector<std::string> roots;
  for (const auto& l : model.links) {
    if (!parent_joint.count(l.name)) roots.push_back(l.name);
  }
  if (roots.size() > 1) {
    std::string names;
    for (const auto& r : roots) names += (names.empty() ? "'" : ", '") + r + "'";
    diags->Error(prefix + "MULTIPLE_ROOTS",
                 "model '" + model.name + "' has " +
                     std::to_string(roots.size()) +
                     " links that are no joint's child (" + names +
                     "); a URDF tree has one root",
                 model.where);
    ok = false;
  }
  // Links not reached from the roots (or from world) sit on a loop.
  std::unordered_map<std::string, bool> reached;
  std::vector<std::string> stack(roots.begin(), roots.end());
  stack.push_back("world");
  while (!stack.empty()) {
    std::string name = stack.back();
    stack.pop_back();
    if (reached[name]) continue;
    reached[name] = true;
    auto it = children.find(name);
    if (it == children.end()) continue;
    for (size_t k : it->second) stack.push_back(model.joints[k].child);
  }
  for (const auto& l : model.links) {
    if (reached[l.name]) continue;
    auto it = parent_joint.find(l.name);
    diags->Error(prefix + "KINEMATIC_LOOP",
                 "link '" + l.name + "' is on a kinematic loop (through joint '" +
                     model.joints[it->second].name + "')",
                 model.joints[it->second].where);
    ok = false;
  }
  return ok;
}

bool ToUrdfParity(frames::Model* model, frames::Diagnostics* diags) {
  bool ok = true;
  for (auto& nested : model->models) ok = ToUrdfParity(&nested, diags) && ok;
  if (!CheckKinematicTree(*model, "PARITY_", diags)) return false;
  frames::Diagnostics scratch;  // the model was validated before
  const frames::FrameGraph graph = frames::FrameGraph::Build(*model, &scratch);
  if (!graph.ok()) return false;
  std::unordered_map<std::string, const frames::Joint*> joint_of;
  for (const auto& j : model->joints) joint_of.emplace(j.child, &j);
  for (auto& j : model->joints) {
    const std::string target = j.parent == "world" ? "__model__" : j.parent;
    if (j.pose.relative_to == target) continue;
    auto X_PJ = graph.Resolve(j.name, target);
    if (!X_PJ) return false;
    j.pose = frames::Pose::FromIsometry(*X_PJ, target);
  }
  for (auto& l : model->links) {
    auto it = joint_of.find(l.name);
    const std::string target = it == joint_of.end() ? "" : it->second->name;
    if (l.pose.relative_to == target ||
        (target.empty() && l.pose.relative_to == "__model__")) {
      continue;
    }
    auto X_TL = graph.Resolve(l.name, target);
    if (!X_TL) return false;
    l.pose = frames::Pose::FromIsometry(*X_TL, target);
  }
  return ok;
}

}  // namespace converter
