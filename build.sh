#!/usr/bin/env bash
# One entry point for setting up, building and testing (the README's Quick start).
#   ./build.sh run    install what is missing, build the program only (Release), solve a
#                     built-in Murray position
#   ./build.sh test   install what is missing, build (Release), run the test suite (the sheet
#                     screenshot test installs Chromium, about 290 MB, unless LEAPFROG_NO_BROWSER=1)
#   ./build.sh slow   as test, plus the slow suites (ctest label "slow")
#   ./build.sh asan   the tests built with AddressSanitizer + UndefinedBehaviorSanitizer
#   ./build.sh build  install and build only
set -euo pipefail
cd "$(dirname "$0")"
what=${1:-build}
jobs=$(nproc 2>/dev/null || echo 2)

scripts/setup.sh

configure_and_build() {  # dir [--target T], extra cmake args...
  local dir=$1; shift
  local target=()
  if [ "${1:-}" = --target ]; then target=(--target "$2"); shift 2; fi
  cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=Release "$@" >/dev/null
  cmake --build "$dir" -j "$jobs" "${target[@]}"
}

# The sheet screenshot test installs Chromium when it is missing: say so before the tests.
browser_notice() {
  if [ "${LEAPFROG_NO_BROWSER:-}" = 1 ]; then
    echo "build.sh: LEAPFROG_NO_BROWSER=1: the sheet screenshot test will be skipped" >&2
  elif ! command -v chromium >/dev/null 2>&1 && ! command -v chromium-browser >/dev/null 2>&1; then
    echo "build.sh: the sheet screenshot test will install Debian's chromium package (about" \
      "290 MB, as root); LEAPFROG_NO_BROWSER=1 skips that test instead" >&2
  fi
}

case "$what" in
  build)
    configure_and_build build ;;
  run)
    # Only the program: the tests and benchmarks are most of a first build's time.
    configure_and_build build --target leapfrog
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
    browser_notice
    (cd build && ctest --output-on-failure -j "$jobs" -LE slow) ;;
  slow)
    configure_and_build build
    browser_notice
    (cd build && ctest --output-on-failure -j "$jobs") ;;
  asan)
    configure_and_build build-asan -DLEAPFROG_SANITIZE=ON -DLEAPFROG_BENCH=OFF
    browser_notice
    (cd build-asan && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
      ctest --output-on-failure -j "$jobs" -LE slow) ;;
  *)
    echo "usage: ./build.sh run|test|slow|asan|build" >&2; exit 2 ;;
esac
