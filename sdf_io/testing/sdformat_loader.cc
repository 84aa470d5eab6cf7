// Loading with libsdformat for test oracles; see sdformat_loader.h.
#include "sdf_io/testing/sdformat_loader.h"

#include <algorithm>
#include <cstddef>
#include <functional>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include <sdf/Element.hh>
#include <sdf/SDFImpl.hh>
#include <sdf/parser.hh>

namespace sdf_oracle {
namespace {

// A fresh SDF whose root element is what sdf::init makes: the <sdf> element
// with its attributes and no children, its element descriptions shared with
// the one initialised description (libsdformat only reads those: each child
// element it adds is a clone of one).
sdf::SDFPtr Fresh() {
  static const sdf::SDFPtr* description = [] {
    auto* d = new sdf::SDFPtr(std::make_shared<sdf::SDF>());
    sdf::init(*d);
    return d;
  }();
  const sdf::ElementPtr d = (*description)->Root();
  auto root = std::make_shared<sdf::Element>();
  root->SetName(d->GetName());
  root->SetRequired(d->GetRequired());
  root->SetCopyChildren(d->GetCopyChildren());
  root->SetDescription(d->GetDescription());
  for (const sdf::ParamPtr& a : d->GetAttributes()) {
    root->AddAttribute(a->GetKey(), a->GetTypeName(), a->GetDefaultAsString(),
                       a->GetRequired(), a->GetDescription());
  }
  for (size_t i = 0; i < d->GetElementDescriptionCount(); ++i) {
    root->AddElementDescription(d->GetElementDescription(i));
  }
  auto sdf = std::make_shared<sdf::SDF>();
  sdf->Root(root);
  return sdf;
}

// What Root::Load(path, config) and Root::LoadSdfString do around their
// read: `read` fills a fresh SDF; when it fails, its errors and then
// `unread`; else its errors and then Root::Load's.
template <typename Read>
sdf::Errors ReadAndLoad(sdf::Root* root, const sdf::ParserConfig& config,
                        const Read& read, const sdf::Error& unread) {
  sdf::Errors errors;
  const sdf::SDFPtr sdf = Fresh();
  if (!read(sdf, errors)) {
    errors.push_back(unread);
    return errors;
  }
  const sdf::Errors load = root->Load(sdf, config);
  errors.insert(errors.end(), load.begin(), load.end());
  return errors;
}

// Gazebo's find callback over `model_paths`.
std::function<std::string(const std::string&)> FindIn(
    std::vector<std::string> model_paths) {
  return [model_paths](const std::string& uri) {
    std::string name = uri;
    const std::size_t scheme = name.find("://");
    if (scheme != std::string::npos) name = name.substr(scheme + 3);
    for (const std::string& dir : model_paths) {
      const std::string candidate = dir + "/" + name;
      if (std::ifstream(candidate).good()) return candidate;
    }
    return std::string();
  };
}

}  // namespace

sdf::ParserConfig MakeConfig(const std::vector<std::string>& model_paths) {
  // libsdformat 12.3 reads the files a merge-include (//include/@merge)
  // includes with the global configuration instead of the one it is given
  // (fixed in 12.4, "Use ParserConfig more in parser.cc"), so the model
  // directories are also added to the global one, each once (tests are
  // single-threaded).
  // The global configuration as it was before any directory was added: the
  // base of every configuration made here, so that one only holds its own
  // directories.
  static const sdf::ParserConfig* base =
      new sdf::ParserConfig(sdf::ParserConfig::GlobalConfig());
  static std::vector<std::string>* global_dirs = new std::vector<std::string>;
  sdf::ParserConfig& global = sdf::ParserConfig::GlobalConfig();
  bool added = false;
  for (const std::string& dir : model_paths) {
    if (std::find(global_dirs->begin(), global_dirs->end(), dir) ==
        global_dirs->end()) {
      global_dirs->push_back(dir);
      global.AddURIPath("model://", dir);
      added = true;
    }
  }
  if (added) global.SetFindCallback(FindIn(*global_dirs));
  sdf::ParserConfig config = *base;
  for (const std::string& dir : model_paths) {
    config.AddURIPath("model://", dir);
  }
  config.SetFindCallback(FindIn(model_paths));
  return config;
}

sdf::Errors FastLoadFile(sdf::Root* root, const std::string& path,
                         const sdf::ParserConfig& config) {
  return ReadAndLoad(
      root, config,
      [&](const sdf::SDFPtr& sdf, sdf::Errors& errors) {
        return sdf::readFile(path, config, sdf, errors);
      },
      {sdf::ErrorCode::FILE_READ, "Unable to read file:" + path});
}

sdf::Errors FastLoadString(sdf::Root* root, const std::string& text,
                           const sdf::ParserConfig& config) {
  return ReadAndLoad(
      root, config,
      [&](const sdf::SDFPtr& sdf, sdf::Errors& errors) {
        return sdf::readString(text, config, sdf, errors);
      },
      {sdf::ErrorCode::STRING_READ, "Unable to read SDF string: " + text});
}

Eigen::Isometry3d ToIsometry(const ignition::math::Pose3d& pose,
                             bool normalize) {
  const ignition::math::Quaterniond& q = pose.Rot();
  Eigen::Quaterniond rotation(q.W(), q.X(), q.Y(), q.Z());
  if (normalize) rotation.normalize();
  Eigen::Isometry3d X = Eigen::Isometry3d::Identity();
  X.linear() = rotation.toRotationMatrix();
  X.translation() =
      Eigen::Vector3d(pose.Pos().X(), pose.Pos().Y(), pose.Pos().Z());
  return X;
}

}  // namespace sdf_oracle
