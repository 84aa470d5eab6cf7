#include "xacro/value.h"

#include "element/format_double.h"
#include "xacro/expr_utf8.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <functional>

namespace xacro {

// expr.cc: "<built-in function sin>", "<class 'float'>" (Python adds an
// address to some; we print none).
std::string BuiltinRepr(const Value& f);

// Most payloads are strs: the rarer parts are held by pointer, so that making
// and freeing a str's payload stays small.
struct Value::Payload {
  std::string s;              // kStr; kIterator: type name
  std::vector<Value> items;   // kList, kTuple, kIterator
  std::unique_ptr<DictItems> dict;  // kDict
  int64_t stop = 0, step = 1;  // kRange
  std::unique_ptr<Value> self;  // kFunction: bound value
  uint64_t weight = 1;
};

namespace {

uint64_t SatAdd(uint64_t a, uint64_t b) { return a + b < a ? UINT64_MAX : a + b; }

uint64_t ItemsWeight(const std::vector<Value>& items) {
  uint64_t w = 2;
  for (const Value& v : items) w = SatAdd(w, SatAdd(v.weight(), 2));
  return w;
}

const std::string& EmptyString() {
  static const std::string* s = new std::string();
  return *s;
}
const std::vector<Value>& EmptyItems() {
  static const std::vector<Value>* v = new std::vector<Value>();
  return *v;
}

size_t Mix(size_t h, size_t v) { return h ^ (v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2)); }

// Equal values hash equally: 1, 1.0 and True; -0.0 and 0.
bool HashOf(const Value& v, size_t* out) {
  switch (v.kind()) {
    case Value::Kind::kNone: *out = 0x5bd1e995; return true;
    case Value::Kind::kBool:
    case Value::Kind::kInt: *out = std::hash<int64_t>()(v.int_value()); return true;
    case Value::Kind::kFloat: {
      double d = v.float_value();
      if (std::isfinite(d) && d == std::floor(d) && std::fabs(d) < 9.2e18) {
        *out = std::hash<int64_t>()(static_cast<int64_t>(d));
      } else {
        *out = std::isnan(d) ? 0x7ff8 : std::hash<double>()(d);
      }
      return true;
    }
    case Value::Kind::kStr: *out = std::hash<std::string>()(v.str()); return true;
    case Value::Kind::kTuple: {
      size_t h = 0x345678;
      for (const Value& item : v.items()) {
        size_t ih;
        if (!HashOf(item, &ih)) return false;
        h = Mix(h, ih);
      }
      *out = h;
      return true;
    }
    case Value::Kind::kRange:
      *out = Mix(Mix(std::hash<int64_t>()(v.range_start()), v.range_stop()), v.range_step());
      return true;
    case Value::Kind::kFunction:
    case Value::Kind::kModule: *out = std::hash<int64_t>()(v.builtin_id() * 31 + 7); return true;
    case Value::Kind::kNamespace: *out = std::hash<const void*>()(v.ns_handle()); return true;
    default: return false;
  }
}

// Python's str.isprintable() for the code points repr() escapes (an
// approximation of the Unicode tables: controls, separators other than the
// space, format characters, surrogates, private use and noncharacters).
bool Printable(uint32_t cp) {
  if (cp < 0x20 || cp == 0x7F) return false;
  if (cp < 0x7F) return true;
  if (cp <= 0xA0 || cp == 0xAD) return false;
  if (cp == 0x1680 || cp == 0x180E) return false;
  if (cp >= 0x2000 && cp <= 0x200F) return false;
  if (cp >= 0x2028 && cp <= 0x202F) return false;
  if (cp >= 0x205F && cp <= 0x206F) return false;
  if (cp == 0x3000 || cp == 0xFEFF) return false;
  if (cp >= 0xD800 && cp <= 0xF8FF) return false;
  if (cp >= 0xFFF9 && cp <= 0xFFFB) return false;
  if ((cp & 0xFFFE) == 0xFFFE) return false;
  if (cp >= 0xE0000) return false;
  return cp <= 0x10FFFF;
}

void AppendHex(std::string* out, char kind, uint32_t cp, int digits) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "\\%c%0*x", kind, digits, cp);
  out->append(buf);
}

}  // namespace

