// A small fixed pool for batch work: `jobs` std::threads take indices
// 0..count-1 in order from a shared counter until none are left.
#pragma once

#include <cstddef>
#include <functional>

namespace converter {

// Calls work(i) once for every i in [0, count) on min(jobs, count) threads
// (the calling thread is one of them) and returns when all calls have
// returned. work must not throw. jobs <= 1 runs everything on the caller's
// thread, in order.
void ParallelFor(int jobs, size_t count,
                 const std::function<void(size_t)>& work);

}  // namespace converter
