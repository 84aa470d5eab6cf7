#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "element/leading_number.h"
#include "xml/reader.h"
#include "xml/writer.h"

namespace xml {
namespace {

// A fixed sequence of 64-bit numbers (SplitMix64) from `state`.
struct SplitMix64 {
  uint64_t state;
  uint64_t operator()() {
    uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
};

TEST(FormatDoubleTest, ShortestRoundTrip) {
  const double values[] = {0.1, 1.0 / 3.0, -2.5e-7, 1e16, 123456.789, M_PI};
  for (double v : values) {
    EXPECT_EQ(std::strtod(FormatDouble(v).c_str(), nullptr), v);
  }
  EXPECT_EQ(FormatDouble(0.1), "0.1");
  EXPECT_EQ(FormatDouble(-0.0), "0");
  EXPECT_EQ(FormatDouble(2), "2");
}

// FormatDouble finds the shortest digits itself (short decimals directly,
// others with fmt's Dragonbox) and lays them out itself; the text must be
// std::to_chars' all the same (shortest, fixed unless scientific is
// shorter, a whole number from 2^53 on written exactly), which is the
// oracle here, on millions of doubles of every kind.
TEST(FormatDoubleTest, SameTextAsToChars) {
  size_t checked = 0;
  int mismatches = 0;
  const auto check = [&checked, &mismatches](double v) {
    if (v == 0) return;  // FormatDouble writes -0 as "0"
    char buf[64];
    char* end = std::to_chars(buf, buf + sizeof buf, v).ptr;
    const std::string expected(buf, end);
    const std::string got = FormatDouble(v);
    ++checked;
    if (got != expected && ++mismatches <= 10) {
      ADD_FAILURE() << "FormatDouble wrote " << got << ", std::to_chars "
                    << expected;
    }
  };
  for (int i = -1000; i <= 100000; ++i) check(i);
  SplitMix64 next{1};  // a fixed sequence
  const auto from_bits = [](uint64_t bits) {
    double d;
    std::memcpy(&d, &bits, sizeof d);
    return d;
  };
  for (int i = 0; i < 400000; ++i) {
    // Decimals of 1 to 17 digits over many magnitudes, as files write them.
    const uint64_t digits = next() % 100000000000000000ULL;
    const int shift = static_cast<int>(next() % 57);
    const int exponent = static_cast<int>(next() % 60) - 35;
    const std::string text = std::to_string(digits >> shift) + "e" +
                             std::to_string(exponent);
    const double v = std::strtod(text.c_str(), nullptr);
    check(v);
    check(-v);
    check(std::nextafter(v, 0.0));
    check(std::nextafter(v, 1e300));
    // Any double at all (infinities and NaNs included), twice.
    check(from_bits(next()));
    check(from_bits(next()));
    // A subnormal.
    check(from_bits(next() & ((uint64_t{1} << 52) - 1)));
    // A whole number near 2^53, and one of up to about 10^22, where
    // std::to_chars writes fixed notation's exact digits.
    const double whole = static_cast<double>(
        (uint64_t{1} << 53) + next() % 2000000 - 1000000);
    check(whole);
    check(std::ldexp(whole, static_cast<int>(next() % 21)));
  }
  // Every power of two (the shorter rounding interval below each) and of
  // ten, and their neighbours.
  for (int e = -1074; e <= 1023; ++e) {
    const double v = std::ldexp(1.0, e);
    check(v);
    check(std::nextafter(v, 0.0));
    check(std::nextafter(v, 1e308));
  }
  for (int e = -323; e <= 308; ++e) {
    for (double d : {1.0, 9.0, 12.5, 99999.0, 123456789012345.0}) {
      const double v =
          std::strtod(("1e" + std::to_string(e)).c_str(), nullptr) * d;
      check(v);
      check(std::nextafter(v, 0.0));
      check(std::nextafter(v, 1e308));
    }
  }
  for (double v : {std::numeric_limits<double>::max(),
                   std::numeric_limits<double>::min(),
                   std::numeric_limits<double>::denorm_min(),
                   std::numeric_limits<double>::infinity(),
                   -std::numeric_limits<double>::infinity(),
                   std::numeric_limits<double>::quiet_NaN(), 9007199254740993.0,
                   1e21, 1e22, 1e23, 123456789012345680000.0, 0.1, 0.2, 0.3}) {
    check(v);
    check(-v);
  }
  EXPECT_EQ(mismatches, 0);
  EXPECT_GT(checked, size_t{3000000});
}

// FromChars takes plain decimals itself; value, end and error must be
// std::from_chars' on every text, the plain ones and the others alike.
TEST(FromCharsTest, SameAsStdFromChars) {
  std::vector<std::string> texts = {
      "0", "-0", "0.0", "-0.0", "1", "-1", "1.", "1.5", ".5", "-.5", "1.5.2",
      "1e3", "1E-3", "1.5e", "12x", "0x10", "-0x1", "inf", "-inf", "nan",
      "", "-", "+1", "--1", "00012.500", "9007199254740992",
      "9007199254740993", "18446744073709551615", "0.1234567890123456789",
      "1234567890123456789", "12345678901234567890", "0.0000000000000000001",
      "131.328 4", "2.3497,", "1.5e400", "1e-400", " 1", "1 ",
      "0.30000000000000004", "123456789012345678.5"};
  SplitMix64 next{7};  // a fixed sequence
  for (int i = 0; i < 300000; ++i) {
    // Decimals of 1 to 20 digits with the point anywhere, as files write
    // them, some signed, some followed by text.
    std::string digits = std::to_string(next() >> (next() % 64));
    const size_t point = next() % (digits.size() + 2);
    if (point < digits.size()) digits.insert(point, ".");
    if (next() % 3 == 0) digits.insert(0, "-");
    if (next() % 5 == 0) digits += " 1";
    texts.push_back(digits);
  }
  for (const std::string& t : texts) {
    const char* first = t.data();
    const char* last = t.data() + t.size();
    double expected = -42, got = -42;
    const auto e = std::from_chars(first, last, expected);
    const auto g = frames::FromChars(first, last, got);
    ASSERT_EQ(g.ec, e.ec) << t;
    ASSERT_EQ(g.ptr, e.ptr) << t;
    uint64_t eb, gb;
    std::memcpy(&eb, &expected, sizeof eb);
    std::memcpy(&gb, &got, sizeof gb);
    ASSERT_EQ(gb, eb) << t;  // the same bits: -0 and 0 differ
  }
}

struct ParseFixture : ::testing::Test {
  frames::Diagnostics diags;
  Context ctx{"f.urdf", &diags};
};

TEST_F(ParseFixture, Numbers) {
  EXPECT_EQ(ParseDouble(" 1.5 ", "x", nullptr, ctx), 1.5);
  EXPECT_EQ(ParseDouble("+2", "x", nullptr, ctx), 2.0);
  EXPECT_FALSE(diags.HasErrors());
  EXPECT_FALSE(ParseDouble("abc", "x", nullptr, ctx));
  EXPECT_TRUE(diags.Has(frames::Code::NUMBER_INVALID));
  EXPECT_FALSE(ParseDouble("nan", "x", nullptr, ctx));
  EXPECT_FALSE(ParseDouble("inf", "x", nullptr, ctx));
  EXPECT_TRUE(diags.Has(frames::Code::NUMBER_NOT_FINITE));
  EXPECT_FALSE(ParseDouble("$(optenv X 0)", "x", nullptr, ctx));
  EXPECT_TRUE(diags.Has(frames::Code::XACRO_UNEXPANDED));
}

// Plain decimals take a fast reading (no std::from_chars); each must read
// as strtod, the C library's independent reading, reads it, bit for bit,
// one at a time and as vectors, also at the edges of the fast reading
// (2^53, 19 and 20 digits, 22 and 23 fraction digits, "3.", ".5", "-0").
TEST_F(ParseFixture, PlainDecimalsReadAsStrtodReadsThem) {
  SplitMix64 next{7};  // a fixed sequence
  std::vector<std::string> texts = {
      "0", "-0", "3.", ".5", "-.5", "0.0466", "9007199254740992",
      "9007199254740993", "-9007199254740993.5", "1234567890123456789",
      "12345678901234567890", "0.0000000000000000000001",
      "0.00000000000000000000001", "1.0000000000000000000001",
      "123456789012.3456789", "0.1", "0.3", "179.99999999999997"};
  for (int i = 0; i < 200000; ++i) {
    std::string t;
    if (next() % 2) t += '-';
    const int whole = static_cast<int>(next() % 12);
    const int frac = static_cast<int>(next() % 24);
    for (int k = 0; k < whole; ++k) t += static_cast<char>('0' + next() % 10);
    if (frac > 0 || next() % 4 == 0) t += '.';
    for (int k = 0; k < frac; ++k) t += static_cast<char>('0' + next() % 10);
    if (whole + frac == 0) t += '7';
    texts.push_back(t);
  }
  for (size_t i = 0; i < texts.size(); ++i) {
    const std::string& t = texts[i];
    const double expected = std::strtod(t.c_str(), nullptr);
    const auto one = ParseDouble(t, "x", nullptr, ctx);
    ASSERT_TRUE(one) << t;
    ASSERT_EQ(std::memcmp(&*one, &expected, sizeof expected), 0)
        << t << " read as " << *one << ", strtod " << expected;
    if (i + 2 < texts.size()) {
      double v[3];
      const std::string line =
          " " + t + "  " + texts[i + 1] + "\t" + texts[i + 2] + "\n";
      ASSERT_TRUE(ParseVector(line, 3, "xyz", nullptr, ctx, v)) << line;
      for (int k = 0; k < 3; ++k) {
        const double e = std::strtod(texts[i + k].c_str(), nullptr);
        ASSERT_EQ(std::memcmp(&v[k], &e, sizeof e), 0) << line;
      }
    }
  }
  EXPECT_TRUE(diags.all().empty()) << diags.ToString();
  // Not plain decimals: the general reading and its diagnostics, as before.
  double v[3];
  EXPECT_EQ(ParseDouble("1e3", "x", nullptr, ctx), 1000.0);
  EXPECT_EQ(ParseDouble("+.25", "x", nullptr, ctx), 0.25);
  EXPECT_FALSE(ParseVector("1 2.3.4 5", 3, "xyz", nullptr, ctx, v));
  EXPECT_TRUE(diags.Has(frames::Code::NUMBER_INVALID));
  EXPECT_FALSE(ParseDouble("-", "x", nullptr, ctx));
  EXPECT_FALSE(ParseDouble("", "x", nullptr, ctx));
  EXPECT_FALSE(ParseDouble(".", "x", nullptr, ctx));
}

TEST_F(ParseFixture, ReportsBoundToANodeCarryItsPath) {
  Document doc;
  ASSERT_TRUE(Parse("<robot name='r'>\n  <link name='base'>\n"
                    "    <inertial><mass value='x'/></inertial>\n"
                    "  </link>\n</robot>\n",
                    ctx.file, &doc, &diags));
  const Node* mass = doc.RootElement()
                         ->FirstChildElement("link")
                         ->FirstChildElement("inertial")
                         ->FirstChildElement("mass");
  EXPECT_FALSE(DoubleAttribute(mass, "value", ctx));
  ctx.Warning(doc.RootElement(), frames::Code::ROBOT_NAME_MISSING, "w");
  ctx.Error(nullptr, frames::Code::URDF_NOT_ROBOT, "no node");
  ASSERT_EQ(diags.all().size(), 3u) << diags.ToString();
  const frames::Diagnostic& number = diags.all()[0];
  EXPECT_EQ(number.code, frames::Code::NUMBER_INVALID);
  EXPECT_EQ(number.where.line, 3);
  EXPECT_EQ(number.element_path, "/robot[r]/link[base]/inertial/mass");
  EXPECT_EQ(diags.all()[1].severity, frames::Severity::kWarning);
  EXPECT_EQ(diags.all()[1].element_path, "/robot[r]");
  EXPECT_EQ(diags.all()[2].element_path, "");
  EXPECT_EQ(diags.all()[2].where.line, 0);
  // The text form is unchanged: the path is for JSON reports.
  EXPECT_EQ(frames::Format(number),
            "f.urdf:3: error: <mass> value 'x' is not a number "
            "[NUMBER_INVALID]");
}

TEST_F(ParseFixture, TrailingCommaIsAWarning) {
  double v[3];
  EXPECT_TRUE(ParseVector("0.07, 0 1", 3, "xyz", nullptr, ctx, v));
  EXPECT_EQ(v[0], 0.07);
  EXPECT_FALSE(diags.HasErrors());
  EXPECT_TRUE(diags.Has(frames::Code::NUMBER_TRAILING_CHARACTERS));
}

TEST_F(ParseFixture, VectorSizes) {
  double v[3];
  EXPECT_TRUE(ParseVector("1 2 3 0", 3, "rpy", nullptr, ctx, v));
  EXPECT_TRUE(diags.Has(frames::Code::VECTOR_EXTRA_COMPONENTS));
  EXPECT_TRUE(ParseVector("1 1 1 1", 3, "scale", nullptr, ctx, v));
  EXPECT_EQ(v[2], 1.0);
  EXPECT_FALSE(ParseVector("1 2", 3, "rpy", nullptr, ctx, v));
  EXPECT_TRUE(diags.Has(frames::Code::VECTOR_SIZE_INVALID));
}

// URDF (by default) refuses a number followed by text; SDFormat's reading
// (leading_numbers) takes the number at the start, with a warning that
// names the text ignored, but not a hexadecimal number nor an unexpanded
// xacro expression.
TEST_F(ParseFixture, TrailingTextIsReadOnlyAsSdformatReadsIt) {
  EXPECT_FALSE(ParseDouble("0.1m", "x", nullptr, ctx));
  EXPECT_TRUE(diags.Has(frames::Code::NUMBER_INVALID));

  frames::Diagnostics sdf_diags;
  const Context sdf{"f.sdf", &sdf_diags, /*leading_numbers=*/true};
  EXPECT_EQ(ParseDouble("2.356194490192345\"", "<velocity>", nullptr, sdf),
            2.356194490192345);
  EXPECT_EQ(ParseDouble("-1.5kg", "<mass>", nullptr, sdf), -1.5);
  EXPECT_FALSE(sdf_diags.HasErrors()) << sdf_diags.ToString();
  ASSERT_EQ(sdf_diags.all().size(), 2u);
  EXPECT_EQ(sdf_diags.all()[0].code, frames::Code::NUMBER_TRAILING_CHARACTERS);
  EXPECT_NE(sdf_diags.all()[0].message.find("'\"' after the number is ignored"),
            std::string::npos)
      << sdf_diags.all()[0].message;
  EXPECT_FALSE(ParseDouble("0x10", "<mass>", nullptr, sdf));
  EXPECT_TRUE(sdf_diags.Has(frames::Code::NUMBER_INVALID));
  EXPECT_FALSE(ParseDouble("1${x}", "<mass>", nullptr, sdf));
  EXPECT_TRUE(sdf_diags.Has(frames::Code::XACRO_UNEXPANDED));
  EXPECT_FALSE(ParseDouble("kg", "<mass>", nullptr, sdf));
}

// An XML declaration without its '<' before the root is skipped with a
// warning; other text there is still not XML.
TEST_F(ParseFixture, DeclarationWithoutAngleBracket) {
  Document doc;
  ASSERT_TRUE(Parse("?xml version=\"1.0\"?>\n<robot name=\"r\"/>\n", "f.urdf",
                    &doc, &diags));
  EXPECT_STREQ(doc.RootElement()->Name(), "robot");
  ASSERT_EQ(diags.all().size(), 1u);
  EXPECT_EQ(diags.all()[0].code, frames::Code::XML_DECLARATION_MALFORMED);
  EXPECT_EQ(diags.all()[0].where.line, 1);
  Document other;
  EXPECT_FALSE(Parse("?xml version=\"1.0\"?> x\n<robot/>", "f.urdf", &other,
                     &diags));
  EXPECT_FALSE(Parse("<robot/>\n?xml version=\"1.0\"?>\n", "f.urdf", &other,
                     &diags));
}

TEST_F(ParseFixture, NotXml) {
  Document doc;
  EXPECT_FALSE(Parse("<robot><link></robot>", "f.urdf", &doc, &diags));
  ASSERT_TRUE(diags.Has(frames::Code::XML_ERROR));
  EXPECT_EQ(diags.all().back().where.line, 1);
}

// A text or file larger than Limits::max_file_size: FILE_TOO_LARGE at the
// line where the limit is passed; a file is not read further than that.
TEST_F(ParseFixture, FileSizeIsLimited) {
  Limits limits;
  limits.max_file_size = 12;
  Document fits;
  EXPECT_TRUE(Parse("<robot/>\n", "f.urdf", &fits, &diags, limits));
  Document large;
  EXPECT_FALSE(Parse("<robot>\n\n</robot>", "f.urdf", &large, &diags, limits));
  ASSERT_EQ(diags.all().size(), 1u);
  EXPECT_EQ(frames::Format(diags.all()[0]),
            "f.urdf:3: error: the input is larger than the limit of 12 bytes "
            "(--max-file-size); refused where it exceeds it [FILE_TOO_LARGE]");
  // /dev/zero never ends: read no further than the limit.
  frames::Diagnostics zero;
  EXPECT_FALSE(ReadFile("/dev/zero", &zero, limits));
  EXPECT_TRUE(zero.Has(frames::Code::FILE_TOO_LARGE));
  frames::Diagnostics exact;
  limits.max_file_size = 0;
  EXPECT_FALSE(ReadFile("/dev/zero", &exact, limits));
  EXPECT_TRUE(exact.Has(frames::Code::FILE_TOO_LARGE));
}

// Seen in real files: a comment before the declaration. Read, with a warning
// at the declaration's line; a leading byte order mark is not "before".
TEST_F(ParseFixture, MisplacedDeclarationIsAWarning) {
  Document doc;
  ASSERT_TRUE(Parse("<!-- c -->\n<?xml version=\"1.0\"?>\n<robot/>", "f.urdf",
                    &doc, &diags));
  ASSERT_TRUE(diags.Has(frames::Code::XML_DECLARATION_MISPLACED));
  EXPECT_EQ(diags.all().back().where.line, 2);
  EXPECT_STREQ(doc.RootElement()->Name(), "robot");
  frames::Diagnostics clean;
  Document bom;
  ASSERT_TRUE(Parse("\xEF\xBB\xBF<?xml version=\"1.0\"?><robot/>", "f.urdf",
                    &bom, &clean));
  EXPECT_TRUE(clean.all().empty());
}

TEST(WriterTest, NestedAndEscaped) {
  std::string out;
  Writer w(&out);
  w.Start("a").Attr("n", "x<\"y\"");
  w.Leaf("b", 1.5);
  w.Start("c");
  w.End();
  w.End();
  EXPECT_EQ(out, "<a n=\"x&lt;&quot;y&quot;\">\n  <b>1.5</b>\n  <c/>\n</a>\n");
}

// Writes a document of `n` elements, each with an attribute, a number and a
// long text (past the buffer) now and then.
void WriteManyElements(Writer* w, int n) {
  w->Start("root").Attr("version", "1");
  for (int k = 0; k < n; ++k) {
    w->Start("e").Attr("k", k);
    w->Leaf("v", k * 0.25);
    if (k % 1000 == 7) {
      w->Start("t").Text(std::string(3 * 8192, 'x'));
      w->End();
    }
    w->End();
  }
  w->End();
}

// With a sink, the same text arrives in pieces of at least kSinkPiece bytes
// (the last may be shorter), and the staging string stays small.
TEST(WriterTest, SinkGetsTheSameTextInPieces) {
  std::string whole;
  {
    Writer w(&whole);
    WriteManyElements(&w, 40000);
  }
  ASSERT_GT(whole.size(), 4 * Writer::kSinkPiece);
  std::string staging, pieces;
  std::vector<size_t> sizes;
  Writer w(&staging, [&](std::string_view piece) {
    pieces.append(piece);
    sizes.push_back(piece.size());
    return true;
  });
  WriteManyElements(&w, 40000);
  EXPECT_TRUE(w.Finish());
  EXPECT_EQ(pieces, whole);
  EXPECT_TRUE(staging.empty());
  ASSERT_GE(sizes.size(), 2u);
  for (size_t k = 0; k + 1 < sizes.size(); ++k) {
    EXPECT_GE(sizes[k], Writer::kSinkPiece);
    EXPECT_LT(sizes[k], Writer::kSinkPiece + 4 * 8192);
  }
}

// A sink that refuses a piece is given nothing more, and Finish says so.
TEST(WriterTest, RefusingSinkIsGivenNothingMore) {
  std::string staging;
  int calls = 0;
  Writer w(&staging, [&](std::string_view) {
    ++calls;
    return false;
  });
  WriteManyElements(&w, 40000);
  EXPECT_FALSE(w.Finish());
  EXPECT_EQ(calls, 1);
  // A small document goes to the sink whole at Finish.
  std::string small_staging, got;
  Writer small(&small_staging, [&](std::string_view piece) {
    got.append(piece);
    return true;
  });
  small.Start("a").End();
  EXPECT_TRUE(got.empty());
  EXPECT_TRUE(small.Finish());
  EXPECT_EQ(got, "<a/>\n");
}

// A carriage return (from "&#13;" in the input) is written as a
// reference: written as itself it would read back as a newline. Found by
// //urdf_io:reader_fuzz (fuzzing/urdf_io_reader_fuzz/regressions/).
TEST(WriterTest, CarriageReturnReadsBackAsItself) {
  const std::string value = "a\rb\r\nc\nd";
  std::string out;
  Writer w(&out);
  w.Start("a").Attr("n", value);
  w.Text(value);
  w.End();
  EXPECT_EQ(out, "<a n=\"a&#13;b&#13;&#10;c&#10;d\">a&#13;b&#13;\nc\nd</a>\n");
  Document doc;
  frames::Diagnostics diags;
  ASSERT_TRUE(Parse(out, "t.xml", &doc, &diags)) << diags.ToString();
  EXPECT_EQ(std::string(doc.RootElement()->Attribute("n")), value);
  EXPECT_EQ(std::string(Text(doc.RootElement())), value);
}

TEST(ParseNumbersTest, ExactlyNNumbersAsFormatDoubleWrites) {
  double v[4];
  EXPECT_TRUE(ParseNumbers(" 1e-04 -2 0.5 1 ", 4, v));
  EXPECT_EQ(v[0], 1e-4);
  EXPECT_EQ(v[1], -2.0);
  EXPECT_TRUE(ParseNumbers(FormatDouble(0.1 + 0.2), 1, v));
  EXPECT_EQ(v[0], 0.1 + 0.2);
  EXPECT_FALSE(ParseNumbers("1 2", 3, v));
  EXPECT_FALSE(ParseNumbers("1 2 3 4", 3, v));
  EXPECT_FALSE(ParseNumbers("1,2,3", 3, v));
  EXPECT_FALSE(ParseNumbers("x", 1, v));
  EXPECT_FALSE(ParseNumbers("", 1, v));
}

// ParseNumbers against a reading of its rule with std::from_chars: the
// text trimmed of white space, then n numbers, white space between them and
// nothing after the last; the same verdict and, when taken, the same bits.
TEST(ParseNumbersTest, SameAsStdFromCharsReading) {
  const auto is_space = [](char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' ||
           c == '\v';
  };
  const auto reference = [&](const std::string& text, int n, double* out) {
    size_t b = 0, e = text.size();
    while (b < e && is_space(text[b])) ++b;
    while (e > b && is_space(text[e - 1])) --e;
    const char* p = text.data() + b;
    const char* const last = text.data() + e;
    for (int k = 0; k < n; ++k) {
      const auto r = std::from_chars(p, last, out[k]);
      if (r.ec != std::errc() || r.ptr == p) return false;
      p = r.ptr;
      if (k + 1 < n && (p == last || !is_space(*p))) return false;
      while (p < last && is_space(*p)) ++p;
    }
    return p == last;
  };
  const char* const pieces[] = {"0",    "-0.0523", "131.328", "1e-04", "-2",
                                "1.",   ".5",      "+1",      "x",     "nan",
                                "inf",  "1e400",   "0x10",    "1,",    "",
                                "2.3497", "12345678901234567890", "-"};
  const char* const blanks[] = {"", " ", "  ", "\t", "\n ", "\r\n", "\v", "\f"};
  SplitMix64 next{11};  // a fixed sequence
  for (int i = 0; i < 200000; ++i) {
    const int count = static_cast<int>(next() % 5);
    std::string text = blanks[next() % 8];
    for (int k = 0; k < count; ++k) {
      if (k) text += blanks[next() % 8];
      if (next() % 2) {
        text += pieces[next() % (sizeof pieces / sizeof *pieces)];
      } else {  // a decimal as files write them
        std::string d =
            std::to_string(static_cast<int64_t>(next() % 2000001) - 1000000);
        if (next() % 4) d.insert(d.size() - next() % d.size(), ".");
        text += d;
      }
    }
    text += blanks[next() % 8];
    for (int n = 0; n <= 4; ++n) {
      double got[4] = {-42, -42, -42, -42}, want[4] = {-42, -42, -42, -42};
      const bool g = ParseNumbers(text, n, got);
      ASSERT_EQ(g, reference(text, n, want)) << "'" << text << "' n=" << n;
      if (!g) continue;
      for (int k = 0; k < n; ++k) {
        uint64_t gb, wb;
        std::memcpy(&gb, &got[k], sizeof gb);
        std::memcpy(&wb, &want[k], sizeof wb);
        ASSERT_EQ(gb, wb) << "'" << text << "' n=" << n << " k=" << k;
      }
    }
  }
}

TEST(ParseNumberListTest, UserWrittenNumbers) {
  auto v = ParseNumberList(" +1 -2.5\t3e2 ");
  ASSERT_TRUE(v);
  EXPECT_EQ(*v, (std::vector<double>{1, -2.5, 300}));
  EXPECT_FALSE(ParseNumberList(""));
  EXPECT_FALSE(ParseNumberList("1 x"));
  EXPECT_FALSE(ParseNumberList("1,2"));
  EXPECT_FALSE(ParseNumberList("1e999"));
  EXPECT_FALSE(ParseNumberList("nan"));
}

// A reader with a declared-children table, as urdf_io and sdf_io write
// them: what ReadChildren calls, skips and carries, in document order.
class TableReader {
 public:
  explicit TableReader(bool gated_on) : gated_on_(gated_on) {}
  bool Walk(const Node* e, std::vector<std::string>* log,
            std::vector<frames::Element>* carried, const Context& ctx) {
    static const Child<TableReader, std::vector<std::string>> kKnown[] = {
        {"a", &TableReader::ReadA},
        {"skipped", nullptr},
        {"bad", &TableReader::ReadBad},
        {"gated", &TableReader::ReadA, &TableReader::GatedOn},
    };
    return ReadChildren(this, e, kKnown, log, ctx, carried);
  }

