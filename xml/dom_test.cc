// xml::Document against tinyxml2 (the parser it replaces) as the oracle:
// every corpus file and a set of edge cases must read as the same tree
// (names, attributes in order, decoded values, text, line numbers), and
// whatever tinyxml2 refuses must be refused too, at the same line.
#include "xml/dom.h"

#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <tinyxml2.h>

#include "testing/corpus.h"

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
    if (gc->Parent() != got) return at + "/" + gc->Name() + ": parent";
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
      "<a>& more</a>",
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
  ASSERT_TRUE(d.Parse("<a>&#; &#xZZ; &amp</a>"));
  EXPECT_STREQ(d.RootElement()->GetText(), "&#; &#xZZ; &amp");
  EXPECT_EQ(Refusal("<a/>\n</a>"), "2: end tag </a> closes no open element");
  EXPECT_EQ(Refusal("<a>< b/></a>"),
            "1: '<' is not followed by an element name");
  EXPECT_EQ(Refusal("\ntext<a/>"), "2: text outside the root element: 'text'");
  EXPECT_EQ(Refusal("<a/><![CDATA[x]]>"),
            "1: text outside the root element: 'x'");
}

// "<line>: <code>: <error>" when our parser refuses `text`, else
// "accepted".
std::string Coded(const std::string& text, const Limits& limits = {}) {
  Document d;
  if (d.Parse(text, limits)) return "accepted";
  return std::to_string(d.ErrorLine()) + ": " +
         std::string(frames::CodeName(d.ErrorCode())) + ": " +
         d.Error();
}

// Where we are stricter than tinyxml2 (which accepts each of these): what
// would otherwise be written out as malformed XML, or silently cut short,
// is refused with its own code and the line.
TEST(DocumentTest, RefusesWhatXmlDoesNotAllow) {
  // A NUL byte: the C strings the readers see would end there, so that
  // "a\0b" and "a\0c" both read as "a". Trailing NULs are still ignored.
  EXPECT_EQ(Coded(std::string("<a>\n<b n=\"a\0b\"/></a>", 20)),
            "2: XML_CHARACTER_INVALID: the document holds a NUL byte");
  EXPECT_EQ(Coded(std::string("<a/>\0\0", 6)), "accepted");
  EXPECT_EQ(Coded("<a>\n\x01</a>"),
            "2: XML_CHARACTER_INVALID: the document holds control character "
            "U+0001, which XML does not allow");
  // Bytes that are not UTF-8 (Latin-1, a truncated sequence, an overlong
  // form, a surrogate), wherever they are: text, names, comments.
  EXPECT_EQ(Coded("<a>\n\n<b n=\"caf\xE9\"/></a>"),
            "3: XML_CHARACTER_INVALID: the document holds bytes E9, which "
            "are not UTF-8 (or encode no XML character)");
  EXPECT_EQ(Coded("<a>\xC3</a>"),
            "1: XML_CHARACTER_INVALID: the document holds bytes C3, which "
            "are not UTF-8 (or encode no XML character)");
  EXPECT_EQ(Coded("<a><!-- \xC0\xAF --></a>"),
            "1: XML_CHARACTER_INVALID: the document holds bytes C0 AF, which "
            "are not UTF-8 (or encode no XML character)");
  EXPECT_EQ(Coded("<a>\xED\xA0\x80</a>").substr(0, 43),
            "1: XML_CHARACTER_INVALID: the document hold");
  EXPECT_EQ(Coded("<a>\xEF\xBF\xBF</a>").substr(0, 25),
            "1: XML_CHARACTER_INVALID:");  // U+FFFF
  // Valid UTF-8 of every length reads as it is.
  EXPECT_EQ(Coded("<a n=\"\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80\"/>"),
            "accepted");
  // A character reference to what XML does not allow (tinyxml2 cuts the
  // text short there).
  EXPECT_EQ(Coded("<a>\n<b n=\"x&#0;y\"/></a>"),
            "2: XML_CHARACTER_INVALID: character reference '&#0;' names no "
            "character XML allows");
  EXPECT_EQ(Coded("<a>\none &#x110000;</a>"),
            "2: XML_CHARACTER_INVALID: character reference '&#x110000;' "
            "names no character XML allows");
  EXPECT_EQ(Coded("<a>&#xD800;</a>").substr(0, 25), "1: XML_CHARACTER_INVALID:");
  EXPECT_EQ(Coded("<a>&#1;</a>").substr(0, 25), "1: XML_CHARACTER_INVALID:");
  // ... but not in a comment or CDATA, where it is no reference.
  EXPECT_EQ(Coded("<a><!-- &#0; --><![CDATA[&#0;]]></a>"), "accepted");
  // A namespace prefix with nothing after it: sdf2urdf strips "urdf:" and
  // printed "</>" for it.
  EXPECT_EQ(Coded("<sdf>\n<urdf:/></sdf>"),
            "2: XML_NAME_INVALID: element name 'urdf:' has nothing after its "
            "namespace prefix");
  EXPECT_EQ(Coded("<sdf>\n<urdf: a=\"1\"/></sdf>"),
            "2: XML_NAME_INVALID: element name 'urdf:' has nothing after its "
            "namespace prefix");
  EXPECT_EQ(Coded("<a\n x:=\"1\"/>"),
            "2: XML_NAME_INVALID: attribute name 'x:' has nothing after its "
            "namespace prefix");
  EXPECT_EQ(Coded("<:a/>"),
            "1: XML_NAME_INVALID: element name ':a' starts with ':' (an empty "
            "namespace prefix)");
  // libsdformat's own "ignition::corrected_offsets" stays readable.
  EXPECT_EQ(Coded("<a><ignition::corrected_offsets>1</ignition::corrected_offsets></a>"),
            "accepted");
}

