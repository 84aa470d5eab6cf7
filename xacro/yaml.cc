#include "xacro/yaml.h"

#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/exceptions.h>
#include <yaml-cpp/mark.h>
#include <yaml-cpp/parser.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <initializer_list>
#include <map>
#include <sstream>
#include <string_view>
#include <vector>

namespace xacro {

using namespace std::string_view_literals;

using frames::Code;

namespace {

// PyYAML's implicit resolvers (resolver.py), YAML 1.1, matched by hand in
// one pass (std::regex compiled and ran them in over a third of the
// expansion time of a robot that loads YAML). Each function is the whole
// match of the resolver's regex named above it.

bool IsDigit(char c) { return c >= '0' && c <= '9'; }

// A cursor over the scalar; each Eat* consumes what it names and says
// whether it did.
struct Scan {
  std::string_view s;
  size_t p = 0;
  bool End() const { return p == s.size(); }
  bool Eat(char c) {
    if (p < s.size() && s[p] == c) return ++p, true;
    return false;
  }
  void Sign() {
    if (!Eat('-')) Eat('+');
  }
  // [chars]* (at least `min`)
  template <typename F>
  bool Many(F in, size_t min) {
    size_t k = p;
    while (k < s.size() && in(s[k])) ++k;
    if (k - p < min) return false;
    p = k;
    return true;
  }
  // [eE][-+][0-9]+ when present; false only when begun and malformed.
  bool Exponent() {
    if (!Eat('e') && !Eat('E')) return true;
    if (!Eat('-') && !Eat('+')) return false;
    return Many(IsDigit, 1);
  }
  // (?::[0-5]?[0-9])+
  bool Sexagesimal() {
    size_t groups = 0;
    while (Eat(':')) {
      if (p + 1 < s.size() && IsDigit(s[p]) && IsDigit(s[p + 1])) {
        if (s[p] > '5') return false;  // [0-5]?[0-9] cannot take two
        p += 2;
      } else if (p < s.size() && IsDigit(s[p])) {
        p += 1;
      } else {
        return false;
      }
      ++groups;
    }
    return groups > 0;
  }
};

bool DigitOrUnderscore(char c) { return IsDigit(c) || c == '_'; }

// ^(?:yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF)$
bool IsYamlBool(std::string_view s) {
  static constexpr std::string_view kWords[] = {"yes", "Yes", "YES", "no", "No", "NO",
                                       "true", "True", "TRUE", "false", "False", "FALSE",
                                       "on", "On", "ON", "off", "Off", "OFF"};
  for (std::string_view w : kWords) {
    if (s == w) return true;
  }
  return false;
}

// ^(?:[-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?(?:0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+
//   |[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+)$
bool IsYamlInt(std::string_view s) {
  Scan sign{s};
  sign.Sign();
  const size_t body = sign.p;
  auto alt = [&](auto&& f) {
    Scan c{s, body};
    return f(c) && c.End();
  };
  return alt([](Scan& c) { return c.Eat('0') && c.Eat('b') && c.Many([](char x) { return x == '0' || x == '1' || x == '_'; }, 1); }) ||
         alt([](Scan& c) { return c.Eat('0') && c.Many([](char x) { return (x >= '0' && x <= '7') || x == '_'; }, 1); }) ||
         alt([](Scan& c) { return c.Eat('0'); }) ||
         alt([](Scan& c) { return !c.End() && c.s[c.p] >= '1' && c.s[c.p] <= '9' && c.Many(DigitOrUnderscore, 1); }) ||
         alt([](Scan& c) {
           return c.Eat('0') && c.Eat('x') &&
                  c.Many([](char x) { return IsDigit(x) || (x >= 'a' && x <= 'f') || (x >= 'A' && x <= 'F') || x == '_'; }, 1);
         }) ||
         alt([](Scan& c) { return !c.End() && c.s[c.p] >= '1' && c.s[c.p] <= '9' && c.Many(DigitOrUnderscore, 1) && c.Sexagesimal(); });
}

// ^(?:[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+][0-9]+)?|\.[0-9_]+(?:[eE][-+][0-9]+)?
//   |[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$
bool IsYamlFloat(std::string_view s) {
  Scan sign{s};
  sign.Sign();
  const size_t body = sign.p;
  auto alt = [&](size_t from, auto&& f) {
    Scan c{s, from};
    return f(c) && c.End();
  };
  auto word = [](Scan& c, std::initializer_list<std::string_view> words) {
    const std::string_view rest = c.s.substr(c.p);
    for (std::string_view w : words) {
      if (rest == w) return c.p = c.s.size(), true;
    }
    return false;
  };
  return alt(body, [](Scan& c) {
           return !c.End() && IsDigit(c.s[c.p]) && c.Many(DigitOrUnderscore, 1) && c.Eat('.') &&
                  c.Many(DigitOrUnderscore, 0) && c.Exponent();
         }) ||
         alt(0, [](Scan& c) { return c.Eat('.') && c.Many(DigitOrUnderscore, 1) && c.Exponent(); }) ||
         alt(body, [](Scan& c) {
           return !c.End() && IsDigit(c.s[c.p]) && c.Many(DigitOrUnderscore, 1) && c.Sexagesimal() && c.Eat('.') &&
                  c.Many(DigitOrUnderscore, 0);
         }) ||
         alt(body, [&](Scan& c) { return c.Eat('.') && word(c, {"inf", "Inf", "INF"}); }) ||
         alt(0, [&](Scan& c) { return c.Eat('.') && word(c, {"nan", "NaN", "NAN"}); });
}

// ^(?:~|null|Null|NULL|)$
bool IsYamlNull(std::string_view s) {
  return s.empty() || s == "~"sv || s == "null"sv || s == "Null"sv || s == "NULL"sv;
}

// Builds Values from yaml-cpp's parser events (not from YAML::Node trees:
// yaml-cpp 0.7's LoadAll loops forever on some malformed input, and events
// let aliases reuse one Value instead of copying a tree).
class Builder : public YAML::EventHandler {
 public:
  struct Abort {};

