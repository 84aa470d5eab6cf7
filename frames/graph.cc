#include "frames/graph.h"

#include <cstdio>
#include <string_view>
#include <utility>

#include "element/few_set.h"

namespace frames {
namespace {

// Edge targets that name nothing resolvable.
constexpr int kInvalid = -2;

const char* KindName(FrameGraph::Kind k) {
  switch (k) {
    case FrameGraph::Kind::kModelFrame: return "model frame";
    case FrameGraph::Kind::kWorldFrame: return "world frame";
    case FrameGraph::Kind::kLink: return "link";
    case FrameGraph::Kind::kJoint: return "joint";
    case FrameGraph::Kind::kFrame: return "frame";
    case FrameGraph::Kind::kNestedModel: return "model";
  }
  return "frame";
}

}  // namespace

bool IsReservedName(const std::string& name) {
  // As string_views: the sizes are compared first, without measuring the
  // literals at run time.
  const std::string_view n = name;
  if (n == kWorldFrame) return true;
  return n.size() >= 4 && n.substr(0, 2) == "__" &&
         n.substr(n.size() - 2) == "__";
}

int FrameGraph::Index(const std::string& name) const {
  if (name.empty()) return 0;
  return static_cast<int>(
      index_.Find(name, [this](size_t v) { return VertexName(v); }));
}

int FrameGraph::IndexName(const std::string& name, int vertex) {
  return IndexName(NameIndex::KeyOf(name), vertex);
}

int FrameGraph::IndexName(const NameIndex::Key& key, int vertex) {
  return static_cast<int>(
      index_.Insert(key, vertex, [this](size_t v) { return VertexName(v); }));
}

template <typename T>
std::vector<int> FrameGraph::AddVertices(const std::vector<T>& items, Kind kind,
                                         Diagnostics* diags) {
  std::vector<int> out;
  out.reserve(items.size());
  // The index's slots of names a few items ahead are asked for while this
  // one is added: for a model of 100,000 links, the table is larger than
  // the caches.
  NameIndex::Ahead ahead(index_, items.size(), [&items](size_t k) {
    return std::string_view(items[k].name);
  });
  for (size_t k = 0; k < items.size(); ++k) {
    out.push_back(
        AddVertex(items[k].name, ahead.Take(k), kind, items[k].where, diags));
  }
  return out;
}

int FrameGraph::AddVertex(const std::string& name, const NameIndex::Key& key,
                          Kind kind, const SourceLocation& where,
                          Diagnostics* diags) {
  const char* what = KindName(kind);
  if (name.empty()) {
    diags->Error(Code::NAME_EMPTY,
                 std::string("a ") + what + " has an empty name", where);
    ok_ = false;
    return -1;
  }
  if (IsReservedName(name)) {
    diags->Error(Code::RESERVED_NAME,
                 std::string(what) + " name '" + name +
                     "' is reserved (\"world\" and names of the form __*__)",
                 where);
    ok_ = false;
    return -1;
  }
  if (delimiter_reserved_ && name.find("::") != std::string::npos) {
    diags->Error(Code::RESERVED_NAME,
                 std::string(what) + " name '" + name +
                     "' contains '::', the scope delimiter SDFormat 1.8 "
                     "reserves",
                 where);
    ok_ = false;
    return -1;
  }
  const int index = static_cast<int>(vertices_.size());
  const int stored = IndexName(key, index);
  if (stored != index) {
    const Vertex& first = vertices_[stored];
    diags->Error(Code::DUPLICATE_NAME,
                 std::string(what) + " name '" + name +
                     "' is already used by a " + KindName(first.kind) +
                     (first.line > 0
                          ? " at line " + std::to_string(first.line)
                          : std::string()),
                 where);
    ok_ = false;
    return -1;
  }
  Vertex v;
  v.name = name;
  v.kind = kind;
  v.file = FileIndex(where.file);
  v.line = where.line;
  PushVertex(std::move(v));
  return index;
}

void FrameGraph::PushVertex(Vertex v) {
  vertex_names_ += v.name;
  name_starts_.push_back(vertex_names_.size());
  vertices_.push_back(std::move(v));
}

int FrameGraph::FileIndex(const std::string& file) {
  if (!files_.empty() && files_.back() == file) {
    return static_cast<int>(files_.size()) - 1;
  }
  const auto [it, added] =
      file_index_.try_emplace(file, static_cast<int>(files_.size()));
  if (added) files_.push_back(file);
  return it->second;
}

int FrameGraph::IndexNear(const std::string& name, int* last) const {
  if (!name.empty()) {
    // Vertex names are unique (AddVertex refuses a second one, a proxy is
    // made only for a name not found), so a neighbour of that name is the
    // vertex Index would find.
    for (const int v : {*last, *last + 1}) {
      if (v > 0 && v < static_cast<int>(vertices_.size()) &&
          VertexName(v) == name) {
        *last = v;
        return v;
      }
    }
  }
  const int i = Index(name);
  if (i > 0) *last = i;
  return i;
}

int FrameGraph::ScopedIndex(const std::string& name) {
  int i = HintedIndex(name);
  if (i >= 0) return i;
  // "A::B::__model__" is the frame of nested model A::B.
  static constexpr std::string_view kModelSuffix = "::__model__";
  if (name.size() > kModelSuffix.size() &&
      name.compare(name.size() - kModelSuffix.size(), kModelSuffix.size(),
                   kModelSuffix) == 0) {
    return ScopedIndex(name.substr(0, name.size() - kModelSuffix.size()));
  }
  const size_t sep = name.find("::");
  if (sep == std::string::npos) return -1;
  const std::string head = name.substr(0, sep);
  const int h = Index(head);
  if (h <= 0 || vertices_[h].kind != Kind::kNestedModel) return -1;
  FrameGraph* n = nullptr;
  for (auto& [nested_name, graph] : nested_) {
    if (nested_name == head) n = &graph;
  }
  if (!n) return -1;
  const std::string rest = name.substr(sep + 2);
  const int r = n->ScopedIndex(rest);
  if (r < 0) return -1;
  if (r == 0) return h;  // "A::__model__" is A's model frame
  // A proxy for frame B of nested model A ("A::B"), posed through A:
  // X_MV = X_MA * X_AV, with X_AV already resolved in A. It is attached to
  // what B is attached to in A (a proxy of that link), or to A itself when
  // B is attached to no link there (a static model's frame).
  const Kind kind = n->vertices_[r].kind;
  const bool target_resolved = n->vertices_[r].resolved;
  int attach = h;
  if (kind != Kind::kLink && kind != Kind::kNestedModel) {
    const auto link = n->AttachedLinkOf(r);
    if (link) attach = ScopedIndex(head + "::" + *link);
    if (attach < 0) attach = h;
  }
  Vertex v;
  v.name = name;
  v.kind = kind;
  v.relative_to = target_resolved ? h : kInvalid;
  v.X_RV = n->vertices_[r].X_MV;
  v.file = FileIndex(n->files_[n->vertices_[r].file]);
  v.line = n->vertices_[r].line;
  const int index = static_cast<int>(vertices_.size());
  if (kind == Kind::kLink || kind == Kind::kNestedModel) {
    v.attached_link = index;
  } else {
    v.attached_to = attach;
    v.attached_link = vertices_[attach].attached_link;
  }
  v.attachment_done = v.attached_link >= 0;
  if (finished_ && target_resolved && vertices_[h].resolved) {
    v.X_MV = vertices_[h].X_MV * v.X_RV;
    v.resolved = true;
  }
  PushVertex(std::move(v));
  IndexName(name, index);
  return index;
}

bool FrameGraph::Names(const std::string& ref) const {
  if (Index(ref) >= 0) return true;
  const size_t sep = ref.find("::");
  if (sep == std::string::npos) return false;
  const FrameGraph* n = Nested(ref.substr(0, sep));
  return n && n->Names(ref.substr(sep + 2));
}

std::string FrameGraph::FindInNested(const std::string& ref) const {
  for (const auto& [name, graph] : nested_) {
    if (graph.Names(ref)) return name + "::" + ref;
  }
  for (const auto& [name, graph] : nested_) {
    std::string deeper = graph.FindInNested(ref);
    if (!deeper.empty()) return name + "::" + deeper;
  }
  return {};
}

namespace {

// Whether `name` is declared in `m`'s scope (or is m itself).
bool DeclaredIn(const Model& m, const std::string& name) {
  if (m.name == name) return true;
  for (const auto& l : m.links) if (l.name == name) return true;
  for (const auto& j : m.joints) if (j.name == name) return true;
  for (const auto& f : m.frames) if (f.name == name) return true;
  for (const auto& n : m.models) if (n.name == name) return true;
  return false;
}

bool DeclaredIn(const World& w, const std::string& name) {
  for (const auto& j : w.joints) if (j.name == name) return true;
  for (const auto& f : w.frames) if (f.name == name) return true;
  for (const auto& n : w.models) if (n.name == name) return true;
  return false;
}

}  // namespace

void FrameGraph::ReportUnresolved(Code code, std::string message,
                                  const std::string& ref,
                                  const SourceLocation& where,
                                  Diagnostics* diags) {
  ok_ = false;
  if (composition_ && !ref.empty()) {
    const std::string head = ref.substr(0, ref.find("::"));
    if (Index(head) < 0 && head != kWorldFrame) {
      // Spec 1.3.2: no shadowing; a reference never reaches an enclosing
      // scope (nor, from there, a sibling model's insides).
      const bool itself = head == name_;
      bool outer = itself;
      for (const Outer* o = outer_; o && !outer; o = o->up) {
        outer = o->model ? DeclaredIn(*o->model, head)
                         : DeclaredIn(*o->world, head);
      }
      if (outer) {
        diags->Error(Code::REFERENCE_SHADOWING,
                     message + ": '" + head +
                         (itself ? "' is this scope's own name, which its "
                                   "references do not use"
                                 : "' belongs to an enclosing scope") +
                         ", and SDFormat 1.8 references reach only into "
                         "this scope and the models nested in it",
                     where);
        return;
      }
      const std::string nested = FindInNested(ref);
      if (!nested.empty()) {
        diags->Error(Code::REFERENCE_BAD_SCOPE,
                     message + ": '" + ref +
                         "' is inside a nested model; name it with its "
                         "scope, '" +
                         nested + "'",
                     where);
        return;
      }
    }
  }
  diags->Error(code, std::move(message), where);
}

void FrameGraph::CheckElementPoses(const std::vector<Element>& elements,
                                   const std::string& scope_name,
                                   Diagnostics* diags) {
  for (const Element& e : elements) {
    for (const Element& c : e.children) {
      if (c.name != "pose") continue;
      const std::string* rel = c.Attribute("relative_to");
      if (!rel || rel->empty()) continue;
      if (FrameIndex(*rel) >= 0) continue;
      const std::string* name = e.Attribute("name");
      ReportUnresolved(Code::POSE_RELATIVE_TO_INVALID,
                       e.name + (name ? " '" + *name + "'" : std::string()) +
                           " has a pose relative_to '" + *rel +
                           "', which names no frame in " + scope_name,
                       *rel, c.where, diags);
    }
  }
}

namespace {

// 1.7 forbids what 1.8 composition allows; every other version (1.8 and
// newer, and the 1.5/1.6 files that used "::" as 1.8 does) follows 1.8.
bool ComposesLike18(const std::string& version) { return version != "1.7"; }

// 1.8 reserves "::" (spec 1.3.1): no name may contain it from 1.8 on.
bool ReservesDelimiter(const std::string& version) {
  int major = 0, minor = 0;
  char rest = 0;
  return std::sscanf(version.c_str(), "%d.%d%c", &major, &minor, &rest) == 2 &&
         (major > 1 || (major == 1 && minor >= 8));
}

}  // namespace

FrameGraph FrameGraph::Build(const Model& model, Diagnostics* diags) {
  // A top-level model's own name belongs to no scope: check it here.
  if (model.name.empty()) {
    diags->Error(Code::NAME_EMPTY, "a model has an empty name", model.where);
  } else if (IsReservedName(model.name)) {
    diags->Error(Code::RESERVED_NAME,
                 "model name '" + model.name +
                     "' is reserved (\"world\" and names of the form __*__)",
                 model.where);
  }
  const bool delimiter = ReservesDelimiter(model.source_version) &&
                         model.name.find("::") != std::string::npos;
  if (delimiter) {
    diags->Error(Code::RESERVED_NAME,
                 "model name '" + model.name +
                     "' contains '::', the scope delimiter SDFormat 1.8 "
                     "reserves",
                 model.where);
  }
  // Its own pose is in the frame of whatever holds the file, which has no
  // frame it could name (phases of parsing, Model step 8, skips the
  // __model__ frame's pose): libsdformat refuses any relative_to there.
  if (!model.pose.relative_to.empty()) {
    diags->Error(Code::POSE_RELATIVE_TO_INVALID,
                 "the pose of top-level model '" + model.name +
                     "' is relative_to '" + model.pose.relative_to +
                     "'; a top-level model's pose can be relative to "
                     "nothing but what holds the file (leave relative_to "
                     "out)",
                 model.where);
  }
  FrameGraph g = BuildScope(model, nullptr, diags);
  if (model.name.empty() || IsReservedName(model.name) || delimiter) {
    g.ok_ = false;
  }
  // Its placement frame places it in whatever holds the file: it must be
  // one of its frames.
  if (!model.placement_frame.empty() &&
      !g.Names(model.placement_frame)) {
    diags->Error(Code::MODEL_PLACEMENT_FRAME_INVALID,
                 "placement_frame '" + model.placement_frame + "' of model '" +
                     model.name + "' names no frame of that model",
                 model.where);
    g.ok_ = false;
  }
  return g;
}

void FrameGraph::BeginScope(const std::string& version, const char* root_name,
                            Kind root_kind, const SourceLocation& where) {
  composition_ = ComposesLike18(version);
  delimiter_reserved_ = ReservesDelimiter(version);
  scoped_references_ = composition_;
  Vertex root;
  root.name = root_name;
  root.kind = root_kind;
  root.resolved = true;
  root.file = FileIndex(where.file);
  root.line = where.line;
  PushVertex(std::move(root));
  IndexName(root_name, 0);
}

void FrameGraph::BuildNested(const std::vector<Model>& models,
                             const Outer& here, Diagnostics* diags) {
  // An included file is a scope of its own (spec 1.1.1): nothing outside it
  // is an enclosing scope of its references.
  for (const auto& m : models) {
    nested_.emplace_back(m.name,
                         BuildScope(m, m.include ? nullptr : &here, diags));
    if (!nested_.back().second.ok()) ok_ = false;
  }
}

void FrameGraph::ChooseCanonicalLink(const Model& model,
                                     const std::vector<int>& link_v,
                                     const std::string& scope,
                                     Diagnostics* diags) {
  if (!model.canonical_link.empty()) {
    // A link of this scope, or (scoped name) of a nested model: joints have
    // always been allowed to name those (SDFormat 1.5 "::"). A 1.7 model
    // may name a nested model's link too (1.7 amendment 1, directly nested
    // models: canonical_link="nested::link"), as libsdformat reads it.
    auto link_index = [&](const std::string& name) {
      int i = ScopedIndex(name);
      return i > 0 && vertices_[i].kind == Kind::kLink ? i : -1;
    };
    const bool scoped = scoped_references_ ||
                        model.canonical_link.find("::") != std::string::npos;
    const int c = scoped ? link_index(model.canonical_link)
                         : Index(model.canonical_link);
    if (c > 0 && vertices_[c].kind == Kind::kLink) {
      canonical_link_ = model.canonical_link;
    } else {
      ReportUnresolved(Code::MODEL_CANONICAL_LINK_INVALID,
                       "canonical_link '" + model.canonical_link + "' of " +
                           scope + " is not one of its links",
                       model.canonical_link, model.where, diags);
    }
  } else if (!model.links.empty()) {
    // The first link whose name was accepted.
    for (size_t k = 0; k < model.links.size(); ++k) {
      if (link_v[k] >= 0) {
        canonical_link_ = model.links[k].name;
        break;
      }
    }
  } else if (!model.models.empty()) {
    const FrameGraph& first = nested_.front().second;
    if (!first.canonical_link_.empty())
      canonical_link_ =
          model.models.front().name + "::" + first.canonical_link_;
  } else if (!model.is_static) {
    diags->Error(Code::MODEL_WITHOUT_LINK,
                 scope + " has no link and no nested model", model.where);
    ok_ = false;
  }
}

void FrameGraph::SetFrameAttachments(const std::vector<Frame>& frames,
                                     const std::vector<int>& frame_v,
                                     const std::string& scope,
                                     Diagnostics* diags) {
  for (size_t k = 0; k < frames.size(); ++k) {
    if (frame_v[k] >= 0)
      SetFrameAttachment(frames[k], frame_v[k], scope, diags);
  }
}

void FrameGraph::SetJointAndFramePoses(const std::vector<Joint>& joints,
                                       const std::vector<int>& joint_v,
                                       const std::vector<int>& child_v,
                                       const std::vector<Frame>& frames,
                                       const std::vector<int>& frame_v,
                                       const std::string& scope,
                                       Diagnostics* diags) {
  for (size_t k = 0; k < joints.size(); ++k)
    SetRelativeTo(joint_v[k], joints[k].pose, child_v[k], "joint", scope,
                  diags);
  for (size_t k = 0; k < frames.size(); ++k) {
    const int vi = frame_v[k];
    SetRelativeTo(vi, frames[k].pose,
                  vi < 0 ? kInvalid : vertices_[vi].attached_to, "frame", scope,
                  diags);
  }
}

void FrameGraph::CheckLinkContentPoses(const Model& model,
                                       const std::string& scope,
                                       Diagnostics* diags) {
  for (const Link& l : model.links) {
    CheckLinkChildNames(l, diags);
    auto check_shape = [&](const Shape& s, const char* what) {
      if (s.pose.relative_to.empty() || FrameIndex(s.pose.relative_to) >= 0)
        return;
      ReportUnresolved(Code::POSE_RELATIVE_TO_INVALID,
                       std::string(what) + " '" + s.name + "' of link '" +
                           l.name + "' has a pose relative_to '" +
                           s.pose.relative_to + "', which names no frame in " +
                           scope,
                       s.pose.relative_to, s.where, diags);
    };
    for (const Visual& v : l.visuals) check_shape(v, "visual");
    for (const Collision& c : l.collisions) check_shape(c, "collision");
    CheckElementPoses(l.extensions, scope, diags);
  }
  for (const Joint& j : model.joints)
    CheckElementPoses(j.extensions, scope, diags);
}

FrameGraph FrameGraph::BuildScope(const Model& model, const Outer* outer,
                                  Diagnostics* diags) {
  FrameGraph g;
  g.name_ = model.name;
  g.outer_ = outer;
  g.vertices_.reserve(1 + model.links.size() + model.joints.size() +
                      model.frames.size() + model.models.size());
  g.index_.Reserve(g.vertices_.capacity());
  g.name_starts_.reserve(g.vertices_.capacity() + 1);
  g.BeginScope(model.source_version, kModelFrame, Kind::kModelFrame,
               model.where);
  const std::string scope = "model '" + model.name + "'";

  // Phase 2: names. Vertex indices per element, -1 when the element was
  // rejected (its problem is already reported).
  const std::vector<int> link_v = g.AddVertices(model.links, Kind::kLink, diags);
  const std::vector<int> model_v =
      g.AddVertices(model.models, Kind::kNestedModel, diags);
  const std::vector<int> joint_v =
      g.AddVertices(model.joints, Kind::kJoint, diags);
  const std::vector<int> frame_v =
      g.AddVertices(model.frames, Kind::kFrame, diags);

  // Phase 3: nested models, each its own scope.
  const Outer here{&model, nullptr, outer};
  g.BuildNested(model.models, here, diags);

  // Phase 4: joint parent and child.
  std::vector<int> parent_v, child_v;
  g.AddJoints(model.joints, joint_v, scope, &parent_v, &child_v, diags);

  // Phase 5 and 7.2: the canonical link.
  g.ChooseCanonicalLink(model, link_v, scope, diags);

  // attached_to edges (phases 6 and 7).
  if (!model.is_static && !g.canonical_link_.empty()) {
    const int c = g.ScopedIndex(g.canonical_link_);
    g.vertices_[0].attached_to = c > 0 ? c : g.Index(model.models.front().name);
  }
  g.SetFrameAttachments(model.frames, frame_v, scope, diags);

  // relative_to edges (phase 8).
  for (size_t k = 0; k < model.links.size(); ++k)
    g.SetRelativeTo(link_v[k], model.links[k].pose, 0, "link", scope, diags);
  for (size_t k = 0; k < model.models.size(); ++k) {
    g.SetRelativeTo(model_v[k], model.models[k].pose, 0, "model", scope, diags);
    g.ApplyPlacement(model_v[k], model.models[k], scope, diags);
  }
  g.SetJointAndFramePoses(model.joints, joint_v, child_v, model.frames, frame_v,
                          scope, diags);
  // Poses that make no frame (visuals, collisions, sensors, lights ...)
  // must still name a frame of this scope.
  g.CheckLinkContentPoses(model, scope, diags);

  g.ResolveAttachments(diags);
  g.CheckJointLinks(model.joints, parent_v, child_v, diags);
  g.ResolvePoses(diags);
  g.outer_ = nullptr;
  g.finished_ = true;
  return g;
}

void FrameGraph::AddJoints(const std::vector<Joint>& joints,
                           const std::vector<int>& joint_v,
                           const std::string& scope,
                           std::vector<int>* parent_v,
                           std::vector<int>* child_v, Diagnostics* diags) {
  parent_v->assign(joints.size(), kInvalid);
  child_v->assign(joints.size(), kInvalid);
  // 1.7: parent and child name links (scoped into nested models, as 1.5
  // "::" did). 1.8: any frame; its attached link is checked later.
  auto end_index = [&](const std::string& name) {
    const int i = ScopedIndex(name);
    if (composition_) return i;
    return i > 0 && vertices_[i].kind == Kind::kLink ? i : -1;
  };
  const char* what = composition_ ? "frame" : "link";
  for (size_t k = 0; k < joints.size(); ++k) {
    const Joint& j = joints[k];
    // The vertex of the joint's parent or child, reported when it names
    // nothing usable.
    auto end = [&](const std::string& name, const char* role, Code code) {
      const int i = end_index(name);
      if (i >= 0) return i;
      ReportUnresolved(code,
                       "joint '" + j.name + "' names " + role + " " + what +
                           " '" + name + "', which is not a " + what + " of " +
                           scope,
                       name, j.where, diags);
      return kInvalid;
    };
    if (j.child == kWorldFrame) {
      diags->Error(Code::JOINT_CHILD_LINK_INVALID,
                   "joint '" + j.name + "' has 'world' as its child link",
                   j.where);
      ok_ = false;
    } else {
      (*child_v)[k] = end(j.child, "child", Code::JOINT_CHILD_LINK_INVALID);
    }
    if (j.parent == kWorldFrame) {
      (*parent_v)[k] = world_ ? 0 : kInvalid;
    } else {
      (*parent_v)[k] = end(j.parent, "parent", Code::JOINT_PARENT_LINK_INVALID);
    }
    if (j.parent == j.child) {
      diags->Error(Code::JOINT_PARENT_SAME_AS_CHILD,
                   "joint '" + j.name + "' has the same parent and child '" +
                       j.child + "'",
                   j.where);
      ok_ = false;
    }
    // The joint frame is attached to the child frame (1.7: the child link).
    if (joint_v[k] >= 0) vertices_[joint_v[k]].attached_to = (*child_v)[k];
    // expressed_in must name a frame of this scope.
    for (const auto* axis : {&j.axis, &j.axis2}) {
      if (!axis->has_value() || (*axis)->expressed_in.empty()) continue;
      if (FrameIndex((*axis)->expressed_in) >= 0) continue;
      ReportUnresolved(Code::JOINT_AXIS_EXPRESSED_IN_INVALID,
                       "joint '" + j.name + "' has an axis expressed_in '" +
                           (*axis)->expressed_in +
                           "', which names no frame in " + scope,
                       (*axis)->expressed_in, j.where, diags);
    }
  }
}

void FrameGraph::CheckJointLinks(const std::vector<Joint>& joints,
                                 const std::vector<int>& parent_v,
                                 const std::vector<int>& child_v,
                                 Diagnostics* diags) {
  if (!composition_) return;
  for (size_t k = 0; k < joints.size(); ++k) {
    const Joint& j = joints[k];
    if (child_v[k] < 0 || j.parent == j.child) continue;
    const auto child = AttachedLinkOf(child_v[k]);
    if (!child || *child == kWorldFrame) {
      diags->Error(Code::JOINT_CHILD_LINK_INVALID,
                   "joint '" + j.name + "' has child frame '" + j.child +
                       "', which is attached to " +
                       (child ? "the world" : "no link"),
                   j.where);
      ok_ = false;
      continue;
    }
    if (j.parent == kWorldFrame && !world_) continue;
    if (parent_v[k] < 0) continue;
    const auto parent = AttachedLinkOf(parent_v[k]);
    if (!parent) {
      diags->Error(Code::JOINT_PARENT_LINK_INVALID,
                   "joint '" + j.name + "' has parent frame '" + j.parent +
                       "', which is attached to no link",
                   j.where);
      ok_ = false;
    } else if (*parent == *child) {
      diags->Error(Code::JOINT_PARENT_SAME_AS_CHILD,
                   "joint '" + j.name + "' connects '" + j.parent + "' and '" +
                       j.child + "', which are both attached to link '" +
                       *child + "'",
                   j.where);
      ok_ = false;
    }
  }
}

void FrameGraph::ApplyPlacement(int vi, const Model& m,
                                const std::string& scope, Diagnostics* diags) {
  if (vi < 0) return;
  // Spec 1.4.4: //include/placement_frame requires //include/pose (the
  // included //model/pose no longer means anything).
  if (m.include && m.include->Child("placement_frame") &&
      !m.include->Child("pose")) {
    diags->Error(Code::PLACEMENT_FRAME_WITHOUT_POSE,
                 "<include> of model '" + m.name +
                     "' gives a <placement_frame> but no <pose>, which it "
                     "requires",
                 m.where);
    vertices_[vi].relative_to = kInvalid;
    ok_ = false;
    return;
  }
  if (m.placement_frame.empty()) return;
  const FrameGraph* n = Nested(m.name);
  if (!n) return;
  if (!n->Names(m.placement_frame)) {
    diags->Error(Code::MODEL_PLACEMENT_FRAME_INVALID,
                 "placement_frame '" + m.placement_frame + "' of model '" +
                     m.name + "' in " + scope + " names no frame of that model",
                 m.where);
    vertices_[vi].relative_to = kInvalid;
    ok_ = false;
    return;
  }
  const auto X_MP = n->PlacementInModel(m.placement_frame);
  if (!X_MP) {
    vertices_[vi].relative_to = kInvalid;  // its scope reported why
    return;
  }
  // The pose places P: X_RP = pose, so X_RM = X_RP * X_PM.
  vertices_[vi].X_RV = PlacedModelPose(vertices_[vi].X_RV, *X_MP);
}

std::optional<Isometry3> FrameGraph::PlacementInModel(
    const std::string& placement_frame) const {
  if (placement_frame.empty()) return Isometry3::Identity();
  return PoseInModel(placement_frame);
}

FrameGraph FrameGraph::BuildWorld(const World& world, Diagnostics* diags) {
  FrameGraph g;
  g.world_ = true;
  g.name_ = world.name;
  std::string version = world.source_version;
  for (size_t k = 0; version.empty() && k < world.models.size(); ++k) {
    if (!world.models[k].include) version = world.models[k].source_version;
  }
  g.vertices_.reserve(1 + world.models.size() + world.frames.size() +
                      world.joints.size());
  g.BeginScope(version, kWorldFrame, Kind::kWorldFrame, world.where);
  const std::string scope = "world '" + world.name + "'";
  const std::vector<int> model_v =
      g.AddVertices(world.models, Kind::kNestedModel, diags);
  const std::vector<int> joint_v =
      g.AddVertices(world.joints, Kind::kJoint, diags);
  const std::vector<int> frame_v =
      g.AddVertices(world.frames, Kind::kFrame, diags);
  const Outer here{nullptr, &world, nullptr};
  g.BuildNested(world.models, here, diags);
  std::vector<int> parent_v, child_v;
  g.AddJoints(world.joints, joint_v, scope, &parent_v, &child_v, diags);
  g.SetFrameAttachments(world.frames, frame_v, scope, diags);
  for (size_t k = 0; k < world.models.size(); ++k) {
    const Pose& pose = world.models[k].pose;
    if (pose.relative_to == kModelFrame && model_v[k] >= 0) {
      // In the world scope __model__ can only mean the model itself.
      diags->Error(Code::POSE_RELATIVE_TO_CYCLE,
                   "model '" + world.models[k].name +
                       "' has a pose relative_to '__model__', its own frame",
                   world.models[k].where);
      g.vertices_[model_v[k]].relative_to = kInvalid;
      g.ok_ = false;
      continue;
    }
    g.SetRelativeTo(model_v[k], pose, 0, "model", scope, diags);
    g.ApplyPlacement(model_v[k], world.models[k], scope, diags);
  }
  g.SetJointAndFramePoses(world.joints, joint_v, child_v, world.frames, frame_v,
                          scope, diags);
  g.CheckElementPoses(world.extensions, scope, diags);
  g.ResolveAttachments(diags);
  g.CheckJointLinks(world.joints, parent_v, child_v, diags);
  g.ResolvePoses(diags);
  g.finished_ = true;
  return g;
}

void FrameGraph::CheckLinkChildNames(const Link& l, Diagnostics* diags) {
  // Siblings of the same type must have distinct names: libsdformat refuses
  // two collisions (or visuals, sensors ...) of one link with one name.
  // Each (type, name) seen, viewing the link's own strings.
  FewSet<std::pair<std::string_view, std::string_view>, ViewPairHash> seen;
  auto add = [&](const std::string& name, std::string_view type,
                 const SourceLocation& where) {
    if (name.empty() || seen.Insert({type, name})) return;
    diags->Error(
        Code::DUPLICATE_NAME,
        std::string(type) + " name '" + name + "' is used twice in link '" +
            l.name + "'",
        where);
    ok_ = false;
  };
  for (const Visual& v : l.visuals) add(v.name, "visual", v.where);
  for (const Collision& c : l.collisions) add(c.name, "collision", c.where);
  for (const Element& e : l.extensions) {
    if (const std::string* n = e.Attribute("name")) add(*n, e.name, e.where);
  }
}

void FrameGraph::SetFrameAttachment(const Frame& f, int vi,
                                    const std::string& scope,
                                    Diagnostics* diags) {
  Vertex& v = vertices_[vi];
  const std::string& root = vertices_[0].name;
  if (f.attached_to.empty() || f.attached_to == root) {
    v.attached_to = 0;
    return;
  }
  if (f.attached_to == f.name) {
    diags->Error(Code::FRAME_ATTACHED_TO_CYCLE,
                 "frame '" + f.name + "' is attached to itself", f.where);
    v.attached_to = kInvalid;
    ok_ = false;
    return;
  }
  const int target = FrameIndex(f.attached_to);
  // ScopedIndex may have grown vertices_: index again.
  vertices_[vi].attached_to = target < 0 ? kInvalid : target;
  if (target < 0) {
    ReportUnresolved(
        Code::FRAME_ATTACHED_TO_INVALID,
        "frame '" + f.name + "' is attached_to '" + f.attached_to +
            "', which names no " +
            (world_ ? "model or frame" : "link, joint, frame or model") +
            " in " + scope,
        f.attached_to, f.where, diags);
  }
}

void FrameGraph::SetRelativeTo(int vi, const Pose& pose, int default_target,
                               const char* element, const std::string& scope,
                               Diagnostics* diags) {
  if (vi < 0) return;
  vertices_[vi].X_RV = pose.ToIsometry();
  if (pose.relative_to.empty()) {
    vertices_[vi].relative_to = default_target;
    return;
  }
  if (pose.relative_to == vertices_[vi].name) {
    diags->Error(Code::POSE_RELATIVE_TO_CYCLE,
                 std::string(element) + " '" + vertices_[vi].name +
                     "' has a pose relative_to itself",
                 Where(vi));
    vertices_[vi].relative_to = kInvalid;
    ok_ = false;
    return;
  }
  const int target = FrameIndex(pose.relative_to);
  vertices_[vi].relative_to = target < 0 ? kInvalid : target;
  if (target < 0) {
    ReportUnresolved(Code::POSE_RELATIVE_TO_INVALID,
                     std::string(element) + " '" + vertices_[vi].name +
                         "' has a pose relative_to '" + pose.relative_to +
                         "', which names no frame in " + scope,
                     pose.relative_to, Where(vi), diags);
  }
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
      diags->Error(Code::POSE_RELATIVE_TO_CYCLE,
                   std::string(KindName(vertices_[v].kind)) + " '" +
                       vertices_[v].name +
                       "' is in a cycle of pose relative_to references",
                   Where(v));
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
      if (k == Kind::kLink || k == Kind::kNestedModel ||
          k == Kind::kWorldFrame) {
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
      diags->Error(Code::FRAME_ATTACHED_TO_CYCLE,
                   std::string(KindName(vertices_[v].kind)) + " '" +
                       vertices_[v].name +
                       "' is in a cycle of attached_to references",
                   Where(v));
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

std::optional<FrameGraph::Kind> FrameGraph::KindOf(const std::string& frame,
                                                   Hint* hint) const {
  int i = IndexFor(frame, hint);
  if (i >= 0) return vertices_[i].kind;
  // A scoped name nobody referenced: its kind in its own scope.
  const size_t sep = frame.find("::");
  if (sep == std::string::npos) return std::nullopt;
  const FrameGraph* n = Nested(frame.substr(0, sep));
  if (!n) return std::nullopt;
  const std::string rest = frame.substr(sep + 2);
  if (n->Index(rest) == 0) return Kind::kNestedModel;  // "A::__model__"
  return n->KindOf(rest);
}

std::optional<Isometry3> FrameGraph::PoseInModel(const std::string& frame,
                                                 Hint* hint) const {
  int i = IndexFor(frame, hint);
  if (i < 0) {
    // A scoped name nobody referenced: X_MV = X_MA * X_AV.
    const size_t sep = frame.find("::");
    if (sep == std::string::npos) return std::nullopt;
    const std::string head = frame.substr(0, sep);
    const FrameGraph* n = Nested(head);
    auto X_MA = PoseInModel(head);
    if (!n || !X_MA) return std::nullopt;
    auto X_AV = n->PoseInModel(frame.substr(sep + 2));
    if (!X_AV) return std::nullopt;
    return *X_MA * *X_AV;
  }
  if (!vertices_[i].resolved) return std::nullopt;
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

std::optional<std::string> FrameGraph::AttachedLinkOf(int v) const {
  if (v < 0 || vertices_[v].attached_link < 0) return std::nullopt;
  const Vertex& body = vertices_[vertices_[v].attached_link];
  if (body.kind == Kind::kWorldFrame) return body.name;
  if (body.kind == Kind::kNestedModel) {
    const FrameGraph* n = NestedPath(body.name);
    if (!n || n->canonical_link_.empty()) return std::nullopt;
    return body.name + "::" + n->canonical_link_;
  }
  return body.name;
}

std::optional<std::string> FrameGraph::AttachedLink(
    const std::string& frame) const {
  const int i = Index(frame);
  if (i >= 0) return AttachedLinkOf(i);
  // A scoped name nobody referenced: what it is attached to in its scope.
  const size_t sep = frame.find("::");
  if (sep == std::string::npos) return std::nullopt;
  const std::string head = frame.substr(0, sep);
  const FrameGraph* n = Nested(head);
  if (!n) return std::nullopt;
  const std::string rest = frame.substr(sep + 2);
  if (n->Index(rest) == 0) return AttachedLink(head);  // "A::__model__"
  auto link = n->AttachedLink(rest);
  if (!link) return std::nullopt;
  return head + "::" + *link;
}

std::vector<FrameGraph::VertexView> FrameGraph::Vertices() const {
  auto target = [this](int t) -> std::string {
    if (t == -1) return "";
    if (t < 0 || t >= static_cast<int>(vertices_.size())) return "?";
    return vertices_[t].name;
  };
  std::vector<VertexView> out;
  out.reserve(vertices_.size());
  for (const Vertex& v : vertices_) {
    out.push_back({v.name, v.kind, target(v.relative_to),
                   v.kind == Kind::kLink ? "" : target(v.attached_to),
                   v.name.find("::") != std::string::npos});
  }
  return out;
}

const FrameGraph* FrameGraph::Nested(const std::string& model_name) const {
  for (const auto& [name, graph] : nested_) {
    if (name == model_name) return &graph;
  }
  return nullptr;
}

const FrameGraph* FrameGraph::NestedPath(const std::string& path) const {
  const size_t sep = path.find("::");
  const FrameGraph* n = Nested(path.substr(0, sep));
  if (!n || sep == std::string::npos) return n;
  return n->NestedPath(path.substr(sep + 2));
}

}  // namespace frames
