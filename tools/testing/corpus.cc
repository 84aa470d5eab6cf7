#include "tools/testing/corpus.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace test_support {

namespace fs = std::filesystem;

namespace {

std::string Workspace() {
  const char* ws = std::getenv("TEST_WORKSPACE");
  return ws ? ws : "urdf_sdf_converter";
}

}  // namespace

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string Runfile(const std::string& workspace_relative) {
  const char* srcdir = std::getenv("TEST_SRCDIR");
  if (!srcdir) return workspace_relative;
  return std::string(srcdir) + "/" + Workspace() + "/" + workspace_relative;
}

std::string CorpusDir(const char* env_override) {
  if (const char* d = std::getenv(env_override)) return d;
  const char* srcdir = std::getenv("TEST_SRCDIR");
  if (!srcdir) return "";
  for (const std::string& c :
       {std::string(srcdir) + "/corpus",
        std::string(srcdir) + "/" + Workspace() + "/external/corpus"}) {
    if (fs::is_directory(c)) return c;
  }
  return "";
}

std::vector<std::string> CorpusFiles(
    const std::string& dir, const std::vector<std::string>& extensions) {
  std::vector<std::string> files;
  for (const auto& e : fs::recursive_directory_iterator(dir)) {
    const std::string ext = e.path().extension().string();
    if (e.is_regular_file() &&
        std::find(extensions.begin(), extensions.end(), ext) !=
            extensions.end()) {
      files.push_back(e.path().lexically_relative(dir).generic_string());
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

std::map<std::string, Listed> ReadReviewedList(
    const std::string& path, const std::set<std::string>& known_codes,
    std::vector<std::string>* bad) {
  std::map<std::string, Listed> out;
  std::ifstream in(path);
  if (!in) {
    bad->push_back("cannot read " + path);
    return out;
  }
  std::string line;
  int n = 0;
  while (std::getline(in, line)) {
    ++n;
    std::string reason;
    const size_t hash = line.find('#');
    if (hash != std::string::npos) {
      reason = line.substr(hash + 1);
      line = line.substr(0, hash);
    }
    std::istringstream fields(line);
    std::string file, code, extra;
    if (!(fields >> file)) continue;
    const std::string where = path + ":" + std::to_string(n) + ": ";
    if (!(fields >> code) || (fields >> extra)) {
      bad->push_back(where + "expected `path CODE  # reason`");
      continue;
    }
    if (!known_codes.count(code)) {
      bad->push_back(where + "unknown code " + code);
      continue;
    }
    if (reason.find_first_not_of(" \t") == std::string::npos) {
      bad->push_back(where + "no reason given");
    }
    if (!out.emplace(file, Listed{code, reason}).second) {
      bad->push_back(where + file + " listed twice");
    }
  }
  return out;
}

}  // namespace test_support
