// A Gazebo model directory's manifest (model.config): which SDF file it
// names per SDFormat version, and rewriting those entries after a migration
// while keeping the rest of the file (comments, author, description, layout)
// byte for byte.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "diag/diagnostics.h"

namespace sdf_io {

// One <sdf version="VERSION">FILE</sdf> entry (version "" when absent).
struct ModelConfigEntry {
  std::string version;
  std::string file;
};

// The <sdf> entries of the <model> root, in document order (file trimmed).
// nullopt, with a diagnostic, as ModelConfigSdfFiles.
std::optional<std::vector<ModelConfigEntry>> ModelConfigEntries(
    std::string_view text, const std::string& file, frames::Diagnostics* diags);

// The files named by the <sdf> elements of the <model> root, in document
// order (trimmed). nullopt, with a diagnostic, when `text` is not a
// model.config (not XML: XML_ERROR; no <model> root: MODEL_CONFIG_INVALID).
std::optional<std::vector<std::string>> ModelConfigSdfFiles(
    std::string_view text, const std::string& file, frames::Diagnostics* diags);

// `text` with each <sdf> entry whose file is a key of `renames` replaced by
// `<sdf version="VERSION">NEW</sdf>` (NEW the mapped name; an empty VERSION
// keeps the entry's own, or none); every other byte kept. nullopt, with a diagnostic, when `text` is not a model.config or its
// <sdf> entries cannot be located in the text (MODEL_CONFIG_INVALID).
std::optional<std::string> UpdateModelConfig(
    std::string_view text, const std::string& file,
    const std::map<std::string, std::string>& renames,
    const std::string& version, frames::Diagnostics* diags);

}  // namespace sdf_io
