// Whatever we write, we read back: the read-back invariant of the
// pipelines' outputs, shared by the fuzz targets (converter/*_fuzz.cc) and
// the corpus property test (converter/read_back_corpus_test.cc).
//  - SDF written (urdf2sdf, sdf2sdf): sdf2sdf --check accepts it, read with
//    the name and model paths of the input it came from, so that its
//    includes resolve as the input's did.
//  - URDF written (sdf2urdf): urdf2sdf converts it back, and sdf2sdf
//    --check accepts that SDF.
// Each returns "" when the output reads back, else what refused it and the
// first errors (a line each), for a test's or a fuzzer's report.
#pragma once

#include <string>
#include <vector>

#include "diag/diagnostics.h"

namespace converter_testing {

std::string SdfReadBackError(const std::string& sdf, const std::string& source,
                             const std::vector<std::string>& model_paths = {});

std::string UrdfReadBackError(const std::string& urdf,
                              const std::string& source);

// The first `max` error lines of `d`, each on a line of its own.
std::string FirstErrors(const frames::Diagnostics& d, int max = 3);

}  // namespace converter_testing
