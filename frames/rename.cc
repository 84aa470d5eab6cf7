#include "frames/rename.h"

#include <unordered_map>
#include <unordered_set>

namespace frames {

void RenameJointsClashingWithLinks(Model* model, const std::string& note,
                                   Diagnostics* diags) {
  std::unordered_set<std::string> links, used;
  links.reserve(model->links.size());
  for (const auto& l : model->links) links.insert(l.name);
  std::unordered_map<std::string, std::string> renamed;
  for (auto& j : model->joints) {
    if (!links.count(j.name)) continue;
    if (used.empty()) {  // built once, only when some name clashes
      used = links;
      for (const auto& k : model->joints) used.insert(k.name);
    }
    std::string name = j.name + "_joint";
    for (int k = 2; used.count(name); ++k)
      name = j.name + "_joint_" + std::to_string(k);
    used.insert(name);
    diags->Warning(Code::JOINT_RENAMED,
                   "joint '" + j.name +
                       "' has the name of a link, which "
                       "SDFormat 1.7 does not allow; it is written as '" +
                       name + "'" + note,
                   j.where);
    renamed.emplace(j.name, name);
    j.original_name = j.name;
    j.name = name;
  }
  if (renamed.empty()) return;
  for (auto& l : model->links) {
    auto it = renamed.find(l.pose.relative_to);
    if (it != renamed.end()) l.pose.relative_to = it->second;
  }
}

}  // namespace frames
