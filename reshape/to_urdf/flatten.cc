// Flatten: a model and its nested models as one list of links, joints and
// frames, each with its pose in the top model frame.
#include "reshape/to_urdf/passes.h"

#include <stdexcept>

#include "urdf_io/reader.h"

namespace converter::urdf_reshape {
namespace {

using frames::FrameGraph;
using frames::Isometry3;
using frames::Model;

bool Collect(const Model& m, const FrameGraph& g, const std::string& prefix,
             const Isometry3& X_MS, FlatModel* flat) {
  flat->scopes.push_back(std::make_unique<Scope>(Scope{&m, &g, prefix, X_MS}));
  const Scope* s = flat->scopes.back().get();
  bool ok = true;
  // The names are looked up in the order the graph added them.
  FrameGraph::Hint hint;
  for (const auto& l : m.links) {
    auto X_SL = g.PoseInModel(l.name, &hint);
    if (!X_SL) return false;
    flat->AddLink(FlatLink{&l, s, frames::Compose(X_MS, *X_SL), {}});
  }
  for (const auto& n : m.models) {
    const FrameGraph* ng = g.Nested(n.name);
    auto X_SN = g.PoseInModel(n.name, &hint);
    if (!ng || !X_SN) return false;
    ok = Collect(n, *ng, prefix + n.name + "::", frames::Compose(X_MS, *X_SN), flat) && ok;
  }
  for (const auto& j : m.joints) {
    auto X_SJ = g.PoseInModel(j.name, &hint);
    if (!X_SJ) return false;
    flat->joints.push_back(FlatJoint{&j, s, frames::Compose(X_MS, *X_SJ), {}, {}, {}});
  }
  for (const auto& f : m.frames) {
    auto X_SF = g.PoseInModel(f.name, &hint);
    auto link = g.AttachedLink(f.name);
    if (!X_SF || !link) return false;
    const auto kind = g.KindOf(f.attached_to);
    const bool on_frame = !f.attached_to.empty() &&
                          (kind == FrameGraph::Kind::kFrame ||
                           kind == FrameGraph::Kind::kJoint ||
                           kind == FrameGraph::Kind::kLink);
    const bool measured_in_attached =
        f.pose.relative_to.empty() || f.pose.relative_to == f.attached_to;
    flat->frames.push_back(FlatFrame{
        &f, s, frames::Compose(X_MS, *X_SF),
        prefix + (kind == FrameGraph::Kind::kFrame ? f.attached_to : *link),
        on_frame && measured_in_attached, kind == FrameGraph::Kind::kLink,
        {}});
  }
  return ok;
}

// The flat name of the link a joint's parent or child names in scope `s`.
// `hint` is the caller's place in s.graph.
std::optional<std::string> LinkOf(const FlatModel& flat, const Scope& s,
                                  const std::string& name,
                                  const frames::SourceLocation& where,
                                  FrameGraph::Hint* hint,
                                  frames::Diagnostics* diags) {
  std::string link;
  // A link ("L", or "N::L" of a nested model), else (SDFormat 1.8) any
  // frame or nested model: the link it is attached to.
  if (s.graph->KindOf(name, hint) == FrameGraph::Kind::kLink) {
    link = s.prefix + name;
  } else if (auto attached = s.graph->AttachedLink(name)) {
    link = s.prefix + *attached;
  }
  if (flat.LinkIndex(link) < 0) {
    diags->Error(frames::Code::JOINT_LINK_UNRESOLVED,
                 Quoted(name) + " does not name a link of model " +
                     Quoted(s.model->name) + " or a frame attached to one",
                 where);
    return std::nullopt;
  }
  return link;
}

}  // namespace

std::string Quoted(const std::string& s) { return "'" + s + "'"; }

bool FlatModel::FlatName::operator==(std::string_view name) const {
  const std::string_view prefix = link->scope->prefix;
  const std::string_view own = link->src->name;
  return name.size() == prefix.size() + own.size() &&
         name.substr(0, prefix.size()) == prefix &&
         name.substr(prefix.size()) == own;
}

void FlatModel::AddLink(FlatLink l) {
  links.push_back(std::move(l));
  const size_t k = links.size() - 1;
  const std::string name = links[k].scope->prefix + links[k].src->name;
  link_index_.Insert(name, k, [this](size_t i) { return FlatNameOf(i); });
}

long FlatModel::LinkIndex(std::string_view name) const {
  return link_index_.Find(name, [this](size_t i) { return FlatNameOf(i); });
}

size_t FlatModel::LinkAt(std::string_view name) const {
  const long k = LinkIndex(name);
  if (k < 0) throw std::out_of_range("no flat link " + std::string(name));
  return static_cast<size_t>(k);
}

frames::Element MakeElement(std::string name,
                            const frames::SourceLocation& where) {
  frames::Element e;
  e.name = std::move(name);
  e.where = where;
  return e;
}

std::optional<FlatModel> Flatten(const Model& top, const FrameGraph& graph) {
  FlatModel flat;
  flat.top = &top;
  // The top model's elements (nested models' add to it): the index is
  // built without rehashing, the lists without regrowing.
  flat.ReserveLinks(top.links.size());
  flat.joints.reserve(top.joints.size());
  flat.frames.reserve(top.frames.size());
  if (!graph.ok() || !Collect(top, graph, "", Isometry3::Identity(), &flat))
    return std::nullopt;
  flat.canonical = graph.canonical_link();
  return flat;
}

bool ResolveJointEnds(FlatModel* flat, frames::Diagnostics* diags) {
  bool ok = true;
  // A joint's parent and child are mostly the links added just before it
  // and it (a chain: link k, then k + 1), looked up with a hint per scope.
  const Scope* scope = nullptr;
  FrameGraph::Hint hint;
  for (auto& fj : flat->joints) {
    if (fj.scope != scope) {
      scope = fj.scope;
      hint = FrameGraph::Hint();
    }
    auto parent = fj.src->parent == urdf_io::kWorldLink
                      ? std::optional<std::string>(urdf_io::kWorldLink)
                      : LinkOf(*flat, *fj.scope, fj.src->parent, fj.src->where,
                               &hint, diags);
    auto child = LinkOf(*flat, *fj.scope, fj.src->child, fj.src->where, &hint,
                        diags);
    if (!parent || !child) {
      ok = false;
      continue;
    }
    fj.parent = *parent;
    fj.child = *child;
  }
  return ok;
}

}  // namespace converter::urdf_reshape
