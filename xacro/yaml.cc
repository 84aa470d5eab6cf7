#include "xacro/yaml.h"

#include <yaml-cpp/yaml.h>

#include <cmath>
#include <cstring>
#include <regex>

namespace xacro {

using frames::Code;

namespace {

// PyYAML's implicit resolvers (resolver.py), YAML 1.1.
const std::regex& BoolRe() {
  static const std::regex* r = new std::regex("^(?:yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF)$");
  return *r;
}
const std::regex& FloatRe() {
  static const std::regex* r = new std::regex(
      "^(?:[-+]?(?:[0-9][0-9_]*)\\.[0-9_]*(?:[eE][-+][0-9]+)?|\\.[0-9_]+(?:[eE][-+][0-9]+)?|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\\.[0-9_]*"
      "|[-+]?\\.(?:inf|Inf|INF)|\\.(?:nan|NaN|NAN))$");
  return *r;
}
const std::regex& IntRe() {
  static const std::regex* r = new std::regex(
      "^(?:[-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?(?:0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+|[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+)$");
  return *r;
}
const std::regex& NullRe() {
  static const std::regex* r = new std::regex("^(?:~|null|Null|NULL|)$");
  return *r;
}

class Reader {
 public:
  Reader(const std::string& path, ExprHost& host, const ExprLimits& limits, EvalError* err)
      : path_(path), host_(host), limits_(limits), err_(err) {}

  bool Node(const YAML::Node& n, size_t depth, Value* out) {
    if (depth > limits_.max_nesting) return Fail(n, "nested more than " + std::to_string(limits_.max_nesting) + " deep", Code::XACRO_LIMIT_EXCEEDED);
    // Aliases share nodes: every visit counts, so that "billion laughs"
    // documents stop at the container limit.
    if (++visited_ > limits_.max_container_size) {
      return Fail(n, "more than " + std::to_string(limits_.max_container_size) + " values (aliases included)", Code::XACRO_LIMIT_EXCEEDED);
    }
    const std::string& tag = n.Tag();
    switch (n.Type()) {
      case YAML::NodeType::Undefined:
      case YAML::NodeType::Null:
        if (!tag.empty() && tag != "?" && tag != "!" && tag != "tag:yaml.org,2002:null") return Scalar(n, out);
        *out = Value::None();
        return true;
      case YAML::NodeType::Scalar: return Scalar(n, out);
      case YAML::NodeType::Sequence: {
        if (tag != "?" && tag != "!" && tag != "tag:yaml.org,2002:seq") return Fail(n, "could not determine a constructor for the tag '" + tag + "'");
        std::vector<Value> items;
        for (const auto& child : n) {
          Value v;
          if (!Node(child, depth + 1, &v)) return false;
          items.push_back(std::move(v));
        }
        *out = Value::List(std::move(items));
        return true;
      }
      case YAML::NodeType::Map: {
        if (tag != "?" && tag != "!" && tag != "tag:yaml.org,2002:map") return Fail(n, "could not determine a constructor for the tag '" + tag + "'");
        DictItems merged, own;
        for (const auto& kv : n) {
          if (kv.first.IsScalar() && kv.first.Tag() == "?" && kv.first.Scalar() == "<<") {
            // Merge keys (PyYAML's flatten_mapping): a map or a list of maps,
            // merged keys first, the mapping's own keys override them.
            std::vector<YAML::Node> sources;
            if (kv.second.IsMap()) {
              sources.push_back(kv.second);
            } else if (kv.second.IsSequence()) {
              for (const auto& s : kv.second) {
                if (!s.IsMap()) return Fail(s, "expected a mapping for merging");
                sources.push_back(s);
              }
            } else {
              return Fail(kv.second, "expected a mapping or list of mappings for merging");
            }
            // Earlier sources win over later ones.
            for (auto it = sources.rbegin(); it != sources.rend(); ++it) {
              Value m;
              if (!Node(*it, depth + 1, &m)) return false;
              for (const auto& item : m.dict().items()) merged.Set(item.first, item.second);
            }
            continue;
          }
          Value k, v;
          if (!Node(kv.first, depth + 1, &k) || !Node(kv.second, depth + 1, &v)) return false;
          if (!Hashable(k)) return Fail(kv.first, "found unhashable key");
          own.Set(k, std::move(v));
        }
        for (const auto& item : own.items()) merged.Set(item.first, item.second);
        *out = Value::Dict(std::move(merged), /*dotted=*/true);
        return true;
      }
    }
    return Fail(n, "unknown node");
  }