  Builder(const std::string& path, ExprHost& host, const ExprLimits& limits, EvalError* err)
      : path_(path), host_(host), limits_(limits), err_(err) {}

  bool done() const { return done_; }
  const Value& root() const { return root_; }

  void OnDocumentStart(const YAML::Mark&) override {}
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark& mark, YAML::anchor_t anchor) override { Emit(Value::None(), mark, anchor, 1); }
  void OnAlias(const YAML::Mark& mark, YAML::anchor_t anchor) override {
    auto it = anchors_.find(anchor);
    if (it == anchors_.end()) Fail(mark, "found undefined alias");
    // Every use of an alias counts its whole value: "billion laughs"
    // documents stop at the limit.
    Emit(it->second, mark, 0, it->second.weight());
  }
  void OnScalar(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor, const std::string& value) override {
    if (!stack_.empty() && stack_.back().is_map && !stack_.back().have_key && tag == "?"sv && value == "<<"sv) {
      stack_.back().next_is_merge = true;
    }
    Emit(Scalar(mark, tag, value), mark, anchor, 1);
  }
  void OnSequenceStart(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor, YAML::EmitterStyle::value) override {
    CheckTag(mark, tag, "tag:yaml.org,2002:seq");
    Push(mark, anchor, false);
  }
  void OnSequenceEnd() override {
    Frame f = std::move(stack_.back());
    stack_.pop_back();
    Emit(Value::List(std::move(f.items)), f.mark, f.anchor, 1);
  }
  void OnMapStart(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor, YAML::EmitterStyle::value) override {
    CheckTag(mark, tag, "tag:yaml.org,2002:map");
    Push(mark, anchor, true);
  }
  void OnMapEnd() override {
    Frame f = std::move(stack_.back());
    stack_.pop_back();
    // Merge keys (PyYAML's flatten_mapping): the merged pairs come first,
    // in the order flatten_mapping lists them, then the mapping's own; a
    // later pair's value wins, the first place stays (Python's dict).
    DictItems d;
    for (const Value& m : f.merges) {
      for (const auto& kv : m.dict().items()) d.Set(kv.first, kv.second);
    }
    for (auto& kv : f.pairs) d.Set(kv.first, std::move(kv.second));
    Emit(Value::Dict(std::move(d), /*dotted=*/true), f.mark, f.anchor, 1);
  }

 private:
  struct Frame {
    bool is_map = false;
    YAML::Mark mark;
    YAML::anchor_t anchor = 0;
    std::vector<Value> items;
    std::vector<std::pair<Value, Value>> pairs;
    std::vector<Value> merges;
    bool have_key = false;
    bool next_is_merge = false;
    bool key_is_merge = false;
    Value key;
    YAML::Mark key_mark;
  };

