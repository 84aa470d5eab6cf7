// urdf2sdf: converts a URDF robot into URDF-parity SDFormat 1.7.
// A thin command line over converter::UrdfToSdf.
#include <string>

#include "converter/urdf_to_sdf.h"
#include "tools/cli.h"

namespace {

constexpr char kUsage[] = R"(usage: urdf2sdf [options] [IN.urdf | -] [-o OUT.sdf]

Converts a URDF robot into an SDFormat 1.7 model with the same kinematics,
posed the URDF way (joints relative_to their parent link, links relative_to
their joint). Reads standard input when IN is '-' or absent; writes standard
output unless -o is given (the file is written whole or not at all).

options:
  -o, --output FILE       write the SDFormat to FILE
  --check                 validate only; write nothing
  --lump-fixed-joints     merge links on fixed joints into their parents, as
                          libsdformat does (merged links and joints become
                          //frame elements)
  --package-to-model      rewrite package:// mesh URIs to model://
)";

}  // namespace

int main(int argc, char** argv) {
  converter::UrdfToSdfOptions options;
  tools::Cli cli;
  cli.name = "urdf2sdf";
  cli.usage = kUsage;
  cli.check_only = &options.check_only;
  cli.limits = &options.limits;
  cli.flag = [&](const std::string& a, const auto&, std::string*) {
    if (a == "--lump-fixed-joints") {
      options.lump_fixed_joints = true;
    } else if (a == "--package-to-model") {
      options.package_to_model = true;
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
  return tools::RunCli(argc, argv, cli);
}
