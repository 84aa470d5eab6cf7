#include "reshape/to_sdf/urdf_parity.h"

#include <string>
#include <unordered_map>
#include <vector>

#include "frames/graph.h"
#include "frames/tree.h"

namespace converter {

bool CheckKinematicTree(const frames::Model& model,
                        frames::Diagnostics* diags) {
  bool ok = true;
  const frames::TreeAnalysis tree = frames::AnalyzeTree(model);
  const frames::TreeCheck check = frames::CheckTree(model, tree);
  for (size_t k = 0; k < model.joints.size(); ++k) {
    const frames::Joint& j = model.joints[k];
    if (check.joints[k].scoped) {
      diags->Error(frames::Code::PARITY_SCOPED_JOINT,
                   "joint '" + j.name +
                       "' connects a link of a nested model ('" + j.parent +
                       "' to '" + j.child +
                       "'); a URDF tree cannot cross model scopes",
                   j.where);
      ok = false;
    }
  }
  for (size_t k = 0; k < model.joints.size(); ++k) {
    const frames::JointEdgeFinding& f = check.joints[k];
    if (f.child != frames::JointEdgeFinding::Child::kSecondParent) continue;
    const frames::Joint& j = model.joints[k];
    diags->Error(frames::Code::PARITY_MULTIPLE_PARENTS,
                 "link '" + j.child + "' is the child of joints '" +
                     model.joints[f.first_parent].name + "' and '" + j.name +
                     "'",
                 j.where);
    ok = false;
  }
  // The links that are no joint's child ("world" aside: a joint from the
  // world is allowed).
  const size_t world = tree.from_world ? 1 : 0;
  const std::vector<std::string> roots(check.roots.begin() + world,
                                       check.roots.end());
  if (roots.size() > 1) {
    std::string names;
    for (const auto& r : roots)
      names += (names.empty() ? "'" : ", '") + r + "'";
    diags->Error(frames::Code::PARITY_MULTIPLE_ROOTS,
                 "model '" + model.name + "' has " +
                     std::to_string(roots.size()) +
                     " links that are no joint's child (" + names +
                     "); a URDF tree has one root",
                 model.where);
    ok = false;
  }
  for (size_t k : check.cycle_links) {
    const frames::Joint* j = tree.ParentJoint(model, model.links[k].name);
    diags->Error(frames::Code::PARITY_KINEMATIC_LOOP,
                 "link '" + model.links[k].name +
                     "' is on a kinematic loop (through joint '" + j->name +
                     "')",
                 j->where);
    ok = false;
  }
  return ok;
}

bool ToUrdfParity(frames::Model* model, frames::Diagnostics* diags) {
  bool ok = true;
  for (auto& nested : model->models) ok = ToUrdfParity(&nested, diags) && ok;
  if (!CheckKinematicTree(*model, diags)) return false;
  frames::Diagnostics scratch;  // the model was validated before
  const frames::FrameGraph graph = frames::FrameGraph::Build(*model, &scratch);
  if (!graph.ok()) return false;
  const frames::TreeAnalysis tree = frames::AnalyzeTree(*model);
  for (auto& j : model->joints) {
    const std::string target =
        j.parent == frames::kWorldFrame ? frames::kModelFrame : j.parent;
    if (j.pose.relative_to == target) continue;
    auto X_PJ = graph.Resolve(j.name, target);
    if (!X_PJ) return false;
    j.pose = frames::Pose::FromIsometry(*X_PJ, target);
  }
  for (auto& l : model->links) {
    const frames::Joint* parent = tree.ParentJoint(*model, l.name);
    const std::string target = parent ? parent->name : "";
    if (l.pose.relative_to == target ||
        (target.empty() && l.pose.relative_to == frames::kModelFrame)) {
      continue;
    }
    auto X_TL = graph.Resolve(l.name, target);
    if (!X_TL) return false;
    l.pose = frames::Pose::FromIsometry(*X_TL, target);
  }
  return ok;
}

}  // namespace converter
