// Fuzz target of the SDF -> URDF pipeline, includes from an in-memory file
// set (testing/fuzzing/fuzz_support.h): every problem is a coded diagnostic,
// `ok` means no error, and the URDF written reads back (the read-back
// invariant, converter/testing/read_back.h): urdf2sdf converts it, and
// sdf2sdf --check accepts that SDF.
#include <cstdint>
#include <string>

#include "converter/sdf_to_urdf.h"
#include "converter/testing/read_back.h"
#include "testing/fuzzing/fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  converter::SdfToUrdfOptions options;
  const std::string main =
      fuzzing::WriteSdfFileSet(data, size, &options.model_paths.emplace_back());
  const auto urdf = converter::SdfFileToUrdf(main, options);
  fuzzing::CheckDiagnostics(urdf.diagnostics, !urdf.ok);
  if (!urdf.ok) return 0;
  const std::string read_back =
      converter_testing::UrdfReadBackError(urdf.output, "out.urdf");
  fuzzing::Check(read_back.empty(), "the URDF written does not read back",
                 read_back + "\n" + urdf.output);
  return 0;
}
