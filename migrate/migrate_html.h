// migrate's report as one self-contained HTML page (--report FILE.html):
// inline CSS, inline SVG pictures and an inline script of our own (the
// filters); nothing fetched from anywhere, so it opens offline.
//
//  - the summary: files converted, converted with warnings, failed,
//    skipped, copied, unchanged (and verified, once migrate records it);
//  - a table of every file (one row each, table#files > tbody > tr.file)
//    with its status, output and diagnostics count; each row holds its
//    diagnostics (file:line, severity, code, message, element path) and,
//    for a converted model, its tree picture (graph/) beside its input's;
//  - filters by status and by code: the page reads them from the URL's
//    fragment or query (`#status=failed`, `?code=XML_ERROR`, both joined
//    with '&'; `trees=open` opens every picture) and keeps them there, so
//    a link shows a filtered page; a
//    filtered-out row has the `hidden` attribute, and #shown says how many
//    rows are shown.
// Every text from the report, the files or the options is HTML-escaped.
// Deterministic: the same report and files give the same page.
#pragma once

#include <string>
#include <string_view>

#include "migrate/migrate.h"

namespace converter {

struct MigrateHtmlOptions {
  // Draw each converted model's tree and its input's (reads both files
  // again: the sources in options.src_dir, the outputs where they were
  // written; nothing in a dry run, which wrote none).
  bool pictures = true;
};

std::string MigrateReportHtml(const MigrateReport& report,
                              const MigrateOptions& options,
                              const MigrateHtmlOptions& html = {});

// `text` with &, <, >, " and ' escaped for HTML text and attribute values.
std::string HtmlEscape(std::string_view text);

}  // namespace converter
