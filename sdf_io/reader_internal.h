// Private to the SDF reader (sdf_io/reader.cc and sdf_io/include.cc): the
// reader class and the state of one top-level read that both files use.
// reader.cc reads elements into the model; include.cc resolves <include>
// (URI search: files, model://, package://, the Fuel cache, model.config;
// the include cache and its limits; what the include says of the model;
// merge-includes). Not part of the library's interface: include
// sdf_io/reader.h.
#pragma once

#include <Eigen/Core>
#include <cstddef>
#include <initializer_list>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "frames/model.h"
#include "sdf_io/legacy.h"
#include "sdf_io/reader.h"
#include "sdf_io/schema_check.h"
#include "xml/reader.h"

namespace sdf_io::internal {

using frames::Element;
using frames::Geometry;
using frames::Model;
using xml::Node;
using xml::Context;

// The newest SDFormat read: 1.12.
constexpr int kNewestMinor = 12;

// SDF's bool: true/false/1/0, any case (libsdformat lower-cases first).
std::optional<bool> ParseBool(std::string_view s);

// Records in `order` that the last of the `size` elements of its list of
// `kind` is the next child in document order.
void NoteLast(std::vector<frames::ChildRef>* order,
              frames::ChildRef::Kind kind, size_t size);

// An included file as read, and how many models and links it holds (its
// own and its includes', expanded).
struct CachedDocument {
  std::shared_ptr<const SdfDocument> doc;
  size_t size = 0;
  size_t depth = 0;  // ModelDepth of its model
};

// Parsed included files, shared by every reader of one top-level read: a
// model included 22 times is read once. Keyed by canonical path (realpath),
// so `./x.sdf`, `././x.sdf` and a model:// URI naming the same file are one
// file for the cache and for cycle detection.
struct IncludeCache {
  std::map<std::string, CachedDocument> documents;
  std::vector<std::string> stack;  // canonical paths being read (cycles)
  // Models and links instantiated by includes so far, against
  // ReadOptions::max_expanded_size (an include "bomb" is refused before it
  // is built).
  size_t expanded = 0;
  bool expansion_reported = false;
  // Directories an include may read from (IncludeRoots): the file
  // converted's own, canonical then as written, first.
  std::vector<std::string> roots;
  // The options read with: stack's first entry (the file converted, as
  // given until then) is made canonical and roots are made when the first
  // include is resolved (Resolve), so that a file without includes costs
  // no path resolution (migrate reads thousands).
  const ReadOptions* options = nullptr;
  bool resolved = false;
  void Resolve();
};

// A Fuel model URI, https://HOST/1.0/OWNER/models/NAME[/VERSION|/tip].
struct FuelUri {
  std::string host, owner, name, version;  // version "" = the newest
};

class SdfReader {
 public:
  SdfReader(const std::string& file, frames::Diagnostics* diags,
            const ReadOptions& options, IncludeCache* cache)
      : ctx_{file, diags, /*leading_numbers=*/true},
        options_(options),
        cache_(cache) {}

  std::optional<SdfDocument> Read(std::string text);

 private:
  const char* RequiredName(const Node* e);
  const Node* RequiredChild(const Node* e, const char* name);
  // Reads //pose (or 1.0's //origin/@pose) of `e` into `pose`.
  bool ReadPose(const Node* e, frames::Pose* pose);
  // The value of <pose> element `p` (text `text`), with its
  // rotation_format and degrees.
  bool ReadPoseValue(const Node* p, std::string_view text,
                     frames::Pose* pose);
  std::optional<double> ChildDouble(const Node* e, const char* name);
  // An SDF bool's text; BOOL_INVALID (and nullopt) when it is not one.
  std::optional<bool> BoolText(const Node* e);
  // The numbers `fields` names, from child elements (or 1.0's attributes)
  // of `e`; any other child is kept in `extensions`.
  // `infinite_ok`: "inf", "-inf" (any case, also "infinity") are values
  // (joint limits, which SDFormat 1.10 defaults to +-inf and libsdformat
  // reads in every version).
  void ReadNumbers(
      const Node* e,
      std::initializer_list<std::pair<const char*, std::optional<double>*>>
          fields,
      std::vector<Element>* extensions, bool infinite_ok = false);
  bool ChildVector(const Node* e, const char* name, int n, double* out);

  // The children an element's reader knows (xml::Child: one entry per
  // child name, nullptr for one read before the walk, as <pose>); a child
  // no entry names is kept as written in `carried`, in document order.
  template <typename State>
  using Child = xml::Child<SdfReader, State, void>;
  template <typename State, size_t N>
  void ReadChildren(const Node* e, const Child<State> (&known)[N],
                    State* state, std::vector<Element>* carried) {
    xml::ReadChildren(this, e, known, state, ctx_, carried);
  }
  // Conditions of entries: <include> is read only when includes are
  // resolved (else kept as written); <use_parent_model_frame> only before
  // 1.7.
  bool ResolvingIncludes() const { return options_.resolve_includes; }
  bool BeforeSdf17() const { return minor_ < 7; }

