#include "converter/read_input.h"

namespace converter {

sdf_io::ReadOptions ToReadOptions(const ReadInputOptions& options) {
  sdf_io::ReadOptions read;
  read.model_paths = options.model_paths;
  read.packages = options.uris.packages;
  read.limits = options.limits;
  read.allowed_include_dirs = options.allowed_include_dirs;
  return read;
}

}  // namespace converter