// A <!DOCTYPE>, with or without an internal subset, is skipped: nothing it
// declares is read or expanded, nothing external is opened; a reference to
// an entity other than the five predefined ones is refused with its code.
TEST(DocumentTest, DoctypeIsSkippedAndEntitiesAreRefused) {
  EXPECT_EQ(Coded("<!DOCTYPE robot>\n<robot/>"), "accepted");
  EXPECT_EQ(Coded("<!DOCTYPE robot SYSTEM \"http://example.com/x.dtd\">"
                  "<robot/>"),
            "accepted");
  EXPECT_EQ(Coded("<!DOCTYPE robot PUBLIC \"-//x//y\" 'a>b.dtd'><robot/>"),
            "accepted");
  // An internal subset: its '>' and ']' inside declarations, literals,
  // comments and processing instructions do not end the DOCTYPE.
  const std::string subset =
      "<?xml version=\"1.0\"?>\n"
      "<!DOCTYPE robot [\n"
      "  <!ELEMENT robot ANY>\n"
      "  <!ENTITY a \"<x>]\">\n"
      "  <!ENTITY ext SYSTEM \"/etc/passwd\">\n"
      "  <!-- ]> -->\n"
      "  <?pi ]> ?>\n"
      "]>\n"
      "<robot name=\"r\">&amp;&#65;</robot>\n";
  Document d;
  ASSERT_TRUE(d.Parse(subset)) << d.Error();
  EXPECT_STREQ(d.RootElement()->Name(), "robot");
  EXPECT_STREQ(d.RootElement()->GetText(), "&A");
  // Declared entities are never expanded, in text or attributes.
  EXPECT_EQ(Coded("<!DOCTYPE r [\n<!ENTITY ext SYSTEM \"/etc/passwd\">\n]>\n"
                  "<r>\n&ext;</r>"),
            "5: XML_ENTITY_UNSUPPORTED: entity reference '&ext;' is not read: "
            "only &lt; &gt; &amp; &quot; &apos; and character references are "
            "(entities declared in the DOCTYPE at line 1 are never expanded)");
  EXPECT_EQ(Coded("<!DOCTYPE r [<!ENTITY a \"b\">]><r n=\"&a;\"/>"),
            "1: XML_ENTITY_UNSUPPORTED: entity reference '&a;' is not read: "
            "only &lt; &gt; &amp; &quot; &apos; and character references are "
            "(entities declared in the DOCTYPE at line 1 are never expanded)");
  // An HTML entity without a DOCTYPE.
  EXPECT_EQ(Coded("<a>\nx&nbsp;y</a>"),
            "2: XML_ENTITY_UNSUPPORTED: entity reference '&nbsp;' is not "
            "read: only &lt; &gt; &amp; &quot; &apos; and character "
            "references are");
  // ... but not in CDATA or a comment, where it is no reference.
  EXPECT_EQ(Coded("<a><!-- &x; --><![CDATA[&x;]]></a>"), "accepted");
  // An unterminated DOCTYPE or internal subset.
  EXPECT_EQ(Coded("<a/>\n<!DOCTYPE a [ <!ENTITY x \"y\"> "),
            "2: XML_ERROR: <!DOCTYPE is not terminated");
  EXPECT_EQ(Coded("<!DOCTYPE a \"x>"),
            "1: XML_ERROR: <!DOCTYPE is not terminated");
}

