#include "element/leading_number.h"

#include <cmath>
#include <cstdlib>
#include <string>

#include <gtest/gtest.h>

namespace frames {
namespace {

using Kind = LeadingNumber::Kind;

// The reading std::stod (strtod) makes of `s`, the oracle of a decimal
// leading number: its value and how many characters it took.
std::pair<double, size_t> Strtod(const std::string& s) {
  char* end = nullptr;
  const double v = std::strtod(s.c_str(), &end);
  return {v, static_cast<size_t>(end - s.c_str())};
}

TEST(LeadingNumberTest, WholeNumber) {
  for (const std::string s : {"1", "-2.5", "+3e2", "0", "-0", "1e-300", ".5",
                              "5.", "00", "0.0"}) {
    const LeadingNumber n = ReadLeadingNumber(s);
    ASSERT_EQ(n.kind, Kind::kNumber) << s;
    EXPECT_TRUE(n.rest.empty()) << s;
    EXPECT_EQ(n.value, Strtod(s).first) << s;
    EXPECT_EQ(n.number, s.front() == '+' ? s.substr(1) : s) << s;
  }
}

// The number at the start; the rest is the caller's to judge. Each is where
// strtod stops and what it reads.
TEST(LeadingNumberTest, StrayTextAfterTheNumber) {
  for (const std::string s : {"0.1m", "-1.5kg", "2.35\"", "0n5", "1,", "1.",
                              "1e", "1e+", "3 4", "00x10", "1e-0x5", "1e+0x",
                              "0.x1", "7x"}) {
    const LeadingNumber n = ReadLeadingNumber(s);
    ASSERT_EQ(n.kind, Kind::kNumber) << s;
    const auto [value, length] = Strtod(s);
    EXPECT_EQ(n.value, value) << s;
    EXPECT_EQ(n.number.size(), length) << s;
    EXPECT_EQ(n.rest, s.substr(length)) << s;
  }
}

// One '+' is skipped before a number; "+-1" is no number, as for std::stod
// (and urdfdom, which refuses `<origin xyz="+-1 0 0"/>`).
TEST(LeadingNumberTest, OnePlusSkipped) {
  const LeadingNumber n = ReadLeadingNumber("+1.5");
  ASSERT_EQ(n.kind, Kind::kNumber);
  EXPECT_EQ(n.value, 1.5);
  EXPECT_EQ(n.number, "1.5");
  for (const std::string s : {"+-1", "+-0x1", "+-1e400m", "+-inf"}) {
    const LeadingNumber none = ReadLeadingNumber(s);
    EXPECT_EQ(none.kind, Kind::kNone) << s;
    EXPECT_TRUE(none.number.empty()) << s;
    EXPECT_TRUE(none.rest.empty()) << s;
    EXPECT_EQ(Strtod(s).second, 0u) << s;
  }
}

// "0x10" is 16 for std::stod, 0 then "x10" for a decimal reading: no
// leading number either way.
TEST(LeadingNumberTest, RefusesHexadecimal) {
  for (const std::string s : {"0x10", "-0X1", "+0x1p3", "0x", "-0xg"}) {
    const LeadingNumber n = ReadLeadingNumber(s);
    EXPECT_EQ(n.kind, Kind::kHexadecimal) << s;
    EXPECT_EQ(n.rest.front() == 'x' || n.rest.front() == 'X', true) << s;
  }
  EXPECT_EQ(ReadLeadingNumber("0x10").number, "0");
  EXPECT_EQ(ReadLeadingNumber("-0X1").number, "-0");
}

TEST(LeadingNumberTest, NoNumber) {
  for (const std::string s : {"", "+", "-", "x", "kg", " 1", "++1", "-+1",
                              ".", "e5", "${x}"}) {
    const LeadingNumber n = ReadLeadingNumber(s);
    EXPECT_EQ(n.kind, Kind::kNone) << s;
    EXPECT_TRUE(n.number.empty()) << s;
  }
}

// "inf" and "nan" are numbers, as for std::stod; whether a non-finite one
// is accepted is the caller's rule.
TEST(LeadingNumberTest, InfinityAndNan) {
  const LeadingNumber inf = ReadLeadingNumber("inf");
  ASSERT_EQ(inf.kind, Kind::kNumber);
  EXPECT_TRUE(std::isinf(inf.value) && inf.value > 0);
  const LeadingNumber minus = ReadLeadingNumber("-Infinity");
  ASSERT_EQ(minus.kind, Kind::kNumber);
  EXPECT_TRUE(std::isinf(minus.value) && minus.value < 0);
  EXPECT_TRUE(minus.rest.empty());
  const LeadingNumber nan = ReadLeadingNumber("+nan");
  ASSERT_EQ(nan.kind, Kind::kNumber);
  EXPECT_TRUE(std::isnan(nan.value));
  const LeadingNumber infx = ReadLeadingNumber("infx");
  ASSERT_EQ(infx.kind, Kind::kNumber);
  EXPECT_EQ(infx.rest, "x");
}

TEST(LeadingNumberTest, OutOfRange) {
  EXPECT_EQ(ReadLeadingNumber("1e400").kind, Kind::kOutOfRange);
  EXPECT_EQ(ReadLeadingNumber("-1e400m").kind, Kind::kOutOfRange);
  EXPECT_EQ(ReadLeadingNumber("1e-400").kind, Kind::kOutOfRange);
  EXPECT_EQ(ReadLeadingNumber("+1e400m").number, "1e400");
  EXPECT_EQ(ReadLeadingNumber("+1e400m").rest, "m");
}

}  // namespace
}  // namespace frames
