// Fuzz target of the URDF -> SDF -> URDF pipeline: every problem is a coded
// diagnostic and `ok` means no error; SDF written from a URDF passes the
// SDF checks and converts back to URDF (ball joints as floating ones),
// which reads without errors.
#include <cstdint>
#include <string>
#include <string_view>

#include "converter/sdf_to_sdf.h"
#include "converter/sdf_to_urdf.h"
#include "converter/urdf_to_sdf.h"
#include "testing/fuzzing/fuzz_support.h"
#include "urdf_io/reader.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto sdf = converter::UrdfToSdf(text, "fuzz.urdf");
  fuzzing::CheckDiagnostics(sdf.diagnostics, !sdf.ok);
  if (!sdf.ok) return 0;
  fuzzing::Check(!sdf.output.empty(), "a conversion wrote nothing");
  converter::SdfToSdfOptions check;
  check.check_only = true;
  const auto checked = converter::SdfToSdf(sdf.output, "fuzz.sdf", check);
  fuzzing::Check(checked.ok, "the SDF written fails the SDF checks",
                 checked.diagnostics.ToString() + "\n" + sdf.output);
  // A URDF "spherical" joint (pybullet's) is an SDF ball joint, which URDF
  // proper has no type for: back as floating, as sdf2urdf's
  // --ball-as-floating writes it.
  converter::SdfToUrdfOptions back;
  back.ball_as_floating = true;
  const auto urdf = converter::SdfToUrdf(sdf.output, "fuzz.sdf", back);
  fuzzing::CheckDiagnostics(urdf.diagnostics, !urdf.ok);
  fuzzing::Check(urdf.ok, "the SDF written does not convert back to URDF",
                 urdf.diagnostics.ToString() + "\n" + sdf.output);
  frames::Diagnostics read;
  fuzzing::Check(urdf_io::ReadUrdf(urdf.output, "back.urdf", &read).has_value(),
                 "the URDF converted back does not read",
                 read.ToString() + "\n" + urdf.output);
  return 0;
}
