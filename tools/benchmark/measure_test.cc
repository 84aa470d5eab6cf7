#include "tools/benchmark/measure.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <memory>
#include <vector>

#include "testing/sanitizers.h"

#ifdef TEST_SUPPORT_ADDRESS_SANITIZER
// Under AddressSanitizer (--config=asan, --config=fuzz) freed blocks wait in
// a quarantine (256 MiB by default) instead of being reused, so the three
// 64 MiB runs below would peak near 200 MiB: a property of that allocator,
// not of the measurement. Without the quarantine a peak is the plain
// build's plus the shadow memory (an eighth) and the allocator's larger
// size classes. ASAN_OPTIONS, which the sanitizer configurations set, keeps
// precedence for what it names.
extern "C" const char* __asan_default_options() {
  return "quarantine_size_mb=0:thread_local_quarantine_size_kb=0";
}
constexpr long kPeakCapMiB = 110;
#elif defined(TEST_SUPPORT_THREAD_SANITIZER)
// ThreadSanitizer's shadow is four times the application's memory, plus
// its metadata: the child's 64 MiB measured 355 MiB.
constexpr long kPeakCapMiB = 448;
#else
constexpr long kPeakCapMiB = 80;
#endif

namespace benchmark {
namespace {

constexpr long kMiB = 1024;  // in KiB

// Allocates about `mib` MiB (256 blocks of 4000 bytes per MiB) and writes
// to every block.
std::vector<std::unique_ptr<char[]>> Touch(int mib) {
  std::vector<std::unique_ptr<char[]>> blocks;
  for (int i = 0; i < mib * 256; ++i) {
    blocks.emplace_back(new char[4000]);
    std::memset(blocks.back().get(), i & 0xff, 4000);
  }
  return blocks;
}

TEST(MeasureTest, PeakIsTheChildsOwn) {
  const Measurement m = MeasureInChild(
      [] {
        RunResult r;
        r.total = r.ok = 1;
        r.output_bytes = static_cast<long long>(Touch(64).size());
        return r;
      },
      3, 60);
  ASSERT_EQ(m.status, Measurement::Status::kOk);
  EXPECT_EQ(m.runs, 3);
  EXPECT_EQ(m.result.ok, 1);
  EXPECT_GE(m.delta_rss_kb(), 60 * kMiB);
  EXPECT_LE(m.delta_rss_kb(), kPeakCapMiB * kMiB);
  EXPECT_LE(m.best_seconds, m.median_seconds);
}

TEST(MeasureTest, ParentMemoryIsBaselineNotPeak) {
  const auto held = Touch(100);
  const Measurement m = MeasureInChild([] { return RunResult{}; }, 1, 60);
  ASSERT_EQ(m.status, Measurement::Status::kOk);
  EXPECT_GE(m.baseline_rss_kb, 95 * kMiB);  // 100 * 256 * 4000 bytes
  EXPECT_LE(m.delta_rss_kb(), 8 * kMiB);
}

TEST(MeasureTest, FreedParentMemoryDoesNotHideTheChildsPeak) {
  if (test_support::kAddressSanitizer || test_support::kThreadSanitizer) {
    // The sanitizers' allocators keep freed blocks resident and mapped, and
    // the child reuses the parent's: its peak then does not rise, whatever
    // measures it.
    GTEST_SKIP() << "needs an allocator that returns freed memory";
  }
  Touch(100);  // allocated and freed: resident until released
  const Measurement m = MeasureInChild(
      [] {
        RunResult r;
        r.output_bytes = static_cast<long long>(Touch(100).size());
        return r;
      },
      1, 60);
  ASSERT_EQ(m.status, Measurement::Status::kOk);
  EXPECT_GE(m.delta_rss_kb(), 90 * kMiB);
}

TEST(MeasureTest, Timeout) {
  const Measurement m = MeasureInChild(
      [] {
        sleep(5);
        return RunResult{};
      },
      3, 1);
  EXPECT_EQ(m.status, Measurement::Status::kTimeout);
  EXPECT_EQ(m.runs, 0);
}

TEST(MeasureTest, StopsRepeatingNearTheLimit) {
  const Measurement m = MeasureInChild(
      [] {
        usleep(600000);
        return RunResult{};
      },
      5, 2);
  ASSERT_EQ(m.status, Measurement::Status::kOk);
  EXPECT_EQ(m.runs, 2);
  EXPECT_TRUE(m.hit_time_limit);
}

TEST(MeasureTest, Crash) {
  const Measurement m =
      MeasureInChild([]() -> RunResult { std::abort(); }, 1, 60);
  EXPECT_EQ(m.status, Measurement::Status::kCrashed);
  EXPECT_EQ(m.detail, "SIGABRT");
}

}  // namespace
}  // namespace benchmark