 private:
  bool ReadA(const Node* c, std::vector<std::string>* log) {
    log->push_back(std::string("read ") + c->Name());
    return true;
  }
  bool ReadBad(const Node* c, std::vector<std::string>* log) {
    log->push_back(std::string("refused ") + c->Name());
    return false;
  }
  bool GatedOn() const { return gated_on_; }
  bool gated_on_;
};

TEST_F(ParseFixture, DeclaredChildren) {
  Document doc;
  ASSERT_TRUE(Parse("<e><x/><a/><skipped/><gated/><y v='1'/><a/></e>",
                    "f.sdf", &doc, &diags));
  std::vector<std::string> log;
  std::vector<frames::Element> carried;
  EXPECT_TRUE(TableReader(true).Walk(doc.RootElement(), &log, &carried, ctx));
  EXPECT_EQ(log, (std::vector<std::string>{"read a", "read gated", "read a"}));
  ASSERT_EQ(carried.size(), 2u);
  EXPECT_EQ(carried[0].name, "x");
  EXPECT_EQ(carried[1].name, "y");
  // An entry whose condition does not hold: carried as any other child.
  log.clear();
  carried.clear();
  EXPECT_TRUE(TableReader(false).Walk(doc.RootElement(), &log, &carried, ctx));
  EXPECT_EQ(log, (std::vector<std::string>{"read a", "read a"}));
  ASSERT_EQ(carried.size(), 3u);
  EXPECT_EQ(carried[1].name, "gated");
  // A member that returns false: the walk goes on and returns false.
  Document bad;
  ASSERT_TRUE(Parse("<e><bad/><a/><z/></e>", "f.sdf", &bad, &diags));
  log.clear();
  carried.clear();
  EXPECT_FALSE(TableReader(true).Walk(bad.RootElement(), &log, &carried, ctx));
  EXPECT_EQ(log, (std::vector<std::string>{"refused bad", "read a"}));
  ASSERT_EQ(carried.size(), 1u);
  EXPECT_EQ(carried[0].name, "z");
}

// The carry function sees every child no entry knows, in document order;
// members returning void (as the SDF reader's) make the walk return true.
struct VoidReader {
  void Count(const Node*, int* n) { ++*n; }
};

TEST_F(ParseFixture, DeclaredChildrenCarryFunction) {
  Document doc;
  ASSERT_TRUE(Parse("<e><p/><n/><q/><n/></e>", "f.sdf", &doc, &diags));
  static const Child<VoidReader, int, void> kKnown[] = {
      {"n", &VoidReader::Count}};
  VoidReader reader;
  int n = 0;
  std::string others;
  EXPECT_TRUE(ReadChildren(&reader, doc.RootElement(), kKnown, &n,
                           [&](const Node* c) { others += c->Name(); }));
  EXPECT_EQ(n, 2);
  EXPECT_EQ(others, "pq");
}

}  // namespace
}  // namespace xml
