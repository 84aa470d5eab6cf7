// The passes of sdf2urdf's reshaping (converter/sdf_to_urdf.h says what the
// reshaping does as a whole). Each pass has one job and works on the typed
// values below; converter/sdf_to_urdf.cc runs them in order:
//
//   flatten.cc        Flatten: the model and its nested models as one list
//                     of links, joints and frames, each with its pose in the
//                     top model frame; ResolveJointEnds: the link each
//                     joint's parent and child name.
//   names.cc          OutputNames: the URDF name of every flat element
//                     (separator, clashes) and of every element made here.
//   links.cc          MakeLinks: the output links, with the URDF details
//                     urdf2sdf carried restored and URDF's inertial rules.
//   joints.cc         MapJoints: each SDF joint as URDF joints (types, axes,
//                     limits, split universal/revolute2 joints).
//   frames_as_links.cc  FramesAsLinks: //frame elements as massless links on
//                     fixed joints (or the URDF joint urdf2sdf carried).
//   root.cc           CheckTree and ChooseRoot: a tree with one root (free
//                     links on floating joints).
//   joint_frames.cc   PlaceOnJoints: every link frame moved onto its parent
//                     joint, joint origins and link contents re-expressed.
//   gazebo_blocks.cc  GazeboBlocks and the carrying passes: what URDF has no
//                     element for, in <gazebo> blocks; the URDF's own blocks
//                     restored when they still hold.
//
// Findings are reported to the Diagnostics each pass is given; a pass that
// returns false (or nullopt) found errors and the reshaping stops.
#pragma once

#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "diag/diagnostics.h"
#include "frames/graph.h"
#include "frames/model.h"
#include "frames/name_index.h"
#include "frames/tree.h"
#include "reshape/options.h"

namespace converter::urdf_reshape {

// "'s'": how diagnostics quote names.
std::string Quoted(const std::string& s);
frames::Element MakeElement(std::string name,
                            const frames::SourceLocation& where);

// --- flatten.cc -----------------------------------------------------------

// One model scope while flattening: its graph, its name prefix ("arm::",
// empty at the top) and its frame in the top-level model frame.
struct Scope {
  const frames::Model* model;
  const frames::FrameGraph* graph;
  std::string prefix;
  frames::Isometry3 X_MS;
};

struct FlatLink {
  const frames::Link* src;
  const Scope* scope;
  frames::Isometry3 X_ML;  // SDF link frame in the top model frame
  std::string name;        // in the output (OutputNames)
};

struct FlatJoint {
  const frames::Joint* src;
  const Scope* scope;
  frames::Isometry3 X_MJ;
  std::string parent, child;  // flat ("::") names; parent may be "world"
  std::string name;           // in the output (OutputNames)
  // Cut from the URDF tree (CutLoops): carried as an SDF joint instead.
  bool cut = false;
};

struct FlatFrame {
  const frames::Frame* src;
  const Scope* scope;
  frames::Isometry3 X_MF;
  // Flat name of its URDF parent: the frame it is attached to (itself a
  // link in URDF), else the link it is attached to (a joint's child link,
  // a model's canonical link).
  std::string parent;
  // Its pose is measured in the frame it is attached to, whose URDF frame is
  // exactly that: a frame or a joint (its child link sits on it), or a link
  // (unless that link moves).
  bool pose_in_parent = false;
  bool parent_is_link = false;
  std::string name;  // in the output (OutputNames)
};

// The model and its nested models as one list of each kind, in document
// order (a scope's links, its nested models' elements, its joints; frames
// per scope).
struct FlatModel {
  const frames::Model* top = nullptr;
  std::vector<std::unique_ptr<Scope>> scopes;
  std::vector<FlatLink> links;
  std::vector<FlatJoint> joints;
  std::vector<FlatFrame> frames;
  std::string canonical;  // the top model's canonical link (flat name)

  // Room for `n` links.
  void ReserveLinks(size_t n) {
    links.reserve(n);
    link_index_.Reserve(n);
  }
  // Appends `l`, indexed by its flat name unless a link has that name.
  void AddLink(FlatLink l);
  // The index in `links` of the (first) link of flat name `name`, or -1.
  long LinkIndex(std::string_view name) const;
  // The same for a name that must be a link's (std::out_of_range if not).
  size_t LinkAt(std::string_view name) const;

