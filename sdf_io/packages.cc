#include "sdf_io/packages.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <system_error>

#include "xml/dom.h"
#include "xml/reader.h"

namespace sdf_io {

namespace fs = std::filesystem;

namespace {

bool Exists(const fs::path& p) {
  std::error_code ec;
  return fs::exists(p, ec);
}

bool IsDir(const fs::path& p) {
  std::error_code ec;
  return fs::is_directory(p, ec);
}

// The directories to start an upward walk from: the file's directory.
fs::path DirectoryOf(const std::string& path) {
  std::error_code ec;
  fs::path p = fs::absolute(path.empty() ? "." : path, ec).lexically_normal();
  if (!IsDir(p)) p = p.parent_path();
  return p;
}

// The package name of `dir` when it holds a package.xml naming one.
std::optional<std::string> PackageNameIn(const std::string& dir, bool listed);

bool IsIgnoreMarker(const std::string& leaf) {
  return leaf == "CATKIN_IGNORE" || leaf == "COLCON_IGNORE";
}

// One listing per directory: it says whether the directory is ignored or
// holds a package.xml, and which subdirectories to walk into.
void Crawl(const fs::path& dir, int depth,
           std::vector<std::pair<std::string, std::string>>* out) {
  // Deep enough for any workspace; bounded against symlink loops.
  if (depth > 32) return;
  std::error_code ec;
  std::vector<fs::path> subdirs;
  bool package_xml = false;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end;
       it.increment(ec)) {
    const std::string leaf = it->path().filename().string();
    std::error_code exists;
    if (IsIgnoreMarker(leaf) && it->exists(exists)) return;
    if (leaf == "package.xml") package_xml = true;
    if (!leaf.empty() && leaf[0] == '.') continue;
    std::error_code kind;
    if (it->is_directory(kind)) subdirs.push_back(it->path());
  }
  if (package_xml) {
    if (auto name = PackageNameIn(dir.string(), true)) {
      out->emplace_back(*name, dir.string());
      return;  // packages do not nest
    }
  }
  std::sort(subdirs.begin(), subdirs.end());
  for (const auto& d : subdirs) Crawl(d, depth + 1, out);
}

std::optional<std::string> PackageNameIn(const std::string& dir, bool listed) {
  const std::string path = dir + "/package.xml";
  if (!listed && !Exists(path)) return std::nullopt;
  frames::Diagnostics ignored;
  const auto text = xml::ReadFile(path, &ignored);
  if (!text) return std::nullopt;
  xml::Document doc;
  if (!xml::Parse(*text, path, &doc, &ignored)) return std::nullopt;
  const xml::Node* root = doc.RootElement();
  if (!root || !xml::Is(root, "package")) return std::nullopt;
  const xml::Node* name = root->FirstChildElement("name");
  if (!name) return std::nullopt;
  std::string value(xml::Text(name));
  if (value.empty()) return std::nullopt;
  return value;
}

// A listed tree: each directory's subdirectories and whether it holds a
// package.xml or an ignore marker.
struct ListedDir {
  std::vector<std::pair<std::string, bool>> subdirs;  // (relative, is link)
  bool package_xml = false;
  bool ignored = false;
};

// Crawl over the listing: the same visits in the same order.
void CrawlListing(const std::string& root, const std::string& rel, int depth,
                  const std::map<std::string, ListedDir>& tree,
                  std::vector<std::pair<std::string, std::string>>* out) {
  if (depth > 32) return;
  const fs::path dir = rel.empty() ? fs::path(root) : fs::path(root) / rel;
  auto at = tree.find(rel);
  if (at == tree.end()) return;
  const ListedDir& d = at->second;
  if (d.ignored) return;
  if (d.package_xml) {
    if (auto name = PackageNameIn(dir.string(), true)) {
      out->emplace_back(*name, dir.string());
      return;
    }
  }
  for (const auto& [sub, link] : d.subdirs) {
    if (link) {
      Crawl(fs::path(root) / sub, depth + 1, out);
    } else {
      CrawlListing(root, sub, depth + 1, tree, out);
    }
  }
}

// (parent directory, leaf) of a relative path with '/'.
std::pair<std::string, std::string> SplitRelative(const std::string& rel) {
  const fs::path p(rel);
  return {p.parent_path().generic_string(), p.filename().string()};
}

}  // namespace

