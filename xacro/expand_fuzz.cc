// Fuzz target of xacro::ExpandFile. The input is cut into files
// (fuzzing::FileSet: "main.xacro" and the files after "@@@ NAME" marker
// lines), so includes, globs, $(find pkg) (the file set's directory) and
// load_yaml reach real files. Checks: no crash, hang or unbounded memory
// (small limits); a failure is coded diagnostics and no output; a success
// prints XML that the tree's own parser reads back.
#include <cstdint>
#include <string>

#include "testing/fuzzing/fuzz_support.h"
#include "xacro/tree.h"
#include "xacro/xacro.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static fuzzing::FileSet* files = new fuzzing::FileSet();
  const std::string main = files->Write(data, size, "main.xacro");
  xacro::Options options;
  options.max_depth = 100;
  options.max_nodes = 100000;
  options.max_output_bytes = size_t{4} << 20;
  options.max_string_length = size_t{1} << 20;
  options.max_file_size = size_t{1} << 20;
  const std::string dir = files->dir();
  options.find_package = [dir](const std::string& name, const std::string&) {
    return name == "pkg" ? std::optional<std::string>(dir) : std::nullopt;
  };
  frames::Diagnostics diags;
  xacro::Result r = xacro::ExpandFile(main, {{"given", "1"}}, options, &diags);
  fuzzing::CheckDiagnostics(diags, !r.ok);
  fuzzing::Check(r.ok || r.xml.empty(), "output after a failure");
  if (r.ok) {
    xacro::Tree tree;
    xacro::ParseError error;
    fuzzing::Check(tree.Parse(r.xml, "out", 1000, &error) != nullptr,
                   "the expansion does not parse", error.message + "\n" + r.xml);
  }
  return 0;
}