  const std::string& path_;
  ExprHost& host_;
  const ExprLimits& limits_;
  EvalError* err_;
  std::vector<Frame> stack_;
  std::map<YAML::anchor_t, Value> anchors_;
  Value root_;
  bool done_ = false;
  uint64_t visited_ = 0;

  [[noreturn]] void Fail(const YAML::Mark& m, const std::string& what, Code code = Code::XACRO_YAML_INVALID) {
    err_->code = code;
    err_->message = path_ + (m.is_null() ? "" : ":" + std::to_string(m.line + 1)) + ": " + what;
    throw Abort();
  }

  void CheckTag(const YAML::Mark& mark, const std::string& tag, const char* standard) {
    if (!tag.empty() && tag != "?"sv && tag != "!"sv && tag != standard) {
      Fail(mark, "could not determine a constructor for the tag '" + tag + "'");
    }
  }

  void Push(const YAML::Mark& mark, YAML::anchor_t anchor, bool is_map) {
    if (stack_.size() >= limits_.max_nesting) {
      Fail(mark, "nested more than " + std::to_string(limits_.max_nesting) + " deep", Code::XACRO_LIMIT_EXCEEDED);
    }
    Frame f;
    f.is_map = is_map;
    f.mark = mark;
    f.anchor = anchor;
    stack_.push_back(std::move(f));
  }

  void Emit(Value v, const YAML::Mark& mark, YAML::anchor_t anchor, uint64_t cost) {
    visited_ += cost;
    if (visited_ > limits_.max_container_size) {
      Fail(mark, "more than " + std::to_string(limits_.max_container_size) + " values (aliases included)", Code::XACRO_LIMIT_EXCEEDED);
    }
    if (anchor) anchors_[anchor] = v;
    if (stack_.empty()) {
      if (done_) Fail(mark, "expected a single document in the stream, but found another document");
      root_ = std::move(v);
      done_ = true;
      return;
    }
    Frame& f = stack_.back();
    if (!f.is_map) {
      f.items.push_back(std::move(v));
      return;
    }
    if (!f.have_key) {
      f.key = std::move(v);
      f.key_mark = mark;
      f.have_key = true;
      f.key_is_merge = f.next_is_merge;
      f.next_is_merge = false;
      return;
    }
    f.have_key = false;
    if (f.key_is_merge) {
      if (v.kind() == Value::Kind::kDict) {
        f.merges.push_back(std::move(v));
      } else if (v.kind() == Value::Kind::kList) {
        for (const Value& m : v.items()) {
          if (m.kind() != Value::Kind::kDict) Fail(mark, "expected a mapping for merging, but found " + m.TypeName());
        }
        // A list of mappings is merged last to first, so the first wins.
        for (auto it = v.items().rbegin(); it != v.items().rend(); ++it) f.merges.push_back(*it);
      } else {
        Fail(mark, "expected a mapping or list of mappings for merging, but found " + v.TypeName());
      }
      return;
    }
    if (!Hashable(f.key)) Fail(f.key_mark, "found unhashable key");
    f.pairs.emplace_back(std::move(f.key), std::move(v));
  }

  Value Scalar(const YAML::Mark& mark, const std::string& tag, const std::string& s) {
    Value out;
    if (tag == "!"sv || tag == "tag:yaml.org,2002:str"sv) return Value::Str(s);
    if (tag == "!degrees"sv || tag == "!radians"sv) return Angle(mark, s, tag == "!degrees"sv);
    if (tag == "?"sv) {
      // Most scalars are names: only those that start as a bool, number or
      // null can resolve to one (PyYAML's resolvers are keyed by first
      // character the same way).
      if (!s.empty() && !std::strchr("yYnNtTfFoO-+0123456789.~", s[0])) return Value::Str(s);
      if (IsYamlBool(s)) return Bool(s);
      if (IsYamlInt(s)) return Int(mark, s);
      if (IsYamlFloat(s)) return Float(s);
      if (IsYamlNull(s)) return Value::None();
      return Value::Str(s);
    }
    if (tag == "tag:yaml.org,2002:int"sv) {
      if (!IsYamlInt(s)) Fail(mark, "invalid literal for int(): '" + s + "'");
      return Int(mark, s);
    }
    if (tag == "tag:yaml.org,2002:float"sv) {
      if (IsYamlFloat(s)) return Float(s);
      if (IsYamlInt(s)) return Value::Float(static_cast<double>(Int(mark, s).int_value()));
      Fail(mark, "could not convert string to float: '" + s + "'");
    }
    if (tag == "tag:yaml.org,2002:bool"sv) {
      if (!IsYamlBool(s)) Fail(mark, "invalid bool: '" + s + "'");
      return Bool(s);
    }
    if (tag == "tag:yaml.org,2002:null"sv) return Value::None();
    Fail(mark, "could not determine a constructor for the tag '" + tag + "'");
  }

