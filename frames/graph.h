// The frame-semantics core for one model scope (SDFormat 1.7 pose frame
// semantics): builds the attached_to and relative_to graphs of a model,
// validates them with the spec's failure codes, and resolves every frame's
// pose in the model frame once, so that any query after Build is O(1).
//
// Vertices are the implicit __model__ frame, every link, joint, explicit frame
// and directly nested model. Each vertex has one relative_to edge (the frame
// its pose is measured in, with that pose) and one attached_to edge.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "frames/diagnostics.h"
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

  bool Has(const std::string& frame) const;
  std::optional<Kind> KindOf(const std::string& frame) const;

  // X_MF: pose of `frame` in this scope's frame (__model__, or world).
  // Scoped names ("nested::link") reach into nested scopes.
  std::optional<Isometry3> PoseInModel(const std::string& frame) const;
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
  const std::string& canonical_link() const { return canonical_link_; }

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
    SourceLocation where;
  };

  // Build without checking the model's own name (a nested model's name is
  // checked in its parent's scope).
  static FrameGraph BuildScope(const Model& model, Diagnostics* diags);
  int Index(const std::string& name) const;
  // Stores `vertex` for `name` in index_ unless the name has a vertex;
  // returns the vertex stored for the name.
  int IndexName(const std::string& name, int vertex);
  std::string_view VertexName(size_t vertex) const {
    return vertices_[vertex].name;
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
  int AddVertex(const std::string& name, Kind kind, const SourceLocation& where,
                Diagnostics* diags);
  void ResolvePoses(Diagnostics* diags);
  void ResolveAttachments(Diagnostics* diags);

  std::vector<Vertex> vertices_;
  NameIndex index_;  // vertex names -> vertices_
  std::vector<std::pair<std::string, FrameGraph>> nested_;
  std::string canonical_link_;
  bool ok_ = true;
  bool world_ = false;  // a world scope (root vertex `world`)
  // Whether relative_to / attached_to / expressed_in may use scoped names:
  // SDFormat 1.5 and 1.6 files did; 1.7 does not (spec 3.1).
  bool scoped_references_ = true;
};

// True for names SDFormat reserves: "world" and "__anything__".
bool IsReservedName(const std::string& name);

}  // namespace frames