// Elements nested deeper than kMaxDepth are refused at the element that
// goes too deep, before any reader recurses into them; exactly kMaxDepth
// reads. tinyxml2's own limit is lower.
std::string Nested(size_t depth) {
  std::string text;
  for (size_t k = 0; k < depth; ++k) text += "<e>\n";
  for (size_t k = 0; k < depth; ++k) text += "</e>";
  return text;
}

TEST(DocumentTest, NestingIsLimited) {
  static_assert(Document::kMaxDepth >= 100, "no lower than tinyxml2's");
  EXPECT_EQ(Coded(Nested(Document::kMaxDepth)), "accepted");
  const std::string limit = std::to_string(Document::kMaxDepth);
  const std::string deeper = std::to_string(Document::kMaxDepth + 1);
  EXPECT_EQ(Coded(Nested(Document::kMaxDepth + 1)),
            deeper + ": XML_NESTING_TOO_DEEP: element <e> is nested " + deeper +
                " elements deep; the limit is " + limit + " (--max-depth)");
  // 100,000 deep: refused as fast, at the same element.
  EXPECT_EQ(Coded(Nested(100000)).substr(0, deeper.size() + 22),
            deeper + ": XML_NESTING_TOO_DEEP");
  // Empty elements and siblings do not add depth.
  std::string wide = "<r>";
  for (int k = 0; k < 1000; ++k) wide += "<e/><f></f>";
  EXPECT_EQ(Coded(wide + "</r>"), "accepted");
}

// Limits other than the defaults: a lower depth, a number of elements.
TEST(DocumentTest, LimitsAreTheCallers) {
  Limits limits;
  limits.max_depth = 3;
  EXPECT_EQ(Coded("<a><b><c/></b></a>", limits), "accepted");
  EXPECT_EQ(Coded("<a><b>\n<c><d/></c></b></a>", limits),
            "2: XML_NESTING_TOO_DEEP: element <d> is nested 4 elements "
            "deep; the limit is 3 (--max-depth)");
  limits.max_elements = 4;
  EXPECT_EQ(Coded("<a><b/><b/><b/></a>", limits), "accepted");
  EXPECT_EQ(Coded("<a><b/><b/>\n<b/>\n<b/></a>", limits),
            "3: XML_TOO_MANY_ELEMENTS: element <b> is one more than the "
            "limit of 4 elements in a document (--max-elements)");
}

// The element limit follows the size limit unless it is set: one element
// per 16 bytes, so that a file under the size limit is not refused for its
// elements unless they average under 16 bytes (issue 30: a 100k-link chain
// of 106 MB and 1.1 million elements was refused by a fixed 1,000,000).
TEST(DocumentTest, ElementLimitFollowsTheSizeLimit) {
  EXPECT_EQ(Limits{}.ElementLimit(), size_t{16777216});
  Limits limits;
  limits.max_file_size = 64;  // 4 elements
  EXPECT_EQ(limits.ElementLimit(), size_t{4});
  EXPECT_EQ(Coded("<a><b/><b/><b/></a>", limits), "accepted");
  EXPECT_EQ(Coded("<a><b/><b/>\n<b/>\n<b/></a>", limits),
            "3: XML_TOO_MANY_ELEMENTS: element <b> is one more than the "
            "limit of 4 elements in a document (--max-elements)");
  limits.max_file_size = 12;  // rounded up: 1
  EXPECT_EQ(limits.ElementLimit(), size_t{1});
  limits.max_file_size = size_t{1} << 30;
  EXPECT_EQ(limits.ElementLimit(), size_t{1} << 26);
  limits.max_elements = 3;  // set: it holds whatever the size limit
  EXPECT_EQ(limits.ElementLimit(), size_t{3});
}

