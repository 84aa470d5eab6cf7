// The frame-semantics core for one model scope (SDFormat 1.7 pose frame
// semantics): builds the attached_to and relative_to graphs of a model,
// validates them with the spec's failure codes, and resolves every frame's
// pose in the model frame once, so that any query after Build is O(1).
//
// Vertices are the implicit __model__ frame, every link, joint, explicit frame
// and directly nested model. Each vertex has one relative_to edge (the frame
// its pose is measured in, with that pose) and one attached_to edge.
//
// SDFormat 1.8 composition (model_composition_1.8.txt) applies to every model
// not declared 1.7 (1.7 forbids it; older files used "::" as 1.8 does, and
// libsdformat reads them with 1.8 rules): "::"-scoped references reach down
// into nested models and never outward (a name of an enclosing scope is
// REFERENCE_SHADOWING, a nested model's element named without its scope
// REFERENCE_BAD_SCOPE); a joint's parent and child may be any frame (the
// links they are attached to are the joint's links, its frame is attached to
// the child frame and posed in it by default); a nested model's
// placement_frame is the frame its pose places; a world holds joints.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "diag/diagnostics.h"
#include "frames/model.h"
#include "frames/name_index.h"
#include "frames/pose.h"

namespace frames {

class FrameGraph {
 public:
  enum class Kind { kModelFrame, kWorldFrame, kLink, kJoint, kFrame, kNestedModel };

  // Checks names (empty, reserved, duplicate among links, joints, frames and
  // nested models), joint parent/child, the canonical link, attached_to and
  // relative_to values and graphs; reports every problem found into `diags`.
  // Nested models are built recursively into their own scopes.
  static FrameGraph Build(const Model& model, Diagnostics* diags);
  // The world scope (spec: phases of parsing a world): the implicit `world`
  // frame, //world/frame and the world's models, each model its own scope.
  static FrameGraph BuildWorld(const World& world, Diagnostics* diags);

  // True when every pose of this scope and its nested scopes resolved.
  bool ok() const { return ok_; }

  // A caller's place for lookups made in the order the graph added its
  // vertices (a model's links, then its nested models, joints and frames,
  // each in model order): a lookup given a Hint first compares the name
  // with the vertex found last and the one after it, as building does
  // (HintedIndex), instead of hashing it and probing a table larger than the
  // cache. The caller owns it (one per thread); the graph is not changed.
  struct Hint {
    int last = 0;
  };

  bool Has(const std::string& frame) const;
  std::optional<Kind> KindOf(const std::string& frame,
                             Hint* hint = nullptr) const;

  // X_MF: pose of `frame` in this scope's frame (__model__, or world).
  // Scoped names ("nested::link") reach into nested scopes.
  std::optional<Isometry3> PoseInModel(const std::string& frame,
                                       Hint* hint = nullptr) const;
  // X_AB: pose of frame B in frame A, both in this scope ("" = __model__).
  std::optional<Isometry3> Resolve(const std::string& frame_b,
                                   const std::string& frame_a) const;
  // X_MS of a pose written on an element (visual, collision, sensor ...):
  // measured in pose.relative_to, or in `default_frame` when that is empty.
  std::optional<Isometry3> ResolvePose(const Pose& pose,
                                       const std::string& default_frame) const;
  // The same pose measured in frame A instead of the model frame (X_AS).
  std::optional<Isometry3> ResolvePose(const Pose& pose,
                                       const std::string& default_frame,
                                       const std::string& frame_a) const;
  // The link `frame` is attached to (following attached_to edges); for a
  // nested model, its canonical link's name in its own scope.
  std::optional<std::string> AttachedLink(const std::string& frame) const;

  // Scope of a directly nested model, or nullptr.
  const FrameGraph* Nested(const std::string& model_name) const;
  // Scope of a nested model named by a scoped path ("A::B"), or nullptr.
  const FrameGraph* NestedPath(const std::string& path) const;
  // X_MP: the pose of `placement_frame` of a model built as this graph in
  // its own model frame (the identity for "" and __model__); nullopt when it
  // names no resolved frame. The model's pose X_RM = X_RP * X_MP^-1.
  std::optional<Isometry3> PlacementInModel(
      const std::string& placement_frame) const;
  const std::string& canonical_link() const { return canonical_link_; }

  // The graphs as built, for pictures (graph/, `robot-graph --graph-kind
  // frames`): each vertex of this scope in the order it was made, with the
  // names its relative_to and attached_to edges point at ("" for none: the
  // root's relative_to, a link's attached_to; "?" for an edge that could
  // not be made). `scoped` marks a vertex standing for a nested scope's
  // frame ("A::B"), made when something here names it.
  struct VertexView {
    std::string name;
    Kind kind;
    std::string relative_to;
    std::string attached_to;
    bool scoped = false;
  };
  std::vector<VertexView> Vertices() const;
  // The directly nested scopes, in the model's order.
  const std::vector<std::pair<std::string, FrameGraph>>& NestedScopes() const {
    return nested_;
  }

