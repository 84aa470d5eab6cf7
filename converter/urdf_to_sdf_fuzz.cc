// Fuzz target of the URDF -> SDF -> URDF pipeline, as urdf2sdf runs by
// default and with --lump-fixed-joints: every problem is a coded diagnostic
// and `ok` means no error; the SDF written reads back (the read-back
// invariant, converter/testing/read_back.h: it passes sdf2sdf --check) and
// converts back to URDF (ball joints as floating ones), which reads back in
// turn (urdf2sdf converts it, and sdf2sdf --check accepts that SDF); and
// the output handed to an output sink is the output returned.
#include <cstdint>
#include <string>
#include <string_view>

#include "converter/sdf_to_urdf.h"
#include "converter/testing/read_back.h"
#include "converter/urdf_to_sdf.h"
#include "testing/fuzzing/fuzz_support.h"

namespace {

void ConvertAndReadBack(std::string_view text,
                        const converter::UrdfToSdfOptions& options) {
  const auto sdf = converter::UrdfToSdf(text, "fuzz.urdf", options);
  fuzzing::CheckDiagnostics(sdf.diagnostics, !sdf.ok);
  if (!sdf.ok) return;
  fuzzing::Check(!sdf.output.empty(), "a conversion wrote nothing");
  // Through an output sink (as urdf2sdf writes its file): the same text, in
  // pieces when nothing was reported, else whole in the result.
  converter::UrdfToSdfOptions sunk = options;
  std::string pieces;
  sunk.output_sink = [&](std::string_view piece) {
    pieces.append(piece);
    return true;
  };
  const auto streamed = converter::UrdfToSdf(text, "fuzz.urdf", sunk);
  const bool quiet = sdf.diagnostics.all().empty();
  fuzzing::Check(streamed.ok && (quiet ? pieces : streamed.output) ==
                                    sdf.output &&
                     (quiet ? streamed.output : pieces).empty(),
                 "the output through a sink differs from the output returned",
                 sdf.output);
  const std::string sdf_back =
      converter_testing::SdfReadBackError(sdf.output, "fuzz.sdf");
  fuzzing::Check(sdf_back.empty(), "the SDF written does not read back",
                 sdf_back + "\n" + sdf.output);
  // A URDF "spherical" joint (pybullet's) is an SDF ball joint, which URDF
  // proper has no type for: back as floating, as sdf2urdf's
  // --ball-as-floating writes it.
  converter::SdfToUrdfOptions back;
  back.ball_as_floating = true;
  const auto urdf = converter::SdfToUrdf(sdf.output, "fuzz.sdf", back);
  fuzzing::CheckDiagnostics(urdf.diagnostics, !urdf.ok);
  fuzzing::Check(urdf.ok, "the SDF written does not convert back to URDF",
                 urdf.diagnostics.ToString() + "\n" + sdf.output);
  const std::string urdf_back =
      converter_testing::UrdfReadBackError(urdf.output, "back.urdf");
  fuzzing::Check(urdf_back.empty(), "the URDF converted back does not read back",
                 urdf_back + "\n" + urdf.output);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  converter::UrdfToSdfOptions options;
  ConvertAndReadBack(text, options);
  options.lump_fixed_joints = true;
  ConvertAndReadBack(text, options);
  return 0;
}
