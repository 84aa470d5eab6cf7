#include "frames/rename.h"

#include <string_view>
#include <unordered_map>
#include <unordered_set>

#include "frames/name_index.h"

namespace frames {

void RenameJointsClashingWithLinks(Model* model, const std::string& note,
                                   Diagnostics* diags) {
  // Link names by position (no copy of a name), and each loop asks for
  // the table slots of names a few steps ahead (NameIndex::Ahead): in a
  // model of 100,000 links the table is larger than the caches.
  const auto link_name = [model](size_t k) -> std::string_view {
    return model->links[k].name;
  };
  NameIndex links;
  links.Reserve(model->links.size());
  NameIndex::Ahead links_ahead(links, model->links.size(), link_name);
  for (size_t k = 0; k < model->links.size(); ++k)
    links.Insert(links_ahead.Take(k), k, link_name);
  std::unordered_set<std::string> used;
  std::unordered_map<std::string, std::string> renamed;
  NameIndex::Ahead joints_ahead(
      links, model->joints.size(),
      [model](size_t k) -> std::string_view { return model->joints[k].name; });
  for (size_t k = 0; k < model->joints.size(); ++k) {
    Joint& j = model->joints[k];
    if (links.Find(joints_ahead.Take(k), link_name) < 0) continue;
    if (used.empty()) {  // built once, only when some name clashes
      for (const auto& l : model->links) used.insert(l.name);
      for (const auto& other : model->joints) used.insert(other.name);
    }
    std::string name = j.name + "_joint";
    for (int n = 2; used.count(name); ++n)
      name = j.name + "_joint_" + std::to_string(n);
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
