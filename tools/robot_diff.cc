// robot-diff: compares two robot descriptions (URDF or SDFormat, either
// side) by their kinematics and content, not their text.
// A thin command line over robot_diff::Compare (docs/robot-diff.md).
#include <cstdlib>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "converter/json.h"
#include "converter/robot_input.h"
#include "tools/cli.h"
#include "verify/verify.h"
#include "tools/version.h"
#include "xacro/xacro.h"
#include "xml/reader.h"

namespace {

constexpr char kUsage[] = R"(usage: robot-diff [options] A B [NAME:=VALUE ...]

Compares two robot descriptions, each a URDF or an SDFormat model (1.0 to
1.12; a world's model with --model NAME) or a xacro file of either (A or B
ending in .xacro, expanded first with the NAME:=VALUE arguments), by what
they mean: which links,
joints and frames they have and how they connect, where every link, joint
and frame is at the zero configuration and at sampled configurations within
the joint limits, joint axes, limits, dynamics and mimics, inertials,
visuals and collisions. Names are matched knowing the renames urdf2sdf and
sdf2urdf make. Prints each difference as file:line: error: message [CODE]
(located in A, naming the line in B) and then a verdict.

options:
  --model NAME            compare the model NAME of an SDFormat side (a
                          document or world with several models)
  --map FILE              the user's renames: lines `NAME_IN_A NAME_IN_B`
                          ('#' starts a comment)
  --separator S           nested models' names joined with S, as
                          sdf2urdf --separator S writes them (default ::)
  --tol-position M        positions and lengths within M metres
                          (default 1e-6)
  --tol-angle RAD         orientations and axes within RAD radians
                          (default 1e-6)
  --tol-relative R        masses, inertias, sizes, limits within R of the
                          larger magnitude (default 1e-6)
  --samples N             random configurations compared besides the zero
                          configuration (default 20)
  --seed N                the random configurations' seed (default 1)
  --materials             also compare the visuals' colours and textures
  --model-path DIR        search DIR for model:// URIs (repeatable)
  --package PKG=DIR       package://PKG is in DIR (repeatable; also
                          $(find PKG) of a xacro side)
  NAME:=VALUE             an xacro:arg of a .xacro side (of both, when both
                          are xacro files)
)";

constexpr char kCommon[] = R"(  -q, --quiet             print no reader warnings
  -h, --help              print this help
  --version               print the version

exit codes: 0 equal, 1 different, 2 usage error or unreadable input
)";

struct Args {
  std::vector<std::string> inputs;
  std::string model, map;
  bool json = false, quiet = false;
  verify::Setup setup;
};

bool ParseNumber(const std::string& text, double* out) {
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  if (text.empty() || *end != '\0' || !(v >= 0) || v > 1e300) return false;
  *out = v;
  return true;
}

// Parses the command line; an exit code when the command ends here.
std::optional<int> ParseArgs(int argc, char** argv, Args* args) {
  const std::string name = "robot-diff";
  auto& diff = args->setup.diff;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&]() -> std::optional<std::string> {
      if (i + 1 >= argc) return std::nullopt;
      return std::string(argv[++i]);
    };
    auto number = [&](double* out) -> std::optional<int> {
      const auto v = value();
      if (!v || !ParseNumber(*v, out))
        return tools::UsageError(name, a + " needs a non-negative number");
      return std::nullopt;
    };
    std::string error;
    if (a == "-h" || a == "--help") {
      std::cout << kUsage << tools::kInputOptionsHelp << kCommon;
      return 0;
    } else if (a == "--version") {
      std::cout << name << " " << tools::kVersion << "\n";
      return 0;
    } else if (a == "-q" || a == "--quiet") {
      args->quiet = true;
    } else if (a == "--tol-position") {
      if (auto e = number(&diff.tol.position)) return e;
    } else if (a == "--tol-angle") {
      if (auto e = number(&diff.tol.angle)) return e;
    } else if (a == "--tol-relative") {
      if (auto e = number(&diff.tol.relative)) return e;
    } else if (a == "--samples" || a == "--seed") {
      double n = 0;
      if (auto e = number(&n)) return e;
      if (n != static_cast<double>(static_cast<long long>(n)) ||
          (a == "--samples" && n > 100000))
        return tools::UsageError(name, a + " needs a whole number" +
                                           (a == "--samples" ? " up to 100000"
                                                             : std::string()));
      if (a == "--samples") diff.samples = static_cast<int>(n);
      else diff.seed = static_cast<uint64_t>(n);
    } else if (a == "--materials") {
      diff.materials = true;
    } else if (a == "--model" || a == "--map" || a == "--separator" ||
               a == "--model-path") {
      const auto v = value();
      if (!v || v->empty()) return tools::UsageError(name, a + " needs a value");
      if (a == "--model") args->model = *v;
      else if (a == "--map") args->map = *v;
      else if (a == "--separator") diff.separator = *v;
      else args->setup.read.model_paths.push_back(*v);
    } else if (a == "--package" &&
               tools::ParseUriFlag(a, value, &args->setup.read.uris, &error)) {
      if (!error.empty()) return tools::UsageError(name, error);
    } else if (tools::ParseInputFlag(
                   a, value,
                   {&args->json, &args->setup.read.limits,
                    &args->setup.read.allowed_include_dirs},
                   &error)) {
      if (!error.empty()) return tools::UsageError(name, error);
    } else if (a.size() > 1 && a[0] == '-') {
      return tools::UsageError(name, "unknown option '" + a + "'");
    } else if (tools::ParseXacroArg(a, &args->setup.read.xacro.args, &error)) {
      if (!error.empty()) return tools::UsageError(name, error);
    } else {
      args->inputs.push_back(a);
    }
  }
  if (args->inputs.size() != 2)
    return tools::UsageError(name, "needs two files, A and B");
  auto& xacro = args->setup.read.xacro;
  if (!xacro.args.empty() && !xacro::IsXacroPath(args->inputs[0]) &&
      !xacro::IsXacroPath(args->inputs[1])) {
    return tools::UsageError(name, "NAME:=VALUE arguments are for a .xacro input ('" +
                                       xacro.args.begin()->first + ":=...')");
  }
  // A xacro side's includes may read where an SDF //include may.
  xacro.allowed_dirs = args->setup.read.allowed_include_dirs;
  return std::nullopt;
}

