// An ExprHost for the evaluator's tests: properties in a map, namespaces by
// handle, files in memory, messages recorded.
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "xacro/expr.h"

namespace xacro {

class TestHost : public ExprHost {
 public:
  std::map<std::string, Value, std::less<>> names;
  std::map<std::string, Value, std::less<>> ns_members;  // members of Value::Namespace(this)
  std::map<std::string, Value, std::less<>> args;
  std::map<std::string, std::string, std::less<>> files;
  std::vector<std::pair<MessageLevel, std::string>> messages;

  bool LookupName(std::string_view name, Value* out, EvalError*) override {
    auto it = names.find(name);
    if (it == names.end()) return false;
    *out = it->second;
    return true;
  }
  bool LookupMember(const void* handle, std::string_view name, Value* out, EvalError*) override {
    if (handle != this) return false;
    auto it = ns_members.find(name);
    if (it == ns_members.end()) return false;
    *out = it->second;
    return true;
  }
  bool Arg(std::string_view name, Value* out, EvalError* err) override {
    auto it = args.find(name);
    if (it == args.end()) {
      err->code = frames::Code::XACRO_NAME_UNDEFINED;
      err->message = "undefined substitution argument " + std::string(name);
      return false;
    }
    *out = it->second;
    return true;
  }
  bool ReadFile(std::string_view filename, std::string* text, std::string* resolved, EvalError* err) override {
    auto it = files.find(filename);
    if (it == files.end()) {
      err->code = frames::Code::IO_ERROR;
      err->message = "no such file: " + std::string(filename);
      return false;
    }
    *text = it->second;
    *resolved = "/pkg/" + std::string(filename);
    return true;
  }
  std::string AbsFilename(std::string_view filename) override {
    if (!filename.empty() && filename[0] == '/') return std::string(filename);
    return "/pkg/" + std::string(filename);
  }
  void Message(MessageLevel level, const std::string& text, bool) override { messages.emplace_back(level, text); }
};

}  // namespace xacro
