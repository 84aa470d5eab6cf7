// The intermediate kinematic model that both readers produce and both writers
// consume. Readers only record what a file says: every pose with the frame it
// is relative to, every frame with what it is attached to, and every element
// the model does not represent kept verbatim (Element). The graphs built from
// it (frames/graph.h) answer where everything is.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <Eigen/Core>

#include "diag/diagnostics.h"
#include "element/element.h"
#include "frames/boxed.h"
#include "frames/pose.h"

namespace frames {

// The frame names the SDFormat spec reserves as protocol, defined once here:
// the implicit model frame (1.7 §2.2) and the world frame (1.7 §2.3), which is
// also the URDF convention's fixed world link.
inline constexpr char kModelFrame[] = "__model__";
inline constexpr char kWorldFrame[] = "world";

// The pose a kept-verbatim SDF element (sensor, light, projector ...)
// writes in its <pose> child: the identity when it has none, nullopt when
// the text is not six numbers. A number followed by other text ("0.5\"",
// "0n5") is read as libsdformat reads it, as the decimal number at its
// start (the reader warns about it: NUMBER_TRAILING_CHARACTERS); a
// hexadecimal one ("0x1") is not a number here. Its relative_to is the
// attribute's value.
std::optional<Pose> PoseChild(const Element& e);

// How a URDF wrote what the model holds, where URDF leaves a choice:
// optional parts written although they hold only defaults, optional parts
// left out, and attributes URDF does not define. urdf_io's reader records
// it and its writer honours it, so that a URDF read and written back is the
// same text; urdf2sdf carries it in SDF (<urdf:form>) and sdf2urdf restores
// it. Empty for what came from SDF.
struct UrdfForm {
  // A writer writes an <origin> when the pose is not the identity, with
  // both xyz and rpy; these say where the URDF did otherwise.
  enum Part : uint32_t {
    kOrigin = 1u << 0,        // <origin> written although the identity
    kOriginNoXyz = 1u << 1,   // <origin> without xyz
    kOriginNoRpy = 1u << 2,   // <origin> without rpy
    // Link: an <inertial> of mass 0 and zero inertia written (otherwise the
    // same as none), and the form of its <origin>.
    kInertial = 1u << 3,
    kInertialOrigin = 1u << 4,
    kInertialOriginNoXyz = 1u << 5,
    kInertialOriginNoRpy = 1u << 6,
    // Joint: no <axis> (URDF's default 1 0 0); a <limit> without lower,
    // upper, effort or velocity.
    kNoAxis = 1u << 7,
    kNoLower = 1u << 8,
    kNoUpper = 1u << 9,
    kNoEffort = 1u << 10,
    kNoVelocity = 1u << 11,
    // Model: the model is a URDF <robot> (urdf2sdf's output).
    kRobot = 1u << 12,
    // Visual, collision: the URDF wrote a <capsule> (pybullet's, or URDF
    // 1.1's), which comes back as one whatever the version written.
    kCapsule = 1u << 13,
    // Joint: type="revolute" without finite limits (which a converter would
    // otherwise write as continuous).
    kRevolute = 1u << 14,
  };
  static constexpr int kPartCount = 15;
  // "origin", "origin.xyz", ..., "no_velocity": the names <urdf:form> uses.
  static const char* PartName(int bit);

  uint32_t parts = 0;
  bool Has(Part p) const { return (parts & p) != 0; }
  // An attribute URDF does not define, on the element at path `on` below
  // the owner ("" the element itself, "limit", "geometry/mesh" ...).
  struct Attribute {
    std::string on, name, value;
  };
  std::vector<Attribute> attributes;
  bool empty() const { return parts == 0 && attributes.empty(); }
};

struct Geometry {
  enum class Type {
    kNone,
    kBox,
    kCylinder,
    kSphere,
    kMesh,
    kCapsule,
    kPlane,
    kEllipsoid,
    kOther,  // kept verbatim in `other`
  };
  Type type = Type::kNone;
  Vector3 size = Vector3::Zero();    // box size; plane normal for kPlane
  Vector3 radii = Vector3::Zero();   // ellipsoid
  double radius = 0.0;               // cylinder, sphere, capsule
  double length = 0.0;               // cylinder, capsule
  Eigen::Vector2d plane_size = Eigen::Vector2d::Zero();
  std::string uri;                   // mesh filename as written
  std::optional<Vector3> scale;      // mesh scale when written
  Boxed<Element> other;  // on the heap: rare (frames/boxed.h)
  // SDF children of the shape element the fields above do not hold (mesh
  // <submesh>, ...), kept verbatim.
  std::vector<Element> extensions;
};

struct Material {
  std::string name;                       // URDF material name, may be empty
  std::optional<Eigen::Vector4d> rgba;    // URDF color
  std::string texture;                    // URDF texture filename
  // URDF: the visual names a robot-level material (rgba and texture are
  // copied from it) rather than defining one inline.
  bool by_reference = false;
  std::optional<Eigen::Vector4d> ambient, diffuse, specular, emissive;  // SDF
  // SDF material children other than the four colours (<script>, <shader>,
  // <lighting>, <pbr>, ...), kept verbatim.
  std::vector<Element> extensions;
  // URDF material children URDF does not define (<specular>, a <texture>
  // without filename), kept verbatim.
  std::vector<Element> urdf_extensions;
  SourceLocation where;
};

// Shared by visuals and collisions: a named, posed geometry on a link.
struct Shape {
  std::string name;
  bool name_given = false;  // false when the source file had no name
  UrdfForm urdf_form;
  Pose pose;                // relative_to empty = the link frame
  Geometry geometry;
  SourceLocation where;
};

struct Visual : Shape {
  // On the heap (frames/boxed.h): usually absent, and large.
  Boxed<Material> material;
  std::vector<Element> extensions;  // kept-verbatim children
};

struct Collision : Shape {
  std::vector<Element> extensions;
};

struct Inertial {
  Pose pose;            // centre-of-mass frame in the link frame
  double mass = 0.0;
  // Inertia about the centre of mass, expressed in the inertial frame.
  double ixx = 0, ixy = 0, ixz = 0, iyy = 0, iyz = 0, izz = 0;
  SourceLocation where;

