#include "converter/testing/read_back.h"

#include "converter/sdf_to_sdf.h"
#include "converter/urdf_to_sdf.h"

namespace converter_testing {

std::string FirstErrors(const frames::Diagnostics& d, int max) {
  std::string out;
  int shown = 0;
  for (const auto& x : d.all()) {
    if (x.severity != frames::Severity::kError) continue;
    if (++shown > max) break;
    out += "\n    " + frames::Format(x);
  }
  return out;
}

std::string SdfReadBackError(const std::string& sdf, const std::string& source,
                             const std::vector<std::string>& model_paths) {
  converter::SdfToSdfOptions check;
  check.check_only = true;
  check.model_paths = model_paths;
  const converter::ConversionResult back =
      converter::SdfToSdf(sdf, source, check);
  if (back.ok) return "";
  return "the SDF written is refused by sdf2sdf --check:" +
         FirstErrors(back.diagnostics);
}

std::string UrdfReadBackError(const std::string& urdf,
                              const std::string& source) {
  const converter::ConversionResult back =
      converter::UrdfToSdf(urdf, source);
  if (!back.ok) {
    return "the URDF written is refused by urdf2sdf:" +
           FirstErrors(back.diagnostics);
  }
  const std::string sdf = SdfReadBackError(back.output, source + ".sdf");
  return sdf.empty() ? "" : "urdf2sdf of the URDF written: " + sdf;
}

}  // namespace converter_testing
