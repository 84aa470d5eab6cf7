#include "migrate/migrate_manifest.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <vector>

#include "converter/file_io.h"

namespace converter {

namespace {

constexpr char kHeader[] =
    "# migrate manifest 3: input hash, output hash, source, output "
    "(XXH3 64), then each diagnostic's severity, line, code, file, "
    "element path, message; each file its expansion read; 'verified' "
    "when --verify compared the output equal\n";

// A field without tab or newline: '\\' -> "\\\\", tab -> "\\t" ...
std::string Escape(const std::string& s) {
  std::string out;
  for (const char c : s) {
    switch (c) {
      case '\\': out += "\\\\"; break;
      case '\t': out += "\\t"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      default: out += c;
    }
  }
  return out;
}

std::string Unescape(const std::string& s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] != '\\' || i + 1 == s.size()) {
      out += s[i];
      continue;
    }
    const char c = s[++i];
    out += c == 't' ? '\t' : c == 'n' ? '\n' : c == 'r' ? '\r' : c;
  }
  return out;
}

std::vector<std::string> SplitTabs(const std::string& line) {
  std::vector<std::string> fields;
  size_t begin = 0;
  while (true) {
    const size_t tab = line.find('\t', begin);
    fields.push_back(line.substr(begin, tab - begin));
    if (tab == std::string::npos) return fields;
    begin = tab + 1;
  }
}

std::string EntryLine(const ManifestEntry& e) {
  char hashes[40];
  std::snprintf(hashes, sizeof hashes, "%016" PRIx64 "\t%016" PRIx64 "\t",
                e.input_hash, e.output_hash);
  std::string line = hashes + e.source + "\t" + e.output;
  for (const auto& d : e.diagnostics.all()) {
    line += d.severity == frames::Severity::kError ? "\terror\t" : "\twarning\t";
    line += std::to_string(d.where.line) + "\t" +
            Escape(std::string(frames::CodeName(d.code))) + "\t" +
            Escape(d.where.file) + "\t" + Escape(d.element_path) + "\t" +
            Escape(d.message);
  }
  for (const std::string& read : e.reads) line += "\tread\t" + Escape(read);
  if (e.verified) line += "\tverified";
  return line + "\n";
}

// Paths with a tab or newline cannot be recorded (they are converted again
// next time).
bool Recordable(const ManifestEntry& e) {
  return e.source.find_first_of("\t\n") == std::string::npos &&
         e.output.find_first_of("\t\n") == std::string::npos;
}

// 16 hex digits.
bool ParseHash(const std::string& hex, uint64_t* h) {
  if (hex.size() != 16 ||
      hex.find_first_not_of("0123456789abcdef") != std::string::npos) {
    return false;
  }
  *h = std::strtoull(hex.c_str(), nullptr, 16);
  return true;
}

}  // namespace

Manifest::~Manifest() {
  if (journal_ >= 0) ::close(journal_);
}

void Manifest::Load(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return;
  std::stringstream buffer;
  buffer << in.rdbuf();
  const std::string text = buffer.str();
  size_t begin = 0;
  while (begin < text.size()) {
    const size_t end = text.find('\n', begin);
    if (end == std::string::npos) break;  // cut short
    const std::string line = text.substr(begin, end - begin);
    begin = end + 1;
    if (line.empty() || line[0] == '#') continue;
    ManifestEntry e;
    const std::vector<std::string> f = SplitTabs(line);
    constexpr size_t kDiagnosticFields = 6;
    if (f.size() < 4) continue;
    if (!ParseHash(f[0], &e.input_hash) || !ParseHash(f[1], &e.output_hash))
      continue;
    e.source = f[2];
    e.output = f[3];
    if (e.source.empty() || e.output.empty()) continue;
    bool ok = true;
    for (size_t i = 4; ok && i < f.size(); i += kDiagnosticFields) {
      if (f[i] == "verified") {
        e.verified = true;
        i -= kDiagnosticFields - 1;  // one field
        continue;
      }
      if (f[i] == "read" && i + 1 < f.size()) {
        e.reads.push_back(Unescape(f[i + 1]));
        i -= kDiagnosticFields - 2;  // two fields
        continue;
      }
      if (i + kDiagnosticFields > f.size()) {
        ok = false;
        break;
      }
      frames::Diagnostic d;
      ok = f[i] == "error" || f[i] == "warning";
      d.severity = f[i] == "error" ? frames::Severity::kError
                                   : frames::Severity::kWarning;
      char* end = nullptr;
      d.where.line = static_cast<int>(std::strtol(f[i + 1].c_str(), &end, 10));
      ok = ok && !f[i + 1].empty() && *end == '\0';
      // A code this converter does not know: the entry is converted again.
      ok = ok && frames::CodeFromName(Unescape(f[i + 2]), &d.code);
      d.where.file = Unescape(f[i + 3]);
      d.element_path = Unescape(f[i + 4]);
      d.message = Unescape(f[i + 5]);
      e.diagnostics.Add(std::move(d));
    }
    if (!ok) continue;
    loaded_[e.source] = std::move(e);
  }
}

const ManifestEntry* Manifest::Find(const std::string& source) const {
  auto found = loaded_.find(source);
  return found == loaded_.end() ? nullptr : &found->second;
}

std::set<std::string> Manifest::Outputs() const {
  std::set<std::string> outputs;
  for (const auto& [source, e] : loaded_) outputs.insert(e.output);
  return outputs;
}

bool Manifest::OpenJournal(const std::string& path, std::string* error) {
  journal_ = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC,
                    0666);
  if (journal_ < 0) {
    *error = "cannot open '" + path + "': " + std::strerror(errno);
    return false;
  }
  return true;
}

void Manifest::Record(ManifestEntry entry) {
  if (!Recordable(entry)) return;
  if (journal_ >= 0) {
    // One write, outside the lock: an append is placed whole at the end of
    // the file whoever else appends. A short write (a full disk) spoils a
    // line, whose file the next run then converts again; the end of the
    // run rewrites the manifest whole.
    const std::string line = EntryLine(entry);
    ssize_t ignored = ::write(journal_, line.data(), line.size());
    (void)ignored;
  }
  std::lock_guard<std::mutex> lock(mu_);
  std::string source = entry.source;
  recorded_[std::move(source)] = std::move(entry);
}

bool Manifest::Save(const std::string& path, const std::string& converter,
                    const std::string& options, std::string* error) {
  if (journal_ >= 0) {
    ::close(journal_);
    journal_ = -1;
  }
  std::string text = kHeader;
  text += "# converter: " + Escape(converter) + "\n";
  text += "# options: " + Escape(options) + "\n";
  for (const auto& [source, e] : recorded_) text += EntryLine(e);
  return WriteOutputFile(path, text, error);
}

}  // namespace converter
