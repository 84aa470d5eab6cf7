// The shared command line of urdf2sdf, sdf2sdf and sdf2urdf: one input file
// (or standard input), -o with whole-file writes (converter::WriteOutputFile:
// files replaced whole, devices and FIFOs written through, symbolic links
// followed, the temporary file removed on SIGINT/SIGTERM/SIGHUP), --check,
// -q, -v, --help, --version, diagnostics as `file:line: error: message
// [CODE]`, and exit codes 0 (converted; warnings allowed), 1 (invalid
// input), 2 (usage or I/O: IO_ERROR for unreadable input, standard input
// included, and unwritable output; OUTPUT_IS_INPUT when -o names the input
// file, however spelled); the input bounds --max-depth, --max-elements,
// --max-file-size, --max-include-depth.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "converter/result.h"
#include "xml/dom.h"

namespace tools {

struct Cli {
  std::string name;   // "sdf2sdf"
  // The --help text up to the command's own options; the common options,
  // exit codes and diagnostics form are appended.
  std::string usage;
  // Handles a command's own flag: returns false when `arg` is not one of its
  // flags. `value()` takes the flag's argument (nullopt if there is none);
  // set *error to refuse the flag with a usage error.
  std::function<bool(const std::string& arg,
                     const std::function<std::optional<std::string>()>& value,
                     std::string* error)>
      flag;
  std::function<converter::ConversionResult(std::string_view text,
                                            const std::string& source)>
      convert_text;
  std::function<converter::ConversionResult(const std::string& path)>
      convert_file;
  bool* check_only = nullptr;  // set by --check
  // Set, when not null, to the -o file ("" for standard output) before a
  // convert function runs, for commands whose output depends on where it is
  // written (sdf2urdf's relative mesh paths).
  std::string* output = nullptr;
  // Set by --max-depth, --max-elements, --max-file-size and
  // --max-include-depth (when not null), and applied to standard input.
  xml::Limits* limits = nullptr;
  // Added to by --allow-include-from DIR (when not null: the SDF commands).
  std::vector<std::string>* allowed_include_dirs = nullptr;
};

int RunCli(int argc, char** argv, const Cli& cli);

}  // namespace tools
