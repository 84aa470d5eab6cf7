#include "tools/cli.h"

#include <cstdlib>
#include <iostream>
#include <optional>

#include <unistd.h>

#include "converter/file_io.h"
#include "tools/version.h"
#include "xml/reader.h"

namespace tools {

namespace {

// Appended to every command's own usage text.
constexpr char kCommonOptions[] = R"(  -q, --quiet             print errors only, no warnings
  -v, --verbose           also print a summary of what was converted
  -h, --help              print this help
  --version               print the version

exit codes: 0 converted (warnings allowed), 1 invalid input,
            2 usage or I/O error
diagnostics: file:line: error|warning: message [CODE]
)";

}  // namespace

int RunCli(int argc, char** argv, const Cli& cli) {
  auto usage_error = [&](const std::string& message) {
    std::cerr << cli.name << ": " << message << "\n"
              << "Try '" << cli.name << " --help'.\n";
    return 2;
  };
  // Under `bazel run`, resolve relative paths against the user's directory.
  if (const char* wd = std::getenv("BUILD_WORKING_DIRECTORY")) {
    if (::chdir(wd) != 0) {
      std::cerr << cli.name << ": cannot enter " << wd << "\n";
      return 2;
    }
  }
  std::string input, output;
  bool have_input = false, quiet = false, verbose = false;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&]() -> std::optional<std::string> {
      if (i + 1 >= argc) return std::nullopt;
      return std::string(argv[++i]);
    };
    std::string error;
    if (a == "-h" || a == "--help") {
      std::cout << cli.usage << kCommonOptions;
      return 0;
    } else if (a == "--version") {
      std::cout << cli.name << " " << kVersion << "\n";
      return 0;
    } else if (a == "-o" || a == "--output") {
      auto v = value();
      if (!v) return usage_error(a + " needs a file name");
      output = *v;
    } else if (a.rfind("--output=", 0) == 0) {
      output = a.substr(9);
      if (output.empty()) return usage_error("--output= needs a file name");
    } else if (a == "--check") {
      *cli.check_only = true;
    } else if (a == "-q" || a == "--quiet") {
      quiet = true;
    } else if (a == "-v" || a == "--verbose") {
      verbose = true;
    } else if (cli.flag && cli.flag(a, value, &error)) {
      if (!error.empty()) return usage_error(error);
    } else if (!error.empty()) {
      return usage_error(error);
    } else if (a.size() > 1 && a[0] == '-' && a != "-") {
      return usage_error("unknown option '" + a + "'");
    } else if (have_input) {
      return usage_error("more than one input file ('" + input + "', '" + a +
                         "')");
    } else {
      input = a;
      have_input = true;
    }
  }
  if (*cli.check_only && !output.empty())
    return usage_error("--check writes nothing; drop -o");
  if (output == "-") output.clear();

  // Diagnostics of the command itself (I/O), in the same form as the
  // input's.
  auto io_error = [&](frames::Code code, const std::string& message,
                      const std::string& file) {
    std::cerr << frames::Format({frames::Severity::kError, code, message,
                                 {file, 0}})
              << "\n";
    return 2;
  };
  const bool from_stdin = !have_input || input == "-";
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
  converter::RemoveTemporaryFilesOnSignal();

  converter::ConversionResult result;
  if (from_stdin) {
    std::optional<std::string> text =
        xml::ReadStandardInput(&result.diagnostics);
    if (text) result = cli.convert_text(*text, "<stdin>");
  } else {
    result = cli.convert_file(input);
  }

  int warnings = 0;
  for (const auto& d : result.diagnostics.all()) {
    if (d.severity == frames::Severity::kWarning) {
      ++warnings;
      if (quiet) continue;
    }
    std::cerr << frames::Format(d) << "\n";
  }
  if (result.diagnostics.Has(frames::Code::IO_ERROR)) return 2;
  if (!result.ok) return 1;

  if (!*cli.check_only) {
    std::string error;
    if (output.empty()) {
      if (!converter::WriteAll(STDOUT_FILENO, result.output,
                               "standard output", &error)) {
        return io_error(frames::Code::IO_ERROR, error, "<stdout>");
      }
    } else if (!converter::WriteOutputFile(output, result.output, &error)) {
      return io_error(frames::Code::IO_ERROR, error, output);
    }
  }
  if (verbose) {
    std::cerr << cli.name << ": " << (have_input ? input : "<stdin>") << ": "
              << (*cli.check_only ? "valid" : "converted") << ", " << warnings
              << " warning(s)\n";
  }
  return 0;
}

}  // namespace tools
