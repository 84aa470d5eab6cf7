// Our own resolver's view of an SDFormat file in the oracle's Snapshot form
// (snapshot.h): read with sdf_io, resolved with frames::FrameGraph, keyed and
// expressed exactly as sdformat_oracle.h describes, so tests can compare our
// answer with libsdformat's key by key. Where libsdformat applies a default
// (a link without <inertial> has mass 1 and unit inertia) so does this.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "sdf_io/testing/snapshot.h"

namespace sdf_oracle {

// Our snapshot of a file (model:// looked up in `model_paths` only), or
// nullopt when it cannot be read; unresolved keys and errors are described
// in `problems`. Snapshot::ok is true when reading and every graph gave no
// error.
std::optional<Snapshot> OurSnapshot(const std::string& path,
                                    const std::vector<std::string>& model_paths,
                                    std::vector<std::string>* problems);

}  // namespace sdf_oracle
