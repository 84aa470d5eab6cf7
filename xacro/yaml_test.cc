// load_yaml against PyYAML: each expectation is str() of what the reference
// xacro's load_yaml (PyYAML safe_load with xacro's !degrees/!radians, the
// result wrapped) gives for the document (nullptr: PyYAML raises).
#include "xacro/yaml.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ostream>
#include <string>
#include <vector>

#include "testing/corpus.h"
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
    // Documents of the subset read without yaml-cpp (yaml.cc).
    {"a:\n  b:\n  b:\n    c: 1\n", "{'a': {'b': {'c': 1}}}"},
    {"a:\nb: 1", "{'a': None, 'b': 1}"},
    {"a: &x\n  b: 1\nc: *x\n", "{'a': {'b': 1}, 'c': {'b': 1}}"},
    {"a: x0.045      # FROM UR5\nb: \"0.7 0.7\"\nc: 'q r'\n", "{'a': 'x0.045', 'b': '0.7 0.7', 'c': 'q r'}"},
    {"a: -x\nb: +1\nc: ~\nd: x  y  \n", "{'a': '-x', 'b': 1, 'c': None, 'd': 'x  y'}"},
    {"a:\n  b:\n    c: 1\n  d: 2\ne: 3\n", "{'a': {'b': {'c': 1}, 'd': 2}, 'e': 3}"},
    {"a: &x\nb: *x\n", "{'a': None, 'b': None}"},
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

