// Values print as Python 3 prints them: every expectation here is what
// python3 prints for the same value.
#include "xacro/value.h"

#include <cmath>
#include <limits>

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
