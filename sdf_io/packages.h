// package://PKG/... without ROS installed: where a ROS package's directory
// is, from explicit --package PKG=DIR pairs, ROS_PACKAGE_PATH (each entry
// crawled for package.xml files, as rospack does), AMENT_PREFIX_PATH
// (PREFIX/share/PKG) and the repository being converted (a directory with a
// package.xml naming PKG; for a single file, the packages enclosing it).
// One resolver for every command: //include URIs in the SDF reader and mesh
// URIs in the converter (converter/uris.h) both ask it.
//
// Functions of their arguments and the file system: no global state,
// safe from several threads. A caller that looks up several packages may
// give a PackageNameCache of its own (not shared between threads) so that
// each package.xml is read once.
#pragma once

#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace sdf_io {

// The <name> of each DIR/package.xml read (nullopt: none, or no name), by
// DIR: kept by one caller for its lookups (xacro's input package and its
// $(find)s), filled as they read.
struct PackageNameCache {
  std::unordered_map<std::string, std::optional<std::string>> names;
};

struct PackagePaths {
  // --package PKG=DIR, searched first, in order.
  std::vector<std::pair<std::string, std::string>> packages;
  // Then ROS_PACKAGE_PATH and AMENT_PREFIX_PATH.
  bool use_environment = true;
  // Then the repository: packages found in it (FindPackages), in order.
  std::vector<std::pair<std::string, std::string>> repository;
  // Last, the packages enclosing the file that holds the URI (walking up
  // from its directory), so that a file inside package PKG resolves
  // package://PKG/... with no configuration.
  bool enclosing_packages = true;
  // When set, the package.xml files read are remembered there (and read
  // from there): the caller's, used from one thread at a time.
  PackageNameCache* cache = nullptr;
};

// The <name> of DIR/package.xml; nullopt when there is no such file or it
// has no name.
std::optional<std::string> PackageName(const std::string& dir);

// Every package under `root` (a directory holding a package.xml, `root`
// included), as (name, directory), sorted by directory. Like rospack, a
// package's own subdirectories are not searched for other packages, and a
// directory holding CATKIN_IGNORE or COLCON_IGNORE is skipped.
std::vector<std::pair<std::string, std::string>> FindPackages(
    const std::string& root);

// FindPackages(root) over a tree its caller has already listed (migrate's
// walk), without listing it again: `dirs` every directory under `root`
// that is not a symbolic link, `files` every regular file (or link to
// one), both relative with '/'; `linked_dirs` the symbolic links to
// directories, crawled as FindPackages crawls them. Same result.
std::vector<std::pair<std::string, std::string>> FindPackagesInListing(
    const std::string& root, const std::vector<std::string>& dirs,
    const std::vector<std::string>& files,
    const std::vector<std::string>& linked_dirs);

// The nearest directory at or above `path` (a file or directory) holding a
// package.xml, as (name, directory); nullopt when there is none.
std::optional<std::pair<std::string, std::string>> EnclosingPackage(
    const std::string& path, PackageNameCache* cache = nullptr);

// The directory of package `name`, searched in PackagePaths order;
// `from_file` is the file holding the URI (for enclosing_packages; may be
// empty or "<stdin>"). nullopt when not found; `searched`, when given,
// receives a description of each place looked at, for messages.
std::optional<std::string> FindPackage(const std::string& name,
                                       const PackagePaths& paths,
                                       const std::string& from_file,
                                       std::vector<std::string>* searched =
                                           nullptr);

// A ':'-separated search path (ROS_PACKAGE_PATH, SDF_PATH ...) split into
// its non-empty entries; none for nullptr.
std::vector<std::string> SplitSearchPath(const char* value);

// "package://PKG/rest" -> ("PKG", "rest"); nullopt for other URIs or an
// empty package name.
std::optional<std::pair<std::string, std::string>> SplitPackageUri(
    const std::string& uri);

}  // namespace sdf_io
