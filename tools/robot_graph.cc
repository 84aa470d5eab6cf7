// robot-graph: a picture of a robot description (URDF, xacro or SDFormat):
// its kinematic tree or its frame graphs, as Graphviz DOT, SVG or PNG.
// A thin command line over picture/picture.h (docs/robot-graph.md).
#include <iostream>
#include <optional>
#include <string>
#include <unistd.h>

#include "converter/file_io.h"
#include "converter/json.h"
#include "converter/read_input.h"
#include "tools/cli.h"
#include "picture/picture.h"
#include "tools/graph_flags.h"
#include "tools/version.h"
#include "xml/reader.h"

namespace {

constexpr char kName[] = "robot-graph";

constexpr char kUsage[] = R"(usage: robot-graph [options] IN [NAME:=VALUE ...]

Draws a robot description: a URDF, a xacro file (IN.xacro, expanded with
the NAME:=VALUE arguments) or an SDFormat document (every model, a world's
models included). The kinematic tree: links as boxes with their mass,
joints as edges labelled with name, type and axis (each type drawn its own
way), explicit frames as small ellipses on their link, nested and included
models as clusters, root and canonical links marked. With --graph-kind
frames: SDFormat's attached_to and relative_to graphs of each model scope.
IN "-" reads standard input.

options:
  -o, --output FILE       write FILE.dot (Graphviz text, the default on
                          standard output), FILE.svg or FILE.png (rendered
                          in-process with Graphviz's libraries)
  --graph-kind tree|frames  what to draw (default tree)
  --model-path DIR        search DIR for model:// URIs (repeatable)
)";

constexpr char kCommon[] = R"(  -q, --quiet             print no reader warnings
  -h, --help              print this help
  --version               print the version

exit codes: 0 drawn, 1 the input does not read or the picture cannot be
            made, 2 usage or I/O error
)";

struct Args {
  std::string input, output;
  bool have_input = false, json = false, quiet = false;
  tools::GraphFlags graph;
  converter::ReadInputOptions read;
};

std::optional<int> ParseArgs(int argc, char** argv, Args* args) {
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&]() -> std::optional<std::string> {
      if (i + 1 >= argc) return std::nullopt;
      return std::string(argv[++i]);
    };
    std::string error;
    if (a == "-h" || a == "--help") {
      std::cout << kUsage << tools::kUriOptionsHelp << tools::kInputOptionsHelp
                << kCommon;
      return 0;
    } else if (a == "--version") {
      std::cout << kName << " " << tools::kVersion << "\n";
      return 0;
    } else if (a == "-q" || a == "--quiet") {
      args->quiet = true;
    } else if (a == "-o" || a == "--output") {
      const auto v = value();
      if (!v || v->empty()) return tools::UsageError(kName, a + " needs a file name");
      if (!graph::FormatOfPath(*v))
        return tools::UsageError(kName, "'" + *v + "': the name must end in .dot, .gv, .svg or .png");
      args->output = *v;
    } else if (a == "--graph-kind") {
      const auto v = value();
      if (!v || !graph::ParseGraphKind(*v, &args->graph.kind))
        return tools::UsageError(kName, "--graph-kind needs tree or frames");
    } else if (a == "--model-path") {
      const auto v = value();
      if (!v || v->empty()) return tools::UsageError(kName, a + " needs a directory");
      args->read.model_paths.push_back(*v);
    } else if (tools::ParseUriFlag(a, value, &args->read.uris, &error)) {
      if (!error.empty()) return tools::UsageError(kName, error);
    } else if (tools::ParseInputFlag(a, value,
                                     {&args->json, &args->read.limits,
                                      &args->read.allowed_include_dirs},
                                     &error)) {
      if (!error.empty()) return tools::UsageError(kName, error);
    } else if (a.size() > 1 && a[0] == '-') {
      return tools::UsageError(kName, "unknown option '" + a + "'");
    } else if (tools::ParseXacroArg(a, &args->read.xacro.args, &error)) {
      if (!error.empty()) return tools::UsageError(kName, error);
    } else if (args->have_input) {
      return tools::UsageError(kName, "more than one input file ('" + args->input +
                                          "', '" + a + "')");
    } else {
      args->input = a;
      args->have_input = true;
    }
  }
  if (!args->have_input) return tools::UsageError(kName, "needs an input file");
  args->read.xacro.allowed_dirs = args->read.allowed_include_dirs;
  return std::nullopt;
}

void Print(const frames::Diagnostics& diags, const Args& args) {
  for (const auto& d : diags.all()) {
    if (args.quiet && d.severity == frames::Severity::kWarning) continue;
    if (args.json) {
      std::string line;
      converter::AppendDiagnosticJson(&line, d);
      std::cerr << line << "\n";
    } else {
      std::cerr << frames::Format(d) << "\n";
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (!tools::EnterWorkingDirectory(kName)) return 2;
  Args args;
  if (const auto done = ParseArgs(argc, argv, &args)) return *done;
  frames::Diagnostics diags;
  const bool from_stdin = args.input == "-";
  std::optional<converter::InputText> input;
  if (from_stdin) {
    auto text = xml::ReadStandardInput(&diags, args.read.limits);
    if (text) input = converter::InputText{std::move(*text)};
  } else {
    input = converter::ReadInputText(args.input, args.read.xacro,
                                     args.read.uris.packages, args.read.limits,
                                     &diags);
  }
  if (!input) {
    Print(diags, args);
    return diags.Has(frames::Code::IO_ERROR) ? 2 : 1;
  }
  const std::string source = from_stdin ? "<stdin>" : args.input;
  const graph::ImageFormat format =
      args.output.empty() ? graph::ImageFormat::kDot : *graph::FormatOfPath(args.output);
  std::string picture;
  const bool ok = picture::RobotPicture(input->text, source, args.read, args.graph.kind,
                                      format, &picture, &diags);
  Print(diags, args);
  if (!ok) return 1;
  std::string error;
  if (args.output.empty()) {
    if (!converter::WriteAll(STDOUT_FILENO, picture, "standard output", &error)) {
      Print([&] {
        frames::Diagnostics d;
        d.Error(frames::Code::IO_ERROR, error, {"<stdout>", 0});
        return d;
      }(), args);
      return 2;
    }
  } else if (!converter::WriteOutputFile(args.output, picture, &error)) {
    frames::Diagnostics d;
    d.Error(frames::Code::IO_ERROR, error, {args.output, 0});
    Print(d, args);
    return 2;
  }
  return 0;
}