 private:
  // The flat name of links[k], compared without building it.
  struct FlatName {
    const FlatLink* link;
    bool operator==(std::string_view name) const;
  };
  FlatName FlatNameOf(size_t k) const { return FlatName{&links[k]}; }
  // Flat names ("N::L", no copy: read from the scope's prefix and the
  // link's name) -> links.
  frames::NameIndex link_index_;
};

// nullopt when a pose does not resolve (the graph reported why).
std::optional<FlatModel> Flatten(const frames::Model& top,
                                 const frames::FrameGraph& graph);
// Sets each flat joint's parent and child link; false (with
// JOINT_LINK_UNRESOLVED errors) when one names no link.
bool ResolveJointEnds(FlatModel* flat, frames::Diagnostics* diags);

// --- loops.cc -------------------------------------------------------------

// Marks the joints that close kinematic loops `cut` (the rule is in
// loops.cc), each with a JOINT_LOOP_CUT warning; the others form a tree.
void CutLoops(FlatModel* flat, frames::Diagnostics* diags);

// --- names.cc -------------------------------------------------------------

// The output's link and joint names: each claimed once.
class OutputNames {
 public:
  explicit OutputNames(std::string separator)
      : separator_(std::move(separator)) {}
  // The output name of a flat name: "::" replaced by the separator.
  std::string Out(std::string flat) const;
  // A name no output link or joint has yet: base, else base_2, base_3 ...
  const std::string& Unique(const std::string& base);
  // Claims the output name of every flat link, joint and frame (in their
  // `name`); false (with SEPARATOR_NAME_CLASH errors) when two are equal.
  bool ClaimFileNames(FlatModel* flat, frames::Diagnostics* diags);

 private:
  // Claims `name` (which must outlive this) for the output; false when it
  // is taken.
  bool Use(std::string_view name) { return Use(frames::NameIndex::KeyOf(name)); }
  bool Use(const frames::NameIndex::Key& key);
  // Claims the output names of `items` (flat links, joints or frames).
  template <typename T>
  bool ClaimAll(std::vector<T>* items, frames::Diagnostics* diags);

  const std::string separator_;
  // Output names in the order claimed, viewing the Flat* names and
  // made_names_ (neither moves once claimed), and their index.
  std::vector<std::string_view> used_names_;
  frames::NameIndex used_;
  std::deque<std::string> made_names_;  // names made here (Unique)
};

// --- gazebo_blocks.cc (the blocks themselves) -----------------------------

// The <gazebo reference=...> blocks made for the output, by reference, in
// creation order ("" for the model-level block).
class GazeboBlocks {
 public:
  frames::Element& Block(const std::string& reference,
                         const frames::SourceLocation& where);
  // Appends what `collected` holds to Block(reference), if anything.
  void AddToBlock(const std::string& reference,
                  const frames::SourceLocation& where,
                  frames::Element* collected);
  std::vector<frames::Element>& all() { return blocks_; }
  // No block made here is written (the URDF's own are).
  void Clear() {
    blocks_.clear();
    index_.clear();
  }

