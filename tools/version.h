#pragma once

namespace tools {
inline constexpr char kVersion[] = "0.1.0";
}  // namespace tools
