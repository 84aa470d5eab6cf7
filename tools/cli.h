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
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "converter/read_input.h"
#include "converter/result.h"
#include "converter/uris.h"
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
  // Run once every flag is read: a usage error for flags that do not go
  // together (sdf2sdf's --preserve-includes below 1.8), or "".
  std::function<std::string()> check_flags;
  // When set: --package PKG=DIR and --uris FORM (ParseUriFlag), and
  // relative_to_dir set to the -o file's directory.
  converter::UriOptions* uris = nullptr;
  // Set, when not null, to whether diagnostics are printed as JSON
  // (--diagnostics-format json), for commands that print notes of their
  // own on standard error.
  bool* diagnostics_json = nullptr;
  // Set by --max-depth, --max-elements, --max-file-size and
  // --max-include-depth (when not null), and applied to standard input.
  xml::Limits* limits = nullptr;
  // Added to by --allow-include-from DIR (when not null: the SDF commands).
  std::vector<std::string>* allowed_include_dirs = nullptr;
  // When set, the command has --verify: the input (standard input's text,
  // source "<stdin>"; or null and the input file's path, which the function
  // reads, a .xacro expanded) and the output about to be written (and the
  // -o file, "<stdout>" for standard output) go to this function
  // (verify/verify.h), and an error in what it returns fails the
  // conversion: exit 1, nothing written.
  std::function<frames::Diagnostics(const std::string* stdin_text,
                                    const std::string& input_source,
                                    std::string_view output,
                                    const std::string& output_source)>
      verify;
  // When set, the input may be a xacro file (IN.xacro): NAME:=VALUE
  // arguments set its xacro:args, and --allow-include-from DIR lets its
  // includes and load_yaml read under DIR too (--package finds $(find)).
  converter::XacroOptions* xacro = nullptr;
  // When set, the command has --graph FILE and --graph-kind (tools/
  // picture.h): the output about to be written is read back with these
  // options and drawn into FILE; a picture that cannot be made fails the
  // conversion (GRAPH_FAILED, exit 1, nothing written).
  std::function<converter::ReadInputOptions()> graph_read;
  // When not null, the command's conversion can hand its output on as it
  // is written (the output_sink of converter::UrdfToSdfOptions and
  // SdfToSdfOptions): RunCli sets it when nothing needs the output whole
  // (--verify, --graph), to write standard output, or the -o file through
  // converter::OutputFile, so that a large document is never held in memory.
  std::function<bool(std::string_view)>* output_sink = nullptr;
};

// The --verify line of a command's --help.
extern const char kVerifyHelp[];

// --package PKG=DIR (repeatable) and --uris keep|package|model|relative|
// absolute, shared by every command: false when `arg` is neither; a bad
// value sets *error.
bool ParseUriFlag(const std::string& arg,
                  const std::function<std::optional<std::string>()>& value,
                  converter::UriOptions* uris, std::string* error);

// The help lines of those flags.
extern const char kUriOptionsHelp[];

// Where the input flags shared by every command and migrate go; a null
// field leaves its flags out.
struct InputFlags {
  // --diagnostics-format text|json: whether diagnostics are printed as
  // JSON lines.
  bool* diagnostics_json = nullptr;
  // --max-depth, --max-elements, --max-file-size, --max-include-depth.
  xml::Limits* limits = nullptr;
  // --allow-include-from DIR (repeatable).
  std::vector<std::string>* allowed_include_dirs = nullptr;
};

// One of those flags into `flags`: false when `arg` is none of them (or its
// field is null); a missing or bad value sets *error.
bool ParseInputFlag(const std::string& arg,
                    const std::function<std::optional<std::string>()>& value,
                    const InputFlags& flags, std::string* error);

// The help lines of --diagnostics-format and the --max-* flags.
extern const char kInputOptionsHelp[];

// A xacro NAME:=VALUE argument into *args (a later one for the same NAME
// wins): false when `arg` has no ":="; ":=VALUE" without a name sets *error.
bool ParseXacroArg(const std::string& arg,
                   std::map<std::string, std::string>* args,
                   std::string* error);

int RunCli(int argc, char** argv, const Cli& cli);

// --sdf-version V or --sdf-version=V (urdf2sdf, sdf2sdf): the SDFormat
// version written, 1.7 to 1.12 (reshape/to_sdf/sdf_version.h), into *version.
// False when `arg` is not that flag; a missing or unknown V sets *error.
bool SdfVersionFlag(const std::string& arg,
                    const std::function<std::optional<std::string>()>& value,
                    std::string* error, int* version);
// Shared by RunCli and migrate.
// `NAME: MESSAGE` and `Try 'NAME --help'.` on standard error; returns 2.
int UsageError(const std::string& name, const std::string& message);
// Under `bazel run`, enters the user's directory (BUILD_WORKING_DIRECTORY)
// so that relative paths resolve against it; false (after a message) when
// it cannot.
bool EnterWorkingDirectory(const std::string& name);

}  // namespace tools
