// load_yaml against PyYAML: each expectation is str() of what the reference
// xacro's load_yaml (PyYAML safe_load with xacro's !degrees/!radians, the
// result wrapped) gives for the document (nullptr: PyYAML raises).
#include "xacro/yaml.h"

#include <gtest/gtest.h>

#include "xacro/expr_test_host.h"

namespace xacro {
namespace {

using frames::Code;

struct Case {
  const char* doc;
  const char* str;
};

const Case kPyYamlCases[] = {
    {"a: &a {x: 1, y: 1}\nb: &b {y: 2, z: 2}\nc:\n  <<: *a\n  w: 0\n  <<: *b\n", "{'a': {'x': 1, 'y': 1}, 'b': {'y': 2, 'z': 2}, 'c': {'x': 1, 'y': 2, 'z': 2, 'w': 0}}"},
    {"a: &a {x: 1}\nb: &b {x: 2, q: 2}\nc:\n  k: 0\n  <<: [*a, *b]\n  x: 9\n", "{'a': {'x': 1}, 'b': {'x': 2, 'q': 2}, 'c': {'x': 9, 'q': 2, 'k': 0}}"},
    {"a: &x\nb: *x", "{'a': None, 'b': None}"},
    {"- &a [1, 2]\n- *a", "[[1, 2], [1, 2]]"},
    {"a: 1", "{'a': 1}"},
    {"a: 1.5", "{'a': 1.5}"},
    {"a: 1e-05", "{'a': '1e-05'}"},
    {"a: 1.0e-5", "{'a': 1e-05}"},
    {"a: 1.0e+5", "{'a': 100000.0}"},
    {"a: 1e5", "{'a': '1e5'}"},
    {"a: .5", "{'a': 0.5}"},
    {"a: -.5", "{'a': '-.5'}"},
    {"a: 1.", "{'a': 1.0}"},
    {"a: +1", "{'a': 1}"},
    {"a: 010", "{'a': 8}"},
    {"a: 0o10", "{'a': '0o10'}"},
    {"a: 0x1F", "{'a': 31}"},
    {"a: 0b101", "{'a': 5}"},
    {"a: 1_000", "{'a': 1000}"},
    {"a: 1_0.5", "{'a': 10.5}"},
    {"a: 1:30", "{'a': 90}"},
    {"a: 1:30.5", "{'a': 90.5}"},
    {"a: -1:30", "{'a': -90}"},
    {"a: yes", "{'a': True}"},
    {"a: No", "{'a': False}"},
    {"a: on", "{'a': True}"},
    {"a: OFF", "{'a': False}"},
    {"a: true", "{'a': True}"},
    {"a: FALSE", "{'a': False}"},
    {"a: y", "{'a': 'y'}"},
    {"a: n", "{'a': 'n'}"},
    {"a: ~", "{'a': None}"},
    {"a: null", "{'a': None}"},
    {"a: NULL", "{'a': None}"},
    {"a:", "{'a': None}"},
    {"a: .inf", "{'a': inf}"},
    {"a: -.Inf", "{'a': -inf}"},
    {"a: .NaN", "{'a': nan}"},
    {"a: 'yes'", "{'a': 'yes'}"},
    {"a: \"1\"", "{'a': '1'}"},
    {"a: !!str 1", "{'a': '1'}"},
    {"a: !!float 1", "{'a': 1.0}"},
    {"a: !!int '7'", "{'a': 7}"},
    {"a: [1, b, 2.5]", "{'a': [1, 'b', 2.5]}"},
    {"a: {x: 1, y: [true, null]}", "{'a': {'x': 1, 'y': [True, None]}}"},
    {"[3, 2, 1]", "[3, 2, 1]"},
    {"just text", "just text"},
    {"", "None"},
    {"b: 1\na: 2\nc: 3", "{'b': 1, 'a': 2, 'c': 3}"},
    {"a: 1\na: 2", "{'a': 2}"},
    {"1: one\n1.5: x\ntrue: t", "{1: 't', 1.5: 'x'}"},
    {"? [1, 2]\n: x", nullptr},  // ConstructorError
    {"base: &b {x: 1, y: 2}\nd:\n  <<: *b\n  y: 3\n  z: 4", "{'base': {'x': 1, 'y': 2}, 'd': {'x': 1, 'y': 3, 'z': 4}}"},
    {"a: &x 5\nb: *x", "{'a': 5, 'b': 5}"},
    {"m:\n  <<: [{a: 1}, {a: 2, b: 2}]\n  c: 3", "{'m': {'a': 1, 'b': 2, 'c': 3}}"},
    {"a: !degrees 90", "{'a': 1.5707963267948966}"},
    {"a: !radians pi/2", "{'a': 1.5707963267948966}"},
    {"a: !degrees 45.0", "{'a': 0.7853981633974483}"},
    {"a: !radians 1", "{'a': 1.0}"},
    {"a: !degrees radians(90)", "{'a': 0.027415567780803774}"},
    {"a: !foo 1", nullptr},  // ConstructorError
    {"a: [1, 2", nullptr},  // ParserError
    {"--- 1\n--- 2", nullptr},  // ComposerError
    {"a: !degrees 'x' + 1", nullptr},  // ParserError
    {"a: |\n  line1\n  line2\n", "{'a': 'line1\\nline2\\n'}"},
    {"a: 'it''s'", "{'a': \"it's\"}"},
    {"a: \"tab\\there\"", "{'a': 'tab\\there'}"},
    {"- a\n- b: 1\n  c: 2", "['a', {'b': 1, 'c': 2}]"},
    {"a: 0", "{'a': 0}"},
    {"a: -0", "{'a': 0}"},
    {"a: 00", "{'a': 0}"},
    {"a: 0.0", "{'a': 0.0}"},
    {"a: -0.0", "{'a': -0.0}"},
    {"a: 12e3", "{'a': '12e3'}"},
    {"a: 6.8523015e+5", "{'a': 685230.15}"},
    {"a: 685.230_15e+03", "{'a': 685230.15}"},
    {"a: 190:20:30.15", "{'a': 685230.15}"},
    {"a: 0xFF_FF", "{'a': 65535}"},
    {"a: 1e-05 m", "{'a': '1e-05 m'}"},
};

TEST(LoadYaml, AgreesWithPyYaml) {
  for (const Case& c : kPyYamlCases) {
    TestHost host;
    Value v;
    EvalError err;
    bool ok = LoadYaml(c.doc, "/pkg/t.yaml", host, ExprLimits(), &v, &err);
    if (c.str) {
      EXPECT_TRUE(ok) << c.doc << ": " << err.message;
      if (ok) {
        EXPECT_EQ(Str(v), c.str) << c.doc;
      }
    } else {
      EXPECT_FALSE(ok) << c.doc << " gave " << Str(v);
      EXPECT_FALSE(err.message.empty());
    }
  }
}

TEST(LoadYaml, DictsAreDottedAndErrorsNameFileAndLine) {
  TestHost host;
  Value v;
  EvalError err;
  ASSERT_TRUE(LoadYaml("a:\n  b: [{c: 1}]\n", "/pkg/t.yaml", host, ExprLimits(), &v, &err));
  EXPECT_TRUE(v.dotted());
  EXPECT_TRUE(v.dict().items()[0].second.dotted());
  EXPECT_TRUE(v.dict().items()[0].second.dict().items()[0].second.items()[0].dotted());
  EXPECT_FALSE(LoadYaml("a: 1\nb: [1,\n", "/pkg/t.yaml", host, ExprLimits(), &v, &err));
  EXPECT_EQ(err.code, Code::XACRO_YAML_INVALID);
  EXPECT_EQ(err.message.rfind("/pkg/t.yaml:", 0), 0u) << err.message;
  EXPECT_FALSE(LoadYaml("a: 1\nb: !foo 2\n", "/pkg/t.yaml", host, ExprLimits(), &v, &err));
  EXPECT_EQ(err.code, Code::XACRO_YAML_INVALID);
  EXPECT_NE(err.message.find("/pkg/t.yaml:2:"), std::string::npos) << err.message;
  EXPECT_NE(err.message.find("!foo"), std::string::npos) << err.message;
  // Documented divergence: ints beyond int64 are an error, not a big int.
  EXPECT_FALSE(LoadYaml("a: 99999999999999999999", "/pkg/t.yaml", host, ExprLimits(), &v, &err));
  EXPECT_EQ(err.code, Code::XACRO_YAML_INVALID);
  // !degrees expressions see xacro's globals only, never the properties.
  host.names["pi"] = Value::Int(3);
  ASSERT_TRUE(LoadYaml("a: !radians pi", "/pkg/t.yaml", host, ExprLimits(), &v, &err));
  EXPECT_EQ(Str(v), "{'a': 3.141592653589793}");
}

TEST(LoadYaml, AliasBombStopsAtTheLimit) {
  std::string doc = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n";
  for (int i = 1; i < 9; ++i) {
    std::string prev = "*a" + std::to_string(i - 1);
    doc += "a" + std::to_string(i) + ": &a" + std::to_string(i) + " [" + prev;
    for (int k = 0; k < 9; ++k) doc += ", " + prev;
    doc += "]\n";
  }
  TestHost host;
  Value v;
  EvalError err;
  ExprLimits limits;
  limits.max_container_size = 100000;  // 10^9 values unfolded otherwise
  EXPECT_FALSE(LoadYaml(doc, "/pkg/bomb.yaml", host, limits, &v, &err));
  EXPECT_EQ(err.code, Code::XACRO_LIMIT_EXCEEDED);
}

}  // namespace
}  // namespace xacro
