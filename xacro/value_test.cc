// Values print as Python 3 prints them: every expectation here is what
// python3 prints for the same value.
#include "xacro/value.h"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace xacro {
namespace {

TEST(FloatRepr, ShortestRoundTripWithPythonsExponentRule) {
  EXPECT_EQ(FloatRepr(1.0), "1.0");
  EXPECT_EQ(FloatRepr(0.1), "0.1");
  EXPECT_EQ(FloatRepr(0.1 + 0.2), "0.30000000000000004");
  EXPECT_EQ(FloatRepr(1e-5), "1e-05");
  EXPECT_EQ(FloatRepr(0.0001), "0.0001");
  EXPECT_EQ(FloatRepr(0.00012345), "0.00012345");
  EXPECT_EQ(FloatRepr(1.2345e-5), "1.2345e-05");
  EXPECT_EQ(FloatRepr(1e16), "1e+16");
  EXPECT_EQ(FloatRepr(1e15), "1000000000000000.0");
  EXPECT_EQ(FloatRepr(123456789012345678.0), "1.2345678901234568e+17");
  EXPECT_EQ(FloatRepr(9999999999999998.0), "9999999999999998.0");
  EXPECT_EQ(FloatRepr(1.5e300), "1.5e+300");
  EXPECT_EQ(FloatRepr(5e-324), "5e-324");
  EXPECT_EQ(FloatRepr(-0.0), "-0.0");
  EXPECT_EQ(FloatRepr(-2.5), "-2.5");
  EXPECT_EQ(FloatRepr(3.141592653589793), "3.141592653589793");
  EXPECT_EQ(FloatRepr(100.0), "100.0");
  EXPECT_EQ(FloatRepr(123.456), "123.456");
  EXPECT_EQ(FloatRepr(std::numeric_limits<double>::infinity()), "inf");
  EXPECT_EQ(FloatRepr(-std::numeric_limits<double>::infinity()), "-inf");
  EXPECT_EQ(FloatRepr(std::nan("")), "nan");
  EXPECT_EQ(FloatRepr(1.7976931348623157e308), "1.7976931348623157e+308");
}

// repr() of a finite float by another route: the fewest significant digits
// printf (correctly rounded by glibc) needs for strtod to give d back, laid
// out by Python's rule (an exponent when it is < -4 or >= 16).
std::string ReprByPrintf(double d) {
  char buf[64];
  for (int n = 1; n <= 17; ++n) {
    std::snprintf(buf, sizeof buf, "%.*e", n - 1, d);
    if (std::strtod(buf, nullptr) == d) break;
  }
  std::string s = buf;
  std::string sign;
  if (s[0] == '-') sign = "-", s.erase(0, 1);
  const size_t e = s.find('e');
  const int exp = std::atoi(s.c_str() + e + 1);
  std::string digits;
  for (size_t i = 0; i < e; ++i) {
    if (s[i] != '.') digits += s[i];
  }
  while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
  if (exp < -4 || exp >= 16) {
    std::string m = digits.substr(0, 1) + (digits.size() > 1 ? "." + digits.substr(1) : "");
    char x[16];
    std::snprintf(x, sizeof x, "e%c%02d", exp < 0 ? '-' : '+', std::abs(exp));
    return sign + m + x;
  }
  if (exp < 0) return sign + "0." + std::string(static_cast<size_t>(-exp - 1), '0') + digits;
  const size_t intlen = static_cast<size_t>(exp) + 1;
  if (digits.size() <= intlen) return sign + digits + std::string(intlen - digits.size(), '0') + ".0";
  return sign + digits.substr(0, intlen) + "." + digits.substr(intlen);
}

// FloatRepr reads short decimals (2.25, 0.0625, 1e-4 <= |d| < 1e15) without
// the general shortest-digits search: both ways agree with printf's on short
// decimals, products of them, integers, the edges of the fixed range and
// random bit patterns.
TEST(FloatRepr, AgreesWithPrintfsShortestDigits) {
  std::vector<double> values = {1e-4, 9.999999999999999e-05, 0.00010000000000000002, 1e15,
                                999999999999999.9, 999999999999999.0, 9007199254740991.0,
                                9007199254740992.0, 4503599627370495.5, 123456789.123456789,
                                0.1, 0.2, 0.30000000000000004, 1.0 / 3, 2.0 / 3, 1e-3, 0.5e-3};
  for (int k = 0; k <= 16; ++k) {
    double p = std::pow(10.0, k);
    for (int64_t m : {int64_t{1}, int64_t{7}, int64_t{25}, int64_t{1234567}, int64_t{999999999},
                      int64_t{123456789012345}, int64_t{9007199254740991}}) {
      values.push_back(static_cast<double>(m) / p);
      values.push_back(static_cast<double>(m) * p);
    }
  }
  for (double l = 0.25; l < 30; l += 0.75) {
    for (double s : {0.5, 0.1, 0.3, 1.7}) {
      values.push_back(l * s * 2);
      values.push_back(l * s * 2 * l * l / 12);
      values.push_back(l * s / 3);
    }
  }
  uint64_t x = 0x2545F4914F6CDD1DULL;
  for (int i = 0; i < 20000; ++i) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    double d;
    std::memcpy(&d, &x, sizeof d);
    values.push_back(d);
    values.push_back(static_cast<double>(x % 100000000) / std::pow(10.0, static_cast<double>(x % 12)));
  }
  for (double v : values) {
    if (!std::isfinite(v)) continue;
    for (double d : {v, -v}) {
      EXPECT_EQ(FloatRepr(d), ReprByPrintf(d)) << std::hexfloat << d;
    }
  }
}