Value Value::Str(std::string s) {
  Value v;
  v.kind_ = Kind::kStr;
  auto p = std::make_shared<Payload>();
  p->s = std::move(s);
  p->weight = p->s.size() + 2;
  v.p_ = std::move(p);
  return v;
}
Value Value::List(std::vector<Value> items) {
  Value v;
  v.kind_ = Kind::kList;
  auto p = std::make_shared<Payload>();
  p->items = std::move(items);
  p->weight = ItemsWeight(p->items);
  v.p_ = std::move(p);
  return v;
}
Value Value::Tuple(std::vector<Value> items) {
  Value v = List(std::move(items));
  v.kind_ = Kind::kTuple;
  return v;
}
Value Value::Dict(DictItems items, bool dotted) {
  Value v;
  v.kind_ = Kind::kDict;
  v.b_ = dotted;
  auto p = std::make_shared<Payload>();
  p->dict = std::make_unique<DictItems>(std::move(items));
  uint64_t w = 2;
  for (const auto& kv : p->dict->items()) w = SatAdd(w, SatAdd(SatAdd(kv.first.weight(), kv.second.weight()), 4));
  p->weight = w;
  v.p_ = std::move(p);
  return v;
}
Value Value::Range(int64_t start, int64_t stop, int64_t step) {
  Value v;
  v.kind_ = Kind::kRange;
  v.i_ = start;
  auto p = std::make_shared<Payload>();
  p->stop = stop;
  p->step = step;
  v.p_ = std::move(p);
  return v;
}
Value Value::Iterator(std::string type_name, std::vector<Value> items) {
  Value v;
  v.kind_ = Kind::kIterator;
  auto p = std::make_shared<Payload>();
  p->s = std::move(type_name);
  p->items = std::move(items);
  p->weight = SatAdd(ItemsWeight(p->items), p->s.size());
  v.p_ = std::move(p);
  return v;
}
Value Value::Namespace(const void* handle) {
  Value v;
  v.kind_ = Kind::kNamespace;
  v.handle_ = handle;
  return v;
}
Value Value::Module(int module_id) {
  Value v;
  v.kind_ = Kind::kModule;
  v.i_ = module_id;
  return v;
}
Value Value::Function(int builtin_id, Value self) {
  Value v;
  v.kind_ = Kind::kFunction;
  v.i_ = builtin_id;
  if (!self.is_none()) {
    auto p = std::make_shared<Payload>();
    p->self = std::make_unique<Value>(std::move(self));
    p->weight = SatAdd(p->self->weight(), 1);
    v.p_ = std::move(p);
  }
  return v;
}

uint64_t Value::PayloadWeight() const { return p_->weight; }

double Value::AsDouble() const {
  return kind_ == Kind::kFloat ? d_ : static_cast<double>(Int64());
}
const std::string& Value::str() const {
  return p_ && (kind_ == Kind::kStr) ? p_->s : EmptyString();
}
const std::vector<Value>& Value::items() const { return p_ ? p_->items : EmptyItems(); }
const DictItems& Value::dict() const {
  static const DictItems* empty = new DictItems();
  return p_ && p_->dict ? *p_->dict : *empty;
}
int64_t Value::range_stop() const { return p_ ? p_->stop : 0; }
int64_t Value::range_step() const { return p_ ? p_->step : 1; }
int64_t Value::RangeLength() const {
  int64_t start = range_start(), stop = range_stop(), step = range_step();
  // Computed in unsigned arithmetic: stop - start may not fit int64.
  if (step > 0 && start < stop) {
    uint64_t span = static_cast<uint64_t>(stop) - static_cast<uint64_t>(start) - 1;
    return static_cast<int64_t>(span / static_cast<uint64_t>(step) + 1);
  }
  if (step < 0 && start > stop) {
    uint64_t span = static_cast<uint64_t>(start) - static_cast<uint64_t>(stop) - 1;
    uint64_t st = static_cast<uint64_t>(-(step + 1)) + 1;
    return static_cast<int64_t>(span / st + 1);
  }
  return 0;
}
const std::string& Value::iterator_type() const {
  return p_ && kind_ == Kind::kIterator ? p_->s : EmptyString();
}
const Value& Value::bound_self() const {
  static const Value* none = new Value();
  return p_ && kind_ == Kind::kFunction && p_->self ? *p_->self : *none;
}

