#!/usr/bin/env bash
# One entry point for setting up, building and testing (the README's Quick start).
#   ./build.sh run    install what is missing, build (Release), solve a built-in Murray position
#   ./build.sh test   install what is missing, build (Release), run the test suite
#   ./build.sh slow   as test, plus the slow suites (ctest label "slow")
#   ./build.sh asan   the tests built with AddressSanitizer + UndefinedBehaviorSanitizer
#   ./build.sh build  install and build only
#   ./build.sh format check that every tracked *.cpp/*.h is as clang-format formats it
#                     (changes nothing; fix with: git ls-files -z '*.cpp' '*.h' | xargs -0 clang-format -i)
# Warnings are always on; they are errors only when LEAPFROG_WERROR=ON is in the environment
# (CI sets it), so that a newer compiler's new warnings do not break a user's build.
set -euo pipefail
cd "$(dirname "$0")"
what=${1:-build}
jobs=$(nproc 2>/dev/null || echo 2)
werror=${LEAPFROG_WERROR:-OFF}

if [ "$what" = format ]; then scripts/setup.sh format; else scripts/setup.sh; fi

configure_and_build() {  # dir, extra cmake args...
  local dir=$1; shift
  # Passed every time, so that a build directory configured once in CI mode does not keep
  # -Werror afterwards.
  cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=Release -DLEAPFROG_WERROR="$werror" "$@" >/dev/null
  cmake --build "$dir" -j "$jobs"
}

case "$what" in
  format)
    # The tracked files only: a build directory's or an editor's files are not ours. Exits
    # non-zero, listing each difference, when a file is not formatted.
    clang-format --version
    if ! git ls-files -z '*.cpp' '*.h' | xargs -0 -r clang-format --dry-run --Werror; then
      echo "build.sh format: files above are not clang-formatted; fix with:" >&2
      echo "  git ls-files -z '*.cpp' '*.h' | xargs -0 clang-format -i" >&2
      exit 1
    fi
    echo "build.sh format: $(git ls-files '*.cpp' '*.h' | wc -l) files formatted" ;;
  build)
    configure_and_build build ;;
  run)
    configure_and_build build
    # A 5x5 Murray position (green 4, red 3, yellow 2, white 1) for one player.
    example='3441./33311/.1.41/.4.../.41.1 variant=murray players=1'
    echo "== leapfrog show '$example'"
    build/leapfrog show "$example"
    echo "== leapfrog best '$example'   (the largest capture this turn)"
    build/leapfrog best "$example"
    echo "== leapfrog solve '$example'   (the most a lone player can capture)"
    build/leapfrog solve "$example" ;;
  test)
    configure_and_build build
    (cd build && ctest --output-on-failure -j "$jobs" -LE slow) ;;
  slow)
    configure_and_build build
    (cd build && ctest --output-on-failure -j "$jobs") ;;
  asan)
    configure_and_build build-asan -DLEAPFROG_SANITIZE=ON -DLEAPFROG_BENCH=OFF
    (cd build-asan && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
      ctest --output-on-failure -j "$jobs" -LE slow) ;;
  *)
    echo "usage: ./build.sh run|test|slow|asan|build|format" >&2; exit 2 ;;
esac
