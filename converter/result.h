// What every conversion returns: the output document and the diagnostics.
#pragma once

#include <string>

#include "diag/diagnostics.h"

namespace converter {

struct ConversionResult {
  // True when there were no errors; warnings are allowed.
  bool ok = false;
  // The converted document; empty when !ok or check_only.
  std::string output;
  frames::Diagnostics diagnostics;
};

}  // namespace converter
