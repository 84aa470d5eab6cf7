#include "reshape/to_sdf/as_sdf17.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "xml/writer.h"

namespace converter {
namespace {

using frames::Diagnostics;
using frames::FrameGraph;
using frames::Isometry3;
using frames::Pose;

constexpr frames::Code kCode = frames::Code::SDF17_CANNOT_EXPRESS;

// A frame reference as 1.7 can write it in one scope: the name itself when
// it has no "::", else the nested model it starts with and the frame's pose
// in that model (X_AF of "A::F").
struct Expressed {
  std::string name;
  Isometry3 X_NF = Isometry3::Identity();
  bool changed = false;
};

std::optional<Expressed> Express(const FrameGraph& g, const std::string& ref) {
  const size_t sep = ref.find("::");
  if (sep == std::string::npos) return Expressed{ref, Isometry3::Identity(), false};
  const std::string head = ref.substr(0, sep);
  const FrameGraph* n = g.Nested(head);
  if (!n) return std::nullopt;
  auto X_AF = n->PoseInModel(ref.substr(sep + 2));
  if (!X_AF) return std::nullopt;
  return Expressed{head, *X_AF, true};
}

// The pose numbers measured in N instead of F: X_NS = X_NF * X_FS.
void Refold(Pose* pose, const Isometry3& X_NF) {
  Pose p = Pose::FromIsometry(frames::Compose(X_NF, *pose), pose->relative_to);
  pose->xyz = p.xyz;
  pose->rpy = p.rpy;
}

class Sdf17 {
 public:
  Sdf17(const FrameGraph& g, Diagnostics* diags) : g_(g), diags_(*diags) {}

  // A pose whose relative_to names a frame inside a nested model.
  void RelativeTo(Pose* pose) {
    auto e = Express(g_, pose->relative_to);
    if (!e || !e->changed) return;
    Refold(pose, e->X_NF);
    pose->relative_to = e->name;
  }

  // The <pose relative_to> child of a kept-verbatim element (sensor, light).
  void ElementPoses(std::vector<frames::Element>* elements) {
    for (frames::Element& el : *elements) {
      for (frames::Element& c : el.children) {
        if (c.name != "pose") continue;
        const std::string* rel = c.Attribute("relative_to");
        if (!rel) continue;
        auto e = Express(g_, *rel);
        auto pose = frames::PoseChild(el);
        if (!e || !e->changed || !pose) continue;
        Refold(&*pose, e->X_NF);
        c.text = xml::FormatPose(pose->xyz, pose->rpy);
        for (auto& [k, v] : c.attributes) {
          if (k == "relative_to") v = e->name;
        }
      }
    }
  }

  void Frame(frames::Frame* f, const std::string& scope) {
    RelativeTo(&f->pose);
    auto e = Express(g_, f->attached_to);
    if (!e || !e->changed) return;
    // Default relative_to was the attached_to frame: now explicit in N.
    if (f->pose.relative_to.empty()) Refold(&f->pose, e->X_NF);
    const auto before = g_.AttachedLink(f->attached_to);
    const auto after = g_.AttachedLink(e->name);
    if (before != after) {
      diags_.Warning(kCode,
                     "frame '" + f->name + "' of " + scope + " is attached to '" +
                         f->attached_to + "' (link '" + before.value_or("") +
                         "'), which SDFormat 1.7 cannot name; it is written "
                         "attached to model '" + e->name + "' (link '" +
                         after.value_or("") + "') at the same pose",
                     f->where);
    }
    f->attached_to = e->name;
  }

  void Joint(frames::Joint* j) {
    // Parent and child name links in 1.7 (scoped links included).
    auto to_link = [&](const std::string& name) -> std::optional<std::string> {
      if (name == "world" || g_.KindOf(name) == FrameGraph::Kind::kLink)
        return std::nullopt;
      return g_.AttachedLink(name);
    };
    if (auto link = to_link(j->child)) {
      // The joint was posed in its child frame by default: write it out.
      if (j->pose.relative_to.empty()) j->pose.relative_to = j->child;
      j->child = *link;
    }
    if (auto link = to_link(j->parent)) j->parent = *link;
    RelativeTo(&j->pose);
    for (auto* axis : {&j->axis, &j->axis2}) {
      if (!axis->has_value()) continue;
      auto e = Express(g_, (*axis)->expressed_in);
      if (!e || !e->changed) continue;
      (*axis)->xyz = frames::Reexpress(e->X_NF, (*axis)->xyz);
      (*axis)->expressed_in = e->name;
    }
    ElementPoses(&j->extensions);
  }

  void Link(frames::Link* l) {
    RelativeTo(&l->pose);
    for (auto& v : l->visuals) RelativeTo(&v.pose);
    for (auto& c : l->collisions) RelativeTo(&c.pose);
    ElementPoses(&l->extensions);
  }

  // A nested (or world) model's placement frame becomes its pose.
  void Placement(frames::Model* m) {
    if (m->placement_frame.empty()) return;
    const FrameGraph* n = g_.Nested(m->name);
    auto X_MP = n ? n->PlacementInModel(m->placement_frame) : std::nullopt;
    if (!X_MP) return;
    PlaceModel(m, *X_MP);
  }

  static void PlaceModel(frames::Model* m, const Isometry3& X_MP) {
    // X_RM = X_RP * X_PM, still measured in R.
    m->pose = frames::PlacedModelPose(m->pose, X_MP);
    m->placement_frame.clear();
    if (!m->include) return;
    auto& children = m->include->children;
    for (size_t k = 0; k < children.size(); ++k) {
      if (children[k].name == "placement_frame") {
        children.erase(children.begin() + static_cast<long>(k));
        break;
      }
    }
  }

