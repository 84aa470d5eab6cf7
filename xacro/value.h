// Python values as xacro's ${...} expressions make them, and their printing
// exactly as Python 3 prints them (str() and repr()), because xacro writes
// str(value) into the document.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace xacro {

class Value;

class DictItems;

class Value {
 public:
  enum class Kind {
    kNone,
    kBool,
    kInt,        // int64_t; results beyond its range are an error (XACRO_INTEGER_OVERFLOW)
    kFloat,
    kStr,        // UTF-8 bytes; len/index/slice count code points as Python does
    kList,
    kTuple,
    kDict,       // ordered; dotted() dicts (load_yaml, xacro.dotify) also answer d.key
    kRange,      // range(start, stop, step): lazy, printed "range(0, 3)"
    kIterator,   // map/filter/zip/enumerate/reversed results and dict views:
                 // a materialized sequence with a type name (Str: "dict_keys([...])",
                 // or "<map object>" where Python prints an address)
    kNamespace,  // a name table the host owns (an include's ns): d.name calls ExprHost::LookupMember
    kModule,     // the evaluator's own namespaces: math, python, xacro
    kFunction,   // a builtin callable (a function or a bound method of a value)
  };

  Value() {}  // None
  static Value None() { return Value(); }
  static Value Bool(bool b);    // inline, below: the evaluator makes one at
  static Value Int(int64_t i);  // nearly every step
  static Value Float(double d);
  static Value Str(std::string s);
  static Value List(std::vector<Value> items);
  static Value Tuple(std::vector<Value> items);
  static Value Dict(DictItems items, bool dotted = false);
  static Value Range(int64_t start, int64_t stop, int64_t step);
  static Value Iterator(std::string type_name, std::vector<Value> items);
  static Value Namespace(const void* handle);
  // Internal to the evaluator: a builtin by id, optionally bound to `self`.
  static Value Module(int module_id);
  static Value Function(int builtin_id, Value self = Value());

  Kind kind() const { return kind_; }
  bool is_none() const { return kind_ == Kind::kNone; }
  bool is_number() const { return kind_ == Kind::kBool || kind_ == Kind::kInt || kind_ == Kind::kFloat; }

  bool bool_value() const { return b_; }           // kBool
  int64_t int_value() const { return Int64(); }    // kInt (and kBool as 0/1)
  double float_value() const { return kind_ == Kind::kFloat ? d_ : 0; }  // kFloat
  // kBool/kInt/kFloat as a double.
  double AsDouble() const;
  const std::string& str() const;                  // kStr
  // kList, kTuple, kIterator: the items.
  const std::vector<Value>& items() const;
  const DictItems& dict() const;                   // kDict
  bool dotted() const { return b_; }               // kDict: attribute access allowed
  int64_t range_start() const { return Int64(); }  // kRange
  int64_t range_stop() const;
  int64_t range_step() const;
  int64_t RangeLength() const;
  const std::string& iterator_type() const;        // kIterator: "map", "dict_keys", ...
  const void* ns_handle() const { return kind_ == Kind::kNamespace ? handle_ : nullptr; }  // kNamespace
  int module_id() const { return static_cast<int>(Int64()); }   // kModule
  int builtin_id() const { return static_cast<int>(Int64()); }  // kFunction
  const Value& bound_self() const;                 // kFunction: the bound value (None when unbound)

  // A bound on the cost of printing, comparing or hashing the value: about
  // its printed length, counting a shared item as often as it appears
  // ([l] * 1000 weighs 1000 l's), saturating. The evaluator refuses values
  // heavier than its limits, so that no str(), == or hash can explode.
  uint64_t weight() const { return p_ ? PayloadWeight() : 1; }

  // Python's type(v).__name__: "int", "str", "list", "NoneType", ...
  std::string TypeName() const;

 private:
  struct Payload;
  uint64_t PayloadWeight() const;
  // 32 bytes: one scalar field, by kind (copied at every step).
  Kind kind_ = Kind::kNone;
  bool b_ = false;
  union {
    int64_t i_ = 0;        // kBool, kInt, kRange (start), kModule, kFunction
    double d_;             // kFloat
    const void* handle_;   // kNamespace
  };
  int64_t Int64() const { return kind_ == Kind::kFloat || kind_ == Kind::kNamespace ? 0 : i_; }
  std::shared_ptr<const Payload> p_;  // immutable, shared by copies
};

inline Value Value::Bool(bool b) {
  Value v;
  v.kind_ = Kind::kBool;
  v.b_ = b;
  v.i_ = b ? 1 : 0;
  return v;
}
inline Value Value::Int(int64_t i) {
  Value v;
  v.kind_ = Kind::kInt;
  v.i_ = i;
  return v;
}
inline Value Value::Float(double d) {
  Value v;
  v.kind_ = Kind::kFloat;
  v.d_ = d;
  return v;
}

// A dict's items in insertion order (Python 3.7+ dicts keep it), with an
// index from key to position. Keys are hashable values: None, bool, int,
// float, str, tuple of those; 1, 1.0 and True are one key, as in Python.
class DictItems {
 public:
  size_t size() const { return items_.size(); }
  bool empty() const { return items_.empty(); }
  const std::vector<std::pair<Value, Value>>& items() const { return items_; }
  // The value for `key`, nullptr when absent.
  const Value* Find(const Value& key) const;
  // Python's d[key] = value: a new key goes last, an existing one keeps its
  // place and takes the new value. False when the key is not hashable (a
  // list or dict).
  bool Set(const Value& key, Value value);

 private:
  std::vector<std::pair<Value, Value>> items_;
  std::vector<std::pair<size_t, size_t>> index_;  // (hash, position), open addressing
  void Rehash(size_t capacity);
  size_t Slot(const Value& key, size_t hash) const;
};

// Python's str(v): what xacro writes into the document ("1.0", "1e-05",
// "[1, 2]", "{'a': 1}", "True", "None").
std::string Str(const Value& v);
// Str(v) appended to *out (no string made on the way).
void AppendStr(std::string* out, const Value& v);
// Python's repr(v) ("'x'" for a str).
std::string Repr(const Value& v);
// Python's bool(v).
bool Truthy(const Value& v);
// Python's == (1 == 1.0 == True; [1] != (1,); dicts compare unordered).
bool Equal(const Value& a, const Value& b);
// Python's hash equivalence class for dict keys; false when unhashable.
bool Hashable(const Value& v);

// repr() of a float as Python 3 prints it: shortest round-trip digits,
// exponent form when the decimal exponent is < -4 or >= 16 ("1e-05",
// "1e+16", "0.0001", "1.0", "inf", "nan", "-0.0").
std::string FloatRepr(double d);
// repr() of a str: single quotes unless it holds ' and no ", Python's escapes.
std::string StrRepr(std::string_view s);

}  // namespace xacro
