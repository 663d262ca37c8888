#!/usr/bin/env bash
# Side-by-side benchmark of `leapfrog reach` against Bernd Amend's peg-solitaire solver in
# Rust (https://github.com/BerndAmend/peg-solitaire-rust), the program the enumeration's
# speed is compared with in docs/reach.md.
#
#   bench/peer_amend.sh [options] [PEER_SOURCE]
#
#   PEER_SOURCE   where to clone the peer from: its public repository (the default), or a
#                 local clone, bare repository or other URL holding the pinned commit
#   --boards "english french"   which boards to count (default: both)
#   --runs N      timed runs of each program on English (default 5); French runs once each
#                 unless --french-runs N says otherwise (one French run of the peer takes
#                 minutes and about 6 GB)
#   --french-runs N
#   --leapfrog PATH   the leapfrog program (default: build/leapfrog beside this script's
#                 folder; build it with ./build.sh run)
#   --workdir DIR     where the peer is cloned and built (default: a folder under /tmp,
#                 kept between runs so that the peer is built once)
#
# What it does: clones the peer, checks out the pinned commit (below), builds it with cargo
# (release profile, offline: that commit needs no crates), checks that both programs find
# the same number of positions after every number of jumps, then runs the two programs in
# turn (ours, the peer's, ours, ...) under /usr/bin/time and prints each one's wall-time
# median, peak memory (resident set) and the ratios, with the load average before and after.
#
# Both programs count the positions reachable from the board's full start with the centre
# empty, a position and its images under the board's eight symmetries counted once, level
# by level (the peer's "search fields with N removed pegs, found X fields" is our level N-1);
# English: 23,475,688 in all. Both use every core: ours by default, the peer is given
# `nproc` threads. Ours runs with its default --hash 1024, which French fits.
# The peer keeps every level in memory until the end; ours keeps two.
#
# The pinned commit is the peer's last that builds without LLVM and OpenCL: its newest
# (2020) adds an LLVM and an OpenCL back end next to a "naive" one that is about four times
# slower than this commit's code on English; this commit generates its symmetry code at
# build time and is the faster of the two that build.
#
# Needs git, cargo with rustc and GNU time. When one is missing and the script runs as root
# (or with sudo), it installs Debian's package and says so: cargo with rustc about 58 MB to
# download, 280 MB installed; git about 8 MB; time 0.1 MB. Fails with a message (exit 1)
# when the peer cannot be fetched or built or the programs disagree, never waits on a
# prompt: the clone gives up after 5 minutes, the build after 10, a run after an hour.
set -euo pipefail

readonly PEER_URL_DEFAULT=https://github.com/BerndAmend/peg-solitaire-rust.git
readonly PEER_COMMIT=0bab638813bc29deda42e794ae8a2da962927158

here=$(cd "$(dirname "$0")/.." && pwd)
boards="english french"
runs=5
french_runs=1
leapfrog="$here/build/leapfrog"
workdir=/tmp/leapfrog-peer-amend
source_url=$PEER_URL_DEFAULT

die() {
  echo "peer_amend: $*" >&2
  exit 1
}

# value OPTION ARGS...: the option's value, refused when missing or another option.
value() {
  [ $# -ge 2 ] && [[ "$2" != --* ]] || { echo "peer_amend: $1 needs a value (see --help)" >&2; exit 2; }
}
while [ $# -gt 0 ]; do
  case "$1" in
    --boards) value "$@"; boards=$2; shift 2 ;;
    --runs) value "$@"; runs=$2; shift 2 ;;
    --french-runs) value "$@"; french_runs=$2; shift 2 ;;
    --leapfrog) value "$@"; leapfrog=$2; shift 2 ;;
    --workdir) value "$@"; workdir=$2; shift 2 ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    -*) echo "peer_amend: unknown option '$1' (see --help)" >&2; exit 2 ;;
    *) source_url=$1; shift ;;
  esac
done
for n in "$runs" "$french_runs"; do
  [[ "$n" =~ ^[1-9][0-9]?$ ]] || { echo "peer_amend: a run count must be 1 to 99, not '$n'" >&2; exit 2; }
done
for b in $boards; do
  case "$b" in english | french) ;; *) echo "peer_amend: unknown board '$b' (english, french)" >&2; exit 2 ;; esac
done

# --- what it needs ---------------------------------------------------------------------
install_missing() {  # package...: Debian's, installed only when missing
  local sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null 2>&1 || die "need root to install Debian's $*; install them and run again"
    sudo="sudo -n"
  fi
  command -v apt-get >/dev/null 2>&1 || die "no apt-get to install $*; install them and run again"
  echo "peer_amend: installing Debian's $* (apt-get)" >&2
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq || die "apt-get update failed"
  $sudo apt-get install -y -qq --no-install-recommends "$@" >/dev/null || die "could not install $*"
}
need=()
command -v git >/dev/null 2>&1 || need+=(git)
[ -x /usr/bin/time ] || need+=(time)
if ! command -v cargo >/dev/null 2>&1; then
  echo "peer_amend: no cargo: Debian's cargo and rustc are about 58 MB to download, 280 MB installed" >&2
  need+=(cargo)
