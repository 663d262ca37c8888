#!/usr/bin/env bash
# The exact solve of two-player Leap-Frog from the start of the 5x5 and 6x6 boards
# (docs/solved.md), timed whole-process: the proof's nodes, wall time and peak memory at each
# thread count asked, and the build of the 6x6 endgame tables it reads.
#
#   bench/solve_6x6.sh [options]
#
#   --egdb DIR        the 6x6 tables' folder (default: a folder under /tmp, kept between runs
#                     so that the tables are built once); built there first when it does not
#                     hold them: levels 0 to 12, about 670 MB on disk and 1.2 GB of memory
#                     while building, a few minutes on two cores
#   --threads "1 2"   the thread counts to prove the start with (default: 1 and 2)
#   --hash MB         the proof's table memory (default: 8000)
#   --size N          prove N-1 x N-1 and N x N instead, with tables of the larger board (a
#                     quick check of the script itself: --size 4)
#   --leapfrog PATH   the leapfrog program (default: build/leapfrog beside this script's
#                     folder; build it with ./build.sh run)
#
# Needs GNU time (/usr/bin/time) and python3. Fails (exit 1) when a run does not prove the value or two
# runs disagree on it; every 6x6 run takes minutes (docs/solved.md has the figures).
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
leapfrog=$here/build/leapfrog
egdb=
threads="1 2"
hash=8000
size=6

usage() { sed -n '2,21p' "$0" | sed 's/^# \{0,1\}//'; }
bad() { echo "solve_6x6: $*" >&2; exit 2; }
# value OPTION ARGS...: the option's value, refused when missing or another option.
value() { [ $# -ge 2 ] && [[ "$2" != --* ]] || bad "$1 needs a value (--help lists them)"; }
while [ $# -gt 0 ]; do
  case "$1" in
    --egdb) value "$@"; egdb=$2; shift 2 ;;
    --threads) value "$@"; threads=$2; shift 2 ;;
    --hash) value "$@"; hash=$2; shift 2 ;;
    --size) value "$@"; size=$2; shift 2 ;;
    --leapfrog) value "$@"; leapfrog=$2; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) bad "unknown option '$1' (--help lists them)" ;;
  esac
done
# Checked before the tables are built, which takes minutes.
[[ "$size" =~ ^[0-9]+$ ]] && [ "$size" -ge 4 ] && [ "$size" -le 8 ] ||
  bad "--size must be a whole number 4..8, not '$size'"
[[ "$hash" =~ ^[1-9][0-9]*$ ]] || bad "--hash must be a whole number of MB, 1 or more, not '$hash'"
[ -n "${threads// /}" ] || bad "--threads must list thread counts, such as \"1 2\""
for t in $threads; do
  [[ "$t" =~ ^[0-9]+$ ]] && [ "$t" -le 1024 ] || bad "--threads: '$t' is not a thread count 0..1024"
done
[ -x "$leapfrog" ] || { echo "solve_6x6: no program at '$leapfrog' (./build.sh run builds it)" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "solve_6x6: needs GNU time (Debian package 'time')" >&2; exit 1; }

[ -n "$egdb" ] || egdb=/tmp/leapfrog-bench-egdb-${size}x${size}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# run NAME ARGS...: one timed run; prints "value proved nodes wall peak_kib".
run() {
  local name=$1; shift
  /usr/bin/time -f '%e %M' -o "$scratch/time" "$leapfrog" "$@" --json > "$scratch/out" \
    2> "$scratch/err" || { echo "solve_6x6: '$name' failed:" >&2; cat "$scratch/err" >&2; exit 1; }
  python3 - "$scratch/out" "$scratch/time" <<'EOF'
import json, sys
out = json.load(open(sys.argv[1]))
wall, peak = open(sys.argv[2]).read().split()[-2:]
print(out.get("value"), str(out.get("proved")).lower(), out.get("nodes"), wall, peak)
EOF
}

echo "leapfrog: $leapfrog ($(git -C "$here" rev-parse --short HEAD 2>/dev/null || echo '?'))"
echo "machine: $(nproc) cores, $(free -g | awk '/^Mem:/ {print $2}') GiB; load average $(cut -d' ' -f1-3 /proc/loadavg)"

if ! "$leapfrog" egdb info traditional --size "$size" --egdb "$egdb" --json 2>/dev/null |
    python3 -c 'import json,sys; sys.exit(0 if json.load(sys.stdin).get("top", -1) >= 12 else 1)' 2>/dev/null; then
  echo "== building the ${size}x${size} tables to 12 pieces in $egdb"
  mkdir -p "$egdb"
  /usr/bin/time -f '%e %M' -o "$scratch/time" "$leapfrog" egdb build traditional --size "$size" \
    --pieces 12 --egdb "$egdb" --hash 4000 > /dev/null 2> "$scratch/err" ||
    { echo "solve_6x6: the table build failed:" >&2; cat "$scratch/err" >&2; exit 1; }
  read -r wall peak < "$scratch/time"
  echo "   tables built: ${wall} s, peak $((peak / 1024)) MiB, $(du -sm "$egdb" | cut -f1) MB on disk"
fi

status=0
for board in $((size - 1)) "$size"; do
  echo "== analyse traditional --size $board"
  first=
  for t in $threads; do
    args=(analyse traditional --size "$board" --threads "$t" --hash "$hash")
    [ "$board" = "$size" ] && args+=(--egdb "$egdb")
    line=$(run "${args[*]}" "${args[@]}")  # a failed run stops the script here
    read -r value proved nodes wall peak <<< "$line"
    echo "   threads $t: value $value proved $proved nodes $nodes wall ${wall} s peak $((peak / 1024)) MiB"
    if [ "$proved" != true ]; then echo "solve_6x6: not proved" >&2; status=1; fi
    if [ -n "$first" ] && [ "$value" != "$first" ]; then
      echo "solve_6x6: the values differ ($first, $value)" >&2; status=1
    fi
    first=$value
  done
done
exit "$status"
