// robot-diff --map FILE: the user's renames.
#include <set>
#include <vector>

#include "robot_diff/robot_diff.h"

namespace robot_diff {

std::map<std::string, std::string> ParseMap(std::string_view text,
                                            const std::string& file,
                                            frames::Diagnostics* diags) {
  std::map<std::string, std::string> renames;
  std::set<std::string> targets;
  int line = 0;
  size_t at = 0;
  while (at <= text.size()) {
    size_t end = text.find('\n', at);
    if (end == std::string_view::npos) end = text.size();
    std::string_view l = text.substr(at, end - at);
    ++line;
    at = end + 1;
    const size_t hash = l.find('#');
    if (hash != std::string_view::npos) l = l.substr(0, hash);
    std::vector<std::string> fields;
    size_t k = 0;
    while (k < l.size()) {
      while (k < l.size() && (l[k] == ' ' || l[k] == '\t' || l[k] == '\r')) ++k;
      const size_t start = k;
      while (k < l.size() && l[k] != ' ' && l[k] != '\t' && l[k] != '\r') ++k;
      if (k > start) fields.emplace_back(l.substr(start, k - start));
    }
    if (fields.empty()) continue;
    const frames::SourceLocation where{file, line};
    if (fields.size() != 2) {
      diags->Error(frames::Code::DIFF_MAP_INVALID,
                   "expected `NAME_IN_A NAME_IN_B`, found " +
                       std::to_string(fields.size()) + " field(s)",
                   where);
      continue;
    }
    if (renames.count(fields[1])) {
      diags->Error(frames::Code::DIFF_MAP_INVALID,
                   "'" + fields[1] + "' of B is mapped twice", where);
      continue;
    }
    if (!targets.insert(fields[0]).second) {
      diags->Error(frames::Code::DIFF_MAP_INVALID,
                   "'" + fields[0] + "' of A is mapped to twice", where);
      continue;
    }
    renames.emplace(fields[1], fields[0]);
  }
  return renames;
}

}  // namespace robot_diff
