#include "element/beside.h"

#include <gtest/gtest.h>

#include <chrono>
#include <future>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>

namespace {

// Run beside: what it returns comes back through the future, on a thread
// other than the caller's (one can be started here).
TEST(BesideTest, RunBesideReturnsWhatItComputedOnAnotherThread) {
  const std::thread::id caller = std::this_thread::get_id();
  std::future<std::thread::id> ran = frames::RunBeside(
      [] { return std::this_thread::get_id(); });
  EXPECT_NE(ran.get(), caller);
  std::future<std::string> text =
      frames::RunBeside([s = std::string("abc")] { return s + "d"; });
  EXPECT_EQ(text.get(), "abcd");
}

// What it throws comes back at get(), as std::async's.
TEST(BesideTest, RunBesideRethrowsAtGet) {
  std::future<int> failing =
      frames::RunBeside([]() -> int { throw std::runtime_error("no"); });
  EXPECT_THROW(failing.get(), std::runtime_error);
}

// The future waits for the work when destroyed: what the work writes is
// there once it is gone, without get().
TEST(BesideTest, DestroyedFutureWaitsForTheWork) {
  int written = 0;
  {
    std::future<void> f = frames::RunBeside([&written] { written = 42; });
  }
  EXPECT_EQ(written, 42);
}

// Moved-in state (a document freed beside the writing) is the work's.
TEST(BesideTest, MovedInStateIsReleasedByTheWork) {
  auto held = std::make_shared<int>(7);
  std::weak_ptr<int> watch = held;
  std::future<void> f =
      frames::RunBeside([h = std::move(held)]() mutable { h.reset(); });
  f.get();
  EXPECT_TRUE(watch.expired());
}

// The fallback when no thread can be started: run on the caller's thread
// at once, its result or exception in a ready future.
TEST(BesideTest, RunHereRunsAtOnceOnThisThread) {
  const std::thread::id caller = std::this_thread::get_id();
  std::thread::id where;
  auto fn = [&where] {
    where = std::this_thread::get_id();
    return 5;
  };
  std::future<int> done = frames::RunHere(fn);
  EXPECT_EQ(where, caller);  // already run
  ASSERT_EQ(done.wait_for(std::chrono::seconds(0)), std::future_status::ready);
  EXPECT_EQ(done.get(), 5);

  int calls = 0;
  auto void_fn = [&calls] { ++calls; };
  std::future<void> v = frames::RunHere(void_fn);
  EXPECT_EQ(calls, 1);
  v.get();

  auto throwing = []() -> int { throw std::logic_error("bad"); };
  std::future<int> failed = frames::RunHere(throwing);
  EXPECT_THROW(failed.get(), std::logic_error);
}

}  // namespace
