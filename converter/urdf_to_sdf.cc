#include "converter/urdf_to_sdf.h"

#include <string_view>
#include <unordered_map>
#include <unordered_set>

#include "converter/gazebo_to_sdf.h"
#include "converter/lump.h"
#include "converter/urdf_extensions.h"
#include "frames/graph.h"
#include "frames/rename.h"
#include "sdf_io/writer.h"
#include "urdf_io/reader.h"
#include "xml/reader.h"

namespace converter {
namespace {

using frames::Element;
using frames::Model;

// Links in kinematic tree order: the root first, then depth first, children
// in the document order of their joints. The writer puts each joint before
// its child link, so the output reads like the spec's URDF-parity example.
void SortLinksInTreeOrder(Model* model) {
  // Keys are views into the model's strings, which stay put until the final
  // permutation: no name is copied.
  std::unordered_map<std::string_view, std::vector<const frames::Joint*>> kids;
  std::unordered_set<std::string_view> is_child;
  kids.reserve(model->joints.size());
  is_child.reserve(model->joints.size());
  for (const auto& j : model->joints) {
    kids[j.parent].push_back(&j);
    is_child.insert(j.child);
  }
  std::unordered_map<std::string_view, size_t> index;
  index.reserve(model->links.size());
  for (size_t k = 0; k < model->links.size(); ++k)
    index.emplace(model->links[k].name, k);
  std::vector<size_t> order;
  order.reserve(model->links.size());
  std::vector<std::string_view> stack;
  auto push_children = [&](std::string_view parent) {
    auto it = kids.find(parent);
    if (it == kids.end()) return;
    for (auto r = it->second.rbegin(); r != it->second.rend(); ++r)
      stack.push_back((*r)->child);
  };
  // Roots: the world link's children, or the one root link.
  push_children(urdf_io::kWorldLink);
  for (auto it = model->links.rbegin(); it != model->links.rend(); ++it) {
    if (!is_child.count(it->name)) stack.push_back(it->name);
  }
  std::vector<bool> taken(model->links.size(), false);
  while (!stack.empty()) {
    std::string_view name = stack.back();
    stack.pop_back();
    auto it = index.find(name);
    if (it == index.end() || taken[it->second]) continue;
    taken[it->second] = true;
    order.push_back(it->second);
    push_children(name);
  }
  std::vector<frames::Link> sorted;
  sorted.reserve(order.size());
  for (size_t k : order) sorted.push_back(std::move(model->links[k]));
  model->links = std::move(sorted);
}

// SDFormat requires names on visuals and collisions, unique among siblings
// of the same kind. Unnamed ones get "<link>_visual", "<link>_visual_1" ...
template <typename Shape>
void NameShapes(const std::string& link, const char* kind,
                std::vector<Shape>* shapes, frames::Diagnostics* diags) {
  std::unordered_set<std::string> used;
  for (const auto& s : *shapes) {
    if (s.name_given) used.insert(s.name);
  }
  std::unordered_set<std::string> seen;
  int counter = 0;
  for (auto& s : *shapes) {
    if (s.name_given) {
      if (seen.insert(s.name).second) continue;
      std::string name;
      for (int k = 1;; ++k) {
        name = s.name + "_" + std::to_string(k);
        if (!used.count(name)) break;
      }
      diags->Warning("SHAPE_RENAMED",
                     std::string(kind) + " name '" + s.name +
                         "' is used twice in link '" + link +
                         "'; the second is written as '" + name + "'",
                     s.where);
      s.name = name;
      used.insert(name);
      seen.insert(name);
      continue;
    }
    std::string name = link + "_" + kind;
    while (used.count(counter == 0 ? name : name + "_" + std::to_string(counter)))
      ++counter;
    s.name = counter == 0 ? name : name + "_" + std::to_string(counter);
    ++counter;
    used.insert(s.name);
    seen.insert(s.name);
  }
}

void RewritePackageUris(Model* model) {
  static const std::string kPackage = "package://";
  auto fix = [](frames::Geometry* g) {
    if (g->type == frames::Geometry::Type::kMesh &&
        g->uri.compare(0, kPackage.size(), kPackage) == 0) {
      g->uri = "model://" + g->uri.substr(kPackage.size());
    }
  };
  for (auto& l : model->links) {
    for (auto& v : l.visuals) fix(&v.geometry);
    for (auto& c : l.collisions) fix(&c.geometry);
  }
}

}  // namespace

ConversionResult UrdfToSdf(std::string_view urdf_text,
                           const std::string& source_name,
                           const UrdfToSdfOptions& options) {
  ConversionResult result;
  auto model = urdf_io::ReadUrdf(urdf_text, source_name, &result.diagnostics);
  if (!model) {
    result.diagnostics.SortByLocation();
    return result;
  }

  SortLinksInTreeOrder(&*model);
  frames::RenameJointsClashingWithLinks(
      &*model, " and its original name is kept in <urdf:original_name>",
      &result.diagnostics);
  for (auto& l : model->links) {
    NameShapes(l.name, "visual", &l.visuals, &result.diagnostics);
    NameShapes(l.name, "collision", &l.collisions, &result.diagnostics);
  }
  if (options.package_to_model) RewritePackageUris(&*model);
  RepairInertias(&*model, &result.diagnostics);

  // The core checks the SDFormat model and resolves every pose.
  frames::Diagnostics graph_diags;
  frames::FrameGraph graph = frames::FrameGraph::Build(*model, &graph_diags);
  result.diagnostics.Append(graph_diags);
  if (!graph.ok()) {
    result.diagnostics.SortByLocation();
    return result;
  }

  // URDF-only content becomes its carried form first, so that lumping moves
  // it with the links and joints it belongs to.
  CarryUrdfOnlyElements(&*model, &result.diagnostics);
  // <gazebo> blocks into SDFormat elements, after carrying (which would
  // prefix what they add) and before lumping (which moves it). The blocks
  // stay carried as <urdf:gazebo> for sdf2urdf.
  ApplyGazeboBlocks(&*model, &result.diagnostics);
  if (options.lump_fixed_joints) {
    LumpFixedJoints(graph, &*model, &result.diagnostics);
  }

  result.diagnostics.SortByLocation();
  result.ok = !result.diagnostics.HasErrors();
  if (result.ok && !options.check_only) {
    sdf_io::WriteOptions wo;
    wo.namespaces.emplace_back("urdf", kUrdfNamespace);
    result.output = sdf_io::WriteSdf(*model, wo);
  }
  return result;
}

ConversionResult UrdfFileToSdf(const std::string& path,
                               const UrdfToSdfOptions& options) {
  frames::Diagnostics diags;
  auto text = xml::ReadFile(path, &diags);
  if (!text) {
    ConversionResult r;
    r.diagnostics = diags;
    return r;
  }
  return UrdfToSdf(*text, path, options);
}

}  // namespace converter
