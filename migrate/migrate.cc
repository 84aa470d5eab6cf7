#include "migrate/migrate.h"

#include <fcntl.h>
#include <fnmatch.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cerrno>
#include <cctype>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <sstream>
#include <system_error>
#include <thread>
#include <utility>

#include "converter/file_io.h"
#include "converter/read_input.h"
#include "converter/json.h"
#include "migrate/migrate_manifest.h"
#include "converter/sdf_to_sdf.h"
#include "converter/sdf_to_urdf.h"
#include "migrate/thread_pool.h"
#include "converter/urdf_to_sdf.h"
#include "sdf_io/model_config.h"
#include "verify/verify.h"
#include "xacro/xacro.h"
#include "xml/reader.h"
#include "xxhash.h"

namespace converter {

namespace fs = std::filesystem;

namespace {

bool EndsWith(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() &&
         s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::string BaseName(const std::string& rel) {
  const size_t slash = rel.rfind('/');
  return slash == std::string::npos ? rel : rel.substr(slash + 1);
}

std::string DirOf(const std::string& rel) {
  const size_t slash = rel.rfind('/');
  return slash == std::string::npos ? std::string() : rel.substr(0, slash);
}

std::string Join(const std::string& dir, const std::string& rel) {
  if (dir.empty()) return rel;
  return dir.back() == '/' ? dir + rel : dir + "/" + rel;
}

// "a/b.sdf" -> ("a/b", ".sdf"); "model.config" -> ("model", ".config").
std::pair<std::string, std::string> SplitExtension(const std::string& rel) {
  const size_t dot = rel.rfind('.');
  const size_t slash = rel.rfind('/');
  if (dot == std::string::npos || (slash != std::string::npos && dot < slash))
    return {rel, ""};
  return {rel.substr(0, dot), rel.substr(dot)};
}

// NAME.orig.EXT -> NAME.EXT; nullopt for other names.
std::optional<std::string> UpgradedName(const std::string& rel) {
  auto [stem, ext] = SplitExtension(rel);
  if (!EndsWith(stem, ".orig")) return std::nullopt;
  return stem.substr(0, stem.size() - 5) + ext;
}

enum class Kind { kUrdf, kSdf, kModelConfig, kXacro, kOther };

Kind KindOf(const std::string& rel) {
  if (BaseName(rel) == "model.config") return Kind::kModelConfig;
  if (xacro::IsXacroPath(rel)) return Kind::kXacro;
  if (EndsWith(rel, ".urdf")) return Kind::kUrdf;
  if (EndsWith(rel, ".sdf") || EndsWith(rel, ".world")) return Kind::kSdf;
  return Kind::kOther;
}

// The run's settings that change an output and who converts, hashed into
// every input hash.
uint64_t OptionsHash(const std::string& converter, const std::string& options) {
  return ContentHash(options,
                     ContentHash(converter + '\0', ContentHash("migrate-3")));
}

// `seed` continued by an 8-byte value (a file's hash, the repository's
// digest).
uint64_t ContentHashOfWord(uint64_t word, uint64_t seed) {
  return ContentHash(
      std::string_view(reinterpret_cast<const char*>(&word), sizeof word),
      seed);
}

void AppendJsonStrings(std::string* out, const std::vector<std::string>& v) {
  *out += "[";
  for (size_t i = 0; i < v.size(); ++i) {
    *out += i ? ", " : "";
    AppendJsonString(out, v[i]);
  }
  *out += "]";
}

struct Walk {
  std::vector<std::string> files;  // sorted, relative
  std::vector<std::string> dirs;   // sorted, relative
  std::vector<std::string> linked_dirs;  // links to directories, not walked
};

// One directory of the walk: its entries, relative to the walk's root.
struct Listing {
  std::vector<std::string> files, dirs, linked_dirs;
  std::string error;
};

void ListDirectory(const std::string& root, const std::string& rel_dir,
                   Listing* out) {
  const std::string path = rel_dir.empty() ? root : Join(root, rel_dir);
  std::error_code ec;
  fs::directory_iterator it(path, ec), end;
  for (; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    std::string rel = rel_dir.empty() ? name : rel_dir + "/" + name;
    std::error_code kind_ec;
    if (it->is_directory(kind_ec)) {
      // A link to a directory is not walked into.
      (it->is_symlink(kind_ec) ? out->linked_dirs : out->dirs)
          .push_back(std::move(rel));
    } else if (it->is_regular_file(kind_ec) && rel != kManifestName &&
               !IsTemporaryFileName(name)) {
      out->files.push_back(std::move(rel));
    }
  }
  if (ec) out->error = "cannot read '" + path + "': " + ec.message();
}

// Every regular file (and symlink to one) under `root`, skipping the
// subtree `skip` (DST_DIR inside SRC_DIR) and our own bookkeeping files.
// One listing per directory: the directories walked into are real ones
// (links to directories are not followed), so each one's canonical path is
// the root's followed by its relative path, and `skip` is found without
// resolving every directory. A level of the tree at a time, its
// directories listed on `jobs` threads (a model repository is wide: one
// directory per model); the first error in the walk's order is the walk's.
bool WalkTree(const std::string& root, const std::string& skip, int jobs,
              Walk* walk, std::string* error) {
  std::string skip_rel;  // `skip` relative to the root; "" none
  if (!skip.empty()) {
    std::error_code ec;
    const fs::path canonical_root = fs::weakly_canonical(root, ec);
    const fs::path canonical_skip = fs::weakly_canonical(skip, ec);
    const fs::path rel = canonical_skip.lexically_relative(canonical_root);
    if (!ec && !rel.empty() && *rel.begin() != ".." && rel != ".")
      skip_rel = rel.generic_string();
  }
  std::vector<std::string> level = {""};
  while (!level.empty()) {
    std::vector<Listing> listed(level.size());
    ParallelFor(jobs, level.size(), [&](size_t i) {
      ListDirectory(root, level[i], &listed[i]);
    });
    std::vector<std::string> next;
    for (auto& l : listed) {
      if (!l.error.empty()) {
        *error = std::move(l.error);
        return false;
      }
      for (auto& f : l.files) walk->files.push_back(std::move(f));
      for (auto& d : l.linked_dirs) walk->linked_dirs.push_back(std::move(d));
      for (auto& d : l.dirs) {
        if (d != skip_rel) next.push_back(std::move(d));
      }
    }
    walk->dirs.insert(walk->dirs.end(), next.begin(), next.end());
    level = std::move(next);
  }
  std::sort(walk->files.begin(), walk->files.end());
  std::sort(walk->dirs.begin(), walk->dirs.end());
  std::sort(walk->linked_dirs.begin(), walk->linked_dirs.end());
  return true;
}

// The model paths of a repository from its walk: the parent directory of
// every directory holding a model.config.
std::vector<std::string> ModelPathsOf(const std::string& root,
                                      const std::vector<std::string>& files) {
  std::set<std::string> paths;
  for (const auto& rel : files) {
    if (BaseName(rel) != "model.config") continue;
    const fs::path model_dir = (fs::path(root) / rel).parent_path();
    paths.insert(model_dir.has_parent_path() ? model_dir.parent_path().string()
                                             : std::string("."));
  }
  return {paths.begin(), paths.end()};
}

// One file of the plan and how to carry it out.
struct Task {
  MigrateFile file;
  Kind kind = Kind::kOther;
  // In place: keep the original here before writing over it ("" none).
  std::string backup;
  // The name the manifest and the repository digest know the file by: the
  // source, or for NAME.orig.EXT (in place) NAME.EXT, so that a run after
  // an in-place upgrade sees the same inputs as the run that made it.
  std::string key;
  // A xacro entry point (PlanXacro): its arguments, its expansion (none
  // when it failed) and the expansion's diagnostics.
  bool xacro_entry = false;
  std::map<std::string, std::string> xacro_args;
  std::optional<InputText> xacro;
  frames::Diagnostics xacro_diags;
};

// Whether an XML text (a xacro file or its expansion) is a robot: its
// root is <robot> and holds an element that is no macro, property, arg or
// include definition. A file of macros only is not one: its expansion is
// an empty <robot>.
bool IsRobot(std::string_view text) {
  int depth = 0;
  bool root_seen = false;
  size_t i = 0;
  while ((i = text.find('<', i)) != std::string_view::npos) {
    if (text.compare(i, 4, "<!--") == 0) {
      const size_t end = text.find("-->", i + 4);
      if (end == std::string_view::npos) return false;
      i = end + 3;
      continue;
    }
    if (text.compare(i, 9, "<![CDATA[") == 0) {
      const size_t end = text.find("]]>", i);
      if (end == std::string_view::npos) return false;
      i = end + 3;
      continue;
    }
    const size_t close = text.find('>', i);
    if (close == std::string_view::npos) return false;
    const std::string_view tag = text.substr(i + 1, close - i - 1);
    i = close + 1;
    if (tag.empty() || tag[0] == '?' || tag[0] == '!') continue;
    if (tag[0] == '/') {
      if (--depth <= 0) return false;
      continue;
    }
    size_t end = 0;
    while (end < tag.size() && !std::isspace(static_cast<unsigned char>(tag[end])) &&
           tag[end] != '/') {
      ++end;
    }
    const std::string_view name = tag.substr(0, end);
    if (!root_seen) {
      if (name != "robot") return false;
      root_seen = true;
    } else if (depth == 1 && name != "xacro:macro" && name != "xacro:property" &&
               name != "xacro:arg" && name != "xacro:include") {
      return true;
    }
    if (tag.back() != '/') ++depth;
  }
  return false;
}

// The file names (last path component) that the xacro:include elements of
// `text` name, as written (a name made by an expression is taken as it
// reads). What a file that failed to expand includes is known this way.
void NamedIncludes(std::string_view text, std::set<std::string>* names) {
  size_t i = 0;
  while ((i = text.find("<xacro:include", i)) != std::string_view::npos) {
    const size_t end = text.find('>', i);
    const std::string_view tag = text.substr(i, end == std::string_view::npos ? end : end - i);
    i += 14;
    const size_t attr = tag.find("filename=");
    if (attr == std::string_view::npos || attr + 10 > tag.size()) continue;
    const char quote = tag[attr + 9];
    const size_t close = tag.find(quote, attr + 10);
    if (close == std::string_view::npos) continue;
    std::string_view name = tag.substr(attr + 10, close - attr - 10);
    const size_t slash = name.rfind('/');
    if (slash != std::string_view::npos) name.remove_prefix(slash + 1);
    names->insert(std::string(name));
  }
}

std::string CanonicalPath(const std::string& path) {
  std::error_code ec;
  const fs::path p = fs::weakly_canonical(path, ec);
  return ec ? path : p.string();
}

class Migration {
 public:
  Migration(const MigrateOptions& options, const MigrateCallback& on_file)
      : o_(options), on_file_(on_file) {}

  MigrateReport Run();

 private:
  // Steps of Run, in order. The source and output directories: given,
  // a directory, not the same one; sets out_root_.
  bool CheckDirectories(std::string* error);
  // The run's settings from the options and the repository: model paths,
  // include directories, converter identity, options hash, URI options.
  void Configure(const Walk& walk);
  // Not in a dry run: the output directory, leftover temporary files
  // removed, the manifest's journal opened.
  bool PrepareOutput(const std::string& manifest_path, std::string* error);
  // The output directory of a file about to be written (in its task, so
  // that one thread's mkdir overlaps another's conversion; a directory's
  // entries are created one at a time by the kernel however many threads
  // ask).
  bool MakeOutputDir(const std::string& rel_dir, std::string* error);
  // Not in a dry run, after the tasks: the mirrored tree's other
  // directories (empty ones, and those whose files all failed).
  bool MirrorRemainingDirs(const Walk& walk, std::string* error);
  // Every task on the thread pool: model files, then model.config files.
  void RunTasks();
  // -j: the threads tasks run on.
  int Jobs() const {
    return o_.jobs > 0 ? o_.jobs
                       : static_cast<int>(
                             std::max(1u, std::thread::hardware_concurrency()));
  }
  std::string SourcePath(const std::string& rel) const {
    return Join(o_.src_dir, rel);
  }
  std::string OutputPath(const std::string& rel) const {
    return rel.empty() ? out_root_ : Join(out_root_, rel);
  }
  void Plan(const Walk& walk);
  // Which .xacro files are entry points (expanded, converted) and which
  // are macro files (copied).
  void PlanXacro();
  void ResolveConflicts();
  uint64_t RepositoryDigest() const;
  void RunTask(Task* task);
  void Convert(Task* task, const std::string& text);
  // --verify: `output`, about to be written for `task`, read back and
  // compared with `input` (its source's text, or the xacro expansion);
  // the differences (none when equal) in *diags.
  void Verify(const Task& task, const std::string& input,
              const std::string& output, frames::Diagnostics* diags) const;
  void UpdateConfig(Task* task, const std::string& text);
  void Copy(Task* task, const std::string& text);
  // Skips the task when the manifest says its output is up to date.
  bool UpToDate(Task* task);
  // Writes the output (after the backup, in place) and records it.
  void Write(Task* task, const std::string& data);
  void Relativize(frames::Diagnostics* diags) const;
  void Finish(const Task& task);
  // The temporary files of this run's outputs (and manifest) that a run
  // killed by SIGKILL left behind (NAME.tmp.XXXXXXXXXXXXXXXX beside NAME).
  void RemoveLeftoverTemporaryFiles() const;

  const MigrateOptions& o_;
  const MigrateCallback& on_file_;
  std::string out_root_;
  std::vector<std::string> model_paths_;
  // SRC_DIR, then --allow-include-from.
  std::vector<std::string> allowed_include_dirs_;
  // The run's URI options: the repository's packages, the mirror.
  UriOptions uris_;
  std::string converter_;
  std::string options_json_;
  uint64_t options_hash_ = 0;
  uint64_t repository_digest_ = 0;
  std::vector<Task> tasks_;
  // The conversions by source, for the model.config pass (filled once the
  // conversions are done; read-only then).
  std::map<std::string, const MigrateFile*> converted_;
  Manifest manifest_;
  std::mutex mu_;  // guards progress_ and the callback
  std::mutex dirs_mu_;  // guards made_dirs_
  std::set<std::string> made_dirs_;  // output directories made, relative
  MigrateProgress progress_;
};

void Migration::Plan(const Walk& walk) {
  const std::set<std::string> present(walk.files.begin(), walk.files.end());
  const std::set<std::string> outputs =
      o_.in_place ? manifest_.Outputs() : std::set<std::string>();
  const bool to_urdf = o_.target == MigrateOptions::Target::kUrdf;
  for (const auto& rel : walk.files) {
    Task t;
    t.file.source = rel;
    t.key = rel;
    t.kind = KindOf(rel);
    std::string target = rel;  // the file this one stands for
    if (o_.in_place) {
      if (auto upgraded = UpgradedName(rel)) {
        // NAME.orig.EXT, kept by an earlier in-place run: the source of
        // NAME.EXT.
        const Kind k = KindOf(*upgraded);
        if (k == Kind::kModelConfig || (k == Kind::kSdf && !to_urdf)) {
          target = *upgraded;
          t.key = target;
          t.kind = k;
        }
      } else if (present.count(InPlaceOriginalName(rel)) &&
                 (t.kind == Kind::kModelConfig ||
                  (t.kind == Kind::kSdf && !to_urdf))) {
        continue;  // our output; its source is NAME.orig.EXT
      }
      if (target == rel && outputs.count(rel)) continue;  // written by us
    }
    switch (t.kind) {
      case Kind::kUrdf:
        if (to_urdf) {
          t.file.action = MigrateAction::kCopy;
          t.file.output = rel;
        } else {
          t.file.action = MigrateAction::kConvert;
          t.file.output = SplitExtension(rel).first + ".sdf";
        }
        break;
      case Kind::kSdf:
        if (to_urdf && EndsWith(rel, ".world")) {
          t.file.action = MigrateAction::kCopy;
          t.file.output = rel;
        } else {
          t.file.action = MigrateAction::kConvert;
          t.file.output = to_urdf ? SplitExtension(target).first + ".urdf"
                                  : target;
        }
        break;
      case Kind::kModelConfig:
        // --to urdf too: the manifest names the .urdf (Gazebo reads a URDF
        // named there), each entry keeping its version.
        t.file.action = MigrateAction::kUpdateConfig;
        t.file.output = target;
        break;
      case Kind::kXacro:  // PlanXacro decides
      case Kind::kOther:
        t.file.action = MigrateAction::kCopy;
        t.file.output = rel;
        break;
    }
    if (o_.in_place) {
      if (t.file.action == MigrateAction::kCopy) {
        t.file.action = MigrateAction::kLeave;
        t.file.output.clear();
      } else if (t.file.output == rel) {
        t.backup = InPlaceOriginalName(rel);
      }
    }
    tasks_.push_back(std::move(t));
  }
  PlanXacro();
  ResolveConflicts();
}

void Migration::PlanXacro() {
  std::vector<Task*> xs;
  for (auto& t : tasks_) {
    if (t.kind == Kind::kXacro) xs.push_back(&t);
  }
  if (xs.empty()) return;
  std::vector<std::string> texts(xs.size());
  ParallelFor(Jobs(), xs.size(), [&](size_t i) {
    frames::Diagnostics ignored;
    if (auto text = xml::ReadFile(SourcePath(xs[i]->file.source), &ignored, o_.limits)) {
      texts[i] = std::move(*text);
    }
  });
  std::set<std::string> named;  // file names some xacro:include names
  for (const std::string& text : texts) NamedIncludes(text, &named);
  // Expanded: every *.urdf.xacro, and the other .xacro files no include
  // names.
  std::vector<char> candidate(xs.size());
  for (size_t i = 0; i < xs.size(); ++i) {
    const std::string& rel = xs[i]->file.source;
    candidate[i] = EndsWith(rel, ".urdf.xacro") || !named.count(BaseName(rel));
  }
  ParallelFor(Jobs(), xs.size(), [&](size_t i) {
    if (!candidate[i]) return;
    Task* t = xs[i];
    const XacroOptions options = MigrateXacroOptions(o_, t->file.source);
    t->xacro_args = options.args;
    t->xacro = ReadInputText(SourcePath(t->file.source), options, uris_.packages, o_.limits,
                             &t->xacro_diags);
  });
  // What the expansions read is included by them.
  std::set<std::string> included;
  for (const Task* t : xs) {
    if (!t->xacro) continue;
    for (const std::string& dep : t->xacro->dependencies) included.insert(CanonicalPath(dep));
  }
  for (size_t i = 0; i < xs.size(); ++i) {
    Task* t = xs[i];
    const std::string& rel = t->file.source;
    const bool entry =
        candidate[i] &&
        (EndsWith(rel, ".urdf.xacro") ||
         (!included.count(CanonicalPath(SourcePath(rel))) &&
          IsRobot(t->xacro ? std::string_view(t->xacro->text) : std::string_view(texts[i]))));
    if (!entry) {
      t->xacro.reset();
      t->xacro_diags = {};
      continue;
    }
    t->xacro_entry = true;
    t->file.action = MigrateAction::kConvert;
    const std::string stem = rel.substr(
        0, rel.size() - (EndsWith(rel, ".urdf.xacro") ? 11 : 6));
    t->file.output = stem + (o_.target == MigrateOptions::Target::kUrdf ? ".urdf" : ".sdf");
    t->backup.clear();
  }
}

// Two sources with one output (robot.urdf and robot.sdf both make
// robot.sdf): the file of that name wins, the other fails.
void Migration::ResolveConflicts() {
  std::map<std::string, std::vector<Task*>> by_output;
  for (auto& t : tasks_) {
    if (!t.file.output.empty()) {
      by_output[t.file.output].push_back(&t);
    } else if (t.file.action == MigrateAction::kLeave) {
      // In place, a file left alone still holds its name: nothing may be
      // written over it.
      by_output[t.file.source].push_back(&t);
    }
  }
  for (auto& [output, claimants] : by_output) {
    if (claimants.size() < 2) continue;
    Task* winner = claimants.front();
    for (Task* t : claimants) {
      if (t->file.source == output || t->file.source == InPlaceOriginalName(output))
        winner = t;
    }
    for (Task* t : claimants) {
      if (t == winner) continue;
      t->file.status = MigrateStatus::kFailed;
      t->file.diagnostics.Error(
          frames::Code::MIGRATE_OUTPUT_CONFLICT,
          "output '" + output + "' is also the output of '" +
              winner->file.source + "'; this file is not converted",
          {t->file.source, 0});
      t->file.output.clear();
    }
  }
}

// The bytes every SDF conversion may read besides its own file: every
// SDF, world and model.config of the repository (includes).
// Files this run writes (in place) are not sources and not in it.
uint64_t Migration::RepositoryDigest() const {
  std::vector<const Task*> read;
  for (const auto& t : tasks_) {
    if (t.kind == Kind::kSdf || t.kind == Kind::kModelConfig ||
        BaseName(t.file.source) == "package.xml") {
      read.push_back(&t);
    }
  }
  // Each file's bytes hashed on the pool, then folded in the plan's order.
  std::vector<uint64_t> hashes(read.size());
  ParallelFor(Jobs(), read.size(), [&](size_t i) {
    frames::Diagnostics ignored;
    auto text = xml::ReadFile(SourcePath(read[i]->file.source), &ignored);
    hashes[i] = ContentHash(text ? *text : std::string("\0unreadable", 11));
  });
  uint64_t h = ContentHash("repository");
  for (size_t i = 0; i < read.size(); ++i) {
    h = ContentHash(read[i]->key + '\0', h);
    h = ContentHashOfWord(hashes[i], h);
  }
  return h;
}

void Migration::Relativize(frames::Diagnostics* diags) const {
  const std::string prefix = Join(o_.src_dir, "");
  frames::Diagnostics out;
  for (auto d : diags->all()) {
    if (d.where.file.compare(0, prefix.size(), prefix) == 0)
      d.where.file = d.where.file.substr(prefix.size());
    out.Add(std::move(d));
  }
  *diags = std::move(out);
}

bool Migration::UpToDate(Task* task) {
  if (o_.force) return false;
  const ManifestEntry* e = manifest_.Find(task->key);
  if (!e || e->input_hash != task->file.input_hash ||
      e->output != task->file.output ||
      (o_.verify && task->file.action == MigrateAction::kConvert &&
       !e->verified)) {
    return false;
  }
  frames::Diagnostics ignored;
  auto out = xml::ReadFile(OutputPath(task->file.output), &ignored);
  if (!out || ContentHash(*out) != e->output_hash) return false;
  task->file.status = MigrateStatus::kSkipped;
  // What its conversion said, as if it were converted again.
  task->file.diagnostics = e->diagnostics;
  task->file.reads = e->reads;
  task->file.verified = e->verified;
  manifest_.Record(*e);
  return true;
}

void Migration::Write(Task* task, const std::string& data) {
  if (o_.dry_run) return;
  std::string error;
  auto fail = [&](const std::string& message) {
    task->file.status = MigrateStatus::kFailed;
    task->file.diagnostics.Error(frames::Code::IO_ERROR, message,
                                 {task->file.source, 0});
  };
  if (!task->backup.empty()) {
    // In place: keep the original once (a later run reads it from there).
    const std::string backup = SourcePath(task->backup);
    std::error_code ec;
    if (!fs::exists(backup, ec)) {
      frames::Diagnostics read;
      auto original = xml::ReadFile(SourcePath(task->file.source), &read);
      if (!original) return fail("cannot keep the original: " + read.ToString());
      if (!WriteOutputFile(backup, *original, &error)) return fail(error);
    }
  }
  if (!MakeOutputDir(DirOf(task->file.output), &error)) return fail(error);
  const std::string path = OutputPath(task->file.output);
  // Into another tree: synced once at the end of the run (Run), not per
  // file; a rerun checks every output against its recorded hash. In place,
  // beside the user's sources, every file is synced as it is written.
  if (!WriteOutputFile(path, data, &error, nullptr,
                       o_.in_place ? Sync::kEachFile : Sync::kDeferred)) {
    return fail(error);
  }
  if (task->file.action == MigrateAction::kCopy) {
    // A copy keeps the source's permissions (executable scripts).
    std::error_code ec;
    const auto perms = fs::status(SourcePath(task->file.source), ec).permissions();
    if (!ec) fs::permissions(path, perms, ec);
  }
  manifest_.Record({task->key, task->file.output, task->file.input_hash,
                    ContentHash(data), task->file.diagnostics, task->file.reads,
                    task->file.verified});
}

void Migration::Convert(Task* task, const std::string& text) {
  const std::string path = SourcePath(task->file.source);
  ConversionResult result;
  UriOptions uris = uris_;
  uris.relative_to_dir = DirOf(OutputPath(task->file.output));
  // A .urdf's, or a xacro entry point's expansion's.
  auto urdf_options = [&]() {
    UrdfToSdfOptions u;
    u.lump_fixed_joints = o_.lump_fixed_joints;
    u.package_to_model = o_.package_to_model;
    u.sdf_version = o_.sdf_version;
    u.model_paths = model_paths_;
    u.uris = std::move(uris);
    u.limits = o_.limits;
    return u;
  };
  if (task->xacro_entry) {
    if (!task->xacro) {  // the expansion failed: its diagnostics
      result.diagnostics = task->xacro_diags;
    } else if (o_.target == MigrateOptions::Target::kUrdf) {
      // The URDF is the expansion, as `xacro` prints it (a .urdf is
      // copied as it is too).
      result.ok = true;
      result.output = task->xacro->text;
      result.diagnostics = task->xacro_diags;
    } else {
      result = UrdfToSdf(task->xacro->text, path, urdf_options());
      MapToXacroSources(*task->xacro, path, &result);
      frames::Diagnostics all = task->xacro_diags;  // the expansion's warnings first
      all.Append(result.diagnostics);
      result.diagnostics = std::move(all);
    }
  } else if (task->kind == Kind::kUrdf) {
    result = UrdfToSdf(text, path, urdf_options());
  } else if (o_.target == MigrateOptions::Target::kUrdf) {
    SdfToUrdfOptions s;
    s.model_paths = model_paths_;
    s.uris = std::move(uris);
    s.limits = o_.limits;
    s.allowed_include_dirs = allowed_include_dirs_;
    result = SdfToUrdf(text, path, s);
  } else {
    SdfToSdfOptions s;
    s.model_paths = model_paths_;
    s.sdf_version = o_.sdf_version;
    s.preserve_includes = o_.preserve_includes;
    s.uris = std::move(uris);
    s.limits = o_.limits;
    s.allowed_include_dirs = allowed_include_dirs_;
    result = SdfToSdf(text, path, s);
  }
  if (o_.verify && result.ok) {
    frames::Diagnostics found;
    Verify(*task, task->xacro_entry ? task->xacro->text : text, result.output,
           &found);
    if (found.HasErrors()) result.ok = false;
    task->file.verified = result.ok;
    result.diagnostics.Append(found);
  }
  task->file.diagnostics = std::move(result.diagnostics);
  // The report and the manifest keep every diagnostic's element path.
  FillElementPaths(&task->file.diagnostics, path, text);
  Relativize(&task->file.diagnostics);
  if (!result.ok) {
    task->file.status = MigrateStatus::kFailed;
    task->file.output.clear();
    return;
  }
  task->file.status = task->file.diagnostics.all().empty()
                          ? MigrateStatus::kConverted
                          : MigrateStatus::kConvertedWithWarnings;
  Write(task, result.output);
}

void Migration::Verify(const Task& task, const std::string& input,
                       const std::string& output,
                       frames::Diagnostics* diags) const {
  verify::Setup setup;
  setup.read.model_paths = model_paths_;
  setup.read.uris = uris_;
  setup.read.limits = o_.limits;
  setup.read.allowed_include_dirs = allowed_include_dirs_;
  // A mesh copied into the mirror is its source's file, copied yet or not.
  setup.mirror_from = uris_.mirror_from;
  setup.mirror_to = uris_.mirror_to;
  const std::string path = SourcePath(task.file.source);
  *diags = verify::Verify(input, path, output, OutputPath(task.file.output),
                          "", setup);
  if (task.xacro_entry) verify::MapToXacroSources(*task.xacro, path, diags);
}

void Migration::Copy(Task* task, const std::string& text) {
  task->file.status = MigrateStatus::kCopied;
  Write(task, text);
}

void Migration::RunTask(Task* task) {
  if (task->file.status == MigrateStatus::kFailed) return;  // a conflict
  if (task->file.action == MigrateAction::kLeave) {
    task->file.status = MigrateStatus::kUnchanged;
    return;
  }
  const std::string path = SourcePath(task->file.source);
  // The input limits bound the model files; a copy (a mesh) only the size
  // a copy has always been allowed, or more when asked.
  xml::Limits limits = o_.limits;
  if (task->file.action == MigrateAction::kCopy) {
    limits.max_file_size =
        std::max(limits.max_file_size, xml::Limits{}.max_file_size);
  }
  frames::Diagnostics read;
  auto text = xml::ReadFile(path, &read, limits);
  if (!text) {
    task->file.status = MigrateStatus::kFailed;
    task->file.diagnostics = std::move(read);
    Relativize(&task->file.diagnostics);
    task->file.output.clear();
    return;
  }
  uint64_t h = ContentHash(*text, options_hash_);
  // An SDF file reads its includes; with --uris any file's output depends
  // on where the repository's packages and models are.
  if (task->file.action == MigrateAction::kConvert &&
      (task->kind == Kind::kSdf || task->xacro_entry || o_.uris.form != UriForm::kKeep))
    h = ContentHashOfWord(repository_digest_, h);
  if (task->xacro_entry) {
    // Its arguments and every file its expansion read.
    std::string args;
    for (const auto& [name, value] : task->xacro_args) args += name + '\0' + value + '\0';
    h = ContentHash(args, h);
    if (task->xacro) {
      const std::string prefix = Join(o_.src_dir, "");
      for (const std::string& dep : task->xacro->dependencies) {
        frames::Diagnostics ignored;
        auto bytes = xml::ReadFile(dep, &ignored);
        h = ContentHash(dep + '\0', h);
        h = ContentHashOfWord(ContentHash(bytes ? *bytes : std::string("\0unreadable", 11)), h);
        task->file.reads.push_back(dep.compare(0, prefix.size(), prefix) == 0
                                       ? dep.substr(prefix.size())
                                       : dep);
      }
      std::sort(task->file.reads.begin(), task->file.reads.end());
    }
  }
  task->file.input_hash = h;
  if (task->file.action == MigrateAction::kUpdateConfig) {
    UpdateConfig(task, *text);
    return;
  }
  if (UpToDate(task)) return;
  if (task->file.action == MigrateAction::kConvert) {
    Convert(task, *text);
  } else {
    Copy(task, *text);
  }
}

// A model.config: each <sdf> entry naming a file of its directory that was
// converted (or is up to date) is renamed to the output and the version
// written (1.7 unless asked otherwise).
void Migration::UpdateConfig(Task* task, const std::string& text) {
  const std::string dir = DirOf(task->file.source);
  std::map<std::string, std::string> outputs;
  std::set<std::string> failed;
  // An entry names a file, or in place NAME.EXT names the NAME.orig.EXT an
  // earlier run kept (when there is no file NAME.EXT of its own).
  for (const bool originals : {false, true}) {
    if (originals && !o_.in_place) break;
    for (const auto& [source, f] : converted_) {
      // The path relative to the config's directory (entries may name a
      // file in a subdirectory).
      const std::string prefix = dir.empty() ? "" : dir + "/";
      if (source.compare(0, prefix.size(), prefix) != 0) continue;
      std::string name = source.substr(prefix.size());
      if (originals) {
        auto upgraded = UpgradedName(name);
        if (!upgraded || outputs.count(*upgraded) || failed.count(*upgraded))
          continue;
        name = *upgraded;
      }
      if (f->status == MigrateStatus::kFailed) {
        failed.insert(name);
      } else if (f->output.compare(0, prefix.size(), prefix) == 0) {
        outputs[name] = f->output.substr(prefix.size());
      }
    }
  }
  frames::Diagnostics diags;
  std::map<std::string, std::string> renames;
  std::optional<std::string> updated = MigrateModelConfig(
      text, SourcePath(task->file.source), outputs, failed,
      o_.target == MigrateOptions::Target::kUrdf
          ? ""
          : SdfVersionName(o_.sdf_version),
      &diags, &renames);
  if (updated) {
    std::string keys;
    for (const auto& [from, to] : renames) keys += from + '\0' + to + '\0';
    task->file.input_hash = ContentHash(keys, task->file.input_hash);
  }
  task->file.diagnostics = std::move(diags);
  FillElementPaths(&task->file.diagnostics, SourcePath(task->file.source),
                   text);
  Relativize(&task->file.diagnostics);
  if (!updated) {
    if (o_.in_place) {
      task->file.status = MigrateStatus::kUnchanged;
      task->file.output.clear();
      task->backup.clear();
      return;
    }
    task->file.action = MigrateAction::kCopy;
    if (!UpToDate(task)) Copy(task, text);
    return;
  }
  if (UpToDate(task)) return;
  task->file.status = task->file.diagnostics.all().empty()
                          ? MigrateStatus::kConverted
                          : MigrateStatus::kConvertedWithWarnings;
  Write(task, *updated);
}

void Migration::RemoveLeftoverTemporaryFiles() const {
  std::set<std::string> outputs = {kManifestName};
  for (const auto& t : tasks_) {
    if (!t.file.output.empty()) outputs.insert(t.file.output);
    if (!t.backup.empty()) outputs.insert(t.backup);
  }
  std::set<std::string> dir_set;
  for (const auto& o : outputs) dir_set.insert(DirOf(o));
  const std::vector<std::string> dirs(dir_set.begin(), dir_set.end());
  ParallelFor(Jobs(), dirs.size(), [&](size_t k) {
    const std::string& dir = dirs[k];
    std::error_code ec;
    for (fs::directory_iterator it(OutputPath(dir), ec), end; !ec && it != end;
         it.increment(ec)) {
      const std::string name = it->path().filename().string();
      if (!IsTemporaryFileName(name)) continue;
      // NAME.tmp.XXXXXXXXXXXXXXXX: NAME must be one of ours.
      const std::string stem = name.substr(0, name.size() - 21);
      if (!outputs.count(dir.empty() ? stem : dir + "/" + stem)) continue;
      std::error_code ignored;
      fs::remove(it->path(), ignored);
    }
  });
}

void Migration::Finish(const Task& task) {
  std::lock_guard<std::mutex> lock(mu_);
  ++progress_.done;
  if (task.file.status == MigrateStatus::kFailed) ++progress_.failed;
  if (on_file_) on_file_(task.file, progress_);
}

bool Migration::CheckDirectories(std::string* error) {
  if (o_.src_dir.empty()) {
    *error = "no source directory";
    return false;
  }
  std::error_code ec;
  if (!fs::is_directory(o_.src_dir, ec)) {
    *error = "'" + o_.src_dir + "' is not a directory";
    return false;
  }
  out_root_ = o_.in_place ? o_.src_dir : o_.dst_dir;
  if (out_root_.empty()) {
    *error = "no output directory (-o DIR, or --in-place)";
    return false;
  }
  if (!o_.in_place &&
      fs::weakly_canonical(o_.src_dir, ec) ==
          fs::weakly_canonical(o_.dst_dir, ec)) {
    *error = "the output directory is the source directory; use --in-place";
    return false;
  }
  return true;
}

void Migration::Configure(const Walk& walk) {
  model_paths_ = ModelPathsOf(o_.src_dir, walk.files);
  model_paths_.insert(model_paths_.end(), o_.model_paths.begin(),
                      o_.model_paths.end());
  allowed_include_dirs_ = {o_.src_dir};
  allowed_include_dirs_.insert(allowed_include_dirs_.end(),
                               o_.allowed_include_dirs.begin(),
                               o_.allowed_include_dirs.end());
  converter_ = o_.converter_identity.empty() ? BuildIdentity()
                                             : o_.converter_identity;
  options_json_ = MigrateOptionsJson(o_);
  options_hash_ = OptionsHash(converter_, options_json_);
  uris_ = o_.uris;
  uris_.packages.repository = sdf_io::FindPackagesInListing(
      o_.src_dir, walk.dirs, walk.files, walk.linked_dirs);
  if (!o_.in_place) {
    uris_.mirror_from = o_.src_dir;
    uris_.mirror_to = o_.dst_dir;
  }
}

bool Migration::PrepareOutput(const std::string& manifest_path,
                              std::string* error) {
  std::error_code ec;
  // A run into a directory that did not exist has no leftovers to remove.
  const bool fresh = !fs::exists(out_root_, ec) && !ec;
  fs::create_directories(out_root_, ec);
  if (!fs::is_directory(out_root_, ec)) {
    *error = "cannot create directory '" + out_root_ + "'";
    return false;
  }
  made_dirs_.insert("");
  if (!fresh) RemoveLeftoverTemporaryFiles();
  return manifest_.OpenJournal(manifest_path, error);
}

bool Migration::MakeOutputDir(const std::string& rel_dir, std::string* error) {
  if (o_.in_place) return true;  // the source's own directory
  {
    std::lock_guard<std::mutex> lock(dirs_mu_);
    if (made_dirs_.count(rel_dir)) return true;
  }
  // Two threads may make one directory at once: each succeeds. Usually
  // the parent exists (the root, or made by an earlier task): one mkdir;
  // otherwise every missing level, checked.
  const std::string path = OutputPath(rel_dir);
  if (::mkdir(path.c_str(), 0777) != 0) {
    std::error_code ec;
    fs::create_directories(path, ec);
    if (!fs::is_directory(path, ec)) {
      *error = "cannot create directory '" + path + "'";
      return false;
    }
  }
  std::lock_guard<std::mutex> lock(dirs_mu_);
  made_dirs_.insert(rel_dir);
  return true;
}

bool Migration::MirrorRemainingDirs(const Walk& walk, std::string* error) {
  std::vector<const std::string*> remaining;
  for (const auto& d : walk.dirs) {
    if (!made_dirs_.count(d)) remaining.push_back(&d);
  }
  // On the pool; the first failure in the walk's order is the run's error.
  std::vector<std::string> errors(remaining.size());
  ParallelFor(Jobs(), remaining.size(), [&](size_t i) {
    MakeOutputDir(*remaining[i], &errors[i]);
  });
  for (const auto& e : errors) {
    if (!e.empty()) {
      *error = e;
      return false;
    }
  }
  return true;
}

void Migration::RunTasks() {
  progress_.total = static_cast<int>(tasks_.size());
  const int jobs = Jobs();
  // Model files first; then the model.config manifests, which name what
  // the first pass made.
  std::vector<size_t> first, second;
  for (size_t i = 0; i < tasks_.size(); ++i) {
    (tasks_[i].file.action == MigrateAction::kUpdateConfig ? second : first)
        .push_back(i);
  }
  for (const auto* pass : {&first, &second}) {
    ParallelFor(jobs, pass->size(), [&](size_t k) {
      Task& t = tasks_[(*pass)[k]];
      RunTask(&t);
      Finish(t);
    });
    if (pass == &first) {
      for (const size_t i : first) {
        if (tasks_[i].file.action == MigrateAction::kConvert)
          converted_[tasks_[i].file.source] = &tasks_[i].file;
      }
    }
  }
}

MigrateReport Migration::Run() {
  MigrateReport report;
  // Each step's wall time, from the end of the one before.
  auto since = std::chrono::steady_clock::now();
  auto done = [&](const char* phase) {
    const auto now = std::chrono::steady_clock::now();
    report.phases.push_back(
        {phase, std::chrono::duration<double>(now - since).count()});
    since = now;
    return true;
  };
  std::string error;
  Walk walk;
  if (!CheckDirectories(&error) ||
      !WalkTree(o_.src_dir, o_.in_place ? "" : o_.dst_dir, Jobs(), &walk,
                &error)) {
    report.errors.push_back(error);
    return report;
  }
  done("walk");
  const std::string manifest_path = Join(out_root_, kManifestName);
  manifest_.Load(manifest_path);
  Configure(walk);
  Plan(walk);
  done("plan");
  repository_digest_ = RepositoryDigest();
  done("digest");
  if (!o_.dry_run && !PrepareOutput(manifest_path, &error)) {
    report.errors.push_back(error);
    return report;
  }
  RunTasks();
  done("tasks");
  // Not in a dry run: the tree's other directories, one sync of the output
  // (in place, each file was synced as it was written), the manifest; the
  // first failure is the run's error.
  if (!o_.dry_run) {
    const bool ok =
        MirrorRemainingDirs(walk, &error) && done("directories") &&
        (o_.in_place || (SyncFileSystem(out_root_, &error) && done("sync"))) &&
        manifest_.Save(manifest_path, converter_, options_json_, &error) &&
        done("manifest");
    if (!ok) report.errors.push_back(error);
  }
  report.converter = converter_;
  report.options = options_json_;
  for (auto& t : tasks_) report.files.push_back(std::move(t.file));
  return report;
}

}  // namespace

const char* StatusName(MigrateStatus status) {
  switch (status) {
    case MigrateStatus::kConverted: return "converted";
    case MigrateStatus::kConvertedWithWarnings: return "converted with warnings";
    case MigrateStatus::kFailed: return "failed";
    case MigrateStatus::kSkipped: return "skipped";
    case MigrateStatus::kCopied: return "copied";
    case MigrateStatus::kUnchanged: return "unchanged";
  }
  return "?";
}

int MigrateReport::Count(MigrateStatus status) const {
  return static_cast<int>(
      std::count_if(files.begin(), files.end(),
                    [&](const MigrateFile& f) { return f.status == status; }));
}

int MigrateReport::ExitCode() const {
  if (!errors.empty()) return 2;
  return Count(MigrateStatus::kFailed) > 0 ? 1 : 0;
}

int MigrateReport::Verified() const {
  return static_cast<int>(std::count_if(
      files.begin(), files.end(), [](const MigrateFile& f) { return f.verified; }));
}

MigrateReport Migrate(const MigrateOptions& options,
                      const MigrateCallback& on_file) {
  Migration migration(options, on_file);
  return migration.Run();
}

std::optional<std::string> MigrateModelConfig(
    std::string_view text, const std::string& path,
    const std::map<std::string, std::string>& outputs,
    const std::set<std::string>& failed, const std::string& version,
    frames::Diagnostics* diags, std::map<std::string, std::string>* renamed) {
  frames::Diagnostics found;
  auto named = sdf_io::ModelConfigSdfFiles(text, path, &found);
  std::map<std::string, std::string> renames;
  for (const auto& name : named ? *named : std::vector<std::string>()) {
    if (failed.count(name)) {
      found.Warning(frames::Code::MIGRATE_CONFIG_ENTRY_KEPT,
                    "model.config names '" + name +
                        "', which failed to convert; its entry is kept",
                    {path, 0});
      continue;
    }
    auto output = outputs.find(name);
    if (output != outputs.end()) renames[output->first] = output->second;
  }
  std::optional<std::string> updated;
  if (!renames.empty())
    updated = sdf_io::UpdateModelConfig(text, path, renames, version, &found);
  // A model.config we cannot rewrite is carried as it is: its problems are
  // warnings, not a failed migration.
  for (auto d : found.all()) {
    d.severity = frames::Severity::kWarning;
    diags->Add(std::move(d));
  }
  if (renamed) *renamed = updated ? renames : std::map<std::string, std::string>();
  return updated;
}

std::string MigrateOptionsJson(const MigrateOptions& o) {
  const bool urdf = o.target == MigrateOptions::Target::kUrdf;
  std::string s = "{\"target\": ";
  s += urdf ? "\"urdf\"" : "\"sdf\"";
  s += ", \"sdf_version\": ";
  AppendJsonString(&s, SdfVersionName(o.sdf_version));
  s += ", \"lump_fixed_joints\": ";
  s += o.lump_fixed_joints ? "true" : "false";
  s += ", \"package_to_model\": ";
  s += o.package_to_model ? "true" : "false";
  s += ", \"preserve_includes\": ";
  s += o.preserve_includes ? "true" : "false";
  s += ", \"model_paths\": ";
  AppendJsonStrings(&s, o.model_paths);
  static constexpr const char* kForms[] = {"keep", "package", "model",
                                           "relative", "absolute"};
  s += ", \"uris\": ";
  AppendJsonString(&s, kForms[static_cast<int>(o.uris.form)]);
  std::vector<std::string> packages;
  for (const auto& [pkg, dir] : o.uris.packages.packages)
    packages.push_back(pkg + "=" + dir);
  s += ", \"packages\": ";
  AppendJsonStrings(&s, packages);
  s += ", \"limits\": {\"max_depth\": " + std::to_string(o.limits.max_depth) +
       ", \"max_elements\": " + std::to_string(o.limits.ElementLimit()) +
       ", \"max_file_size\": " + std::to_string(o.limits.max_file_size) +
       ", \"max_include_depth\": " +
       std::to_string(o.limits.max_include_depth) + "}";
  s += ", \"allowed_include_dirs\": ";
  AppendJsonStrings(&s, o.allowed_include_dirs);
  s += ", \"xacro_args\": {";
  for (auto it = o.xacro_args.begin(); it != o.xacro_args.end(); ++it) {
    s += it == o.xacro_args.begin() ? "" : ", ";
    AppendJsonString(&s, it->first);
    s += ": ";
    AppendJsonString(&s, it->second);
  }
  s += "}, \"xacro_arg_rules\": [";
  for (size_t r = 0; r < o.xacro_arg_rules.size(); ++r) {
    s += r ? ", [" : "[";
    AppendJsonString(&s, o.xacro_arg_rules[r].glob);
    for (const auto& [name, value] : o.xacro_arg_rules[r].args) {
      s += ", ";
      AppendJsonString(&s, name + ":=" + value);
    }
    s += "]";
  }
  s += "]";
  s += ", \"environment\": {";
  bool first = true;
  for (const char* var :
       {"ROS_PACKAGE_PATH", "AMENT_PREFIX_PATH", "SDF_PATH",
        "GZ_SIM_RESOURCE_PATH", "IGN_GAZEBO_RESOURCE_PATH",
        "GAZEBO_MODEL_PATH"}) {
    const char* v = std::getenv(var);
    if (!v) continue;
    s += first ? "" : ", ";
    first = false;
    AppendJsonString(&s, var);
    s += ": ";
    AppendJsonString(&s, v);
  }
  return s + "}}";
}

bool ParseXacroArgRules(std::string_view text,
                        std::vector<MigrateOptions::XacroArgRule>* rules,
                        std::string* error) {
  std::istringstream in{std::string(text)};
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    std::istringstream words(line);
    MigrateOptions::XacroArgRule rule;
    if (!(words >> rule.glob) || rule.glob[0] == '#') continue;
    std::string word;
    while (words >> word) {
      const size_t remap = word.find(":=");
      if (remap == 0 || remap == std::string::npos) {
        *error = "line " + std::to_string(n) + ": '" + word + "' is not NAME:=VALUE";
        return false;
      }
      rule.args[word.substr(0, remap)] = word.substr(remap + 2);
    }
    rules->push_back(std::move(rule));
  }
  return true;
}

std::string BuildIdentity() {
  // The executable does not change while it runs: hashed once, streamed
  // through one small buffer (XXH3's streaming form gives the one-shot
  // ContentHash of the whole file). Read into one string, its pages were
  // faulted in anew: 2,000 page faults, several ms of a small run's start.
  static const std::string identity = [] {
    const int fd = ::open("/proc/self/exe", O_RDONLY | O_CLOEXEC);
    if (fd < 0) return std::string("build unknown");
    std::unique_ptr<XXH3_state_t, decltype(&XXH3_freeState)> state(
        XXH3_createState(), &XXH3_freeState);
    bool ok = state && XXH3_64bits_reset(state.get()) == XXH_OK;
    std::vector<char> buffer(size_t{1} << 16);
    while (ok) {
      const ssize_t n = ::read(fd, buffer.data(), buffer.size());
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) {
        ok = n == 0;
        break;
      }
      ok = XXH3_64bits_update(state.get(), buffer.data(),
                              static_cast<size_t>(n)) == XXH_OK;
    }
    ::close(fd);
    if (!ok) return std::string("build unknown");
    char hex[24];
    std::snprintf(hex, sizeof hex, "%016" PRIx64,
                  static_cast<uint64_t>(XXH3_64bits_digest(state.get())));
    return "build " + std::string(hex);
  }();
  return identity;
}

std::vector<std::string> RepositoryModelPaths(const std::string& root) {
  Walk walk;
  std::string error;
  if (!WalkTree(root, "", 1, &walk, &error)) return {};
  return ModelPathsOf(root, walk.files);
}

XacroOptions MigrateXacroOptions(const MigrateOptions& options, const std::string& rel) {
  XacroOptions x;
  x.args = options.xacro_args;
  for (const auto& rule : options.xacro_arg_rules) {
    if (fnmatch(rule.glob.c_str(), rel.c_str(), 0) != 0) continue;
    for (const auto& [name, value] : rule.args) x.args[name] = value;
  }
  x.allowed_dirs = {options.src_dir};
  x.allowed_dirs.insert(x.allowed_dirs.end(), options.allowed_include_dirs.begin(),
                        options.allowed_include_dirs.end());
  x.banner_name = rel;
  return x;
}

std::string InPlaceOriginalName(const std::string& rel) {
  auto [stem, ext] = SplitExtension(rel);
  return stem + ".orig" + ext;
}

uint64_t ContentHash(std::string_view bytes, uint64_t seed) {
  return XXH3_64bits_withSeed(bytes.data(), bytes.size(), seed);
}

}  // namespace converter
