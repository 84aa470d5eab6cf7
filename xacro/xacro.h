// xacro::Expand: ROS 2's xacro (in-order processing) in C++, XML in, XML
// out. Properties (lazy, scoped, block), args, macros (defaults, `^`
// forwarding, block parameters, recursion), xacro:call, includes (relative,
// $(find), globs, `ns`), xacro:if/unless, insert_block, xacro:element and
// xacro:attribute, `$${`/`$$(` escapes, comments as xacro keeps them,
// substitution args $(arg) $(find) $(env) $(optenv) $(eval) $(dirname)
// $(cwd); ${...} is evaluated by xacro/expr.h (never Python, never code).
//
// The output is what ROS's `xacro` prints (minidom's toprettyxml with
// xacro's header comment). Errors are coded diagnostics at the file:line of
// the offending element in the file it is written in, with the macro calls
// and includes that reached it in the message.
//
// Safer than ROS's xacro: files are read (includes, load_yaml) only under
// the input's directory, Options::allowed_dirs and packages $(find) found;
// include cycles are refused; the expansion's size, depth and strings are
// bounded (Options). Thread-safe: no global state (the environment and the
// working directory are read, never written).
#pragma once

#include <cstddef>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "diag/diagnostics.h"

namespace xacro {

struct Options {
  // Directories (besides the input's own) that includes and load_yaml may
  // read under (--allow-include-from, the input's package).
  std::vector<std::string> allowed_dirs;
  // $(find PKG): the package's directory, nullopt when not found. `from`
  // is the file holding the $(find). A package found may be read.
  std::function<std::optional<std::string>(const std::string& package,
                                           const std::string& from)>
      find_package;
  // $(cwd), and what relative input paths are relative to; "" = the
  // process's working directory.
  std::string cwd;
  // Nested elements, macro calls and includes, counted together: beyond
  // it XACRO_RECURSION_TOO_DEEP (ROS's xacro dies of Python's recursion
  // limit instead).
  size_t max_depth = 500;
  // Chained includes (XACRO_INCLUDE_TOO_DEEP).
  size_t max_include_depth = 64;
  // Nodes the expansion may create (copies of macro bodies, included
  // files) and bytes the output may have: XACRO_OUTPUT_TOO_LARGE.
  size_t max_nodes = 4000000;
  size_t max_output_bytes = size_t{256} << 20;
  // Longest text an expression or a substitution may make.
  size_t max_string_length = size_t{16} << 20;
  // Largest file read (the input, an include, a YAML file).
  size_t max_file_size = size_t{64} << 20;
  // Free the expansion's tree and tables before returning (true), or keep
  // them until the process exits (false): for a command that exits right
  // after, as compilers do (clang's -disable-free). Freeing a large
  // expansion node by node was a quarter of its CPU time. The memory kept
  // stays reachable (no leak is reported); a long-lived caller keeps true.
  bool free_memory = true;
  // Fill Result::source_map (off by default: it costs a walk of every
  // macro body and include).
  bool source_map = false;
};

// Where each line of an expansion came from: for a line of the output (1 =
// the XML declaration, as an XML reader of the output counts), the element
// whose start tag is on it or, for a line holding none (text, an end tag),
// the last one started before it; its file and line in the xacro sources
// and the macro calls and includes that put it there. A table of lines, so
// that xacro/ needs to know nothing of what reads its output.
class SourceMap {
 public:
  struct Origin {
    std::string file;
    int line = 0;
    // " (in macro 'm' called at f.xacro:3, in file f.xacro included at
    // robot.urdf.xacro:5)", the form of xacro's own errors; "" when the
    // element is written in the input itself.
    std::string context;
  };
  // False when `output_line` comes before any element (the header).
  bool Lookup(int output_line, Origin* origin) const;
  bool empty() const { return entries_.empty(); }

  // Built by the expansion.
  void Add(int output_line, const std::string& file, int line, const std::string& context);

 private:
  struct Entry {
    int output_line;
    int file;     // index into files_
    int line;
    int context;  // index into contexts_
  };
  std::vector<Entry> entries_;  // ascending output_line
  std::vector<std::string> files_;
  std::vector<std::string> contexts_;
  std::unordered_map<std::string, int> file_index_;
  std::unordered_map<std::string, int> context_index_;
};

struct Result {
  bool ok = false;
  std::string xml;  // the expanded document, as ROS's xacro prints it
  // Every file read besides the input (includes, YAML), as ROS's xacro
  // --deps names them, sorted, without repeats.
  std::vector<std::string> dependencies;
  // Output line -> xacro source (only with Options::source_map).
  SourceMap source_map;
};

// Expands the file at `path` with the `args` given as NAME:=VALUE.
// `banner_name` is the name the header comment gives the input (ROS prints
// the path as given on its command line); "" = `path`.
Result ExpandFile(const std::string& path,
                  const std::map<std::string, std::string>& args,
                  const Options& options, frames::Diagnostics* diags,
                  const std::string& banner_name = "");

// Expands `text`, read from `file` (relative includes are relative to its
// directory; "" for none, then relative to the working directory).
Result ExpandText(std::string_view text, const std::string& file,
                  const std::map<std::string, std::string>& args,
                  const Options& options, frames::Diagnostics* diags);

// Whether `path` names a xacro file by its name: ends in ".xacro".
bool IsXacroPath(std::string_view path);

}  // namespace xacro