TEST(StrRepr, QuotesAndEscapesAsPython) {
  EXPECT_EQ(StrRepr("x"), "'x'");
  EXPECT_EQ(StrRepr(""), "''");
  EXPECT_EQ(StrRepr("it's"), "\"it's\"");
  EXPECT_EQ(StrRepr("say \"hi\""), "'say \"hi\"'");
  EXPECT_EQ(StrRepr("both ' and \""), "'both \\' and \"'");
  EXPECT_EQ(StrRepr("a\\b"), "'a\\\\b'");
  EXPECT_EQ(StrRepr("l1\nl2\tx\r"), "'l1\\nl2\\tx\\r'");
  EXPECT_EQ(StrRepr(std::string("\x01\x7f", 2)), "'\\x01\\x7f'");
  EXPECT_EQ(StrRepr("h\xC3\xA9llo"), "'h\xC3\xA9llo'");          // é printable: kept
  EXPECT_EQ(StrRepr("\xC2\xA0"), "'\\xa0'");                      // no-break space
  EXPECT_EQ(StrRepr("\xE2\x80\xA8"), "'\\u2028'");                // line separator
}

TEST(Str, ScalarsAndContainers) {
  EXPECT_EQ(Str(Value::None()), "None");
  EXPECT_EQ(Str(Value::Bool(true)), "True");
  EXPECT_EQ(Str(Value::Bool(false)), "False");
  EXPECT_EQ(Str(Value::Int(-42)), "-42");
  EXPECT_EQ(Str(Value::Float(2)), "2.0");
  EXPECT_EQ(Str(Value::Str("x")), "x");
  EXPECT_EQ(Repr(Value::Str("x")), "'x'");
  EXPECT_EQ(Str(Value::List({Value::Int(1), Value::Int(2)})), "[1, 2]");
  EXPECT_EQ(Str(Value::List({Value::Str("x"), Value::Float(1e-5), Value::None()})), "['x', 1e-05, None]");
  EXPECT_EQ(Str(Value::List({})), "[]");
  EXPECT_EQ(Str(Value::Tuple({Value::Int(1)})), "(1,)");
  EXPECT_EQ(Str(Value::Tuple({})), "()");
  EXPECT_EQ(Str(Value::Tuple({Value::Int(1), Value::Str("a")})), "(1, 'a')");
  DictItems d;
  d.Set(Value::Str("a"), Value::Int(1));
  d.Set(Value::Int(2), Value::List({Value::Bool(true)}));
  EXPECT_EQ(Str(Value::Dict(d)), "{'a': 1, 2: [True]}");
  EXPECT_EQ(Str(Value::Dict(DictItems())), "{}");
  EXPECT_EQ(Str(Value::Range(0, 3, 1)), "range(0, 3)");
  EXPECT_EQ(Str(Value::Range(1, 10, 2)), "range(1, 10, 2)");
  EXPECT_EQ(Str(Value::Iterator("dict_keys", {Value::Str("a")})), "dict_keys(['a'])");
  EXPECT_EQ(Str(Value::Iterator("map", {})), "<map object>");
}

