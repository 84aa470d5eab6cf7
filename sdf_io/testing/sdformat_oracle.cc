// libsdformat 12 as a test oracle; see sdformat_oracle.h.
#include "sdf_io/testing/sdformat_oracle.h"

#include <exception>
#include <string>
#include <utility>
#include <vector>

#include <ignition/math/Inertial.hh>
#include <ignition/math/Pose3.hh>
#include <ignition/math/Vector3.hh>
#include <sdf/Collision.hh>
#include <sdf/Error.hh>
#include <sdf/Frame.hh>
#include <sdf/Joint.hh>
#include <sdf/JointAxis.hh>
#include <sdf/Light.hh>
#include <sdf/Link.hh>
#include <sdf/Model.hh>
#include <sdf/ParserConfig.hh>
#include <sdf/Root.hh>
#include <sdf/SemanticPose.hh>
#include <sdf/Sensor.hh>
#include <sdf/Visual.hh>
#include <sdf/World.hh>

#include "sdf_io/testing/sdformat_loader.h"

namespace sdf_oracle {
namespace {

// The frame every element of a model's scope is resolved to before it is
// composed with that model's pose in R.
constexpr char kModelFrame[] = "__model__";
// The world frame, in a world's scope.
constexpr char kWorldFrame[] = "world";

Eigen::Vector3d ToVector(const ignition::math::Vector3d& v) {
  return Eigen::Vector3d(v.X(), v.Y(), v.Z());
}

Eigen::Matrix3d ToMatrix(const ignition::math::Matrix3d& m) {
  Eigen::Matrix3d out;
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) out(i, j) = m(i, j);
  }
  return out;
}

// Resolves a SemanticPose to `frame`; false (and *X untouched) on any error.
bool Resolve(const sdf::SemanticPose& semantic, const std::string& frame,
             Eigen::Isometry3d* X) {
  ignition::math::Pose3d pose;
  const sdf::Errors errors = semantic.Resolve(pose, frame);
  if (!errors.empty()) return false;
  *X = ToIsometry(pose);
  return true;
}

std::string Join(const std::string& scope, const std::string& name) {
  return scope.empty() ? name : scope + "::" + name;
}

class Walker {
 public:
  explicit Walker(Snapshot* snapshot) : s_(*snapshot) {}

  // Everything inside `model`, whose frame is at X_RM in R and whose key is
  // `key` (the model's own key is recorded by the caller).
  void ModelContents(const sdf::Model& model, const std::string& key,
                     const Eigen::Isometry3d& X_RM) {
    for (uint64_t i = 0; i < model.LinkCount(); ++i) {
      const sdf::Link* link = model.LinkByIndex(i);
      if (link != nullptr) Link(*link, Join(key, link->Name()), X_RM);
    }
    for (uint64_t i = 0; i < model.JointCount(); ++i) {
      const sdf::Joint* joint = model.JointByIndex(i);
      if (joint != nullptr) Joint(*joint, Join(key, joint->Name()), X_RM);
    }
    for (uint64_t i = 0; i < model.FrameCount(); ++i) {
      const sdf::Frame* frame = model.FrameByIndex(i);
      if (frame == nullptr) continue;
      Pose(frame->SemanticPose(), kModelFrame, X_RM,
           Join(key, frame->Name()));
    }
    for (uint64_t i = 0; i < model.ModelCount(); ++i) {
      const sdf::Model* nested = model.ModelByIndex(i);
      if (nested == nullptr) continue;
      const std::string nested_key = Join(key, nested->Name());
      Eigen::Isometry3d X_RN;
      if (!Pose(nested->SemanticPose(), kModelFrame, X_RM, nested_key,
                &X_RN)) {
        continue;  // Nothing inside can be placed in R either.
      }
      ModelContents(*nested, nested_key, X_RN);
    }
    // Last, once every frame of this scope that libsdformat can resolve is
    // recorded: joint sensors may need any of them.
    for (uint64_t i = 0; i < model.JointCount(); ++i) {
      const sdf::Joint* joint = model.JointByIndex(i);
      if (joint != nullptr) JointSensors(*joint, key, X_RM);
    }
  }

  void World(const sdf::World& world) {
    const Eigen::Isometry3d X_RW = Eigen::Isometry3d::Identity();
    for (uint64_t i = 0; i < world.ModelCount(); ++i) {
      const sdf::Model* model = world.ModelByIndex(i);
      if (model == nullptr) continue;
      Eigen::Isometry3d X_RM;
      if (!Pose(model->SemanticPose(), kWorldFrame, X_RW, model->Name(),
                &X_RM)) {
        continue;
      }
      ModelContents(*model, model->Name(), X_RM);
    }
    for (uint64_t i = 0; i < world.FrameCount(); ++i) {
      const sdf::Frame* frame = world.FrameByIndex(i);
      if (frame == nullptr) continue;
      Pose(frame->SemanticPose(), kWorldFrame, X_RW, frame->Name());
    }
    for (uint64_t i = 0; i < world.LightCount(); ++i) {
      const sdf::Light* light = world.LightByIndex(i);
      if (light == nullptr) continue;
      Pose(light->SemanticPose(), kWorldFrame, X_RW, "light:" + light->Name());
    }
  }

