// migrate as a library call: a whole model repository (a ROS description
// package, a Gazebo model collection) converted in one call, file by file on
// a small thread pool, with a per-file report and resume.
//
//  - SRC_DIR is walked in sorted order (directories' symlinks are not
//    followed). Each .urdf becomes SDFormat 1.7 (UrdfFileToSdf), each
//    .sdf/.world SDFormat 1.7 (SdfFileToSdf); with Target::kUrdf each .sdf
//    becomes a URDF (SdfFileToUrdf) and .urdf/.world files are copied.
//  - The tree is mirrored into DST_DIR: converted files at the same relative
//    path (NAME.urdf -> NAME.sdf), every other file copied byte for byte,
//    model.config manifests naming a converted file updated to its new name
//    and version (sdf_io/model_config.h).
//  - In place, outputs are written beside the sources: NAME.sdf next to
//    NAME.urdf; an SDF upgraded in place (and a model.config updated in
//    place) keeps its original as NAME.orig.sdf (model.orig.config), which
//    later runs read as the source. Other files are left alone.
//  - model:// includes resolve inside the repository first: every directory
//    holding a model directory (one with a model.config) is a model path,
//    before `model_paths` and the environment's.
//  - Each output is written whole or not at all (WriteOutputFile); a
//    failed file never stops the others.
//  - Resume: every output written is recorded with a content hash
//    (ContentHash: XXH3 64) of its inputs and of itself in
//    DST_DIR/.migrate-manifest, appended as each file finishes; a later
//    run skips a file whose inputs and output are unchanged. An SDF file's
//    inputs are its bytes, every SDF/world/model.config file of the
//    repository (the includes it may read), the options and the
//    converter's identity; a skipped file reports the
//    diagnostics recorded when it was converted.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "reshape/to_sdf/sdf_version.h"
#include "converter/read_input.h"
#include "converter/uris.h"
#include "diag/diagnostics.h"
#include "xml/dom.h"