// Float scalars read to the nearest double, as strtod reads them: at the
// edges of the range (overflow to inf, underflow to subnormals and 0) and
// on the shortest texts of many doubles.
TEST(LoadYaml, FloatsReadAsStrtod) {
  std::vector<std::string> texts = {"1.0e+400", "-1.0e+400", "1.0e-400", "4.9e-324", "2.4e-324",
                                    "2.2250738585072011e-308", "1.7976931348623157e+308",
                                    "1.7976931348623159e+308", "0.1", "1.", "-0.5", "+1.5e+3",
                                    "6.8523015e+5", "685.230_15e+03", "0.30000000000000004",
                                    "123456789012345678901234567890.5"};
  uint64_t x = 0x9E3779B97F4A7C15ULL;
  for (int i = 0; i < 300; ++i) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    double d;
    std::memcpy(&d, &x, sizeof d);
    if (!std::isfinite(d)) continue;
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.17e", d);
    texts.push_back(buf);
  }
  std::string doc;
  for (size_t i = 0; i < texts.size(); ++i) doc += "k" + std::to_string(i) + ": " + texts[i] + "\n";
  for (YamlReader reader : {YamlReader::kSubset, YamlReader::kYamlCpp}) {
    TestHost host;
    Value v;
    EvalError err;
    ASSERT_TRUE(LoadYaml(doc, "/pkg/t.yaml", host, ExprLimits(), &v, &err, reader)) << err.message;
    for (size_t i = 0; i < texts.size(); ++i) {
      const Value* got = v.dict().Find(Value::Str("k" + std::to_string(i)));
      ASSERT_NE(got, nullptr);
      ASSERT_EQ(got->kind(), Value::Kind::kFloat) << texts[i];
      std::string t = texts[i];
      t.erase(std::remove(t.begin(), t.end(), '_'), t.end());
      EXPECT_EQ(Repr(*got), Repr(Value::Float(std::strtod(t.c_str(), nullptr)))) << texts[i];
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

// The block-mapping subset that load_yaml reads without yaml-cpp: what it
// takes must come out exactly as yaml-cpp's reading (values, errors and
// their lines), and what it does not take is left to yaml-cpp.
struct Outcome {
  bool ok;
  std::string repr;
  Code code;
  std::string message;
  bool operator==(const Outcome& o) const {
    return ok == o.ok && repr == o.repr && code == o.code && message == o.message;
  }
  friend void PrintTo(const Outcome& o, std::ostream* os) {
    *os << (o.ok ? "ok " + o.repr : "error " + std::to_string(static_cast<int>(o.code)) + " " + o.message);
  }
};

Outcome Load(const std::string& doc, YamlReader reader, const ExprLimits& limits = ExprLimits()) {
  TestHost host;
  Value v;
  EvalError err;
  Outcome o;
  o.ok = LoadYaml(doc, "/pkg/t.yaml", host, limits, &v, &err, reader);
  o.repr = o.ok ? Repr(v) + (v.dotted() ? " dotted" : "") : "";
  o.code = o.ok ? EvalError().code : err.code;
  o.message = o.ok ? "" : err.message;
  return o;
}

bool InSubset(const Outcome& o) { return o.ok || o.message.find("not in the subset") == std::string::npos; }

const char* const kInSubset[] = {
    "a: 1",
    "a: 1\n",
    "# c\na: 1 # c\n\n  # indented comment\nb: x y  z  \n",
    "link0:\n  origin:\n    xyz: -0.0172 0.0004 0.0745\n    rpy: 0 0 0\n  mass: 2.3966\nlink1:\n  mass: 1\n",
    "joint1:\n  limit:\n    lower:      -2.7437\n    upper:       2.7437\n\njoint2:\n  limit:\n    effort:    87.0\n",
    "leftfinger: &finger\n  mass: 0.0291\n  inertia:\n    xx: 0.00000849\nrightfinger: *finger\n",
    "a: !degrees  360.0\nb: !radians -1\nc: !degrees 90 # c\n",
    "name: \"LightGrey\"\ncolor: \"0.7 0.7 0.7 1.0\"\nq: 'it s'\ne: ''\n",
    "a: yes\nb: No\nc: ~\nd: null\ne: .inf\nf: -.Inf\ng: .NaN\nh: 0x1F\ni: 010\nj: 1_000\nk: 1e-05\nl: 1.0e+5\n",
    "1: one\n1.5: x\ntrue: t\non: o\n",
    "a: 1\na: 2\n",
    "a.b: 1\nc-d: 2\ne/f: 3\n_g: 4\n",
    "a: -x\nb: +1\nc: .5\nd: /abs/path\ne: x0.045      # FROM UR5 DON'T USE\n",
    "a:\n  b:\n    c:\n      d: 1\n  e: 2\nf: 3",
    "a:  # a comment after the key\n  b: 1\n",
    "a: 99999999999999999999",  // beyond int64: the same error
    "a: !degrees x\n",          // an undefined name: the same error, line
    "a:", "a:\n", "a:\n\n# c\n", "a:\nb: 1", "a: &x\nb: 1", "a: &x\nb: *x", "a:\n  b:\nc: 1",
    "a:\n  b:\n  b:\n    c: 1\n", "a:\n  b:  # c\n\n",
};

const char* const kNotInSubset[] = {
    "",
    "# only a comment\n",
    "a: &x\n  b: *x\n",  // an alias to an open mapping
    "a: &x\n  b: &x\n    c: 1\n  d: *x\nb: *x\n",  // a second anchor of a name: PyYAML refuses it
    "a: &x\n  c: 1\nb: &x\n  d: 2\n",
    "a: *x",
    " a: 1",
    "a: 1\n  b: 2",      // a continued plain scalar
    "a:\n    b: 1\n  c: 2",
    "a : 1",
    "a:1",
    "a: [1, 2]",
    "a: {b: 1}",
    "a: |\n  x\n",
    "a: >\n  x\n",
    "- a\n- b",
    "a:\n- b",
    "a:\n  - b",
    "---\na: 1",
    "a: 1\n...\n",
    "%YAML 1.1\n---\na: 1",
    "a: 'it''s'",
    "a: \"x\\ty\"",
    "a: \"x",
    "a: 1:30",
    "a: x: y",
    "a: x#y",
    "a: - 1",
    "a: -",
    "a: &x 5\nb: *x",
    "a: !foo 1",
    "a: !!str 1",
    "a: !degrees",
    "<<: {a: 1}",
    "'a': 1",
    "\"a\": 1",
    "? a\n: 1",
    "a: 1\tb",
    "a: 1\r\n",
    "\xef\xbb\xbf" "a: 1",
    "a: caf\xc3\xa9",
    "a: x, y",
    "a: @x",
    "a: `x`",
};

TEST(LoadYaml, SubsetReaderAgreesWithYamlCpp) {
  for (const char* doc : kInSubset) {
    Outcome fast = Load(doc, YamlReader::kSubset);
    EXPECT_TRUE(InSubset(fast)) << doc;
    EXPECT_EQ(fast, Load(doc, YamlReader::kYamlCpp)) << doc << "\nsubset: " << fast.repr << fast.message;
    EXPECT_EQ(fast, Load(doc, YamlReader::kAuto)) << doc;
  }
  for (const char* doc : kNotInSubset) {
    EXPECT_FALSE(InSubset(Load(doc, YamlReader::kSubset))) << doc;
    EXPECT_EQ(Load(doc, YamlReader::kAuto), Load(doc, YamlReader::kYamlCpp)) << doc;
  }
  // Limits stop both at the same place, with the same line.
  ExprLimits tight;
  tight.max_nesting = 2;
  tight.max_container_size = 5;
  for (const char* doc : kInSubset) {
    EXPECT_EQ(Load(doc, YamlReader::kSubset, tight), Load(doc, YamlReader::kYamlCpp, tight)) << doc;
  }
}

// Random documents of lines near the subset (fixed seed): wherever the
// subset reader takes one, yaml-cpp reads it the same.
TEST(LoadYaml, SubsetReaderAgreesWithYamlCppOnRandomDocuments) {
  // Mostly elements of the subset, one in eight of anything near it.
  const std::vector<const char*> keys[] = {
      {"a", "b", "c", "d", "joint1", "x.y", "1", "yes", "on", "_k", "a-b", "k/2"},
      {"'q'", "<<", "? a", "-", "a b", "a:b", "-a", "[a]"}};
  const std::vector<const char*> seps[] = {{": ", ":", ":  "}, {" : ", ":\t", ":x", "::"}};
  const std::vector<const char*> values[] = {
      {"", "", "&x", "&y", "*x", "*y", "1", "2.5", "x", "-2.5", "1e-05", "0.0000004128 -0.0181 0.03", "'s'", "\"d\"",
       "!degrees 90", "!radians -1", "!degrees  360.0", ".inf", "~", "null", "0x1F", "a  b", "-x", "+1", "x ",
       "'a b' ", "99999999999999999999", "!degrees y", "''", "yes", "010"},
      {"\"a\\\"\"", "- 1", "-", "[1, 2]", "{a: 1}", "|", "a # c", "a#b", "x: y", "1:30", "'it''s'", "#c", "!foo 1",
       "*z", "&x 5", "!degrees", "&", "*", "\"x", "'x", "a\tb", "!!str x", "&x [1]", "x\"", "@x", ", x"}};
  const std::vector<const char*> tails[] = {{"", "", "", " # c", "  ", " #"}, {"#c", "\t", " x", ":"}};
  uint64_t state = 12345;
  auto next = [&](uint64_t n) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (state >> 33) % n;
  };
  ExprLimits tight;
  tight.max_nesting = 3;
  tight.max_container_size = 12;
  int taken = 0;
  const int kDocs = 6000;
  for (int d = 0; d < kDocs; ++d) {
    std::string doc;
    size_t indent = 0;
    bool opens = false;
    const int lines = 1 + static_cast<int>(next(8));
    for (int l = 0; l < lines; ++l) {
      const uint64_t kind = next(20);
      if (kind == 0) {
        doc += "\n";
        continue;
      }
      if (kind == 1) {
        doc += std::string(next(5), ' ') + "# comment\n";
        continue;
      }
      if (kind == 2) {
        doc += next(2) ? "---\n" : "- a\n";
        continue;
      }
      // Mostly as deep as the line before, one deeper or one shallower.
      // After a key that opens a mapping, mostly one deeper.
      const uint64_t step = next(10);
      if (opens && next(8) != 0) {
        indent += 2;
      } else if (l == 0 && next(8) != 0) {
        indent = 0;
      } else {
        indent = step < 4 ? indent : step < 7 ? indent + 2 : step < 9 ? (indent >= 2 ? indent - 2 : 0) : next(7);
      }
      doc += std::string(indent, ' ');
      auto pick = [&](const std::vector<const char*>* pools) {
        const std::vector<const char*>& pool = pools[next(8) == 0 ? 1 : 0];
        return pool[next(pool.size())];
      };
      doc += pick(keys);
      doc += pick(seps);
      const std::string value = pick(values);
      opens = value.empty() || value == "&x" || value == "&y";
      doc += value;
      doc += pick(tails);
      if (l + 1 < lines || next(2)) doc += "\n";
    }
    const Outcome fast = Load(doc, YamlReader::kSubset);
    if (!InSubset(fast)) {
      EXPECT_EQ(Load(doc, YamlReader::kAuto), Load(doc, YamlReader::kYamlCpp)) << doc;
      continue;
    }
    ++taken;
    EXPECT_EQ(fast, Load(doc, YamlReader::kYamlCpp)) << doc << "\nsubset: " << fast.repr << fast.message;
    EXPECT_EQ(Load(doc, YamlReader::kSubset, tight), Load(doc, YamlReader::kYamlCpp, tight)) << doc;
  }
  // The generator reaches the subset often enough to test it.
  EXPECT_GT(taken, kDocs / 25);  // 335 of 6,000 at this seed
}

// Every YAML file of the corpus' robot packages (franka's, UR's) is in the
// subset, and the subset reader reads it as yaml-cpp does.
TEST(LoadYaml, SubsetReaderTakesTheCorpusFiles) {
  const std::string dir = test_support::CorpusDir("XACRO_CORPUS_DIR") + "/xacro-packages";
  const std::vector<std::string> files = test_support::CorpusFiles(dir, {".yaml"});
  EXPECT_GE(files.size(), 40u);
  for (const std::string& f : files) {
    const std::string doc = test_support::ReadFile(dir + "/" + f);
    ASSERT_FALSE(doc.empty()) << f;
    const Outcome fast = Load(doc, YamlReader::kSubset);
    EXPECT_TRUE(fast.ok) << f << ": " << fast.message;
    EXPECT_EQ(fast, Load(doc, YamlReader::kYamlCpp)) << f;
  }
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
