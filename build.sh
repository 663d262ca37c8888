#!/usr/bin/env bash
# One entry point for setting up, building and testing (the README's Quick start).
#   ./build.sh run    install what is missing, build the program only (Release), solve a
#                     built-in Murray position
#   ./build.sh test   install what is missing, build (Release), run the test suite (the browser
#                     tests install Chromium, about 290 MB, unless LEAPFROG_NO_BROWSER=1, and
#                     the web board's test playwright-core with npm ci)
#   ./build.sh slow   as test, plus the slow suites (ctest label "slow")
#   ./build.sh asan   the tests built with AddressSanitizer + UndefinedBehaviorSanitizer (all
#                     but the labels "slow" and "heavy": the larger inputs of lighter tests)
#   ./build.sh tsan   the same tests but "no-tsan" built with ThreadSanitizer, linked to a oneTBB
#                     built with it
#                     (Debian's own source of libtbb-dev's version, fetched once with
#                     apt-get source, unless LEAPFROG_ONETBB_SOURCE names a checkout);
#                     a race report fails the test
#   ./build.sh build  install and build only
#   ./build.sh mpi    as build, plus Open MPI (about 53 MB) and leapfrog-mpi, then the tests
#                     that run it (ctest label "mpi"); LEAPFROG_MPI=ON in the environment
#                     installs Open MPI for the other targets too
#   ./build.sh format check that every tracked *.cpp/*.h is as clang-format formats it
#                     (changes nothing; fix with: git ls-files -z '*.cpp' '*.h' | xargs -0 clang-format -i)
#   ./build.sh fuzz [SECONDS]
#                     build the libFuzzer harnesses of fuzz/ with clang (ASan + UBSan) into
#                     build-fuzz and run each on a scratch copy of its seeds for an equal share
#                     of SECONDS (default 600 in all; LEAPFROG_FUZZ_SECONDS=N: N per harness);
#                     a crash, leak, timeout or running out of memory fails, naming the input
# Warnings are always on; they are errors only when LEAPFROG_WERROR=ON is in the environment
# (CI sets it), so that a newer compiler's new warnings do not break a user's build.
set -euo pipefail
cd "$(dirname "$0")"
what=${1:-build}
jobs=$(nproc 2>/dev/null || echo 2)
werror=${LEAPFROG_WERROR:-OFF}

case "$what" in
  format|fuzz) scripts/setup.sh "$what" ;;
  *) scripts/setup.sh ;;
esac
if [ "$what" = mpi ] || [ "${LEAPFROG_MPI:-}" = ON ]; then scripts/setup.sh mpi; fi

configure_and_build() {  # dir [--target T], extra cmake args...
  local dir=$1; shift
  local target=()
  if [ "${1:-}" = --target ]; then target=(--target "$2"); shift 2; fi
  # LEAPFROG_WERROR is passed every time, so that a build directory configured once in CI
  # mode does not keep -Werror afterwards.
  cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=Release -DLEAPFROG_WERROR="$werror" "$@" >/dev/null
  cmake --build "$dir" -j "$jobs" "${target[@]}"
}

