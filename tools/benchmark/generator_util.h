// Deterministic numbers and a small text writer shared by the benchmark
// model generators (urdf_generator, sdf_generator).
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <string>

namespace benchmark {
namespace generator_internal {

// SplitMix64: a fixed, platform-independent hash so the generated numbers do
// not depend on the standard library's random engines or distributions.
inline uint64_t Mix(uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

// A value in [lo, hi) determined by (link index, field number), rounded to
// 4 decimals so the text stays short and exactly reproducible.
inline double Value(int link, int field, double lo, double hi) {
  const uint64_t h = Mix((static_cast<uint64_t>(link) << 8) ^ field);
  const double unit = static_cast<double>(h >> 11) / 9007199254740992.0;
  const double v = lo + (hi - lo) * unit;
  return static_cast<double>(static_cast<int64_t>(v * 10000.0)) / 10000.0;
}

class Writer {
 public:
  explicit Writer(std::string* out) : out_(out) {}
  void Append(const char* s) { out_->append(s); }
  template <typename... Args>
  void Format(const char* fmt, Args... args) {
    const int n = std::snprintf(buf_, sizeof(buf_), fmt, args...);
    out_->append(buf_, std::min<int>(n, sizeof(buf_) - 1));
  }

 private:
  std::string* out_;
  char buf_[512];
};

}  // namespace generator_internal
}  // namespace benchmark
