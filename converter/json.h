// Just enough JSON output for reports (no JSON library is a dependency):
// strings escaped per RFC 8259.
#pragma once

#include <string>
#include <string_view>

#include "diag/diagnostics.h"

namespace converter {

// Appends `s` as a JSON string literal, quotes included: '"', '\\' and
// control characters escaped (\n, \t, ... or \u00XX); other bytes, UTF-8
// included, as they are.
void AppendJsonString(std::string* out, std::string_view s);

// One diagnostic as a JSON object on one line, the form of migrate's report
// and of --diagnostics-format json: {"file": ..., "line": N, "severity":
// "error"|"warning", "code": ..., "message": ...}, and "element_path": ...
// when it has one.
void AppendDiagnosticJson(std::string* out, const frames::Diagnostic& d);

// Gives each diagnostic that has no element_path (those the frame checks,
// converter passes and writers report from a model's file:line) the path
// of the outermost element that begins on its line of its file, as
// xml::ElementPath writes it; none when no element begins there, when the
// line is 0, or when the file cannot be read or parsed (default
// xml::Limits). Each file named is read and parsed once; the one named
// `text_file` (the standard input, "<stdin>") is `text` instead. Nothing is
// read when every diagnostic has a path already. For JSON output only: the
// text form does not print paths.
void FillElementPaths(frames::Diagnostics* diags,
                      const std::string& text_file = "",
                      std::string_view text = {});

}  // namespace converter
