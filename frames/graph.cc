#include "frames/graph.h"

#include <utility>

namespace frames {
namespace {

constexpr char kModelFrame[] = "__model__";
// Edge targets that name nothing resolvable.
constexpr int kInvalid = -2;

const char* KindName(FrameGraph::Kind k) {
  switch (k) {
    case FrameGraph::Kind::kModelFrame: return "model frame";
    case FrameGraph::Kind::kLink: return "link";
    case FrameGraph::Kind::kJoint: return "joint";
    case FrameGraph::Kind::kFrame: return "frame";
    case FrameGraph::Kind::kNestedModel: return "model";
  }
  return "frame";
}

}  // namespace

bool IsReservedName(const std::string& name) {
  if (name == "world") return true;
  return name.size() >= 4 && name.compare(0, 2, "__") == 0 &&
         name.compare(name.size() - 2, 2, "__") == 0;
}

int FrameGraph::Index(const std::string& name) const {
  if (name.empty()) return 0;
  auto it = index_.find(name);
  return it == index_.end() ? -1 : it->second;
}

int FrameGraph::AddVertex(const std::string& name, Kind kind,
                          const SourceLocation& where, Diagnostics* diags) {
  const char* what = KindName(kind);
  if (name.empty()) {
    diags->Error("NAME_EMPTY", std::string("a ") + what + " has an empty name",
                 where);
    ok_ = false;
    return -1;
  }
  if (IsReservedName(name)) {
    diags->Error("RESERVED_NAME",
                 std::string(what) + " name '" + name +
                     "' is reserved (\"world\" and names of the form __*__)",
                 where);
    ok_ = false;
    return -1;
  }
  auto [it, inserted] = index_.emplace(name, static_cast<int>(vertices_.size()));
  if (!inserted) {
    const Vertex& first = vertices_[it->second];
    diags->Error("DUPLICATE_NAME",
                 std::string(what) + " name '" + name +
                     "' is already used by a " + KindName(first.kind) +
                     (first.where.line > 0
                          ? " at line " + std::to_string(first.where.line)
                          : std::string()),
                 where);
    ok_ = false;
    return -1;
  }
  Vertex v;
  v.name = name;
  v.kind = kind;
  v.where = where;
  vertices_.push_back(std::move(v));
  return it->second;
}

FrameGraph FrameGraph::Build(const Model& model, Diagnostics* diags) {
  FrameGraph g;
  g.vertices_.reserve(1 + model.links.size() + model.joints.size() +
                      model.frames.size() + model.models.size());
  g.index_.reserve(g.vertices_.capacity());
  {
    Vertex root;
    root.name = kModelFrame;
    root.kind = Kind::kModelFrame;
    root.resolved = true;
    root.where = model.where;
    g.vertices_.push_back(std::move(root));
    g.index_.emplace(kModelFrame, 0);
  }

  // Phase 2: names. Vertex indices per element, -1 when the element was
  // rejected (its problem is already reported).
  std::vector<int> link_v, joint_v, frame_v, model_v;
  for (const auto& l : model.links)
    link_v.push_back(g.AddVertex(l.name, Kind::kLink, l.where, diags));
  for (const auto& m : model.models)
    model_v.push_back(g.AddVertex(m.name, Kind::kNestedModel, m.where, diags));
  for (const auto& j : model.joints)
    joint_v.push_back(g.AddVertex(j.name, Kind::kJoint, j.where, diags));
  for (const auto& f : model.frames)
    frame_v.push_back(g.AddVertex(f.name, Kind::kFrame, f.where, diags));

  // Phase 3: nested models, each its own scope.
  for (const auto& m : model.models) {
    g.nested_.emplace_back(m.name, Build(m, diags));
    if (!g.nested_.back().second.ok()) g.ok_ = false;
  }

  auto is_link = [&](const std::string& name) {
    int i = g.Index(name);
    return i > 0 && g.vertices_[i].kind == Kind::kLink;
  };

  // Phase 4: joint parent and child.
  for (size_t k = 0; k < model.joints.size(); ++k) {
    const Joint& j = model.joints[k];
    if (j.child == "world") {
      diags->Error("JOINT_CHILD_LINK_INVALID",
                   "joint '" + j.name + "' has 'world' as its child link",
                   j.where);
      g.ok_ = false;
    } else if (!is_link(j.child)) {
      diags->Error("JOINT_CHILD_LINK_INVALID",
                   "joint '" + j.name + "' names child link '" + j.child +
                       "', which is not a link of model '" + model.name + "'",
                   j.where);
      g.ok_ = false;
    }
    if (j.parent != "world" && !is_link(j.parent)) {
      diags->Error("JOINT_PARENT_LINK_INVALID",
                   "joint '" + j.name + "' names parent link '" + j.parent +
                       "', which is not a link of model '" + model.name + "'",
                   j.where);
      g.ok_ = false;
    }
    if (j.parent == j.child) {
      diags->Error("JOINT_PARENT_SAME_AS_CHILD",
                   "joint '" + j.name + "' has the same parent and child '" +
                       j.child + "'",
                   j.where);
      g.ok_ = false;
    }
  }

  // Phase 5 and 7.2: the canonical link.
  if (!model.canonical_link.empty()) {
    if (is_link(model.canonical_link)) {
      g.canonical_link_ = model.canonical_link;
    } else {
      diags->Error("MODEL_CANONICAL_LINK_INVALID",
                   "canonical_link '" + model.canonical_link + "' of model '" +
                       model.name + "' is not one of its links",
                   model.where);
      g.ok_ = false;
    }
  } else if (!model.links.empty()) {
    // The first link whose name was accepted.
    for (size_t k = 0; k < model.links.size(); ++k) {
      if (link_v[k] >= 0) {
        g.canonical_link_ = model.links[k].name;
        break;
      }
    }
  } else if (!model.models.empty()) {
    const FrameGraph& first = g.nested_.front().second;
    if (!first.canonical_link_.empty())
      g.canonical_link_ = model.models.front().name + "::" + first.canonical_link_;
  } else {
    diags->Error("MODEL_WITHOUT_LINK",
                 "model '" + model.name + "' has no link and no nested model",
                 model.where);
    g.ok_ = false;
  }

  // attached_to edges (phases 6 and 7).
  auto vertex_or_invalid = [&](const std::string& name) {
    int i = g.Index(name);
    return i < 0 ? kInvalid : i;
  };
  if (!model.is_static && !g.canonical_link_.empty()) {
    if (g.Index(g.canonical_link_) > 0) {
      g.vertices_[0].attached_to = g.Index(g.canonical_link_);
    } else {
      g.vertices_[0].attached_to = g.Index(model.models.front().name);
    }
  }
  for (size_t k = 0; k < model.joints.size(); ++k) {
    if (joint_v[k] < 0) continue;
    const Joint& j = model.joints[k];
    g.vertices_[joint_v[k]].attached_to =
        is_link(j.child) ? g.Index(j.child) : kInvalid;
  }
  for (size_t k = 0; k < model.frames.size(); ++k) {
    if (frame_v[k] < 0) continue;
    const Frame& f = model.frames[k];
    Vertex& v = g.vertices_[frame_v[k]];
    if (f.attached_to.empty() || f.attached_to == kModelFrame) {
      v.attached_to = 0;
    } else if (f.attached_to == f.name) {
      diags->Error("FRAME_ATTACHED_TO_CYCLE",
                   "frame '" + f.name + "' is attached to itself", f.where);
      v.attached_to = kInvalid;
      g.ok_ = false;
    } else {
      v.attached_to = vertex_or_invalid(f.attached_to);
      if (v.attached_to == kInvalid) {
        diags->Error("FRAME_ATTACHED_TO_INVALID",
                     "frame '" + f.name + "' is attached_to '" +
                         f.attached_to + "', which names no link, joint, "
                         "frame or model in model '" + model.name + "'",
                     f.where);
        g.ok_ = false;
      }
    }
  }

  // relative_to edges (phase 8).
  auto set_relative = [&](int vi, const Pose& pose, int default_target,
                          const std::string& element) {
    if (vi < 0) return;
    Vertex& v = g.vertices_[vi];
    v.X_RV = pose.ToIsometry();
    if (pose.relative_to.empty()) {
      v.relative_to = default_target;
      return;
    }
    if (pose.relative_to == v.name) {
      diags->Error("POSE_RELATIVE_TO_CYCLE",
                   element + " '" + v.name + "' has a pose relative_to itself",
                   v.where);
      v.relative_to = kInvalid;
      g.ok_ = false;
      return;
    }
    v.relative_to = vertex_or_invalid(pose.relative_to);
    if (v.relative_to == kInvalid) {
      diags->Error("POSE_RELATIVE_TO_INVALID",
                   element + " '" + v.name + "' has a pose relative_to '" +
                       pose.relative_to +
                       "', which names no link, joint, frame or model in "
                       "model '" + model.name + "'",
                   v.where);
      g.ok_ = false;
    }
  };
  for (size_t k = 0; k < model.links.size(); ++k)
    set_relative(link_v[k], model.links[k].pose, 0, "link");
  for (size_t k = 0; k < model.models.size(); ++k)
    set_relative(model_v[k], model.models[k].pose, 0, "model");
  for (size_t k = 0; k < model.joints.size(); ++k) {
    const Joint& j = model.joints[k];
    int child = is_link(j.child) ? g.Index(j.child) : kInvalid;
    set_relative(joint_v[k], j.pose, child, "joint");
  }
  for (size_t k = 0; k < model.frames.size(); ++k) {
    int vi = frame_v[k];
    set_relative(vi, model.frames[k].pose,
                 vi < 0 ? kInvalid : g.vertices_[vi].attached_to, "frame");
  }

  g.ResolvePoses(diags);
  g.ResolveAttachments(diags);
  return g;
}

// Walks every vertex's relative_to chain once: each vertex is pushed at most
// once and popped resolved or failed, so the whole pass is linear.
void FrameGraph::ResolvePoses(Diagnostics* diags) {
  enum State : char { kNew, kOnPath, kDone };
  std::vector<State> state(vertices_.size(), kNew);
  state[0] = kDone;
  std::vector<int> path;
  for (size_t start = 1; start < vertices_.size(); ++start) {
    if (state[start] == kDone) continue;
    path.clear();
    int v = static_cast<int>(start);
    // Climb until a resolved vertex, a broken edge or a cycle.
    while (v >= 0 && state[v] == kNew) {
      state[v] = kOnPath;
      path.push_back(v);
      v = vertices_[v].relative_to;
    }
    bool base_ok = v >= 0 && state[v] == kDone && vertices_[v].resolved;
    if (v >= 0 && state[v] == kOnPath) {
      diags->Error("POSE_RELATIVE_TO_CYCLE",
                   std::string(KindName(vertices_[v].kind)) + " '" +
                       vertices_[v].name +
                       "' is in a cycle of pose relative_to references",
                   vertices_[v].where);
      ok_ = false;
    }
    // Unwind: resolve in order from the base towards the start.
    for (auto it = path.rbegin(); it != path.rend(); ++it) {
      Vertex& x = vertices_[*it];
      state[*it] = kDone;
      if (base_ok) {
        x.X_MV = vertices_[x.relative_to].X_MV * x.X_RV;
        x.resolved = true;
      } else {
        x.resolved = false;
      }
    }
  }
}

void FrameGraph::ResolveAttachments(Diagnostics* diags) {
  enum State : char { kNew, kOnPath, kDone };
  std::vector<State> state(vertices_.size(), kNew);
  std::vector<int> path;
  for (size_t start = 0; start < vertices_.size(); ++start) {
    if (state[start] == kDone) continue;
    path.clear();
    int v = static_cast<int>(start);
    while (v >= 0 && state[v] == kNew) {
      const Kind k = vertices_[v].kind;
      if (k == Kind::kLink || k == Kind::kNestedModel) {
        vertices_[v].attached_link = v;
        vertices_[v].attachment_done = true;
        state[v] = kDone;
        break;
      }
      state[v] = kOnPath;
      path.push_back(v);
      v = vertices_[v].attached_to;
    }
    int link = -1;
    if (v >= 0 && state[v] == kDone) link = vertices_[v].attached_link;
    if (v >= 0 && state[v] == kOnPath) {
      diags->Error("FRAME_ATTACHED_TO_CYCLE",
                   std::string(KindName(vertices_[v].kind)) + " '" +
                       vertices_[v].name +
                       "' is in a cycle of attached_to references",
                   vertices_[v].where);
      ok_ = false;
    }
    for (int x : path) {
      vertices_[x].attached_link = link;
      vertices_[x].attachment_done = true;
      state[x] = kDone;
    }
  }
}

bool FrameGraph::Has(const std::string& frame) const {
  return Index(frame) >= 0;
}

std::optional<FrameGraph::Kind> FrameGraph::KindOf(
    const std::string& frame) const {
  int i = Index(frame);
  if (i < 0) return std::nullopt;
  return vertices_[i].kind;
}

std::optional<Isometry3> FrameGraph::PoseInModel(
    const std::string& frame) const {
  int i = Index(frame);
  if (i < 0 || !vertices_[i].resolved) return std::nullopt;
  return vertices_[i].X_MV;
}

std::optional<Isometry3> FrameGraph::Resolve(const std::string& frame_b,
                                             const std::string& frame_a) const {
  auto X_MB = PoseInModel(frame_b);
  auto X_MA = PoseInModel(frame_a);
  if (!X_MA || !X_MB) return std::nullopt;
  return X_MA->inverse() * *X_MB;
}

std::optional<Isometry3> FrameGraph::ResolvePose(
    const Pose& pose, const std::string& default_frame) const {
  auto X_MR = PoseInModel(pose.relative_to.empty() ? default_frame
                                                   : pose.relative_to);
  if (!X_MR) return std::nullopt;
  return *X_MR * pose.ToIsometry();
}

std::optional<Isometry3> FrameGraph::ResolvePose(
    const Pose& pose, const std::string& default_frame,
    const std::string& frame_a) const {
  // X_AS = X_AR * X_RS, with R the frame the pose is measured in.
  auto X_AR = Resolve(pose.relative_to.empty() ? default_frame
                                               : pose.relative_to,
                      frame_a);
  if (!X_AR) return std::nullopt;
  return *X_AR * pose.ToIsometry();
}

std::optional<std::string> FrameGraph::AttachedLink(
    const std::string& frame) const {
  int i = Index(frame);
  if (i < 0 || vertices_[i].attached_link < 0) return std::nullopt;
  const Vertex& body = vertices_[vertices_[i].attached_link];
  if (body.kind == Kind::kNestedModel) {
    const FrameGraph* n = Nested(body.name);
    if (!n || n->canonical_link_.empty()) return std::nullopt;
    return body.name + "::" + n->canonical_link_;
  }
  return body.name;
}

const FrameGraph* FrameGraph::Nested(const std::string& model_name) const {
  for (const auto& [name, graph] : nested_) {
    if (name == model_name) return &graph;
  }
  return nullptr;
}

}  // namespace frames