  bool ReadGeometry(const Node* e, Geometry* g);
  // The typed fields of shape `s` (the child of <geometry>); its other
  // children are kept.
  void ReadShape(const Node* s, Geometry* g);
  void ReadMaterial(const Node* e, frames::Material* m);
  // Material children: the four colours ("r g b" or "r g b a"), and a
  // <script> (checked for its <uri>, kept as written).
  void ReadColour(const Node* c, std::optional<Eigen::Vector4d>* colour);
  void ReadAmbient(const Node* c, frames::Material* m) {
    ReadColour(c, &m->ambient);
  }
  void ReadDiffuse(const Node* c, frames::Material* m) {
    ReadColour(c, &m->diffuse);
  }
  void ReadSpecular(const Node* c, frames::Material* m) {
    ReadColour(c, &m->specular);
  }
  void ReadEmissive(const Node* c, frames::Material* m) {
    ReadColour(c, &m->emissive);
  }
  void ReadMaterialScript(const Node* c, frames::Material* m);
  void ReadMaterialShader(const Node* c, frames::Material* m);
  void ReadInertial(const Node* e, frames::Inertial* in);
  void ReadVisual(const Node* e, frames::Visual* v);
  void ReadVisualMaterial(const Node* c, frames::Visual* v) {
    ReadMaterial(c, &v->material.emplace());
  }
  void ReadCollision(const Node* e, frames::Collision* c);
  void ReadLink(const Node* e, frames::Link* link);
  // Link children: a second <inertial> replaces the first.
  void ReadLinkInertial(const Node* c, frames::Link* link) {
    ReadInertial(c, &link->inertial.emplace());
  }
  void ReadLinkVisual(const Node* c, frames::Link* link) {
    ReadVisual(c, &link->visuals.emplace_back());
  }
  void ReadLinkCollision(const Node* c, frames::Link* link) {
    ReadCollision(c, &link->collisions.emplace_back());
  }
  // //inertial/@auto (1.11); `e` is the link's <inertial>.
  void ComputeAutoInertial(const Node* e, frames::Link* link);
  void ReadAxis(const Node* e, frames::JointAxis* axis);
  // Axis children, read into an AxisRead.
  struct AxisRead {
    const Node* e;  // the <axis>
    frames::JointAxis* axis;
    bool in_model_frame;  // before 1.7: expressed in the model frame
    bool xyz_read;        // the default, or a value that parsed
  };
  void ReadAxisXyz(const Node* c, AxisRead* r);
  void ReadAxisUseParentModelFrame(const Node* c, AxisRead* r);
  void ReadAxisLimit(const Node* c, AxisRead* r);
  void ReadAxisDynamics(const Node* c, AxisRead* r);
  void ReadJoint(const Node* e, frames::Joint* joint);
  // Joint children: <axis> (with its <mimic>) and <axis2>.
  void ReadJointAxis(const Node* c, frames::Joint* joint);
  void ReadJointAxis2(const Node* c, frames::Joint* joint) {
    ReadAxis(c, &joint->axis2.emplace());
  }
  // 1.11 //axis/mimic into joint->mimic (the element also stays in the
  // axis's kept elements, so an SDF writer keeps it as written).
  void ReadMimic(const Node* e, frames::Joint* joint);
  void ReadFrame(const Node* e, frames::Frame* frame);
  void ReadModel(const Node* e, Model* model);
  // The attributes of <model> `e` besides those read elsewhere (name,
  // canonical_link, placement_frame, static): kept, with ATTRIBUTE_KEPT
  // for one without a namespace.
  void ReadModelAttributes(const Node* e, Model* model);
  void ReadModelStatic(const Node* c, Model* model);
  void ReadWorld(const Node* e, frames::World* world);
  // A child of a model or a world (`Parent`) read by member `read` into a
  // new element of the parent's `list`, noted in the parent's document
  // order as `kind`.
  template <auto list, auto read, frames::ChildRef::Kind kind,
            typename Parent>
  void ReadListed(const Node* c, Parent* parent);
  // An <include>: the model it names (or merged into `parent`), or kept as
  // written when it includes something else.
  template <typename Parent>
  void ReadNestedInclude(const Node* c, Parent* parent);
  // A child the parent does not read: kept as written and noted.
  template <typename Parent>
  void KeepNoted(const Node* c, Parent* parent);
  // Children of the <sdf> root.
  void ReadDocumentModel(const Node* c, SdfDocument* doc) {
    ReadModel(c, &doc->models.emplace_back());
  }
  void ReadDocumentWorld(const Node* c, SdfDocument* doc) {
    ReadWorld(c, &doc->worlds.emplace_back());
  }
  void ReadDocumentInclude(const Node* c, SdfDocument* doc);
  // The root's version into version_, minor_ and doc->version;
  // ATTRIBUTE_MISSING or SDF_VERSION_UNSUPPORTED (false) when there is
  // none that is read.
  bool ReadVersion(const Node* root, SdfDocument* doc);
  // Resolves //include into a model (true), or keeps it verbatim in
  // `others` when it includes something else (a light, an actor).
  std::optional<Model> ReadInclude(const Node* e,
                                   std::vector<Element>* others);
  // The included file `found` (canonical `path`) read, from the cache or
  // now; nullptr when it cannot be (INCLUDE_CYCLE, INCLUDE_TOO_DEEP, its
  // own diagnostics).
  const CachedDocument* LoadIncluded(const Node* e, const std::string& uri,
                                     const std::string& found,
                                     const std::string& path);
  // What include `e` says of the model it includes: <name>, <pose>,
  // <static>, <placement_frame> and its <plugin>s.
  void ApplyInclude(const Node* e, Model* m);
  // xml::Parse of the file this reader reads, with its limits.
  bool ParseXml(std::string text, xml::Document* doc);
  // Whether `path`, which include `e` (of `uri`) names, is under a
  // directory an include may read from (IncludeCache::roots); else
  // INCLUDE_NOT_ALLOWED, and nothing of it is read.
  // `package_dir`: the directory a package:// URI resolved to (allowed
  // too), or empty.
  bool IncludeAllowed(const Node* e, const std::string& uri,
                      const std::string& path, const std::string& package_dir);
  // The file an include's uri names; INCLUDE_UNRESOLVED (naming every
  // place searched) when none.
  // Sets *package_dir to the package's directory for a package:// URI.
  std::optional<std::string> FindIncludedFile(const Node* e,
                                              const std::string& uri,
                                              std::string* package_dir);
  // Where include uri `uri` was looked for.
  struct IncludeSearch {
    std::optional<std::pair<std::string, std::string>> package;
    std::optional<FuelUri> fuel;
    std::vector<std::string> packages_searched;  // package:// not found
    std::vector<std::string> candidates;  // files or model directories
  };
  IncludeSearch SearchInclude(const std::string& uri,
                              std::string* package_dir);
  // INCLUDE_UNRESOLVED (or INCLUDE_KEPT_UNRESOLVED), naming every place
  // searched.
  void ReportUnresolvedInclude(const Node* e, const std::string& uri,
                               const IncludeSearch& search);
  // The model of included file `found` (canonical `path`) with the
  // element alterations of `include`'s <experimental:params> applied
  // (sdf_io/alterations.h); nullopt when one cannot be, or the altered
  // model cannot be read (each reported).
  std::optional<Model> ReadAltered(const Node* include,
                                   const std::string& found,
                                   const std::string& path);
  // //include/@merge (1.9): BOOL_INVALID when not a bool.
  bool IsMerge(const Node* include);
  // 1.9 merge-include, as libsdformat 12 does it: the included model's
  // links, joints, frames, nested models, plugins and custom elements join
  // `parent`, and a frame "_merged__NAME__model__" attached to its
  // canonical link, placed where the include places the model, stands in
  // for its __model__ (every reference to __model__, and every default
  // that meant it, now names that frame).
  void Merge(const Node* include, Model included, Model* parent);
  void Merge(const Node* include, Model included, frames::World* parent);
  // The proxy frame of a merged model, and its contents rewritten to it;
  // false when the model cannot be merged.
  bool PrepareMerge(const Node* include, bool into_world, Model* included,
                    frames::Frame* proxy);
  // The proxy frame of merged model `m`, placed where the include places
  // the model; false (MODEL_PLACEMENT_FRAME_INVALID) when its
  // placement_frame names no frame.
  bool MergeProxy(const Node* include, bool into_world, const Model& m,
                  frames::Frame* proxy);
  // Drops the elements of `m` that do not join the parent (all but named
  // and custom ones, and <static>), MERGE_INCLUDE_ELEMENT_DROPPED each.
  void DropUnmergedElements(const Node* include, bool into_world, Model* m);
  void Upgrade(std::vector<Element>* elements, LegacyParent parent) {
    if (minor_ < 7) UpgradeToSdf17(elements, parent, version_);
  }

  // The running check of the document being read (Read), finished before
  // an <include> is read: its reading looks at what was reported.
  void FinishSchemaCheck() {
    if (check_) check_->Finish();
  }

  Context ctx_;
  SchemaCheck* check_ = nullptr;
  const ReadOptions& options_;
  IncludeCache* cache_;
  // How many models enclose the element being read (0 in a world or at the
  // top level).
  size_t model_depth_ = 0;
  std::string version_;
  int minor_ = 7;
};

}  // namespace sdf_io::internal