 private:
  struct Vertex {
    std::string name;
    Kind kind;
    int relative_to = -1;  // -1 for __model__ (the root)
    Isometry3 X_RV = Isometry3::Identity();  // pose in relative_to frame
    int attached_to = -1;                    // -1 for links and __model__
    // Results.
    Isometry3 X_MV = Isometry3::Identity();
    bool resolved = false;
    int attached_link = -1;  // vertex index of the link, -1 if unresolved
    bool attachment_done = false;
    // Where it was read: files_[file], line (the file's name stored once
    // per graph, not once per vertex).
    int file = 0;
    int line = 0;
  };

  // The scopes enclosing one being built, innermost first: what 1.8 forbids
  // a reference to (REFERENCE_SHADOWING).
  struct Outer {
    const Model* model = nullptr;  // an enclosing model, or
    const World* world = nullptr;  // the enclosing world
    const Outer* up = nullptr;
  };

  // Build without checking the model's own name (a nested model's name is
  // checked in its parent's scope).
  static FrameGraph BuildScope(const Model& model, const Outer* outer,
                               Diagnostics* diags);
  // Steps of BuildScope and BuildWorld, in the order they run.
  // The composition rules of the file's `version` and the scope's root
  // vertex (__model__ or world).
  void BeginScope(const std::string& version, const char* root_name,
                  Kind root_kind, const SourceLocation& where);
  // Phase 3: nested models, each its own scope; `here` encloses them.
  void BuildNested(const std::vector<Model>& models, const Outer& here,
                   Diagnostics* diags);
  // Phases 5 and 7.2: the canonical link (named, else the first accepted
  // link, else the first nested model's); `link_v` from phase 2.
  void ChooseCanonicalLink(const Model& model, const std::vector<int>& link_v,
                           const std::string& scope, Diagnostics* diags);
  // Phases 6 and 7: attached_to edges of the accepted frames.
  void SetFrameAttachments(const std::vector<Frame>& frames,
                           const std::vector<int>& frame_v,
                           const std::string& scope, Diagnostics* diags);
  // Phase 8 for joints (default: the child frame) and frames (default: what
  // they are attached to).
  void SetJointAndFramePoses(const std::vector<Joint>& joints,
                             const std::vector<int>& joint_v,
                             const std::vector<int>& child_v,
                             const std::vector<Frame>& frames,
                             const std::vector<int>& frame_v,
                             const std::string& scope, Diagnostics* diags);
  // Poses that make no frame (visuals, collisions, sensors, lights ...) of
  // the model's links and joints must still name a frame of this scope;
  // sibling names of each link are distinct.
  void CheckLinkContentPoses(const Model& model, const std::string& scope,
                             Diagnostics* diags);
  // A reference for 1.8 rules: ScopedIndex, else HintedIndex.
  int FrameIndex(const std::string& name) {
    return scoped_references_ ? ScopedIndex(name) : HintedIndex(name);
  }
  // Reports that `ref` names nothing that can be used here: `code` with
  // `message`, unless the 1.8 scoping rules say why (the name is one of an
  // enclosing scope, or of a nested model's element without its scope).
  void ReportUnresolved(Code code, std::string message, const std::string& ref,
                        const SourceLocation& where, Diagnostics* diags);
  // Whether `ref` names something here (scoped names through nested
  // scopes); const, creates nothing.
  bool Names(const std::string& ref) const;
  // The scoped path ("N::ref", "N::O::ref") under which a nested scope holds
  // `ref`, or "".
  std::string FindInNested(const std::string& ref) const;
  // Joints of a model or world scope: vertices' attached_to and default
  // relative_to edges (the child frame), parent and child checks, axis
  // expressed_in. `parent_v`/`child_v` get the parent/child vertices.
  void AddJoints(const std::vector<Joint>& joints,
                 const std::vector<int>& joint_v, const std::string& scope,
                 std::vector<int>* parent_v, std::vector<int>* child_v,
                 Diagnostics* diags);
  // After attachments are resolved (1.8): the links a joint's parent and
  // child frames are attached to must exist and differ.
  void CheckJointLinks(const std::vector<Joint>& joints,
                       const std::vector<int>& parent_v,
                       const std::vector<int>& child_v, Diagnostics* diags);
  // The link vertex `v` is attached to, by name ("world" for the world
  // frame, "N::L" for a nested model's canonical link).
  std::optional<std::string> AttachedLinkOf(int v) const;
  // A nested model's pose edge moved from its model frame to its placement
  // frame (X_RM = X_RP * X_MP^-1); MODEL_PLACEMENT_FRAME_INVALID when the
  // placement frame names nothing in the model.
  void ApplyPlacement(int vi, const Model& m, const std::string& scope,
                      Diagnostics* diags);
  int Index(const std::string& name) const;
  // Stores `vertex` for `name` in index_ unless the name has a vertex;
  // returns the vertex stored for the name.
  int IndexName(const std::string& name, int vertex);
  int IndexName(const NameIndex::Key& key, int vertex);
  // From vertex_names_, not vertices_[vertex].name: the index compares
  // the name of every vertex it finds, and the names side by side are a
  // few bytes each where a Vertex is a few hundred (two poses), so a
  // lookup touches a line of names instead of missing the cache on a
  // vertex of its own.
  std::string_view VertexName(size_t vertex) const {
    return std::string_view(vertex_names_).substr(
        name_starts_[vertex], name_starts_[vertex + 1] - name_starts_[vertex]);
  }
  // Appends `v` to vertices_ and its name to vertex_names_.
  void PushVertex(Vertex v);
  // Index(name), trying first the vertex found last and the one after it:
  // the lookups made while building go through a model's links and joints
  // in order (a joint's parent link, then its child, the next joint's
  // parent ...), and comparing a name with a neighbour's (side by side in
  // vertex_names_) costs less than hashing it and probing a table larger
  // than the cache. Not const (it moves the hint): for building only.
  int HintedIndex(const std::string& name) {
    return IndexNear(name, &last_found_);
  }
  // Index(name), trying first the vertices *last and *last + 1; sets *last
  // to the vertex found.
  int IndexNear(const std::string& name, int* last) const;
  // IndexNear with the hint's place, or Index without one.
  int IndexFor(const std::string& name, Hint* hint) const {
    return hint ? IndexNear(name, &hint->last) : Index(name);
  }
  // Index of `name`, creating a vertex for a scoped name ("A::B") that
  // stands for frame B of nested model A, posed and attached through A.
  int ScopedIndex(const std::string& name);
  // Reports POSE_RELATIVE_TO_INVALID for each kept-verbatim element (sensor,
  // light, projector ...) whose <pose relative_to> names nothing here.
  void CheckElementPoses(const std::vector<Element>& elements,
                         const std::string& scope_name, Diagnostics* diags);
  void CheckLinkChildNames(const Link& l, Diagnostics* diags);
  void SetFrameAttachment(const Frame& f, int vi, const std::string& scope,
                          Diagnostics* diags);
  void SetRelativeTo(int vi, const Pose& pose, int default_target,
                     const char* element, const std::string& scope,
                     Diagnostics* diags);
  // `key` is NameIndex::KeyOf(name).
  int AddVertex(const std::string& name, const NameIndex::Key& key, Kind kind,
                const SourceLocation& where, Diagnostics* diags);
  // AddVertex for each of `items` (links, joints, frames or models), in
  // order: their vertex indices, -1 for an item refused.
  template <typename T>
  std::vector<int> AddVertices(const std::vector<T>& items, Kind kind,
                               Diagnostics* diags);
  void ResolvePoses(Diagnostics* diags);
  void ResolveAttachments(Diagnostics* diags);

