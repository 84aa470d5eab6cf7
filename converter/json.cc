#include "converter/json.h"

namespace converter {

void AppendJsonString(std::string* out, std::string_view s) {
  static constexpr char kHex[] = "0123456789abcdef";
  out->push_back('"');
  for (const char ch : s) {
    const unsigned char c = static_cast<unsigned char>(ch);
    switch (c) {
      case '"': out->append("\\\""); break;
      case '\\': out->append("\\\\"); break;
      case '\b': out->append("\\b"); break;
      case '\f': out->append("\\f"); break;
      case '\n': out->append("\\n"); break;
      case '\r': out->append("\\r"); break;
      case '\t': out->append("\\t"); break;
      default:
        if (c < 0x20) {
          out->append("\\u00");
          out->push_back(kHex[c >> 4]);
          out->push_back(kHex[c & 0xf]);
        } else {
          out->push_back(ch);
        }
    }
  }
  out->push_back('"');
}

void AppendDiagnosticJson(std::string* out, const frames::Diagnostic& d) {
  out->append("{\"file\": ");
  AppendJsonString(out, d.where.file);
  out->append(", \"line\": " + std::to_string(d.where.line));
  out->append(", \"severity\": ");
  out->append(d.severity == frames::Severity::kError ? "\"error\""
                                                     : "\"warning\"");
  out->append(", \"code\": ");
  AppendJsonString(out, frames::CodeName(d.code));
  out->append(", \"message\": ");
  AppendJsonString(out, d.message);
  if (!d.element_path.empty()) {
    out->append(", \"element_path\": ");
    AppendJsonString(out, d.element_path);
  }
  out->append("}");
}

}  // namespace converter
