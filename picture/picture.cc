#include "picture/picture.h"

namespace picture {

bool DrawRobots(const std::vector<converter::Robot>& robots,
                const std::string& title, graph::GraphKind kind,
                graph::ImageFormat format, std::string* out,
                std::string* error) {
  std::vector<graph::GraphModel> models;
  for (const converter::Robot& r : robots) models.push_back({&r.model, r.world});
  return graph::Render(graph::ToDot(models, title, kind), format, out, error);
}

bool RobotPicture(std::string_view text, const std::string& source,
                  const converter::ReadInputOptions& read,
                  graph::GraphKind kind, graph::ImageFormat format,
                  std::string* out, frames::Diagnostics* diags) {
  const auto robots = converter::ReadRobots(text, source, read, diags);
  if (!robots) return false;
  std::string error;
  if (!DrawRobots(*robots, source, kind, format, out, &error)) {
    diags->Error(frames::Code::GRAPH_FAILED,
                 "the picture of '" + source + "' could not be made: " + error,
                 {source, 0});
    return false;
  }
  return true;
}

}  // namespace picture
