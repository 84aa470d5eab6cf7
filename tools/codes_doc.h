// The list of diagnostic codes in docs/diagnostics.md, generated from
// diag/codes.def.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace tools {

// The markers around the generated list in docs/diagnostics.md.
inline constexpr std::string_view kCodesBegin =
    "<!-- BEGIN CODES: generated from diag/codes.def by "
    "`bazel run //tools:codes_doc -- --update`; do not edit -->";
inline constexpr std::string_view kCodesEnd = "<!-- END CODES -->";

// One Markdown table per group of diag/codes.def (a "####" heading each):
// severity, code, documentation, spec section; in the order of the file.
std::string CodesMarkdown();

// `page` with the text between the markers replaced by CodesMarkdown();
// nullopt when the markers are missing.
std::optional<std::string> WithCodes(std::string_view page);

// The text between the markers, nullopt when they are missing.
std::optional<std::string> CodesSection(std::string_view page);

}  // namespace tools
