// xacro: expands a xacro file, a drop-in for ROS 2's `xacro` command
// without ROS or Python. A thin command line over xacro::ExpandFile.
#include <unistd.h>

#include <cstdio>
#include <iostream>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "converter/file_io.h"
#include "diag/diagnostics.h"
#include "sdf_io/packages.h"
#include "tools/cli.h"
#include "tools/version.h"
#include "xacro/xacro.h"

namespace {

constexpr char kUsage[] = R"(usage: xacro [options] IN [-o OUT] [NAME:=VALUE ...]

Expands the xacro file IN (macros, properties, args, includes, conditionals,
${...} expressions) and prints the XML as ROS's xacro prints it, header
comment included, or writes it to OUT whole (nothing is written on error).
NAME:=VALUE sets the xacro:arg NAME.

options:
  -o, --output FILE        write the expansion to FILE
  --deps                   print the files the expansion reads (includes,
                           YAML), separated by spaces, instead of the XML
  --package PKG=DIR        $(find PKG) is DIR (repeatable); otherwise
                           AMENT_PREFIX_PATH (PREFIX/share/PKG), then the
                           packages under ROS_PACKAGE_PATH, then the packages
                           enclosing IN
  --allow-include-from DIR let includes and load_yaml read files under DIR
                           (repeatable); without it they may read only under
                           IN's directory, IN's package and the packages
                           $(find) found
  --max-depth N            nesting bound of elements, macro calls and
                           includes (default 500)
  -q, --quiet              print no warnings
  -h, --help               this text
  --version                the version

exit codes: 0 expanded (warnings allowed), 1 invalid input (each problem
printed as `file:line: error: message [CODE]`), 2 usage or I/O error.
)";

}  // namespace

int main(int argc, char** argv) {
  const std::string name = "xacro";
  if (!tools::EnterWorkingDirectory(name)) return 2;
  std::string input;
  std::optional<std::string> output;
  bool deps = false;
  bool quiet = false;
  std::map<std::string, std::string> args;
  sdf_io::PackagePaths packages;
  xacro::Options options;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&]() -> std::optional<std::string> {
      if (i + 1 >= argc) return std::nullopt;
      return std::string(argv[++i]);
    };
    if (a == "-h" || a == "--help") {
      std::cout << kUsage;
      return 0;
    } else if (a == "--version") {
      std::cout << "xacro (urdf_sdf_converter) " << tools::kVersion << "\n";
      return 0;
    } else if (a == "-o" || a == "--output") {
      output = value();
      if (!output) return tools::UsageError(name, a + " needs a file");
    } else if (a == "--deps") {
      deps = true;
    } else if (a == "-q" || a == "--quiet") {
      quiet = true;
    } else if (a == "--package") {
      auto v = value();
      const size_t eq = v ? v->find('=') : std::string::npos;
      if (!v || eq == 0 || eq == std::string::npos || eq + 1 == v->size()) {
        return tools::UsageError(name, "--package needs PKG=DIR");
      }
      packages.packages.emplace_back(v->substr(0, eq), v->substr(eq + 1));
    } else if (a == "--allow-include-from") {
      auto v = value();
      if (!v) return tools::UsageError(name, "--allow-include-from needs a directory");
      options.allowed_dirs.push_back(*v);
    } else if (a == "--max-depth") {
      auto v = value();
      char* end = nullptr;
      const unsigned long n = v ? std::strtoul(v->c_str(), &end, 10) : 0;
      if (!v || v->empty() || *end != '\0' || n == 0 || n > 100000) {
        return tools::UsageError(name, "--max-depth needs a number from 1 to 100000");
      }
      options.max_depth = n;
    } else if (a.size() > 1 && a[0] == '-') {
      return tools::UsageError(name, "unknown option " + a);
    } else if (const size_t remap = a.find(":="); remap != std::string::npos) {
      if (remap == 0) return tools::UsageError(name, "argument without a name: " + a);
      args[a.substr(0, remap)] = a.substr(remap + 2);
    } else if (input.empty()) {
      input = a;
    } else {
      return tools::UsageError(name, "more than one input file: " + input + ", " + a);
    }
  }
  if (input.empty()) return tools::UsageError(name, "no input file");

  // The package.xml files read for the input's package are not read again
  // for a $(find) (nor those a $(find) read for the next).
  sdf_io::PackageNameCache package_names;
  packages.cache = &package_names;
  if (auto pkg = sdf_io::EnclosingPackage(input, &package_names)) {
    options.allowed_dirs.push_back(pkg->second);
  }
  options.find_package = [&packages](const std::string& package, const std::string& from) {
    return sdf_io::FindPackage(package, packages, from);
  };

  frames::Diagnostics diags;
  options.free_memory = false;  // the process exits after writing
  xacro::Result result = xacro::ExpandFile(input, args, options, &diags);
  for (const frames::Diagnostic& d : diags.all()) {
    if (quiet && d.severity == frames::Severity::kWarning) continue;
    std::cerr << frames::Format(d) << "\n";
  }
  if (!result.ok) {
    return diags.Has(frames::Code::IO_ERROR) ? 2 : 1;
  }
  std::string text;
  if (deps) {
    for (size_t k = 0; k < result.dependencies.size(); ++k) {
      text += (k ? " " : "") + result.dependencies[k];
    }
  } else {
    text = std::move(result.xml);
  }
  if (output) {
    if (converter::SameRegularFile(input, *output)) {
      std::cerr << *output << ": error: the output file is the input file [OUTPUT_IS_INPUT]\n";
      return 2;
    }
    std::string error;
    if (!converter::WriteOutputFile(*output, text, &error)) {
      std::cerr << *output << ": error: " << error << " [IO_ERROR]\n";
      return 2;
    }
  } else {
    std::cout << text;
    std::cout.flush();
    if (!std::cout) {
      std::cerr << "xacro: error: cannot write standard output [IO_ERROR]\n";
      return 2;
    }
  }
  return 0;
}
