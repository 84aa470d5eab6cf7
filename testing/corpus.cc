#include "testing/corpus.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <tinyxml2.h>

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

std::vector<std::string> CorpusModelPaths(const std::string& corpus_dir) {
  return {corpus_dir + "/gazebo_models",
          corpus_dir + "/px4-gazebo-models/models"};
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

CorpusSample::CorpusSample() {
  if (const char* v = std::getenv("CORPUS_SAMPLE")) {
    char* end = nullptr;
    const unsigned long n = std::strtoul(v, &end, 10);
    if (end != v && *end == '\0' && n >= 1) step_ = n;
  }
}

std::vector<std::string> CorpusSample::Take(
    const std::vector<std::string>& files) {
  std::vector<std::string> kept;
  for (size_t i = 0; i < files.size(); i += step_) kept.push_back(files[i]);
  taken_.insert(kept.begin(), kept.end());
  return kept;
}

void CorpusSample::Keep(const std::string& file) { taken_.insert(file); }

bool CorpusSample::Has(const std::string& file) const {
  return step_ == 1 || taken_.count(file) > 0;
}

bool IsSingleModelDocument(const std::string& path, std::string* model_name) {
  tinyxml2::XMLDocument doc;
  if (doc.Parse(ReadFile(path).c_str()) != tinyxml2::XML_SUCCESS) return false;
  const tinyxml2::XMLElement* root = doc.RootElement();
  if (root == nullptr || std::string(root->Name()) != "sdf") return false;
  int models = 0, worlds = 0;
  for (const tinyxml2::XMLElement* e = root->FirstChildElement(); e;
       e = e->NextSiblingElement()) {
    const std::string name = e->Name();
    if (name == "model") {
      ++models;
      if (model_name != nullptr) {
        const char* n = e->Attribute("name");
        *model_name = n ? n : "";
      }
    }
    if (name == "world") ++worlds;
  }
  return models == 1 && worlds == 0;
}

bool ReviewedLine::HasReason() const {
  return reason.find_first_not_of(" \t") != std::string::npos;
}

void ForEachReviewedLine(const std::string& path, size_t field_count,
                         const std::string& usage,
                         std::vector<std::string>* bad,
                         const std::function<void(const ReviewedLine&)>& each) {
  std::ifstream in(path);
  if (!in) {
    bad->push_back("cannot read " + path);
    return;
  }
  std::string text;
  for (int n = 1; std::getline(in, text); ++n) {
    ReviewedLine l;
    const size_t hash = text.find('#');
    if (hash != std::string::npos) {
      l.reason = text.substr(hash + 1);
      text = text.substr(0, hash);
    }
    std::istringstream fields(text);
    for (std::string f; fields >> f;) l.fields.push_back(f);
    if (l.fields.empty()) continue;
    l.line = n;
    l.where = path + ":" + std::to_string(n) + ": ";
    if (l.fields.size() != field_count) {
      bad->push_back(l.where + "expected `" + usage + "`");
      continue;
    }
    each(l);
  }
}

std::map<std::string, Listed> ReadReviewedList(
    const std::string& path, const std::set<std::string>& known_codes,
    std::vector<std::string>* bad) {
  std::map<std::string, Listed> out;
  ForEachReviewedLine(
      path, 2, "path CODE  # reason", bad, [&](const ReviewedLine& l) {
        const std::string& file = l.fields[0];
        const std::string& code = l.fields[1];
        if (!known_codes.count(code)) {
          bad->push_back(l.where + "unknown code " + code);
          return;
        }
        if (!l.HasReason()) bad->push_back(l.where + "no reason given");
        if (!out.emplace(file, Listed{code, l.reason}).second) {
          bad->push_back(l.where + file + " listed twice");
        }
      });
  return out;
}

}  // namespace test_support
