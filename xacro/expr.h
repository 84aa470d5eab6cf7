// A sandboxed evaluator of the Python expression subset xacro's ${...} and
// $(eval ...) use: literals, arithmetic, comparisons, boolean operators,
// conditional expressions, containers and comprehensions, indexing and
// slicing, attribute access, calls of the builtins and math names xacro
// exposes, str methods and formatting, and xacro's helpers (load_yaml,
// dotify, arg, abs_filename, message/warning/error/fatal, tokenize).
//
// It never executes code: there is no import, no lambda, no dunder name or
// attribute, no exec/eval/open/getattr/globals; they are refused with
// XACRO_EXPRESSION_FORBIDDEN. ExprLimits bound the parser's nesting, the
// evaluation's steps, string lengths and container sizes, so hostile input
// costs bounded time and memory. Thread-safe: no global mutable state.
//
// Names, as in xacro: the host's properties first; then the names xacro
// exposes directly: list dict map len str float int min max round, sorted and
// range (with xacro's deprecation warning), every math name (pi, sin, ...),
// load_yaml/abs_filename/dotify (deprecated), and the namespaces `math`,
// `python` (also abs all any divmod enumerate filter isinstance ord repr
// reversed sum tuple zip) and `xacro` (load_yaml abs_filename dotify arg
// message warning error print_location fatal tokenize). As in xacro, bare
// `abs`, `sum`, `bool`, `tuple` ... are not defined.
//
// Not supported (each refused with a code, never silently different):
// - ints beyond int64 (Python's are unbounded): XACRO_INTEGER_OVERFLOW;
// - complex numbers (1j, (-8) ** 0.5), sets and frozensets ({1, 2}),
//   bytes, f-strings, \N{...} escapes, Ellipsis, `:=`, `*args`/`**kwargs`
//   and starred items, {**d}, multi-dimensional subscripts, and python.complex,
//   set, frozenset, slice, type, hash, issubclass: XACRO_EXPRESSION_INVALID;
// - lambda, import, yield/await, dunder names and attributes, and
//   eval/exec/open/getattr/globals/compile/...: XACRO_EXPRESSION_FORBIDDEN;
// - list methods that mutate (append, sort, ...): values are immutable.
// Known differences in what prints: map/filter/zip/enumerate/reversed objects
// print "<map object>" (Python adds an address), builtins
// "<built-in function sin>"; `is` compares non-singletons by value; str case
// mapping and isalpha/isdigit know ASCII and Latin-1 only; '%a' is '%r';
// format type 'n' is 'g' (no locale); math.fsum is compensated, not exact;
// int / int beyond 2**53 divides in long double. load_yaml: see yaml.h.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>

#include "diag/diagnostics.h"
#include "xacro/value.h"