TEST(DictItems, InsertionOrderAndPythonKeyEquality) {
  DictItems d;
  EXPECT_TRUE(d.Set(Value::Str("b"), Value::Int(1)));
  EXPECT_TRUE(d.Set(Value::Int(1), Value::Str("int")));
  EXPECT_TRUE(d.Set(Value::Str("a"), Value::Int(2)));
  // 1.0 and True are the key 1: the value changes, the place stays.
  EXPECT_TRUE(d.Set(Value::Float(1.0), Value::Str("float")));
  EXPECT_TRUE(d.Set(Value::Bool(true), Value::Str("bool")));
  EXPECT_EQ(Str(Value::Dict(d)), "{'b': 1, 1: 'bool', 'a': 2}");
  ASSERT_NE(d.Find(Value::Float(1.0)), nullptr);
  EXPECT_EQ(d.Find(Value::Str("zz")), nullptr);
  EXPECT_FALSE(d.Set(Value::List({}), Value::None()));  // unhashable
  EXPECT_TRUE(d.Set(Value::Tuple({Value::Int(1), Value::Str("x")}), Value::None()));
  EXPECT_NE(d.Find(Value::Tuple({Value::Float(1.0), Value::Str("x")})), nullptr);
  // Many keys: the index grows.
  DictItems big;
  for (int i = 0; i < 1000; ++i) big.Set(Value::Int(i), Value::Int(i * i));
  EXPECT_EQ(big.size(), 1000u);
  EXPECT_EQ(big.Find(Value::Int(999))->int_value(), 998001);
  EXPECT_EQ(big.items()[500].first.int_value(), 500);
}

TEST(Truthy, PythonBool) {
  EXPECT_FALSE(Truthy(Value::None()));
  EXPECT_FALSE(Truthy(Value::Int(0)));
  EXPECT_FALSE(Truthy(Value::Float(0.0)));
  EXPECT_FALSE(Truthy(Value::Float(-0.0)));
  EXPECT_FALSE(Truthy(Value::Str("")));
  EXPECT_FALSE(Truthy(Value::List({})));
  EXPECT_FALSE(Truthy(Value::Dict(DictItems())));
  EXPECT_FALSE(Truthy(Value::Range(3, 3, 1)));
  EXPECT_TRUE(Truthy(Value::Str("False")));
  EXPECT_TRUE(Truthy(Value::Float(std::nan(""))));
  EXPECT_TRUE(Truthy(Value::Tuple({Value::None()})));
  EXPECT_TRUE(Truthy(Value::Iterator("map", {})));
}

TEST(Equal, PythonEquality) {
  EXPECT_TRUE(Equal(Value::Int(1), Value::Float(1.0)));
  EXPECT_TRUE(Equal(Value::Bool(true), Value::Int(1)));
  EXPECT_FALSE(Equal(Value::Int(1), Value::Str("1")));
  EXPECT_FALSE(Equal(Value::Float(std::nan("")), Value::Float(std::nan(""))));
  EXPECT_TRUE(Equal(Value::List({Value::Int(1)}), Value::List({Value::Float(1.0)})));
  EXPECT_FALSE(Equal(Value::List({Value::Int(1)}), Value::Tuple({Value::Int(1)})));
  // 2**53 + 1 is not the double 2**53.
  EXPECT_FALSE(Equal(Value::Int((int64_t{1} << 53) + 1), Value::Float(9007199254740992.0)));
  DictItems a, b;
  a.Set(Value::Str("x"), Value::Int(1));
  a.Set(Value::Str("y"), Value::Int(2));
  b.Set(Value::Str("y"), Value::Int(2));
  b.Set(Value::Str("x"), Value::Int(1));
  EXPECT_TRUE(Equal(Value::Dict(a), Value::Dict(b)));  // order does not matter
  EXPECT_TRUE(Equal(Value::Range(0, 3, 1), Value::Range(0, 3, 1)));
  EXPECT_TRUE(Equal(Value::Range(0, 0, 1), Value::Range(5, 1, 1)));
}

TEST(RangeLength, NoOverflow) {
  EXPECT_EQ(Value::Range(0, 10, 3).RangeLength(), 4);
  EXPECT_EQ(Value::Range(10, 0, -3).RangeLength(), 4);
  EXPECT_EQ(Value::Range(0, 0, 1).RangeLength(), 0);
  EXPECT_EQ(Value::Range(INT64_MIN, INT64_MAX, INT64_MAX).RangeLength(), 3);
}

}  // namespace
}  // namespace xacro
