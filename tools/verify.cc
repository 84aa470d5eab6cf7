#include "tools/verify.h"

#include <unistd.h>

#include "converter/robot_input.h"
#include "converter/uris.h"

namespace tools {

robot_diff::Options WithMeshResolution(const DiffSetup& setup) {
  robot_diff::Options o = setup.diff;
  const std::vector<std::string> model_paths = setup.read.model_paths;
  const sdf_io::PackagePaths packages = setup.read.uris.packages;
  o.resolve_mesh = [model_paths, packages](const std::string& uri,
                                           const std::string& from_file) {
    auto path = converter::ResolveUri(uri, from_file, model_paths, packages);
    if (path && ::access(path->c_str(), F_OK) != 0) path.reset();
    return path;
  };
  return o;
}

frames::Diagnostics Verify(std::string_view input,
                           const std::string& input_source,
                           std::string_view output,
                           const std::string& output_source,
                           const std::string& model, const DiffSetup& setup) {
  frames::Diagnostics out;
  frames::Diagnostics found;
  auto fail = [&](const std::string& why) {
    out.Error(frames::Code::VERIFY_FAILED,
              "--verify: the output read back " + why +
                  "; nothing is written",
              {output_source, 0});
    for (const auto& d : found.all()) {
      if (d.severity == frames::Severity::kError) out.Add(d);
    }
    return out;
  };
  frames::Diagnostics ignored;  // the conversion reported the input's own
  const auto in = converter::ReadRobots(input, input_source, setup.read, &ignored);
  if (!in) {
    found = ignored;
    return fail("cannot be compared: the input does not read as a model");
  }
  const auto back =
      converter::ReadRobots(output, output_source, setup.read, &found);
  if (!back) return fail("does not read");
  const robot_diff::Options options = WithMeshResolution(setup);
  size_t differences = 0;
  for (const converter::Robot& r : *in) {
    if (!model.empty() && r.model.name != model) continue;
    const converter::Robot* other = nullptr;
    if (back->size() == 1 && (in->size() == 1 || !model.empty())) {
      other = &back->front();
    } else {
      for (const auto& b : *back)
        if (b.model.name == r.model.name && b.world == r.world) other = &b;
    }
    if (!other) {
      found.Error(frames::Code::DIFF_ELEMENT_MISSING,
                  "model '" + r.model.name + "' of " + input_source +
                      " is not in the output",
                  r.model.where);
      ++differences;
      continue;
    }
    const robot_diff::Result result = robot_diff::Compare(
        {&r.model, r.urdf}, {&other->model, other->urdf}, options);
    found.Append(result.differences);
    if (!result.equal()) {
      differences += std::max<size_t>(1, result.differences.all().size());
    }
  }
  if (differences == 0) return out;
  return fail("differs from the input in " + std::to_string(differences) +
              " way(s)");
}

}  // namespace tools
