// migrate's HTML report: every file a row, pictures of converted models
// beside their inputs', everything escaped, the same page twice. Its
// behaviour in a browser (filters) is //tools:migrate_html_report_test.
#include "migrate/migrate_html.h"

#include <cstdlib>
#include <filesystem>
#include <string>

#include <gtest/gtest.h>

#include "xml/dom.h"

namespace converter {
namespace {

namespace fs = std::filesystem;

size_t Count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = 0; (at = text.find(what, at)) != std::string::npos; at += what.size()) ++n;
  return n;
}

MigrateOptions Options(const std::string& name) {
  const char* tmp = std::getenv("TEST_TMPDIR");
  const fs::path out = fs::path(tmp ? tmp : "/tmp") / ("migrate_html_" + name);
  fs::remove_all(out);
  MigrateOptions o;
  o.src_dir = "testdata/migrate/repo";
  o.dst_dir = out.string();
  o.jobs = 2;
  o.converter_identity = "test";
  return o;
}

TEST(MigrateHtmlTest, EveryFileARowWithPictures) {
  const MigrateOptions o = Options("rows");
  const MigrateReport report = Migrate(o);
  ASSERT_TRUE(report.errors.empty());
  const std::string page = MigrateReportHtml(report, o);
  EXPECT_EQ(Count(page, "<tr class=\"file "), report.files.size());
  int converted = 0;
  for (const MigrateFile& f : report.files) {
    EXPECT_NE(page.find("<code>" + HtmlEscape(f.source) + "</code>"), std::string::npos)
        << f.source;
    if (f.action == MigrateAction::kConvert &&
        (f.status == MigrateStatus::kConverted ||
         f.status == MigrateStatus::kConvertedWithWarnings))
      ++converted;
  }
  ASSERT_GT(converted, 0);
  // Two pictures (input, output) per converted model; a picture's ids made
  // unique by their figure's prefix.
  EXPECT_EQ(Count(page, "<svg "), 2u * converted);
  EXPECT_EQ(Count(page, "id=\"graph0\""), 0u);
  // The failed URDF's diagnostic, with its file:line and element path.
  EXPECT_NE(page.find("<code>broken/broken.urdf:"), std::string::npos);
  EXPECT_NE(page.find("<code class=\"path\">/robot[broken]"), std::string::npos);
  // Self-contained: no script or style from elsewhere.
  EXPECT_EQ(page.find("<script src"), std::string::npos);
  EXPECT_EQ(page.find("<link"), std::string::npos);
  // Deterministic.
  EXPECT_EQ(MigrateReportHtml(report, o), page);
}

TEST(MigrateHtmlTest, VerifiedCountedAndShownPerFile) {
  MigrateOptions o = Options("verified");
  const MigrateReport plain = Migrate(o);
  ASSERT_TRUE(plain.errors.empty());
  EXPECT_NE(MigrateReportHtml(plain, o).find("<td class=\"n\">not run</td>"),
            std::string::npos);
  o = Options("verified2");
  o.verify = true;
  MigrateReport report = Migrate(o);
  ASSERT_TRUE(report.errors.empty());
  const int verified = report.Verified();
  ASSERT_GT(verified, 0);
  // One more file as a failed comparison: counted, but not as verified.
  MigrateFile failed;
  failed.source = "zz/failed.urdf";
  failed.status = MigrateStatus::kFailed;
  failed.action = MigrateAction::kConvert;
  failed.diagnostics.Error(frames::Code::VERIFY_FAILED, "differs", {failed.source, 1});
  report.files.push_back(failed);
  const std::string page = MigrateReportHtml(report, o);
  EXPECT_NE(page.find("<td class=\"n\">" + std::to_string(verified) + " of " +
                      std::to_string(verified + 1) + "</td>"),
            std::string::npos);
  EXPECT_EQ(Count(page, ", verified</td>"), static_cast<size_t>(verified));
  EXPECT_EQ(Count(page, ", verify failed</td>"), 1u);
}

TEST(MigrateHtmlTest, EverythingEscaped) {
  MigrateReport report;
  MigrateFile f;
  f.source = "a<b>&\"c'.urdf";
  f.status = MigrateStatus::kFailed;
  f.action = MigrateAction::kConvert;
  f.diagnostics.Error(frames::Code::XML_ERROR, "<script>alert(1)</script>", {f.source, 3});
  report.files.push_back(f);
  report.converter = "<i>x</i>";
  MigrateOptions o;
  o.src_dir = "<src>";
  o.dst_dir = "/nonexistent";
  const std::string page = MigrateReportHtml(report, o);
  EXPECT_EQ(page.find("<script>alert"), std::string::npos);
  EXPECT_EQ(page.find("<b>&"), std::string::npos);
  EXPECT_EQ(page.find("<i>x"), std::string::npos);
  EXPECT_EQ(page.find("<src>"), std::string::npos);
  EXPECT_NE(page.find("a&lt;b&gt;&amp;&quot;c&#39;.urdf"), std::string::npos);
  EXPECT_NE(page.find("&lt;script&gt;alert(1)&lt;/script&gt;"), std::string::npos);
  EXPECT_EQ(HtmlEscape("<&>\"'"), "&lt;&amp;&gt;&quot;&#39;");
}

