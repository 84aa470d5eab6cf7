// urdf2sdf: converts a URDF robot into URDF-parity SDFormat 1.7.
// A thin command line over converter::UrdfToSdf.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <iterator>
#include <string>

#include <unistd.h>

#include "converter/file_io.h"
#include "converter/urdf_to_sdf.h"
#include "tools/version.h"

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
  -q, --quiet             print errors only, no warnings
  -v, --verbose           also print a summary of what was converted
  -h, --help              print this help
  --version               print the version

exit codes: 0 converted (warnings allowed), 1 invalid input,
            2 usage or I/O error
diagnostics: file:line: error|warning: message [CODE]
)";

int UsageError(const std::string& message) {
  std::cerr << "urdf2sdf: " << message << "\n"
            << "Try 'urdf2sdf --help'.\n";
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  // Under `bazel run`, resolve relative paths against the user's directory.
  if (const char* wd = std::getenv("BUILD_WORKING_DIRECTORY")) {
    if (::chdir(wd) != 0) {
      std::cerr << "urdf2sdf: cannot enter " << wd << "\n";
      return 2;
    }
  }
  converter::UrdfToSdfOptions options;
  std::string input, output;
  bool have_input = false, quiet = false, verbose = false;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "-h" || a == "--help") {
      std::cout << kUsage;
      return 0;
    } else if (a == "--version") {
      std::cout << "urdf2sdf " << tools::kVersion << "\n";
      return 0;
    } else if (a == "-o" || a == "--output") {
      if (++i >= argc) return UsageError(a + " needs a file name");
      output = argv[i];
    } else if (a.rfind("--output=", 0) == 0) {
      output = a.substr(9);
      if (output.empty()) return UsageError("--output= needs a file name");
    } else if (a == "--check") {
      options.check_only = true;
    } else if (a == "--lump-fixed-joints") {
      options.lump_fixed_joints = true;
    } else if (a == "--package-to-model") {
      options.package_to_model = true;
    } else if (a == "-q" || a == "--quiet") {
      quiet = true;
    } else if (a == "-v" || a == "--verbose") {
      verbose = true;
    } else if (a.size() > 1 && a[0] == '-' && a != "-") {
      return UsageError("unknown option '" + a + "'");
    } else if (have_input) {
      return UsageError("more than one input file ('" + input + "', '" + a +
                        "')");
    } else {
      input = a;
      have_input = true;
    }
  }
  if (options.check_only && !output.empty())
    return UsageError("--check writes nothing; drop -o");

  converter::ConversionResult result;
  if (!have_input || input == "-") {
    std::string text((std::istreambuf_iterator<char>(std::cin)),
                     std::istreambuf_iterator<char>());
    if (std::cin.bad()) {
      std::cerr << "urdf2sdf: error reading standard input\n";
      return 2;
    }
    result = converter::UrdfToSdf(text, "<stdin>", options);
  } else {
    result = converter::UrdfFileToSdf(input, options);
  }

  int warnings = 0;
  for (const auto& d : result.diagnostics.all()) {
    if (d.severity == frames::Severity::kWarning) {
      ++warnings;
      if (quiet) continue;
    }
    std::cerr << frames::Format(d) << "\n";
  }
  if (result.diagnostics.Has("IO_ERROR")) return 2;
  if (!result.ok) return 1;

  if (!options.check_only) {
    if (output.empty() || output == "-") {
      std::cout << result.output;
      std::cout.flush();
      if (!std::cout) {
        std::cerr << "urdf2sdf: error writing standard output\n";
        return 2;
      }
    } else {
      std::string error;
      if (!converter::WriteFileAtomically(output, result.output, &error)) {
        std::cerr << "urdf2sdf: " << error << "\n";
        return 2;
      }
    }
  }
  if (verbose) {
    std::cerr << "urdf2sdf: " << (have_input ? input : "<stdin>") << ": "
              << (options.check_only ? "valid" : "converted") << ", "
              << warnings << " warning(s)\n";
  }
  return 0;
}