 private:
  // Resolves `semantic` to `frame` (a frame of the element's scope whose pose
  // in R is X_RS), records X_R<element> under `key` and returns true; on a
  // resolution error records nothing and returns false.
  bool Pose(const sdf::SemanticPose& semantic, const std::string& frame,
            const Eigen::Isometry3d& X_RS, const std::string& key,
            Eigen::Isometry3d* X_RE_out = nullptr) {
    Eigen::Isometry3d X_SE;
    if (!Resolve(semantic, frame, &X_SE)) return false;
    const Eigen::Isometry3d X_RE = X_RS * X_SE;
    s_.poses[key] = X_RE;
    if (X_RE_out != nullptr) *X_RE_out = X_RE;
    return true;
  }

  void Link(const sdf::Link& link, const std::string& key,
            const Eigen::Isometry3d& X_RM) {
    Eigen::Isometry3d X_RL;
    if (Pose(link.SemanticPose(), kModelFrame, X_RM, key, &X_RL)) {
      // The inertial pose is relative to the link frame, always.
      const ignition::math::Inertiald& inertial = link.Inertial();
      InertialInfo info;
      info.mass = inertial.MassMatrix().Mass();
      info.X_RI = X_RL * ToIsometry(inertial.Pose());
      info.I = ToMatrix(inertial.MassMatrix().Moi());
      s_.inertials[key] = info;
    }
    // Children resolve in the model's scope on their own, so that a child is
    // recorded even if it is relative to a frame other than its link.
    for (uint64_t i = 0; i < link.VisualCount(); ++i) {
      const sdf::Visual* visual = link.VisualByIndex(i);
      if (visual == nullptr) continue;
      Pose(visual->SemanticPose(), kModelFrame, X_RM,
           key + "/visual:" + visual->Name());
    }
    for (uint64_t i = 0; i < link.CollisionCount(); ++i) {
      const sdf::Collision* collision = link.CollisionByIndex(i);
      if (collision == nullptr) continue;
      Pose(collision->SemanticPose(), kModelFrame, X_RM,
           key + "/collision:" + collision->Name());
    }
    for (uint64_t i = 0; i < link.SensorCount(); ++i) {
      const sdf::Sensor* sensor = link.SensorByIndex(i);
      if (sensor == nullptr) continue;
      Pose(sensor->SemanticPose(), kModelFrame, X_RM,
           key + "/sensor:" + sensor->Name());
    }
    for (uint64_t i = 0; i < link.LightCount(); ++i) {
      const sdf::Light* light = link.LightByIndex(i);
      if (light == nullptr) continue;
      Pose(light->SemanticPose(), kModelFrame, X_RM,
           key + "/light:" + light->Name());
    }
  }

  void Joint(const sdf::Joint& joint, const std::string& key,
             const Eigen::Isometry3d& X_RM) {
    Pose(joint.SemanticPose(), kModelFrame, X_RM, key);
    const char* const axis_keys[] = {"/axis", "/axis2"};
    for (unsigned int index = 0; index < 2; ++index) {
      const sdf::JointAxis* axis = joint.Axis(index);
      if (axis == nullptr) continue;
      ignition::math::Vector3d xyz_M;
      if (!axis->ResolveXyz(xyz_M, kModelFrame).empty()) continue;
      Eigen::Vector3d xyz_R = X_RM.linear() * ToVector(xyz_M);
      const double norm = xyz_R.norm();
      if (norm > 0.0) xyz_R /= norm;
      s_.axes[key + axis_keys[index]] = xyz_R;
    }
  }

  // Sensors on a joint. libsdformat 12 never hands a joint's sensors the
  // model's pose graph (their SemanticPose().Resolve fails with "SemanticPose
  // has invalid pointer to PoseRelativeToGraph"), so when that happens the
  // pose is composed from libsdformat's own pieces instead: the sensor's
  // RawPose, applied in the frame its PoseRelativeTo names (the joint frame if
  // empty), whose pose in R libsdformat has already resolved above.
  void JointSensors(const sdf::Joint& joint, const std::string& model_key,
                    const Eigen::Isometry3d& X_RM) {
    const std::string key = Join(model_key, joint.Name());
    for (uint64_t i = 0; i < joint.SensorCount(); ++i) {
      const sdf::Sensor* sensor = joint.SensorByIndex(i);
      if (sensor == nullptr) continue;
      const std::string sensor_key = key + "/sensor:" + sensor->Name();
      if (Pose(sensor->SemanticPose(), kModelFrame, X_RM, sensor_key)) {
        continue;
      }
      const std::string& relative_to = sensor->PoseRelativeTo();
      Eigen::Isometry3d X_RF;
      if (relative_to == kModelFrame) {
        X_RF = X_RM;
      } else {
        const auto found = s_.poses.find(
            relative_to.empty() ? key : Join(model_key, relative_to));
        if (found == s_.poses.end()) continue;
        X_RF = found->second;
      }
      s_.poses[sensor_key] = X_RF * ToIsometry(sensor->RawPose());
    }
  }

