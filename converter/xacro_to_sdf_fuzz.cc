// Fuzz target of the xacro -> URDF -> SDF path (urdf2sdf of a .urdf.xacro):
// the input is cut into files (fuzzing::FileSet: "main.urdf.xacro" and the
// files after "@@@ NAME" marker lines) so that includes and load_yaml
// reach real files. Checks: every problem is a coded diagnostic, `ok`
// means no error and an output; every diagnostic that names a line names
// one of a file that exists and has that many lines (the expansion's
// lines are mapped back to the xacro sources, never left pointing into
// the expansion, which is no file); the SDF written reads back (the
// read-back invariant, converter/testing/read_back.h).
#include <cstdint>
#include <string>
#include <string_view>

#include "converter/testing/read_back.h"
#include "converter/urdf_to_sdf.h"
#include "testing/fuzzing/fuzz_support.h"

namespace {

// Lines of `path`, or -1 when it cannot be read.
int LineCount(const std::string& path) {
  FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) return -1;
  int lines = 1;
  int c;
  while ((c = std::fgetc(f)) != EOF) lines += c == '\n';
  std::fclose(f);
  return lines;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static fuzzing::FileSet* files = new fuzzing::FileSet();
  const std::string main = files->Write(data, size, "main.urdf.xacro");
  converter::UrdfToSdfOptions options;
  options.limits.max_file_size = size_t{1} << 20;
  options.xacro.args["given"] = "1";
  options.xacro.max_depth = 100;
  options.xacro.max_nodes = 100000;
  options.xacro.max_output_bytes = size_t{4} << 20;
  options.uris.packages.packages.emplace_back("pkg", files->dir());
  const converter::ConversionResult r = converter::UrdfFileToSdf(main, options);
  fuzzing::CheckDiagnostics(r.diagnostics, !r.ok);
  fuzzing::Check(r.ok || r.output.empty(), "output after a failure");
  for (const frames::Diagnostic& d : r.diagnostics.all()) {
    if (d.where.line <= 0) continue;
    const int lines = LineCount(d.where.file);
    fuzzing::Check(lines >= d.where.line, "a diagnostic names a line its file does not have",
                   frames::Format(d));
  }
  if (!r.ok) return 0;
  fuzzing::Check(!r.output.empty(), "a conversion wrote nothing");
  const std::string back = converter_testing::SdfReadBackError(r.output, "fuzz.sdf");
  fuzzing::Check(back.empty(), "the SDF written does not read back", back + "\n" + r.output);
  return 0;
}
