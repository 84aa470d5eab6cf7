// sdf2urdf: converts one SDFormat model (any version 1.0 to 1.12) into a URDF
// robot with the same kinematics, carrying what URDF cannot hold in <gazebo>
// blocks. A thin command line over converter::SdfToUrdf.
#include <iostream>
#include <string>

#include "converter/sdf_to_urdf.h"
#include "tools/cli.h"

namespace {

constexpr char kUsage[] = R"(usage: sdf2urdf [options] [IN.sdf | -] [-o OUT.urdf]

Reads an SDFormat model (1.0 to 1.12; alone, or the one model of a world) and
writes it as a URDF robot whose links, joints, visuals, collisions and
inertials sit exactly where the SDF puts them: nested models flatten into
scoped names, //frame elements become massless links on fixed joints, each
link frame moves onto its joint (its contents re-expressed), universal and
revolute2 joints become two revolute joints, and what URDF has no element for
(sensors, plugins, surface, SDF-only material ...) is carried in <gazebo>
blocks. Reads standard input when IN is '-' or absent; writes standard output
unless -o is given (the file is written whole or not at all).

options:
  -o, --output FILE       write the URDF to FILE
  --check                 validate and reshape only; write nothing
  --check-parity          say whether the model is already in URDF-parity
                          form (a tree; joints posed relative_to their parent
                          link, child links relative_to their joint, no other
                          link poses), i.e. converts by copying numbers;
                          exit 0 if it is, 1 (with the reasons) if not
  --model NAME            convert the model NAME (a document or world with
                          several models needs it)
  --separator SEP         join nested model and element names with SEP
                          instead of '::'
  --no-frames             do not write //frame elements as links (each is
                          reported)
  --ball-as-floating      write ball joints as floating joints (a warning
                          each) without the ball joint carried in <gazebo>
  --keep-joint-types      write universal and revolute2 joints as floating
                          joints with the SDF joint carried in <gazebo>,
                          instead of two revolute joints
  --urdf-version V        write <robot version="V">: 1.0, or 1.1 which also
                          writes capsules as <capsule>
  --mesh-uris MODE        model:// mesh URIs: keep (default), package
                          (package://NAME/...), absolute or relative (file
                          paths found on the model paths; relative to the
                          output file's directory, or the current one)
  --model-path DIR        search DIR for model:// URIs (repeatable; then
                          SDF_PATH, GZ_SIM_RESOURCE_PATH,
                          IGN_GAZEBO_RESOURCE_PATH and GAZEBO_MODEL_PATH;
                          Fuel URIs are read from the local Fuel cache)
)";

}  // namespace

int main(int argc, char** argv) {
  converter::SdfToUrdfOptions options;
  tools::Cli cli;
  cli.name = "sdf2urdf";
  cli.usage = kUsage;
  cli.check_only = &options.check_only;
  std::string output;  // the -o file, set by RunCli
  cli.output = &output;
  cli.flag = [&](const std::string& a, const auto& value, std::string* error) {
    auto need = [&](const char* what) {
      auto v = value();
      if (!v) *error = a + " needs " + what;
      return v.value_or("");
    };
    if (a == "--check-parity") {
      options.check_parity = true;
      options.check_only = true;
    } else if (a == "--model") {
      options.model = need("a model name");
    } else if (a == "--separator") {
      options.separator = need("a separator");
      if (error->empty() && options.separator.empty())
        *error = "--separator needs a non-empty separator";
    } else if (a == "--no-frames") {
      options.frames_as_links = false;
    } else if (a == "--ball-as-floating") {
      options.ball_as_floating = true;
    } else if (a == "--keep-joint-types") {
      options.keep_joint_types = true;
    } else if (a == "--urdf-version") {
      options.urdf_version = need("a version (1.0 or 1.1)");
      if (error->empty() && options.urdf_version != "1.0" &&
          options.urdf_version != "1.1")
        *error = "--urdf-version must be 1.0 or 1.1";
    } else if (a == "--mesh-uris") {
      using M = converter::SdfToUrdfOptions::MeshUris;
      const std::string mode = need("a mode (keep, package, absolute, relative)");
      if (!error->empty()) return true;
      if (mode == "keep") options.mesh_uris = M::kKeep;
      else if (mode == "package") options.mesh_uris = M::kPackage;
      else if (mode == "absolute") options.mesh_uris = M::kAbsolute;
      else if (mode == "relative") options.mesh_uris = M::kRelative;
      else *error = "--mesh-uris must be keep, package, absolute or relative";
    } else if (a == "--model-path") {
      options.model_paths.push_back(need("a directory"));
    } else {
      return false;
    }
    return true;
  };
  // Relative mesh paths are relative to the output file's directory (the
  // current one for standard output).
  auto relative_to_output = [&] {
    const size_t slash = output.rfind('/');
    options.relative_to_dir =
        slash == std::string::npos ? "" : output.substr(0, slash + 1);
  };
  auto report = [&](converter::ConversionResult r, const std::string& source) {
    if (options.check_parity && r.ok) {
      std::cerr << source
                << ": in URDF-parity form: converts by copying numbers\n";
    }
    return r;
  };
  cli.convert_text = [&](std::string_view text, const std::string& source) {
    relative_to_output();
    return report(converter::SdfToUrdf(text, source, options), source);
  };
  cli.convert_file = [&](const std::string& path) {
    relative_to_output();
    return report(converter::SdfFileToUrdf(path, options), path);
  };
  return tools::RunCli(argc, argv, cli);
}
