// Whether the test runs instrumented by AddressSanitizer (--config=asan and
// --config=fuzz, .bazelrc), for the few tests whose subject is time or
// memory that the sanitizer changes: they size their work or their bounds
// by it, and say so where they do.
#pragma once

#if defined(__SANITIZE_ADDRESS__)
#define TEST_SUPPORT_ADDRESS_SANITIZER 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TEST_SUPPORT_ADDRESS_SANITIZER 1
#endif
#endif

namespace test_support {

#ifdef TEST_SUPPORT_ADDRESS_SANITIZER
inline constexpr bool kAddressSanitizer = true;
#else
inline constexpr bool kAddressSanitizer = false;
#endif

}  // namespace test_support
