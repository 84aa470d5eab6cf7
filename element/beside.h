// Work a single large conversion starts beside itself, on one helper
// thread, and the sizes from which it does.
//
// Each helper only reads what the caller's thread reads (or frees what the
// caller no longer uses), is joined before its result is used, and what it
// reports is spliced in where a one-thread run puts it: output and
// diagnostics are byte-identical to a one-thread run, whether a thread
// could be started or not (docs/architecture.md, "Thread safety"). A thread
// costs tens of microseconds to start, so only inputs past these sizes get
// one; below them the work is done in line, as before.
#pragma once

#include <cstddef>
#include <exception>
#include <future>
#include <memory>
#include <system_error>
#include <type_traits>
#include <utility>

namespace frames {

// The SDFormat reader checks a document of this many bytes of text or more
// against the schema beside its reading of the same tree (sdf_io's
// SchemaCheck): a 1 MB document's check takes about 3 ms.
inline constexpr size_t kBesideCheckBytes = size_t{512} << 10;

// The URDF writer checks a model of this many links or more (CheckUrdfForm)
// beside its writing: in a 10,000-link chain the check is 22M instructions
// and 550,000 cache misses, a tenth of the writing's. sdf2urdf frees a
// source document of this many links or more beside the writing (in a
// 10,000-link chain 13.5M instructions and 383,000 cache misses).
inline constexpr size_t kBesideLinks = 1024;

// The URDF writer writes the second half of a <robot> of this many
// elements (links, joints, materials, kept ones) or more into a buffer of
// its own beside the first half: the writing is a quarter of an sdf2urdf
// of a large chain.
inline constexpr size_t kBesideSplitElements = 2048;

// Runs `fn` now, on this thread: a future that is ready, holding what `fn`
// returned or threw.
template <typename Fn>
std::future<std::invoke_result_t<Fn&>> RunHere(Fn& fn) {
  using R = std::invoke_result_t<Fn&>;
  std::promise<R> done;
  try {
    if constexpr (std::is_void_v<R>) {
      fn();
      done.set_value();
    } else {
      done.set_value(fn());
    }
  } catch (...) {
    done.set_exception(std::current_exception());
  }
  return done.get_future();
}

// Runs `fn` on a thread of its own; when none can be started, runs it here
// (RunHere). Either way the future holds what `fn` returned or threw, and
// waits for `fn` to end when destroyed (std::async's). `fn` must do its
// work, freeing included, in its call: what it holds is destroyed by
// whichever thread lets go of it last.
template <typename Fn>
std::future<std::invoke_result_t<std::decay_t<Fn>&>> RunBeside(Fn&& fn) {
  // Shared, so that it survives a thread that could not be started
  // (std::async would have consumed it).
  auto shared = std::make_shared<std::decay_t<Fn>>(std::forward<Fn>(fn));
  try {
    return std::async(std::launch::async, [shared] { return (*shared)(); });
  } catch (const std::system_error&) {
    return RunHere(*shared);
  }
}

}  // namespace frames
