// Fuzz target of the SDF -> SDF pipeline, includes from an in-memory file
// set (testing/fuzzing/fuzz_support.h): every problem is a coded diagnostic,
// `ok` means no error, the SDF written passes sdf2sdf --check (the read-back
// invariant, converter/testing/read_back.h) and converts again without
// errors to the same bytes.
#include <cstdint>
#include <string>

#include "converter/sdf_to_sdf.h"
#include "converter/testing/read_back.h"
#include "testing/fuzzing/fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  converter::SdfToSdfOptions options;
  const std::string main =
      fuzzing::WriteSdfFileSet(data, size, &options.model_paths.emplace_back());
  const auto sdf = converter::SdfFileToSdf(main, options);
  fuzzing::CheckDiagnostics(sdf.diagnostics, !sdf.ok);
  if (!sdf.ok) return 0;
  const std::string read_back =
      converter_testing::SdfReadBackError(sdf.output, main, options.model_paths);
  fuzzing::Check(read_back.empty(), "the SDF written does not read back",
                 read_back + "\n" + sdf.output);
  const auto again = converter::SdfToSdf(sdf.output, main, options);
  fuzzing::CheckDiagnostics(again.diagnostics, !again.ok);
  fuzzing::Check(again.ok, "the SDF written does not convert again",
                 again.diagnostics.ToString() + "\n" + sdf.output);
  fuzzing::Check(again.output == sdf.output,
                 "the SDF written converts to different SDF",
                 sdf.output + "\n----\n" + again.output);
  return 0;
}
