#include "xacro/expr.h"

#include <algorithm>
#include <charconv>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <numeric>
#include <unordered_map>

#include "xacro/expr_ast.h"
#include "xacro/expr_format.h"
#include "xacro/expr_utf8.h"
#include "xacro/yaml.h"

namespace xacro {

using frames::Code;

class CompiledExpr {
 public:
  std::string source;
  ExprNodePtr root;
};

const std::string& SourceText(const CompiledExpr& expr) { return expr.source; }

namespace {

// ------------------------------------------------------------------ builtins

enum Module { kMath = 0, kPython = 1, kXacro = 2 };

enum BuiltinId {
  // python
  B_LIST, B_DICT, B_MAP, B_LEN, B_STR, B_FLOAT, B_INT, B_MIN, B_MAX, B_ROUND, B_SORTED, B_RANGE,
  B_ABS, B_ALL, B_ANY, B_DIVMOD, B_ENUMERATE, B_FILTER, B_ISINSTANCE, B_ORD, B_REPR, B_REVERSED,
  B_SUM, B_TUPLE, B_ZIP, B_COMPLEX, B_FROZENSET, B_HASH, B_ISSUBCLASS, B_SLICE, B_SET, B_TYPE,
  // math
  M_CEIL, M_FLOOR, M_TRUNC, M_SQRT, M_EXP, M_EXP2, M_EXPM1, M_LOG, M_LOG10, M_LOG2, M_LOG1P, M_POW,
  M_SIN, M_COS, M_TAN, M_ASIN, M_ACOS, M_ATAN, M_ATAN2, M_SINH, M_COSH, M_TANH, M_ASINH, M_ACOSH,
  M_ATANH, M_HYPOT, M_DEGREES, M_RADIANS, M_FABS, M_FMOD, M_COPYSIGN, M_ISNAN, M_ISINF, M_ISFINITE,
  M_ISCLOSE, M_FACTORIAL, M_GCD, M_LCM, M_MODF, M_FREXP, M_LDEXP, M_FSUM, M_PROD, M_ERF, M_ERFC,
  M_GAMMA, M_LGAMMA, M_REMAINDER, M_CBRT, M_ISQRT, M_COMB, M_PERM, M_DIST,
  // xacro
  X_LOAD_YAML, X_ABS_FILENAME, X_DOTIFY, X_ARG, X_MESSAGE, X_WARNING, X_ERROR, X_PRINT_LOCATION,
  X_FATAL, X_TOKENIZE,
  // methods (bound to their value)
  S_FORMAT, S_UPPER, S_LOWER, S_STRIP, S_LSTRIP, S_RSTRIP, S_SPLIT, S_RSPLIT, S_JOIN, S_REPLACE,
  S_STARTSWITH, S_ENDSWITH, S_FIND, S_RFIND, S_INDEX, S_RINDEX, S_COUNT, S_CAPITALIZE, S_TITLE,
  S_SWAPCASE, S_CASEFOLD, S_ISDIGIT, S_ISALPHA, S_ISALNUM, S_ISSPACE, S_ISLOWER, S_ISUPPER,
  S_ISDECIMAL, S_ISNUMERIC, S_ZFILL, S_CENTER, S_LJUST, S_RJUST, S_SPLITLINES, S_PARTITION,
  S_RPARTITION, S_REMOVEPREFIX, S_REMOVESUFFIX,
  D_KEYS, D_VALUES, D_ITEMS, D_GET, D_COPY,
  L_INDEX, L_COUNT, L_COPY,
  F_IS_INTEGER,
  kBuiltinCount
};

constexpr int kDeprecatedBit = 0x10000;

// Names as string_views: == compares lengths first (a const char* ran
// strlen at each of a table's entries).
struct BuiltinName {
  std::string_view name;
  int id;
};

const BuiltinName kPythonNames[] = {
    {"list", B_LIST}, {"dict", B_DICT}, {"map", B_MAP}, {"len", B_LEN}, {"str", B_STR},
    {"float", B_FLOAT}, {"int", B_INT}, {"min", B_MIN}, {"max", B_MAX}, {"round", B_ROUND},
    {"sorted", B_SORTED}, {"range", B_RANGE}, {"abs", B_ABS}, {"all", B_ALL}, {"any", B_ANY},
    {"divmod", B_DIVMOD}, {"enumerate", B_ENUMERATE}, {"filter", B_FILTER},
    {"isinstance", B_ISINSTANCE}, {"ord", B_ORD}, {"repr", B_REPR}, {"reversed", B_REVERSED},
    {"sum", B_SUM}, {"tuple", B_TUPLE}, {"zip", B_ZIP}, {"complex", B_COMPLEX},
    {"frozenset", B_FROZENSET}, {"hash", B_HASH}, {"issubclass", B_ISSUBCLASS}, {"slice", B_SLICE},
    {"set", B_SET}, {"type", B_TYPE}};

// xacro exposes these directly too (without python.).
const BuiltinName kGlobalNames[] = {
    {"list", B_LIST}, {"dict", B_DICT}, {"map", B_MAP}, {"len", B_LEN}, {"str", B_STR},
    {"float", B_FLOAT}, {"int", B_INT}, {"min", B_MIN}, {"max", B_MAX}, {"round", B_ROUND},
    {"sorted", B_SORTED | kDeprecatedBit}, {"range", B_RANGE | kDeprecatedBit},
    {"load_yaml", X_LOAD_YAML | kDeprecatedBit}, {"abs_filename", X_ABS_FILENAME | kDeprecatedBit},
    {"dotify", X_DOTIFY | kDeprecatedBit}};

const BuiltinName kMathNames[] = {
    {"ceil", M_CEIL}, {"floor", M_FLOOR}, {"trunc", M_TRUNC}, {"sqrt", M_SQRT}, {"exp", M_EXP},
    {"exp2", M_EXP2}, {"expm1", M_EXPM1}, {"log", M_LOG}, {"log10", M_LOG10}, {"log2", M_LOG2},
    {"log1p", M_LOG1P}, {"pow", M_POW}, {"sin", M_SIN}, {"cos", M_COS}, {"tan", M_TAN},
    {"asin", M_ASIN}, {"acos", M_ACOS}, {"atan", M_ATAN}, {"atan2", M_ATAN2}, {"sinh", M_SINH},
    {"cosh", M_COSH}, {"tanh", M_TANH}, {"asinh", M_ASINH}, {"acosh", M_ACOSH}, {"atanh", M_ATANH},
    {"hypot", M_HYPOT}, {"degrees", M_DEGREES}, {"radians", M_RADIANS}, {"fabs", M_FABS},
    {"fmod", M_FMOD}, {"copysign", M_COPYSIGN}, {"isnan", M_ISNAN}, {"isinf", M_ISINF},
    {"isfinite", M_ISFINITE}, {"isclose", M_ISCLOSE}, {"factorial", M_FACTORIAL}, {"gcd", M_GCD},
    {"lcm", M_LCM}, {"modf", M_MODF}, {"frexp", M_FREXP}, {"ldexp", M_LDEXP}, {"fsum", M_FSUM},
    {"prod", M_PROD}, {"erf", M_ERF}, {"erfc", M_ERFC}, {"gamma", M_GAMMA}, {"lgamma", M_LGAMMA},
    {"remainder", M_REMAINDER}, {"cbrt", M_CBRT}, {"isqrt", M_ISQRT}, {"comb", M_COMB},
    {"perm", M_PERM}, {"dist", M_DIST}};

const BuiltinName kXacroNames[] = {
    {"load_yaml", X_LOAD_YAML}, {"abs_filename", X_ABS_FILENAME}, {"dotify", X_DOTIFY},
    {"arg", X_ARG}, {"message", X_MESSAGE}, {"warning", X_WARNING}, {"error", X_ERROR},
    {"print_location", X_PRINT_LOCATION}, {"fatal", X_FATAL}, {"tokenize", X_TOKENIZE}};

const BuiltinName kStrMethods[] = {
    {"format", S_FORMAT}, {"upper", S_UPPER}, {"lower", S_LOWER}, {"strip", S_STRIP},
    {"lstrip", S_LSTRIP}, {"rstrip", S_RSTRIP}, {"split", S_SPLIT}, {"rsplit", S_RSPLIT},
    {"join", S_JOIN}, {"replace", S_REPLACE}, {"startswith", S_STARTSWITH},
    {"endswith", S_ENDSWITH}, {"find", S_FIND}, {"rfind", S_RFIND}, {"index", S_INDEX},
    {"rindex", S_RINDEX}, {"count", S_COUNT}, {"capitalize", S_CAPITALIZE}, {"title", S_TITLE},
    {"swapcase", S_SWAPCASE}, {"casefold", S_CASEFOLD}, {"isdigit", S_ISDIGIT},
    {"isalpha", S_ISALPHA}, {"isalnum", S_ISALNUM}, {"isspace", S_ISSPACE}, {"islower", S_ISLOWER},
    {"isupper", S_ISUPPER}, {"isdecimal", S_ISDECIMAL}, {"isnumeric", S_ISNUMERIC},
    {"zfill", S_ZFILL}, {"center", S_CENTER}, {"ljust", S_LJUST}, {"rjust", S_RJUST},
    {"splitlines", S_SPLITLINES}, {"partition", S_PARTITION}, {"rpartition", S_RPARTITION},
    {"removeprefix", S_REMOVEPREFIX}, {"removesuffix", S_REMOVESUFFIX}};
const BuiltinName kDictMethods[] = {
    {"keys", D_KEYS}, {"values", D_VALUES}, {"items", D_ITEMS}, {"get", D_GET}, {"copy", D_COPY}};
const BuiltinName kListMethods[] = {{"index", L_INDEX}, {"count", L_COUNT}, {"copy", L_COPY}};
const BuiltinName kFloatMethods[] = {{"is_integer", F_IS_INTEGER}};

template <size_t N>
int FindName(const BuiltinName (&table)[N], std::string_view name) {
  for (const auto& b : table) {
    if (name.size() == b.name.size() && name[0] == b.name[0] && name == b.name) return b.id;
  }
  return -1;
}

const char* NameOf(int id) {
  id &= ~kDeprecatedBit;
  // By id, made once (error messages and the builtins' arity checks ask).
  static const std::vector<const char*>* names = [] {
    auto* v = new std::vector<const char*>(kBuiltinCount, "?");
    auto add = [&](const auto& table) {
      for (const auto& b : table) {
        const int i = b.id & ~kDeprecatedBit;
        if ((*v)[i][0] == '?') (*v)[i] = b.name.data();
      }
    };
    add(kPythonNames);
    add(kMathNames);
    add(kXacroNames);
    add(kStrMethods);
    add(kDictMethods);
    add(kListMethods);
    add(kFloatMethods);
    return v;
  }();
  return id >= 0 && id < kBuiltinCount ? (*names)[id] : "?";
}

bool MathConstant(std::string_view name, Value* out) {
  if (name == "pi") *out = Value::Float(M_PI);
  else if (name == "e") *out = Value::Float(M_E);
  else if (name == "tau") *out = Value::Float(2 * M_PI);
  else if (name == "inf") *out = Value::Float(HUGE_VAL);
  else if (name == "nan") *out = Value::Float(std::nan(""));
  else return false;
  return true;
}

// What a bare name means when the host has no property of that name: the
// names xacro exposes directly, the math names and constants, and the
// namespaces math, python and xacro.
bool BuiltinValue(std::string_view name, Value* out) {
  // The global names, then the math names, by name; made once (every name
  // node of every expression compiled asks).
  static const auto* const ids = [] {
    auto* m = new std::unordered_map<std::string_view, int>();
    for (const auto& b : kGlobalNames) m->emplace(b.name, b.id);
    for (const auto& b : kMathNames) m->emplace(b.name, b.id);  // emplace keeps the first
    return m;
  }();
  auto it = ids->find(name);
  if (it != ids->end()) return *out = Value::Function(it->second), true;
  if (MathConstant(name, out)) return true;
  if (name == "math") return *out = Value::Module(kMath), true;
  if (name == "python") return *out = Value::Module(kPython), true;
  if (name == "xacro") return *out = Value::Module(kXacro), true;
  return false;
}

// Marks every name node with the builtin it falls back to, and gives every
// attribute node its name as a str (a dotted dict's key), once per compiled
// expression rather than at every evaluation.
void ResolveBuiltins(ExprNode* n) {
  if (n->type == NodeType::kName) n->builtin = BuiltinValue(n->name, &n->value);
  if (n->type == NodeType::kAttr) n->value = Value::Str(n->name);
  for (ExprNodePtr& k : n->kids) ResolveBuiltins(k.get());
  for (CompClause& c : n->clauses) {
    if (c.iter) ResolveBuiltins(c.iter.get());
    for (ExprNodePtr& k : c.conds) ResolveBuiltins(k.get());
  }
}

// Python's whitespace for str.split()/strip() (ASCII and the Unicode spaces).
bool IsSpace(uint32_t c) {
  return c == ' ' || (c >= 0x09 && c <= 0x0D) || (c >= 0x1C && c <= 0x1F) || c == 0x85 || c == 0xA0 ||
         c == 0x1680 || (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029 || c == 0x202F ||
         c == 0x205F || c == 0x3000;
}

std::vector<uint32_t> Decode(std::string_view s) {
  std::vector<uint32_t> out;
  out.reserve(s.size());
  size_t i = 0;
  while (i < s.size()) out.push_back(utf8::Decode(s, &i));
  return out;
}
std::string Encode(const std::vector<uint32_t>& cps, size_t begin, size_t end) {
  std::string out;
  for (size_t i = begin; i < end; ++i) utf8::Append(&out, cps[i]);
  return out;
}

// ------------------------------------------------------------------ evaluator

// The heaviest value an expression may make: one heavier (its printing,
// comparing or hashing would be too costly) is refused.
uint64_t MaxWeight(const ExprLimits& limits) {
  return std::max<uint64_t>(limits.max_string_length, limits.max_container_size) * 2 + 64;
}

struct Args {
  std::vector<Value> pos;
  std::vector<std::pair<std::string, Value>> kw;
};

class Evaluator {
 public:
  Evaluator(const std::string& src, ExprHost& host, const ExprLimits& limits, EvalError* err)
      : src_(src), host_(host), limits_(limits), err_(err) {}

  bool LiteralInt(const std::string& s, Value* out) { return ParseInt(s, 10, out); }
  bool LiteralFloat(const std::string& s, Value* out) {
    double d;
    if (!ParseFloat(s, &d)) return false;
    *out = Value::Float(d);
    return true;
  }

  bool Run(const ExprNode& root, Value* out) {
    if (!Eval(root, out)) {
      if (!host_error_) err_->message = "in expression '" + src_ + "': " + err_->message;
      return false;
    }
    return true;
  }

 private:
  const std::string& src_;
  ExprHost& host_;
  const ExprLimits& limits_;
  EvalError* err_;
  bool host_error_ = false;
  size_t steps_ = 0;
  // The heaviest value an expression may make (Eval).
  const uint64_t max_weight_ = MaxWeight(limits_);
  std::vector<std::pair<std::string, Value>> locals_;

  bool Fail(Code code, std::string msg) {
    err_->code = code;
    err_->message = std::move(msg);
    return false;
  }
  bool TypeError(std::string msg) { return Fail(Code::XACRO_EVALUATION_FAILED, "TypeError: " + msg); }
  bool ValueError(std::string msg) { return Fail(Code::XACRO_EVALUATION_FAILED, "ValueError: " + msg); }
  bool Overflow() { return Fail(Code::XACRO_INTEGER_OVERFLOW, "OverflowError: int result beyond the 64-bit range (ints here are 64-bit)"); }
  bool Limit(std::string what) { return Fail(Code::XACRO_LIMIT_EXCEEDED, what); }
  bool HostFailed() {
    host_error_ = true;
    return false;
  }
  bool Step(size_t n = 1) {
    steps_ += n;
    return steps_ <= limits_.max_steps || TooManySteps();
  }
  [[gnu::noinline, gnu::cold]] bool TooManySteps() {
    return Limit("more than " + std::to_string(limits_.max_steps) + " evaluation steps");
  }
  bool CheckStr(size_t bytes) {
    if (bytes > limits_.max_string_length) return Limit("a string longer than " + std::to_string(limits_.max_string_length) + " bytes");
    return true;
  }
  bool CheckSize(uint64_t n) {
    if (n > limits_.max_container_size) return Limit("a container of more than " + std::to_string(limits_.max_container_size) + " items");
    return Step(static_cast<size_t>(n));
  }
  Value MakeStr(std::string s) { return Value::Str(std::move(s)); }

  // ---------------------------------------------------------------- names
  bool LookupName(const ExprNode& n, Value* out) {
    const std::string& name = n.name;
    for (auto it = locals_.rbegin(); it != locals_.rend(); ++it) {
      if (it->first == name) {
        *out = it->second;
        return true;
      }
    }
    EvalError herr;
    if (host_.LookupName(name, out, &herr)) return true;
    if (!herr.message.empty()) {
      *err_ = herr;
      return HostFailed();
    }
    if (n.builtin) return *out = n.value, true;
    if (IsForbiddenName(name)) {
      return Fail(Code::XACRO_EXPRESSION_FORBIDDEN, "the name '" + name + "' is not available in xacro expressions (they never execute code)");
    }
    return Fail(Code::XACRO_NAME_UNDEFINED, "NameError: name '" + name + "' is not defined");
  }

  // key: the name as a str Value, when the caller has one made (a compiled
  // attribute node's), for a dotted dict's lookup.
  bool GetAttr(const Value& obj, const std::string& name, Value* out, const Value* key = nullptr) {
    if (name.size() >= 2 && name[0] == '_' && name[1] == '_') {
      return Fail(Code::XACRO_EXPRESSION_FORBIDDEN, "access to '" + name + "' is not allowed");
    }
    int id = -1;
    switch (obj.kind()) {
      case Value::Kind::kModule: {
        if (obj.module_id() == kMath) {
          if (MathConstant(name, out)) return true;
          id = FindName(kMathNames, name);
        } else if (obj.module_id() == kPython) {
          if (name == "True" || name == "False") return *out = Value::Bool(name == "True"), true;
          id = FindName(kPythonNames, name);
        } else {
          id = FindName(kXacroNames, name);
        }
        if (id >= 0) return *out = Value::Function(id), true;
        static const char* const kModuleNames[] = {"math", "python", "xacro"};
        if (obj.module_id() == kMath) {
          return Fail(Code::XACRO_NAME_UNDEFINED, std::string("AttributeError: module 'math' has no attribute '") + name + "'");
        }
        return Fail(Code::XACRO_NAME_UNDEFINED, std::string("NameError: name '") + name + "' is not defined (in namespace " + kModuleNames[obj.module_id()] + ")");
      }
      case Value::Kind::kNamespace: {
        EvalError herr;
        herr.message.clear();
        if (host_.LookupMember(obj.ns_handle(), name, out, &herr)) return true;
        if (!herr.message.empty()) {
          *err_ = herr;
          return HostFailed();
        }
        return Fail(Code::XACRO_NAME_UNDEFINED, "NameError: name '" + name + "' is not defined");
      }
      case Value::Kind::kStr: id = FindName(kStrMethods, name); break;
      case Value::Kind::kDict:
        id = FindName(kDictMethods, name);
        if (id < 0 && obj.dotted()) return DottedGet(obj, key ? *key : Value::Str(name), out);
        break;
      case Value::Kind::kList: id = FindName(kListMethods, name); break;
      case Value::Kind::kTuple: id = name == "index" ? L_INDEX : name == "count" ? L_COUNT : -1; break;
      case Value::Kind::kFloat: id = FindName(kFloatMethods, name); break;
      default: break;
    }
    if (id >= 0) return *out = Value::Function(id, obj), true;
    if (obj.kind() == Value::Kind::kList &&
        (name == "append" || name == "extend" || name == "insert" || name == "pop" || name == "remove" ||
         name == "sort" || name == "reverse" || name == "clear")) {
      return Fail(Code::XACRO_EXPRESSION_INVALID, "list." + name + "() is not supported: values are immutable here");
    }
    return Fail(Code::XACRO_EVALUATION_FAILED, "AttributeError: '" + obj.TypeName() + "' object has no attribute '" + name + "'");
  }

  bool DottedGet(const Value& dict, const Value& key, Value* out) {
    const Value* v = dict.dict().Find(key);
    if (!v) {
      if (!Hashable(key)) return TypeError("unhashable type: '" + key.TypeName() + "'");
      return Fail(Code::XACRO_EVALUATION_FAILED, "AttributeError: The yaml dictionary has no key '" + Str(key) + "'");
    }
    *out = *v;
    return true;
  }

  // ---------------------------------------------------------------- iteration
  bool Iterate(const Value& v, std::vector<Value>* out) {
    switch (v.kind()) {
      case Value::Kind::kList:
      case Value::Kind::kTuple:
      case Value::Kind::kIterator:
        if (!Step(v.items().size())) return false;
        *out = v.items();
        return true;
      case Value::Kind::kDict:
        if (!Step(v.dict().size())) return false;
        out->clear();
        for (const auto& kv : v.dict().items()) out->push_back(kv.first);
        return true;
      case Value::Kind::kStr: {
        if (!Step(v.str().size())) return false;
        out->clear();
        size_t i = 0;
        const std::string& s = v.str();
        while (i < s.size()) {
          size_t start = i;
          utf8::Decode(s, &i);
          out->push_back(Value::Str(s.substr(start, i - start)));
        }
        return true;
      }
      case Value::Kind::kRange: {
        int64_t n = v.RangeLength();
        if (!CheckSize(static_cast<uint64_t>(n))) return false;
        out->clear();
        out->reserve(static_cast<size_t>(n));
        for (int64_t k = 0; k < n; ++k) {
          out->push_back(Value::Int(static_cast<int64_t>(v.range_start() + static_cast<__int128>(k) * v.range_step())));
        }
        return true;
      }
      default: return TypeError("'" + v.TypeName() + "' object is not iterable");
    }
  }

  // ---------------------------------------------------------------- numbers
  static bool IsInt(const Value& v) { return v.kind() == Value::Kind::kInt || v.kind() == Value::Kind::kBool; }

  bool FloatToInt(double d, int64_t* out) {
    if (std::isnan(d)) return ValueError("cannot convert float NaN to integer");
    if (std::isinf(d)) return Fail(Code::XACRO_INTEGER_OVERFLOW, "OverflowError: cannot convert float infinity to integer");
    double t = std::trunc(d);
    if (t < -9223372036854775808.0 || t >= 9223372036854775808.0) return Overflow();
    *out = static_cast<int64_t>(t);
    return true;
  }

  // -1, 0, 1, or 2 when unordered (NaN).
  static int NumCompare(const Value& a, const Value& b) {
    if (IsInt(a) && IsInt(b)) return a.int_value() < b.int_value() ? -1 : a.int_value() > b.int_value();
    if (a.kind() == Value::Kind::kFloat && b.kind() == Value::Kind::kFloat) {
      double x = a.float_value(), y = b.float_value();
      if (std::isnan(x) || std::isnan(y)) return 2;
      return x < y ? -1 : x > y;
    }
    bool flip = a.kind() == Value::Kind::kFloat;
    int64_t i = flip ? b.int_value() : a.int_value();
    double d = flip ? a.float_value() : b.float_value();
    int r;
    if (std::isnan(d)) return 2;
    if (d >= 9223372036854775808.0) {
      r = -1;
    } else if (d < -9223372036854775808.0) {
      r = 1;
    } else {
      double fl = std::floor(d);
      int64_t fi = static_cast<int64_t>(fl);
      if (i < fi) r = -1;
      else if (i > fi) r = 1;
      else r = (d > fl) ? -1 : 0;
    }
    return flip ? -r : r;
  }

  bool Arith(Op op, const Value& a, const Value& b, Value* out) {
    if (a.is_number() && b.is_number()) {
      if (IsInt(a) && IsInt(b) && op != Op::kDiv) return IntArith(op, a, b, out);
      if (IsInt(a) && IsInt(b)) {
        // int / int: Python rounds the exact quotient once; beyond 2**53
        // the operands are not exact doubles, so divide in long double.
        if (b.int_value() == 0) return Fail(Code::XACRO_EVALUATION_FAILED, "ZeroDivisionError: division by zero");
        constexpr int64_t kExact = int64_t{1} << 53;
        int64_t x = a.int_value(), y = b.int_value();
        if (x > -kExact && x < kExact && y > -kExact && y < kExact) {
          return *out = Value::Float(static_cast<double>(x) / static_cast<double>(y)), true;
        }
        return *out = Value::Float(static_cast<double>(static_cast<long double>(x) / static_cast<long double>(y))), true;
      }
      if (op == Op::kLShift || op == Op::kRShift || op == Op::kBitAnd || op == Op::kBitOr || op == Op::kBitXor) {
        return BadOperands(op, a, b);
      }
      return FloatArith(op, a.AsDouble(), b.AsDouble(), out);
    }
    Value::Kind ka = a.kind(), kb = b.kind();
    if (op == Op::kAdd) {
      if (ka == Value::Kind::kStr && kb == Value::Kind::kStr) {
        if (!CheckStr(a.str().size() + b.str().size())) return false;
        return *out = MakeStr(a.str() + b.str()), true;
      }
      if ((ka == Value::Kind::kList || ka == Value::Kind::kTuple) && ka == kb) {
        if (!CheckSize(a.items().size() + b.items().size())) return false;
        std::vector<Value> items = a.items();
        items.insert(items.end(), b.items().begin(), b.items().end());
        *out = ka == Value::Kind::kList ? Value::List(std::move(items)) : Value::Tuple(std::move(items));
        return true;
      }
      if (ka == Value::Kind::kStr || ka == Value::Kind::kList || ka == Value::Kind::kTuple) {
        return TypeError("can only concatenate " + a.TypeName() + " (not \"" + b.TypeName() + "\") to " + a.TypeName());
      }
    }
    if (op == Op::kMul) {
      const Value* seq = nullptr;
      const Value* n = nullptr;
      if (IsInt(b) && (ka == Value::Kind::kStr || ka == Value::Kind::kList || ka == Value::Kind::kTuple)) seq = &a, n = &b;
      if (IsInt(a) && (kb == Value::Kind::kStr || kb == Value::Kind::kList || kb == Value::Kind::kTuple)) seq = &b, n = &a;
      if (seq) {
        int64_t count = std::max<int64_t>(0, n->int_value());
        // An empty sequence repeated any number of times is empty: no loop.
        if (seq->kind() == Value::Kind::kStr ? seq->str().empty() : seq->items().empty()) count = 0;
        if (seq->kind() == Value::Kind::kStr) {
          uint64_t total = static_cast<uint64_t>(count) * seq->str().size();
          if (count > 0 && total / static_cast<uint64_t>(count) != seq->str().size()) return CheckStr(SIZE_MAX);
          if (!CheckStr(total) || !Step(total / 64)) return false;
          std::string s;
          s.reserve(total);
          for (int64_t i = 0; i < count; ++i) s += seq->str();
          return *out = MakeStr(std::move(s)), true;
        }
        uint64_t total = static_cast<uint64_t>(count) * seq->items().size();
        if (count > 0 && total / static_cast<uint64_t>(count) != seq->items().size()) return CheckSize(UINT64_MAX);
        if (!CheckSize(total)) return false;
        std::vector<Value> items;
        items.reserve(total);
        for (int64_t i = 0; i < count; ++i) items.insert(items.end(), seq->items().begin(), seq->items().end());
        *out = seq->kind() == Value::Kind::kList ? Value::List(std::move(items)) : Value::Tuple(std::move(items));
        return true;
      }
      if ((ka == Value::Kind::kStr || ka == Value::Kind::kList || ka == Value::Kind::kTuple) && kb == Value::Kind::kFloat) {
        return TypeError("can't multiply sequence by non-int of type 'float'");
      }
    }
    if (op == Op::kMod && ka == Value::Kind::kStr) {
      std::string s, msg;
      bool limit = false;
      if (!PercentFormat(a.str(), b, limits_, &s, &msg, &limit)) {
        if (limit) return Limit("a %-formatted string longer than " + std::to_string(limits_.max_string_length) + " bytes");
        return Fail(Code::XACRO_EVALUATION_FAILED, msg);
      }
      return *out = MakeStr(std::move(s)), true;
    }
    return BadOperands(op, a, b);
  }

  static const char* OpText(Op op) {
    switch (op) {
      case Op::kAdd: return "+";
      case Op::kSub: return "-";
      case Op::kMul: return "*";
      case Op::kDiv: return "/";
      case Op::kFloorDiv: return "//";
      case Op::kMod: return "%";
      case Op::kPow: return "** or pow()";
      case Op::kLShift: return "<<";
      case Op::kRShift: return ">>";
      case Op::kBitAnd: return "&";
      case Op::kBitOr: return "|";
      case Op::kBitXor: return "^";
      default: return "?";
    }
  }
  bool BadOperands(Op op, const Value& a, const Value& b) {
    return TypeError(std::string("unsupported operand type(s) for ") + OpText(op) + ": '" + a.TypeName() + "' and '" + b.TypeName() + "'");
  }

  bool IntArith(Op op, const Value& av, const Value& bv, Value* out) {
    int64_t a = av.int_value(), b = bv.int_value(), r = 0;
    switch (op) {
      case Op::kAdd: if (__builtin_add_overflow(a, b, &r)) return Overflow(); break;
      case Op::kSub: if (__builtin_sub_overflow(a, b, &r)) return Overflow(); break;
      case Op::kMul: if (__builtin_mul_overflow(a, b, &r)) return Overflow(); break;
      case Op::kFloorDiv:
      case Op::kMod: {
        if (b == 0) {
          return Fail(Code::XACRO_EVALUATION_FAILED, op == Op::kMod ? "ZeroDivisionError: integer modulo by zero"
                                                                    : "ZeroDivisionError: integer division or modulo by zero");
        }
        if (b == -1) {
          if (op == Op::kMod) return *out = Value::Int(0), true;
          if (a == INT64_MIN) return Overflow();
          return *out = Value::Int(-a), true;
        }
        int64_t q = a / b, m = a % b;
        if (m != 0 && ((m < 0) != (b < 0))) {
          --q;
          m += b;
        }
        r = op == Op::kMod ? m : q;
        break;
      }
      case Op::kPow: {
        if (b < 0) {
          if (a == 0) return Fail(Code::XACRO_EVALUATION_FAILED, "ZeroDivisionError: 0.0 cannot be raised to a negative power");
          return FloatArith(op, static_cast<double>(a), static_cast<double>(b), out);
        }
        int64_t base = a, result = 1, e = b;
        while (e > 0) {
          if (e & 1) {
            if (__builtin_mul_overflow(result, base, &result)) return Overflow();
          }
          e >>= 1;
          if (e > 0 && __builtin_mul_overflow(base, base, &base)) return Overflow();
        }
        r = result;
        break;
      }
      case Op::kLShift:
        if (b < 0) return ValueError("negative shift count");
        if (a == 0) {
          r = 0;
        } else {
          if (b >= 63) return Overflow();
          r = static_cast<int64_t>(static_cast<uint64_t>(a) << b);
          if ((r >> b) != a) return Overflow();
        }
        break;
      case Op::kRShift:
        if (b < 0) return ValueError("negative shift count");
        r = b >= 63 ? (a < 0 ? -1 : 0) : (a >> b);
        break;
      case Op::kBitAnd: r = a & b; break;
      case Op::kBitOr: r = a | b; break;
      case Op::kBitXor: r = a ^ b; break;
      default: return BadOperands(op, av, bv);
    }
    if (av.kind() == Value::Kind::kBool && bv.kind() == Value::Kind::kBool &&
        (op == Op::kBitAnd || op == Op::kBitOr || op == Op::kBitXor)) {
      return *out = Value::Bool(r != 0), true;
    }
    *out = Value::Int(r);
    return true;
  }

  bool FloatArith(Op op, double a, double b, Value* out) {
    double r;
    switch (op) {
      case Op::kAdd: r = a + b; break;
      case Op::kSub: r = a - b; break;
      case Op::kMul: r = a * b; break;
      case Op::kDiv:
        if (b == 0) return Fail(Code::XACRO_EVALUATION_FAILED, "ZeroDivisionError: division by zero");
        r = a / b;
        break;
      case Op::kFloorDiv:
      case Op::kMod: {
        if (b == 0) {
          return Fail(Code::XACRO_EVALUATION_FAILED, op == Op::kMod ? "ZeroDivisionError: float modulo" : "ZeroDivisionError: float floor division by zero");
        }
        double mod = std::fmod(a, b);
        double div = (a - mod) / b;
        if (mod != 0) {
          if ((b < 0) != (mod < 0)) {
            mod += b;
            div -= 1.0;
          }
        } else {
          mod = std::copysign(0.0, b);
        }
        double floordiv;
        if (div != 0) {
          floordiv = std::floor(div);
          if (div - floordiv > 0.5) floordiv += 1.0;
        } else {
          floordiv = std::copysign(0.0, a / b);
        }
        r = op == Op::kMod ? mod : floordiv;
        break;
      }
      case Op::kPow: {
        if (a == 0 && b < 0) return Fail(Code::XACRO_EVALUATION_FAILED, "ZeroDivisionError: 0.0 cannot be raised to a negative power");
        if (a < 0 && std::isfinite(a) && std::isfinite(b) && b != std::floor(b)) {
          return Fail(Code::XACRO_EVALUATION_FAILED, "ValueError: a negative number raised to a fractional power is complex, which is not supported");
        }
        r = std::pow(a, b);
        if (std::isinf(r) && std::isfinite(a) && std::isfinite(b)) {
          return Fail(Code::XACRO_EVALUATION_FAILED, "OverflowError: (34, 'Numerical result out of range')");
        }
        break;
      }
      default: return TypeError(std::string("unsupported operand type(s) for ") + OpText(op) + ": 'float' and 'float'");
    }
    *out = Value::Float(r);
    return true;
  }

  // Python's a < b etc. for the ordering operators.
  bool Order(Op op, const Value& a, const Value& b, bool* result) {
    int c;
    if (a.is_number() && b.is_number()) {
      c = NumCompare(a, b);
      if (c == 2) return *result = false, true;
    } else if (a.kind() == Value::Kind::kStr && b.kind() == Value::Kind::kStr) {
      int k = a.str().compare(b.str());
      c = k < 0 ? -1 : k > 0;
    } else if ((a.kind() == Value::Kind::kList || a.kind() == Value::Kind::kTuple) && a.kind() == b.kind()) {
      const auto& x = a.items();
      const auto& y = b.items();
      size_t i = 0;
      while (i < x.size() && i < y.size() && Equal(x[i], y[i])) ++i;
      if (i < x.size() && i < y.size()) return Order(op, x[i], y[i], result);
      c = x.size() < y.size() ? -1 : x.size() > y.size();
    } else {
      const char* t = op == Op::kLt ? "<" : op == Op::kGt ? ">" : op == Op::kLe ? "<=" : ">=";
      return TypeError(std::string("'") + t + "' not supported between instances of '" + a.TypeName() + "' and '" + b.TypeName() + "'");
    }
    switch (op) {
      case Op::kLt: *result = c < 0; break;
      case Op::kGt: *result = c > 0; break;
      case Op::kLe: *result = c <= 0; break;
      default: *result = c >= 0; break;
    }
    return true;
  }

  bool Contains(const Value& container, const Value& item, bool* result) {
    switch (container.kind()) {
      case Value::Kind::kStr:
        if (item.kind() != Value::Kind::kStr) return TypeError("'in <string>' requires string as left operand, not " + item.TypeName());
        *result = container.str().find(item.str()) != std::string::npos;
        return Step(container.str().size() / 64);
      case Value::Kind::kDict:
        if (!Hashable(item)) return TypeError("unhashable type: '" + item.TypeName() + "'");
        *result = container.dict().Find(item) != nullptr;
        return true;
      case Value::Kind::kRange: {
        *result = false;
        if (!item.is_number()) return true;
        int64_t n = container.RangeLength();
        if (item.kind() == Value::Kind::kFloat) {
          double d = item.float_value();
          if (d != std::floor(d) || !std::isfinite(d) || std::fabs(d) > 9e18) return true;
        }
        int64_t v = item.kind() == Value::Kind::kFloat ? static_cast<int64_t>(item.float_value()) : item.int_value();
        int64_t start = container.range_start(), step = container.range_step();
        if (n == 0) return true;
        __int128 off = static_cast<__int128>(v) - start;
        if (off % step != 0) return true;
        __int128 k = off / step;
        *result = k >= 0 && k < n;
        return true;
      }
      case Value::Kind::kList:
      case Value::Kind::kTuple:
      case Value::Kind::kIterator:
        if (!Step(container.items().size())) return false;
        *result = false;
        for (const Value& v : container.items()) {
          if (Equal(v, item)) return *result = true, true;
        }
        return true;
      default: return TypeError("argument of type '" + container.TypeName() + "' is not iterable");
    }
  }

  // ---------------------------------------------------------------- indexing
  bool NormIndex(int64_t i, size_t n, const char* what, size_t* out) {
    int64_t len = static_cast<int64_t>(n);
    if (i < 0) i += len;
    if (i < 0 || i >= len) return Fail(Code::XACRO_EVALUATION_FAILED, std::string("IndexError: ") + what + " index out of range");
    *out = static_cast<size_t>(i);
    return true;
  }

  bool SliceBound(const Value& v, int64_t* out, bool* present) {
    *present = !v.is_none();
    if (!*present) return true;
    if (!IsInt(v)) return TypeError("slice indices must be integers or None or have an __index__ method");
    *out = v.int_value();
    return true;
  }

  // Python's slice.indices(n): the positions selected.
  bool SliceIndices(const ExprNode& slice, size_t n, std::vector<size_t>* idx) {
    Value vs[3];
    for (int k = 0; k < 3; ++k) {
      if (!Eval(*slice.kids[k], &vs[k])) return false;
    }
    int64_t start = 0, stop = 0, step = 1;
    bool has_start, has_stop, has_step;
    if (!SliceBound(vs[0], &start, &has_start) || !SliceBound(vs[1], &stop, &has_stop) || !SliceBound(vs[2], &step, &has_step)) return false;
    if (!has_step) step = 1;
    if (step == 0) return ValueError("slice step cannot be zero");
    int64_t len = static_cast<int64_t>(n);
    auto adjust = [&](bool has, int64_t v, int64_t dflt) {
      if (!has) return dflt;
      if (v < 0) {
        v += len;
        if (v < 0) v = step < 0 ? -1 : 0;
      } else if (v >= len) {
        v = step < 0 ? len - 1 : len;
      }
      return v;
    };
    start = adjust(has_start, start, step < 0 ? len - 1 : 0);
    stop = adjust(has_stop, stop, step < 0 ? -1 : len);
    idx->clear();
    // In 128 bits: start + step may pass the int64 range (step 2**63 - 1).
    if (step > 0) {
      for (__int128 i = start; i < stop; i += step) idx->push_back(static_cast<size_t>(i));
    } else {
      for (__int128 i = start; i > stop; i += step) idx->push_back(static_cast<size_t>(i));
    }
    return Step(idx->size());
  }

  bool Subscript(const ExprNode& node, Value* out) {
    Value obj;
    if (!Eval(*node.kids[0], &obj)) return false;
    const ExprNode& index = *node.kids[1];
    if (index.type == NodeType::kSlice) {
      std::vector<size_t> idx;
      switch (obj.kind()) {
        case Value::Kind::kStr: {
          const std::string& s = obj.str();
          bool ascii = utf8::IsAscii(s);
          std::vector<size_t> off;
          if (!ascii) off = utf8::Offsets(s);
          size_t n = ascii ? s.size() : off.size() - 1;
          if (!SliceIndices(index, n, &idx)) return false;
          std::string r;
          for (size_t i : idx) {
            if (ascii) r.push_back(s[i]);
            else r.append(s, off[i], off[i + 1] - off[i]);
          }
          return *out = MakeStr(std::move(r)), true;
        }
        case Value::Kind::kList:
        case Value::Kind::kTuple: {
          if (!SliceIndices(index, obj.items().size(), &idx)) return false;
          std::vector<Value> items;
          items.reserve(idx.size());
          for (size_t i : idx) items.push_back(obj.items()[i]);
          *out = obj.kind() == Value::Kind::kList ? Value::List(std::move(items)) : Value::Tuple(std::move(items));
          return true;
        }
        case Value::Kind::kRange: {
          std::vector<Value> all;
          if (!Iterate(obj, &all)) return false;
          if (!SliceIndices(index, all.size(), &idx)) return false;
          // Python returns a range; printing it needs start/stop/step.
          int64_t n = static_cast<int64_t>(idx.size());
          if (n == 0) return *out = Value::Range(0, 0, 1), true;
          int64_t first = all[idx[0]].int_value();
          int64_t step = n > 1 ? all[idx[1]].int_value() - first : obj.range_step();
          __int128 stop = static_cast<__int128>(first) + static_cast<__int128>(n) * step;
          if (stop > INT64_MAX || stop < INT64_MIN) return Overflow();
          return *out = Value::Range(first, static_cast<int64_t>(stop), step), true;
        }
        case Value::Kind::kDict: return TypeError("unhashable type: 'slice'");
        default: return TypeError("'" + obj.TypeName() + "' object is not subscriptable");
      }
    }
    Value key;
    if (!Eval(index, &key)) return false;
    switch (obj.kind()) {
      case Value::Kind::kList:
      case Value::Kind::kTuple:
      case Value::Kind::kStr:
      case Value::Kind::kRange: {
        if (!IsInt(key)) {
          return TypeError(obj.TypeName() + " indices must be integers or slices, not " + key.TypeName());
        }
        size_t i;
        if (obj.kind() == Value::Kind::kStr) {
          const std::string& s = obj.str();
          if (utf8::IsAscii(s)) {
            if (!NormIndex(key.int_value(), s.size(), "string", &i)) return false;
            return *out = MakeStr(std::string(1, s[i])), true;
          }
          std::vector<size_t> off = utf8::Offsets(s);
          if (!NormIndex(key.int_value(), off.size() - 1, "string", &i)) return false;
          return *out = MakeStr(s.substr(off[i], off[i + 1] - off[i])), true;
        }
        if (obj.kind() == Value::Kind::kRange) {
          if (!NormIndex(key.int_value(), static_cast<size_t>(obj.RangeLength()), "range object", &i)) return false;
          return *out = Value::Int(static_cast<int64_t>(obj.range_start() + static_cast<__int128>(i) * obj.range_step())), true;
        }
        if (!NormIndex(key.int_value(), obj.items().size(), obj.kind() == Value::Kind::kList ? "list" : "tuple", &i)) return false;
        *out = obj.items()[i];
        return true;
      }
      case Value::Kind::kDict: {
        if (obj.dotted()) return DottedGet(obj, key, out);
        if (!Hashable(key)) return TypeError("unhashable type: '" + key.TypeName() + "'");
        const Value* v = obj.dict().Find(key);
        if (!v) return Fail(Code::XACRO_EVALUATION_FAILED, "KeyError: " + Repr(key));
        *out = *v;
        return true;
      }
      default: return TypeError("'" + obj.TypeName() + "' object is not subscriptable");
    }
  }

  // ---------------------------------------------------------------- comprehensions
  // Runs the clauses from `k` on, calling emit for each binding.
  template <typename Emit>
  bool Clauses(const ExprNode& node, size_t k, Emit emit) {
    if (k == node.clauses.size()) return emit();
    const CompClause& c = node.clauses[k];
    Value iter;
    if (!Eval(*c.iter, &iter)) return false;
    std::vector<Value> items;
    if (!Iterate(iter, &items)) return false;
    size_t mark = locals_.size();
    for (const Value& item : items) {
      if (!Step()) return false;
      locals_.resize(mark);
      if (!c.tuple_target) {
        locals_.emplace_back(c.targets[0], item);
      } else {
        std::vector<Value> parts;
        if (!Iterate(item, &parts)) return false;
        if (parts.size() != c.targets.size()) {
          locals_.resize(mark);
          return ValueError(parts.size() < c.targets.size()
                                ? "not enough values to unpack (expected " + std::to_string(c.targets.size()) + ", got " + std::to_string(parts.size()) + ")"
                                : "too many values to unpack (expected " + std::to_string(c.targets.size()) + ")");
        }
        for (size_t t = 0; t < parts.size(); ++t) locals_.emplace_back(c.targets[t], parts[t]);
      }
      bool keep = true;
      for (const auto& cond : c.conds) {
        Value cv;
        if (!Eval(*cond, &cv)) {
          locals_.resize(mark);
          return false;
        }
        if (!Truthy(cv)) {
          keep = false;
          break;
        }
      }
      if (keep && !Clauses(node, k + 1, emit)) {
        locals_.resize(mark);
        return false;
      }
    }
    locals_.resize(mark);
    return true;
  }

  // ---------------------------------------------------------------- eval
  // Every value an expression makes passes here: one heavier than the
  // limits (its printing, comparing or hashing would be too costly, as
  // [[0] * 10**6] * 10**6 would) is refused before anything uses it.
  bool Eval(const ExprNode& n, Value* out) {
    if (!EvalNode(n, out)) return false;
    return out->weight() <= max_weight_ || TooHeavy();
  }
  [[gnu::noinline, gnu::cold]] bool TooHeavy() {
    return Limit("a value that would print longer than " + std::to_string(max_weight_) + " bytes");
  }

  bool EvalNode(const ExprNode& n, Value* out) {
    if (!Step()) return false;
    switch (n.type) {
      case NodeType::kConst: *out = n.value; return true;
      case NodeType::kName: return LookupName(n, out);
      case NodeType::kAttr: {
        Value obj;
        if (!Eval(*n.kids[0], &obj)) return false;
        return GetAttr(obj, n.name, out, &n.value);
      }
      case NodeType::kSubscript: return Subscript(n, out);
      case NodeType::kSlice: return Fail(Code::XACRO_EXPRESSION_INVALID, "a slice outside brackets");
      case NodeType::kCall: return EvalCall(n, out);
      case NodeType::kUnary: {
        Value v;
        if (!Eval(*n.kids[0], &v)) return false;
        if (!v.is_number() || (n.op == Op::kInvert && v.kind() == Value::Kind::kFloat)) {
          const char* t = n.op == Op::kNeg ? "-" : n.op == Op::kPos ? "+" : "~";
          return TypeError(std::string("bad operand type for unary ") + t + ": '" + v.TypeName() + "'");
        }
        if (v.kind() == Value::Kind::kFloat) {
          *out = Value::Float(n.op == Op::kNeg ? -v.float_value() : v.float_value());
          return true;
        }
        int64_t i = v.int_value();
        if (n.op == Op::kNeg) {
          if (i == INT64_MIN) return Overflow();
          *out = Value::Int(-i);
        } else if (n.op == Op::kPos) {
          *out = Value::Int(i);
        } else {
          *out = Value::Int(~i);
        }
        return true;
      }
      case NodeType::kBinary: {
        Value a, b;
        if (!Eval(*n.kids[0], &a) || !Eval(*n.kids[1], &b)) return false;
        return Arith(n.op, a, b, out);
      }
      case NodeType::kBoolOp: {
        for (size_t i = 0; i < n.kids.size(); ++i) {
          if (!Eval(*n.kids[i], out)) return false;
          bool t = Truthy(*out);
          if (n.op == Op::kAnd ? !t : t) return true;
        }
        return true;
      }
      case NodeType::kNot: {
        Value v;
        if (!Eval(*n.kids[0], &v)) return false;
        *out = Value::Bool(!Truthy(v));
        return true;
      }
      case NodeType::kCompare: {
        Value left;
        if (!Eval(*n.kids[0], &left)) return false;
        for (size_t i = 0; i < n.ops.size(); ++i) {
          Value right;
          if (!Eval(*n.kids[i + 1], &right)) return false;
          bool r;
          switch (n.ops[i]) {
            case Op::kEq: r = Equal(left, right); break;
            case Op::kNe: r = !Equal(left, right); break;
            case Op::kIn:
            case Op::kNotIn:
              if (!Contains(right, left, &r)) return false;
              if (n.ops[i] == Op::kNotIn) r = !r;
              break;
            case Op::kIs:
            case Op::kIsNot:
              r = Identical(left, right);
              if (n.ops[i] == Op::kIsNot) r = !r;
              break;
            default:
              if (!Order(n.ops[i], left, right, &r)) return false;
          }
          if (!r) return *out = Value::Bool(false), true;
          left = std::move(right);
        }
        *out = Value::Bool(true);
        return true;
      }
      case NodeType::kIfExp: {
        Value c;
        if (!Eval(*n.kids[0], &c)) return false;
        return Eval(*n.kids[Truthy(c) ? 1 : 2], out);
      }
      case NodeType::kList:
      case NodeType::kTuple: {
        std::vector<Value> items(n.kids.size());
        for (size_t i = 0; i < n.kids.size(); ++i) {
          if (!Eval(*n.kids[i], &items[i])) return false;
        }
        *out = n.type == NodeType::kList ? Value::List(std::move(items)) : Value::Tuple(std::move(items));
        return true;
      }
      case NodeType::kDict: {
        DictItems d;
        for (size_t i = 0; i < n.kids.size(); i += 2) {
          Value k, v;
          if (!Eval(*n.kids[i], &k) || !Eval(*n.kids[i + 1], &v)) return false;
          if (!d.Set(k, std::move(v))) return TypeError("unhashable type: '" + k.TypeName() + "'");
        }
        *out = Value::Dict(std::move(d));
        return true;
      }
      case NodeType::kListComp:
      case NodeType::kGenExp: {
        std::vector<Value> items;
        bool ok = Clauses(n, 0, [&]() {
          Value v;
          if (!Eval(*n.kids[0], &v)) return false;
          if (items.size() >= limits_.max_container_size) return CheckSize(items.size() + 1);
          items.push_back(std::move(v));
          return true;
        });
        if (!ok) return false;
        *out = n.type == NodeType::kListComp ? Value::List(std::move(items)) : Value::Iterator("generator", std::move(items));
        return true;
      }
      case NodeType::kDictComp: {
        DictItems d;
        bool ok = Clauses(n, 0, [&]() {
          Value k, v;
          if (!Eval(*n.kids[0], &k) || !Eval(*n.kids[1], &v)) return false;
          if (d.size() >= limits_.max_container_size) return CheckSize(d.size() + 1);
          if (!d.Set(k, std::move(v))) return TypeError("unhashable type: '" + k.TypeName() + "'");
          return true;
        });
        if (!ok) return false;
        *out = Value::Dict(std::move(d));
        return true;
      }
    }
    return Fail(Code::XACRO_EXPRESSION_INVALID, "unknown syntax");
  }

  // `is`: identity for None, bools, modules and builtins; for other values
  // (whose identity Python leaves to the implementation) equal and of one kind.
  static bool Identical(const Value& a, const Value& b) {
    if (a.kind() != b.kind()) return false;
    return Equal(a, b);
  }

  bool EvalCall(const ExprNode& n, Value* out) {
    Value f;
    if (!Eval(*n.kids[0], &f)) return false;
    Args args;
    size_t npos = n.kids.size() - 1 - n.keywords.size();
    for (size_t i = 1; i < n.kids.size(); ++i) {
      Value v;
      if (!Eval(*n.kids[i], &v)) return false;
      if (i - 1 < npos) {
        args.pos.push_back(std::move(v));
      } else {
        args.kw.emplace_back(n.keywords[i - 1 - npos], std::move(v));
      }
    }
    return Call(f, args, out);
  }

  // ---------------------------------------------------------------- calls
  bool Call(const Value& f, Args& a, Value* out) {
    if (f.kind() != Value::Kind::kFunction) return TypeError("'" + f.TypeName() + "' object is not callable");
    int id = f.builtin_id();
    if (id & kDeprecatedBit) {
      id &= ~kDeprecatedBit;
      const char* ns = (id == X_LOAD_YAML || id == X_ABS_FILENAME || id == X_DOTIFY) ? "xacro" : "python";
      host_.Message(ExprHost::MessageLevel::kWarning,
                    std::string("Using ") + NameOf(id) + "() directly is deprecated. Use " + ns + "." + NameOf(id) + "() instead.",
                    false);
    }
    return CallBuiltin(id, f.bound_self(), a, out);
  }

  // Argument helpers: name for messages.
  bool Arity(const char* name, const Args& a, size_t min, size_t max, const std::vector<const char*>& kwnames = {}) {
    for (const auto& kv : a.kw) {
      bool ok = false;
      for (const char* k : kwnames) ok = ok || kv.first == k;
      if (!ok) return TypeError(std::string(name) + "() got an unexpected keyword argument '" + kv.first + "'");
    }
    if (a.pos.size() < min) {
      return TypeError(std::string(name) + "() takes " + (min == max ? "exactly " : "at least ") + std::to_string(min) + " argument" + (min == 1 ? "" : "s") + " (" + std::to_string(a.pos.size()) + " given)");
    }
    if (a.pos.size() > max) {
      return TypeError(std::string(name) + "() takes at most " + std::to_string(max) + " argument" + (max == 1 ? "" : "s") + " (" + std::to_string(a.pos.size()) + " given)");
    }
    return true;
  }
  const Value* Kw(const Args& a, const char* name) {
    for (const auto& kv : a.kw) {
      if (kv.first == name) return &kv.second;
    }
    return nullptr;
  }
  bool ToFloat(const Value& v, double* d) {
    if (!v.is_number()) return TypeError("must be real number, not " + v.TypeName());
    *d = v.AsDouble();
    return true;
  }
  bool ToIndex(const Value& v, int64_t* i) {
    if (!IsInt(v)) return TypeError("'" + v.TypeName() + "' object cannot be interpreted as an integer");
    *i = v.int_value();
    return true;
  }

  bool MathResult(double x, double r, bool can_overflow, Value* out) {
    if (std::isnan(r) && !std::isnan(x)) return ValueError("math domain error");
    if (std::isinf(r) && std::isfinite(x)) {
      if (can_overflow) return Fail(Code::XACRO_EVALUATION_FAILED, "OverflowError: math range error");
      return ValueError("math domain error");
    }
    *out = Value::Float(r);
    return true;
  }

  bool ParseInt(const std::string& text, int base, Value* out) {
    auto bad = [&]() { return ValueError("invalid literal for int() with base " + std::to_string(base) + ": " + StrRepr(text)); };
    size_t b = 0, e = text.size();
    while (b < e && IsSpace(static_cast<unsigned char>(text[b]))) ++b;
    while (e > b && IsSpace(static_cast<unsigned char>(text[e - 1]))) --e;
    bool neg = false;
    if (b < e && (text[b] == '+' || text[b] == '-')) neg = text[b++] == '-';
    int bs = base;
    if (e - b >= 2 && text[b] == '0' && std::strchr("xXoObB", text[b + 1])) {
      int pb = std::tolower(text[b + 1]) == 'x' ? 16 : std::tolower(text[b + 1]) == 'o' ? 8 : 2;
      if (base == 0 || base == pb) {
        bs = pb;
        b += 2;
        if (b < e && text[b] == '_') ++b;
      }
    }
    if (bs == 0) bs = 10;
    if (b >= e) return bad();
    if (base == 0 && bs == 10 && text[b] == '0' && text.substr(b, e - b).find_first_not_of("0_") != std::string::npos) return bad();
    unsigned __int128 v = 0;
    bool last_us = true;
    // Beyond int64 the literal is read on, not refused at once: only a
    // whole valid literal overflows ("99999999999999999999.5" is no int,
    // and float() takes it).
    bool overflow = false;
    for (size_t i = b; i < e; ++i) {
      char c = text[i];
      if (c == '_') {
        if (last_us) return bad();
        last_us = true;
        continue;
      }
      int d = std::isdigit(static_cast<unsigned char>(c)) ? c - '0' : std::isalpha(static_cast<unsigned char>(c)) ? std::tolower(c) - 'a' + 10 : 99;
      if (d >= bs) return bad();
      if (!overflow) {
        v = v * bs + d;
        overflow = v > (static_cast<unsigned __int128>(1) << 63);
      }
      last_us = false;
    }
    if (last_us) return bad();
    if (overflow) return Overflow();
    if (!neg && v == (static_cast<unsigned __int128>(1) << 63)) return Overflow();
    *out = Value::Int(neg ? static_cast<int64_t>(-static_cast<__int128>(v)) : static_cast<int64_t>(v));
    return true;
  }

  // Python's float(str).
  bool ParseFloat(const std::string& text, double* out) {
    size_t b = 0, e = text.size();
    while (b < e && IsSpace(static_cast<unsigned char>(text[b]))) ++b;
    while (e > b && IsSpace(static_cast<unsigned char>(text[e - 1]))) --e;
    std::string s = text.substr(b, e - b);
    auto bad = [&]() { return ValueError("could not convert string to float: " + StrRepr(text)); };
    std::string body = s;
    bool neg = false;
    if (!body.empty() && (body[0] == '+' || body[0] == '-')) {
      neg = body[0] == '-';
      body.erase(0, 1);
    }
    std::string lower;
    for (char c : body) lower.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
    if (lower == "inf" || lower == "infinity") return *out = neg ? -HUGE_VAL : HUGE_VAL, true;
    if (lower == "nan") return *out = std::nan(""), true;
    // digits [. digits] [e [sign] digits], underscores only between digits.
    std::string clean;
    size_t i = 0;
    bool any_digit = false;
    auto digits = [&]() {
      bool prev_digit = false;
      size_t n = 0;
      while (i < body.size() && (std::isdigit(static_cast<unsigned char>(body[i])) || body[i] == '_')) {
        if (body[i] == '_') {
          if (!prev_digit || i + 1 >= body.size() || !std::isdigit(static_cast<unsigned char>(body[i + 1]))) return static_cast<size_t>(-1);
          prev_digit = false;
        } else {
          clean.push_back(body[i]);
          prev_digit = true;
          ++n;
        }
        ++i;
      }
      return n;
    };
    size_t n1 = digits();
    if (n1 == static_cast<size_t>(-1)) return bad();
    any_digit = n1 > 0;
    if (i < body.size() && body[i] == '.') {
      clean.push_back('.');
      ++i;
      size_t n2 = digits();
      if (n2 == static_cast<size_t>(-1)) return bad();
      any_digit = any_digit || n2 > 0;
    }
    if (!any_digit) return bad();
    if (i < body.size() && (body[i] == 'e' || body[i] == 'E')) {
      clean.push_back('e');
      ++i;
      if (i < body.size() && (body[i] == '+' || body[i] == '-')) clean.push_back(body[i++]);
      size_t n3 = digits();
      if (n3 == static_cast<size_t>(-1) || n3 == 0) return bad();
    }
    if (i != body.size()) return bad();
    double d = std::strtod(clean.c_str(), nullptr);
    *out = neg ? -d : d;
    return true;
  }

  bool ToIntValue(const Value& v, Value* out) {
    if (IsInt(v)) return *out = Value::Int(v.int_value()), true;
    if (v.kind() == Value::Kind::kFloat) {
      int64_t i = 0;
      if (!FloatToInt(v.float_value(), &i)) return false;
      return *out = Value::Int(i), true;
    }
    if (v.kind() == Value::Kind::kStr) return ParseInt(v.str(), 10, out);
    return TypeError("int() argument must be a string, a bytes-like object or a real number, not '" + v.TypeName() + "'");
  }

  bool ToFloatValue(const Value& v, Value* out) {
    if (v.is_number()) return *out = Value::Float(v.AsDouble()), true;
    if (v.kind() == Value::Kind::kStr) {
      double d;
      if (!ParseFloat(v.str(), &d)) return false;
      return *out = Value::Float(d), true;
    }
    return TypeError("float() argument must be a string or a real number, not '" + v.TypeName() + "'");
  }

  bool Round(const Args& a, Value* out) {
    const Value* nd = a.pos.size() > 1 ? &a.pos[1] : Kw(a, "ndigits");
    const Value& x = a.pos[0];
    if (!x.is_number()) return TypeError("type " + x.TypeName() + " doesn't define __round__ method");
    if (!nd || nd->is_none()) {
      if (IsInt(x)) return *out = Value::Int(x.int_value()), true;
      double r = std::nearbyint(x.float_value());
      int64_t i = 0;
      if (!FloatToInt(r, &i)) return false;
      return *out = Value::Int(i), true;
    }
    int64_t n;
    if (!ToIndex(*nd, &n)) return false;
    if (IsInt(x)) {
      if (n >= 0) return *out = Value::Int(x.int_value()), true;
      if (n < -18) return *out = Value::Int(0), true;
      int64_t p = 1;
      for (int64_t k = 0; k < -n; ++k) p *= 10;
      int64_t v = x.int_value();
      int64_t q = v / p, r = v % p;
      if (r < 0) {
        r += p;
        --q;
      }
      if (2 * r > p || (2 * r == p && (q & 1))) ++q;
      int64_t res;
      if (__builtin_mul_overflow(q, p, &res)) return Overflow();
      return *out = Value::Int(res), true;
    }
    double d = x.float_value();
    if (!std::isfinite(d) || d == 0) return *out = Value::Float(d), true;
    if (n > 308) return *out = Value::Float(d), true;
    if (n >= 0) {
      // Correctly rounded through the decimal string, as CPython does.
      char buf[512];
      std::snprintf(buf, sizeof buf, "%.*f", static_cast<int>(std::min<int64_t>(n, 340)), d);
      double r = std::strtod(buf, nullptr);
      if (std::isinf(r)) return Fail(Code::XACRO_EVALUATION_FAILED, "OverflowError: rounded value too large to represent");
      return *out = Value::Float(r), true;
    }
    if (n < -308) return *out = Value::Float(std::copysign(0.0, d)), true;
    double pow1 = std::pow(10.0, static_cast<double>(-n));
    double y = d / pow1;
    double z = std::round(y);
    if (std::fabs(y - z) == 0.5) z = 2.0 * std::round(y / 2.0);
    double r = z * pow1;
    if (std::isinf(r)) return Fail(Code::XACRO_EVALUATION_FAILED, "OverflowError: rounded value too large to represent");
    return *out = Value::Float(r), true;
  }

  bool MinMax(bool is_min, Args& a, Value* out) {
    const char* name = is_min ? "min" : "max";
    const Value* key = Kw(a, "key");
    const Value* dflt = Kw(a, "default");
    for (const auto& kv : a.kw) {
      if (kv.first != "key" && kv.first != "default") return TypeError(std::string(name) + "() got an unexpected keyword argument '" + kv.first + "'");
    }
    std::vector<Value> items;
    if (a.pos.empty()) return TypeError(std::string(name) + " expected at least 1 argument, got 0");
    if (a.pos.size() == 1) {
      if (!Iterate(a.pos[0], &items)) return false;
    } else {
      if (dflt) return TypeError(std::string("Cannot specify a default for ") + name + "() with multiple positional arguments");
      items = a.pos;
    }
    if (items.empty()) {
      if (dflt) return *out = *dflt, true;
      return ValueError(std::string(name) + "() arg is an empty sequence");
    }
    Value best = items[0], best_key;
    if (!KeyOf(key, best, &best_key)) return false;
    for (size_t i = 1; i < items.size(); ++i) {
      Value k;
      if (!KeyOf(key, items[i], &k)) return false;
      bool better;
      if (!Order(is_min ? Op::kLt : Op::kGt, k, best_key, &better)) return false;
      if (better) {
        best = items[i];
        best_key = k;
      }
    }
    *out = best;
    return true;
  }

  bool KeyOf(const Value* key, const Value& item, Value* out) {
    if (!key || key->is_none()) return *out = item, true;
    Args ka;
    ka.pos.push_back(item);
    return Call(*key, ka, out);
  }

  bool Sorted(Args& a, Value* out) {
    if (!Arity("sorted", a, 1, 1, {"key", "reverse"})) return false;
    std::vector<Value> items;
    if (!Iterate(a.pos[0], &items)) return false;
    const Value* key = Kw(a, "key");
    const Value* rev = Kw(a, "reverse");
    std::vector<std::pair<Value, size_t>> keyed;
    for (size_t i = 0; i < items.size(); ++i) {
      Value k;
      if (!KeyOf(key, items[i], &k)) return false;
      keyed.emplace_back(std::move(k), i);
    }
    bool reverse = rev && Truthy(*rev);
    bool failed = false;
    std::stable_sort(keyed.begin(), keyed.end(), [&](const auto& x, const auto& y) {
      if (failed) return false;
      bool lt;
      if (!Order(Op::kLt, reverse ? y.first : x.first, reverse ? x.first : y.first, &lt)) {
        failed = true;
        return false;
      }
      return lt;
    });
    if (failed) return false;
    if (!Step(items.size() * 8)) return false;
    std::vector<Value> result;
    for (const auto& k : keyed) result.push_back(items[k.second]);
    *out = Value::List(std::move(result));
    return true;
  }

  bool Sum(Args& a, Value* out) {
    if (!Arity("sum", a, 1, 2, {"start"})) return false;
    std::vector<Value> items;
    if (!Iterate(a.pos[0], &items)) return false;
    Value acc = a.pos.size() > 1 ? a.pos[1] : Kw(a, "start") ? *Kw(a, "start") : Value::Int(0);
    if (acc.kind() == Value::Kind::kStr) return TypeError("sum() can't sum strings [use ''.join(seq) instead]");
    // Python sums floats with full precision compensation? No: plain
    // left-to-right addition (CPython's fast path for floats is the same).
    for (const Value& v : items) {
      Value r;
      if (!Arith(Op::kAdd, acc, v, &r)) return false;
      acc = std::move(r);
    }
    *out = acc;
    return true;
  }

  bool ZipMap(int id, Args& a, Value* out) {
    size_t first = id == B_MAP ? 1 : 0;
    if (id == B_MAP && a.pos.size() < 2) return TypeError("map() must have at least two arguments.");
    std::vector<std::vector<Value>> seqs;
    size_t n = SIZE_MAX;
    for (size_t i = first; i < a.pos.size(); ++i) {
      seqs.emplace_back();
      if (!Iterate(a.pos[i], &seqs.back())) return false;
      n = std::min(n, seqs.back().size());
    }
    if (seqs.empty()) n = 0;
    std::vector<Value> items;
    for (size_t k = 0; k < n; ++k) {
      std::vector<Value> row;
      for (const auto& s : seqs) row.push_back(s[k]);
      if (id == B_MAP) {
        Args ca;
        ca.pos = std::move(row);
        Value v;
        if (!Call(a.pos[0], ca, &v)) return false;
        items.push_back(std::move(v));
      } else {
        items.push_back(Value::Tuple(std::move(row)));
      }
    }
    *out = Value::Iterator(id == B_MAP ? "map" : "zip", std::move(items));
    return true;
  }

  bool StrFormat(const std::string& fmt, Args& a, Value* out) {
    std::string r;
    size_t auto_index = 0;
    bool manual = false, automatic = false;
    size_t i = 0;
    while (i < fmt.size()) {
      char c = fmt[i];
      if (c == '}') {
        if (i + 1 < fmt.size() && fmt[i + 1] == '}') {
          r.push_back('}');
          i += 2;
          continue;
        }
        return ValueError("Single '}' encountered in format string");
      }
      if (c != '{') {
        r.push_back(c);
        ++i;
        continue;
      }
      if (i + 1 < fmt.size() && fmt[i + 1] == '{') {
        r.push_back('{');
        i += 2;
        continue;
      }
      // Find the matching '}' (one level of nested {} in the spec).
      size_t j = i + 1;
      int depth = 1;
      while (j < fmt.size() && depth > 0) {
        if (fmt[j] == '{') ++depth;
        else if (fmt[j] == '}') --depth;
        if (depth > 0) ++j;
      }
      if (j >= fmt.size()) return ValueError("expected '}' before end of string");
      std::string field = fmt.substr(i + 1, j - i - 1);
      i = j + 1;
      std::string spec;
      char conv = 0;
      size_t colon = std::string::npos;
      size_t bang = std::string::npos;
      for (size_t k = 0; k < field.size(); ++k) {
        if (field[k] == '[') {
          size_t close = field.find(']', k);
          if (close == std::string::npos) break;
          k = close;
          continue;
        }
        if (field[k] == '!' && bang == std::string::npos) bang = k;
        if (field[k] == ':') {
          colon = k;
          break;
        }
      }
      if (colon != std::string::npos) {
        spec = field.substr(colon + 1);
        field = field.substr(0, colon);
      }
      if (bang != std::string::npos && bang < field.size()) {
        if (bang + 2 != field.size()) return ValueError("expected ':' after conversion specifier");
        conv = field[bang + 1];
        field = field.substr(0, bang);
      }
      // Field name: head then .attr / [key] parts.
      size_t p = 0;
      while (p < field.size() && field[p] != '.' && field[p] != '[') ++p;
      std::string head = field.substr(0, p);
      Value v;
      if (head.empty()) {
        if (manual) return ValueError("cannot switch from manual field specification to automatic field numbering");
        automatic = true;
        if (auto_index >= a.pos.size()) return Fail(Code::XACRO_EVALUATION_FAILED, "IndexError: Replacement index " + std::to_string(auto_index) + " out of range for positional args tuple");
        v = a.pos[auto_index++];
      } else if (std::all_of(head.begin(), head.end(), [](char ch) { return std::isdigit(static_cast<unsigned char>(ch)); })) {
        if (automatic) return ValueError("cannot switch from automatic field numbering to manual field specification");
        manual = true;
        size_t idx = std::strtoull(head.c_str(), nullptr, 10);
        if (head.size() > 9 || idx >= a.pos.size()) return Fail(Code::XACRO_EVALUATION_FAILED, "IndexError: Replacement index " + head + " out of range for positional args tuple");
        v = a.pos[idx];
      } else {
        const Value* kv = Kw(a, head.c_str());
        if (!kv) return Fail(Code::XACRO_EVALUATION_FAILED, "KeyError: " + StrRepr(head));
        v = *kv;
      }
      while (p < field.size()) {
        if (field[p] == '.') {
          size_t q = p + 1;
          while (q < field.size() && field[q] != '.' && field[q] != '[') ++q;
          Value next;
          if (!GetAttr(v, field.substr(p + 1, q - p - 1), &next)) return false;
          v = next;
          p = q;
        } else {
          size_t q = field.find(']', p);
          if (q == std::string::npos) return ValueError("Missing ']' in format string");
          std::string key = field.substr(p + 1, q - p - 1);
          Value k = !key.empty() && std::all_of(key.begin(), key.end(), [](char ch) { return std::isdigit(static_cast<unsigned char>(ch)); })
                        ? Value::Int(std::strtoll(key.c_str(), nullptr, 10))
                        : Value::Str(key);
          ExprNode fake;
          Value next;
          if (v.kind() == Value::Kind::kDict) {
            if (!(v.dotted() ? DottedGet(v, k, &next) : (v.dict().Find(k) ? (next = *v.dict().Find(k), true) : Fail(Code::XACRO_EVALUATION_FAILED, "KeyError: " + Repr(k))))) return false;
          } else if ((v.kind() == Value::Kind::kList || v.kind() == Value::Kind::kTuple) && IsInt(k)) {
            size_t idx;
            if (!NormIndex(k.int_value(), v.items().size(), v.kind() == Value::Kind::kList ? "list" : "tuple", &idx)) return false;
            next = v.items()[idx];
          } else {
            return TypeError("'" + v.TypeName() + "' object is not subscriptable");
          }
          v = next;
          p = q + 1;
        }
      }
      if (conv == 'r' || conv == 'a') v = Value::Str(Repr(v));
      else if (conv == 's') v = Value::Str(Str(v));
      else if (conv) return ValueError(std::string("Unknown conversion specifier ") + conv);
      // Nested fields in the spec.
      if (spec.find('{') != std::string::npos) {
        Value nested;
        Args copy = a;
        std::string sub = spec;
        if (!StrFormat(sub, copy, &nested)) return false;
        spec = nested.str();
      }
      std::string piece, msg;
      bool limit = false;
      if (!FormatSpec(v, spec, limits_, &piece, &msg, &limit)) {
        if (limit) return Limit("a formatted string longer than " + std::to_string(limits_.max_string_length) + " bytes");
        return Fail(Code::XACRO_EVALUATION_FAILED, msg);
      }
      r += piece;
      if (!CheckStr(r.size())) return false;
    }
    *out = MakeStr(std::move(r));
    return true;
  }

  bool CallBuiltin(int id, const Value& self, Args& a, Value* out);
  bool CallStrMethod(int id, const std::string& s, Args& a, Value* out);
  bool CallMath(int id, Args& a, Value* out);
  bool CallXacro(int id, Args& a, Value* out);
};

bool Evaluator::CallMath(int id, Args& a, Value* out) {
  const char* name = NameOf(id);
  auto one = [&](double* x) {
    if (!Arity(name, a, 1, 1)) return false;
    return ToFloat(a.pos[0], x);
  };
  auto two = [&](double* x, double* y) {
    if (!Arity(name, a, 2, 2)) return false;
    return ToFloat(a.pos[0], x) && ToFloat(a.pos[1], y);
  };
  double x, y;
  switch (id) {
    case M_CEIL:
    case M_FLOOR:
    case M_TRUNC: {
      if (!Arity(name, a, 1, 1)) return false;
      if (IsInt(a.pos[0])) return *out = Value::Int(a.pos[0].int_value()), true;
      if (!ToFloat(a.pos[0], &x)) return false;
      double r = id == M_CEIL ? std::ceil(x) : id == M_FLOOR ? std::floor(x) : std::trunc(x);
      int64_t i = 0;
      if (!FloatToInt(r, &i)) return false;
      return *out = Value::Int(i), true;
    }
    case M_SQRT: return one(&x) && MathResult(x, std::sqrt(x), false, out);
    case M_EXP: return one(&x) && MathResult(x, std::exp(x), true, out);
    case M_EXP2: return one(&x) && MathResult(x, std::exp2(x), true, out);
    case M_EXPM1: return one(&x) && MathResult(x, std::expm1(x), true, out);
    case M_LOG: {
      if (!Arity(name, a, 1, 2)) return false;
      if (!ToFloat(a.pos[0], &x)) return false;
      if (x <= 0 && !std::isnan(x)) return ValueError("math domain error");
      double r = std::log(x);
      if (a.pos.size() == 2) {
        if (!ToFloat(a.pos[1], &y)) return false;
        if (y <= 0 && !std::isnan(y)) return ValueError("math domain error");
        double d = std::log(y);
        if (d == 0) return Fail(Code::XACRO_EVALUATION_FAILED, "ZeroDivisionError: float division by zero");
        r /= d;
      }
      return MathResult(x, r, false, out);
    }
    case M_LOG10:
    case M_LOG2:
    case M_LOG1P:
      if (!one(&x)) return false;
      if ((id == M_LOG1P ? x <= -1 : x <= 0) && !std::isnan(x)) return ValueError("math domain error");
      return MathResult(x, id == M_LOG10 ? std::log10(x) : id == M_LOG2 ? std::log2(x) : std::log1p(x), false, out);
    case M_POW: {
      if (!two(&x, &y)) return false;
      if (x == 0 && y < 0) return ValueError("math domain error");
      if (x < 0 && std::isfinite(x) && std::isfinite(y) && y != std::floor(y)) return ValueError("math domain error");
      double r = std::pow(x, y);
      if (std::isinf(r) && std::isfinite(x) && std::isfinite(y)) return Fail(Code::XACRO_EVALUATION_FAILED, "OverflowError: math range error");
      return *out = Value::Float(r), true;
    }
    case M_SIN: return one(&x) && MathResult(x, std::sin(x), false, out);
    case M_COS: return one(&x) && MathResult(x, std::cos(x), false, out);
    case M_TAN: return one(&x) && MathResult(x, std::tan(x), false, out);
    case M_ASIN: return one(&x) && MathResult(x, std::asin(x), false, out);
    case M_ACOS: return one(&x) && MathResult(x, std::acos(x), false, out);
    case M_ATAN: return one(&x) && MathResult(x, std::atan(x), false, out);
    case M_SINH: return one(&x) && MathResult(x, std::sinh(x), true, out);
    case M_COSH: return one(&x) && MathResult(x, std::cosh(x), true, out);
    case M_TANH: return one(&x) && MathResult(x, std::tanh(x), false, out);
    case M_ASINH: return one(&x) && MathResult(x, std::asinh(x), false, out);
    case M_ACOSH: return one(&x) && MathResult(x, std::acosh(x), false, out);
    case M_ATANH:
      if (!one(&x)) return false;
      if (std::fabs(x) >= 1) return ValueError("math domain error");
      return MathResult(x, std::atanh(x), false, out);
    case M_ERF: return one(&x) && MathResult(x, std::erf(x), false, out);
    case M_ERFC: return one(&x) && MathResult(x, std::erfc(x), false, out);
    case M_GAMMA:
      if (!one(&x)) return false;
      if (x <= 0 && x == std::floor(x)) return ValueError("math domain error");
      return MathResult(x, std::tgamma(x), true, out);
    case M_LGAMMA:
      if (!one(&x)) return false;
      if (x <= 0 && x == std::floor(x)) return ValueError("math domain error");
      return MathResult(x, std::lgamma(x), true, out);
    case M_CBRT: return one(&x) && MathResult(x, std::cbrt(x), false, out);
    case M_FABS: return one(&x) && MathResult(x, std::fabs(x), false, out);
    case M_DEGREES: return one(&x) && MathResult(x, x * (180.0 / M_PI), true, out);
    case M_RADIANS: return one(&x) && MathResult(x, x * (M_PI / 180.0), false, out);
    case M_ATAN2: return two(&x, &y) && (*out = Value::Float(std::atan2(x, y)), true);
    case M_COPYSIGN: return two(&x, &y) && (*out = Value::Float(std::copysign(x, y)), true);
    case M_FMOD:
      if (!two(&x, &y)) return false;
      if (y == 0 || std::isinf(x)) {
        if (!std::isnan(x) && !std::isnan(y)) return ValueError("math domain error");
      }
      return *out = Value::Float(std::fmod(x, y)), true;
    case M_REMAINDER:
      if (!two(&x, &y)) return false;
      if ((y == 0 || std::isinf(x)) && !std::isnan(x) && !std::isnan(y)) return ValueError("math domain error");
      return *out = Value::Float(std::remainder(x, y)), true;
    case M_HYPOT: {
      if (!Arity(name, a, 0, SIZE_MAX)) return false;
      double acc = 0;
      std::vector<double> v;
      for (const Value& p : a.pos) {
        if (!ToFloat(p, &x)) return false;
        v.push_back(x);
      }
      if (v.size() == 2) acc = std::hypot(v[0], v[1]);
      else {
        for (double d : v) acc += d * d;
        acc = std::sqrt(acc);
      }
      if (v.size() == 1) acc = std::fabs(v[0]);
      return *out = Value::Float(acc), true;
    }
    case M_DIST: {
      if (!Arity(name, a, 2, 2)) return false;
      std::vector<Value> p, q;
      if (!Iterate(a.pos[0], &p) || !Iterate(a.pos[1], &q)) return false;
      if (p.size() != q.size()) return ValueError("both points must have the same number of dimensions");
      double acc = 0;
      for (size_t i = 0; i < p.size(); ++i) {
        if (!ToFloat(p[i], &x) || !ToFloat(q[i], &y)) return false;
        acc += (x - y) * (x - y);
      }
      return *out = Value::Float(p.size() == 2 ? std::hypot(p[0].AsDouble() - q[0].AsDouble(), p[1].AsDouble() - q[1].AsDouble()) : std::sqrt(acc)), true;
    }
    case M_ISNAN: return one(&x) && (*out = Value::Bool(std::isnan(x)), true);
    case M_ISINF: return one(&x) && (*out = Value::Bool(std::isinf(x)), true);
    case M_ISFINITE: return one(&x) && (*out = Value::Bool(std::isfinite(x)), true);
    case M_ISCLOSE: {
      if (!Arity(name, a, 2, 2, {"rel_tol", "abs_tol"})) return false;
      if (!ToFloat(a.pos[0], &x) || !ToFloat(a.pos[1], &y)) return false;
      double rel = 1e-9, abs_tol = 0;
      if (const Value* r = Kw(a, "rel_tol")) {
        if (!ToFloat(*r, &rel)) return false;
      }
      if (const Value* r = Kw(a, "abs_tol")) {
        if (!ToFloat(*r, &abs_tol)) return false;
      }
      if (rel < 0 || abs_tol < 0) return ValueError("tolerances must be non-negative");
      if (x == y) return *out = Value::Bool(true), true;
      if (std::isinf(x) || std::isinf(y)) return *out = Value::Bool(false), true;
      double diff = std::fabs(y - x);
      bool r = (diff <= std::fabs(rel * y)) || (diff <= std::fabs(rel * x)) || (diff <= abs_tol);
      return *out = Value::Bool(r), true;
    }
    case M_FACTORIAL: {
      if (!Arity(name, a, 1, 1)) return false;
      int64_t n;
      if (!ToIndex(a.pos[0], &n)) return false;
      if (n < 0) return ValueError("factorial() not defined for negative values");
      int64_t r = 1;
      for (int64_t k = 2; k <= n; ++k) {
        if (__builtin_mul_overflow(r, k, &r)) return Overflow();
      }
      return *out = Value::Int(r), true;
    }
    case M_GCD:
    case M_LCM: {
      int64_t acc = id == M_GCD ? 0 : 1;
      for (const Value& v : a.pos) {
        int64_t n;
        if (!ToIndex(v, &n)) return false;
        if (n == INT64_MIN) return Overflow();
        n = n < 0 ? -n : n;
        if (id == M_GCD) {
          acc = std::gcd(acc, n);
        } else {
          if (acc == 0 || n == 0) {
            acc = 0;
          } else {
            int64_t g = std::gcd(acc, n);
            if (__builtin_mul_overflow(acc / g, n, &acc)) return Overflow();
          }
        }
      }
      return *out = Value::Int(acc), true;
    }
    case M_ISQRT: {
      if (!Arity(name, a, 1, 1)) return false;
      int64_t n;
      if (!ToIndex(a.pos[0], &n)) return false;
      if (n < 0) return ValueError("isqrt() argument must be nonnegative");
      int64_t r = static_cast<int64_t>(std::sqrt(static_cast<double>(n)));
      while (r > 0 && static_cast<__int128>(r) * r > n) --r;
      while (static_cast<__int128>(r + 1) * (r + 1) <= n) ++r;
      return *out = Value::Int(r), true;
    }
    case M_COMB:
    case M_PERM: {
      if (!Arity(name, a, id == M_PERM ? 1 : 2, 2)) return false;
      int64_t n, k;
      if (!ToIndex(a.pos[0], &n)) return false;
      if (a.pos.size() > 1) {
        if (!ToIndex(a.pos[1], &k)) return false;
      } else {
        k = n;
      }
      if (n < 0 || k < 0) return ValueError(std::string(name) + "() arguments must be non-negative");
      if (k > n) return *out = Value::Int(0), true;
      if (id == M_COMB && k > n - k) k = n - k;
      __int128 r = 1;
      for (int64_t i = 0; i < k; ++i) {
        r *= (n - i);
        if (id == M_COMB) r /= (i + 1);
        if (r > INT64_MAX) return Overflow();
      }
      return *out = Value::Int(static_cast<int64_t>(r)), true;
    }
    case M_MODF: {
      if (!one(&x)) return false;
      double ip;
      double fp = std::modf(x, &ip);
      return *out = Value::Tuple({Value::Float(fp), Value::Float(ip)}), true;
    }
    case M_FREXP: {
      if (!one(&x)) return false;
      int e = 0;
      double m = std::frexp(x, &e);
      return *out = Value::Tuple({Value::Float(m), Value::Int(e)}), true;
    }
    case M_LDEXP: {
      if (!Arity(name, a, 2, 2)) return false;
      int64_t e;
      if (!ToFloat(a.pos[0], &x) || !ToIndex(a.pos[1], &e)) return false;
      double r = std::ldexp(x, static_cast<int>(std::max<int64_t>(-100000, std::min<int64_t>(100000, e))));
      return MathResult(x, r, true, out);
    }
    case M_FSUM: {
      if (!Arity(name, a, 1, 1)) return false;
      std::vector<Value> items;
      if (!Iterate(a.pos[0], &items)) return false;
      // Neumaier's compensated sum (CPython's fsum is exact; this agrees
      // with it except in contrived cancellations).
      double s = 0, c = 0;
      for (const Value& v : items) {
        if (!ToFloat(v, &x)) return false;
        double t = s + x;
        c += std::fabs(s) >= std::fabs(x) ? (s - t) + x : (x - t) + s;
        s = t;
      }
      return *out = Value::Float(s + c), true;
    }
    case M_PROD: {
      if (!Arity(name, a, 1, 1, {"start"})) return false;
      std::vector<Value> items;
      if (!Iterate(a.pos[0], &items)) return false;
      Value acc = Kw(a, "start") ? *Kw(a, "start") : Value::Int(1);
      for (const Value& v : items) {
        Value r;
        if (!Arith(Op::kMul, acc, v, &r)) return false;
        acc = std::move(r);
      }
      return *out = acc, true;
    }
  }
  return TypeError("unknown math function");
}

bool Evaluator::CallXacro(int id, Args& a, Value* out) {
  const char* name = NameOf(id);
  switch (id) {
    case X_LOAD_YAML: {
      if (!Arity(name, a, 1, 1)) return false;
      if (a.pos[0].kind() != Value::Kind::kStr) return TypeError("load_yaml() expects a file name (str), not " + a.pos[0].TypeName());
      std::string text, path;
      EvalError herr;
      herr.message.clear();
      if (!host_.ReadFile(a.pos[0].str(), &text, &path, &herr)) {
        *err_ = herr;
        if (err_->message.empty()) err_->message = "cannot read " + a.pos[0].str();
        return HostFailed();
      }
      if (const Value* kept = host_.FindYaml(path, text)) return *out = *kept, true;
      if (!LoadYaml(text, path, host_, limits_, out, err_)) return HostFailed();
      // A !degrees/!radians tag evaluates an expression, which may warn or
      // read an arg: such a document is parsed at every load, as xacro does.
      if (text.find("!degrees") == std::string::npos && text.find("!radians") == std::string::npos) {
        host_.KeepYaml(path, text, *out);
      }
      return true;
    }
    case X_ABS_FILENAME:
      if (!Arity(name, a, 1, 1)) return false;
      if (a.pos[0].kind() != Value::Kind::kStr) return TypeError("abs_filename() expects a str, not " + a.pos[0].TypeName());
      return *out = MakeStr(host_.AbsFilename(a.pos[0].str())), true;
    case X_DOTIFY:
      if (!Arity(name, a, 1, 1)) return false;
      if (a.pos[0].kind() != Value::Kind::kDict) return TypeError("dotify() expects a dict, not " + a.pos[0].TypeName());
      return *out = Value::Dict(a.pos[0].dict(), true), true;
    case X_ARG: {
      if (!Arity(name, a, 1, 1)) return false;
      if (a.pos[0].kind() != Value::Kind::kStr) return TypeError("arg() expects an argument name (str), not " + a.pos[0].TypeName());
      EvalError herr;
      herr.message.clear();
      if (!host_.Arg(a.pos[0].str(), out, &herr)) {
        *err_ = herr;
        if (err_->message.empty()) {
          err_->code = Code::XACRO_NAME_UNDEFINED;
          err_->message = "KeyError: " + StrRepr(a.pos[0].str()) + " (no such argument)";
        }
        return HostFailed();
      }
      return true;
    }
    case X_MESSAGE:
    case X_WARNING:
    case X_ERROR:
    case X_PRINT_LOCATION: {
      bool location = id == X_WARNING || id == X_ERROR || id == X_PRINT_LOCATION;
      for (const auto& kv : a.kw) {
        if (kv.first == "print_location") location = Truthy(kv.second);
        else if (kv.first != "file" && kv.first != "color" && kv.first != "alt_text") {
          return TypeError(std::string(name) + "() got an unexpected keyword argument '" + kv.first + "'");
        }
      }
      if (id == X_PRINT_LOCATION) {
        if (!a.pos.empty()) return TypeError("print_location() takes 0 positional arguments but " + std::to_string(a.pos.size()) + " were given");
        host_.Message(ExprHost::MessageLevel::kMessage, "", true);
        return *out = MakeStr(""), true;
      }
      if (a.pos.empty()) return TypeError(std::string(name) + "() missing 1 required positional argument: 'msg'");
      std::string text;
      for (size_t i = 0; i < a.pos.size(); ++i) {
        if (i) text += ' ';
        text += Str(a.pos[i]);
      }
      host_.Message(id == X_MESSAGE ? ExprHost::MessageLevel::kMessage
                                    : id == X_WARNING ? ExprHost::MessageLevel::kWarning : ExprHost::MessageLevel::kError,
                    text, location);
      return *out = MakeStr(""), true;
    }
    case X_FATAL: {
      if (!Arity(name, a, 0, SIZE_MAX)) return false;
      std::string text;
      for (size_t i = 0; i < a.pos.size(); ++i) {
        if (i) text += ' ';
        text += Str(a.pos[i]);
      }
      return Fail(Code::XACRO_FATAL, text);
    }
    case X_TOKENIZE: {
      if (!Arity(name, a, 1, 3, {"sep", "skip_empty"})) return false;
      if (a.pos[0].kind() != Value::Kind::kStr) return TypeError("expected string or bytes-like object");
      std::string sep = ",; ";
      const Value* sv = a.pos.size() > 1 ? &a.pos[1] : Kw(a, "sep");
      if (sv) {
        if (sv->kind() != Value::Kind::kStr) return TypeError("tokenize() sep must be a str");
        sep = sv->str();
      }
      const Value* se = a.pos.size() > 2 ? &a.pos[2] : Kw(a, "skip_empty");
      bool skip = se ? Truthy(*se) : true;
      std::vector<uint32_t> seps = Decode(sep);
      std::vector<Value> items;
      std::string cur;
      const std::string& s = a.pos[0].str();
      size_t i = 0;
      while (i < s.size()) {
        size_t start = i;
        uint32_t cp = utf8::Decode(s, &i);
        if (std::find(seps.begin(), seps.end(), cp) != seps.end()) {
          if (!skip || !cur.empty()) items.push_back(MakeStr(cur));
          cur.clear();
        } else {
          cur.append(s, start, i - start);
        }
      }
      if (!skip || !cur.empty()) items.push_back(MakeStr(cur));
      return *out = Value::List(std::move(items)), true;
    }
  }
  return TypeError("unknown xacro function");
}

bool Evaluator::CallStrMethod(int id, const std::string& s, Args& a, Value* out) {
  const char* name = NameOf(id);
  bool ascii = utf8::IsAscii(s);
  auto need_str = [&](const Value& v, const char* what) {
    if (v.kind() != Value::Kind::kStr) return TypeError(std::string(what) + " must be str, not " + v.TypeName());
    return true;
  };
  // Code point <-> byte offsets.
  std::vector<size_t> off;
  auto offsets = [&]() -> const std::vector<size_t>& {
    if (off.empty()) off = utf8::Offsets(s);
    return off;
  };
  auto cp_len = [&]() { return ascii ? s.size() : offsets().size() - 1; };
  auto byte_at = [&](size_t cp) { return ascii ? cp : offsets()[cp]; };
  auto cp_of_byte = [&](size_t b) {
    if (ascii) return b;
    const auto& o = offsets();
    return static_cast<size_t>(std::lower_bound(o.begin(), o.end(), b) - o.begin());
  };
  // start/end arguments of find/count/... as byte range.
  auto range = [&](size_t first_arg, size_t* b, size_t* e) {
    int64_t n = static_cast<int64_t>(cp_len());
    int64_t st = 0, en = n;
    for (int k = 0; k < 2; ++k) {
      if (a.pos.size() > first_arg + k && !a.pos[first_arg + k].is_none()) {
        int64_t v;
        if (!IsInt(a.pos[first_arg + k])) return TypeError("slice indices must be integers or None or have an __index__ method");
        v = a.pos[first_arg + k].int_value();
        if (v < 0) v = std::max<int64_t>(0, v + n);
        v = std::min(v, n);
        (k == 0 ? st : en) = v;
      }
    }
    *b = byte_at(static_cast<size_t>(st));
    *e = std::max(*b, byte_at(static_cast<size_t>(std::max(st, en))));
    return true;
  };
  auto strip_set = [&](size_t argi, std::vector<uint32_t>* chars, bool* ws) {
    *ws = true;
    if (a.pos.size() > argi && !a.pos[argi].is_none()) {
      if (!need_str(a.pos[argi], (std::string(name) + " arg").c_str())) return false;
      *chars = Decode(a.pos[argi].str());
      *ws = false;
    }
    return true;
  };
  switch (id) {
    case S_FORMAT: return StrFormat(s, a, out);
    case S_UPPER:
    case S_LOWER:
    case S_CASEFOLD:
    case S_SWAPCASE:
    case S_CAPITALIZE:
    case S_TITLE: {
      if (!Arity(name, a, 0, 0)) return false;
      // Case mapping of ASCII and Latin-1 (other letters are kept).
      auto upper = [](uint32_t c) -> uint32_t {
        if (c < 0x80) return static_cast<uint32_t>(std::toupper(static_cast<int>(c)));
        if (c >= 0xE0 && c <= 0xFE && c != 0xF7) return c - 0x20;
        return c;
      };
      auto lower = [](uint32_t c) -> uint32_t {
        if (c < 0x80) return static_cast<uint32_t>(std::tolower(static_cast<int>(c)));
        if (c >= 0xC0 && c <= 0xDE && c != 0xD7) return c + 0x20;
        return c;
      };
      auto is_upper = [&](uint32_t c) { return lower(c) != c; };
      auto is_alpha = [&](uint32_t c) { return lower(c) != c || upper(c) != c; };
      std::vector<uint32_t> cps = Decode(s);
      bool prev_cased = false;
      for (size_t i = 0; i < cps.size(); ++i) {
        uint32_t& c = cps[i];
        switch (id) {
          case S_UPPER: c = upper(c); break;
          case S_LOWER:
          case S_CASEFOLD: c = lower(c); break;
          case S_SWAPCASE: c = is_upper(c) ? lower(c) : upper(c); break;
          case S_CAPITALIZE: c = i == 0 ? upper(c) : lower(c); break;
          case S_TITLE: {
            uint32_t orig = c;
            c = prev_cased ? lower(c) : upper(c);
            prev_cased = is_alpha(orig);
            break;
          }
        }
      }
      return *out = MakeStr(Encode(cps, 0, cps.size())), true;
    }
    case S_ISDIGIT:
    case S_ISDECIMAL:
    case S_ISNUMERIC:
    case S_ISALPHA:
    case S_ISALNUM:
    case S_ISSPACE: {
      if (!Arity(name, a, 0, 0)) return false;
      if (s.empty()) return *out = Value::Bool(false), true;
      bool r = true;
      size_t i = 0;
      while (i < s.size() && r) {
        uint32_t c = utf8::Decode(s, &i);
        bool digit = c < 0x80 && std::isdigit(static_cast<int>(c));
        bool alpha = c < 0x80 ? std::isalpha(static_cast<int>(c)) != 0 : (c >= 0xC0 && !IsSpace(c));
        switch (id) {
          case S_ISDIGIT:
          case S_ISDECIMAL:
          case S_ISNUMERIC: r = digit; break;
          case S_ISALPHA: r = alpha; break;
          case S_ISALNUM: r = alpha || digit; break;
          default: r = IsSpace(c);
        }
      }
      return *out = Value::Bool(r), true;
    }
    case S_ISLOWER:
    case S_ISUPPER: {
      if (!Arity(name, a, 0, 0)) return false;
      bool cased = false, ok = true;
      for (char c : s) {
        unsigned char u = static_cast<unsigned char>(c);
        if (std::islower(u)) {
          cased = true;
          if (id == S_ISUPPER) ok = false;
        } else if (std::isupper(u)) {
          cased = true;
          if (id == S_ISLOWER) ok = false;
        }
      }
      return *out = Value::Bool(cased && ok), true;
    }
    case S_STRIP:
    case S_LSTRIP:
    case S_RSTRIP: {
      if (!Arity(name, a, 0, 1)) return false;
      std::vector<uint32_t> chars;
      bool ws;
      if (!strip_set(0, &chars, &ws)) return false;
      std::vector<uint32_t> cps = Decode(s);
      auto strip = [&](uint32_t c) { return ws ? IsSpace(c) : std::find(chars.begin(), chars.end(), c) != chars.end(); };
      size_t b = 0, e = cps.size();
      if (id != S_RSTRIP) while (b < e && strip(cps[b])) ++b;
      if (id != S_LSTRIP) while (e > b && strip(cps[e - 1])) --e;
      return *out = MakeStr(Encode(cps, b, e)), true;
    }
    case S_SPLIT:
    case S_RSPLIT: {
      if (!Arity(name, a, 0, 2, {"sep", "maxsplit"})) return false;
      const Value* sep = a.pos.size() > 0 ? &a.pos[0] : Kw(a, "sep");
      const Value* ms = a.pos.size() > 1 ? &a.pos[1] : Kw(a, "maxsplit");
      int64_t maxsplit = -1;
      if (ms && !ToIndex(*ms, &maxsplit)) return false;
      std::vector<Value> parts;
      if (!sep || sep->is_none()) {
        std::vector<uint32_t> cps = Decode(s);
        std::vector<std::pair<size_t, size_t>> words;
        if (id == S_SPLIT) {
          size_t i = 0;
          while (i < cps.size()) {
            while (i < cps.size() && IsSpace(cps[i])) ++i;
            if (i >= cps.size()) break;
            if (maxsplit >= 0 && static_cast<int64_t>(words.size()) == maxsplit) {
              size_t e = cps.size();
              while (e > i && IsSpace(cps[e - 1])) --e;
              words.emplace_back(i, e);
              break;
            }
            size_t j = i;
            while (j < cps.size() && !IsSpace(cps[j])) ++j;
            words.emplace_back(i, j);
            i = j;
          }
        } else {
          size_t i = cps.size();
          while (i > 0) {
            while (i > 0 && IsSpace(cps[i - 1])) --i;
            if (i == 0) break;
            if (maxsplit >= 0 && static_cast<int64_t>(words.size()) == maxsplit) {
              size_t b = 0;
              while (b < i && IsSpace(cps[b])) ++b;
              words.emplace_back(b, i);
              break;
            }
            size_t j = i;
            while (j > 0 && !IsSpace(cps[j - 1])) --j;
            words.emplace_back(j, i);
            i = j;
          }
          std::reverse(words.begin(), words.end());
        }
        if (!CheckSize(words.size())) return false;
        for (const auto& w : words) parts.push_back(MakeStr(Encode(cps, w.first, w.second)));
        return *out = Value::List(std::move(parts)), true;
      }
      if (!need_str(*sep, "sep")) return false;
      const std::string& d = sep->str();
      if (d.empty()) return ValueError("empty separator");
      std::vector<std::string> pieces;
      if (id == S_SPLIT) {
        size_t start = 0;
        while (true) {
          if (maxsplit >= 0 && static_cast<int64_t>(pieces.size()) == maxsplit) break;
          size_t p = s.find(d, start);
          if (p == std::string::npos) break;
          pieces.push_back(s.substr(start, p - start));
          start = p + d.size();
        }
        pieces.push_back(s.substr(start));
      } else {
        size_t end = s.size();
        while (true) {
          if (maxsplit >= 0 && static_cast<int64_t>(pieces.size()) == maxsplit) break;
          if (end < d.size()) break;
          size_t p = s.rfind(d, end - d.size());
          if (p == std::string::npos) break;
          pieces.push_back(s.substr(p + d.size(), end - p - d.size()));
          end = p;
        }
        pieces.push_back(s.substr(0, end));
        std::reverse(pieces.begin(), pieces.end());
      }
      if (!CheckSize(pieces.size())) return false;
      for (auto& p : pieces) parts.push_back(MakeStr(std::move(p)));
      return *out = Value::List(std::move(parts)), true;
    }
    case S_SPLITLINES: {
      if (!Arity(name, a, 0, 1, {"keepends"})) return false;
      const Value* ke = a.pos.size() > 0 ? &a.pos[0] : Kw(a, "keepends");
      bool keep = ke && Truthy(*ke);
      std::vector<Value> parts;
      size_t i = 0, start = 0;
      while (i < s.size()) {
        char c = s[i];
        if (c == '\n' || c == '\r' || c == '\v' || c == '\f' || (c >= 0x1c && c <= 0x1e)) {
          size_t eol = i + 1;
          if (c == '\r' && eol < s.size() && s[eol] == '\n') ++eol;
          parts.push_back(MakeStr(s.substr(start, (keep ? eol : i) - start)));
          start = i = eol;
        } else {
          ++i;
        }
      }
      if (start < s.size()) parts.push_back(MakeStr(s.substr(start)));
      return *out = Value::List(std::move(parts)), true;
    }
    case S_JOIN: {
      if (!Arity(name, a, 1, 1)) return false;
      std::vector<Value> items;
      if (!Iterate(a.pos[0], &items)) return false;
      size_t total = 0;
      for (size_t i = 0; i < items.size(); ++i) {
        if (items[i].kind() != Value::Kind::kStr) {
          return TypeError("sequence item " + std::to_string(i) + ": expected str instance, " + items[i].TypeName() + " found");
        }
        total += items[i].str().size() + (i ? s.size() : 0);
      }
      if (!CheckStr(total)) return false;
      std::string r;
      r.reserve(total);
      for (size_t i = 0; i < items.size(); ++i) {
        if (i) r += s;
        r += items[i].str();
      }
      return *out = MakeStr(std::move(r)), true;
    }
    case S_REPLACE: {
      if (!Arity(name, a, 2, 3)) return false;
      if (!need_str(a.pos[0], "replace() argument 1") || !need_str(a.pos[1], "replace() argument 2")) return false;
      int64_t count = -1;
      if (a.pos.size() > 2 && !ToIndex(a.pos[2], &count)) return false;
      const std::string& from = a.pos[0].str();
      const std::string& to = a.pos[1].str();
      std::string r;
      int64_t done = 0;
      if (from.empty()) {
        // Inserts `to` before every code point and at the end.
        std::vector<size_t> o = utf8::Offsets(s);
        for (size_t k = 0; k + 1 < o.size(); ++k) {
          if (count < 0 || done < count) {
            r += to;
            ++done;
          }
          r.append(s, o[k], o[k + 1] - o[k]);
          if (!CheckStr(r.size())) return false;
        }
        if (count < 0 || done < count) r += to;
      } else {
        size_t start = 0;
        while (count < 0 || done < count) {
          size_t p = s.find(from, start);
          if (p == std::string::npos) break;
          r.append(s, start, p - start);
          r += to;
          if (!CheckStr(r.size())) return false;
          start = p + from.size();
          ++done;
        }
        r.append(s, start, std::string::npos);
      }
      if (!CheckStr(r.size())) return false;
      return *out = MakeStr(std::move(r)), true;
    }
    case S_STARTSWITH:
    case S_ENDSWITH: {
      if (!Arity(name, a, 1, 3)) return false;
      std::vector<Value> cands;
      if (a.pos[0].kind() == Value::Kind::kTuple) {
        cands = a.pos[0].items();
      } else {
        cands.push_back(a.pos[0]);
      }
      size_t b, e;
      if (!range(1, &b, &e)) return false;
      std::string_view sub(s.data() + b, e - b);
      bool r = false;
      for (const Value& c : cands) {
        if (c.kind() != Value::Kind::kStr) {
          return TypeError(std::string(name) + " first arg must be str or a tuple of str, not " + c.TypeName());
        }
        const std::string& p = c.str();
        if (p.size() <= sub.size() && (id == S_STARTSWITH ? sub.substr(0, p.size()) == p : sub.substr(sub.size() - p.size()) == p)) r = true;
      }
      return *out = Value::Bool(r), true;
    }
    case S_FIND:
    case S_RFIND:
    case S_INDEX:
    case S_RINDEX:
    case S_COUNT: {
      if (!Arity(name, a, 1, 3)) return false;
      if (!need_str(a.pos[0], "must be str, not")) return false;
      size_t b, e;
      if (!range(1, &b, &e)) return false;
      const std::string& sub = a.pos[0].str();
      std::string_view hay(s.data() + b, e - b);
      if (id == S_COUNT) {
        int64_t n = 0;
        if (sub.empty()) {
          n = static_cast<int64_t>(cp_of_byte(e) - cp_of_byte(b)) + 1;
          if (a.pos.size() > 1 && IsInt(a.pos[1]) && a.pos[1].int_value() > static_cast<int64_t>(cp_len())) n = 0;
        } else {
          size_t p = 0;
          while ((p = hay.find(sub, p)) != std::string_view::npos) {
            ++n;
            p += sub.size();
          }
        }
        return *out = Value::Int(n), true;
      }
      size_t p = (id == S_FIND || id == S_INDEX) ? hay.find(sub) : hay.rfind(sub);
      if (p == std::string_view::npos) {
        if (id == S_INDEX || id == S_RINDEX) return ValueError("substring not found");
        return *out = Value::Int(-1), true;
      }
      return *out = Value::Int(static_cast<int64_t>(cp_of_byte(b + p))), true;
    }
    case S_ZFILL:
    case S_CENTER:
    case S_LJUST:
    case S_RJUST: {
      if (!Arity(name, a, 1, id == S_ZFILL ? 1 : 2)) return false;
      int64_t width;
      if (!ToIndex(a.pos[0], &width)) return false;
      std::string fill = " ";
      if (a.pos.size() > 1) {
        if (a.pos[1].kind() != Value::Kind::kStr || Decode(a.pos[1].str()).size() != 1) {
          return TypeError("The fill character must be exactly one character long");
        }
        fill = a.pos[1].str();
      }
      int64_t n = static_cast<int64_t>(cp_len());
      if (width <= n) return *out = MakeStr(s), true;
      if (!CheckStr(static_cast<uint64_t>(width) * fill.size())) return false;
      size_t pad = static_cast<size_t>(width - n);
      std::string r;
      if (id == S_ZFILL) {
        size_t sign = !s.empty() && (s[0] == '+' || s[0] == '-') ? 1 : 0;
        r = s.substr(0, sign) + std::string(pad, '0') + s.substr(sign);
      } else {
        size_t left = id == S_LJUST ? 0 : id == S_RJUST ? pad : pad / 2 + (pad & static_cast<size_t>(width) & 1);
        size_t right = pad - left;
        for (size_t k = 0; k < left; ++k) r += fill;
        r += s;
        for (size_t k = 0; k < right; ++k) r += fill;
      }
      return *out = MakeStr(std::move(r)), true;
    }
    case S_PARTITION:
    case S_RPARTITION: {
      if (!Arity(name, a, 1, 1)) return false;
      if (!need_str(a.pos[0], "must be str, not")) return false;
      const std::string& d = a.pos[0].str();
      if (d.empty()) return ValueError("empty separator");
      size_t p = id == S_PARTITION ? s.find(d) : s.rfind(d);
      if (p == std::string::npos) {
        if (id == S_PARTITION) return *out = Value::Tuple({MakeStr(s), MakeStr(""), MakeStr("")}), true;
        return *out = Value::Tuple({MakeStr(""), MakeStr(""), MakeStr(s)}), true;
      }
      return *out = Value::Tuple({MakeStr(s.substr(0, p)), MakeStr(d), MakeStr(s.substr(p + d.size()))}), true;
    }
    case S_REMOVEPREFIX:
    case S_REMOVESUFFIX: {
      if (!Arity(name, a, 1, 1)) return false;
      if (!need_str(a.pos[0], "must be str, not")) return false;
      const std::string& p = a.pos[0].str();
      if (id == S_REMOVEPREFIX && s.compare(0, p.size(), p) == 0 && p.size() <= s.size()) return *out = MakeStr(s.substr(p.size())), true;
      if (id == S_REMOVESUFFIX && !p.empty() && p.size() <= s.size() && s.compare(s.size() - p.size(), p.size(), p) == 0) {
        return *out = MakeStr(s.substr(0, s.size() - p.size())), true;
      }
      return *out = MakeStr(s), true;
    }
  }
  return TypeError("unknown str method");
}

bool Evaluator::CallBuiltin(int id, const Value& self, Args& a, Value* out) {
  if (!Step()) return false;
  const char* name = NameOf(id);
  if (id >= S_FORMAT && id <= S_REMOVESUFFIX) return CallStrMethod(id, self.str(), a, out);
  if (id >= M_CEIL && id <= M_DIST) return CallMath(id, a, out);
  if (id >= X_LOAD_YAML && id <= X_TOKENIZE) return CallXacro(id, a, out);
  switch (id) {
    case B_LIST:
    case B_TUPLE: {
      if (!Arity(name, a, 0, 1)) return false;
      std::vector<Value> items;
      if (!a.pos.empty() && !Iterate(a.pos[0], &items)) return false;
      *out = id == B_LIST ? Value::List(std::move(items)) : Value::Tuple(std::move(items));
      return true;
    }
    case B_DICT: {
      if (!Arity(name, a, 0, 1, {})) {
        // dict(**kwargs): any keyword is a key.
        if (a.pos.size() > 1) return false;
      }
      DictItems d;
      if (!a.pos.empty()) {
        if (a.pos[0].kind() == Value::Kind::kDict) {
          d = a.pos[0].dict();
        } else {
          std::vector<Value> items;
          if (!Iterate(a.pos[0], &items)) return false;
          for (size_t i = 0; i < items.size(); ++i) {
            std::vector<Value> kv;
            if (items[i].kind() == Value::Kind::kStr || !Iterate(items[i], &kv)) {
              return TypeError("cannot convert dictionary update sequence element #" + std::to_string(i) + " to a sequence");
            }
            if (kv.size() != 2) {
              return ValueError("dictionary update sequence element #" + std::to_string(i) + " has length " + std::to_string(kv.size()) + "; 2 is required");
            }
            if (!d.Set(kv[0], kv[1])) return TypeError("unhashable type: '" + kv[0].TypeName() + "'");
          }
        }
      }
      for (const auto& kv : a.kw) d.Set(Value::Str(kv.first), kv.second);
      *out = Value::Dict(std::move(d));
      return true;
    }
    case B_MAP:
    case B_ZIP: return ZipMap(id, a, out);
    case B_LEN: {
      if (!Arity(name, a, 1, 1)) return false;
      const Value& v = a.pos[0];
      switch (v.kind()) {
        case Value::Kind::kStr: return *out = Value::Int(static_cast<int64_t>(utf8::IsAscii(v.str()) ? v.str().size() : utf8::Offsets(v.str()).size() - 1)), true;
        case Value::Kind::kList:
        case Value::Kind::kTuple: return *out = Value::Int(static_cast<int64_t>(v.items().size())), true;
        case Value::Kind::kDict: return *out = Value::Int(static_cast<int64_t>(v.dict().size())), true;
        case Value::Kind::kRange: return *out = Value::Int(v.RangeLength()), true;
        case Value::Kind::kIterator:
          if (v.iterator_type().rfind("dict_", 0) == 0) return *out = Value::Int(static_cast<int64_t>(v.items().size())), true;
          break;
        default: break;
      }
      return TypeError("object of type '" + v.TypeName() + "' has no len()");
    }
    case B_STR:
      if (!Arity(name, a, 0, 1)) return false;
      return *out = a.pos.empty() ? MakeStr("") : MakeStr(Str(a.pos[0])), true;
    case B_REPR:
      if (!Arity(name, a, 1, 1)) return false;
      return *out = MakeStr(Repr(a.pos[0])), true;
    case B_FLOAT:
      if (!Arity(name, a, 0, 1)) return false;
      if (a.pos.empty()) return *out = Value::Float(0), true;
      return ToFloatValue(a.pos[0], out);
    case B_INT: {
      if (!Arity(name, a, 0, 2, {"base"})) return false;
      if (a.pos.empty()) return *out = Value::Int(0), true;
      const Value* base = a.pos.size() > 1 ? &a.pos[1] : Kw(a, "base");
      if (base) {
        int64_t b;
        if (!ToIndex(*base, &b)) return false;
        if (a.pos[0].kind() != Value::Kind::kStr) return TypeError("int() can't convert non-string with explicit base");
        if (b != 0 && (b < 2 || b > 36)) return ValueError("int() base must be >= 2 and <= 36, or 0");
        return ParseInt(a.pos[0].str(), static_cast<int>(b), out);
      }
      return ToIntValue(a.pos[0], out);
    }
    case B_MIN:
    case B_MAX: return MinMax(id == B_MIN, a, out);
    case B_ROUND:
      if (!Arity(name, a, 1, 2, {"ndigits"})) return false;
      return Round(a, out);
    case B_SORTED: return Sorted(a, out);
    case B_RANGE: {
      if (!Arity(name, a, 1, 3)) return false;
      int64_t v[3] = {0, 0, 1};
      for (size_t i = 0; i < a.pos.size(); ++i) {
        if (!ToIndex(a.pos[i], &v[i])) return false;
      }
      if (a.pos.size() == 1) return *out = Value::Range(0, v[0], 1), true;
      if (v[2] == 0) return ValueError("range() arg 3 must not be zero");
      return *out = Value::Range(v[0], v[1], v[2]), true;
    }
    case B_ABS: {
      if (!Arity(name, a, 1, 1)) return false;
      const Value& v = a.pos[0];
      if (v.kind() == Value::Kind::kFloat) return *out = Value::Float(std::fabs(v.float_value())), true;
      if (IsInt(v)) {
        if (v.int_value() == INT64_MIN) return Overflow();
        return *out = Value::Int(v.int_value() < 0 ? -v.int_value() : v.int_value()), true;
      }
      return TypeError("bad operand type for abs(): '" + v.TypeName() + "'");
    }
    case B_ALL:
    case B_ANY: {
      if (!Arity(name, a, 1, 1)) return false;
      std::vector<Value> items;
      if (!Iterate(a.pos[0], &items)) return false;
      bool r = id == B_ALL;
      for (const Value& v : items) {
        if (Truthy(v) != (id == B_ALL)) {
          r = !r;
          break;
        }
      }
      return *out = Value::Bool(r), true;
    }
    case B_DIVMOD: {
      if (!Arity(name, a, 2, 2)) return false;
      Value q, r;
      if (!a.pos[0].is_number() || !a.pos[1].is_number()) return TypeError("unsupported operand type(s) for divmod(): '" + a.pos[0].TypeName() + "' and '" + a.pos[1].TypeName() + "'");
      if (!Arith(Op::kFloorDiv, a.pos[0], a.pos[1], &q) || !Arith(Op::kMod, a.pos[0], a.pos[1], &r)) return false;
      return *out = Value::Tuple({q, r}), true;
    }
    case B_ENUMERATE: {
      if (!Arity(name, a, 1, 2, {"start"})) return false;
      std::vector<Value> items;
      if (!Iterate(a.pos[0], &items)) return false;
      int64_t start = 0;
      const Value* sv = a.pos.size() > 1 ? &a.pos[1] : Kw(a, "start");
      if (sv && !ToIndex(*sv, &start)) return false;
      std::vector<Value> r;
      for (size_t i = 0; i < items.size(); ++i) {
        int64_t k;
        if (__builtin_add_overflow(start, static_cast<int64_t>(i), &k)) return Overflow();
        r.push_back(Value::Tuple({Value::Int(k), items[i]}));
      }
      return *out = Value::Iterator("enumerate", std::move(r)), true;
    }
    case B_FILTER: {
      if (!Arity(name, a, 2, 2)) return false;
      std::vector<Value> items, r;
      if (!Iterate(a.pos[1], &items)) return false;
      for (const Value& v : items) {
        Value t = v;
        if (!a.pos[0].is_none()) {
          Args ca;
          ca.pos.push_back(v);
          if (!Call(a.pos[0], ca, &t)) return false;
        }
        if (Truthy(t)) r.push_back(v);
      }
      return *out = Value::Iterator("filter", std::move(r)), true;
    }
    case B_REVERSED: {
      if (!Arity(name, a, 1, 1)) return false;
      const Value& v = a.pos[0];
      if (v.kind() != Value::Kind::kList && v.kind() != Value::Kind::kTuple && v.kind() != Value::Kind::kStr &&
          v.kind() != Value::Kind::kRange && v.kind() != Value::Kind::kDict) {
        return TypeError("'" + v.TypeName() + "' object is not reversible");
      }
      std::vector<Value> items;
      if (!Iterate(v, &items)) return false;
      std::reverse(items.begin(), items.end());
      return *out = Value::Iterator("reversed", std::move(items)), true;
    }
    case B_ISINSTANCE: {
      if (!Arity(name, a, 2, 2)) return false;
      std::vector<Value> types;
      if (a.pos[1].kind() == Value::Kind::kTuple) types = a.pos[1].items();
      else types.push_back(a.pos[1]);
      bool r = false;
      for (const Value& t : types) {
        if (t.kind() != Value::Kind::kFunction || !t.bound_self().is_none()) {
          return TypeError("isinstance() arg 2 must be a type, a tuple of types, or a union");
        }
        Value::Kind k = a.pos[0].kind();
        switch (t.builtin_id() & ~kDeprecatedBit) {
          case B_INT: r = r || k == Value::Kind::kInt || k == Value::Kind::kBool; break;
          case B_FLOAT: r = r || k == Value::Kind::kFloat; break;
          case B_STR: r = r || k == Value::Kind::kStr; break;
          case B_LIST: r = r || k == Value::Kind::kList; break;
          case B_TUPLE: r = r || k == Value::Kind::kTuple; break;
          case B_DICT: r = r || k == Value::Kind::kDict; break;
          case B_RANGE: r = r || k == Value::Kind::kRange; break;
          default: return TypeError("isinstance() arg 2 must be a type, a tuple of types, or a union");
        }
      }
      return *out = Value::Bool(r), true;
    }
    case B_ORD: {
      if (!Arity(name, a, 1, 1)) return false;
      if (a.pos[0].kind() != Value::Kind::kStr) return TypeError("ord() expected string of length 1, but " + a.pos[0].TypeName() + " found");
      std::vector<uint32_t> cps = Decode(a.pos[0].str());
      if (cps.size() != 1) return TypeError("ord() expected a character, but string of length " + std::to_string(cps.size()) + " found");
      return *out = Value::Int(cps[0]), true;
    }
    case B_SUM: return Sum(a, out);
    case B_COMPLEX:
    case B_FROZENSET:
    case B_HASH:
    case B_ISSUBCLASS:
    case B_SLICE:
    case B_SET:
    case B_TYPE:
      return Fail(Code::XACRO_EXPRESSION_INVALID, std::string("python.") + name + "() is not supported by this evaluator");
    case D_KEYS:
    case D_VALUES:
    case D_ITEMS: {
      if (!Arity(name, a, 0, 0)) return false;
      std::vector<Value> items;
      for (const auto& kv : self.dict().items()) {
        items.push_back(id == D_KEYS ? kv.first : id == D_VALUES ? kv.second : Value::Tuple({kv.first, kv.second}));
      }
      return *out = Value::Iterator(id == D_KEYS ? "dict_keys" : id == D_VALUES ? "dict_values" : "dict_items", std::move(items)), true;
    }
    case D_GET: {
      if (!Arity(name, a, 1, 2)) return false;
      if (!Hashable(a.pos[0])) return TypeError("unhashable type: '" + a.pos[0].TypeName() + "'");
      const Value* v = self.dict().Find(a.pos[0]);
      return *out = v ? *v : a.pos.size() > 1 ? a.pos[1] : Value::None(), true;
    }
    case D_COPY:
      if (!Arity(name, a, 0, 0)) return false;
      return *out = Value::Dict(self.dict(), self.dotted()), true;
    case L_COPY:
      if (!Arity(name, a, 0, 0)) return false;
      return *out = self, true;
    case L_INDEX:
    case L_COUNT: {
      if (!Arity(name, a, 1, id == L_INDEX ? 3 : 1)) return false;
      const auto& items = self.items();
      if (!Step(items.size())) return false;
      int64_t n = 0;
      for (size_t i = 0; i < items.size(); ++i) {
        if (Equal(items[i], a.pos[0])) {
          if (id == L_INDEX) return *out = Value::Int(static_cast<int64_t>(i)), true;
          ++n;
        }
      }
      if (id == L_INDEX) return ValueError(Repr(a.pos[0]) + " is not in " + self.TypeName());
      return *out = Value::Int(n), true;
    }
    case F_IS_INTEGER:
      if (!Arity(name, a, 0, 0)) return false;
      return *out = Value::Bool(std::isfinite(self.float_value()) && self.float_value() == std::floor(self.float_value())), true;
  }
  return TypeError(std::string("'") + name + "' is not callable");
}

}  // namespace

std::string BuiltinRepr(const Value& f) {
  int id = f.builtin_id() & ~kDeprecatedBit;
  switch (id) {
    case B_LIST: case B_DICT: case B_STR: case B_FLOAT: case B_INT: case B_TUPLE: case B_RANGE:
    case B_MAP: case B_ZIP: case B_ENUMERATE: case B_FILTER: case B_REVERSED:
      return std::string("<class '") + NameOf(id) + "'>";
    default: break;
  }
  if (!f.bound_self().is_none()) return std::string("<built-in method ") + NameOf(id) + " of " + f.bound_self().TypeName() + " object>";
  if (id >= X_LOAD_YAML && id <= X_TOKENIZE) return std::string("<function ") + NameOf(id) + ">";
  return std::string("<built-in function ") + NameOf(id) + ">";
}

std::shared_ptr<const CompiledExpr> Compile(std::string_view expression, const ExprLimits& limits, EvalError* err) {
  // xacro strips the expression before compiling it.
  size_t b = 0, e = expression.size();
  auto ws = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; };
  while (b < e && ws(expression[b])) ++b;
  while (e > b && ws(expression[e - 1])) --e;
  auto c = std::make_shared<CompiledExpr>();
  c->source = std::string(expression.substr(b, e - b));
  if (c->source.size() > limits.max_string_length) {
    err->code = Code::XACRO_LIMIT_EXCEEDED;
    err->message = "an expression longer than " + std::to_string(limits.max_string_length) + " bytes";
    return nullptr;
  }
  c->root = ParseExpression(c->source, limits, err);
  if (!c->root) return nullptr;
  ResolveBuiltins(c->root.get());
  return c;
}

bool Evaluate(const CompiledExpr& expr, ExprHost& host, const ExprLimits& limits, Value* out, EvalError* err) {
  // A bare property name (${mass}, a third of a robot's expressions): the
  // host's value as it is, without an evaluator. A name the host lacks, or
  // a value too heavy, takes the general path (builtins, messages).
  const ExprNode& root = *expr.root;
  if (root.type == NodeType::kName && limits.max_steps >= 1) {
    EvalError herr;
    if (host.LookupName(root.name, out, &herr)) {
      if (out->weight() <= MaxWeight(limits)) return true;
    } else if (!herr.message.empty()) {
      *err = std::move(herr);
      return false;
    }
  }
  Evaluator ev(expr.source, host, limits, err);
  return ev.Run(root, out);
}

bool Evaluate(std::string_view expression, ExprHost& host, const ExprLimits& limits, Value* out, EvalError* err) {
  auto c = Compile(expression, limits, err);
  if (!c) return false;
  return Evaluate(*c, host, limits, out, err);
}

namespace {

// False when neither int() nor float() can take `text`: ASCII text that is
// blank, holds whitespace inside, or starts (after a sign) with anything
// but a digit, '.', or the 'i'/'n' of inf/nan. Most values are names or
// number lists ("0 0 0.1"): told apart without running both parsers (and
// describing their failures).
bool CouldBeNumber(std::string_view text) {
  for (char c : text) {
    if (static_cast<unsigned char>(c) >= 0x80) return true;  // left to the parsers
  }
  // IsSpace on ASCII (all that is left here).
  auto space = [](char c) { return c == ' ' || (c >= 0x09 && c <= 0x0D) || (c >= 0x1C && c <= 0x1F); };
  size_t b = 0, e = text.size();
  while (b < e && space(text[b])) ++b;
  while (e > b && space(text[e - 1])) --e;
  for (size_t i = b; i < e; ++i) {
    if (space(text[i])) return false;
  }
  if (b < e && (text[b] == '+' || text[b] == '-')) ++b;
  if (b == e) return false;
  const char c = text[b];
  return (c >= '0' && c <= '9') || c == '.' || c == 'i' || c == 'I' || c == 'n' || c == 'N';
}

}  // namespace

namespace {

// LiteralValue(text) into *out; false (nothing written) when that is the
// str `text` itself.
bool ConvertLiteral(std::string_view text, Value* out) {
  // The common numbers first, [+-]digits and [+-]digits.digits, read
  // directly (as int() and float() read them: to the nearest double),
  // without the general parsers or the message of int()'s failure on "0.5".
  if (!text.empty()) {
    const size_t n = text.size();
    const size_t b = text[0] == '+' || text[0] == '-' ? 1 : 0;
    const bool neg = text[0] == '-';
    size_t i = b;
    while (i < n && text[i] >= '0' && text[i] <= '9') ++i;
    if (i > b && i == n && i - b <= 18) {
      int64_t v = 0;
      for (size_t k = b; k < n; ++k) v = v * 10 + (text[k] - '0');
      *out = Value::Int(neg ? -v : v);
      return true;
    }
    // (An integer part beyond 18 digits is left to the parsers: int()
    // refuses the text, float() reads it.)
    if (i > b && i - b <= 18 && i + 1 < n && text[i] == '.') {
      size_t j = i + 1;
      while (j < n && text[j] >= '0' && text[j] <= '9') ++j;
      double d;
      if (j == n) {
        auto r = std::from_chars(text.data() + b, text.data() + n, d, std::chars_format::fixed);
        if (r.ec == std::errc() && r.ptr == text.data() + n) {
          *out = Value::Float(neg ? -d : d);
          return true;
        }
      }
    }
  }
  if (text.size() >= 2 && text.front() == '\'' && text.back() == '\'') {
    *out = Value::Str(std::string(text.substr(1, text.size() - 2)));
    return true;
  }
  if (text.find('_') != std::string_view::npos) return false;
  if (!CouldBeNumber(text)) {
    if (text == "true" || text == "True") {
      *out = Value::Bool(true);
      return true;
    }
    if (text == "false" || text == "False") {
      *out = Value::Bool(false);
      return true;
    }
    return false;
  }
  struct NoHost : ExprHost {
    bool LookupName(std::string_view, Value*, EvalError*) override { return false; }
    bool LookupMember(const void*, std::string_view, Value*, EvalError*) override { return false; }
    bool Arg(std::string_view, Value*, EvalError*) override { return false; }
    bool ReadFile(std::string_view, std::string*, std::string*, EvalError*) override { return false; }
    std::string AbsFilename(std::string_view f) override { return std::string(f); }
    void Message(MessageLevel, const std::string&, bool) override {}
  } host;
  ExprLimits limits;
  std::string s(text);
  EvalError err;
  Evaluator ev(s, host, limits, &err);
  Value v;
  // Python's int(text), then float(text); an int beyond int64 stays a str.
  if (ev.LiteralInt(s, &v)) {
    *out = std::move(v);
    return true;
  }
  if (err.code == Code::XACRO_INTEGER_OVERFLOW) return false;
  if (ev.LiteralFloat(s, &v)) {
    *out = std::move(v);
    return true;
  }
  if (text == "true" || text == "True") {
    *out = Value::Bool(true);
    return true;
  }
  if (text == "false" || text == "False") {
    *out = Value::Bool(false);
    return true;
  }
  return false;
}

}  // namespace

Value LiteralValue(std::string_view text) {
  Value v;
  return ConvertLiteral(text, &v) ? v : Value::Str(std::string(text));
}

Value LiteralValue(const Value& text) {
  Value v;
  return ConvertLiteral(text.str(), &v) ? v : text;
}

}  // namespace xacro