  static Value Bool(const std::string& s) {
    return Value::Bool(s[0] == 'y' || s[0] == 'Y' || s[0] == 't' || s[0] == 'T' || s == "on"sv || s == "On"sv || s == "ON"sv);
  }

  // PyYAML's construct_yaml_int: '_' dropped, sign, 0b/0x/0 (octal), a:b:c.
  Value Int(const YAML::Mark& mark, std::string s) {
    std::string original = s;
    s.erase(std::remove(s.begin(), s.end(), '_'), s.end());
    bool neg = false;
    if (!s.empty() && (s[0] == '-' || s[0] == '+')) {
      neg = s[0] == '-';
      s.erase(0, 1);
    }
    const __int128 kBig = static_cast<__int128>(1) << 64;
    auto digits = [&](const std::string& d, int base) {
      __int128 r = 0;
      for (char c : d) {
        int x = std::isdigit(static_cast<unsigned char>(c)) ? c - '0' : std::tolower(c) - 'a' + 10;
        r = r * base + x;
        if (r > kBig) return static_cast<__int128>(-1);
      }
      return r;
    };
    __int128 v = 0;
    if (s.empty() || s == "0"sv) {
      v = 0;
    } else if (s.rfind("0b", 0) == 0) {
      v = digits(s.substr(2), 2);
    } else if (s.rfind("0x", 0) == 0) {
      v = digits(s.substr(2), 16);
    } else if (s[0] == '0') {
      v = digits(s.substr(1), 8);
    } else if (s.find(':') != std::string::npos) {
      size_t start = 0;
      while (true) {
        size_t c = s.find(':', start);
        __int128 part = digits(s.substr(start, c == std::string::npos ? std::string::npos : c - start), 10);
        if (part < 0 || v > kBig) {
          v = -1;
          break;
        }
        v = v * 60 + part;
        if (c == std::string::npos) break;
        start = c + 1;
      }
    } else {
      v = digits(s, 10);
    }
    const __int128 kMin = static_cast<__int128>(1) << 63;
    if (v < 0 || v > kMin || (!neg && v == kMin)) {
      Fail(mark, "the integer " + original + " is beyond the 64-bit range");
    }
    return Value::Int(static_cast<int64_t>(neg ? -v : v));
  }

  static Value Float(std::string s) {
    s.erase(std::remove(s.begin(), s.end(), '_'), s.end());
    for (char& c : s) {
      if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    }
    double sign = 1;
    if (!s.empty() && (s[0] == '-' || s[0] == '+')) {
      if (s[0] == '-') sign = -1;
      s.erase(0, 1);
    }
    if (s == ".inf"sv) return Value::Float(sign * HUGE_VAL);
    if (s == ".nan"sv) return Value::Float(std::nan(""));
    if (s.find(':') != std::string::npos) {
      double v = 0;
      size_t start = 0;
      while (true) {
        size_t c = s.find(':', start);
        v = v * 60 + std::strtod(s.substr(start, c == std::string::npos ? std::string::npos : c - start).c_str(), nullptr);
        if (c == std::string::npos) break;
        start = c + 1;
      }
      return Value::Float(sign * v);
    }
    // from_chars reads as strtod does (to the nearest double), faster; what
    // it does not take whole (out of range) is strtod's.
    double d;
    auto r = std::from_chars(s.data(), s.data() + s.size(), d, std::chars_format::general);
    if (r.ec != std::errc() || r.ptr != s.data() + s.size()) d = std::strtod(s.c_str(), nullptr);
    return Value::Float(sign * d);
  }

