#include "sdf_io/testing/our_snapshot.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "frames/graph.h"
#include "frames/model.h"
#include "sdf_io/reader.h"

namespace sdf_oracle {

using Eigen::Isometry3d;
using Eigen::Matrix3d;
using Eigen::Vector3d;

namespace {

class OurWalker {
 public:
  OurWalker(Snapshot* s, std::vector<std::string>* problems)
      : s_(*s), problems_(*problems) {}

  void Model(const frames::Model& m, const frames::FrameGraph& g,
             const std::string& key, const Isometry3d& X_RM) {
    for (const frames::Link& l : m.links) Link(l, g, Join(key, l.name), X_RM);
    for (const frames::Joint& j : m.joints) {
      Joint(j, g, Join(key, j.name), X_RM);
    }
    for (const frames::Frame& f : m.frames) {
      Put(Join(key, f.name), X_RM, g.PoseInModel(f.name));
    }
    for (const frames::Model& n : m.models) {
      const std::string nkey = Join(key, n.name);
      const auto X_MN = g.PoseInModel(n.name);
      const frames::FrameGraph* ng = g.Nested(n.name);
      if (!X_MN || ng == nullptr) {
        problems_.push_back("ours: nested model " + nkey + " not resolved");
        continue;
      }
      const Isometry3d X_RN = X_RM * *X_MN;
      s_.poses[nkey] = X_RN;
      Model(n, *ng, nkey, X_RN);
    }
  }

  void World(const frames::World& w, const frames::FrameGraph& g) {
    const Isometry3d X_RW = Isometry3d::Identity();
    for (const frames::Model& m : w.models) {
      const auto X_WM = g.PoseInModel(m.name);
      const frames::FrameGraph* mg = g.Nested(m.name);
      if (!X_WM || mg == nullptr) {
        problems_.push_back("ours: world model " + m.name + " not resolved");
        continue;
      }
      s_.poses[m.name] = *X_WM;
      Model(m, *mg, m.name, *X_WM);
    }
    for (const frames::Frame& f : w.frames) {
      Put(f.name, X_RW, g.PoseInModel(f.name));
    }
    for (const frames::Element& e : w.extensions) {
      if (e.name != "light") continue;
      const std::string* name = e.Attribute("name");
      Element(e, g, "light:" + (name ? *name : std::string()), "", X_RW);
    }
  }

 private:
  static std::string Join(const std::string& scope, const std::string& name) {
    return scope.empty() ? name : scope + "::" + name;
  }

  void Put(const std::string& key, const Isometry3d& X_RM,
           const std::optional<Isometry3d>& X_MS) {
    if (!X_MS) {
      problems_.push_back("ours: " + key + " not resolved");
      return;
    }
    s_.poses[key] = X_RM * *X_MS;
  }

  // A kept-verbatim sensor or light, its pose measured in its relative_to
  // frame or in `default_frame`.
  void Element(const frames::Element& e, const frames::FrameGraph& g,
               const std::string& key, const std::string& default_frame,
               const Isometry3d& X_RM) {
    const std::optional<frames::Pose> pose = frames::PoseChild(e);
    if (!pose) {
      problems_.push_back("ours: " + key + ": <" + e.name +
                          "> pose is not 6 numbers");
      return;
    }
    Put(key, X_RM, g.ResolvePose(*pose, default_frame));
  }

  void Link(const frames::Link& l, const frames::FrameGraph& g,
            const std::string& key, const Isometry3d& X_RM) {
    const auto X_ML = g.PoseInModel(l.name);
    Put(key, X_RM, X_ML);
    if (X_ML) {
      const Isometry3d X_RL = X_RM * *X_ML;
      sdf_oracle::InertialInfo info;
      if (l.inertial) {
        // libsdformat: the inertial pose is relative to the link frame.
        info.mass = l.inertial->mass;
        info.X_RI = X_RL * l.inertial->pose.ToIsometry();
        info.I = l.inertial->InertiaMatrix();
        if (!l.inertial->pose.relative_to.empty()) {
          problems_.push_back("ours: inertial of " + key + " relative_to '" +
                              l.inertial->pose.relative_to + "'");
        }
      } else {
        // libsdformat's default for a link without <inertial>.
        info.mass = 1.0;
        info.X_RI = X_RL;
        info.I = Matrix3d::Identity();
      }
      s_.inertials[key] = info;
    }
    for (const frames::Visual& v : l.visuals) {
      Put(key + "/visual:" + v.name, X_RM, g.ResolvePose(v.pose, l.name));
    }
    for (const frames::Collision& c : l.collisions) {
      Put(key + "/collision:" + c.name, X_RM, g.ResolvePose(c.pose, l.name));
    }
    for (const frames::Element& e : l.extensions) {
      if (e.name != "sensor" && e.name != "light") continue;
      const std::string* name = e.Attribute("name");
      Element(e, g, key + "/" + e.name + ":" + (name ? *name : ""), l.name,
              X_RM);
    }
  }

  void Joint(const frames::Joint& j, const frames::FrameGraph& g,
             const std::string& key, const Isometry3d& X_RM) {
    Put(key, X_RM, g.PoseInModel(j.name));
    const std::pair<const frames::Boxed<frames::JointAxis>*, const char*>
        axes[] = {{&j.axis, "/axis"}, {&j.axis2, "/axis2"}};
    for (const auto& [axis, suffix] : axes) {
      if (!axis->has_value()) continue;
      const std::string& frame = (*axis)->expressed_in.empty()
                                     ? j.name
                                     : (*axis)->expressed_in;
      const auto X_MF = g.PoseInModel(frame);
      if (!X_MF) {
        problems_.push_back("ours: " + key + suffix + " expressed_in '" +
                            frame + "' not resolved");
        continue;
      }
      Vector3d xyz = X_RM.linear() * X_MF->linear() * (*axis)->xyz;
      if (xyz.norm() > 0) xyz.normalize();
      s_.axes[key + suffix] = xyz;
    }
    for (const frames::Element& e : j.extensions) {
      if (e.name != "sensor") continue;
      const std::string* name = e.Attribute("name");
      Element(e, g, key + "/sensor:" + (name ? *name : ""), j.name, X_RM);
    }
  }

  Snapshot& s_;
  std::vector<std::string>& problems_;
};

}  // namespace

std::optional<Snapshot> OurSnapshot(const std::string& path,
                                    const std::vector<std::string>& model_paths,
                                    std::vector<std::string>* problems) {
  frames::Diagnostics diags;
  sdf_io::ReadOptions options;
  options.model_paths = model_paths;
  options.use_environment_paths = false;
  const auto doc = sdf_io::ReadSdfFile(path, &diags, options);
  if (!doc) {
    problems->push_back("ours: ReadSdfFile returned nothing");
    return std::nullopt;
  }
  Snapshot s;
  OurWalker walker(&s, problems);
  if (!doc->worlds.empty()) {
    for (const frames::World& w : doc->worlds) {
      const frames::FrameGraph g = frames::FrameGraph::BuildWorld(w, &diags);
      walker.World(w, g);
    }
  } else if (!doc->models.empty()) {
    // As libsdformat's Root::Model(): the first top-level model; R is its
    // own frame.
    const frames::Model& m = doc->models.front();
    const frames::FrameGraph g = frames::FrameGraph::Build(m, &diags);
    s.poses[m.name] = Isometry3d::Identity();
    walker.Model(m, g, m.name, Isometry3d::Identity());
  }
  s.ok = !diags.HasErrors();
  if (!s.ok) problems->push_back("ours: errors:\n" + diags.ToString());
  return s;
}

}  // namespace sdf_oracle
