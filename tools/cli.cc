#include "tools/cli.h"

#include <cctype>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <iostream>
#include <optional>

#include <unistd.h>

#include "converter/file_io.h"
#include "reshape/to_sdf/sdf_version.h"
#include "converter/json.h"
#include "picture/picture.h"
#include "tools/graph_flags.h"
#include "tools/version.h"
#include "xacro/xacro.h"
#include "xml/reader.h"

namespace tools {

namespace {

// Appended to every command's own usage text, after kInputOptionsHelp.
constexpr char kCommonOptions[] = R"(  -q, --quiet             print errors only, no warnings
  -v, --verbose           also print a summary of what was converted
  -h, --help              print this help
  --version               print the version

exit codes: 0 converted (warnings allowed), 1 invalid input,
            2 usage or I/O error
diagnostics: file:line: error|warning: message [CODE]
)";

// The input bounds' flags (--max-depth N ...): true when `arg` is one,
// with *error set when its value is not a number in range.
bool LimitFlag(const std::string& arg,
               const std::function<std::optional<std::string>()>& value,
               xml::Limits* limits, std::string* error) {
  size_t* field;
  size_t most = size_t{1} << 50;  // n * 1024 cannot overflow below it
  bool suffix = false;
  if (arg == "--max-depth") {
    field = &limits->max_depth;
    most = xml::Limits::kMaxDepthCeiling;
  } else if (arg == "--max-elements") {
    field = &limits->max_elements;
  } else if (arg == "--max-file-size") {
    field = &limits->max_file_size;
    suffix = true;
  } else if (arg == "--max-include-depth") {
    field = &limits->max_include_depth;
    most = 1000;
  } else {
    return false;
  }
  const std::optional<std::string> v = value();
  const std::string range = " needs a number from 1 to " + std::to_string(most);
  if (!v || v->empty()) {
    *error = arg + range;
    return true;
  }
  size_t digits = 0;
  unsigned long long n = 0;
  while (digits < v->size() && std::isdigit(static_cast<unsigned char>((*v)[digits])) &&
         n <= most) {
    n = n * 10 + ((*v)[digits++] - '0');
  }
  std::string rest = v->substr(digits);
  if (suffix && rest.size() == 1) {
    const std::string units = "KMG";
    const size_t k = units.find(static_cast<char>(std::toupper(rest[0])));
    if (k != std::string::npos) {
      for (size_t i = 0; i <= k && n <= most; ++i) n *= 1024;
      rest.clear();
    }
  }
  if (digits == 0 || !rest.empty() || n < 1 || n > most) {
    *error = arg + range + ", not '" + *v + "'";
    return true;
  }
  *field = static_cast<size_t>(n);
  return true;
}

}  // namespace

const char kVerifyHelp[] =
    R"(  --verify                read the output back and compare it with the
                          input as robot-diff does (tolerances 1e-6 m,
                          1e-6 rad, 1e-6 relative; 20 sampled
                          configurations); a difference is an error
                          (VERIFY_FAILED, exit 1) and nothing is written
)";

const char kInputOptionsHelp[] = R"(  --diagnostics-format text|json
                          text (default): file:line: error: message [CODE];
                          json: one JSON object a line ({"file", "line",
                          "severity", "code", "message"}), as in migrate's
                          report; the -v summary is then not printed
  --max-depth N           refuse elements (and models, includes expanded)
                          nested deeper than N (default 256, at most 1000)
  --max-elements N        refuse a file of more than N elements
                          (default: one per 16 bytes of --max-file-size,
                          16777216 at 256M)
  --max-file-size N[K|M|G]  refuse an input file larger than N bytes
                          (default 256M)
  --max-include-depth N   refuse a chain of more than N includes, each in
                          the file the previous one included (default 32)
)";

bool ParseInputFlag(const std::string& arg,
                    const std::function<std::optional<std::string>()>& value,
                    const InputFlags& flags, std::string* error) {
  if (flags.diagnostics_json && arg == "--diagnostics-format") {
    const auto v = value();
    if (v && (*v == "text" || *v == "json")) {
      *flags.diagnostics_json = *v == "json";
    } else {
      *error = "--diagnostics-format needs text or json";
    }
    return true;
  }
  if (flags.allowed_include_dirs && arg == "--allow-include-from") {
    const auto v = value();
    if (!v || v->empty()) {
      *error = arg + " needs a directory";
    } else {
      flags.allowed_include_dirs->push_back(*v);
    }
    return true;
  }
  return flags.limits && LimitFlag(arg, value, flags.limits, error);
}

