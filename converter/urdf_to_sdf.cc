#include "converter/read_input.h"
#include "converter/urdf_to_sdf.h"

#include <string>
#include <string_view>
#include <unordered_set>
#include <utility>
#include <vector>

#include "reshape/to_sdf/gazebo_to_sdf.h"
#include "reshape/to_sdf/lump.h"
#include "reshape/urdf_extensions.h"
#include "frames/graph.h"
#include "xml/writer.h"
#include "frames/tree.h"
#include "frames/rename.h"
#include "sdf_io/writer.h"
#include "urdf_io/reader.h"
#include "xacro/xacro.h"
#include "xml/reader.h"

namespace converter {
namespace {

using frames::Element;
using frames::Model;

// Links in kinematic tree order: the root first, then depth first, children
// in the document order of their joints. The writer puts each joint before
// its child link, so the output reads like the spec's URDF-parity example.
// `tree` is the reader's analysis of the model (its links and joints by
// position: no name is looked up again).
void SortLinksInTreeOrder(const frames::TreeAnalysis& tree, Model* model) {
  const size_t n = model->links.size();
  // The world link, whose children are roots, is no link of the model (the
  // reader drops it): it takes position n.
  const size_t world = n;
  // (parent, child) per joint whose links exist, in document order, then
  // grouped by parent (kids[begin[p] .. begin[p + 1])) keeping that order.
  std::vector<std::pair<size_t, size_t>> edges;
  edges.reserve(model->joints.size());
  std::vector<bool> is_child(n, false);
  for (size_t k = 0; k < model->joints.size(); ++k) {
    const long child = tree.child_link_of_joint[k];
    if (child < 0) continue;  // nothing to place
    is_child[child] = true;
    const long parent = tree.parent_link_of_joint[k];
    if (parent >= 0) {
      edges.emplace_back(parent, child);
    } else if (model->joints[k].parent == urdf_io::kWorldLink) {
      edges.emplace_back(world, child);
    }
  }
  // Parents are 0 .. n: counted at begin[p + 2], each count turned into
  // its group's start at begin[p + 1] by the prefix sums, and that start
  // advanced while filling to the group's end, which is where the next
  // group starts.
  std::vector<size_t> begin(n + 3, 0);
  for (const auto& e : edges) ++begin[e.first + 2];
  for (size_t p = 2; p < begin.size(); ++p) begin[p] += begin[p - 1];
  std::vector<size_t> kids(edges.size());
  for (const auto& e : edges) kids[begin[e.first + 1]++] = e.second;

  std::vector<size_t> order;
  order.reserve(n);
  std::vector<size_t> stack;
  const auto push_children = [&](size_t parent) {
    for (size_t k = begin[parent + 1]; k-- > begin[parent];)
      stack.push_back(kids[k]);
  };
  // Roots: the world link's children, or the one root link.
  push_children(world);
  for (size_t k = n; k-- > 0;) {
    if (!is_child[k]) stack.push_back(k);
  }
  std::vector<bool> taken(n, false);
  while (!stack.empty()) {
    const size_t k = stack.back();
    stack.pop_back();
    if (taken[k]) continue;
    taken[k] = true;
    order.push_back(k);
    push_children(k);
  }
  bool in_order = order.size() == n;
  for (size_t k = 0; in_order && k < n; ++k) in_order = order[k] == k;
  if (in_order) return;  // most files list their links in tree order
  std::vector<frames::Link> sorted;
  sorted.reserve(order.size());
  for (size_t k : order) sorted.push_back(std::move(model->links[k]));
  model->links = std::move(sorted);
}

// Whether `name` is "<link>_<kind>" or starts like it: a name NameShapes
// may generate for an unnamed shape.
bool LooksGenerated(std::string_view name, std::string_view link,
                    std::string_view kind) {
  return name.size() >= link.size() + 1 + kind.size() &&
         name.compare(0, link.size(), link) == 0 && name[link.size()] == '_' &&
         name.compare(link.size() + 1, kind.size(), kind) == 0;
}

// True when naming `shapes` needs no lookups: few of them, the given names
// distinct, and none a name that could be generated for an unnamed one.
// Most links are so.
template <typename Shape>
bool NamesAreSimple(const std::vector<Shape>& shapes, std::string_view link,
                    std::string_view kind) {
  // Pairwise comparison beats building sets for the few shapes of a link.
  constexpr size_t kFew = 8;
  if (shapes.size() > kFew) return false;
  bool unnamed = false;
  for (size_t i = 0; i < shapes.size(); ++i) {
    if (!shapes[i].name_given) {
      unnamed = true;
      continue;
    }
    for (size_t k = 0; k < i; ++k) {
      if (shapes[k].name_given && shapes[k].name == shapes[i].name)
        return false;
    }
  }
  if (!unnamed) return true;
  for (const auto& s : shapes) {
    if (s.name_given && LooksGenerated(s.name, link, kind)) return false;
  }
  return true;
}

// SDFormat requires names on visuals and collisions, unique among siblings
// of the same kind. Unnamed ones get "<link>_visual", "<link>_visual_1" ...
template <typename Shape>
void NameShapes(const std::string& link, const char* kind,
                std::vector<Shape>* shapes, frames::Diagnostics* diags) {
  if (shapes->empty()) return;
  const auto generated = [&](int counter) {
    std::string name;
    name.reserve(link.size() + 32);  // and "_collision_<counter>"
    name.append(link).append(1, '_').append(kind);
    if (counter > 0) {
      name += '_';
      name += std::to_string(counter);
    }
    return name;
  };
  if (NamesAreSimple(*shapes, link, kind)) {
    // No given name is renamed or can clash with a generated one, so the
    // unnamed shapes take the generated names in turn.
    int counter = 0;
    for (auto& s : *shapes) {
      if (!s.name_given) s.name = generated(counter++);
    }
    return;
  }
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
      diags->Warning(frames::Code::SHAPE_RENAMED,
                     std::string(kind) + " name '" + s.name +
                         "' is used twice in link '" + link +
                         "'; the second is written as '" + name + "'",
                     s.where);
      s.name = name;
      used.insert(name);
      seen.insert(name);
      continue;
    }
    while (used.count(generated(counter))) ++counter;
    s.name = generated(counter);
    ++counter;
    used.insert(s.name);
    seen.insert(s.name);
  }
}

