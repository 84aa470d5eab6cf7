// xml::Document against tinyxml2 (the parser it replaces) as the oracle:
// every corpus file and a set of edge cases must read as the same tree
// (names, attributes in order, decoded values, text, line numbers), and
// whatever tinyxml2 refuses must be refused too, at the same line.
#include "xml/dom.h"

#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <tinyxml2.h>

#include "tools/testing/corpus.h"

namespace xml {
namespace {

// "" when the two agree; else what differs first, with the path.
std::string Compare(const tinyxml2::XMLElement* want, const Node* got,
                    const std::string& path) {
  const std::string at = path + "/" + want->Name();
  if (std::string(got->Name()) != want->Name())
    return at + ": name '" + got->Name() + "'";
  if (got->GetLineNum() != want->GetLineNum())
    return at + ": line " + std::to_string(got->GetLineNum()) + " != " +
           std::to_string(want->GetLineNum());
  const tinyxml2::XMLAttribute* wa = want->FirstAttribute();
  const Attr* ga = got->FirstAttribute();
  for (; wa && ga; wa = wa->Next(), ga = ga->Next()) {
    if (std::string(wa->Name()) != ga->Name() ||
        std::string(wa->Value()) != ga->Value()) {
      return at + ": attribute " + ga->Name() + "='" + ga->Value() +
             "' != " + wa->Name() + "='" + wa->Value() + "'";
    }
  }
  if (wa || ga) return at + ": attribute count";
  // Text runs: tinyxml2's text nodes in order (it keeps no white-space-only
  // run either).
  const TextRun* gt = got->FirstText();
  for (const tinyxml2::XMLNode* n = want->FirstChild(); n;
       n = n->NextSibling()) {
    const tinyxml2::XMLText* t = n->ToText();
    if (!t) continue;
    if (!gt) return at + ": missing text '" + t->Value() + "'";
    if (std::string(gt->Value()) != t->Value())
      return at + ": text '" + gt->Value() + "' != '" + t->Value() + "'";
    gt = gt->Next();
  }
  if (gt) return at + ": extra text '" + gt->Value() + "'";
  // GetText: tinyxml2's when its first child is text; ours also sees past
  // a leading comment, which tinyxml2 does not.
  const tinyxml2::XMLNode* first = want->FirstChild();
  if (first && !first->ToComment()) {
    const char* w = want->GetText();
    const char* g = got->GetText();
    if ((w == nullptr) != (g == nullptr) || (w && std::string(w) != g))
      return at + ": GetText differs";
  }
  const tinyxml2::XMLElement* wc = want->FirstChildElement();
  const Node* gc = got->FirstChildElement();
  for (; wc && gc; wc = wc->NextSiblingElement(), gc = gc->NextSiblingElement()) {
    std::string d = Compare(wc, gc, at);
    if (!d.empty()) return d;
  }
  if (wc || gc) return at + ": child count";
  return "";
}

struct Outcome {
  bool ok = false;
  int error_line = 0;
  std::string difference;  // when both parsed
};

// tinyxml2 refuses an XML declaration after a comment (seen in real files),
// which ours skips wherever it is: it gets the declaration blanked out.
std::string ForTinyxml2(std::string text) {
  const size_t decl = text.find("<?xml");
  if (decl == std::string::npos ||
      text.find_first_not_of(" \t\r\n\xEF\xBB\xBF") >= decl) {
    return text;
  }
  for (size_t i = decl; i < text.find("?>", decl) + 2; ++i) {
    if (text[i] != '\n') text[i] = ' ';
  }
  return text;
}

Outcome ParseBoth(const std::string& text) {
  Outcome out;
  tinyxml2::XMLDocument want;
  const std::string blanked = ForTinyxml2(text);
  const bool want_ok =
      want.Parse(blanked.data(), blanked.size()) == tinyxml2::XML_SUCCESS;
  Document got;
  out.ok = got.Parse(text);
  out.error_line = got.ErrorLine();
  if (want_ok != out.ok) {
    out.difference = std::string(want_ok ? "tinyxml2 accepts" : "tinyxml2 refuses") +
                     "; ours: " + (out.ok ? "accepts" : got.Error());
    return out;
  }
  if (!want_ok) {
    // tinyxml2 gives an empty document line 0.
    if (want.ErrorLineNum() != 0 && want.ErrorLineNum() != got.ErrorLine()) {
      out.difference = "error line " + std::to_string(got.ErrorLine()) +
                       " != tinyxml2's " + std::to_string(want.ErrorLineNum()) +
                       " (" + got.Error() + ")";
    }
    return out;
  }
  const tinyxml2::XMLElement* wr = want.RootElement();
  const Node* gr = got.RootElement();
  if (!wr || !gr) {
    if (wr || gr) out.difference = "root element";
    return out;
  }
  out.difference = Compare(wr, gr, "");
  return out;
}

TEST(DocumentTest, CorpusReadsAsTinyxml2ReadsIt) {
  const std::string dir = test_support::CorpusDir("XML_CORPUS_DIR");
  ASSERT_FALSE(dir.empty());
  const auto files = test_support::CorpusFiles(
      dir, {".urdf", ".sdf", ".world", ".config"});
  ASSERT_GT(files.size(), 700u);
  int parsed = 0;
  for (const std::string& f : files) {
    const std::string text = test_support::ReadFile(dir + "/" + f);
    const Outcome o = ParseBoth(text);
    EXPECT_EQ(o.difference, "") << f;
    parsed += o.ok;
  }
  std::printf("%zu corpus files, %d parsed, the same as tinyxml2\n",
              files.size(), parsed);
}

TEST(DocumentTest, EdgeCasesReadAsTinyxml2ReadsThem) {
  const std::vector<std::string> cases = {
      "<a/>",
      "\xEF\xBB\xBF<a/>",
      "<?xml version=\"1.0\"?>\n<!-- c -->\n<!DOCTYPE a>\n<a x='1' y=\"2\"/>",
      "<a>\n  <b k = \"v\" />\n  text &amp; more &lt;&gt;&quot;&apos;\n</a>",
      "<a>&#65;&#x42;&#x20AC;&#128512;</a>",
      "<a>&unknown; & more</a>",
      "<a v='&lt;&#10;x&#x9;'/>",
      "<a>one<b/>two<!-- c -->three</a>",
      "<a><!-- lead -->after</a>",
      "<a><![CDATA[ <raw> &amp; ]]></a>",
      "<a>\r\nline\rline\r\n</a>",
      "<a v=\"x\r\ny\"/>",
      "<a>   </a>",
      "<a><b>1</b><b>2</b></a><c/>",
      "<a\n  x=\"1\"\n  y=\"2\"\n/>\n",
      "<ns:a xmlns:ns='u' ns:x='1'><ns:b/></ns:a>",
      "<a b='<'/>",
      "<a x=\"1\"y=\"2\"/>",
      "<a>\xC3\xA9\xE2\x82\xAC</a>",
      // Refused
      "",
      "   \n  ",
      "<a>",
      "<a></b>",
      "<robot>\n  <link>\n</robot>\n",
      "<a x=\"1/>\n<b/>\n",
      "<a x=\"1\" x=\"2\"/>",
      "<a x/>",
      "<a x=1/>",
      "<a><!-- open </a>",
      "<a><![CDATA[ x </a>",
      "<a/ >",
      "<1a/>",
      "<a>\n<b>\n</a>\n</b>",
      "this is not XML\n",
      "<a/>\ntext",
      "<a/>&amp;",
  };
  for (const std::string& c : cases) {
    EXPECT_EQ(ParseBoth(c).difference, "") << c;
  }
}

// "<line>: <error>" when our parser refuses `text`, else "accepted".
std::string Refusal(const std::string& text) {
  Document d;
  if (d.Parse(text)) return "accepted";
  return std::to_string(d.ErrorLine()) + ": " + d.Error();
}

// Where tinyxml2 is wrong: it cuts text short at a reference it cannot
// read, and accepts an end tag that closes nothing, a '<' that starts no
// tag, and text before or CDATA after the root element.
TEST(DocumentTest, ReadsWhatTinyxml2GetsWrong) {
  Document d;
  ASSERT_TRUE(d.Parse("<a>&#; &#xZZ; &amp &#0; &#x110000;</a>"));
  EXPECT_STREQ(d.RootElement()->GetText(), "&#; &#xZZ; &amp &#0; &#x110000;");
  EXPECT_EQ(Refusal("<a/>\n</a>"), "2: end tag </a> closes no open element");
  EXPECT_EQ(Refusal("<a>< b/></a>"),
            "1: '<' is not followed by an element name");
  EXPECT_EQ(Refusal("\ntext<a/>"), "2: text outside the root element: 'text'");
  EXPECT_EQ(Refusal("<a/><![CDATA[x]]>"),
            "1: text outside the root element: 'x'");
}

TEST(DocumentTest, ErrorsSayWhatAndWhere) {
  // A mismatched end tag is reported where the element left open starts.
  EXPECT_EQ(Refusal("<robot>\n  <link name=\"a\">\n</robot>\n"),
            "2: element <link> is closed by </robot> at line 3");
  EXPECT_EQ(Refusal("<a>\n<b x=\"1\" x=\"2\"/></a>"),
            "2: attribute 'x' of <b> is given twice");
  EXPECT_EQ(Refusal("<a>\n<b>"),
            "2: element <b> is not closed at the end of the file");
  EXPECT_EQ(Refusal("<a>\n<b x=\"1/>\n</a>"),
            "2: value of attribute 'x' of <b> has no closing quote");
}

TEST(DocumentTest, LargeDocumentsKeepEveryNode) {
  // More nodes than one pool block holds, so pointers must survive growth.
  std::string text = "<r>";
  for (int k = 0; k < 50000; ++k)
    text += "<e i=\"" + std::to_string(k) + "\">" + std::to_string(k) + "</e>";
  text += "</r>";
  Document d;
  ASSERT_TRUE(d.Parse(text));
  int k = 0;
  for (const Node* e = d.RootElement()->FirstChildElement("e"); e;
       e = e->NextSiblingElement("e"), ++k) {
    ASSERT_EQ(std::string(e->Attribute("i")), std::to_string(k));
    ASSERT_EQ(std::string(e->GetText()), std::to_string(k));
  }
  EXPECT_EQ(k, 50000);
}

}  // namespace
}  // namespace xml