  // xacro's construct_angle_radians/_degrees: the scalar is an expression
  // over xacro's global symbols (not the properties), made a float.
  Value Angle(const YAML::Mark& mark, const std::string& s, bool degrees) {
    struct GlobalsOnly : ExprHost {
      ExprHost& outer;
      explicit GlobalsOnly(ExprHost& h) : outer(h) {}
      bool LookupName(std::string_view, Value*, EvalError*) override { return false; }
      bool LookupMember(const void*, std::string_view, Value*, EvalError*) override { return false; }
      bool Arg(std::string_view name, Value* v, EvalError* e) override { return outer.Arg(name, v, e); }
      // load_yaml inside a tag could read the file that holds the tag,
      // without end: refused.
      bool ReadFile(std::string_view, std::string*, std::string*, EvalError* e) override {
        e->code = Code::XACRO_EXPRESSION_FORBIDDEN;
        e->message = "load_yaml inside a !degrees/!radians tag is not supported";
        return false;
      }
      std::string AbsFilename(std::string_view f) override { return outer.AbsFilename(f); }
      void Message(MessageLevel l, const std::string& t, bool loc) override { outer.Message(l, t, loc); }
    } globals(host_);
    const char* name = degrees ? "!degrees" : "!radians";
    Value v;
    EvalError e;
    if (!Evaluate(s, globals, limits_, &v, &e)) {
      Fail(mark, std::string(name) + " " + e.message, e.code == Code::XACRO_EXPRESSION_INVALID ? Code::XACRO_YAML_INVALID : e.code);
    }
    if (!v.is_number()) {
      Fail(mark, std::string(name) + " value '" + s + "' is not a number (" + v.TypeName() + ")", Code::XACRO_EVALUATION_FAILED);
    }
    double d = v.AsDouble();
    if (degrees) d = d * (M_PI / 180.0);
    return Value::Float(d);
  }
};

// A reader of the block-mapping subset of YAML that robot description
// packages write (franka's and UR's inertials, limits, kinematics), yaml-cpp's
// regex-driven scanner costing about 2,000 instructions a byte on them (a
// quarter of franka's multi_arm expansion). It accepts only documents it
// reads exactly as yaml-cpp (and PyYAML) do, and hands anything else to
// yaml-cpp: printable ASCII lines (no tab, CR, BOM), comments, and mappings
// nested by indentation whose keys are plain words ([A-Za-z0-9_], then also
// .-/) followed by ':' and a space or the end of the line, each value one of
//   - a nested mapping (`key:` or `key: &anchor`, then more indented lines),
//     or else None,
//   - a one-line plain scalar of [A-Za-z0-9_.+-/~] and inner spaces, not
//     starting with '-' and a space, optionally tagged `!degrees`/`!radians`,
//   - a one-line single- or double-quoted string without quotes of its kind,
//     backslashes or anything to fold,
//   - an alias `*anchor` of a mapping (or None) closed before it, each
//     anchor's name used once.
// No sequences, flow collections, block scalars, multi-line
// scalars, documents markers or directives. It produces yaml-cpp's parser
// events (marks on the same lines) into a list first, so that the Builder,
// which may evaluate tags, runs once on a whole document either way.
struct SubsetEvent {
  enum Type { kMapStart, kMapEnd, kScalar, kAlias, kNull } type;
  int line = 0;
  int column = 0;
  YAML::anchor_t anchor = 0;
  std::string tag;
  std::string value;
};

bool ReadSubset(std::string_view text, std::vector<SubsetEvent>* events) {
  for (char c : text) {
    if (c != '\n' && (c < 0x20 || c > 0x7e)) return false;
  }
  auto is_word = [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || IsDigit(c) || c == '_';
  };
  auto is_key_char = [&](char c) { return is_word(c) || c == '.' || c == '-' || c == '/'; };
  auto is_plain_char = [&](char c) { return is_key_char(c) || c == '+' || c == '~'; };
  // Anchors: each name's id (yaml-cpp numbers anchors as it meets them,
  // from 1), and the ids whose mapping has closed (an alias to an open one, or to none, is left to yaml-cpp).
  std::map<std::string, YAML::anchor_t, std::less<>> latest;
  std::vector<bool> closed(1, false);
  std::vector<YAML::anchor_t> open_anchor;  // per open mapping; 0 when none
  std::vector<size_t> indents;           // per open mapping
  YAML::anchor_t next_anchor = 0;
  bool started = false;        // the root mapping has begun
  bool expect_nested = false;  // the last key's value is a mapping to come
  std::string pending_anchor;  // that mapping's anchor, and where it is
  int anchor_line = 0, anchor_column = 0;
  auto empty_value = [&](int line, int column) {
    YAML::anchor_t id = 0;
    if (!pending_anchor.empty()) {
      id = ++next_anchor;
      latest[pending_anchor] = id;
      closed.push_back(true);
      line = anchor_line;
      column = anchor_column;
    }
    events->push_back({SubsetEvent::kNull, line, column, id, "", ""});
    pending_anchor.clear();
    expect_nested = false;
  };
  size_t pos = 0;
  for (int line = 0; pos < text.size(); ++line) {
    size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view l = text.substr(pos, end - pos);
    pos = end + 1;
    size_t i = 0;
    while (i < l.size() && l[i] == ' ') ++i;
    if (i == l.size() || l[i] == '#') continue;  // blank or comment line
    const size_t indent = i;
    if (expect_nested && indent <= indents.back()) {
      // An empty value: yaml-cpp marks it at its anchor, or else at the
      // token after it (the key on this line or the end of a mapping).
      empty_value(line, static_cast<int>(indent));
    }
    if (expect_nested) {
      if (indents.size() >= 1000) return false;
      YAML::anchor_t id = 0;
      if (!pending_anchor.empty()) {
        id = ++next_anchor;
        latest[pending_anchor] = id;
        closed.push_back(false);
      }
      // yaml-cpp marks a mapping where its node begins: at its anchor, or else
      // at its first key.
      const int mark_line = id ? anchor_line : line;
      const int mark_column = id ? anchor_column : static_cast<int>(indent);
      events->push_back({SubsetEvent::kMapStart, mark_line, mark_column, id, "", ""});
      indents.push_back(indent);
      open_anchor.push_back(id);
      pending_anchor.clear();
      expect_nested = false;
    } else if (!started) {
      if (indent != 0) return false;
      started = true;
      events->push_back({SubsetEvent::kMapStart, line, 0, 0, "", ""});
      indents.push_back(0);
      open_anchor.push_back(0);
    } else {
      while (!indents.empty() && indent < indents.back()) {
        events->push_back({SubsetEvent::kMapEnd, line, 0, 0, "", ""});
        closed[open_anchor.back()] = open_anchor.back() != 0;
        indents.pop_back();
        open_anchor.pop_back();
      }
      if (indents.empty() || indent != indents.back()) return false;
    }
    // key
    const size_t key_begin = i;
    if (!is_word(l[i])) return false;
    while (i < l.size() && is_key_char(l[i])) ++i;
    if (i == l.size() || l[i] != ':' || i - key_begin > 128) return false;
    events->push_back({SubsetEvent::kScalar, line, static_cast<int>(key_begin), 0, "?",
                       std::string(l.substr(key_begin, i - key_begin))});
    ++i;
    if (i < l.size() && l[i] != ' ') return false;
    while (i < l.size() && l[i] == ' ') ++i;
    // The rest of the line after a value: spaces, then nothing or a comment.
    auto rest_ok = [&](size_t k) {
      const size_t from = k;
      while (k < l.size() && l[k] == ' ') ++k;
      return k == l.size() || (l[k] == '#' && k > from);
    };
    auto name = [&](size_t* k) {
      const size_t b = *k;
      while (*k < l.size() && (is_word(l[*k]) || l[*k] == '-')) ++*k;
      return l.substr(b, *k - b);
    };
    if (i == l.size() || l[i] == '#') {
      if (i < l.size() && l[i - 1] != ' ') return false;
      expect_nested = true;
      continue;
    }
    if (l[i] == '&') {
      anchor_line = line;
      anchor_column = static_cast<int>(i);
      ++i;
      const std::string_view a = name(&i);
      // PyYAML refuses a second anchor of a name (yaml-cpp takes it): left
      // to yaml-cpp.
      if (a.empty() || !rest_ok(i) || latest.count(a)) return false;
      expect_nested = true;
      pending_anchor = std::string(a);
      continue;
    }
    if (l[i] == '*') {
      ++i;
      const std::string_view a = name(&i);
      if (a.empty() || !rest_ok(i)) return false;
      auto it = latest.find(a);
      if (it == latest.end() || !closed[it->second]) return false;
      events->push_back({SubsetEvent::kAlias, line, static_cast<int>(i), it->second, "", ""});
      continue;
    }
    if (l[i] == '"' || l[i] == '\'') {
      const char q = l[i];
      const size_t b = ++i;
      while (i < l.size() && l[i] != q && l[i] != '\\') ++i;
      if (i == l.size() || l[i] != q || !rest_ok(i + 1)) return false;
      events->push_back({SubsetEvent::kScalar, line, static_cast<int>(b - 1), 0, "!", std::string(l.substr(b, i - b))});
      continue;
    }
    std::string tag = "?";
    const size_t value_column = i;
    if (l[i] == '!') {
      const size_t b = i;
      while (i < l.size() && l[i] != ' ') ++i;
      tag = std::string(l.substr(b, i - b));
      if (tag != "!degrees"sv && tag != "!radians"sv) return false;
      if (i == l.size()) return false;
      while (i < l.size() && l[i] == ' ') ++i;
      if (i == l.size() || l[i] == '#') return false;
    }
    // plain scalar: not an indicator first ('-' only before a word or number)
    const size_t b = i;
    if (!is_plain_char(l[i]) || (l[i] == '-' && (i + 1 == l.size() || l[i + 1] == ' '))) return false;
    size_t last = i;  // one past the last non-space
    while (i < l.size()) {
      if (l[i] == ' ') {
        ++i;
        continue;
      }
      if (l[i] == '#' && l[i - 1] == ' ') break;
      if (!is_plain_char(l[i])) return false;
      last = ++i;
    }
    events->push_back({SubsetEvent::kScalar, line, static_cast<int>(value_column), 0, tag, std::string(l.substr(b, last - b))});
  }
  if (indents.empty()) return false;  // no mapping at all
  if (expect_nested) empty_value(static_cast<int>(std::count(text.begin(), text.end(), '\n')), 0);
  for (size_t k = 0; k < indents.size(); ++k) events->push_back({SubsetEvent::kMapEnd, 0, 0, 0, "", ""});
  return true;
}

// yaml-cpp's reading of `text` into `builder`; false with `err` set on a
// YAML error.
bool ParseWithYamlCpp(std::string_view text, const std::string& path, Builder& builder, EvalError* err) {
  std::istringstream in{std::string(text)};
  try {
    YAML::Parser parser(in);
    // The first document, then one more call: a second document is an
    // error (as PyYAML's safe_load says), and no loop can run on.
    if (!parser.HandleNextDocument(builder)) return true;
    if (parser.HandleNextDocument(builder)) {
      err->code = Code::XACRO_YAML_INVALID;
      err->message = path + ": expected a single document in the stream, but found another document";
      return false;
    }
  } catch (const Builder::Abort&) {
    return false;
  } catch (const YAML::Exception& e) {
    err->code = Code::XACRO_YAML_INVALID;
    err->message = path + (e.mark.is_null() ? "" : ":" + std::to_string(e.mark.line + 1)) + ": " + e.msg;
    return false;
  }
  return true;
}

void Replay(const std::vector<SubsetEvent>& events, Builder& builder) {
  for (const SubsetEvent& e : events) {
    YAML::Mark mark;
    mark.line = e.line;
    mark.column = e.column;
    switch (e.type) {
      case SubsetEvent::kMapStart:
        builder.OnMapStart(mark, "?", e.anchor, YAML::EmitterStyle::Block);
        break;
      case SubsetEvent::kMapEnd:
        builder.OnMapEnd();
        break;
      case SubsetEvent::kScalar:
        builder.OnScalar(mark, e.tag, e.anchor, e.value);
        break;
      case SubsetEvent::kAlias:
        builder.OnAlias(mark, e.anchor);
        break;
      case SubsetEvent::kNull:
        builder.OnNull(mark, e.anchor);
        break;
    }
  }
}

}  // namespace

bool LoadYaml(std::string_view text, const std::string& path, ExprHost& host, const ExprLimits& limits, Value* out,
              EvalError* err, YamlReader reader) {
  Builder builder(path, host, limits, err);
  std::vector<SubsetEvent> events;
  if (reader != YamlReader::kYamlCpp && ReadSubset(text, &events)) {
    try {
      Replay(events, builder);
    } catch (const Builder::Abort&) {
      return false;
    }
  } else if (reader == YamlReader::kSubset) {
    err->code = Code::XACRO_YAML_INVALID;
    err->message = path + ": not in the subset read without yaml-cpp";
    return false;
  } else if (!ParseWithYamlCpp(text, path, builder, err)) {
    return false;
  }
  *out = builder.done() ? builder.root() : Value::None();
  return true;
}

}  // namespace xacro
