// Whole-file output: a converted file is written completely or not at all.
#pragma once

#include <string>
#include <string_view>

namespace converter {

// Writes `data` to a temporary file beside `path`, then renames it over
// `path`. On failure nothing is left behind and `error` says why.
bool WriteFileAtomically(const std::string& path, std::string_view data,
                         std::string* error);

}  // namespace converter
