#include "testing/fuzzing/fuzz_support.h"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <vector>

namespace fuzzing {

void Check(bool ok, const char* message, const std::string& detail) {
  if (ok) return;
  std::fprintf(stderr, "fuzz check failed: %s\n%s\n", message, detail.c_str());
  std::abort();
}

namespace {

// A registered code (the enum holds no other value unless a cast made one).
bool IsCode(frames::Code code) {
  frames::Code back;
  return frames::CodeFromName(frames::CodeName(code), &back) && back == code;
}

// A relative path of plain segments, or "" when `name` is not one.
bool IsSafeName(std::string_view name) {
  if (name.empty() || name.size() > 100 || name.front() == '/') return false;
  int depth = 0;
  size_t start = 0;
  while (start <= name.size()) {
    size_t slash = name.find('/', start);
    if (slash == std::string_view::npos) slash = name.size();
    const std::string_view seg = name.substr(start, slash - start);
    if (seg.empty() || seg == "." || seg == ".." || ++depth > 4) return false;
    for (const char c : seg) {
      if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
            (c >= '0' && c <= '9') || c == '_' || c == '.' || c == '-')) {
        return false;
      }
    }
    start = slash + 1;
  }
  return true;
}

void WriteText(const std::filesystem::path& path, std::string_view text) {
  std::error_code ec;
  std::filesystem::create_directories(path.parent_path(), ec);
  std::ofstream out(path, std::ios::binary);
  out.write(text.data(), static_cast<std::streamsize>(text.size()));
}

}  // namespace

void CheckDiagnostics(const frames::Diagnostics& diags, bool errors_expected) {
  Check(diags.HasErrors() == errors_expected,
        errors_expected ? "the result claims errors the diagnostics lack"
                        : "an error diagnostic came with a result",
        diags.ToString());
  CheckCoded(diags);
}

void CheckCoded(const frames::Diagnostics& diags) {
  for (const frames::Diagnostic& d : diags.all()) {
    Check(IsCode(d.code), "a diagnostic has no stable code", frames::Format(d));
    Check(!d.message.empty(), "a diagnostic has no message", frames::Format(d));
    Check(!d.where.file.empty(), "a diagnostic names no file",
          frames::Format(d));
    Check(d.where.line >= 0, "a diagnostic has a negative line",
          frames::Format(d));
  }
}

FileSet::FileSet() {
  const char* tmp = std::getenv("TMPDIR");
  std::string templ = std::string(tmp && *tmp ? tmp : "/tmp") + "/fuzzXXXXXX";
  std::vector<char> buf(templ.begin(), templ.end());
  buf.push_back('\0');
  Check(::mkdtemp(buf.data()) != nullptr, "cannot make a temporary directory");
  dir_ = buf.data();
}

FileSet::~FileSet() {
  std::error_code ec;
  std::filesystem::remove_all(dir_, ec);
}

std::string FileSet::Write(const uint8_t* data, size_t size,
                           const std::string& main_name) {
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(dir_, ec)) {
    std::filesystem::remove_all(e.path(), ec);
  }
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  static constexpr std::string_view kMarker = "\n@@@ ";
  std::string_view name = main_name;
  size_t start = 0;
  while (true) {
    const size_t marker = text.find(kMarker, start);
    const std::string_view body =
        text.substr(start, marker == std::string_view::npos
                               ? std::string_view::npos
                               : marker - start);
    if (IsSafeName(name)) WriteText(dir_ + "/" + std::string(name), body);
    if (marker == std::string_view::npos) break;
    const size_t name_start = marker + kMarker.size();
    const size_t name_end = text.find('\n', name_start);
    if (name_end == std::string_view::npos) break;
    name = text.substr(name_start, name_end - name_start);
    start = name_end + 1;
  }
  return dir_ + "/" + main_name;
}

std::string WriteSdfFileSet(const uint8_t* data, size_t size,
                            std::string* dir) {
  static FileSet files;
  *dir = files.dir();
  return files.Write(data, size, "main.sdf");
}

}  // namespace fuzzing
