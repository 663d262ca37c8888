// Whether the tests are built with AddressSanitizer or ThreadSanitizer: their shadow memory
// and slowdown make memory ceilings and the largest counts matters for the Release build.
#pragma once

namespace leapfrog::testing {

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
inline constexpr bool kSanitized = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
inline constexpr bool kSanitized = true;
#else
inline constexpr bool kSanitized = false;
#endif
#else
inline constexpr bool kSanitized = false;
#endif

// ThreadSanitizer alone: it holds back a signal's handler while the thread is blocked reading
// standard input (the handler runs only once the read returns), so tests of what a signal
// does to a program waiting for typed input cannot run under it.
#if defined(__SANITIZE_THREAD__)
inline constexpr bool kThreadSanitized = true;
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
inline constexpr bool kThreadSanitized = true;
#else
inline constexpr bool kThreadSanitized = false;
#endif
#else
inline constexpr bool kThreadSanitized = false;
#endif

}  // namespace leapfrog::testing
