// Reads expressions from standard input, one a line, and prints for each
// one line: "OK " and the str() of its value, or "ERR CODE message", with
// backslashes and line breaks escaped (\\, \n). For
// //xacro:expr_differential_test.
#include <iostream>
#include <string>

#include "xacro/expr.h"

namespace {

class NoPropertiesHost : public xacro::ExprHost {
 public:
  bool LookupName(std::string_view, xacro::Value*, xacro::EvalError*) override { return false; }
  bool LookupMember(const void*, std::string_view, xacro::Value*, xacro::EvalError*) override { return false; }
  bool Arg(std::string_view, xacro::Value*, xacro::EvalError*) override { return false; }
  bool ReadFile(std::string_view, std::string*, std::string*, xacro::EvalError* err) override {
    err->message = "no files here";
    return false;
  }
  std::string AbsFilename(std::string_view f) override { return std::string(f); }
  void Message(MessageLevel, const std::string&, bool) override {}
};

std::string Escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '\\') {
      out += "\\\\";
    } else if (c == '\n') {
      out += "\\n";
    } else {
      out.push_back(c);
    }
  }
  return out;
}

}  // namespace

int main() {
  NoPropertiesHost host;
  xacro::ExprLimits limits;
  std::string line;
  while (std::getline(std::cin, line)) {
    xacro::Value v;
    xacro::EvalError err;
    if (xacro::Evaluate(line, host, limits, &v, &err)) {
      std::cout << "OK " << Escape(xacro::Str(v)) << "\n";
    } else {
      std::cout << "ERR " << frames::CodeName(err.code) << " " << Escape(err.message) << "\n";
    }
  }
  return 0;
}
