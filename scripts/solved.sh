#!/usr/bin/env bash
# Re-runs the solves listed in docs/solved.md and prints one line of JSON per board:
#   scripts/solved.sh [LEAPFROG] [SECONDS] [THREADS]
# LEAPFROG defaults to build/leapfrog; SECONDS (default 600) is each solve's time limit;
# THREADS (default 0, every core) is passed as --threads: the rows marked § in
# docs/solved.md were measured with 1.
# Tables are read from the default cache folder when it has them (see docs/egdb.md).
set -uo pipefail
exe=${1:-build/leapfrog}
limit=${2:-600}
threads=${3:-0}

run() {  # label, then analyse's arguments
  local label=$1
  shift
  local start end out
  start=$(date +%s.%N)
  out=$("$exe" analyse "$@" --json --time-limit "$limit" --threads "$threads" 2>/dev/null | tr -d '\n ')
  end=$(date +%s.%N)
  printf '{"board":"%s","args":"%s","seconds":%.2f,"result":%s}\n' "$label" "$*" \
    "$(echo "$end - $start" | bc)" "${out:-null}"
}

for rules in "" "--opening first" "--continuation forced" "--continuation piece-max"; do
  for m in 3 4 5 6; do
    for n in $(seq "$m" 6); do
      run "traditional ${m}x${n} ${rules}" traditional --width "$n" --height "$m" $rules
    done
  done
done
for seed in $(seq 1 10); do run "murray 6x6 seed $seed" murray --size 6 --seed "$seed"; done
run "murray 5x5 seed 1" murray --size 5
for side in 4 5 6 7 8 9; do run "triangle side $side" triangle --size "$side" --players 2; done
for side in 3 4 5; do run "hexagon side $side" hexagon --size "$side" --players 2; done
