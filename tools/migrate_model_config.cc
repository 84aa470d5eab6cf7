// migrate_model_config: one model.config rewritten as migrate rewrites it
// (converter::MigrateModelConfig), for the model_repository rule's
// model.config action (tools/defs.bzl): the rule knows which files of the
// directory it converts and what they become, this names them.
#include <map>
#include <set>
#include <string>

#include "migrate/migrate.h"
#include "reshape/to_sdf/sdf_version.h"
#include "tools/cli.h"
#include "xml/reader.h"

namespace {

constexpr char kUsage[] =
    R"(usage: migrate_model_config [options] model.config [-o OUT]

Writes a model.config as migrate does once the files of its directory are
migrated: each <sdf> entry naming a FILE given with --rename names NEW,
with the --sdf-version written (1.7 by default); every other byte kept. A
model.config that names none of them, or that cannot be rewritten, is
written as it is (its problems are warnings).

options:
  -o, --output FILE       write the model.config to FILE
  --rename FILE=NEW       FILE (relative to the model.config's directory)
                          became NEW (repeatable)
  --sdf-version V         the version written in renamed entries: 1.7
                          (default) to 1.12
  --keep-version          keep each renamed entry's own version (migrate
                          --to urdf)
)";

}  // namespace

int main(int argc, char** argv) {
  std::map<std::string, std::string> renames;
  int sdf_version = converter::kDefaultSdfVersion;
  bool keep_version = false, check_only = false;
  xml::Limits limits;
  tools::Cli cli;
  cli.name = "migrate_model_config";
  cli.usage = kUsage;
  cli.check_only = &check_only;
  cli.limits = &limits;
  cli.flag = [&](const std::string& a, const auto& value, std::string* error) {
    if (tools::SdfVersionFlag(a, value, error, &sdf_version)) return true;
    if (a == "--keep-version") {
      keep_version = true;
      return true;
    }
    if (a != "--rename") return false;
    const auto v = value();
    const size_t eq = v ? v->find('=') : std::string::npos;
    if (eq == std::string::npos || eq == 0 || eq + 1 == v->size()) {
      *error = "--rename needs FILE=NEW";
    } else {
      renames[v->substr(0, eq)] = v->substr(eq + 1);
    }
    return true;
  };
  auto convert = [&](std::string_view text, const std::string& source) {
    converter::ConversionResult result;
    auto updated = converter::MigrateModelConfig(
        text, source, renames, {},
        keep_version ? "" : converter::SdfVersionName(sdf_version),
        &result.diagnostics);
    result.ok = true;
    result.output = updated ? *updated : std::string(text);
    return result;
  };
  cli.convert_text = convert;
  cli.convert_file = [&](const std::string& path) {
    converter::ConversionResult result;
    auto text = xml::ReadFile(path, &result.diagnostics, limits);
    if (!text) return result;
    return convert(*text, path);
  };
  return tools::RunCli(argc, argv, cli);
}