# The sheet screenshot test installs Chromium when it is missing: say so before the tests.
browser_notice() {
  if [ "${LEAPFROG_NO_BROWSER:-}" = 1 ]; then
    echo "build.sh: LEAPFROG_NO_BROWSER=1: the browser tests will be skipped" >&2
  elif ! command -v chromium >/dev/null 2>&1 && ! command -v chromium-browser >/dev/null 2>&1; then
    echo "build.sh: the browser tests (the sheet screenshot, the web board) will install" \
      "Debian's chromium package (about 290 MB, as root); LEAPFROG_NO_BROWSER=1 skips them" \
      "instead" >&2
  fi
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
  mpi)
    configure_and_build build --target leapfrog-mpi
    configure_and_build build --target leapfrog
    (cd build && ctest --output-on-failure -L mpi) ;;
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
      ctest --output-on-failure -j "$jobs" -LE "slow|heavy") ;;
  tsan)
    # Debian's libtbb is not instrumented, so TSan cannot see the synchronisation by which
    # its scheduler hands a task, and the data the task reads, to another thread, nor the
    # join at the end of a parallel_for: every parallel loop then reports thousands of
    # false races, in our code as much as in TBB's headers, that no precise suppression
    # separates from real ones. So this build links a oneTBB of Debian's version built with
    # -fsanitize=thread (15 s), from LEAPFROG_ONETBB_SOURCE (a checkout) or else from
    # Debian's source package of the libtbb-dev we build against (2 MB), fetched into the
    # build directory with a private apt source list: the system's apt setup is not touched.
    onetbb=$PWD/build-tsan/onetbb
    if [ ! -f "$onetbb/install/lib/cmake/TBB/TBBConfig.cmake" ]; then
      rm -rf "$onetbb" && mkdir -p "$onetbb"
      if [ -n "${LEAPFROG_ONETBB_SOURCE:-}" ]; then
        cp -r "$LEAPFROG_ONETBB_SOURCE/." "$onetbb/src"
      else
        scripts/debian-source.sh onetbb "$(dpkg-query -W -f='${source:Version}' libtbb-dev)" \
          "$onetbb/apt" "$onetbb/src"
      fi
      # TBB_STRICT=OFF: GCC warns that TSan ignores the fences of TBB's work stealing.
      cmake -S "$onetbb/src" -B "$onetbb/build" -DCMAKE_BUILD_TYPE=Release -DTBB_SANITIZE=thread \
        -DTBB_TEST=OFF -DTBB_STRICT=OFF -DTBBMALLOC_BUILD=OFF -DTBB_ENABLE_IPO=OFF \
        -DTBB_DISABLE_HWLOC_AUTOMATIC_SEARCH=ON -DCMAKE_INSTALL_PREFIX="$onetbb/install" >/dev/null
      cmake --build "$onetbb/build" -j "$jobs" >"$onetbb/build.log" 2>&1 || { cat "$onetbb/build.log"; exit 1; }
      cmake --install "$onetbb/build" >/dev/null
    fi
    configure_and_build build-tsan -DLEAPFROG_TSAN=ON -DLEAPFROG_BENCH=OFF \
      -DTBB_DIR="$onetbb/install/lib/cmake/TBB"
    # halt_on_error: the first report ends the process with exit code 66, failing the test
    # (a CLI test's child process too: the options reach it through the environment).
    # The command-line tests labelled no-tsan start searches the other floors' tests check here.
    (supp=$PWD/tests/tsan.supp && cd build-tsan &&
      TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1 suppressions=$supp" \
      ctest --output-on-failure -j "$jobs" -LE "slow|heavy|no-tsan") ;;
  fuzz)
    # One harness per fuzz/*.cpp, its seeds in fuzz/corpus/<name>/ (fuzz/CMakeLists.txt).
    harnesses=()
    for source in fuzz/*.cpp; do harnesses+=("$(basename "$source" .cpp)"); done
    total=${2:-600}
    if ! [[ "$total" =~ ^[0-9]+$ ]] || [ "$total" -lt "${#harnesses[@]}" ]; then
      echo "build.sh fuzz: SECONDS must be a whole number of at least ${#harnesses[@]}" \
        "(a second for each harness), not '$total'" >&2
      exit 2
    fi
    seconds=${LEAPFROG_FUZZ_SECONDS:-$((total / ${#harnesses[@]}))}
    if ! [[ "$seconds" =~ ^[1-9][0-9]*$ ]]; then
      echo "build.sh fuzz: LEAPFROG_FUZZ_SECONDS must be a whole number >= 1, not '$seconds'" >&2
      exit 2
    fi
    # CC and CXX count when build-fuzz is first configured; CMakeLists.txt refuses a compiler
    # other than clang for LEAPFROG_FUZZ.
    CC=clang CXX=clang++ configure_and_build build-fuzz --target fuzz_harnesses -DLEAPFROG_FUZZ=ON \
      -DLEAPFROG_TESTS=OFF -DLEAPFROG_BENCH=OFF
    symbolizer=/usr/lib/llvm-14/bin/llvm-symbolizer
    if [ -x "$symbolizer" ]; then export ASAN_SYMBOLIZER_PATH=$symbolizer; fi
    export UBSAN_OPTIONS=print_stacktrace=1
    # The corpus grows in a scratch copy: what libFuzzer finds, and the input of a failure,
    # stay in build-fuzz/run, never in the repository.
    run=build-fuzz/run
    rm -rf "$run"
    failed=()
    echo "build.sh fuzz: ${#harnesses[@]} harnesses, ${seconds} s each"
    for name in "${harnesses[@]}"; do
      mkdir -p "$run/$name/corpus" "$run/$name/found"
      cp fuzz/corpus/"$name"/* "$run/$name/corpus/"
      log=$run/$name/log
      # -timeout: seconds for one input; -close_fd_mask=1: the code's standard output is not
      # the report's. Exit status non-zero: a crash, leak, timeout or -rss_limit_mb exceeded.
      if build-fuzz/fuzz/fuzz_"$name" "$run/$name/corpus" -max_total_time="$seconds" -timeout=10 \
        -rss_limit_mb=2048 -close_fd_mask=1 -artifact_prefix="$PWD/$run/$name/found/" \
        >"$log" 2>&1 && grep -q '^Done [0-9]* runs' "$log"; then
        echo "fuzz_$name: $(grep '^Done [0-9]* runs' "$log" | tail -n 1)"
      else
        failed+=("$name")
        tail -n 60 "$log"
        echo "fuzz_$name: FAILED; log $log; the input: $(ls -d "$PWD/$run/$name/found/"* 2>/dev/null)" >&2
      fi
    done
    if [ ${#failed[@]} -ne 0 ]; then
      echo "build.sh fuzz: failed: ${failed[*]} (reproduce: build-fuzz/fuzz/fuzz_NAME INPUT)" >&2
      exit 1
    fi
    rm -rf "$run" ;;
  *)
    echo "usage: ./build.sh run|test|slow|asan|tsan|build|mpi|format|fuzz [SECONDS]" >&2; exit 2 ;;
esac