 private:
  const FrameGraph& g_;
  Diagnostics& diags_;
};

// 1.7's canonical link when a model names none (spec 7.2): its first link,
// else its first nested model's.
std::string DefaultCanonical(const frames::Model& m, const FrameGraph& g) {
  if (!m.links.empty()) return m.links.front().name;
  if (m.models.empty()) return {};
  const FrameGraph* n = g.Nested(m.models.front().name);
  if (!n || n->canonical_link().empty()) return {};
  return m.models.front().name + "::" + n->canonical_link();
}

void Lower(frames::Model* m, const FrameGraph& g, Diagnostics* diags) {
  Sdf17 s(g, diags);
  const std::string scope = "model '" + m->name + "'";
  for (auto& n : m->models) {
    s.Placement(&n);
    s.RelativeTo(&n.pose);
    if (const FrameGraph* ng = g.Nested(n.name)) Lower(&n, *ng, diags);
  }
  for (auto& l : m->links) s.Link(&l);
  for (auto& j : m->joints) s.Joint(&j);
  for (auto& f : m->frames) s.Frame(&f, scope);
  s.ElementPoses(&m->extensions);
  if (m->canonical_link.find("::") != std::string::npos) {
    const std::string fallback = DefaultCanonical(*m, g);
    if (fallback != m->canonical_link) {
      diags->Warning(kCode,
                     "canonical_link '" + m->canonical_link + "' of " + scope +
                         " names a link of a nested model, which SDFormat "
                         "1.7 cannot; it is left out, and the model frame is "
                         "attached to '" + fallback + "' instead",
                     m->where);
    }
    m->canonical_link.clear();
  }
}

// A world joint from `world` (or a frame fixed to it) to a frame of model
// M, as a joint of M: its child the link the child frame is attached to,
// posed in M's frame, the axis in the joint frame. False when that cannot
// be done.
bool MoveIntoModel(const frames::Joint& j, const FrameGraph& g,
                   frames::World* world) {
  // From `world` or from a world frame fixed to it ("world_frame"): either
  // way the joint's parent is the world (else a second sdf2sdf moved what
  // the first had written as a //world/joint with parent 'world').
  if (j.parent != "world" && g.AttachedLink(j.parent) != "world") return false;
  const std::string head = j.child.substr(0, j.child.find("::"));
  frames::Model* m = nullptr;
  for (auto& candidate : world->models) {
    if (candidate.name == head) m = &candidate;
  }
  const FrameGraph* mg = g.Nested(head);
  if (!m || !mg || mg->Has(j.name)) return false;
  const auto link = g.AttachedLink(j.child);
  const auto X_WM = g.PoseInModel(head);
  const auto X_WJ = g.PoseInModel(j.name);
  if (!link || link->compare(0, head.size() + 2, head + "::") != 0 || !X_WM ||
      !X_WJ) {
    return false;
  }
  frames::Joint moved = j;
  moved.parent = "world";
  moved.child = link->substr(head.size() + 2);
  moved.pose = Pose::FromIsometry(frames::Reroot(*X_WM, *X_WJ), frames::kModelFrame);
  for (auto* axis : {&moved.axis, &moved.axis2}) {
    if (!axis->has_value() || (*axis)->expressed_in.empty()) continue;
    const auto X_JE = g.Resolve((*axis)->expressed_in, j.name);
    if (!X_JE) return false;
    (*axis)->xyz = frames::Reexpress(*X_JE, (*axis)->xyz);
    (*axis)->expressed_in.clear();
  }
  m->joints.push_back(std::move(moved));
  return true;
}

}  // namespace

void MoveWorldJointsIntoModels(frames::World* world, const FrameGraph& graph,
                               const std::string& version, frames::Code code,
                               Diagnostics* diags) {
  std::vector<frames::Joint> kept;
  for (const auto& j : world->joints) {
    if (MoveIntoModel(j, graph, world)) continue;
    diags->Warning(code,
                   "joint '" + j.name + "' of world '" + world->name +
                       "' is a //world/joint (SDFormat 1.10), which " +
                       version +
                       " does not have and which is not from 'world' into "
                       "one model; it is written as it is",
                   j.where);
    kept.push_back(j);
  }
  world->joints = std::move(kept);
}

void ExpressAsSdf17(frames::Model* model, const FrameGraph& graph,
                    Diagnostics* diags) {
  // A top-level model's placement frame places it in whatever holds the
  // file; its pose is measured where it was.
  if (!model->placement_frame.empty()) {
    if (auto X_MP = graph.PlacementInModel(model->placement_frame))
      Sdf17::PlaceModel(model, *X_MP);
  }
  Lower(model, graph, diags);
}

void ExpressAsSdf17(frames::World* world, const FrameGraph& graph,
                    Diagnostics* diags) {
  Sdf17 s(graph, diags);
  const std::string scope = "world '" + world->name + "'";
  MoveWorldJointsIntoModels(world, graph, "1.7", kCode, diags);
  for (auto& m : world->models) {
    s.Placement(&m);
    s.RelativeTo(&m.pose);
    if (const FrameGraph* mg = graph.Nested(m.name)) Lower(&m, *mg, diags);
  }
  for (auto& j : world->joints) s.Joint(&j);
  for (auto& f : world->frames) s.Frame(&f, scope);
  s.ElementPoses(&world->extensions);
}

}  // namespace converter
