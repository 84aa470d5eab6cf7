#include "converter/robot_input.h"

#include "frames/graph.h"
#include "sdf_io/reader.h"
#include "urdf_io/reader.h"

namespace converter {
namespace {

// Skips what may come before the root element: blanks, a byte order mark,
// <?...?>, <!--...-->, <!DOCTYPE ...>.
size_t RootStart(std::string_view t) {
  size_t at = 0;
  if (t.substr(0, 3) == "\xEF\xBB\xBF") at = 3;
  while (at < t.size()) {
    const char c = t[at];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      ++at;
      continue;
    }
    if (t.substr(at, 2) == "<?") {
      const size_t end = t.find("?>", at + 2);
      if (end == std::string_view::npos) return t.size();
      at = end + 2;
    } else if (t.substr(at, 4) == "<!--") {
      const size_t end = t.find("-->", at + 4);
      if (end == std::string_view::npos) return t.size();
      at = end + 3;
    } else if (t.substr(at, 2) == "<!") {
      const size_t end = t.find('>', at + 2);
      if (end == std::string_view::npos) return t.size();
      at = end + 1;
    } else {
      return at;
    }
  }
  return at;
}

}  // namespace

bool LooksLikeUrdf(std::string_view text) {
  const size_t at = RootStart(text);
  const std::string_view rest = text.substr(at);
  if (rest.substr(0, 6) != "<robot") return false;
  return rest.size() == 6 || rest[6] == '>' || rest[6] == '/' ||
         rest[6] == ' ' || rest[6] == '\t' || rest[6] == '\n' ||
         rest[6] == '\r';
}

std::optional<std::vector<Robot>> ReadRobots(std::string_view text,
                                             const std::string& source,
                                             const ReadInputOptions& options,
                                             frames::Diagnostics* diags) {
  std::vector<Robot> robots;
  if (LooksLikeUrdf(text)) {
    frames::Diagnostics read;
    auto model = urdf_io::ReadUrdf(text, source, &read, options.limits);
    diags->Append(read);
    if (!model || read.HasErrors()) return std::nullopt;
    robots.push_back({std::move(*model), true, ""});
    return robots;
  }
  frames::Diagnostics read;
  auto doc = sdf_io::ReadSdf(text, source, &read, ToReadOptions(options));
  diags->Append(read);
  if (!doc || read.HasErrors()) return std::nullopt;
  for (auto& m : doc->models) robots.push_back({std::move(m), false, ""});
  for (auto& w : doc->worlds) {
    // A world's model posed in the world frame (its pose may be relative
    // to a world frame).
    frames::Diagnostics ignored;  // the conversions report the world's own
    const frames::FrameGraph g = frames::FrameGraph::BuildWorld(w, &ignored);
    for (auto& m : w.models) {
      if (const auto X_WM = g.PoseInModel(m.name)) m.pose = frames::ComputedPose(*X_WM);
      robots.push_back({std::move(m), false, w.name});
    }
  }
  return robots;
}

const Robot* SelectRobot(const std::vector<Robot>& robots,
                         const std::string& name,
                         const frames::SourceLocation& where,
                         frames::Diagnostics* diags) {
  const Robot* found = nullptr;
  int matches = 0;
  std::string names;
  for (const Robot& r : robots) {
    names += (names.empty() ? "'" : ", '") + r.model.name + "'";
    if (name.empty() || r.model.name == name) {
      if (!found) found = &r;
      ++matches;
    }
  }
  if (matches == 1) return found;
  diags->Error(frames::Code::SDF_MODEL_NOT_SELECTED,
               name.empty()
                   ? "the document has " + std::to_string(robots.size()) +
                         " models (" + (names.empty() ? "none" : names) +
                         "): choose one with --model NAME"
                   : "the document has " +
                         std::string(matches == 0 ? "no model" : "several models") +
                         " named '" + name + "' (it has " +
                         (names.empty() ? "none" : names) + ")",
               where);
  return nullptr;
}

}  // namespace converter
