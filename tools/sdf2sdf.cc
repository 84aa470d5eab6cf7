// sdf2sdf: checks any SDFormat model or world (1.0 to 1.12) against the spec's
// frame semantics and rewrites it as SDFormat 1.7. A thin command line over
// converter::SdfToSdf.
#include <string>

#include "converter/sdf_to_sdf.h"
#include "tools/cli.h"
#include "verify/verify.h"

namespace {

constexpr char kUsage[] = R"(usage: sdf2sdf [options] [IN.sdf | IN.sdf.xacro | -] [-o OUT.sdf]

Reads an SDFormat model or world of any version from 1.0 to 1.12 (and the old
<gazebo version=...> root), checks every rule of SDFormat 1.7's frame
semantics, and writes it as SDFormat 1.7: legacy poses as explicit
relative_to, use_parent_model_frame as expressed_in, everything else carried
over in its 1.7 form, in the file's own order. Reads standard input when IN
is '-' or absent; writes standard output unless -o is given (the file is
written whole or not at all).

options:
  -o, --output FILE       write the SDFormat to FILE
  --check                 validate only; write nothing
  --urdf-parity           pose every model the URDF way (joints relative_to
                          their parent link, links relative_to their joint);
                          refused, with the reason, for a model that is not
                          a tree
  --expand-includes       write included models' contents instead of the
                          <include> elements
  --model-path DIR        search DIR for model:// URIs (repeatable; then
                          SDF_PATH, GZ_SIM_RESOURCE_PATH,
                          IGN_GAZEBO_RESOURCE_PATH and GAZEBO_MODEL_PATH;
                          Fuel URIs are read from the local Fuel cache)
  --preserve-includes     with --sdf-version 1.8 or later: write every
                          <include> as written, merge-includes too, and
                          keep one that names no file (a warning; what it
                          includes is not checked)
  --sdf-version V         write SDFormat V: 1.7 (default; composition
                          expanded into what 1.7 holds), or 1.8, 1.9, 1.10,
                          1.11, 1.12 (composition kept as the input had it)
  NAME:=VALUE             an xacro:arg of a .sdf.xacro input, which is
                          expanded first (as the `xacro` command does),
                          its problems reported at their xacro lines
  --allow-include-from DIR  let <include> read files under DIR (repeatable);
                          by default only the input's directory tree, the
                          model paths and the Fuel cache are read
)";

}  // namespace

int main(int argc, char** argv) {
  converter::SdfToSdfOptions options;
  tools::Cli cli;
  cli.name = "sdf2sdf";
  cli.usage = kUsage;
  cli.check_only = &options.check_only;
  cli.uris = &options.uris;
  cli.limits = &options.limits;
  cli.allowed_include_dirs = &options.allowed_include_dirs;
  cli.xacro = &options.xacro;
  cli.output_sink = &options.output_sink;
  cli.flag = [&](const std::string& a, const auto& value, std::string* error) {
    if (tools::SdfVersionFlag(a, value, error, &options.sdf_version)) {
      return true;
    } else if (a == "--urdf-parity") {
      options.urdf_parity = true;
    } else if (a == "--expand-includes") {
      options.expand_includes = true;
    } else if (a == "--preserve-includes") {
      options.preserve_includes = true;
    } else if (a == "--model-path") {
      auto dir = value();
      if (!dir) *error = "--model-path needs a directory";
      else options.model_paths.push_back(*dir);
    } else {
      return false;
    }
    return true;
  };
  cli.check_flags = [&]() -> std::string {
    if (!options.preserve_includes) return "";
    if (options.expand_includes)
      return "--preserve-includes and --expand-includes contradict each other";
    if (options.sdf_version < 8)
      return "--preserve-includes needs --sdf-version 1.8 or later (1.7 "
             "output expands composition)";
    return "";
  };
  cli.convert_text = [&](std::string_view text, const std::string& source) {
    return converter::SdfToSdf(text, source, options);
  };
  cli.convert_file = [&](const std::string& path) {
    return converter::SdfFileToSdf(path, options);
  };
  cli.verify = [&](const std::string* input, const std::string& input_source,
                   std::string_view output, const std::string& output_source) {
    verify::Setup setup;
    setup.read = options;
    const std::string model = "";
    return input ? verify::Verify(*input, input_source, output, output_source,
                                  model, setup)
                 : verify::VerifyFile(input_source, output, output_source,
                                      model, setup);
  };
  cli.graph_read = [&] { return converter::ReadInputOptions(options); };
  return tools::RunCli(argc, argv, cli);
}