// SDFormat has <capsule> from 1.8 (1.8 capsule_shape.sdf); below, a URDF
// capsule is carried as <urdf:capsule radius length> in an empty geometry,
// as a shape SDFormat lacks is (pybullet's <cdf>), and sdf2urdf writes it
// back as the URDF's <capsule>.
void CarryCapsules(frames::Model* model, int sdf_version,
                   frames::Diagnostics* diags) {
  // `what` is only built for a capsule (its message).
  auto carry = [&](frames::Shape* s, auto what_of) {
    frames::Geometry& g = s->geometry;
    if (g.type != frames::Geometry::Type::kCapsule) return;
    const std::string what = what_of();
    frames::Element e;
    e.name = "urdf:capsule";
    e.attributes = {{"radius", xml::FormatDouble(g.radius)},
                    {"length", xml::FormatDouble(g.length)}};
    e.where = s->where;
    g.type = frames::Geometry::Type::kOther;
    g.other = std::move(e);
    diags->Warning(frames::Code::SDF_VERSION_CANNOT_EXPRESS,
                   what + " is a capsule, which SDFormat " +
                       SdfVersionName(sdf_version) +
                       " lacks (1.8 has it: --sdf-version 1.8); it is "
                       "carried as <urdf:capsule> in an empty geometry",
                   s->where);
  };
  for (auto& l : model->links) {
    for (auto& v : l.visuals) {
      carry(&v, [&] { return "visual '" + v.name + "' of link '" + l.name + "'"; });
    }
    for (auto& c : l.collisions) {
      carry(&c, [&] {
        return "collision '" + c.name + "' of link '" + l.name + "'";
      });
    }
  }
}