std::string Value::TypeName() const {
  switch (kind_) {
    case Kind::kNone: return "NoneType";
    case Kind::kBool: return "bool";
    case Kind::kInt: return "int";
    case Kind::kFloat: return "float";
    case Kind::kStr: return "str";
    case Kind::kList: return "list";
    case Kind::kTuple: return "tuple";
    case Kind::kDict: return "dict";
    case Kind::kRange: return "range";
    case Kind::kIterator: return iterator_type();
    case Kind::kNamespace: return "NameSpace";
    case Kind::kModule: return "module";
    case Kind::kFunction: return bound_self().is_none() ? "builtin_function_or_method" : "builtin_function_or_method";
  }
  return "object";
}

// ---------------------------------------------------------------- DictItems

size_t DictItems::Slot(const Value& key, size_t hash) const {
  size_t mask = index_.size() - 1;
  size_t i = hash & mask;
  while (true) {
    const auto& e = index_[i];
    if (e.second == 0) return i;
    if (e.first == hash && Equal(items_[e.second - 1].first, key)) return i;
    i = (i + 1) & mask;
  }
}

void DictItems::Rehash(size_t capacity) {
  index_.assign(capacity, {0, 0});
  for (size_t pos = 0; pos < items_.size(); ++pos) {
    size_t h = 0;
    HashOf(items_[pos].first, &h);
    size_t mask = capacity - 1;
    size_t i = h & mask;
    while (index_[i].second != 0) i = (i + 1) & mask;
    index_[i] = {h, pos + 1};
  }
}

const Value* DictItems::Find(const Value& key) const {
  if (index_.empty()) return nullptr;
  size_t h;
  if (!HashOf(key, &h)) return nullptr;
  const auto& e = index_[Slot(key, h)];
  return e.second == 0 ? nullptr : &items_[e.second - 1].second;
}

bool DictItems::Set(const Value& key, Value value) {
  size_t h;
  if (!HashOf(key, &h)) return false;
  if ((items_.size() + 1) * 2 > index_.size()) Rehash(index_.empty() ? 8 : index_.size() * 2);
  size_t slot = Slot(key, h);
  auto& e = index_[slot];
  if (e.second != 0) {
    items_[e.second - 1].second = std::move(value);
    return true;
  }
  items_.emplace_back(key, std::move(value));
  e = {h, items_.size()};
  return true;
}

// ---------------------------------------------------------------- printing

namespace {

// FloatRepr into *out, with no string made on the way (str() of a float is
// most of what a robot's expressions print): the shortest digits that read
// back as d (frames::ShortestDigits, the writers' own), laid out as repr()
// lays them out.
void AppendFloatRepr(std::string* out, double d) {
  if (std::isnan(d)) return out->append("nan"), void();
  if (std::isinf(d)) return out->append(d < 0 ? "-inf" : "inf"), void();
  char buf[64];
  char* o = buf;
  if (std::signbit(d)) *o++ = '-';
  if (d == 0) return out->append(buf, o - buf).append("0.0"), void();
  char room[frames::kShortestDigitsRoom];
  int count;
  int e;
  const char* digits = frames::ShortestDigits(std::fabs(d), room, &count, &e);
  const size_t nd = static_cast<size_t>(count);
  const int exp = e + count - 1;  // the exponent of the first digit
  if (exp < -4 || exp >= 16) {
    *o++ = digits[0];
    if (nd > 1) {
      *o++ = '.';
      std::memcpy(o, digits + 1, nd - 1);
      o += nd - 1;
    }
    *o++ = 'e';
    *o++ = exp < 0 ? '-' : '+';
    int a = exp < 0 ? -exp : exp;
    if (a >= 100) *o++ = static_cast<char>('0' + a / 100);
    *o++ = static_cast<char>('0' + a / 10 % 10);
    *o++ = static_cast<char>('0' + a % 10);
  } else if (exp < 0) {
    *o++ = '0';
    *o++ = '.';
    for (int i = 0; i < -exp - 1; ++i) *o++ = '0';
    std::memcpy(o, digits, nd);
    o += nd;
  } else {
    const size_t intlen = static_cast<size_t>(exp) + 1;
    if (nd <= intlen) {
      std::memcpy(o, digits, nd);
      o += nd;
      for (size_t i = nd; i < intlen; ++i) *o++ = '0';
      *o++ = '.';
      *o++ = '0';
    } else {
      std::memcpy(o, digits, intlen);
      o += intlen;
      *o++ = '.';
      std::memcpy(o, digits + intlen, nd - intlen);
      o += nd - intlen;
    }
  }
  out->append(buf, static_cast<size_t>(o - buf));
}

}  // namespace