 private:
  std::vector<frames::Element> blocks_;
  std::unordered_map<std::string, size_t> index_;
};

// --- The output being made ------------------------------------------------

// Per output joint: its frame in the top model frame, whether its origin
// can be copied from the file, and the SDF joint (nullptr if made here).
struct JointInfo {
  frames::Isometry3 X_MJ;
  bool copy_origin = false;
  const FlatJoint* src = nullptr;
};

// The URDF model as the passes make it, with what they tell each other.
struct Draft {
  frames::Model out;
  // Output link index -> FlatLink index, -1 for links made here.
  std::vector<int> link_src;
  // Per output joint (parallel to out.joints).
  std::vector<JointInfo> joint_info;
  // (flat frame index, output joint index) of each frame written as a link
  // or as the joint urdf2sdf carried.
  std::vector<std::pair<size_t, size_t>> frame_joints;
  // The output's tree (CheckTree; ChooseRoot adds the floating joints).
  frames::TreeAnalysis tree;
  // Per output link: its URDF frame in the top model frame, and whether that
  // is not exactly its SDF link frame (numbers posed in it are computed).
  std::vector<frames::Isometry3> X_MU;
  std::vector<bool> moved;
  GazeboBlocks blocks;
  // Robot-level URDF elements urdf2sdf carried, restored.
  std::vector<frames::Element> restored;
  // URDF content urdf2sdf carried in a frame, which URDF has no place for
  // there: <gazebo reference=FRAME> blocks holding it still carried,
  // written whichever blocks ChooseGazeboBlocks keeps (FramesAsLinks).
  std::vector<frames::Element> kept_carried;
  // Per flat joint: written as a floating joint, the SDF joint carried in
  // the robot-level <gazebo> block (MapJoints: a type URDF lacks).
  std::vector<bool> carried_type;
};

// --- links.cc -------------------------------------------------------------

// The output links, one per flat link, in order. `spent`: flat.top itself,
// when the caller owns it and reads nothing of it after the reshaping (sdf2urdf's
// document, freed once the model is made), else nullptr. Then the links'
// visuals, collisions and kept elements are moved out of it rather than
// copied, unless a pass reads them later (ChooseGazeboBlocks compares the
// SDF's content with carried URDF <gazebo> blocks): their names, poses and
// places stay.
void MakeLinks(const FlatModel& flat, frames::Model* spent, Draft* draft);

// --- joints.cc ------------------------------------------------------------

// The output joints of the flat joints; false (with errors) for a joint URDF
// cannot hold.
bool MapJoints(const FlatModel& flat, const ToUrdfReshapeOptions& options,
               OutputNames* names, Draft* draft, frames::Diagnostics* diags);

// The direction of axis `a` of joint `fj` in the joint frame (through its
// expressed_in); nullopt when that frame does not resolve.
std::optional<frames::Vector3> AxisInJointFrame(const FlatJoint& fj,
                                                const frames::JointAxis& a);

// --- frames_as_links.cc ---------------------------------------------------

void FramesAsLinks(const FlatModel& flat, const ToUrdfReshapeOptions& options,
                   OutputNames* names, Draft* draft,
                   frames::Diagnostics* diags);

// --- root.cc --------------------------------------------------------------

// Names the joints of each loop, and each link with two parents; false when
// the output is no tree.
bool CheckTree(Draft* draft, frames::Diagnostics* diags);
// Several links that are no joint's child: one is the root, the others hang
// from it on floating joints.
void ChooseRoot(const FlatModel& flat, OutputNames* names, Draft* draft,
                frames::Diagnostics* diags);

// --- joint_frames.cc ------------------------------------------------------

// The URDF link frames' first guess (X_MU): the SDF link frames, and for
// links made here their joint's frame.
void GuessLinkFrames(const FlatModel& flat, Draft* draft);
// Every link frame onto its parent joint's frame, joint origins in their
// parent link (the model pose applied to joints from `world`), link
// contents (inertial, visuals, collisions, posed children) re-expressed so
// that nothing physical moves.
void PlaceOnJoints(const FlatModel& flat, const frames::Isometry3& X_WM,
                   Draft* draft);
// MODEL_POSE_DROPPED when the model has a pose in the world and no joint
// from `world` to apply it to.
void WarnModelPoseDropped(const FlatModel& flat, const frames::Isometry3& X_WM,
                          const Draft& draft, frames::Diagnostics* diags);

// --- gazebo_blocks.cc (the carrying passes) -------------------------------

// The model is a URDF robot that urdf2sdf converted (<urdf:form
// parts="robot">): it goes back as the URDF had it.
bool FromUrdf(const FlatModel& flat);

// Each link's, visual's and collision's SDF-only content into its block.
void CarryLinkContents(const FlatModel& flat, Draft* draft,
                       frames::Diagnostics* diags);
// <preserveFixedJoint> for the fixed joints whose child is an SDF link with
// mass (unless the model came from a URDF).
void PreserveFixedJoints(const FlatModel& flat, Draft* draft);
// Model-level content into the model block; robot-level URDF elements
// restored.
void CarryModelLevel(const FlatModel& flat, Draft* draft,
                     frames::Diagnostics* diags);
// A model from a URDF: its carried <gazebo> blocks replace the blocks made
// here when they still say what the SDF says; else they are dropped.
void ChooseGazeboBlocks(const FlatModel& flat, Draft* draft,
                        frames::Diagnostics* diags);
// The SDF <joint> of `fj` as libsdformat's URDF reader takes it from a
// robot-level <gazebo> block (pasted into the model): posed in its child
// link's URDF frame, axes in the joint frame, named as in the URDF.
std::optional<frames::Element> SdfJointElement(const FlatJoint& fj,
                                               const OutputNames& names,
                                               const Draft& draft,
                                               const FlatModel& flat);
// (loops.cc) Each cut joint, and each joint whose type URDF lacks, into the
// robot-level <gazebo> block, in document order.
void CarryCutJoints(const FlatModel& flat, const OutputNames& names,
                    Draft* draft);
// The blocks into out.extensions, each after the element it refers to.
void WriteBlocks(const FlatModel& flat, Draft* draft);

}  // namespace converter::urdf_reshape
