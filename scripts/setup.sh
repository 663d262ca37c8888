#!/usr/bin/env bash
# Installs the Debian packages the build and the tests need, and only those that are
# missing, so that running it twice is harmless. Needs root (or sudo) only when something
# is missing.
#   scripts/setup.sh          what building and testing need
#   scripts/setup.sh format   only clang-format (./build.sh format: no compiler needed)
#   scripts/setup.sh fuzz     what the libFuzzer harnesses need (./build.sh fuzz): clang and
#                             its runtime libraries instead of g++, no test or benchmark tools
#   scripts/setup.sh mpi      Open MPI for leapfrog-mpi (./build.sh mpi; about 53 MB)
set -euo pipefail

case "${1:-build}" in
  build)
    packages=(
      cmake g++ make pkg-config
      libboost-program-options-dev  # command line
      libtbb-dev                    # parallel search
      catch2                        # tests (v2)
      nlohmann-json3-dev            # --json output
      libbenchmark-dev              # bench/ micro-benchmarks
      libxml2-utils librsvg2-bin    # tests: xmllint and rsvg-convert check the SVG we write
    ) ;;
  format)
    packages=(git clang-format) ;;  # Debian 12's clang-format is version 14
  fuzz)
    packages=(
      cmake make pkg-config
      clang                         # Debian 12's clang is version 14
      libclang-rt-14-dev            # libFuzzer and the sanitizers' runtimes
      llvm-14                       # llvm-symbolizer: crash reports name files and lines
      libboost-program-options-dev libtbb-dev nlohmann-json3-dev
    ) ;;
  mpi)
    packages=(libopenmpi-dev openmpi-bin) ;;  # leapfrog-mpi: the MPI library and mpirun
  *)
    echo "usage: scripts/setup.sh [build|format|fuzz|mpi]" >&2; exit 2 ;;
esac

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all packages present" >&2
  exit 0
fi

echo "setup: installing ${missing[*]}" >&2
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then sudo="sudo"; else
    echo "setup: need root to install: ${missing[*]}" >&2; exit 2
  fi
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "setup: done" >&2
