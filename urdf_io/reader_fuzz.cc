// Fuzz target of the URDF reader: every problem is a coded diagnostic, a
// model comes back exactly when there is no error, and a model read prints
// as URDF that reads back without errors and prints to the same bytes.
#include <cstdint>
#include <string>
#include <string_view>

#include "testing/fuzzing/fuzz_support.h"
#include "urdf_io/reader.h"
#include "urdf_io/writer.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  frames::Diagnostics diags;
  const auto model = urdf_io::ReadUrdf(text, "fuzz.urdf", &diags);
  fuzzing::CheckDiagnostics(diags, !model);
  if (!model) return 0;
  frames::Diagnostics write_diags;
  const auto written = urdf_io::WriteUrdf(*model, {}, &write_diags);
  fuzzing::CheckDiagnostics(write_diags, !written);
  if (!written) return 0;
  frames::Diagnostics again_diags;
  const auto again = urdf_io::ReadUrdf(*written, "written.urdf", &again_diags);
  fuzzing::Check(again.has_value(), "the written URDF does not read back",
                 again_diags.ToString() + "\n" + *written);
  frames::Diagnostics rewrite_diags;
  const auto rewritten = urdf_io::WriteUrdf(*again, {}, &rewrite_diags);
  fuzzing::Check(rewritten && *rewritten == *written,
                 "the URDF read back prints differently",
                 *written + "\n----\n" + rewritten.value_or("(nothing)"));
  return 0;
}
