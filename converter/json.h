// Just enough JSON output for reports (no JSON library is a dependency):
// strings escaped per RFC 8259.
#pragma once

#include <string>
#include <string_view>

#include "frames/diagnostics.h"

namespace converter {

// Appends `s` as a JSON string literal, quotes included: '"', '\\' and
// control characters escaped (\n, \t, ... or \u00XX); other bytes, UTF-8
// included, as they are.
void AppendJsonString(std::string* out, std::string_view s);

// One diagnostic as a JSON object on one line, the form of migrate's report
// and of --diagnostics-format json: {"file": ..., "line": N, "severity":
// "error"|"warning", "code": ..., "message": ...}.
void AppendDiagnosticJson(std::string* out, const frames::Diagnostic& d);

}  // namespace converter
