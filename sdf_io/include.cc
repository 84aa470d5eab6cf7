// Resolving <include> for the SDF reader (sdf_io/reader.cc reads the
// elements; sdf_io/reader_internal.h holds the reader class): the file a
// URI names (files, model://, package://, the Fuel cache, model.config),
// where an include may read from, the cache of included files and its
// limits, what the include says of the model it includes, and 1.9
// merge-includes.
#include <sys/stat.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <map>
#include <memory>
#include <set>
#include <utility>

#include "frames/graph.h"
#include "sdf_io/alterations.h"
#include "sdf_io/model_config.h"
#include "sdf_io/packages.h"
#include "sdf_io/reader.h"
#include "sdf_io/reader_internal.h"
#include "sdf_io/schema.h"
#include "xml/reader.h"
#include "xml/writer.h"

namespace sdf_io {
namespace internal {
namespace {

bool IsDirectory(const std::string& path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

bool IsFile(const std::string& path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

std::string DirName(const std::string& path) {
  size_t slash = path.find_last_of('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}


std::string Lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// Models and links in `m`, nested ones included.
size_t ExpandedSize(const Model& m) {
  size_t n = 1 + m.links.size();
  for (const Model& c : m.models) n += ExpandedSize(c);
  return n;
}

// How deep models nest in `m` (1 for a model with no nested model).
size_t ModelDepth(const Model& m) {
  size_t deepest = 0;
  for (const Model& c : m.models) deepest = std::max(deepest, ModelDepth(c));
  return 1 + deepest;
}

// The canonical form of an existing path (symlinks, `.` and `..` resolved);
// the path itself when it cannot be resolved.
std::string CanonicalPath(const std::string& path) {
  char* resolved = ::realpath(path.c_str(), nullptr);
  if (!resolved) return path;
  std::string out(resolved);
  std::free(resolved);
  return out;
}

// `path` made absolute and normalized without looking at the file system
// ("a/./b/../c" is "$PWD/a/c"), symbolic links kept.
std::string LexicalPath(const std::string& path) {
  std::error_code ec;
  std::string out =
      std::filesystem::absolute(path, ec).lexically_normal().string();
  if (ec) return path;
  while (out.size() > 1 && out.back() == '/') out.pop_back();
  return out;
}

// Whether path `path` is `root` or under it (both canonical, or both
// lexical).
bool IsUnder(const std::string& path, const std::string& root) {
  if (root == "/") return true;
  return path.compare(0, root.size(), root) == 0 &&
         (path.size() == root.size() || path[root.size()] == '/');
}

// %XX escapes of a URI path segment decoded ("Mecanum%20lift").
std::string PercentDecoded(const std::string& s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '%' && i + 2 < s.size() && std::isxdigit(static_cast<unsigned char>(s[i + 1])) &&
        std::isxdigit(static_cast<unsigned char>(s[i + 2]))) {
      out.push_back(static_cast<char>(std::stoi(s.substr(i + 1, 2), nullptr, 16)));
      i += 2;
    } else {
      out.push_back(s[i]);
    }
  }
  return out;
}

// The entry of directory `dir` whose name equals `name` ignoring case (Fuel
// caches owners and model names in lower case, URIs spell them as the
// owner did); "" when none.
std::string EntryIgnoringCase(const std::string& dir, const std::string& name) {
  if (IsDirectory(dir + "/" + name)) return dir + "/" + name;
  std::error_code ec;
  std::string found;
  for (const auto& e : std::filesystem::directory_iterator(dir, ec)) {
    const std::string n = e.path().filename().string();
    if (Lower(n) == Lower(name) && (found.empty() || n < found)) found = n;
  }
  return found.empty() ? std::string() : dir + "/" + found;
}

std::optional<FuelUri> ParseFuelUri(const std::string& uri) {
  size_t start;
  if (uri.compare(0, 8, "https://") == 0) start = 8;
  else if (uri.compare(0, 7, "http://") == 0) start = 7;
  else return std::nullopt;
  std::vector<std::string> parts;
  size_t i = start;
  while (i <= uri.size()) {
    size_t slash = uri.find('/', i);
    if (slash == std::string::npos) slash = uri.size();
    if (slash > i) parts.push_back(PercentDecoded(uri.substr(i, slash - i)));
    i = slash + 1;
  }
  // host, 1.0, owner, models, name [, version]
  if (parts.size() < 5 || parts.size() > 6 || parts[3] != "models") {
    return std::nullopt;
  }
  FuelUri f{parts[0], parts[2], parts[4], parts.size() == 6 ? parts[5] : ""};
  if (f.version == "tip") f.version.clear();
  for (char c : f.version) {
    if (c < '0' || c > '9') return std::nullopt;
  }
  return f;
}

// The cached model directory of `f` under Fuel cache root `root`
// (ROOT/HOST/OWNER/models/NAME/VERSION), names matched ignoring case, the
// highest version when none is given; "" when not cached.
std::string FuelCachedModel(const std::string& root, const FuelUri& f) {
  std::string dir = EntryIgnoringCase(root, f.host);
  if (!dir.empty()) dir = EntryIgnoringCase(dir, f.owner);
  if (!dir.empty()) dir = EntryIgnoringCase(dir, "models");
  if (!dir.empty()) dir = EntryIgnoringCase(dir, f.name);
  if (dir.empty()) return {};
  if (!f.version.empty()) {
    return IsDirectory(dir + "/" + f.version) ? dir + "/" + f.version : "";
  }
  long best = -1;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(dir, ec)) {
    const std::string n = e.path().filename().string();
    if (n.empty() || n.size() > 9 ||
        n.find_first_not_of("0123456789") != std::string::npos ||
        !IsDirectory(dir + "/" + n)) {
      continue;
    }
    best = std::max(best, std::stol(n));
  }
  return best < 0 ? std::string() : dir + "/" + std::to_string(best);
}

// The SDF file of model directory `dir`: the one its model.config names
// for the newest version this reader supports (as libsdformat picks), else
// model.sdf; "" when neither is there. An unreadable model.config is passed
// over, as libsdformat does.
std::string ModelDirectoryFile(const std::string& dir) {
  frames::Diagnostics unreadable;
  const std::string config_path = dir + "/model.config";
  const auto config_text = xml::ReadFile(config_path, &unreadable);
  const auto entries =
      config_text ? ModelConfigEntries(*config_text, config_path, &unreadable)
                  : std::nullopt;
  if (entries) {
    std::string best;
    int best_minor = -1;
    for (const ModelConfigEntry& entry : *entries) {
      const int minor =
          entry.version.empty() ? -1 : schema::MinorVersion(entry.version);
      const bool readable = minor >= 0 && minor <= kNewestMinor;
      if (best.empty() || (readable && minor > best_minor)) {
        best = entry.file;
        best_minor = readable ? minor : -1;
      }
    }
    if (!best.empty() && IsFile(dir + "/" + best)) return dir + "/" + best;
  }
  if (IsFile(dir + "/model.sdf")) return dir + "/model.sdf";
  return {};
}

// Whether a document has a top-level <light> or <actor> (kept verbatim),
// which an <include> may name instead of a model.
bool HasRootLightOrActor(const SdfDocument& doc) {
  for (const frames::Element& x : doc.extensions) {
    if (x.name == "light" || x.name == "actor") return true;
  }
  return false;
}

}  // namespace

bool SdfReader::IncludeAllowed(const Node* e, const std::string& uri,
                               const std::string& path,
                               const std::string& package_dir) {
  cache_->Resolve();
  const std::string canonical = CanonicalPath(path);
  const std::string lexical = LexicalPath(path);
  for (const std::string& root : cache_->roots) {
    if (IsUnder(canonical, root) || IsUnder(lexical, root)) return true;
  }
  // package://PKG/...: the package's directory is a configured place too
  // (--package, ROS_PACKAGE_PATH, AMENT_PREFIX_PATH, the repository's or
  // the enclosing package.xml), as FindIncludedFile resolved it.
  if (!package_dir.empty() && (IsUnder(canonical, CanonicalPath(package_dir)) ||
                               IsUnder(lexical, LexicalPath(package_dir)))) {
    return true;
  }
  ctx_.Error(
      e, frames::Code::INCLUDE_NOT_ALLOWED,
      "<include> uri '" + uri + "' names '" + canonical +
          "', which is outside the directory of the file converted and the "
          "model paths; it was not read (to read it, give "
          "--allow-include-from with a directory that holds it)");
  return false;
}

SdfReader::IncludeSearch SdfReader::SearchInclude(
    const std::string& uri, std::string* package_dir) {
  IncludeSearch search;
  std::vector<std::string>& candidates = search.candidates;
  const std::string kModel = "model://";
  const std::string kFile = "file://";
  search.fuel = ParseFuelUri(uri);
  search.package = SplitPackageUri(uri);
  if (search.package) {
    // package://PKG/rest (sdf_io/packages.h), without ROS.
    const auto& [name, rest] = *search.package;
    if (auto dir = FindPackage(name, options_.packages, ctx_.file,
                               &search.packages_searched)) {
      *package_dir = *dir;
      candidates.push_back(rest.empty() ? *dir : *dir + "/" + rest);
    }
  } else if (uri.compare(0, kModel.size(), kModel) == 0) {
    const std::string rest = uri.substr(kModel.size());
    for (const auto& d : ModelSearchDirs(options_.model_paths,
                                         options_.use_environment_paths)) {
      candidates.push_back(d + "/" + rest);
    }
  } else if (const std::optional<FuelUri>& fuel = search.fuel) {
    for (const auto& root : FuelCacheDirs(options_)) {
      const std::string dir = FuelCachedModel(root, *fuel);
      candidates.push_back(dir.empty() ? root + "/" + Lower(fuel->host) + "/" +
                                             Lower(fuel->owner) + "/models/" +
                                             Lower(fuel->name) +
                                             (fuel->version.empty()
                                                  ? std::string("/<newest>")
                                                  : "/" + fuel->version)
                                       : dir);
    }
  } else {
    std::string path = uri.compare(0, kFile.size(), kFile) == 0
                           ? uri.substr(kFile.size())
                           : uri;
    if (!path.empty() && path[0] != '/') {
      candidates.push_back(DirName(ctx_.file) + "/" + path);
      // A bare name ("x500") is then looked up in the model paths, as
      // libsdformat's and Gazebo's file lookup do.
      for (const auto& d : ModelSearchDirs(options_.model_paths,
                                           options_.use_environment_paths)) {
        candidates.push_back(d + "/" + path);
      }
    } else {
      candidates.push_back(path);
    }
  }
  return search;
}

std::optional<std::string> SdfReader::FindIncludedFile(
    const Node* e, const std::string& uri, std::string* package_dir) {
  const IncludeSearch search = SearchInclude(uri, package_dir);
  for (const auto& c : search.candidates) {
    if (IsFile(c)) {
      return IncludeAllowed(e, uri, c, *package_dir) ? std::optional(c)
                                                      : std::nullopt;
    }
    if (!IsDirectory(c)) continue;
    if (!IncludeAllowed(e, uri, c, *package_dir)) return std::nullopt;
    if (!IsFile(c + "/model.config")) {
      // libsdformat finds a model directory by its model.config only.
      ctx_.Error(e, frames::Code::INCLUDE_MODEL_CONFIG_MISSING,
                 "<include> uri '" + uri + "' names directory '" + c +
                     "', which has no model.config (a model directory "
                     "says which file is its model there)");
      return std::nullopt;
    }
    const std::string file = ModelDirectoryFile(c);
    if (!file.empty()) return file;
  }
  ReportUnresolvedInclude(e, uri, search);
  return std::nullopt;
}

void SdfReader::ReportUnresolvedInclude(const Node* e, const std::string& uri,
                                        const IncludeSearch& search) {
  const std::vector<std::string>& candidates = search.candidates;
  std::string searched;
  for (const auto& c : candidates) searched += (searched.empty() ? "" : ", ") + c;
  std::string message = "<include> uri '" + uri + "' names no file";
  if (search.package && candidates.empty()) {
    const std::string& package = search.package->first;
    std::string places;
    for (const auto& p : search.packages_searched)
      places += (places.empty() ? "" : ", ") + p;
    message += "; package '" + package + "' is not found (searched: " +
               places + "; give --package " + package + "=DIR)";
  } else if (candidates.empty()) {
    message += search.fuel ? "; no Fuel cache directory to search"
                           : "; no model path to search (give --model-path or set "
                             "SDF_PATH, GZ_SIM_RESOURCE_PATH, "
                             "IGN_GAZEBO_RESOURCE_PATH or GAZEBO_MODEL_PATH)";
  } else {
    message += "; searched: " + searched;
    if (search.fuel) message += " (Fuel models are not downloaded; only the local "
                                "Fuel cache is read)";
  }
  if (options_.keep_unresolved_includes) {
    ctx_.Warning(e, frames::Code::INCLUDE_KEPT_UNRESOLVED,
                 message +
                     "; the <include> is kept as written and "
                     "what it includes is not checked");
  } else {
    ctx_.Error(e, frames::Code::INCLUDE_UNRESOLVED, message);
  }
}

std::optional<Model> SdfReader::ReadInclude(const Node* e,
                                            std::vector<Element>* others) {
  // What is reported from here on follows the check's diagnostics, and
  // ReadAltered compares with them.
  FinishSchemaCheck();
  const Node* u = RequiredChild(e, "uri");
  if (!u) return std::nullopt;
  const std::string uri(xml::Text(u));
  std::string package_dir;
  auto found = FindIncludedFile(e, uri, &package_dir);
  if (!found) {
    if (options_.keep_unresolved_includes)
      others->push_back(xml::ToElement(e, ctx_));
    return std::nullopt;
  }
  // A model.config may name a file outside its directory.
  if (!IncludeAllowed(e, uri, *found, package_dir)) return std::nullopt;
  const CachedDocument* cached =
      LoadIncluded(e, uri, *found, CanonicalPath(*found));
  if (!cached) return std::nullopt;
  const SdfDocument& doc = *cached->doc;
  // Each file's elements nest at most max_depth deep, but a chain of
  // includes nests models deeper than any one file; the frame graphs and
  // writers recurse once per level.
  if (model_depth_ + cached->depth > options_.limits.max_depth) {
    ctx_.Error(e, frames::Code::MODEL_NESTING_TOO_DEEP,
               "<include> of '" + uri + "' nests models " +
                   std::to_string(model_depth_ + cached->depth) +
                   " deep once expanded; the limit is " +
                   std::to_string(options_.limits.max_depth) +
                   " (--max-depth)");
    return std::nullopt;
  }
  if (doc.models.empty()) {
    if (!HasRootLightOrActor(doc)) {
      ctx_.Error(e, frames::Code::INCLUDE_NO_MODEL,
                 "<include> of '" + uri + "' names '" + *found +
                     "', which has no top-level <model>, <actor> or "
                     "<light> to include");
      return std::nullopt;
    }
    // model://sun is a light: kept as the include, which is its 1.7 form.
    others->push_back(xml::ToElement(e, ctx_));
    return std::nullopt;
  }
  // Refuse an include "bomb" (a diamond of files each including the next
  // twice) before copying, by the number of models and links it makes.
  cache_->expanded += cached->size;
  if (cache_->expanded > options_.max_expanded_size) {
    if (!cache_->expansion_reported) {
      cache_->expansion_reported = true;
      ctx_.Error(e, frames::Code::INCLUDE_EXPANSION_TOO_LARGE, "<include> of '" + uri + "' makes the document hold more than " +
              std::to_string(options_.max_expanded_size) +
              " models and links once its includes are expanded");
    }
    return std::nullopt;
  }
  Model m;
  if (e->FirstChildElement("experimental:params")) {
    auto altered = ReadAltered(e, *found, CanonicalPath(*found));
    if (!altered) return std::nullopt;
    m = std::move(*altered);
    // An alteration may add nested models.
    if (model_depth_ + ModelDepth(m) > options_.limits.max_depth) {
      ctx_.Error(e, frames::Code::MODEL_NESTING_TOO_DEEP,
                 "<include> of '" + uri + "' nests models " +
                     std::to_string(model_depth_ + ModelDepth(m)) +
                     " deep once altered and expanded; the limit is " +
                     std::to_string(options_.limits.max_depth) +
                     " (--max-depth)");
      return std::nullopt;
    }
  } else {
    m = doc.models.front();
  }
  ApplyInclude(e, &m);
  m.include = xml::ToElement(e, ctx_);
  m.where = ctx_.At(e);
  return m;
}

const CachedDocument* SdfReader::LoadIncluded(const Node* e,
                                              const std::string& uri,
                                              const std::string& found,
                                              const std::string& path) {
  cache_->Resolve();
  for (const auto& open : cache_->stack) {
    if (open == path) {
      ctx_.Error(e, frames::Code::INCLUDE_CYCLE, "<include> of '" + uri + "' (" + path +
                            ") includes a file that is including it");
      return nullptr;
    }
  }
  // The stack holds the file converted and each file included on the way
  // here: this include makes the chain one longer than the files below it.
  if (cache_->stack.size() > options_.limits.max_include_depth) {
    ctx_.Error(e, frames::Code::INCLUDE_TOO_DEEP,
               "<include> of '" + uri + "' makes a chain of " +
                   std::to_string(cache_->stack.size()) +
                   " includes, each in the file the previous one "
                   "included; the limit is " +
                   std::to_string(options_.limits.max_include_depth) +
                   " (--max-include-depth)");
    return nullptr;
  }
  auto cached = cache_->documents.find(path);
  if (cached != cache_->documents.end()) return &cached->second;
  frames::Diagnostics inner;
  auto text = xml::ReadFile(found, &inner, options_.limits);
  std::optional<SdfDocument> read;
  if (text) {
    cache_->stack.push_back(path);
    SdfReader reader(found, &inner, options_, cache_);
    read = reader.Read(std::move(*text));
    cache_->stack.pop_back();
  }
  ctx_.diags->Append(inner);
  if (!read) return nullptr;
  CachedDocument c;
  c.doc = std::make_shared<const SdfDocument>(std::move(*read));
  if (!c.doc->models.empty()) {
    c.size = ExpandedSize(c.doc->models.front());
    c.depth = ModelDepth(c.doc->models.front());
  }
  return &cache_->documents.emplace(path, std::move(c)).first->second;
}

void SdfReader::ApplyInclude(const Node* e, Model* m) {
  if (const Node* n = e->FirstChildElement("name")) {
    m->name = std::string(xml::Text(n));
  }
  if (e->FirstChildElement("pose")) {
    m->pose = frames::Pose();
    ReadPose(e, &m->pose);
  }
  if (const Node* s = e->FirstChildElement("static")) {
    if (auto b = BoolText(s)) m->is_static = *b;
  }
  if (const Node* pf = e->FirstChildElement("placement_frame")) {
    m->placement_frame = std::string(xml::Text(pf));
  }
  // Plugins given in the include belong to the model.
  for (const Node* p = e->FirstChildElement("plugin"); p;
       p = p->NextSiblingElement("plugin")) {
    m->extensions.push_back(xml::ToElement(p, ctx_));
    if (!m->order.empty()) {
      NoteLast(&m->order, frames::ChildRef::Kind::kExtension,
               m->extensions.size());
    }
  }
}

std::optional<Model> SdfReader::ReadAltered(const Node* include,
                                            const std::string& found,
                                            const std::string& path) {
  // The included file's elements, as written (its own read, cached, is
  // of the file unaltered), altered, then read as the model.
  frames::Diagnostics inner;
  auto text = xml::ReadFile(found, &inner, options_.limits);
  xml::Document doc;
  if (!text || !xml::Parse(*text, found, &doc, &inner, options_.limits) ||
      !doc.RootElement()) {
    ctx_.diags->Append(inner);
    return std::nullopt;
  }
  doc.TrimAttributeValues();
  const Context file_ctx{found, &inner, /*leading_numbers=*/true};
  Element root = xml::ToElement(doc.RootElement(), file_ctx);
  Element* model = root.Child("model");
  if (!model) {
    ctx_.Error(include, frames::Code::INCLUDE_ALTERATION_INVALID,
               "<include> of '" + found +
                   "' has element alterations (<experimental:params>), but "
                   "that file's model is itself an <include>, whose "
                   "elements cannot be altered here");
    return std::nullopt;
  }
  const std::string* version = root.Attribute("version");
  const int minor = version ? schema::MinorVersion(*version) : -1;
  // Described as libsdformat 12 reads it: as 1.9 at least.
  const int described = minor < 9 ? 9 : minor;
  bool ok = true;
  for (const Node* params = include->FirstChildElement("experimental:params");
       params; params = params->NextSiblingElement("experimental:params")) {
    ok = ApplyAlterations(xml::ToElement(params, ctx_), described,
                          xml::ElementPath(params), model, ctx_.diags) &&
         ok;
  }
  if (!ok) return std::nullopt;
  std::string altered_text;
  {
    xml::Writer w(&altered_text);
    w.Verbatim(root);
  }
  frames::Diagnostics altered;
  cache_->stack.push_back(path);
  SdfReader reader(found, &altered, options_, cache_);
  std::optional<SdfDocument> read = reader.Read(altered_text);
  cache_->stack.pop_back();
  // What the file's own read reported is reported once; what the altered
  // elements bring is reported at the include (the altered text has no
  // lines of its own).
  std::set<std::pair<frames::Code, std::string>> reported;
  if (!altered.all().empty()) {
    for (const frames::Diagnostic& r : ctx_.diags->all()) {
      reported.emplace(r.code, r.message);
    }
  }
  for (frames::Diagnostic d : altered.all()) {
    if (reported.count({d.code, d.message})) continue;
    d.message = "'" + found + "' as this <include> alters it: " + d.message;
    d.where = ctx_.At(include);
    ctx_.diags->Add(std::move(d));
  }
  if (!read || read->models.empty()) return std::nullopt;
  return std::move(read->models.front());
}

bool SdfReader::IsMerge(const Node* include) {
  const char* m = include->Attribute("merge");
  if (!m) return false;
  auto b = ParseBool(m);
  if (!b) {
    ctx_.Error(include, frames::Code::BOOL_INVALID, std::string("<include merge='") + m + "'> is not a bool");
    return false;
  }
  return *b;
}

bool SdfReader::MergeProxy(const Node* include, bool into_world,
                           const Model& m, frames::Frame* proxy) {
  // The included model's canonical link and placement frame, from the
  // frame core (its problems are reported when the merged model is
  // checked, so they are not reported twice here).
  frames::Diagnostics ignored;
  const frames::FrameGraph g = frames::FrameGraph::Build(m, &ignored);
  proxy->name = "_merged__" + m.name + frames::kModelFrame;
  proxy->attached_to = g.canonical_link();
  proxy->where = ctx_.At(include);
  proxy->pose = m.pose;
  if (!m.placement_frame.empty()) {
    // X_RM = X_RP * X_MP^-1: the include's pose places the placement frame.
    const auto X_MP = g.PoseInModel(m.placement_frame);
    if (!X_MP) {
      ctx_.Error(include, frames::Code::MODEL_PLACEMENT_FRAME_INVALID, "placement_frame '" + m.placement_frame +
                            "' of merge-included model '" + m.name +
                            "' names no frame of that model");
      return false;
    }
    proxy->pose = frames::PlacedModelPose(m.pose, *X_MP);
  }
  if (proxy->pose.relative_to.empty()) {
    proxy->pose.relative_to = into_world ? frames::kWorldFrame : frames::kModelFrame;
  }
  return true;
}

bool SdfReader::PrepareMerge(const Node* include, bool into_world,
                             Model* m, frames::Frame* proxy) {
  if (!MergeProxy(include, into_world, *m, proxy)) return false;
  const std::string& name = proxy->name;
  auto to_proxy = [&](std::string* ref, bool if_empty) {
    if (*ref == frames::kModelFrame || (if_empty && ref->empty())) *ref = name;
  };
  for (frames::Link& l : m->links) to_proxy(&l.pose.relative_to, true);
  for (Model& n : m->models) to_proxy(&n.pose.relative_to, true);
  for (frames::Frame& f : m->frames) {
    to_proxy(&f.attached_to, true);
    to_proxy(&f.pose.relative_to, false);
  }
  for (frames::Joint& j : m->joints) {
    to_proxy(&j.pose.relative_to, false);
    to_proxy(&j.parent, false);
    to_proxy(&j.child, false);
    if (j.axis) to_proxy(&j.axis->expressed_in, false);
    if (j.axis2) to_proxy(&j.axis2->expressed_in, false);
  }
  DropUnmergedElements(include, into_world, m);
  return true;
}

void SdfReader::DropUnmergedElements(const Node* include, bool into_world,
                                     Model* m) {
  // Only named and custom elements join the parent (libsdformat drops
  // <static>, <self_collide>, <enable_wind> ... of a merged model).
  std::vector<Element> kept;
  for (Element& x : m->extensions) {
    if (x.name == "plugin" || x.name == "gripper" ||
        x.name.find(':') != std::string::npos) {
      kept.push_back(std::move(x));
    } else {
      ctx_.Warning(include, frames::Code::MERGE_INCLUDE_ELEMENT_DROPPED, "<" + x.name + "> of merge-included model '" +
                              m->name +
                              "' is not merged into the including " +
                              (into_world ? "world" : "model") +
                              " (libsdformat drops it too)");
    }
  }
  if (m->is_static) {
    ctx_.Warning(include, frames::Code::MERGE_INCLUDE_ELEMENT_DROPPED, "<static> of merge-included model '" + m->name +
                            "' is not merged into the including " +
                            (into_world ? "world" : "model") +
                            " (libsdformat drops it too)");
  }
  m->extensions = std::move(kept);
}

namespace {

// Appends the elements of `from` (in its document order when it has one)
// to `to`'s lists, noting each in `order` through `note`.
template <typename Note>
void AppendMerged(Model&& from, std::vector<frames::Link>* links,
                  std::vector<frames::Joint>* joints,
                  std::vector<frames::Frame>* frames_out,
                  std::vector<Model>* models, std::vector<Element>* extensions,
                  Note note) {
  using K = frames::ChildRef::Kind;
  std::vector<frames::ChildRef> order = from.order;
  const size_t sizes[] = {from.links.size(), from.joints.size(),
                          from.frames.size(), from.models.size(),
                          from.extensions.size()};
  // A stale or missing order: the lists one after another.
  size_t counted = 0;
  for (const auto& r : order) {
    if (r.index < 0 || static_cast<size_t>(r.index) >=
                           sizes[static_cast<int>(r.kind)]) {
      counted = static_cast<size_t>(-1);
      break;
    }
    ++counted;
  }
  size_t total = 0;
  for (size_t n : sizes) total += n;
  if (counted != total) {
    order.clear();
    for (int k = 0; k < 5; ++k) {
      for (size_t i = 0; i < sizes[k]; ++i) {
        order.push_back({static_cast<K>(k), static_cast<int>(i)});
      }
    }
  }
  auto move = [&](auto& from_list, auto* to, const frames::ChildRef& r) {
    to->push_back(std::move(from_list[r.index]));
    note(r.kind, to->size());
  };
  for (const auto& r : order) {
    switch (r.kind) {
      case K::kLink: move(from.links, links, r); break;
      case K::kJoint: move(from.joints, joints, r); break;
      case K::kFrame: move(from.frames, frames_out, r); break;
      case K::kModel: move(from.models, models, r); break;
      case K::kExtension: move(from.extensions, extensions, r); break;
    }
  }
}

}  // namespace

void SdfReader::Merge(const Node* include, Model m, Model* parent) {
  frames::Frame proxy;
  if (!PrepareMerge(include, false, &m, &proxy)) return;
  using K = frames::ChildRef::Kind;
  auto note = [&](K kind, size_t size) {
    NoteLast(&parent->order, kind, size);
  };
  parent->frames.push_back(std::move(proxy));
  note(K::kFrame, parent->frames.size());
  AppendMerged(std::move(m), &parent->links, &parent->joints, &parent->frames,
               &parent->models, &parent->extensions, note);
}

void SdfReader::Merge(const Node* include, Model m, frames::World* parent) {
  if (!m.links.empty()) {
    // libsdformat: MERGE_INCLUDE_UNSUPPORTED; a world holds no links.
    ctx_.Error(include, frames::Code::MERGE_INCLUDE_UNSUPPORTED, "merge-include of model '" + m.name +
                          "' into a world: a world cannot hold its links (" +
                          m.links.front().name + ", ...)");
    return;
  }
  frames::Frame proxy;
  if (!PrepareMerge(include, true, &m, &proxy)) return;
  using K = frames::ChildRef::Kind;
  auto note = [&](K kind, size_t size) {
    NoteLast(&parent->order, kind, size);
  };
  parent->frames.push_back(std::move(proxy));
  note(K::kFrame, parent->frames.size());
  std::vector<frames::Link> no_links;
  AppendMerged(std::move(m), &no_links, &parent->joints, &parent->frames,
               &parent->models, &parent->extensions, note);
}

bool SdfReader::ParseXml(std::string text, xml::Document* doc) {
  // The file converted, or one in its directory tree, is the user's own:
  // its problems are reported in full. Another file (from a model path, a
  // Fuel cache, --allow-include-from) is not quoted: what the XML reader
  // says of it can hold its text.
  const bool own = cache_->stack.size() <= 1 || cache_->roots.size() < 2 ||
                   IsUnder(CanonicalPath(ctx_.file), cache_->roots[0]) ||
                   IsUnder(LexicalPath(ctx_.file), cache_->roots[1]);
  doc->TrimAttributeValues();
  if (own) {
    return xml::ParseOwned(std::move(text), ctx_.file, doc, ctx_.diags,
                           options_.limits);
  }
  frames::Diagnostics parse;
  const bool ok = xml::ParseOwned(std::move(text), ctx_.file, doc, &parse,
                                  options_.limits);
  for (frames::Diagnostic d : parse.all()) {
    if (d.severity == frames::Severity::kError) {
      d.message = "the included file is not read: the XML reader refuses it "
                  "at this line (" + std::string(frames::CodeName(d.code)) +
                  "; the file is outside the "
                  "directory of the file converted, so its text is not quoted)";
    }
    ctx_.diags->Add(std::move(d));
  }
  return ok;
}

}  // namespace internal

std::vector<std::string> ModelSearchDirs(
    const std::vector<std::string>& model_paths, bool use_environment_paths) {
  std::vector<std::string> dirs = model_paths;
  if (use_environment_paths) {
    for (const char* var : {"SDF_PATH", "GZ_SIM_RESOURCE_PATH",
                            "IGN_GAZEBO_RESOURCE_PATH", "GAZEBO_MODEL_PATH"}) {
      for (auto& d : SplitSearchPath(std::getenv(var))) dirs.push_back(d);
    }
  }
  return dirs;
}

std::vector<std::string> FuelCacheDirs(const ReadOptions& options) {
  std::vector<std::string> dirs = options.fuel_cache_dirs;
  if (!options.use_environment_paths) return dirs;
  for (const char* var : {"GZ_FUEL_CACHE_PATH", "IGN_FUEL_CACHE_PATH"}) {
    if (const char* v = std::getenv(var); v && *v) dirs.push_back(v);
  }
  if (const char* home = std::getenv("HOME"); home && *home) {
    dirs.push_back(std::string(home) + "/.gz/fuel");
    dirs.push_back(std::string(home) + "/.ignition/fuel");
  }
  return dirs;
}

namespace internal {
namespace {

// Where an include may read from: the directory of the file read (and
// below), the model paths and Fuel caches searched, and
// ReadOptions::allowed_include_dirs; each canonical, then as written (made
// absolute). A file is allowed when its canonical path is under a
// canonical root or its path as written under a root as written: symbolic
// links are followed, since Bazel's sandboxes and runfiles trees (where
// the Starlark rules and tests convert) are trees of links into the source
// tree; '..' is not a way out either way.
std::vector<std::string> IncludeRoots(const std::string& file,
                                      const ReadOptions& options) {
  std::vector<std::string> dirs{DirName(file)};
  for (const auto& list :
       {ModelSearchDirs(options.model_paths, options.use_environment_paths),
        FuelCacheDirs(options), options.allowed_include_dirs}) {
    dirs.insert(dirs.end(), list.begin(), list.end());
  }
  std::vector<std::string> roots;
  for (const std::string& d : dirs) {
    if (d.empty()) continue;
    roots.push_back(CanonicalPath(d));
    roots.push_back(LexicalPath(d));
  }
  return roots;
}

}  // namespace

void IncludeCache::Resolve() {
  if (resolved) return;
  resolved = true;
  const std::string file = stack.front();
  stack.front() = CanonicalPath(file);
  roots = IncludeRoots(file, *options);
}

}  // namespace internal
}  // namespace sdf_io
