#include "verify/verify.h"

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <system_error>
#include <utility>

#include "converter/result.h"
#include "converter/uris.h"

namespace verify {

robot_diff::Options WithMeshResolution(const Setup& setup) {
  robot_diff::Options o = setup.diff;
  const std::vector<std::string> model_paths = setup.read.model_paths;
  const sdf_io::PackagePaths packages = setup.read.uris.packages;
  // ResolveUri gives absolute, normalised paths: the mirror's roots too.
  auto absolute = [](const std::string& dir) {
    if (dir.empty()) return dir;
    std::error_code ec;
    std::string abs = std::filesystem::absolute(dir, ec).lexically_normal().string();
    while (abs.size() > 1 && abs.back() == '/') abs.pop_back();
    return ec ? dir : abs;
  };
  const std::string from = absolute(setup.mirror_from);
  const std::string to = absolute(setup.mirror_to);
  o.resolve_mesh = [model_paths, packages, from, to](
                       const std::string& uri, const std::string& from_file) {
    auto path = converter::ResolveUri(uri, from_file, model_paths, packages);
    if (path && !to.empty() && path->size() > to.size() &&
        path->compare(0, to.size(), to) == 0 && (*path)[to.size()] == '/') {
      *path = from + path->substr(to.size());  // the copy's source
    }
    if (path && ::access(path->c_str(), F_OK) != 0) path.reset();
    return path;
  };
  return o;
}

void MapToXacroSources(const converter::InputText& input,
                       const std::string& path, frames::Diagnostics* diags) {
  if (!input.expanded) return;
  converter::ConversionResult r;
  r.diagnostics = std::move(*diags);
  converter::MapToXacroSources(input, path, &r);
  *diags = std::move(r.diagnostics);
}

std::optional<std::vector<converter::Robot>> ReadRobotsFile(
    const std::string& path, const Setup& setup, frames::Diagnostics* diags,
    converter::InputText* expansion) {
  auto input = converter::ReadInputText(path, setup.read.xacro,
                                        setup.read.uris.packages,
                                        setup.read.limits, diags);
  if (!input) return std::nullopt;
  frames::Diagnostics found;
  auto robots = converter::ReadRobots(input->text, path, setup.read, &found);
  MapToXacroSources(*input, path, &found);
  diags->Append(found);
  if (expansion) *expansion = std::move(*input);
  return robots;
}

namespace {

// The comparison of Verify over robots already read: `in` read from the
// input; an error in `read_errors` for the input that does not read.
frames::Diagnostics Compare(
    const std::optional<std::vector<converter::Robot>>& in,
    const frames::Diagnostics& input_errors, const std::string& input_source,
    std::string_view output, const std::string& output_source,
    const std::string& model, const Setup& setup,
    const converter::InputText* expansion) {
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
  if (!in) {
    found = input_errors;
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
  if (expansion) MapToXacroSources(*expansion, input_source, &found);
  return fail("differs from the input in " + std::to_string(differences) +
              " way(s)");
}

}  // namespace

frames::Diagnostics Verify(std::string_view input,
                           const std::string& input_source,
                           std::string_view output,
                           const std::string& output_source,
                           const std::string& model, const Setup& setup) {
  frames::Diagnostics ignored;  // the conversion reported the input's own
  const auto in = converter::ReadRobots(input, input_source, setup.read, &ignored);
  return Compare(in, ignored, input_source, output, output_source, model,
                 setup, nullptr);
}

frames::Diagnostics VerifyFile(const std::string& input_path,
                               std::string_view output,
                               const std::string& output_source,
                               const std::string& model, const Setup& setup) {
  frames::Diagnostics ignored;
  converter::InputText expansion;
  const auto in = ReadRobotsFile(input_path, setup, &ignored, &expansion);
  return Compare(in, ignored, input_path, output, output_source, model, setup,
                 &expansion);
}

}  // namespace verify