// The pipeline after `read` (a function of the diagnostics and the tree
// analysis to set that returns the model read, or nullopt).
template <typename Read>
ConversionResult Convert(const Read& read, const UrdfToSdfOptions& options) {
  ConversionResult result;
  if (!CheckSdfOutputVersion(options.sdf_version, &result.diagnostics))
    return result;
  frames::TreeAnalysis tree;
  std::optional<frames::Model> model = read(&result.diagnostics, &tree);
  if (!model) {
    result.diagnostics.SortByLocation();
    return result;
  }

  SortLinksInTreeOrder(tree, &*model);
  tree = frames::TreeAnalysis();  // its positions are the unsorted links'
  frames::RenameJointsClashingWithLinks(
      &*model, " and its original name is kept in <urdf:original_name>",
      &result.diagnostics);
  for (auto& l : model->links) {
    NameShapes(l.name, "visual", &l.visuals, &result.diagnostics);
    NameShapes(l.name, "collision", &l.collisions, &result.diagnostics);
  }
  UriOptions uris = options.uris;
  if (options.package_to_model && uris.form == UriForm::kKeep) {
    uris.form = UriForm::kModel;
    uris.only_scheme = "package://";
  }
  RewriteModelUris(&*model, options.model_paths, uris,
                   /*expanded_includes=*/true, &result.diagnostics);
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
  CarryUrdfOnlyElements(&*model, &result.diagnostics,
                        /*mimic_in_axis=*/options.sdf_version >= 11);
  if (options.sdf_version < 8)
    CarryCapsules(&*model, options.sdf_version, &result.diagnostics);
  // <gazebo> blocks into SDFormat elements, after carrying (which would
  // prefix what they add) and before lumping (which moves it). The blocks
  // stay carried as <urdf:gazebo> for sdf2urdf.
  ApplyGazeboBlocks(&*model, &result.diagnostics, options.sdf_version);
  if (options.lump_fixed_joints) {
    LumpFixedJoints(graph, &*model, &result.diagnostics);
  }

  result.diagnostics.SortByLocation();
  result.ok = !result.diagnostics.HasErrors();
  if (result.ok && !options.check_only) {
    sdf_io::WriteOptions wo;
    wo.namespaces.emplace_back("urdf", kUrdfNamespace);
    wo.version = SdfVersionName(options.sdf_version);
    if (options.output_sink && result.diagnostics.all().empty()) {
      sdf_io::WriteSdf(*model, wo, options.output_sink);
    } else {
      result.output = sdf_io::WriteSdf(*model, wo);
    }
  }
  return result;
}

}  // namespace

ConversionResult UrdfToSdf(std::string_view urdf_text,
                           const std::string& source_name,
                           const UrdfToSdfOptions& options) {
  return Convert(
      [&](frames::Diagnostics* diags, frames::TreeAnalysis* tree) {
        return urdf_io::ReadUrdf(urdf_text, source_name, diags,
                                 options.limits, tree);
      },
      options);
}

ConversionResult UrdfFileToSdf(const std::string& path,
                               const UrdfToSdfOptions& options) {
  if (xacro::IsXacroPath(path)) {
    return ConvertXacroFile(path, options.xacro, options.uris.packages, options.limits,
                            [&](std::string_view text) { return UrdfToSdf(text, path, options); });
  }
  frames::Diagnostics diags;
  auto text = xml::ReadFile(path, &diags, options.limits);
  if (!text) {
    ConversionResult r;
    r.diagnostics = diags;
    return r;
  }
  // The text is parsed in place and freed with the document, before the
  // model is converted and written.
  return Convert(
      [&](frames::Diagnostics* read, frames::TreeAnalysis* tree) {
        return urdf_io::ReadUrdfOwned(std::move(*text), path, read,
                                      options.limits, tree);
      },
      options);
}

}  // namespace converter