const char kUriOptionsHelp[] =
    R"(  --uris FORM             write mesh and include URIs as FORM: keep
                          (default), package (package://PKG/...), model
                          (model://NAME/...), relative (paths relative to
                          the output file) or absolute (migrate: the copies
                          in DST_DIR); one that cannot be is kept with a
                          warning
  --package PKG=DIR       package://PKG is in DIR (repeatable; then
                          ROS_PACKAGE_PATH, AMENT_PREFIX_PATH, migrate's
                          SRC_DIR packages, the packages enclosing the file)
)";

bool ParseUriFlag(const std::string& arg,
                  const std::function<std::optional<std::string>()>& value,
                  converter::UriOptions* uris, std::string* error) {
  if (arg == "--uris") {
    const auto v = value();
    const auto form = v ? converter::ParseUriForm(*v) : std::nullopt;
    if (!form) {
      *error = "--uris needs keep, package, model, relative or absolute";
    } else {
      uris->form = *form;
    }
    return true;
  }
  if (arg == "--package") {
    const auto v = value();
    const size_t eq = v ? v->find('=') : std::string::npos;
    if (eq == std::string::npos || eq == 0 || eq + 1 == v->size()) {
      *error = "--package needs PKG=DIR";
    } else {
      uris->packages.packages.emplace_back(v->substr(0, eq), v->substr(eq + 1));
    }
    return true;
  }
  return false;
}

bool ParseXacroArg(const std::string& arg,
                   std::map<std::string, std::string>* args,
                   std::string* error) {
  const size_t remap = arg.find(":=");
  if (remap == std::string::npos) return false;
  if (remap == 0) {
    *error = "argument without a name: " + arg;
  } else {
    (*args)[arg.substr(0, remap)] = arg.substr(remap + 2);
  }
  return true;
}

int UsageError(const std::string& name, const std::string& message) {
  std::cerr << name << ": " << message << "\n"
            << "Try '" << name << " --help'.\n";
  return 2;
}

bool EnterWorkingDirectory(const std::string& name) {
  if (const char* wd = std::getenv("BUILD_WORKING_DIRECTORY")) {
    if (::chdir(wd) != 0) {
      std::cerr << name << ": cannot enter " << wd << "\n";
      return false;
    }
  }
  return true;
}

namespace {

// What the command line of a Cli asks for.
struct CliArgs {
  std::string input;   // with have_input; "-" for standard input
  std::string output;  // "" for standard output
  bool have_input = false, quiet = false, verbose = false, json = false;
  bool verify = false;
  GraphFlags graph;
};

// Reads the command line into *args (and the Cli's own flags); an exit
// code when the command ends here: --help, --version or a usage error.
std::optional<int> ParseCliArgs(int argc, char** argv, const Cli& cli,
                                CliArgs* args) {
  auto usage_error = [&](const std::string& message) {
    return UsageError(cli.name, message);
  };
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&]() -> std::optional<std::string> {
      if (i + 1 >= argc) return std::nullopt;
      return std::string(argv[++i]);
    };
    std::string error;
    if (a == "-h" || a == "--help") {
      std::cout << cli.usage << (cli.verify ? kVerifyHelp : "")
                << (cli.graph_read ? kGraphOptionsHelp : "")
                << (cli.uris ? kUriOptionsHelp : "") << kInputOptionsHelp
                << kCommonOptions;
      return 0;
    } else if (a == "--version") {
      std::cout << cli.name << " " << kVersion << "\n";
      return 0;
    } else if (a == "-o" || a == "--output") {
      auto v = value();
      if (!v) return usage_error(a + " needs a file name");
      args->output = *v;
    } else if (a.rfind("--output=", 0) == 0) {
      args->output = a.substr(9);
      if (args->output.empty())
        return usage_error("--output= needs a file name");
    } else if (ParseInputFlag(
                   a, value,
                   {&args->json, cli.limits, cli.allowed_include_dirs},
                   &error)) {
      if (!error.empty()) return usage_error(error);
    } else if (a == "--check") {
      *cli.check_only = true;
    } else if (a == "--verify" && cli.verify) {
      args->verify = true;
    } else if (cli.graph_read && ParseGraphFlag(a, value, &args->graph, &error)) {
      if (!error.empty()) return usage_error(error);
    } else if (a == "-q" || a == "--quiet") {
      args->quiet = true;
    } else if (a == "-v" || a == "--verbose") {
      args->verbose = true;
    } else if (cli.uris && ParseUriFlag(a, value, cli.uris, &error)) {
      if (!error.empty()) return usage_error(error);
    } else if (cli.flag && cli.flag(a, value, &error)) {
      if (!error.empty()) return usage_error(error);
    } else if (!error.empty()) {
      return usage_error(error);
    } else if (a.size() > 1 && a[0] == '-' && a != "-") {
      return usage_error("unknown option '" + a + "'");
    } else if (cli.xacro && ParseXacroArg(a, &cli.xacro->args, &error)) {
      if (!error.empty()) return usage_error(error);
    } else if (args->have_input) {
      return usage_error("more than one input file ('" + args->input + "', '" +
                         a + "')");
    } else {
      args->input = a;
      args->have_input = true;
    }
  }
  if (*cli.check_only && !args->output.empty())
    return usage_error("--check writes nothing; drop -o");
  if (*cli.check_only && args->verify)
    return usage_error("--verify compares the output, which --check does not make; drop one");
  if (args->graph.kind_given && args->graph.path.empty())
    return usage_error("--graph-kind is for --graph FILE; add it or drop --graph-kind");
  if (*cli.check_only && !args->graph.path.empty())
    return usage_error("--graph draws the output, which --check does not make; drop one");
  if (!args->graph.path.empty() && args->graph.path == args->output)
    return usage_error("--graph and -o name the same file");
  if (cli.xacro) {
    const bool xacro_input = args->have_input && xacro::IsXacroPath(args->input);
    if (!xacro_input && !cli.xacro->args.empty()) {
      return usage_error("NAME:=VALUE arguments are for a .xacro input ('" +
                         cli.xacro->args.begin()->first + ":=...')");
    }
    // The includes of a xacro input may read where an SDF //include may.
    if (cli.allowed_include_dirs && cli.allowed_include_dirs != &cli.xacro->allowed_dirs) {
      for (const std::string& dir : *cli.allowed_include_dirs) {
        cli.xacro->allowed_dirs.push_back(dir);
      }
    }
  }
  if (cli.check_flags) {
    const std::string error = cli.check_flags();
    if (!error.empty()) return usage_error(error);
  }
  if (args->output == "-") args->output.clear();
  return std::nullopt;
}

