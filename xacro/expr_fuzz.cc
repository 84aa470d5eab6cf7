// libFuzzer target: any bytes as an expression (and, after a NUL, as a YAML
// document that load_yaml reads, and that the subset reader, when it takes
// it, must read as yaml-cpp does). The evaluator must not crash, hang or
// allocate without bound: small limits keep each input cheap.
#include <cstddef>
#include <cstdint>
#include <string>

#include "xacro/expr.h"
#include "xacro/yaml.h"

namespace {

class FuzzHost : public xacro::ExprHost {
 public:
  std::string yaml;
  bool LookupName(std::string_view name, xacro::Value* out, xacro::EvalError*) override {
    if (name == "p") {
      *out = xacro::Value::List({xacro::Value::Int(1), xacro::Value::Float(2.5), xacro::Value::Str("s")});
      return true;
    }
    if (name == "ns") {
      *out = xacro::Value::Namespace(this);
      return true;
    }
    return false;
  }
  bool LookupMember(const void*, std::string_view name, xacro::Value* out, xacro::EvalError*) override {
    if (name != "q") return false;
    *out = xacro::Value::Int(7);
    return true;
  }
  bool Arg(std::string_view name, xacro::Value* out, xacro::EvalError*) override {
    *out = xacro::Value::Str(std::string(name));
    return true;
  }
  bool ReadFile(std::string_view, std::string* text, std::string* path, xacro::EvalError*) override {
    *text = yaml;
    *path = "fuzz.yaml";
    return true;
  }
  std::string AbsFilename(std::string_view f) override { return "/abs/" + std::string(f); }
  void Message(MessageLevel, const std::string&, bool) override {}
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string input(reinterpret_cast<const char*>(data), size);
  FuzzHost host;
  size_t nul = input.find('\0');
  if (nul != std::string::npos) {
    host.yaml = input.substr(nul + 1);
    input.resize(nul);
  }
  xacro::ExprLimits limits;
  limits.max_steps = 200000;
  limits.max_string_length = 1 << 16;
  limits.max_container_size = 1 << 14;
  xacro::Value v;
  xacro::EvalError err;
  if (xacro::Evaluate(input, host, limits, &v, &err)) {
    std::string s = xacro::Str(v);
    std::string r = xacro::Repr(v);
    (void)xacro::Truthy(v);
    if (s.empty() && r.empty()) __builtin_trap();  // repr is never empty
  } else if (err.message.empty()) {
    __builtin_trap();  // every error says what is wrong
  }
  if (!host.yaml.empty()) {
    xacro::Value y;
    xacro::EvalError yerr;
    const bool ok = xacro::LoadYaml(host.yaml, "fuzz.yaml", host, limits, &y, &yerr);
    // What the reader of the block-mapping subset takes, yaml-cpp reads the
    // same: value, or error and message.
    xacro::Value s;
    xacro::EvalError serr;
    const bool sok = xacro::LoadYaml(host.yaml, "fuzz.yaml", host, limits, &s, &serr, xacro::YamlReader::kSubset);
    if (sok || serr.message.find("not in the subset") == std::string::npos) {
      xacro::Value c;
      xacro::EvalError cerr;
      const bool cok = xacro::LoadYaml(host.yaml, "fuzz.yaml", host, limits, &c, &cerr, xacro::YamlReader::kYamlCpp);
      if (sok != cok || sok != ok) __builtin_trap();
      if (sok && (xacro::Repr(s) != xacro::Repr(c) || xacro::Repr(s) != xacro::Repr(y))) __builtin_trap();
      if (!sok && (serr.code != cerr.code || serr.message != cerr.message)) __builtin_trap();
    }
  }
  (void)xacro::LiteralValue(input);
  return 0;
}
