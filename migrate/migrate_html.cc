#include "migrate/migrate_html.h"

#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <vector>

#include "converter/robot_input.h"
#include "graph/render.h"
#include "picture/picture.h"
#include "sdf_io/packages.h"
#include "xacro/xacro.h"
#include "xml/reader.h"

namespace converter {
namespace {

constexpr char kStyle[] = R"(
body { font-family: sans-serif; margin: 1.5em; color: #222; }
h1 { font-size: 1.4em; }
table { border-collapse: collapse; }
table#files { width: 100%; table-layout: fixed; }
table#files th:nth-child(1), table#files th:nth-child(3) { width: 18%; }
table#files th:nth-child(2) { width: 9%; }
table#files th:nth-child(4) { width: 6%; }
table#files td { overflow-wrap: anywhere; }
th, td { border: 1px solid #ccc; padding: 0.3em 0.6em; text-align: left; vertical-align: top; }
th { background: #f0f0f0; }
#summary td.n { text-align: right; font-weight: bold; }
#filters { margin: 1em 0; }
#filters label { margin-right: 1.5em; }
tr.file td.count { text-align: right; }
tr.s-failed td.status { color: #b00; font-weight: bold; }
tr.s-converted-with-warnings td.status { color: #a60; }
tr.s-converted td.status { color: #070; }
ul.diags { margin: 0.3em 0; padding-left: 1.2em; font-size: 0.9em; }
li.error .sev { color: #b00; font-weight: bold; }
li.warning .sev { color: #a60; }
code.path { color: #555; }
div.pictures { display: flex; gap: 1em; flex-wrap: wrap; }
div.pictures figure { margin: 0; border: 1px solid #ddd; padding: 0.3em; flex: 1 1 45%; overflow: auto; }
div.pictures svg { max-width: 100%; height: auto; }
figcaption { font-size: 0.85em; color: #555; }
p.meta { color: #555; font-size: 0.9em; }
)";

// The filters: the status and code chosen, read from and kept in the URL.
constexpr char kScript[] = R"(
(function () {
  function params() {
    var text = (location.hash || '').replace(/^#/, '');
    if (!text) text = (location.search || '').replace(/^\?/, '');
    var out = {};
    text.split('&').forEach(function (kv) {
      var i = kv.indexOf('=');
      if (i > 0) out[decodeURIComponent(kv.slice(0, i))] = decodeURIComponent(kv.slice(i + 1));
    });
    return out;
  }
  var status = document.getElementById('status-filter');
  var code = document.getElementById('code-filter');
  function apply() {
    var s = status.value, c = code.value, shown = 0;
    var rows = document.querySelectorAll('#files tbody tr.file');
    rows.forEach(function (row) {
      var ok = (!s || row.getAttribute('data-status') === s) &&
               (!c || (' ' + row.getAttribute('data-codes') + ' ').indexOf(' ' + c + ' ') >= 0);
      if (ok) { row.removeAttribute('hidden'); shown++; } else { row.setAttribute('hidden', ''); }
      row.querySelectorAll('li[data-code]').forEach(function (li) {
        if (!c || li.getAttribute('data-code') === c) li.removeAttribute('hidden');
        else li.setAttribute('hidden', '');
      });
    });
    document.getElementById('shown').textContent = shown + ' of ' + rows.length + ' files shown';
  }
  function choose(select, value) {
    for (var i = 0; i < select.options.length; i++)
      if (select.options[i].value === value) { select.value = value; return; }
    select.value = '';
  }
  function fromUrl() {
    var p = params();
    choose(status, p.status || '');
    choose(code, p.code || '');
    if (p.trees === 'open')
      document.querySelectorAll('#files details').forEach(function (d) { d.open = true; });
    apply();
  }
  function toUrl() {
    var parts = [];
    if (status.value) parts.push('status=' + encodeURIComponent(status.value));
    if (code.value) parts.push('code=' + encodeURIComponent(code.value));
    if (params().trees === 'open') parts.push('trees=open');
    history.replaceState(null, '', '#' + parts.join('&'));
    apply();
  }
  status.addEventListener('change', toUrl);
  code.addEventListener('change', toUrl);
  window.addEventListener('hashchange', fromUrl);
  fromUrl();
})();
)";

std::string Join(const std::string& dir, const std::string& rel) {
  if (dir.empty()) return rel;
  return dir.back() == '/' ? dir + rel : dir + "/" + rel;
}

// "converted with warnings" -> "converted-with-warnings": a class name.
std::string Slug(const std::string& text) {
  std::string s = text;
  for (char& c : s)
    if (c == ' ') c = '-';
  return s;
}

// Whether a file's conversion was verified (migrate --verify): true when
// its output was read back equal, false when the comparison failed it
// (VERIFY_FAILED), nullopt when it was not verified (no --verify, or not a
// converted model).
std::optional<bool> Verified(const MigrateFile& f) {
  if (f.verified) return true;
  for (const auto& d : f.diagnostics.all()) {
    if (d.code == frames::Code::VERIFY_FAILED) return false;
  }
  return std::nullopt;
}

// The tree picture of a file (inline SVG), or a note saying why there is
// none.
struct Picture {
  std::string svg;
  std::string note;
};

// The picture of `text`, read from `path` (a xacro file's expansion, read
// as its URDF), titled `title`.
Picture DrawText(const std::string& text, const std::string& path,
                 const std::string& title, const ReadInputOptions& read) {
  Picture p;
  frames::Diagnostics diags;
  const auto robots = ReadRobots(text, path, read, &diags);
  if (!robots) {
    p.note = "does not read as a model";
    return p;
  }
  if (robots->empty()) {
    p.note = "no model";
    return p;
  }
  std::string svg, error;
  if (!picture::DrawRobots(*robots, title, graph::GraphKind::kTree,
                           graph::ImageFormat::kSvg, &svg, &error)) {
    p.note = "not drawn: " + error;
    return p;
  }
  p.svg = graph::InlineSvg(svg);
  return p;
}

// The picture of the file `path`.
Picture Draw(const std::string& path, const std::string& title,
             const ReadInputOptions& read) {
  frames::Diagnostics diags;
  const auto text = xml::ReadFile(path, &diags, read.limits);
  if (!text) return {"", "not read"};
  return DrawText(*text, path, title, read);
}

// The picture of the xacro entry point `rel`'s expansion, expanded as
// migrate expanded it.
Picture DrawXacro(const MigrateOptions& options, const std::string& rel,
                  const ReadInputOptions& read) {
  frames::Diagnostics diags;
  const std::string path = Join(options.src_dir, rel);
  const auto input = ReadInputText(path, MigrateXacroOptions(options, rel),
                                   read.uris.packages, read.limits, &diags);
  if (!input) return {"", "not expanded"};
  return DrawText(input->text, path, rel + " (expanded)", read);
}

// Graphviz names the elements of every picture alike (id="graph0",
// "node1" ...): each picture's ids get the prefix `prefix`, so that the
// page's ids are unique.
std::string PrefixIds(const std::string& svg, const std::string& prefix) {
  std::string out;
  size_t from = 0;
  for (size_t at; (at = svg.find(" id=\"", from)) != std::string::npos; from = at + 5) {
    out.append(svg, from, at + 5 - from);
    out += prefix;
  }
  out.append(svg, from, std::string::npos);
  return out;
}

void Figure(const Picture& p, const std::string& caption, const std::string& id,
            std::ostringstream* out) {
  *out << "<figure><figcaption>" << HtmlEscape(caption) << "</figcaption>";
  if (!p.svg.empty()) *out << PrefixIds(p.svg, id + "-");
  else *out << "<p>(" << HtmlEscape(p.note) << ")</p>";
  *out << "</figure>";
}

bool Drawable(const MigrateFile& f) {
  return f.action == MigrateAction::kConvert && !f.output.empty() &&
         (f.status == MigrateStatus::kConverted ||
         f.status == MigrateStatus::kConvertedWithWarnings);
}

void Summary(const MigrateReport& report, std::ostringstream* out) {
  *out << "<h2>Summary</h2>\n<table id=\"summary\">\n";
  for (MigrateStatus s :
       {MigrateStatus::kConverted, MigrateStatus::kConvertedWithWarnings,
        MigrateStatus::kFailed, MigrateStatus::kSkipped, MigrateStatus::kCopied,
        MigrateStatus::kUnchanged}) {
    *out << "<tr data-status=\"" << HtmlEscape(StatusName(s)) << "\"><th>"
         << HtmlEscape(StatusName(s)) << "</th><td class=\"n\">" << report.Count(s)
         << "</td></tr>\n";
  }
  int verified = 0, recorded = 0;
  for (const MigrateFile& f : report.files) {
    if (const auto v = Verified(f)) {
      ++recorded;
      verified += *v ? 1 : 0;
    }
  }
  *out << "<tr data-status=\"verified\"><th>verified</th><td class=\"n\">";
  if (recorded) *out << verified << " of " << recorded;
  else *out << "not run";
  *out << "</td></tr>\n<tr><th>files</th><td class=\"n\">" << report.files.size()
       << "</td></tr>\n</table>\n";
  for (const std::string& e : report.errors)
    *out << "<p class=\"error\">run error: " << HtmlEscape(e) << "</p>\n";
}

void Filters(const MigrateReport& report, std::ostringstream* out) {
  std::map<std::string, int> statuses, codes;
  for (const MigrateFile& f : report.files) {
    ++statuses[StatusName(f.status)];
    std::set<std::string> mine;
    for (const auto& d : f.diagnostics.all()) mine.emplace(frames::CodeName(d.code));
    for (const auto& c : mine) ++codes[c];
  }
  *out << "<div id=\"filters\"><label>status <select id=\"status-filter\">"
       << "<option value=\"\">all</option>";
  for (const auto& [s, n] : statuses)
    *out << "<option value=\"" << HtmlEscape(s) << "\">" << HtmlEscape(s) << " ("
         << n << ")</option>";
  *out << "</select></label><label>code <select id=\"code-filter\">"
       << "<option value=\"\">all</option>";
  for (const auto& [c, n] : codes)
    *out << "<option value=\"" << HtmlEscape(c) << "\">" << HtmlEscape(c) << " ("
         << n << " files)</option>";
  *out << "</select></label><span id=\"shown\">" << report.files.size() << " of "
       << report.files.size() << " files shown</span></div>\n";
}

void Diagnostics(const MigrateFile& f, std::ostringstream* out) {
  if (f.diagnostics.all().empty()) return;
  *out << "<ul class=\"diags\">";
  for (const auto& d : f.diagnostics.all()) {
    const bool error = d.severity == frames::Severity::kError;
    *out << "<li class=\"" << (error ? "error" : "warning") << "\" data-code=\""
         << HtmlEscape(frames::CodeName(d.code)) << "\"><code>"
         << HtmlEscape(d.where.file.str()) << ":" << d.where.line << "</code> <span class=\"sev\">"
         << (error ? "error" : "warning") << "</span> " << HtmlEscape(d.message)
         << " [<code>" << HtmlEscape(frames::CodeName(d.code)) << "</code>]";
    if (!d.element_path.empty())
      *out << " <code class=\"path\">" << HtmlEscape(d.element_path) << "</code>";
    *out << "</li>";
  }
  *out << "</ul>";
}

}  // namespace

std::string HtmlEscape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string MigrateReportHtml(const MigrateReport& report,
                              const MigrateOptions& options,
                              const MigrateHtmlOptions& html) {
  const std::string out_root = options.in_place ? options.src_dir : options.dst_dir;
  ReadInputOptions read;
  read.model_paths = RepositoryModelPaths(options.src_dir);
  read.model_paths.insert(read.model_paths.end(), options.model_paths.begin(),
                          options.model_paths.end());
  read.uris.packages = options.uris.packages;
  // The packages the migration found in the tree ($(find PKG) of a xacro
  // input, package:// includes).
  read.uris.packages.repository = sdf_io::FindPackages(options.src_dir);
  read.limits = options.limits;
  read.allowed_include_dirs = options.allowed_include_dirs;
  read.allowed_include_dirs.push_back(options.src_dir);

  std::ostringstream out;
  out << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      << "<title>migrate report: " << HtmlEscape(options.src_dir) << "</title>\n"
      << "<style>" << kStyle << "</style>\n</head>\n<body>\n"
      << "<h1>migrate report</h1>\n<p class=\"meta\">source <code>"
      << HtmlEscape(options.src_dir) << "</code>, output <code>"
      << HtmlEscape(options.in_place ? "in place" : options.dst_dir)
      << "</code>, target "
      << (options.target == MigrateOptions::Target::kSdf ? "SDFormat" : "URDF")
      << (options.dry_run ? " (dry run: nothing written)" : "") << ", converter <code>"
      << HtmlEscape(report.converter) << "</code></p>\n";
  Summary(report, &out);
  out << "<h2>Files</h2>\n";
  Filters(report, &out);
  out << "<table id=\"files\">\n<thead><tr><th>file</th><th>status</th>"
      << "<th>output</th><th>diagnostics</th><th>details</th></tr></thead>\n<tbody>\n";
  for (const MigrateFile& f : report.files) {
    std::set<std::string> codes;
    for (const auto& d : f.diagnostics.all()) codes.emplace(frames::CodeName(d.code));
    std::string code_list;
    for (const auto& c : codes) code_list += (code_list.empty() ? "" : " ") + c;
    const std::string status = StatusName(f.status);
    out << "<tr class=\"file s-" << Slug(status) << "\" data-status=\"" << HtmlEscape(status)
        << "\" data-codes=\"" << HtmlEscape(code_list) << "\"><td><code>"
        << HtmlEscape(f.source) << "</code></td><td class=\"status\">" << HtmlEscape(status);
    if (const auto v = Verified(f)) out << (*v ? ", verified" : ", verify failed");
    out << "</td><td><code>" << HtmlEscape(f.output) << "</code></td><td class=\"count\">"
        << f.diagnostics.all().size() << "</td><td>";
    Diagnostics(f, &out);
    if (html.pictures && Drawable(f) && !options.dry_run) {
      out << "<details><summary>trees</summary><div class=\"pictures\">";
      const std::string id = "f" + std::to_string(&f - report.files.data());
      if (xacro::IsXacroPath(f.source)) {
        Figure(DrawXacro(options, f.source, read),
               "input " + f.source + ": the robot its xacro expansion makes", id + "i",
               &out);
      } else if (options.in_place && f.output == f.source) {
        const std::string original = InPlaceOriginalName(f.source);
        Figure(Draw(Join(options.src_dir, original), original, read),
               "input " + original + ": the original, kept beside its upgrade", id + "i",
               &out);
      } else {
        Figure(Draw(Join(options.src_dir, f.source), f.source, read), "input " + f.source,
               id + "i", &out);
      }
      Figure(Draw(Join(out_root, f.output), f.output, read), "output " + f.output,
             id + "o", &out);
      out << "</div></details>";
    }
    out << "</td></tr>\n";
  }
  out << "</tbody>\n</table>\n<script>" << kScript << "</script>\n</body>\n</html>\n";
  return out.str();
}

}  // namespace converter