  Snapshot& s_;
};

void Record(const sdf::Errors& errors, Snapshot* s) {
  for (const sdf::Error& error : errors) {
    s->errors.push_back(ErrorCodeName(static_cast<int>(error.Code())) + ": " +
                        error.Message());
  }
}

void Fill(const sdf::Root& root, Snapshot* s) {
  for (uint64_t i = 0; i < root.WorldCount(); ++i) {
    const sdf::World* world = root.WorldByIndex(i);
    if (world != nullptr) Walker(s).World(*world);
  }
  if (const sdf::Model* model = root.Model()) {
    // R is the top-level model's own frame.
    const Eigen::Isometry3d X_RM = Eigen::Isometry3d::Identity();
    s->poses[model->Name()] = X_RM;
    Walker(s).ModelContents(*model, model->Name(), X_RM);
  }
}

template <typename LoadFn>
Snapshot Run(LoadFn load) {
  Snapshot s;
  sdf::Root root;
  try {
    const sdf::Errors errors = load(root);
    Record(errors, &s);
    s.ok = errors.empty();
    Fill(root, &s);
  } catch (const std::exception& e) {
    s.ok = false;
    s.errors.push_back(std::string("EXCEPTION: ") + e.what());
  }
  return s;
}

}  // namespace

std::string ErrorCodeName(int code) {
  switch (static_cast<sdf::ErrorCode>(code)) {
#define SDF_ORACLE_CODE(name) \
  case sdf::ErrorCode::name:  \
    return #name;
    SDF_ORACLE_CODE(NONE)
    SDF_ORACLE_CODE(FILE_READ)
    SDF_ORACLE_CODE(DUPLICATE_NAME)
    SDF_ORACLE_CODE(RESERVED_NAME)
    SDF_ORACLE_CODE(ATTRIBUTE_MISSING)
    SDF_ORACLE_CODE(ATTRIBUTE_INVALID)
    SDF_ORACLE_CODE(ATTRIBUTE_DEPRECATED)
    SDF_ORACLE_CODE(ATTRIBUTE_INCORRECT_TYPE)
    SDF_ORACLE_CODE(ELEMENT_MISSING)
    SDF_ORACLE_CODE(ELEMENT_INVALID)
    SDF_ORACLE_CODE(ELEMENT_DEPRECATED)
    SDF_ORACLE_CODE(ELEMENT_INCORRECT_TYPE)
    SDF_ORACLE_CODE(URI_INVALID)
    SDF_ORACLE_CODE(URI_LOOKUP)
    SDF_ORACLE_CODE(DIRECTORY_NONEXISTANT)
    SDF_ORACLE_CODE(MODEL_CANONICAL_LINK_INVALID)
    SDF_ORACLE_CODE(MODEL_WITHOUT_LINK)
    SDF_ORACLE_CODE(NESTED_MODELS_UNSUPPORTED)
    SDF_ORACLE_CODE(LINK_INERTIA_INVALID)
    SDF_ORACLE_CODE(JOINT_CHILD_LINK_INVALID)
    SDF_ORACLE_CODE(JOINT_PARENT_LINK_INVALID)
    SDF_ORACLE_CODE(JOINT_PARENT_SAME_AS_CHILD)
    SDF_ORACLE_CODE(FRAME_ATTACHED_TO_INVALID)
    SDF_ORACLE_CODE(FRAME_ATTACHED_TO_CYCLE)
    SDF_ORACLE_CODE(FRAME_ATTACHED_TO_GRAPH_ERROR)
    SDF_ORACLE_CODE(POSE_RELATIVE_TO_INVALID)
    SDF_ORACLE_CODE(POSE_RELATIVE_TO_CYCLE)
    SDF_ORACLE_CODE(POSE_RELATIVE_TO_GRAPH_ERROR)
    SDF_ORACLE_CODE(STRING_READ)
    SDF_ORACLE_CODE(MODEL_PLACEMENT_FRAME_INVALID)
    SDF_ORACLE_CODE(VERSION_DEPRECATED)
    SDF_ORACLE_CODE(MERGE_INCLUDE_UNSUPPORTED)
#undef SDF_ORACLE_CODE
  }
  return "ERROR_CODE_" + std::to_string(code);
}

Snapshot LoadFile(const std::string& path) {
  return Run([&](sdf::Root& root) { return root.Load(path); });
}

Snapshot LoadFile(const std::string& path,
                  const std::vector<std::string>& model_paths) {
  const sdf::ParserConfig config = MakeConfig(model_paths);
  return Run([&](sdf::Root& root) { return root.Load(path, config); });
}

Snapshot LoadString(const std::string& sdf_xml) {
  return Run([&](sdf::Root& root) { return root.LoadSdfString(sdf_xml); });
}

Snapshot LoadString(const std::string& sdf_xml,
                    const std::vector<std::string>& model_paths) {
  const sdf::ParserConfig config = MakeConfig(model_paths);
  return Run(
      [&](sdf::Root& root) { return root.LoadSdfString(sdf_xml, config); });
}

}  // namespace sdf_oracle