  // The index in files_ of `file`, added when new.
  int FileIndex(const std::string& file);
  // Where vertex `v` was read.
  SourceLocation Where(int v) const {
    return {files_[vertices_[v].file], vertices_[v].line};
  }

  std::vector<Vertex> vertices_;
  // The vertices' names, concatenated: vertex v's runs from
  // name_starts_[v] to name_starts_[v + 1] (see VertexName).
  std::string vertex_names_;
  std::vector<size_t> name_starts_{0};
  // The files the vertices were read from, each once (most graphs have one).
  std::vector<std::string> files_;
  std::unordered_map<std::string, int> file_index_;  // files_ -> index
  NameIndex index_;  // vertex names -> vertices_
  int last_found_ = 0;  // HintedIndex's hint
  std::vector<std::pair<std::string, FrameGraph>> nested_;
  std::string canonical_link_;
  std::string name_;  // the model's (or world's) own name
  bool ok_ = true;
  // Set once Build has resolved everything: proxies made later (a parent
  // scope reaching in) are resolved when made.
  bool finished_ = false;
  // 1.8 composition rules (see the top of this file).
  bool composition_ = false;
  bool delimiter_reserved_ = false;  // 1.8 and later: no "::" in names
  // Only while building: the enclosing scopes.
  const Outer* outer_ = nullptr;
  bool world_ = false;  // a world scope (root vertex `world`)
  // Whether relative_to / attached_to / expressed_in may use scoped names:
  // SDFormat 1.5 and 1.6 files did; 1.7 does not (spec 3.1).
  bool scoped_references_ = true;
};

// True for names SDFormat reserves: "world" and "__anything__".
bool IsReservedName(const std::string& name);

}  // namespace frames
