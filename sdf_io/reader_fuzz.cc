// Fuzz target of the SDF reader with its includes: the input is a set of
// files (testing/fuzzing/fuzz_support.h: the main file, then "@@@ NAME"
// sections) written to a private directory, which is also the only model
// path. Every problem is a coded diagnostic, a refused document comes with
// an error, and a document read without errors prints as SDF that reads
// back without errors.
#include <cstdint>
#include <string>

#include "sdf_io/reader.h"
#include "sdf_io/writer.h"
#include "testing/fuzzing/fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  sdf_io::ReadOptions options;
  std::string dir;
  const std::string main = fuzzing::WriteSdfFileSet(data, size, &dir);
  options.model_paths = {dir};
  options.fuel_cache_dirs = {dir + "/fuel"};
  options.use_environment_paths = false;
  frames::Diagnostics diags;
  const auto doc = sdf_io::ReadSdfFile(main, &diags, options);
  fuzzing::CheckCoded(diags);
  fuzzing::Check(doc || diags.HasErrors(), "a refused document has no error");
  if (!doc || diags.HasErrors()) return 0;
  const std::string written = sdf_io::WriteSdfDocument(*doc, {});
  frames::Diagnostics again_diags;
  const auto again = sdf_io::ReadSdf(written, main, &again_diags, options);
  fuzzing::CheckCoded(again_diags);
  fuzzing::Check(again && !again_diags.HasErrors(),
                 "the written SDF does not read back",
                 again_diags.ToString() + "\n" + written);
  return 0;
}