std::vector<std::pair<std::string, std::string>> FindPackagesInListing(
    const std::string& root, const std::vector<std::string>& dirs,
    const std::vector<std::string>& files,
    const std::vector<std::string>& linked_dirs) {
  std::map<std::string, ListedDir> tree;
  tree[""];
  for (const auto& d : dirs) tree[d];
  auto add_subdir = [&](const std::string& rel, bool link) {
    const auto [parent_rel, leaf] = SplitRelative(rel);
    ListedDir& parent = tree[parent_rel];
    if (IsIgnoreMarker(leaf)) parent.ignored = true;
    if (!leaf.empty() && leaf[0] != '.') parent.subdirs.emplace_back(rel, link);
  };
  for (const auto& d : dirs) add_subdir(d, false);
  for (const auto& d : linked_dirs) add_subdir(d, true);
  for (const auto& f : files) {
    const auto [parent_rel, leaf] = SplitRelative(f);
    ListedDir& parent = tree[parent_rel];
    if (IsIgnoreMarker(leaf)) parent.ignored = true;
    if (leaf == "package.xml") parent.package_xml = true;
  }
  // Subdirectories in fs::path order, as the crawl sorts them.
  for (auto& [rel, d] : tree) {
    std::sort(d.subdirs.begin(), d.subdirs.end(),
              [](const auto& a, const auto& b) {
                return fs::path(a.first) < fs::path(b.first);
              });
  }
  std::vector<std::pair<std::string, std::string>> out;
  CrawlListing(root, "", 0, tree, &out);
  return out;
}

std::vector<std::string> SplitSearchPath(const char* value) {
  std::vector<std::string> out;
  if (!value) return out;
  const std::string s(value);
  size_t start = 0;
  while (start <= s.size()) {
    size_t colon = s.find(':', start);
    if (colon == std::string::npos) colon = s.size();
    if (colon > start) out.push_back(s.substr(start, colon - start));
    start = colon + 1;
  }
  return out;
}

std::optional<std::string> PackageName(const std::string& dir) {
  return PackageNameIn(dir, false);
}

std::vector<std::pair<std::string, std::string>> FindPackages(
    const std::string& root) {
  std::vector<std::pair<std::string, std::string>> out;
  if (IsDir(root)) Crawl(fs::path(root), 0, &out);
  return out;
}

std::optional<std::pair<std::string, std::string>> EnclosingPackage(
    const std::string& path) {
  for (fs::path d = DirectoryOf(path); !d.empty(); d = d.parent_path()) {
    if (auto name = PackageName(d.string())) return std::make_pair(*name, d.string());
    if (d == d.root_path()) break;
  }
  return std::nullopt;
}

std::optional<std::string> FindPackage(const std::string& name,
                                       const PackagePaths& paths,
                                       const std::string& from_file,
                                       std::vector<std::string>* searched) {
  auto note = [&](const std::string& s) {
    if (searched) searched->push_back(s);
  };
  for (const auto& [pkg, dir] : paths.packages) {
    if (pkg == name) return dir;
  }
  if (!paths.packages.empty()) note("--package");
  if (paths.use_environment) {
    const auto ros = SplitSearchPath(std::getenv("ROS_PACKAGE_PATH"));
    for (const auto& root : ros) {
      for (const auto& [pkg, dir] : FindPackages(root)) {
        if (pkg == name) return dir;
      }
    }
    note(ros.empty() ? "ROS_PACKAGE_PATH (unset)" : "ROS_PACKAGE_PATH");
    const auto ament = SplitSearchPath(std::getenv("AMENT_PREFIX_PATH"));
    for (const auto& prefix : ament) {
      const std::string dir = prefix + "/share/" + name;
      if (IsDir(dir)) return dir;
    }
    note(ament.empty() ? "AMENT_PREFIX_PATH (unset)" : "AMENT_PREFIX_PATH");
  }
  for (const auto& [pkg, dir] : paths.repository) {
    if (pkg == name) return dir;
  }
  if (!paths.repository.empty()) note("the repository");
  if (paths.enclosing_packages && !from_file.empty() &&
      from_file != "<stdin>") {
    for (fs::path d = DirectoryOf(from_file); !d.empty(); d = d.parent_path()) {
      if (PackageName(d.string()) == name) return d.string();
      if (d == d.root_path()) break;
    }
    note("the packages enclosing '" + from_file + "'");
  }
  return std::nullopt;
}

std::optional<std::pair<std::string, std::string>> SplitPackageUri(
    const std::string& uri) {
  static const std::string kPackage = "package://";
  if (uri.compare(0, kPackage.size(), kPackage) != 0) return std::nullopt;
  const std::string rest = uri.substr(kPackage.size());
  const size_t slash = rest.find('/');
  std::string name = rest.substr(0, slash);
  if (name.empty()) return std::nullopt;
  return std::make_pair(
      name, slash == std::string::npos ? std::string() : rest.substr(slash + 1));
}

}  // namespace sdf_io