  Matrix3 InertiaMatrix() const;
  // Sets the six moments from a symmetric matrix.
  void SetInertiaMatrix(const Matrix3& I);
};

struct Link {
  std::string name;
  Pose pose;  // relative_to empty = the model frame
  std::optional<Inertial> inertial;  // absent = massless
  std::vector<Visual> visuals;
  std::vector<Collision> collisions;
  std::vector<Element> extensions;
  UrdfForm urdf_form;  // its own and its inertial's
  SourceLocation where;
};

enum class JointType {
  kRevolute,
  kContinuous,
  kPrismatic,
  kFixed,
  kFloating,
  kPlanar,
  kBall,
  kUniversal,
  kRevolute2,
  kScrew,
  kGearbox,
};
const char* JointTypeName(JointType t);
std::optional<JointType> JointTypeFromName(const std::string& s);

struct JointLimit {
  std::optional<double> lower, upper, effort, velocity;
  std::vector<Element> extensions;  // SDF <stiffness>, <dissipation>, ...
};

struct JointDynamics {
  std::optional<double> damping, friction;
  std::vector<Element> extensions;  // SDF <spring_reference>, ...
};

struct JointAxis {
  Vector3 xyz = Vector3::UnitX();
  std::string expressed_in;  // empty = the joint frame
  std::optional<JointLimit> limit;
  std::optional<JointDynamics> dynamics;
  std::vector<Element> extensions;  // SDF <initial_position>, ...
};

struct Mimic {
  std::string joint;
  std::optional<double> multiplier, offset;
};

struct SafetyController {
  std::optional<double> soft_lower_limit, soft_upper_limit, k_position;
  double k_velocity = 0.0;
};

struct Calibration {
  std::optional<double> rising, falling;
};

struct Joint {
  std::string name;
  JointType type = JointType::kFixed;
  // A link name, or "world"; from SDFormat 1.8 any frame (its link is used).
  std::string parent;
  std::string child;
  Pose pose;  // relative_to empty = the child link (SDF 1.7 default)
  // The axes and the rarely present parts, each on the heap
  // (frames/boxed.h), so that a joint without them (a fixed one, one with a
  // single axis) is that much smaller; both axes one type, so that code
  // can take either.
  Boxed<JointAxis> axis;  // absent when the source had none
  Boxed<JointAxis> axis2;
  Boxed<Mimic> mimic;
  Boxed<SafetyController> safety_controller;
  Boxed<Calibration> calibration;
  // The name the source file used when it had to be changed (a URDF joint
  // that shares its name with a link, which SDFormat does not allow).
  std::string original_name;
  std::vector<Element> extensions;
  UrdfForm urdf_form;  // its own and its axis, limit, dynamics ...
  SourceLocation where;
};

// An explicit //frame.
struct Frame {
  std::string name;
  std::string attached_to;  // empty = the model frame
  Pose pose;                // relative_to empty = attached_to frame
  std::vector<Element> extensions;
  SourceLocation where;
};

// One child of an SDF model or world in document order: which list it is in
// and its index there. Lets a writer keep a file's layout (sdf2sdf output
// diffs cleanly against its input).
struct ChildRef {
  enum class Kind : char { kLink, kJoint, kFrame, kModel, kExtension };
  Kind kind;
  int index;
};

struct Model {
  std::string name;
  Pose pose;  // the model frame in its parent's frame
  std::string canonical_link;  // empty = first link (spec 7.2)
  // SDFormat 1.8 //model/@placement_frame (or //include/placement_frame):
  // the frame of this model that `pose` places; empty = the model frame.
  std::string placement_frame;
  // Other attributes of an SDF //model (1.11 @namespace ...), in document
  // order, kept as written.
  std::vector<std::pair<std::string, std::string>> attributes;
  bool is_static = false;
  std::vector<Link> links;
  std::vector<Joint> joints;
  std::vector<Frame> frames;
  std::vector<Model> models;  // directly nested models
  // Robot-level named materials (URDF), in document order.
  std::vector<Material> materials;
  std::vector<Element> extensions;
  std::string source_version;  // URDF version attribute or SDF version
  UrdfForm urdf_form;  // of <robot>
  // Set when the model came from an SDF //include: the include element as
  // written (uri, name, pose, static ...), so a writer can write the include
  // back instead of the included file's contents.
  Boxed<Element> include;
  // Document order of links, joints, frames, models and extensions as an SDF
  // file gave them; empty (or stale) = the writer's own order.
  std::vector<ChildRef> order;
  SourceLocation where;
};

// An SDF //world: its scope holds the implicit `world` frame, explicit
// //world/frame elements and the models' frames.
struct World {
  std::string name;
  std::vector<Model> models;
  std::vector<Joint> joints;  // SDFormat 1.10 //world/joint
  std::vector<Frame> frames;  // attached_to / relative_to empty = world
  // Everything else (physics, scene, gravity, lights, plugins, actors,
  // includes of non-models ...), kept verbatim in document order.
  std::vector<Element> extensions;
  std::vector<ChildRef> order;  // models, joints, frames, extensions (kLink unused)
  // The SDF version the world was read from ("1.7" forbids the 1.8 scoped
  // references); empty: taken from the world's own (not included) models.
  std::string source_version;
  SourceLocation where;
};

}  // namespace frames