// The one row of `source` in `page`.
std::string Row(const std::string& page, const std::string& source) {
  const size_t at = page.find("<code>" + HtmlEscape(source) + "</code>");
  if (at == std::string::npos) return "";
  const size_t start = page.rfind("<tr class=\"file ", at);
  const size_t end = page.find("</tr>", at);
  return page.substr(start, end - start);
}

// The text of the row's input figure (before the output's).
std::string InputFigure(const std::string& row) {
  const size_t start = row.find("<figure>");
  const size_t end = row.find("</figure>", start);
  if (start == std::string::npos || end == std::string::npos) return "";
  return row.substr(start, end - start);
}

// A xacro source's input picture is the robot its expansion makes, expanded
// with the arguments migrate gave it (needs_arg.urdf.xacro has no default
// for link_name: without the rule's argument it does not expand).
TEST(MigrateHtmlTest, XacroSourceDrawnFromItsExpansion) {
  MigrateOptions o = Options("xacro");
  const fs::path src = fs::path(o.dst_dir + "_src");
  fs::remove_all(src);
  fs::create_directories(src);
  for (const char* f : {"arm.urdf.xacro", "arm_macros.xacro", "needs_arg.urdf.xacro"})
    fs::copy_file(fs::path("testdata/xacro") / f, src / f);
  o.src_dir = src.string();
  std::string error;
  ASSERT_TRUE(ParseXacroArgRules("needs_arg.urdf.xacro link_name:=from_the_rule\n",
                                 &o.xacro_arg_rules, &error))
      << error;
  const MigrateReport report = Migrate(o);
  ASSERT_TRUE(report.errors.empty());
  const std::string page = MigrateReportHtml(report, o);
  for (const auto& [source, link] :
       {std::pair<std::string, std::string>{"arm.urdf.xacro", "upper"},
        {"needs_arg.urdf.xacro", "from_the_rule"}}) {
    const std::string row = Row(page, source);
    ASSERT_FALSE(row.empty()) << source;
    EXPECT_EQ(Count(row, "<svg "), 2u) << source;
    const std::string input = InputFigure(row);
    EXPECT_NE(input.find("input " + source + ": the robot its xacro expansion makes"),
              std::string::npos)
        << input.substr(0, 300);
    EXPECT_NE(input.find(">" + link + "</text>"), std::string::npos) << source;
  }
}

// A file upgraded in place: its input picture is the original, kept as
// NAME.orig.EXT.
TEST(MigrateHtmlTest, InPlaceUpgradeDrawsTheKeptOriginal) {
  MigrateOptions o = Options("in_place");
  fs::create_directories(o.dst_dir);
  fs::copy("testdata/migrate/repo/models", fs::path(o.dst_dir) / "models",
           fs::copy_options::recursive);
  o.src_dir = o.dst_dir;
  o.in_place = true;
  const MigrateReport report = Migrate(o);
  ASSERT_TRUE(report.errors.empty());
  const std::string page = MigrateReportHtml(report, o);
  int upgraded = 0;
  for (const MigrateFile& f : report.files) {
    if (f.action != MigrateAction::kConvert || f.output != f.source ||
        (f.status != MigrateStatus::kConverted &&
         f.status != MigrateStatus::kConvertedWithWarnings))
      continue;
    ++upgraded;
    ASSERT_TRUE(fs::exists(fs::path(o.src_dir) / InPlaceOriginalName(f.source)));
    const std::string row = Row(page, f.source);
    EXPECT_EQ(Count(row, "<svg "), 2u) << f.source;
    const std::string input = InputFigure(row);
    EXPECT_NE(input.find("input " + InPlaceOriginalName(f.source) + ": the original"),
              std::string::npos)
        << input.substr(0, 300);
    // The picture's title is the file it drew.
    EXPECT_NE(input.find(">" + InPlaceOriginalName(f.source) + "</text>"), std::string::npos);
  }
  EXPECT_GT(upgraded, 0);
}

TEST(MigrateHtmlTest, NoPicturesInADryRun) {
  MigrateOptions o = Options("dry");
  o.dry_run = true;
  const MigrateReport report = Migrate(o);
  const std::string page = MigrateReportHtml(report, o);
  EXPECT_EQ(Count(page, "<svg "), 0u);
  EXPECT_NE(page.find("dry run: nothing written"), std::string::npos);
}

}  // namespace
}  // namespace converter