std::string FloatRepr(double d) {
  std::string out;
  AppendFloatRepr(&out, d);
  return out;
}

std::string StrRepr(std::string_view s) {
  bool has_single = s.find('\'') != std::string_view::npos;
  bool has_double = s.find('"') != std::string_view::npos;
  char quote = has_single && !has_double ? '"' : '\'';
  std::string out;
  out.reserve(s.size() + 2);
  out.push_back(quote);
  size_t i = 0;
  while (i < s.size()) {
    size_t start = i;
    uint32_t cp = utf8::Decode(s, &i);
    if (cp == static_cast<uint32_t>(quote) || cp == '\\') {
      out.push_back('\\');
      out.push_back(static_cast<char>(cp));
    } else if (cp == '\n') {
      out += "\\n";
    } else if (cp == '\r') {
      out += "\\r";
    } else if (cp == '\t') {
      out += "\\t";
    } else if (!Printable(cp)) {
      if (cp < 0x100) {
        AppendHex(&out, 'x', cp, 2);
      } else if (cp < 0x10000) {
        AppendHex(&out, 'u', cp, 4);
      } else {
        AppendHex(&out, 'U', cp, 8);
      }
    } else {
      out.append(s.substr(start, i - start));
    }
  }
  out.push_back(quote);
  return out;
}

namespace {

void AppendRepr(std::string* out, const Value& v);

void AppendItems(std::string* out, const std::vector<Value>& items) {
  for (size_t i = 0; i < items.size(); ++i) {
    if (i) out->append(", ");
    AppendRepr(out, items[i]);
  }
}

const char* ModuleName(int id) {
  switch (id) {
    case 0: return "math";
    case 1: return "python";
    default: return "xacro";
  }
}

void AppendRepr(std::string* out, const Value& v) {
  switch (v.kind()) {
    case Value::Kind::kNone: out->append("None"); return;
    case Value::Kind::kBool: out->append(v.bool_value() ? "True" : "False"); return;
    case Value::Kind::kInt: {
      char buf[24];
      out->append(buf, static_cast<size_t>(std::to_chars(buf, buf + sizeof buf, v.int_value()).ptr - buf));
      return;
    }
    case Value::Kind::kFloat: AppendFloatRepr(out, v.float_value()); return;
    case Value::Kind::kStr: out->append(StrRepr(v.str())); return;
    case Value::Kind::kList:
      out->push_back('[');
      AppendItems(out, v.items());
      out->push_back(']');
      return;
    case Value::Kind::kTuple:
      out->push_back('(');
      AppendItems(out, v.items());
      if (v.items().size() == 1) out->push_back(',');
      out->push_back(')');
      return;
    case Value::Kind::kDict: {
      out->push_back('{');
      bool first = true;
      for (const auto& kv : v.dict().items()) {
        if (!first) out->append(", ");
        first = false;
        AppendRepr(out, kv.first);
        out->append(": ");
        AppendRepr(out, kv.second);
      }
      out->push_back('}');
      return;
    }
    case Value::Kind::kRange:
      out->append("range(" + std::to_string(v.range_start()) + ", " + std::to_string(v.range_stop()));
      if (v.range_step() != 1) out->append(", " + std::to_string(v.range_step()));
      out->push_back(')');
      return;
    case Value::Kind::kIterator:
      if (v.iterator_type().rfind("dict_", 0) == 0) {
        out->append(v.iterator_type() + "([");
        AppendItems(out, v.items());
        out->append("])");
      } else {
        out->append("<" + v.iterator_type() + " object>");
      }
      return;
    case Value::Kind::kNamespace: out->append("<xacro namespace>"); return;
    case Value::Kind::kModule: out->append(std::string("<module '") + ModuleName(v.module_id()) + "'>"); return;
    case Value::Kind::kFunction: out->append(BuiltinRepr(v)); return;
  }
}

}  // namespace

