// xacro::Expand on every construct. The golden outputs in
// testdata/cases/*.expected are what the reference xacro (ROS 2's, in
// ../shared/oracles/xacro) printed for the cases beside them:
//   cd xacro/testdata/cases && for f in *.xacro; do
//     run-xacro $f given:=cmdline > ${f%.xacro}.expected; done
// (xacro_reference_test re-checks them against the reference itself).
#include "xacro/xacro.h"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <fstream>
#include <sstream>
#include <string>

namespace xacro {
namespace {

const char kCases[] = "xacro/testdata/cases/";

std::string ReadText(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string TempDir() {
  const char* t = std::getenv("TEST_TMPDIR");
  return t ? t : "/tmp";
}

void WriteText(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

class GoldenTest : public ::testing::TestWithParam<const char*> {};

TEST_P(GoldenTest, MatchesTheReference) {
  const std::string name = GetParam();
  frames::Diagnostics diags;
  Result r = ExpandFile(kCases + name + ".xacro", {{"given", "cmdline"}}, Options{}, &diags,
                        name + ".xacro");
  ASSERT_TRUE(r.ok) << diags.ToString();
  EXPECT_EQ(r.xml, ReadText(kCases + name + ".expected"));
}

INSTANTIATE_TEST_SUITE_P(Cases, GoldenTest,
                         ::testing::Values("properties", "macros", "conditions", "elements",
                                           "include", "args", "tricky", "scopes",
                                           "whitespace", "standins"));

// Options::free_memory = false keeps the expansion until the process
// exits: the same output, and (under --config=asan) nothing LeakSanitizer
// reports, the memory staying reachable.
TEST(XacroTest, KeepingTheMemoryChangesNothing) {
  for (const char* name : {"macros", "scopes"}) {
    frames::Diagnostics diags;
    Options keep;
    keep.free_memory = false;
    Result r = ExpandFile(kCases + std::string(name) + ".xacro", {{"given", "cmdline"}}, keep,
                          &diags, std::string(name) + ".xacro");
    ASSERT_TRUE(r.ok) << diags.ToString();
    EXPECT_EQ(r.xml, ReadText(kCases + std::string(name) + ".expected"));
  }
}

TEST(XacroTest, DependenciesAreTheFilesRead) {
  frames::Diagnostics diags;
  Result r = ExpandFile(std::string(kCases) + "include.xacro", {}, Options{}, &diags);
  ASSERT_TRUE(r.ok) << diags.ToString();
  const std::string dir = std::string(kCases) + "inc/";
  EXPECT_EQ(r.dependencies,
            (std::vector<std::string>{dir + "defs.xacro", dir + "glob_a.xacro",
                                      dir + "glob_b.xacro", dir + "leaf.xacro",
                                      dir + "missing.xacro"}));
}

// An expansion expected to fail: the code, and the diagnostic's file:line.
struct Failed {
  frames::Code code;
  std::string file;
  int line;
  std::string message;
};

Failed ExpandFails(const std::string& text, const Options& options = {},
                   const std::map<std::string, std::string>& args = {},
                   const std::string& file = "") {
  frames::Diagnostics diags;
  Result r = ExpandText(text, file, args, options, &diags);
  EXPECT_FALSE(r.ok);
  EXPECT_TRUE(r.xml.empty());
  for (const auto& d : diags.all()) {
    if (d.severity == frames::Severity::kError) {
      return {d.code, d.where.file, d.where.line, d.message};
    }
  }
  ADD_FAILURE() << "no error: " << r.xml;
  return {frames::Code::IO_ERROR, "", 0, ""};
}

std::string Robot(const std::string& body) {
  return "<robot xmlns:xacro=\"http://www.ros.org/wiki/xacro\">\n" + body + "\n</robot>\n";
}

TEST(XacroErrorTest, UndefinedMacroNamesTheLine) {
  Failed f = ExpandFails(Robot("<a/>\n<xacro:nope/>"));
  EXPECT_EQ(f.code, frames::Code::XACRO_MACRO_UNDEFINED);
  EXPECT_EQ(f.line, 3);
  EXPECT_NE(f.message.find("xacro:nope"), std::string::npos) << f.message;
}

TEST(XacroErrorTest, UndefinedArgument) {
  Failed f = ExpandFails(Robot("<a v=\"$(arg missing)\"/>"));
  EXPECT_EQ(f.code, frames::Code::XACRO_ARG_UNDEFINED);
  EXPECT_EQ(f.line, 2);
}

TEST(XacroErrorTest, ConditionThatIsNotBoolean) {
  for (const char* value : {"maybe", "1.0", "yes"}) {
    Failed f = ExpandFails(Robot(std::string("<xacro:if value=\"") + value + "\"/>"));
    EXPECT_EQ(f.code, frames::Code::XACRO_CONDITION_INVALID) << value;
  }
}

TEST(XacroErrorTest, MacroParameters) {
  const std::string m = "<xacro:macro name=\"m\" params=\"a *b\"><x a=\"${a}\"/></xacro:macro>\n";
  EXPECT_EQ(ExpandFails(Robot(m + "<xacro:m a=\"1\" c=\"2\"><b/></xacro:m>")).code,
            frames::Code::XACRO_PARAMETER_UNKNOWN);
  EXPECT_EQ(ExpandFails(Robot(m + "<xacro:m><b/></xacro:m>")).code,
            frames::Code::XACRO_PARAMETER_MISSING);
  EXPECT_EQ(ExpandFails(Robot(m + "<xacro:m a=\"1\"/>")).code,
            frames::Code::XACRO_PARAMETER_MISSING);
  EXPECT_EQ(ExpandFails(Robot(m + "<xacro:m a=\"1\"><b/><c/></xacro:m>")).code,
            frames::Code::XACRO_PARAMETER_UNKNOWN);
  EXPECT_EQ(ExpandFails(Robot("<xacro:macro name=\"f\" params=\"p:=^\"/><xacro:f/>")).code,
            frames::Code::XACRO_PROPERTY_UNDEFINED);
}

TEST(XacroErrorTest, EndlessRecursionIsBounded) {
  Failed f = ExpandFails(Robot(
      "<xacro:macro name=\"r\" params=\"n\">\n<xacro:r n=\"${n+1}\"/>\n</xacro:macro>\n"
      "<xacro:r n=\"0\"/>"));
  EXPECT_EQ(f.code, frames::Code::XACRO_RECURSION_TOO_DEEP);
  // The call site inside the macro body, and the stack of calls.
  EXPECT_EQ(f.line, 3);
  EXPECT_NE(f.message.find("in macro 'r' called at"), std::string::npos) << f.message;
}

TEST(XacroErrorTest, ExponentialExpansionIsBounded) {
  std::string body = "<xacro:macro name=\"m0\" params=\"\"><leaf/></xacro:macro>\n";
  for (int i = 1; i <= 40; ++i) {
    body += "<xacro:macro name=\"m" + std::to_string(i) + "\" params=\"\"><xacro:m" +
            std::to_string(i - 1) + "/><xacro:m" + std::to_string(i - 1) +
            "/></xacro:macro>\n";
  }
  body += "<xacro:m40/>";
  Options options;
  options.max_nodes = 100000;
  EXPECT_EQ(ExpandFails(Robot(body), options).code, frames::Code::XACRO_OUTPUT_TOO_LARGE);
}

TEST(XacroErrorTest, PropertyCycle) {
  Failed f = ExpandFails(Robot(
      "<xacro:property name=\"a\" value=\"${b}\"/>\n<xacro:property name=\"b\" value=\"${a}\"/>\n"
      "<x v=\"${a}\"/>"));
  EXPECT_EQ(f.code, frames::Code::XACRO_PROPERTY_CYCLE) << f.message;
}

TEST(XacroErrorTest, PropertyNames) {
  EXPECT_EQ(ExpandFails(Robot("<xacro:property name=\"1x\" value=\"1\"/>")).code,
            frames::Code::XACRO_NAME_INVALID);
  EXPECT_EQ(ExpandFails(Robot("<xacro:property name=\"__x\" value=\"1\"/>")).code,
            frames::Code::XACRO_NAME_INVALID);
  EXPECT_EQ(ExpandFails(Robot("<xacro:property name=\"for\" value=\"1\"/>")).code,
            frames::Code::XACRO_NAME_INVALID);
  EXPECT_EQ(ExpandFails(Robot("<xacro:property name=\"x\" value=\"1\" default=\"2\"/>")).code,
            frames::Code::XACRO_ATTRIBUTE_CONFLICT);
  EXPECT_EQ(ExpandFails(Robot("<xacro:property value=\"1\"/>")).code,
            frames::Code::XACRO_ATTRIBUTE_MISSING);
}

TEST(XacroErrorTest, Substitutions) {
  EXPECT_EQ(ExpandFails(Robot("<a v=\"$(nope x)\"/>")).code,
            frames::Code::XACRO_SUBSTITUTION_INVALID);
  EXPECT_EQ(ExpandFails(Robot("<a v=\"$(env XACRO_TEST_SURELY_UNSET)\"/>")).code,
            frames::Code::XACRO_SUBSTITUTION_INVALID);
  EXPECT_EQ(ExpandFails(Robot("<a v=\"$(find no_such_package)\"/>")).code,
            frames::Code::XACRO_PACKAGE_NOT_FOUND);
  EXPECT_EQ(ExpandFails(Robot("<a v=\"${\"/>")).code, frames::Code::XACRO_EXPRESSION_INVALID);
  EXPECT_EQ(ExpandFails(Robot("<xacro:insert_block name=\"nothing\"/>")).code,
            frames::Code::XACRO_BLOCK_UNDEFINED);
}

TEST(XacroErrorTest, IncludesInFilesNameTheirFileAndStack) {
  const std::string dir = TempDir() + "/inc_stack";
  ASSERT_EQ(system(("mkdir -p " + dir).c_str()), 0);
  WriteText(dir + "/macros.xacro",
            Robot("<xacro:macro name=\"bad\" params=\"\">\n<x v=\"${undefined_name}\"/>\n"
                  "</xacro:macro>"));
  WriteText(dir + "/main.xacro",
            Robot("<xacro:include filename=\"macros.xacro\"/>\n<xacro:bad/>"));
  frames::Diagnostics diags;
  Result r = ExpandFile(dir + "/main.xacro", {}, Options{}, &diags);
  ASSERT_FALSE(r.ok);
  ASSERT_EQ(diags.error_count(), 1);
  const frames::Diagnostic& d = diags.all()[0];
  EXPECT_EQ(d.where.file, dir + "/macros.xacro");
  EXPECT_EQ(d.where.line, 3);
  EXPECT_NE(d.message.find("in macro 'bad' called at " + dir + "/main.xacro:3"),
            std::string::npos)
      << d.message;
}

TEST(XacroErrorTest, IncludeProblems) {
  const std::string dir = TempDir() + "/inc_problems";
  ASSERT_EQ(system(("mkdir -p " + dir + "/sub").c_str()), 0);
  WriteText(dir + "/self.xacro", Robot("<xacro:include filename=\"self.xacro\"/>"));
  frames::Diagnostics diags;
  EXPECT_FALSE(ExpandFile(dir + "/self.xacro", {}, Options{}, &diags).ok);
  EXPECT_TRUE(diags.Has(frames::Code::XACRO_INCLUDE_CYCLE)) << diags.ToString();

  WriteText(dir + "/missing.xacro", Robot("<xacro:include filename=\"nowhere.xacro\"/>"));
  diags = {};
  EXPECT_FALSE(ExpandFile(dir + "/missing.xacro", {}, Options{}, &diags).ok);
  EXPECT_TRUE(diags.Has(frames::Code::XACRO_INCLUDE_NOT_FOUND)) << diags.ToString();

  // Outside the input's directory: refused unless allowed.
  WriteText(dir + "/outside.xacro", Robot("<outside/>"));
  WriteText(dir + "/sub/main.xacro", Robot("<xacro:include filename=\"../outside.xacro\"/>"));
  diags = {};
  EXPECT_FALSE(ExpandFile(dir + "/sub/main.xacro", {}, Options{}, &diags).ok);
  EXPECT_TRUE(diags.Has(frames::Code::XACRO_INCLUDE_NOT_ALLOWED)) << diags.ToString();
  Options allowed;
  allowed.allowed_dirs.push_back(dir);
  diags = {};
  Result r = ExpandFile(dir + "/sub/main.xacro", {}, allowed, &diags);
  EXPECT_TRUE(r.ok) << diags.ToString();
  EXPECT_NE(r.xml.find("<outside/>"), std::string::npos);
}

// Files are compared by their canonical paths: a cycle through a link to
// the file or to a directory on the way is one. A link inside the input's
// directory is read wherever it leads (a tree of links, such as Bazel's
// runfiles, stays readable).
TEST(XacroErrorTest, IncludesThroughSymbolicLinks) {
  const std::string dir = TempDir() + "/inc_links";
  ASSERT_EQ(system(("rm -rf " + dir + " && mkdir -p " + dir + "/real/sub " + dir + "/out && " +
                    "ln -s real " + dir + "/alias_dir && ln -s a.xacro " + dir +
                    "/real/sub/alias.xacro && ln -s ../../out/o.xacro " + dir +
                    "/real/sub/escape.xacro")
                       .c_str()),
            0);
  WriteText(dir + "/out/o.xacro", Robot("<o/>"));
  WriteText(dir + "/real/sub/leaf.xacro", Robot("<leaf/>"));
  WriteText(dir + "/real/sub/a.xacro",
            Robot("<xacro:include filename=\"../../alias_dir/sub/b.xacro\"/>"));
  for (const char* next : {"alias.xacro", "a.xacro", "./../sub/a.xacro", "leaf.xacro"}) {
    WriteText(dir + "/real/sub/b.xacro",
              Robot(std::string("<xacro:include filename=\"") + next + "\"/>"));
    for (const char* start : {"/real/sub/a.xacro", "/alias_dir/sub/a.xacro"}) {
      frames::Diagnostics diags;
      Result r = ExpandFile(dir + start, {}, Options{}, &diags);
      if (std::string(next) == "leaf.xacro") {
        EXPECT_TRUE(r.ok) << start << diags.ToString();
        EXPECT_NE(r.xml.find("<leaf/>"), std::string::npos);
      } else {
        EXPECT_FALSE(r.ok) << next << " " << start;
        EXPECT_TRUE(diags.Has(frames::Code::XACRO_INCLUDE_CYCLE))
            << next << " " << start << diags.ToString();
      }
    }
  }
  WriteText(dir + "/real/sub/b.xacro", Robot("<xacro:include filename=\"escape.xacro\"/>"));
  frames::Diagnostics diags;
  Result r = ExpandFile(dir + "/real/sub/b.xacro", {}, Options{}, &diags);
  EXPECT_TRUE(r.ok) << diags.ToString();
  EXPECT_NE(r.xml.find("<o/>"), std::string::npos);
}

// The cache of compiled expressions is bounded (65,536, then emptied); an
// expression compiled while another is being evaluated (a lazy property's)
// must not empty it under the outer one. 65,530 distinct expressions fill
// it, then lazy chains compile past the bound from inside evaluations.
TEST(XacroTest, ExpressionCacheBoundDuringNestedEvaluation) {
  std::string body;
  for (int k = 0; k < 65530; ++k) body += "<e v=\"${" + std::to_string(k) + "}\"/>";
  std::string expected;
  for (int chain = 0; chain < 4; ++chain) {
    const std::string c = "c" + std::to_string(chain) + "_";
    long total = 0;
    for (int k = 0; k < 10; ++k) {
      const std::string next = k < 9 ? c + std::to_string(k + 1) + " + " : "";
      body += "<xacro:property name=\"" + c + std::to_string(k) + "\" value=\"${" + next +
              std::to_string(1000 * chain + k) + "}\"/>";
      total += 1000 * chain + k;
    }
    body += "<r v=\"${" + c + "0}\"/>";
    expected += "<r v=\"" + std::to_string(total) + "\"/>";
  }
  frames::Diagnostics diags;
  Result r = ExpandText(Robot(body), "", {}, Options{}, &diags);
  ASSERT_TRUE(r.ok) << diags.ToString();
  EXPECT_NE(r.xml.find("<e v=\"65529\"/>"), std::string::npos);
  std::string got;
  for (size_t p = r.xml.find("<r "); p != std::string::npos; p = r.xml.find("<r ", p + 1)) {
    got += r.xml.substr(p, r.xml.find('>', p) + 1 - p);
  }
  EXPECT_EQ(got, expected);
}

// The printed text is checked for characters XML cannot hold wherever they
// fall (sixteen bytes at a time, then byte by byte): line ends, tabs,
// DEL and UTF-8 pass; a control character is refused, naming its line.
TEST(XacroTest, PrintedCharactersAreChecked) {
  const std::string pad = "<a b=\"padding padding padding padding padding\"/>\n";
  for (const char* ok : {"\\t", "\\r", "\\x7f", "\\xe9", "\\U0001F600", "&amp;&lt;&quot;&gt;"}) {
    frames::Diagnostics diags;
    Result r = ExpandText(Robot(pad + "<c v=\"${'" + ok + "'}\">${'" + ok + "'}</c>"), "", {},
                          Options{}, &diags);
    EXPECT_TRUE(r.ok) << ok << diags.ToString();
  }
  frames::Diagnostics diags;
  Result r = ExpandText(Robot(pad + pad + "<c v=\"x${'\\x1f'}\"/>"), "", {}, Options{}, &diags);
  EXPECT_FALSE(r.ok);
  EXPECT_TRUE(diags.Has(frames::Code::XML_CHARACTER_INVALID)) << diags.ToString();
  // <?xml ?>, the four banner lines, <robot>, two pads: line 9.
  EXPECT_NE(diags.ToString().find("byte 0x1F, output line 9"), std::string::npos)
      << diags.ToString();
}

TEST(XacroTest, FindUsesTheCallbackAndAllowsThePackage) {
  const std::string dir = TempDir() + "/find_pkg";
  ASSERT_EQ(system(("mkdir -p " + dir + "/pkg/urdf " + dir + "/main").c_str()), 0);
  WriteText(dir + "/pkg/urdf/part.xacro", Robot("<from_pkg/>"));
  WriteText(dir + "/main/main.xacro",
            Robot("<xacro:include filename=\"$(find pkg)/urdf/part.xacro\"/>"));
  Options options;
  options.find_package = [&](const std::string& name, const std::string&) {
    return name == "pkg" ? std::optional<std::string>(dir + "/pkg") : std::nullopt;
  };
  frames::Diagnostics diags;
  Result r = ExpandFile(dir + "/main/main.xacro", {}, options, &diags);
  ASSERT_TRUE(r.ok) << diags.ToString();
  EXPECT_NE(r.xml.find("<from_pkg/>"), std::string::npos);
}

TEST(XacroTest, ArgumentsFromTheCommandLineWin) {
  frames::Diagnostics diags;
  Result r = ExpandText(Robot("<xacro:arg name=\"a\" default=\"d\"/><x a=\"$(arg a)\"/>"), "",
                        {{"a", "given"}}, Options{}, &diags);
  ASSERT_TRUE(r.ok) << diags.ToString();
  EXPECT_NE(r.xml.find("<x a=\"given\"/>"), std::string::npos) << r.xml;
}

TEST(XacroTest, NotWellFormedXmlIsAnXmlError) {
  Failed f = ExpandFails("<robot>\n<a>\n</robot>\n");
  EXPECT_EQ(f.code, frames::Code::XML_ERROR);
  EXPECT_EQ(f.line, 3);
}

}  // namespace
}  // namespace xacro
