// Whether the test runs instrumented by AddressSanitizer (--config=asan and
// --config=fuzz, .bazelrc) or ThreadSanitizer (--config=tsan), for the few
// tests whose subject is time or memory that the sanitizer changes: they
// size their work or their bounds by it, and say so where they do.
#pragma once

#if defined(__SANITIZE_ADDRESS__)
#define TEST_SUPPORT_ADDRESS_SANITIZER 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TEST_SUPPORT_ADDRESS_SANITIZER 1
#endif
#endif

#if defined(__SANITIZE_THREAD__)
#define TEST_SUPPORT_THREAD_SANITIZER 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define TEST_SUPPORT_THREAD_SANITIZER 1
#endif
#endif

namespace test_support {

#ifdef TEST_SUPPORT_ADDRESS_SANITIZER
inline constexpr bool kAddressSanitizer = true;
#else
inline constexpr bool kAddressSanitizer = false;
#endif

#ifdef TEST_SUPPORT_THREAD_SANITIZER
inline constexpr bool kThreadSanitizer = true;
#else
inline constexpr bool kThreadSanitizer = false;
#endif

// Either: code that runs several times slower than built plain.
inline constexpr bool kSlowSanitizer = kAddressSanitizer || kThreadSanitizer;

}  // namespace test_support
