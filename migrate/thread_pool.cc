#include "migrate/thread_pool.h"

#include <algorithm>
#include <atomic>
#include <thread>
#include <vector>

namespace converter {

void ParallelFor(int jobs, size_t count,
                 const std::function<void(size_t)>& work) {
  const size_t threads =
      std::min(count, static_cast<size_t>(std::max(jobs, 1)));
  if (threads <= 1) {
    for (size_t i = 0; i < count; ++i) work(i);
    return;
  }
  std::atomic<size_t> next{0};
  auto run = [&] {
    for (size_t i = next++; i < count; i = next++) work(i);
  };
  std::vector<std::thread> pool;
  pool.reserve(threads - 1);
  for (size_t t = 1; t < threads; ++t) pool.emplace_back(run);
  run();
  for (auto& t : pool) t.join();
}

}  // namespace converter