// One diagnostic on standard error: a JSON object a line, or the editor
// and CI form.
void PrintDiagnostic(const frames::Diagnostic& d, bool json) {
  if (json) {
    std::string line;
    converter::AppendDiagnosticJson(&line, d);
    std::cerr << line << "\n";
  } else {
    std::cerr << frames::Format(d) << "\n";
  }
}

// --verify: the output compared with the input read again; a difference
// makes the result not ok, with its diagnostics.
void VerifyResult(const Cli& cli, const CliArgs& args,
                  const std::optional<std::string>& stdin_text,
                  converter::ConversionResult* result) {
  const frames::Diagnostics found = cli.verify(
      stdin_text ? &*stdin_text : nullptr,
      stdin_text ? "<stdin>" : args.input, result->output,
      args.output.empty() ? "<stdout>" : args.output);
  if (found.HasErrors()) {
    result->diagnostics.Append(found);
    result->ok = false;
    result->output.clear();
  }
}

// The conversion of the input file, or of standard input.
converter::ConversionResult ConvertInput(const Cli& cli, const CliArgs& args,
                                         bool from_stdin) {
  converter::ConversionResult result;
  std::optional<std::string> stdin_text;
  if (from_stdin) {
    stdin_text = xml::ReadStandardInput(
        &result.diagnostics, cli.limits ? *cli.limits : xml::Limits{});
    if (stdin_text) result = cli.convert_text(*stdin_text, "<stdin>");
  } else {
    result = cli.convert_file(args.input);
  }
  if (args.verify && result.ok) VerifyResult(cli, args, stdin_text, &result);
  if (args.json) {
    converter::FillElementPaths(&result.diagnostics, "<stdin>",
                                stdin_text ? *stdin_text : std::string_view());
  }
  return result;
}

}  // namespace