// One element with many attributes: the duplicate check is not quadratic
// (200,000 attributes took minutes before, which the test's timeout
// catches), and still finds a duplicate among them, early or late.
TEST(DocumentTest, ManyAttributesAreCheckedForDuplicates) {
  std::string text = "<a";
  for (int k = 0; k < 200000; ++k) text += " a" + std::to_string(k) + "=\"1\"";
  Document d;
  ASSERT_TRUE(d.Parse(text + "/>")) << d.Error();
  int n = 0;
  for (const Attr* a = d.RootElement()->FirstAttribute(); a; a = a->Next()) ++n;
  EXPECT_EQ(n, 200000);
  EXPECT_EQ(Coded(text + "\n a3=\"2\"/>"),
            "2: XML_ERROR: attribute 'a3' of <a> is given twice");
  EXPECT_EQ(Coded(text + "\n a199999=\"2\"/>"),
            "2: XML_ERROR: attribute 'a199999' of <a> is given twice");
  // Around the switch from scanning to the set.
  for (int count = 14; count <= 18; ++count) {
    std::string t = "<a";
    for (int k = 0; k < count; ++k) t += " a" + std::to_string(k) + "='1'";
    EXPECT_EQ(Coded(t + "/>"), "accepted") << count;
    for (int dup = 0; dup < count; ++dup) {
      EXPECT_EQ(Coded(t + " a" + std::to_string(dup) + "='2'/>"),
                "1: XML_ERROR: attribute 'a" + std::to_string(dup) +
                    "' of <a> is given twice")
          << count << " " << dup;
    }
  }
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

// An end tag that closes the open element with '>' right after its name is
// read by a short path (the name compared in place, in pieces of 8 and 4
// bytes); every other end tag goes the long way. Names of every length up
// to past the pieces, names that share a start or an end with the open
// one, and an end tag cut off at the end of the text.
TEST(DocumentTest, EndTagsOfEveryNameLength) {
  for (size_t n = 1; n <= 20; ++n) {
    const std::string name = "e" + std::string(n - 1, 'x');
    const std::string longer = name + "y";
    const std::string other = std::string(n - 1, 'x') + "z";
    EXPECT_EQ(Coded("<" + name + "></" + name + ">"), "accepted") << n;
    EXPECT_EQ(Coded("<" + name + ">\n</" + name + " \n>"), "accepted") << n;
    EXPECT_EQ(Refusal("<" + longer + "></" + name + ">"),
              "1: element <" + longer + "> is closed by </" + name +
                  "> at line 1")
        << n;
    EXPECT_EQ(Refusal("<" + name + "></" + longer + ">"),
              "1: element <" + name + "> is closed by </" + longer +
                  "> at line 1")
        << n;
    EXPECT_EQ(Refusal("<a><" + name + "></" + other + "></a>"),
              "1: element <" + name + "> is closed by </" + other +
                  "> at line 1")
        << n;
    EXPECT_EQ(Refusal("<" + name + "></" + name),
              "1: end tag </" + name + "> is not terminated by '>'")
        << n;
    EXPECT_EQ(Refusal("<" + name + "></" + name + "/>"),
              "1: end tag </" + name + "> is not terminated by '>'")
        << n;
  }
}

// The parser reads 16 and 64 bytes at a time where it can (SSE2): what it
// finds, and the lines it reports, must not depend on where a block ends.
TEST(DocumentTest, BlockBoundariesChangeNothing) {
  for (size_t n = 0; n < 150; ++n) {
    const std::string pad(n, 'x');
    // A document of every length, plain to its last byte.
    EXPECT_EQ(Coded("<a>" + pad + "</a>"), "accepted") << n;
    EXPECT_EQ(Coded("<a>" + pad + "\n\x01</a>"),
              "2: XML_CHARACTER_INVALID: the document holds control "
              "character U+0001, which XML does not allow")
        << n;
    // Values and text decoded across block ends: references, CR LF.
    Document d;
    ASSERT_TRUE(d.Parse("<a v=\"" + pad + "&amp;\r\n" + pad + "\">\n" + pad +
                        "&lt;\r</a>"))
        << n;
    EXPECT_EQ(std::string(d.RootElement()->Attribute("v")),
              pad + "&\n" + pad) << n;
    EXPECT_EQ(std::string(d.RootElement()->GetText()), "\n" + pad + "<\n")
        << n;
    // Line ends counted inside a value, a text run and white space.
    EXPECT_EQ(Refusal("<a v=\"" + pad + "\n\n\">" + pad + "\n" + pad +
                      "\n  \n<b>"),
              "6: element <b> is not closed at the end of the file")
        << n;
    EXPECT_EQ(Refusal("<a v=\"" + pad + "\n&bad;\"/>"),
              "2: entity reference '&bad;' is not read: only &lt; &gt; "
              "&amp; &quot; &apos; and character references are")
        << n;
  }
}

TEST(ElementPathTest, NamesEachStepAndItsNameAttribute) {
  Document d;
  ASSERT_TRUE(d.Parse(
      "<sdf version='1.9'>\n"
      "  <world name='default'>\n"
      "    <model name='outer'><model name='inner'>\n"
      "      <link name='l'><visual name=''><geometry><box/></geometry>"
      "</visual></link>\n"
      "    </model></model>\n"
      "  </world>\n"
      "</sdf>\n"
      "<second/>"));
  const Node* sdf = d.RootElement();
  EXPECT_EQ(sdf->Parent(), nullptr);
  EXPECT_EQ(ElementPath(sdf), "/sdf");
  const Node* inner = sdf->FirstChildElement("world")
                          ->FirstChildElement("model")
                          ->FirstChildElement("model");
  EXPECT_EQ(ElementPath(inner), "/sdf/world[default]/model[outer]/model[inner]");
  const Node* box = inner->FirstChildElement("link")
                        ->FirstChildElement("visual")
                        ->FirstChildElement("geometry")
                        ->FirstChildElement("box");
  // An empty name is still a name attribute; <geometry> and <box> have none.
  EXPECT_EQ(ElementPath(box),
            "/sdf/world[default]/model[outer]/model[inner]/link[l]/visual[]/"
            "geometry/box");
  EXPECT_EQ(box->Parent()->Parent()->Parent(), inner->FirstChildElement());
  // A second top-level element is a root of its own.
  EXPECT_EQ(ElementPath(sdf->NextSiblingElement()), "/second");
  EXPECT_EQ(ElementPath(nullptr), "");

  std::string path = "/prefix";
  AppendPathStep(&path, "joint", "j1");
  AppendPathStep(&path, "axis", nullptr);
  EXPECT_EQ(path, "/prefix/joint[j1]/axis");
}

TEST(ElementPathTest, DeepDocumentsNeedNoRecursion) {
  // As deep as a document may be: the path is built by walking parents.
  const size_t depth = Limits::kMaxDepthCeiling;
  std::string text;
  for (size_t k = 0; k < depth; ++k) text += "<e>";
  for (size_t k = 0; k < depth; ++k) text += "</e>";
  Limits limits;
  limits.max_depth = depth;
  Document d;
  ASSERT_TRUE(d.Parse(text, limits));
  const Node* e = d.RootElement();
  while (e->FirstChildElement()) e = e->FirstChildElement();
  std::string want;
  for (size_t k = 0; k < depth; ++k) want += "/e";
  EXPECT_EQ(ElementPath(e), want);
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

// TrimAttributeValues (the SDF reader's): each value as tinyxml2 decodes
// it, with leading and trailing space, tab and line ends stripped (a
// decoded reference to one included); without it, values as written.
TEST(DocumentTest, TrimmedAttributeValuesAreTinyxml2sTrimmed) {
  const std::string text =
      "<r a=' x ' b='\t\n y z \r' c='   ' d='' e='&#9; w &#10;'"
      " f='&#32;&#32;' g='p'>"
      "<c h='\n  q\n'/></r>";
  tinyxml2::XMLDocument want;
  ASSERT_EQ(want.Parse(text.c_str()), tinyxml2::XML_SUCCESS);
  const auto trim = [](std::string v) {
    const char* space = " \t\n\r";
    const size_t begin = v.find_first_not_of(space);
    if (begin == std::string::npos) return std::string();
    return v.substr(begin, v.find_last_not_of(space) - begin + 1);
  };
  // Not trimmed; trimmed as parsed; trimmed after parsing.
  for (const int mode : {0, 1, 2}) {
    const bool trimmed = mode != 0;
    Document doc;
    if (mode == 1) doc.TrimAttributeValues();
    ASSERT_TRUE(doc.Parse(text)) << doc.Error();
    if (mode == 2) doc.TrimAttributeValues();
    const tinyxml2::XMLElement* we = want.RootElement();
    const Node* ge = doc.RootElement();
    int checked = 0;
    while (we && ge) {
      const tinyxml2::XMLAttribute* wa = we->FirstAttribute();
      const Attr* ga = ge->FirstAttribute();
      for (; wa && ga; wa = wa->Next(), ga = ga->Next(), ++checked) {
        const std::string expected =
            trimmed ? trim(wa->Value()) : std::string(wa->Value());
        EXPECT_EQ(ga->Value(), expected) << wa->Name();
      }
      EXPECT_FALSE(wa || ga);
      we = we->FirstChildElement();
      ge = ge->FirstChildElement();
    }
    EXPECT_EQ(checked, 8);
  }
  Document doc;
  doc.TrimAttributeValues();
  ASSERT_TRUE(doc.Parse(text));
  EXPECT_STREQ(doc.RootElement()->Attribute("b"), "y z");
  EXPECT_STREQ(doc.RootElement()->Attribute("e"), "w");
  EXPECT_STREQ(doc.RootElement()->Attribute("c"), "");
}

}  // namespace
}  // namespace xml
