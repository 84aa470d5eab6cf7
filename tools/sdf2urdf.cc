// sdf2urdf: converts one SDFormat model (any version 1.0 to 1.12) into a URDF
// robot with the same kinematics, carrying what URDF cannot hold in <gazebo>
// blocks. A thin command line over converter::SdfToUrdf.
#include <iostream>
#include <string>

#include "converter/sdf_to_urdf.h"
#include "tools/cli.h"
#include "verify/verify.h"

namespace {

constexpr char kUsage[] = R"(usage: sdf2urdf [options] [IN.sdf | IN.sdf.xacro | -] [-o OUT.urdf]

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
  --urdf-version V        write <robot version="V">: 1.0, 1.1 or 1.2; from
                          1.1 capsules are written as <capsule> and
                          quaternion poses as <origin quat_xyzw> (rpy
                          below). Default: the version the URDF declared
                          (an SDF urdf2sdf wrote), else the lowest that
                          holds the model (1.1 with a capsule, else none)
  --mesh-uris MODE        the same as --uris MODE (below)
  --model-path DIR        search DIR for model:// URIs (repeatable; then
                          SDF_PATH, GZ_SIM_RESOURCE_PATH,
                          IGN_GAZEBO_RESOURCE_PATH and GAZEBO_MODEL_PATH;
                          Fuel URIs are read from the local Fuel cache)
  NAME:=VALUE             an xacro:arg of a .sdf.xacro input, which is
                          expanded first (as the `xacro` command does),
                          its problems reported at their xacro lines
  --allow-include-from DIR  let <include> read files under DIR (repeatable);
                          by default only the input's directory tree, the
                          model paths and the Fuel cache are read
)";

}  // namespace

int main(int argc, char** argv) {
  converter::SdfToUrdfOptions options;
  tools::Cli cli;
  cli.name = "sdf2urdf";
  cli.usage = kUsage;
  cli.check_only = &options.check_only;
  cli.uris = &options.uris;
  bool json = false;  // --diagnostics-format json: stderr holds only JSON
  cli.diagnostics_json = &json;
  cli.limits = &options.limits;
  cli.allowed_include_dirs = &options.allowed_include_dirs;
  cli.xacro = &options.xacro;
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
      options.urdf_version = need("a version (1.0, 1.1 or 1.2)");
      if (error->empty() && options.urdf_version != "1.0" &&
          options.urdf_version != "1.1" && options.urdf_version != "1.2")
        *error = "--urdf-version must be 1.0, 1.1 or 1.2";
    } else if (a == "--mesh-uris") {
      const auto form = converter::ParseUriForm(need("a form"));
      if (!error->empty()) return true;
      if (!form) *error = "--mesh-uris needs keep, package, model, relative or absolute";
      else options.uris.form = *form;
      options.uris.only_scheme = "model://";  // what --mesh-uris always did
    } else if (a == "--model-path") {
      options.model_paths.push_back(need("a directory"));
    } else {
      return false;
    }
    return true;
  };
  auto report = [&](converter::ConversionResult r, const std::string& source) {
    if (options.check_parity && r.ok && !json) {
      std::cerr << source
                << ": in URDF-parity form: converts by copying numbers\n";
    }
    return r;
  };
  cli.convert_text = [&](std::string_view text, const std::string& source) {
    return report(converter::SdfToUrdf(text, source, options), source);
  };
  cli.convert_file = [&](const std::string& path) {
    return report(converter::SdfFileToUrdf(path, options), path);
  };
  cli.verify = [&](const std::string* input, const std::string& input_source,
                   std::string_view output, const std::string& output_source) {
    verify::Setup setup;
    setup.read = options;
    setup.diff.separator = options.separator;
    const std::string model = options.model;
    return input ? verify::Verify(*input, input_source, output, output_source,
                                  model, setup)
                 : verify::VerifyFile(input_source, output, output_source,
                                      model, setup);
  };
  cli.graph_read = [&] { return converter::ReadInputOptions(options); };
  return tools::RunCli(argc, argv, cli);
}