 private:
  const std::string& path_;
  ExprHost& host_;
  const ExprLimits& limits_;
  EvalError* err_;
  size_t visited_ = 0;

  bool Fail(const YAML::Node& n, const std::string& what, Code code = Code::XACRO_YAML_INVALID) {
    err_->code = code;
    YAML::Mark m = n.Mark();
    err_->message = path_ + (m.is_null() ? "" : ":" + std::to_string(m.line + 1)) + ": " + what;
    return false;
  }

  bool Scalar(const YAML::Node& n, Value* out) {
    const std::string& tag = n.Tag();
    std::string s = n.IsNull() ? "" : n.Scalar();
    if (tag == "!" || tag == "tag:yaml.org,2002:str") return *out = Value::Str(s), true;
    if (tag == "!degrees" || tag == "!radians") return Angle(n, s, tag == "!degrees", out);
    if (tag == "?") {
      // Most scalars are names: only those that start as a bool, number or
      // null can resolve to one (PyYAML's resolvers are keyed by first
      // character the same way).
      if (!s.empty() && !std::strchr("yYnNtTfFoO-+0123456789.~", s[0])) return *out = Value::Str(s), true;
      if (std::regex_match(s, BoolRe())) return *out = Value::Bool(s[0] == 'y' || s[0] == 'Y' || s[0] == 't' || s[0] == 'T' || s == "on" || s == "On" || s == "ON"), true;
      if (std::regex_match(s, IntRe())) return Int(n, s, out);
      if (std::regex_match(s, FloatRe())) return Float(s, out);
      if (std::regex_match(s, NullRe())) return *out = Value::None(), true;
      return *out = Value::Str(s), true;
    }
    if (tag == "tag:yaml.org,2002:int") {
      if (!std::regex_match(s, IntRe())) return Fail(n, "invalid literal for int(): " + s);
      return Int(n, s, out);
    }
    if (tag == "tag:yaml.org,2002:float") {
      if (std::regex_match(s, IntRe()) || std::regex_match(s, FloatRe())) {
        if (std::regex_match(s, FloatRe())) return Float(s, out);
        Value i;
        if (!Int(n, s, &i)) return false;
        return *out = Value::Float(static_cast<double>(i.int_value())), true;
      }
      return Fail(n, "could not convert string to float: '" + s + "'");
    }
    if (tag == "tag:yaml.org,2002:bool") {
      if (!std::regex_match(s, BoolRe())) return Fail(n, "invalid bool: " + s);
      return *out = Value::Bool(s[0] == 'y' || s[0] == 'Y' || s[0] == 't' || s[0] == 'T' || s == "on" || s == "On" || s == "ON"), true;
    }
    if (tag == "tag:yaml.org,2002:null") return *out = Value::None(), true;
    return Fail(n, "could not determine a constructor for the tag '" + tag + "'");
  }