void AppendStr(std::string* out, const Value& v) {
  if (v.kind() == Value::Kind::kStr) {
    out->append(v.str());
  } else {
    AppendRepr(out, v);
  }
}

std::string Str(const Value& v) {
  if (v.kind() == Value::Kind::kStr) return v.str();
  std::string out;
  AppendStr(&out, v);
  return out;
}

std::string Repr(const Value& v) {
  std::string out;
  AppendRepr(&out, v);
  return out;
}

bool Truthy(const Value& v) {
  switch (v.kind()) {
    case Value::Kind::kNone: return false;
    case Value::Kind::kBool:
    case Value::Kind::kInt: return v.int_value() != 0;
    case Value::Kind::kFloat: return v.float_value() != 0;
    case Value::Kind::kStr: return !v.str().empty();
    case Value::Kind::kList:
    case Value::Kind::kTuple: return !v.items().empty();
    case Value::Kind::kDict: return !v.dict().empty();
    case Value::Kind::kRange: return v.RangeLength() > 0;
    case Value::Kind::kIterator:
      return v.iterator_type().rfind("dict_", 0) == 0 ? !v.items().empty() : true;
    default: return true;
  }
}

namespace {
bool NumEqual(const Value& a, const Value& b) {
  if (a.kind() != Value::Kind::kFloat && b.kind() != Value::Kind::kFloat) {
    return a.int_value() == b.int_value();
  }
  if (a.kind() == Value::Kind::kFloat && b.kind() == Value::Kind::kFloat) {
    return a.float_value() == b.float_value();
  }
  double d = a.kind() == Value::Kind::kFloat ? a.float_value() : b.float_value();
  int64_t i = a.kind() == Value::Kind::kFloat ? b.int_value() : a.int_value();
  // Exact comparison of an int64 and a double, as Python compares them.
  if (!std::isfinite(d) || d != std::floor(d)) return false;
  if (d < -9223372036854775808.0 || d >= 9223372036854775808.0) return false;
  return static_cast<int64_t>(d) == i;
}
}  // namespace

bool Equal(const Value& a, const Value& b) {
  if (a.is_number() && b.is_number()) return NumEqual(a, b);
  if (a.kind() != b.kind()) return false;
  switch (a.kind()) {
    case Value::Kind::kNone: return true;
    case Value::Kind::kStr: return a.str() == b.str();
    case Value::Kind::kList:
    case Value::Kind::kTuple: {
      const auto& x = a.items();
      const auto& y = b.items();
      if (x.size() != y.size()) return false;
      for (size_t i = 0; i < x.size(); ++i) {
        if (!Equal(x[i], y[i])) return false;
      }
      return true;
    }
    case Value::Kind::kDict: {
      if (a.dict().size() != b.dict().size()) return false;
      for (const auto& kv : a.dict().items()) {
        const Value* other = b.dict().Find(kv.first);
        if (!other || !Equal(kv.second, *other)) return false;
      }
      return true;
    }
    case Value::Kind::kRange: {
      int64_t n = a.RangeLength();
      if (n != b.RangeLength()) return false;
      if (n == 0) return true;
      if (a.range_start() != b.range_start()) return false;
      return n == 1 || a.range_step() == b.range_step();
    }
    case Value::Kind::kIterator:
      if (a.iterator_type() == "dict_keys" && b.iterator_type() == "dict_keys") {
        return Equal(Value::List(a.items()), Value::List(b.items()));
      }
      return a.items().data() == b.items().data();
    case Value::Kind::kNamespace: return a.ns_handle() == b.ns_handle();
    case Value::Kind::kModule: return a.module_id() == b.module_id();
    case Value::Kind::kFunction:
      return a.builtin_id() == b.builtin_id() && Equal(a.bound_self(), b.bound_self());
    default: return false;
  }
}

bool Hashable(const Value& v) {
  size_t h;
  return HashOf(v, &h);
}

}  // namespace xacro