namespace xacro {

struct EvalError {
  frames::Code code = frames::Code::XACRO_EVALUATION_FAILED;
  // Names the expression and what is wrong, like Python's message where that
  // helps: "name 'x' is not defined in 'x + 1'".
  std::string message;
};

// What the evaluator asks of the processor. Every bool-returning method
// returns false with *err set on failure (LookupName/LookupMember also return
// false with *err untouched when the name is simply not there).
class ExprHost {
 public:
  virtual ~ExprHost() = default;
  // A bare name: the host looks it up in its property scopes (innermost
  // first, evaluating a lazy property). False with *err untouched when it
  // has no such name: the evaluator then tries its builtins (True/False/None,
  // the math names, list, len, ..., `math`, `python`, `xacro`), and only then
  // reports XACRO_NAME_UNDEFINED.
  virtual bool LookupName(std::string_view name, Value* out, EvalError* err) = 0;
  // ns.name on a Value::Namespace(handle) the host made. False with *err
  // untouched: XACRO_NAME_UNDEFINED.
  virtual bool LookupMember(const void* ns_handle, std::string_view name, Value* out, EvalError* err) = 0;
  // xacro.arg(name).
  virtual bool Arg(std::string_view name, Value* out, EvalError* err) = 0;
  // load_yaml(filename) / xacro.load_yaml: the host resolves the name
  // (relative to the current file), checks it may be read, reads it and
  // records it as a dependency. *resolved_path names it in YAML errors.
  virtual bool ReadFile(std::string_view filename, std::string* text, std::string* resolved_path,
                        EvalError* err) = 0;
  // A document load_yaml parsed before in this expansion from the same
  // resolved path and text, or nullptr: a robot loads the same file once
  // per arm, and parsing is most of what load_yaml costs. Values never
  // change once made, so one may be shared. The default keeps nothing.
  virtual const Value* FindYaml(const std::string& resolved_path, const std::string& text) {
    (void)resolved_path, (void)text;
    return nullptr;
  }
  virtual void KeepYaml(const std::string& resolved_path, const std::string& text, const Value& value) {
    (void)resolved_path, (void)text, (void)value;
  }
  // xacro.abs_filename(name): the name joined to the current file's directory
  // unless absolute.
  virtual std::string AbsFilename(std::string_view filename) = 0;
  enum class MessageLevel { kMessage, kWarning, kError };
  // xacro.message/warning/error (the text is the arguments' str() joined by
  // spaces, as print() does), and the evaluator's deprecation warnings
  // (bare `range`, `sorted`, `load_yaml`...: "Using range() directly is
  // deprecated. Use python.range() instead.", as xacro warns). As in xacro,
  // none of them fails the evaluation (xacro.fatal does, with
  // XACRO_FATAL). print_location: xacro prints the file/macro stack after
  // the message (default true for warning and error, false for message;
  // the print_location= keyword argument overrides it; xacro.print_location()
  // is a kMessage with empty text and print_location true).
  virtual void Message(MessageLevel level, const std::string& text, bool print_location) = 0;
};

struct ExprLimits {
  size_t max_string_length = size_t{1} << 24;   // bytes of any str made
  size_t max_nesting = 100;                     // parser nesting (brackets, operators, calls)
  size_t max_steps = 10000000;                  // evaluation steps (nodes visited, items iterated)
  size_t max_container_size = size_t{1} << 22;  // items of any list/tuple/dict/range iterated
};

// One expression, parsed once, evaluated any number of times (a property's
// expression inside a macro called 10,000 times). Immutable, shareable
// between threads.
class CompiledExpr;

// Parses `expression` (leading/trailing whitespace ignored, as xacro strips
// it). Null with *err set (XACRO_EXPRESSION_INVALID, XACRO_EXPRESSION_FORBIDDEN,
// XACRO_LIMIT_EXCEEDED) when it is not an expression of the subset.
std::shared_ptr<const CompiledExpr> Compile(std::string_view expression, const ExprLimits& limits,
                                            EvalError* err);
bool Evaluate(const CompiledExpr& expr, ExprHost& host, const ExprLimits& limits, Value* out,
              EvalError* err);
// Compile + Evaluate.
bool Evaluate(std::string_view expression, ExprHost& host, const ExprLimits& limits, Value* out,
              EvalError* err);
// The source text a CompiledExpr was made from (for messages).
const std::string& SourceText(const CompiledExpr& expr);

// xacro's conversion of a property's plain text to a value (Table._eval_literal):
// 'quoted' → the str between the quotes; text with '_' stays a str; then
// Python's int(text), float(text) ("1e3", " 2 ", "inf", "nan"), then
// "true"/"True"/"false"/"False" as bools; anything else stays a str. An int
// beyond int64 stays a str (it prints the same; arithmetic on it fails).
Value LiteralValue(std::string_view text);
// LiteralValue(text.str()) for a str `text`: `text` itself (sharing its
// bytes, nothing copied) when it stays that str.
Value LiteralValue(const Value& text);

}  // namespace xacro
