// Whether the tests are built with AddressSanitizer or ThreadSanitizer: their shadow memory
// and slowdown make memory ceilings and the largest counts matters for the Release build.
#pragma once

namespace leapfrog::testing {

// GCC says so by macros, Clang by __has_feature.
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define LEAPFROG_TEST_ASAN 1
#endif
#if __has_feature(thread_sanitizer)
#define LEAPFROG_TEST_TSAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define LEAPFROG_TEST_ASAN 1
#endif
#if defined(__SANITIZE_THREAD__)
#define LEAPFROG_TEST_TSAN 1
#endif

// ThreadSanitizer alone: it holds back a signal's handler while the thread is blocked reading
// standard input (the handler runs only once the read returns), so tests of what a signal
// does to a program waiting for typed input cannot run under it.
#ifdef LEAPFROG_TEST_TSAN
inline constexpr bool kThreadSanitized = true;
#else
inline constexpr bool kThreadSanitized = false;
#endif

#ifdef LEAPFROG_TEST_ASAN
inline constexpr bool kSanitized = true;
#else
inline constexpr bool kSanitized = kThreadSanitized;
#endif

}  // namespace leapfrog::testing
