// docs/diagnostics.md's list of diagnostic codes is the one generated from
// diag/codes.def.
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "diag/diagnostics.h"
#include "tools/codes_doc.h"

namespace {

std::string ReadCodesPage() {
  const char* srcdir = std::getenv("TEST_SRCDIR");
  const char* ws = std::getenv("TEST_WORKSPACE");
  std::ifstream in(std::string(srcdir ? srcdir : ".") + "/" +
                       (ws ? ws : "__main__") + "/docs/diagnostics.md",
                   std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(CodesDocTest, PageListIsGenerated) {
  const std::string page = ReadCodesPage();
  ASSERT_FALSE(page.empty());
  const auto section = tools::CodesSection(page);
  ASSERT_TRUE(section) << "docs/diagnostics.md has no code-list markers";
  EXPECT_EQ(*section, tools::CodesMarkdown())
      << "docs/diagnostics.md's code list differs from diag/codes.def; regenerate "
         "it with: bazel run //tools:codes_doc -- --update";
}

TEST(CodesDocTest, EveryCodeHasOneRowAndItsName) {
  const std::string md = tools::CodesMarkdown();
  std::set<std::string_view> names;
  for (frames::Code c : frames::AllCodes()) {
    EXPECT_TRUE(names.insert(frames::CodeName(c)).second)
        << frames::CodeName(c);
    EXPECT_FALSE(frames::CodeDoc(c).empty()) << c;
    EXPECT_NE(md.find("| `" + std::string(frames::CodeName(c)) + "` |"),
              std::string::npos)
        << c;
    frames::Code back;
    ASSERT_TRUE(frames::CodeFromName(frames::CodeName(c), &back));
    EXPECT_EQ(back, c);
  }
  EXPECT_EQ(frames::CodeName(frames::Code::DUPLICATE_NAME), "DUPLICATE_NAME");
  EXPECT_EQ(frames::DefaultSeverity(frames::Code::XML_DECLARATION_MISPLACED),
            frames::Severity::kWarning);
  frames::Code none;
  EXPECT_FALSE(frames::CodeFromName("NO_SUCH_CODE", &none));
}

TEST(CodesDocTest, WithCodesReplacesOnlyTheSection) {
  const std::string doc = "intro\n" + std::string(tools::kCodesBegin) +
                          "\nstale\n" + std::string(tools::kCodesEnd) +
                          "\nafter\n";
  const auto updated = tools::WithCodes(doc);
  ASSERT_TRUE(updated);
  EXPECT_EQ(*updated, "intro\n" + std::string(tools::kCodesBegin) + "\n" +
                          tools::CodesMarkdown() +
                          std::string(tools::kCodesEnd) + "\nafter\n");
  EXPECT_FALSE(tools::WithCodes("no markers"));
}

}  // namespace
