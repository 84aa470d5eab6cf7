#include "sdf_io/packages.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <unordered_map>
#include <system_error>

#include "xml/dom.h"
#include "xml/reader.h"

namespace sdf_io {

namespace fs = std::filesystem;

namespace {

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

bool IsIgnoreMarker(const std::string& leaf) {
  return leaf == "CATKIN_IGNORE" || leaf == "COLCON_IGNORE";
}

// What the crawl needs of one directory: its subdirectories to walk into
// (sorted, hidden ones left out), whether it holds a package.xml, whether
// an ignore marker skips it.
struct ListedDir {
  std::vector<fs::path> subdirs;
  bool package_xml = false;
  bool ignored = false;
};

// One directory, listed from the file system.
ListedDir ListDirectory(const fs::path& dir) {
  ListedDir d;
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end;
       it.increment(ec)) {
    const std::string leaf = it->path().filename().string();
    std::error_code kind;
    if (IsIgnoreMarker(leaf) && it->exists(kind)) d.ignored = true;
    if (leaf == "package.xml") d.package_xml = true;
    if (!leaf.empty() && leaf[0] == '.') continue;
    if (it->is_directory(kind)) d.subdirs.push_back(it->path());
  }
  std::sort(d.subdirs.begin(), d.subdirs.end());
  return d;
}

using Lister = std::function<ListedDir(const fs::path&)>;

// PackageName(dir), read once per directory when there is a cache.
std::optional<std::string> CachedPackageName(const std::string& dir,
                                             PackageNameCache* cache) {
  if (!cache) return PackageName(dir);
  auto it = cache->names.find(dir);
  if (it == cache->names.end()) it = cache->names.emplace(dir, PackageName(dir)).first;
  return it->second;
}

// rospack's crawl: a package's subdirectories are not searched, an ignored
// directory is skipped. Each directory is listed once, by `list`. With
// `wanted`, the crawl stops at the first package of that name (true): the
// one a search of the whole list would pick, without listing and reading
// the packages after it.
bool Crawl(const fs::path& dir, int depth, const Lister& list,
           std::vector<std::pair<std::string, std::string>>* out,
           const std::string* wanted = nullptr, PackageNameCache* cache = nullptr) {
  // Deep enough for any workspace; bounded against symlink loops.
  if (depth > 32) return false;
  const ListedDir d = list(dir);
  if (d.ignored) return false;
  if (d.package_xml) {
    if (auto name = CachedPackageName(dir.string(), cache)) {
      out->emplace_back(*name, dir.string());
      return wanted && *name == *wanted;  // packages do not nest
    }
  }
  for (const auto& sub : d.subdirs) {
    if (Crawl(sub, depth + 1, list, out, wanted, cache)) return true;
  }
  return false;
}

}  // namespace

std::vector<std::pair<std::string, std::string>> FindPackagesInListing(
    const std::string& root, const std::vector<std::string>& dirs,
    const std::vector<std::string>& files,
    const std::vector<std::string>& linked_dirs) {
  // A package is a directory holding a package.xml: with none in the
  // listing and no link to crawl into, there is none to find, and a model
  // collection's 10,000 directories need not be crawled (10-15 ms).
  const bool any_package_xml =
      std::any_of(files.begin(), files.end(), [](const std::string& f) {
        return f == "package.xml" ||
               (f.size() > 12 &&
                f.compare(f.size() - 12, 12, "/package.xml") == 0);
      });
  if (!any_package_xml && linked_dirs.empty()) return {};
  // The listing as ListDirectory would give it, keyed by each directory's
  // path as the crawl reaches it (top / rel, the same string as prefix +
  // rel); links to directories (and all below them) are listed from the
  // file system. Strings, not std::filesystem::path keys: a path parses
  // its components on every construction and comparison, which made the
  // crawl of a 10,000-directory listing 40-55 ms instead of 16-22 ms.
  const fs::path top(root);
  const std::string prefix = (top / "").native();
  std::unordered_map<std::string, ListedDir> tree;
  tree[top.native()];
  for (const auto& d : dirs) tree[prefix + d];
  auto note = [&](const std::string& rel, bool subdir) {
    const size_t slash = rel.rfind('/');
    const std::string leaf =
        slash == std::string::npos ? rel : rel.substr(slash + 1);
    ListedDir& parent = tree[slash == std::string::npos
                                 ? top.native()
                                 : prefix + rel.substr(0, slash)];
    if (IsIgnoreMarker(leaf)) parent.ignored = true;
    if (!subdir && leaf == "package.xml") parent.package_xml = true;
    if (subdir && !leaf.empty() && leaf[0] != '.')
      parent.subdirs.emplace_back(prefix + rel);
  };
  for (const auto& d : dirs) note(d, true);
  for (const auto& d : linked_dirs) note(d, true);
  for (const auto& f : files) note(f, false);
  // Siblings: comparing their paths is comparing their leaves, as
  // ListDirectory's sort does.
  for (auto& [path, d] : tree) {
    std::sort(d.subdirs.begin(), d.subdirs.end(),
              [](const fs::path& x, const fs::path& y) {
                return x.native() < y.native();
              });
  }
  std::vector<std::pair<std::string, std::string>> out;
  Crawl(top, 0,
        [&](const fs::path& dir) {
          auto at = tree.find(dir.native());
          return at != tree.end() ? at->second : ListDirectory(dir);
        },
        &out);
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
  // No such file is a failed read: nullopt, as for one without a name.
  const std::string path = dir + "/package.xml";
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

std::vector<std::pair<std::string, std::string>> FindPackages(
    const std::string& root) {
  std::vector<std::pair<std::string, std::string>> out;
  if (IsDir(root)) Crawl(fs::path(root), 0, ListDirectory, &out);
  return out;
}

std::optional<std::pair<std::string, std::string>> EnclosingPackage(
    const std::string& path, PackageNameCache* cache) {
  for (fs::path d = DirectoryOf(path); !d.empty(); d = d.parent_path()) {
    if (auto name = CachedPackageName(d.string(), cache)) return std::make_pair(*name, d.string());
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
      // The first package named `name` in the crawl's order, as in
      // FindPackages(root), found without reading the packages after it.
      std::vector<std::pair<std::string, std::string>> found;
      if (IsDir(root) &&
          Crawl(fs::path(root), 0, ListDirectory, &found, &name, paths.cache)) {
        return found.back().second;
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
      if (CachedPackageName(d.string(), paths.cache) == name) return d.string();
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