  // PyYAML's construct_yaml_int: '_' dropped, sign, 0b/0x/0 (octal), a:b:c.
  bool Int(const YAML::Node& n, std::string s, Value* out) {
    s.erase(std::remove(s.begin(), s.end(), '_'), s.end());
    bool neg = false;
    if (!s.empty() && (s[0] == '-' || s[0] == '+')) {
      neg = s[0] == '-';
      s.erase(0, 1);
    }
    __int128 v = 0;
    auto digits = [&](const std::string& d, int base) {
      __int128 r = 0;
      for (char c : d) {
        int x = std::isdigit(static_cast<unsigned char>(c)) ? c - '0' : std::tolower(c) - 'a' + 10;
        r = r * base + x;
        if (r > (static_cast<__int128>(1) << 64)) return static_cast<__int128>(-1);
      }
      return r;
    };
    if (s == "0") {
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
        if (part < 0) {
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
    if (v < 0 || v > (static_cast<__int128>(1) << 63) || (!neg && v == (static_cast<__int128>(1) << 63))) {
      return Fail(n, "the integer " + n.Scalar() + " is beyond the 64-bit range", Code::XACRO_YAML_INVALID);
    }
    *out = Value::Int(static_cast<int64_t>(neg ? -v : v));
    return true;
  }

  bool Float(std::string s, Value* out) {
    s.erase(std::remove(s.begin(), s.end(), '_'), s.end());
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    double sign = 1;
    if (!s.empty() && (s[0] == '-' || s[0] == '+')) {
      if (s[0] == '-') sign = -1;
      s.erase(0, 1);
    }
    if (s == ".inf") return *out = Value::Float(sign * HUGE_VAL), true;
    if (s == ".nan") return *out = Value::Float(std::nan("")), true;
    if (s.find(':') != std::string::npos) {
      double v = 0;
      size_t start = 0;
      while (true) {
        size_t c = s.find(':', start);
        v = v * 60 + std::strtod(s.substr(start, c == std::string::npos ? std::string::npos : c - start).c_str(), nullptr);
        if (c == std::string::npos) break;
        start = c + 1;
      }
      return *out = Value::Float(sign * v), true;
    }
    return *out = Value::Float(sign * std::strtod(s.c_str(), nullptr)), true;
  }

  // xacro's construct_angle_radians/_degrees: the scalar is an expression
  // over xacro's global symbols (not the properties), made a float.
  bool Angle(const YAML::Node& n, const std::string& s, bool degrees, Value* out) {
    struct GlobalsOnly : ExprHost {
      ExprHost& outer;
      explicit GlobalsOnly(ExprHost& h) : outer(h) {}
      bool LookupName(std::string_view, Value*, EvalError*) override { return false; }
      bool LookupMember(const void* h, std::string_view name, Value* v, EvalError* e) override { return outer.LookupMember(h, name, v, e); }
      bool Arg(std::string_view name, Value* v, EvalError* e) override { return outer.Arg(name, v, e); }
      bool ReadFile(std::string_view f, std::string* t, std::string* p, EvalError* e) override { return outer.ReadFile(f, t, p, e); }
      std::string AbsFilename(std::string_view f) override { return outer.AbsFilename(f); }
      void Message(MessageLevel l, const std::string& t, bool loc) override { outer.Message(l, t, loc); }
    } globals(host_);
    Value v;
    EvalError e;
    if (!Evaluate(s, globals, limits_, &v, &e)) {
      err_->code = e.code == Code::XACRO_EXPRESSION_INVALID ? Code::XACRO_YAML_INVALID : e.code;
      YAML::Mark m = n.Mark();
      err_->message = path_ + (m.is_null() ? "" : ":" + std::to_string(m.line + 1)) + ": " + (degrees ? "!degrees" : "!radians") + " " + e.message;
      return false;
    }
    double d;
    if (v.is_number()) {
      d = v.AsDouble();
    } else {
      return Fail(n, std::string(degrees ? "!degrees" : "!radians") + " value '" + s + "' is not a number (" + v.TypeName() + ")", Code::XACRO_EVALUATION_FAILED);
    }
    if (degrees) d = d * (M_PI / 180.0);
    *out = Value::Float(d);
    return true;
  }
};

}  // namespace

bool LoadYaml(std::string_view text, const std::string& path, ExprHost& host, const ExprLimits& limits, Value* out,
              EvalError* err) {
  std::vector<YAML::Node> docs;
  try {
    docs = YAML::LoadAll(std::string(text));
  } catch (const YAML::Exception& e) {
    err->code = Code::XACRO_YAML_INVALID;
    err->message = path + (e.mark.is_null() ? "" : ":" + std::to_string(e.mark.line + 1)) + ": " + e.msg;
    return false;
  }
  if (docs.empty()) {
    *out = Value::None();
    return true;
  }
  if (docs.size() > 1) {
    err->code = Code::XACRO_YAML_INVALID;
    YAML::Mark m = docs[1].Mark();
    err->message = path + (m.is_null() ? "" : ":" + std::to_string(m.line + 1)) +
                   ": expected a single document in the stream, but found another document";
    return false;
  }
  Reader r(path, host, limits, err);
  try {
    return r.Node(docs[0], 0, out);
  } catch (const YAML::Exception& e) {
    err->code = Code::XACRO_YAML_INVALID;
    err->message = path + (e.mark.is_null() ? "" : ":" + std::to_string(e.mark.line + 1)) + ": " + e.msg;
    return false;
  }
}

}  // namespace xacro
