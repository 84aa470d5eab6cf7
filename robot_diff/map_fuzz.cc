// Fuzz target of robot-diff's --map parser: every problem is a coded
// diagnostic at a line of the file, and the renames are one-to-one.
#include <cstdint>
#include <set>
#include <string>
#include <string_view>

#include "robot_diff/robot_diff.h"
#include "testing/fuzzing/fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  frames::Diagnostics diags;
  const auto renames = robot_diff::ParseMap(text, "fuzz.map", &diags);
  fuzzing::CheckCoded(diags);
  for (const auto& d : diags.all()) {
    fuzzing::Check(d.code == frames::Code::DIFF_MAP_INVALID && d.where.line > 0,
                   "a --map problem without its code or line",
                   frames::Format(d));
  }
  std::set<std::string> targets;
  for (const auto& [b, a] : renames) {
    fuzzing::Check(!a.empty() && !b.empty() && targets.insert(a).second,
                   "the renames are not one-to-one", a + " " + b);
  }
  return 0;
}
