// urdf2sdf: converts a URDF robot into URDF-parity SDFormat (1.7 unless
// --sdf-version says otherwise).
// A thin command line over converter::UrdfToSdf.
#include <string>

#include "converter/urdf_to_sdf.h"
#include "tools/cli.h"
#include "verify/verify.h"

namespace {

constexpr char kUsage[] = R"(usage: urdf2sdf [options] [IN.urdf | IN.urdf.xacro | -] [-o OUT.sdf] [NAME:=VALUE ...]

Converts a URDF robot into an SDFormat 1.7 model (or the --sdf-version
asked for) with the same kinematics, posed the URDF way (joints relative_to
their parent link, links relative_to their joint). Reads standard input when IN is '-' or absent; writes standard
output unless -o is given (the file is written whole or not at all).
A xacro file (IN ending in .xacro) is expanded first, in-process, as the
`xacro` command expands it (NAME:=VALUE sets its xacro:arg NAME; $(find PKG)
finds what --package and package:// find), and each problem of the robot is
reported at the xacro line that wrote it, with the macro calls that did.

options:
  -o, --output FILE       write the SDFormat to FILE
  --check                 validate only; write nothing
  --lump-fixed-joints     merge links on fixed joints into their parents, as
                          libsdformat does (merged links and joints become
                          //frame elements)
  --package-to-model      rewrite package:// mesh URIs to model:// (the
                          same as --uris model)
  --model-path DIR        search DIR for model:// mesh URIs (repeatable)
  --sdf-version V         write SDFormat V: 1.7 (default), 1.8, 1.9, 1.10,
                          1.11 or 1.12; from 1.11 a <mimic> becomes the
                          joint's //axis/mimic instead of <urdf:mimic>
  --allow-include-from DIR  let a xacro input's includes and load_yaml read
                          files under DIR (repeatable); by default only
                          under its directory, its package and the packages
                          $(find) found
)";

}  // namespace

int main(int argc, char** argv) {
  converter::UrdfToSdfOptions options;
  tools::Cli cli;
  cli.name = "urdf2sdf";
  cli.usage = kUsage;
  cli.check_only = &options.check_only;
  cli.uris = &options.uris;
  cli.limits = &options.limits;
  cli.output_sink = &options.output_sink;
  cli.allowed_include_dirs = &options.xacro.allowed_dirs;
  cli.xacro = &options.xacro;
  cli.flag = [&](const std::string& a, const auto& value, std::string* error) {
    if (tools::SdfVersionFlag(a, value, error, &options.sdf_version)) {
      return true;
    } else if (a == "--lump-fixed-joints") {
      options.lump_fixed_joints = true;
    } else if (a == "--package-to-model") {
      options.package_to_model = true;
    } else if (a == "--model-path") {
      auto dir = value();
      if (!dir) *error = "--model-path needs a directory";
      else options.model_paths.push_back(*dir);
    } else {
      return false;
    }
    return true;
  };
  cli.convert_text = [&](std::string_view text, const std::string& source) {
    return converter::UrdfToSdf(text, source, options);
  };
  cli.convert_file = [&](const std::string& path) {
    return converter::UrdfFileToSdf(path, options);
  };
  cli.verify = [&](const std::string* input, const std::string& input_source,
                   std::string_view output, const std::string& output_source) {
    verify::Setup setup;
    setup.read.model_paths = options.model_paths;
    setup.read.uris = options.uris;
    setup.read.limits = options.limits;
    setup.read.xacro = options.xacro;
    const std::string model = "";
    return input ? verify::Verify(*input, input_source, output, output_source,
                                  model, setup)
                 : verify::VerifyFile(input_source, output, output_source,
                                      model, setup);
  };
  cli.graph_read = [&] {
    converter::ReadInputOptions read;
    read.model_paths = options.model_paths;
    read.uris = options.uris;
    read.limits = options.limits;
    return read;
  };
  return tools::RunCli(argc, argv, cli);
}