int RunCli(int argc, char** argv, const Cli& cli) {
  if (!EnterWorkingDirectory(cli.name)) return 2;
  CliArgs args;
  if (const std::optional<int> done = ParseCliArgs(argc, argv, cli, &args))
    return *done;
  const std::string& input = args.input;
  const std::string& output = args.output;

  if (cli.diagnostics_json) *cli.diagnostics_json = args.json;
  // Diagnostics of the command itself (I/O), in the same form as the
  // input's.
  auto io_error = [&](frames::Code code, const std::string& message,
                      const std::string& file) {
    PrintDiagnostic({frames::Severity::kError, code, message, {file, 0}},
                    args.json);
    return 2;
  };
  const bool from_stdin = !args.have_input || input == "-";
  // Writing the output would replace the input before anyone could compare
  // the two; no command upgrades a file in place.
  if (!output.empty() &&
      (from_stdin ? converter::SameRegularFile(STDIN_FILENO, output)
                  : converter::SameRegularFile(input, output))) {
    return io_error(frames::Code::OUTPUT_IS_INPUT,
                    "the output file is the input file" +
                        (from_stdin ? std::string(" (standard input)")
                                    : " '" + input + "'") +
                        "; writing it would replace the input: write to "
                        "another file",
                    output);
  }

  if (cli.output) *cli.output = output;
  if (cli.uris) {
    // Relative paths are relative to the output file's directory (the
    // current one for standard output).
    const size_t slash = output.rfind('/');
    cli.uris->relative_to_dir =
        slash == std::string::npos ? "" : output.substr(0, slash + 1);
  }
  converter::RemoveTemporaryFilesOnSignal();

  // The output written as the conversion makes it, when nothing else needs
  // it whole. The conversion does so only when it reports nothing (the
  // diagnostics are printed before the output), and only once it has
  // succeeded. An -o file is made as WriteOutputFile makes it, once the
  // whole output is in (or not at all).
  std::optional<converter::StreamedOutput> stream;
  if (cli.output_sink && !*cli.check_only && !args.verify &&
      args.graph.path.empty()) {
    stream.emplace(output);
    *cli.output_sink = stream->Sink();
  }
  const converter::ConversionResult result =
      ConvertInput(cli, args, from_stdin);
  int warnings = 0;
  for (const auto& d : result.diagnostics.all()) {
    if (d.severity == frames::Severity::kWarning) {
      ++warnings;
      if (args.quiet) continue;
    }
    PrintDiagnostic(d, args.json);
  }
  if (result.diagnostics.Has(frames::Code::IO_ERROR)) return 2;
  if (!result.ok) return 1;

  // The picture is made before anything is written: a picture that cannot
  // be made leaves no output behind.
  std::string picture;
  if (!args.graph.path.empty()) {
    frames::Diagnostics drawn;
    const std::string source = output.empty() ? "<stdout>" : output;
    if (!picture::RobotPicture(result.output, source, cli.graph_read(), args.graph.kind,
                                   *graph::FormatOfPath(args.graph.path), &picture,
                                   &drawn)) {
      for (const auto& d : drawn.all()) PrintDiagnostic(d, args.json);
      return 1;
    }
  }
  if (!*cli.check_only) {
    std::string error;
    if (stream && stream->used()) {
      if (!stream->Finish()) {
        return io_error(frames::Code::IO_ERROR, stream->error(),
                        output.empty() ? "<stdout>" : output);
      }
    } else if (output.empty()) {
      if (!converter::WriteAll(STDOUT_FILENO, result.output,
                               "standard output", &error)) {
        return io_error(frames::Code::IO_ERROR, error, "<stdout>");
      }
    } else if (!converter::WriteOutputFile(output, result.output, &error)) {
      return io_error(frames::Code::IO_ERROR, error, output);
    }
    if (!args.graph.path.empty() &&
        !converter::WriteOutputFile(args.graph.path, picture, &error)) {
      return io_error(frames::Code::IO_ERROR, error, args.graph.path);
    }
  }
  if (args.verbose && !args.json) {
    std::cerr << cli.name << ": " << (args.have_input ? input : "<stdin>")
              << ": " << (*cli.check_only ? "valid" : "converted") << ", "
              << warnings << " warning(s)\n";
  }
  return 0;
}

bool SdfVersionFlag(const std::string& arg,
                    const std::function<std::optional<std::string>()>& value,
                    std::string* error, int* version) {
  constexpr char kFlag[] = "--sdf-version";
  std::optional<std::string> v;
  if (arg == kFlag) {
    v = value();
  } else if (arg.rfind(std::string(kFlag) + "=", 0) == 0) {
    v = arg.substr(sizeof(kFlag));
  } else {
    return false;
  }
  const auto minor = v ? converter::ParseSdfOutputVersion(*v) : std::nullopt;
  if (!v) *error = "--sdf-version needs a version (1.7 to 1.12)";
  else if (!minor) *error = converter::SdfVersionUsageError(*v);
  else *version = *minor;
  return true;
}

}  // namespace tools
