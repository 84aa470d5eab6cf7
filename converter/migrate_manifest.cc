#include "converter/migrate_manifest.h"

#include <cerrno>
#include <cinttypes>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>

#include "converter/file_io.h"

namespace converter {

namespace {

constexpr char kHeader[] =
    "# migrate manifest 1: input hash, output hash, source, output "
    "(FNV-1a 64)\n";

std::string EntryLine(const ManifestEntry& e) {
  char hashes[40];
  std::snprintf(hashes, sizeof hashes, "%016" PRIx64 "\t%016" PRIx64 "\t",
                e.input_hash, e.output_hash);
  return hashes + e.source + "\t" + e.output + "\n";
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
  if (journal_) std::fclose(journal_);
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
    size_t t1 = line.find('\t'), t2 = line.find('\t', t1 + 1),
           t3 = line.find('\t', t2 + 1);
    if (t1 != 16 || t2 != 33 || t3 == std::string::npos) continue;
    if (!ParseHash(line.substr(0, 16), &e.input_hash) ||
        !ParseHash(line.substr(17, 16), &e.output_hash)) {
      continue;
    }
    e.source = line.substr(t2 + 1, t3 - t2 - 1);
    e.output = line.substr(t3 + 1);
    if (e.source.empty() || e.output.empty()) continue;
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
  journal_ = std::fopen(path.c_str(), "ab");
  if (!journal_) {
    *error = "cannot open '" + path + "': " + std::strerror(errno);
    return false;
  }
  return true;
}

void Manifest::Record(const ManifestEntry& entry) {
  if (!Recordable(entry)) return;
  recorded_[entry.source] = entry;
  if (journal_) {
    const std::string line = EntryLine(entry);
    std::fwrite(line.data(), 1, line.size(), journal_);
    std::fflush(journal_);
  }
}

bool Manifest::Save(const std::string& path, std::string* error) {
  if (journal_) {
    std::fclose(journal_);
    journal_ = nullptr;
  }
  std::string text = kHeader;
  for (const auto& [source, e] : recorded_) text += EntryLine(e);
  return WriteOutputFile(path, text, error);
}

}  // namespace converter
