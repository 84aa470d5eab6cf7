// Just enough JSON output for reports (no JSON library is a dependency):
// strings escaped per RFC 8259.
#pragma once

#include <string>
#include <string_view>

namespace converter {

// Appends `s` as a JSON string literal, quotes included: '"', '\\' and
// control characters escaped (\n, \t, ... or \u00XX); other bytes, UTF-8
// included, as they are.
void AppendJsonString(std::string* out, std::string_view s);

}  // namespace converter