void Print(std::ostream& os, const frames::Diagnostic& d, bool json) {
  if (json) {
    std::string line;
    converter::AppendDiagnosticJson(&line, d);
    os << line << "\n";
  } else {
    os << frames::Format(d) << "\n";
  }
}

// Reader diagnostics on standard error (warnings unless -q).
void PrintRead(const frames::Diagnostics& diags, const Args& args) {
  for (const auto& d : diags.all()) {
    if (args.quiet && d.severity == frames::Severity::kWarning) continue;
    Print(std::cerr, d, args.json);
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (!tools::EnterWorkingDirectory("robot-diff")) return 2;
  Args args;
  if (const auto done = ParseArgs(argc, argv, &args)) return *done;
  frames::Diagnostics read;
  if (!args.map.empty()) {
    const auto text = xml::ReadFile(args.map, &read, args.setup.read.limits);
    if (text) args.setup.diff.renames = robot_diff::ParseMap(*text, args.map, &read);
  }
  std::vector<converter::Robot> sides[2];
  const converter::Robot* robot[2] = {nullptr, nullptr};
  converter::InputText expansion[2];  // of a .xacro side
  for (int k = 0; k < 2 && !read.HasErrors(); ++k) {
    const std::string& path = args.inputs[k];
    auto robots = verify::ReadRobotsFile(path, args.setup, &read, &expansion[k]);
    if (!robots) break;
    sides[k] = std::move(*robots);
    robot[k] = converter::SelectRobot(sides[k], args.model, {path, 0}, &read);
  }
  if (read.HasErrors() || !robot[0] || !robot[1]) {
    PrintRead(read, args);
    return 2;
  }
  const robot_diff::Result result = robot_diff::Compare(
      {&robot[0]->model, robot[0]->urdf}, {&robot[1]->model, robot[1]->urdf},
      verify::WithMeshResolution(args.setup));
  frames::Diagnostics differences = result.differences;
  if (!result.compared) {
    read.Append(differences);
    PrintRead(read, args);
    return 2;
  }
  PrintRead(read, args);
  // A difference in a xacro side's expansion: at the xacro line that wrote
  // the element.
  for (int k = 0; k < 2; ++k) {
    if (k == 1 && args.inputs[1] == args.inputs[0]) break;  // mapped once
    verify::MapToXacroSources(expansion[k], args.inputs[k], &differences);
  }
  if (args.json) converter::FillElementPaths(&differences);
  for (const auto& d : differences.all()) Print(std::cout, d, args.json);
  const size_t n = differences.all().size();
  if (args.json) {
    std::cout << "{\"verdict\": \"" << (n == 0 ? "equal" : "different")
              << "\", \"differences\": " << n << "}\n";
  } else {
    std::cout << "robot-diff: " << args.inputs[0] << " and " << args.inputs[1]
              << (n == 0 ? " are equal"
                         : " differ: " + std::to_string(n) + " difference(s)")
              << "\n";
  }
  return n == 0 ? 0 : 1;
}