fi
[ ${#need[@]} -eq 0 ] || install_missing "${need[@]}"
[ -x "$leapfrog" ] || die "no leapfrog program at '$leapfrog': build it first (./build.sh run) or name it with --leapfrog"

# --- the peer ----------------------------------------------------------------------------
peer_dir="$workdir/peg-solitaire-rust"
peer_bin="$peer_dir/target/release/peg_solitaire"
mkdir -p "$workdir"
if [ ! -d "$peer_dir/.git" ] || ! git -C "$peer_dir" cat-file -e "$PEER_COMMIT^{commit}" 2>/dev/null; then
  rm -rf "$peer_dir"
  echo "peer_amend: cloning the peer from $source_url" >&2
  GIT_TERMINAL_PROMPT=0 GIT_ASKPASS=/bin/false timeout 300 \
    git clone --quiet --no-checkout "$source_url" "$peer_dir" </dev/null ||
    die "could not clone the peer from '$source_url' (no network, or a wrong address?); give a local clone as PEER_SOURCE"
  git -C "$peer_dir" cat-file -e "$PEER_COMMIT^{commit}" 2>/dev/null ||
    die "'$source_url' does not hold the pinned commit $PEER_COMMIT"
fi
git -C "$peer_dir" -c advice.detachedHead=false checkout --quiet --force "$PEER_COMMIT" ||
  die "could not check out $PEER_COMMIT"
if [ ! -x "$peer_bin" ] || [ "$(cat "$workdir/built" 2>/dev/null)" != "$PEER_COMMIT" ]; then
  echo "peer_amend: building the peer ($(cargo --version))" >&2
  if ! (cd "$peer_dir" && timeout 600 cargo build --release --offline </dev/null >"$workdir/build.log" 2>&1); then
    tail -n 30 "$workdir/build.log" >&2
    die "could not build the peer in '$peer_dir' (cargo build --release failed or took over 10 minutes; all of its output: $workdir/build.log)"
  fi
  echo "$PEER_COMMIT" >"$workdir/built"
fi

# --- the runs ----------------------------------------------------------------------------
threads=$(nproc 2>/dev/null || echo 2)
peer_board() { [ "$1" = french ] && echo euro || echo "$1"; }
run_timed() {  # out-file command...: runs it, stdout to out-file; sets wall (s) and peak (KB)
  local out=$1; shift
  local stats="$workdir/time.txt"
  if ! timeout 3600 /usr/bin/time -f '%e %M' -o "$stats" "$@" >"$out" 2>"$workdir/stderr.txt"; then
    cat "$workdir/stderr.txt" >&2
    die "'$*' failed or took over an hour"
  fi
  read -r wall peak < <(tail -n 1 "$stats")
}
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

echo "peer: $source_url at $PEER_COMMIT, $threads threads"
echo "ours: $leapfrog ($(git -C "$here" rev-parse --short HEAD 2>/dev/null || echo 'not a git checkout'))"
echo "machine: $(nproc) cores, $(awk '/MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo)"
for board in $boards; do
  n=$runs
  [ "$board" = french ] && n=$french_runs
  echo "== $board: $n runs each, in turn; load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
  ours_wall=() ours_kb=() peer_wall=() peer_kb=()
  for ((i = 1; i <= n; ++i)); do
    run_timed "$workdir/ours.json" "$leapfrog" reach "$board" --json
    ours_wall+=("$wall") ours_kb+=("$peak")
    run_timed "$workdir/peer.txt" "$peer_bin" "$(peer_board "$board")" "$threads"
    peer_wall+=("$wall") peer_kb+=("$peak")
    if [ "$i" = 1 ]; then
      # The same levels: ours from --json, the peer's from its "found X fields" lines (the
      # start, then each level after it, up to the empty one).
      tr -d ' \n' <"$workdir/ours.json" | grep -q '"complete":true' ||
        die "$board: leapfrog stopped before the end: $(tr -d ' \n' <"$workdir/ours.json")"
      ours_levels=$(tr -d ' \n' <"$workdir/ours.json" | sed -n 's/.*"levels":\[\([0-9,]*\)\].*/\1/p')
      peer_levels=$(printf '1'; sed -n 's/.*found \([0-9]*\) fields.*/,\1/p' "$workdir/peer.txt" | grep -v '^,0$' | tr -d '\n')
      [ -n "$ours_levels" ] && [ "$ours_levels" = "$peer_levels" ] ||
        die "$board: the programs disagree: ours [$ours_levels], the peer's [$peer_levels]"
      total=$(tr -d ' \n' <"$workdir/ours.json" | sed -n 's/.*"total":\([0-9]*\).*/\1/p')
      echo "   both count $total positions, the same at every level"
    fi
    echo "   run $i: ours ${ours_wall[-1]} s ${ours_kb[-1]} KiB, peer ${peer_wall[-1]} s ${peer_kb[-1]} KiB"
  done
  ow=$(printf '%s\n' "${ours_wall[@]}" | median) pw=$(printf '%s\n' "${peer_wall[@]}" | median)
  ok=$(printf '%s\n' "${ours_kb[@]}" | median) pk=$(printf '%s\n' "${peer_kb[@]}" | median)
  awk -v b="$board" -v ow="$ow" -v pw="$pw" -v ok="$ok" -v pk="$pk" 'BEGIN {
    printf "   %-8s wall median  ours %8.2f s   peer %8.2f s   peer/ours %5.2fx\n", b, ow, pw, pw / ow
    printf "   %-8s peak memory  ours %8.0f MiB peer %8.0f MiB  ours/peer %5.2f\n", b, ok / 1024, pk / 1024, ok / pk
  }'
  echo "   load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
done
