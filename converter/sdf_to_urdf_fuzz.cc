// Fuzz target of the SDF -> URDF pipeline, includes from an in-memory file
// set (testing/fuzzing/fuzz_support.h): every problem is a coded diagnostic,
// `ok` means no error, and the URDF written reads without errors.
#include <cstdint>
#include <string>

#include "converter/sdf_to_urdf.h"
#include "testing/fuzzing/fuzz_support.h"
#include "urdf_io/reader.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  converter::SdfToUrdfOptions options;
  const std::string main =
      fuzzing::WriteSdfFileSet(data, size, &options.model_paths.emplace_back());
  const auto urdf = converter::SdfFileToUrdf(main, options);
  fuzzing::CheckDiagnostics(urdf.diagnostics, !urdf.ok);
  if (!urdf.ok) return 0;
  frames::Diagnostics read;
  fuzzing::Check(urdf_io::ReadUrdf(urdf.output, "out.urdf", &read).has_value(),
                 "the URDF written does not read",
                 read.ToString() + "\n" + urdf.output);
  return 0;
}
