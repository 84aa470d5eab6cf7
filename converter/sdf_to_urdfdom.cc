#include "converter/sdf_to_urdfdom.h"

#include "urdf_io/urdfdom.h"

namespace converter {
namespace {

urdf::ModelInterfaceSharedPtr ToInterface(std::optional<frames::Model> model,
                                          frames::Diagnostics* diags) {
  if (!model) return nullptr;
  return urdf_io::ToModelInterface(*model, diags);
}

}  // namespace

urdf::ModelInterfaceSharedPtr SdfFileToUrdfModelInterface(
    const std::string& path, const SdfToUrdfOptions& options,
    frames::Diagnostics* diags) {
  return ToInterface(SdfFileToUrdfModel(path, options, diags), diags);
}

urdf::ModelInterfaceSharedPtr SdfToUrdfModelInterface(
    std::string_view sdf_text, const std::string& source_name,
    const SdfToUrdfOptions& options, frames::Diagnostics* diags) {
  return ToInterface(SdfToUrdfModel(sdf_text, source_name, options, diags),
                     diags);
}

}  // namespace converter