namespace converter {

struct MigrateOptions {
  std::string src_dir;
  // Ignored when in_place.
  std::string dst_dir;
  enum class Target { kSdf, kUrdf };
  Target target = Target::kSdf;
  bool in_place = false;
  // Plan only: every file gets the status it would get; nothing is written.
  bool dry_run = false;
  // Convert even what the manifest says is up to date.
  bool force = false;
  // --verify: each converted output is read back and compared with its
  // input (verify::Verify, as robot-diff compares them) before it is
  // written; a difference fails the file (VERIFY_FAILED and each DIFF_
  // diagnostic; nothing written). A file the manifest records as written
  // without verification is converted again.
  bool verify = false;
  // Worker threads; <= 0: std::thread::hardware_concurrency().
  int jobs = 0;
  // Searched for model:// after the repository's own model directories.
  std::vector<std::string> model_paths;
  // UrdfToSdfOptions::lump_fixed_joints / package_to_model.
  bool lump_fixed_joints = false;
  bool package_to_model = false;
  // The SDFormat version written for .urdf and .sdf files (converter/
  // sdf_version.h; 1.7 by default) and named in updated model.config files.
  int sdf_version = kDefaultSdfVersion;
  // SdfToSdfOptions::preserve_includes (sdf_version 1.8 and later).
  bool preserve_includes = false;
  // --uris and --package (converter/uris.h): the form every mesh and
  // include URI is written in, and where package://PKG is found; the
  // packages of SRC_DIR (package.xml files) are searched after --package
  // and the environment. relative_to_dir and the mirror are set per file.
  UriOptions uris;
  // The input bounds of every file read (xml::Limits: --max-depth ...).
  xml::Limits limits;
  // Directories an SDF <include> may read besides SRC_DIR and the model
  // paths (--allow-include-from; sdf_io::ReadOptions::allowed_include_dirs).
  std::vector<std::string> allowed_include_dirs;
  // xacro entry points (*.urdf.xacro, and *.xacro files whose expansion
  // has a <robot> root and that no other file includes) are expanded and
  // converted as URDF (to SDF; with Target::kUrdf the expansion is the
  // output, NAME.urdf, its header comment naming the entry point by its
  // path relative to SRC_DIR); other
  // .xacro files (macros) are copied. The arguments of an entry point:
  // `xacro_args` (--xacro-arg NAME=VALUE), then those of every rule whose
  // glob matches its path relative to SRC_DIR (fnmatch, '*' matching '/'
  // too; --xacro-args FILE: lines `GLOB NAME:=VALUE ...`), in order, a
  // later value overriding an earlier one.
  std::map<std::string, std::string> xacro_args;
  struct XacroArgRule {
    std::string glob;
    std::map<std::string, std::string> args;
  };
  std::vector<XacroArgRule> xacro_arg_rules;
  // Who converts, recorded in the manifest and the report and covered by
  // every input hash, so that outputs of another converter (another build)
  // are converted again. Empty: BuildIdentity().
  std::string converter_identity;
};

enum class MigrateStatus {
  kConverted,
  kConvertedWithWarnings,
  kFailed,
  kSkipped,    // up to date (resume)
  kCopied,     // not a model file: copied unchanged
  kUnchanged,  // in place: not a model file, left alone
};

// "converted", "converted with warnings", "failed", "skipped", "copied",
// "unchanged".
const char* StatusName(MigrateStatus status);

enum class MigrateAction { kConvert, kCopy, kUpdateConfig, kLeave };

struct MigrateFile {
  // Relative to SRC_DIR, '/'-separated.
  std::string source;
  // What it became, relative to the output root (DST_DIR, or SRC_DIR in
  // place); empty when nothing is written.
  std::string output;
  MigrateAction action = MigrateAction::kCopy;
  MigrateStatus status = MigrateStatus::kCopied;
  // Diagnostics' files are relative to SRC_DIR when they are inside it.
  frames::Diagnostics diagnostics;
  // ContentHash of the inputs; 0 when not computed.
  uint64_t input_hash = 0;
  // Its output was read back and compared equal with its input (--verify;
  // a skipped file: when the run that wrote it verified it).
  bool verified = false;
  // A xacro entry point: the files its expansion read besides itself
  // (includes, YAML), relative to SRC_DIR when inside it, sorted; covered
  // by input_hash, so that a changed macro file converts again what
  // includes it.
  std::vector<std::string> reads;
};

// Reads a --xacro-args file: one rule a line, `GLOB NAME:=VALUE ...`
// (blank lines and lines starting with '#' skipped). False, with *error
// naming the line, when a line is not of that form.
bool ParseXacroArgRules(std::string_view text,
                        std::vector<MigrateOptions::XacroArgRule>* rules,
                        std::string* error);

// How long one step of a run took, wall clock.
struct MigratePhase {
  std::string name;
  double seconds = 0;
};

struct MigrateReport {
  // Sorted by source path.
  std::vector<MigrateFile> files;
  // The steps of the run in the order they ran (migrate -v prints them):
  // "walk" (listing SRC_DIR), "plan" (model paths, packages, what each file
  // becomes), "digest" (reading every file includes may read), "tasks"
  // (converting, copying, updating model.config files: what -j divides),
  // "directories" (the mirrored tree's other directories), "sync" (the
  // output's file system), "manifest". Steps a run did not reach, and in a
  // dry run those that write, are left out. Not in the JSON report, which
  // identical runs give identically.
  std::vector<MigratePhase> phases;
  // Problems with the run itself (SRC_DIR unreadable, DST_DIR not
  // creatable): exit code 2.
  std::vector<std::string> errors;
  // The converter identity and the options that change an output (a JSON
  // object, MigrateOptionsJson) that the input hashes cover.
  std::string converter;
  std::string options;
  int Count(MigrateStatus status) const;
  // The files whose output was verified (MigrateFile::verified).
  int Verified() const;
  // Exit code of the command: 2 on errors, 1 when a file failed, else 0.
  int ExitCode() const;
};

// Called after each file, one call at a time (from the worker threads,
// under a lock), with the counts so far.
struct MigrateProgress {
  int done = 0;
  int total = 0;
  int failed = 0;
};
using MigrateCallback =
    std::function<void(const MigrateFile& file, const MigrateProgress& p)>;

MigrateReport Migrate(const MigrateOptions& options,
                      const MigrateCallback& on_file = nullptr);

// migrate's rewrite of a model.config once its directory's files are
// migrated (the migrate command and the model_repository rule's
// model.config action both call it): each <sdf> entry naming a key of
// `outputs` (a file of the config's directory -> the name of what it
// became there) is renamed and given `version` ("" keeps the entry's own);
// an entry naming one of `failed` is kept, with a
// MIGRATE_CONFIG_ENTRY_KEPT warning. nullopt when no entry was renamed or
// the file is not a model.config it can rewrite: the file is then carried
// as it is. Every problem is a warning in *diags. `renamed`, when given,
// receives the renames made.
std::optional<std::string> MigrateModelConfig(
    std::string_view text, const std::string& path,
    const std::map<std::string, std::string>& outputs,
    const std::set<std::string>& failed, const std::string& version,
    frames::Diagnostics* diags,
    std::map<std::string, std::string>* renamed = nullptr);

// The options of a migration that change its outputs, as one JSON object
// (deterministic; the report's "options"): target, URDF and SDF options,
// model paths, URI form and packages, input limits, the directories
// includes may read, and the search-path environment
// variables (ROS_PACKAGE_PATH, AMENT_PREFIX_PATH, SDF_PATH,
// GZ_SIM_RESOURCE_PATH, IGN_GAZEBO_RESOURCE_PATH, GAZEBO_MODEL_PATH).
std::string MigrateOptionsJson(const MigrateOptions& options);

// "build " and the ContentHash of the running executable (/proc/self/exe):
// another build of the converter is another identity. "build unknown" when
// the executable cannot be read.
std::string BuildIdentity();

// The repository's model paths: every directory under `root` (and `root`
// itself) that holds a directory with a model.config, sorted. Used for
// model:// before the caller's paths.
std::vector<std::string> RepositoryModelPaths(const std::string& root);

// How migrate expands the xacro entry point `rel` (relative to SRC_DIR):
// its arguments (`xacro_args`, then those of every rule whose glob
// matches), the directories its includes may read (SRC_DIR, then
// `allowed_include_dirs`), its header comment naming it `rel`. The HTML
// report expands it again the same way to draw its input.
XacroOptions MigrateXacroOptions(const MigrateOptions& options,
                                 const std::string& rel);

// NAME.EXT -> NAME.orig.EXT: where an in-place upgrade keeps the original
// of a file whose output has its name.
std::string InPlaceOriginalName(const std::string& rel);

// XXH3, 64 bits, seeded with `seed` (a hash continues from the one before
// it by taking it as its seed): stable across builds, machines and xxHash
// releases (XXH3's output is frozen since xxHash 0.8.0), unlike std::hash,
// and about twenty times faster than the FNV-1a it replaced, which hashed a
// byte at a time and took a tenth of a migration's CPU.
uint64_t ContentHash(std::string_view bytes, uint64_t seed = 0);

}  // namespace converter
