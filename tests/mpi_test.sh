#!/bin/sh
# leapfrog-mpi against leapfrog: the same --json at 1 to 4 ranks (reach, solve --count), a
# time limit that stops every rank, a killed rank and the resumed checkpoint, and bad input
# reported once with exit 2.
#   mpi_test.sh LEAPFROG LEAPFROG_MPI MPIRUN
# Exits 77 (ctest: skipped) when leapfrog-mpi was not built (no MPI found).
leapfrog=$1 split=$2 mpirun=$3
if [ ! -x "$split" ] || [ -z "$mpirun" ]; then
  echo "skipped: leapfrog-mpi is not built (no MPI library was found; ./build.sh mpi installs one)"
  exit 77
fi
# Test machines and CI run as root; two cores need --oversubscribe for 3 and 4 ranks.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
# One thread a rank: the ranks share the machine's cores.
run() {  # ranks, leapfrog-mpi arguments...
  n=$1; shift
  "$mpirun" --oversubscribe -np "$n" "$split" "$@" --threads 1
}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail=0
same() {  # what, ranks, arguments...
  what=$1 n=$2; shift 2
  "$leapfrog" "$@" --threads 1 --json >"$tmp/alone.json" 2>&1
  run "$n" "$@" --json >"$tmp/split.json" 2>&1
  if cmp -s "$tmp/alone.json" "$tmp/split.json"; then
    echo "ok: $what at $n ranks"
  else
    echo "FAILED: $what at $n ranks differs from leapfrog:"
    diff "$tmp/alone.json" "$tmp/split.json" | head -20
    fail=1
  fi
}
for n in 1 2 3 4; do
  same "reach of a 5x5 board with one hole" "$n" reach traditional --size 5 --hole c3
done
# Stopped by the node limit before level 10 (the levels so far are exact).
for n in 2 4; do
  same "reach of a 6x6 board with one hole, 500000 nodes" "$n" reach traditional --size 6 --hole c3 --nodes 500000
done
same "reach of coloured pieces (enumerated whole on every rank)" 3 reach 2413/3142/1.24/4321 --variant murray
same "reach of English, 300000 nodes" 3 reach english --nodes 300000
# 2,500,000 falls inside level 14, which two ranks expand in one round and one process in
# two: the limit is decided before a level, so both stop in the same place.
same "reach of English, 2500000 nodes" 2 reach english --nodes 2500000
same "solve --count of the triangle, finishing on c1" 2 solve triangle --finish c1 --count
same "solve --count of a 5x5 board with one hole" 3 solve traditional --size 5 --hole c3 --count
# The text too, board drawing included: mpirun gives the ranks a terminal, but the file the
# output goes to gets no colour codes.
"$leapfrog" solve triangle --finish c1 --count --threads 1 >"$tmp/alone.txt" 2>&1
run 2 solve triangle --finish c1 --count >"$tmp/split.txt" 2>&1
if cmp -s "$tmp/alone.txt" "$tmp/split.txt"; then
  echo "ok: solve's text at 2 ranks"
else
  echo "FAILED: solve's text at 2 ranks differs from leapfrog:"
  diff "$tmp/alone.txt" "$tmp/split.txt" | cat -v | head -10
  fail=1
fi

# A time limit stops every rank together: incomplete, exit 0, the levels so far.
run 2 reach traditional --size 6 --hole c3 --time-limit 0.3 --json >"$tmp/stopped.json" 2>&1
code=$?
if [ $code -eq 0 ] && grep -q '"complete": false' "$tmp/stopped.json"; then
  echo "ok: --time-limit stops every rank"
else
  echo "FAILED: --time-limit (exit $code):"; head -20 "$tmp/stopped.json"; fail=1
fi

# --checkpoint: one rank killed (kill -9) after some levels ends the whole job, without a
# hang; a rerun with the same folder resumes from a level every rank saved and gives
# leapfrog's levels; a damaged file is refused, named, with exit 2.
ck="$tmp/ck"
"$leapfrog" reach english --threads 1 --json >"$tmp/alone.json" 2>&1
run 2 reach english --checkpoint "$ck" --json >"$tmp/killed.json" 2>"$tmp/killed.err" &
job=$!
i=0
while [ ! -f "$ck/rank-1-of-2.level-12" ] && [ $i -lt 1200 ]; do sleep 0.05; i=$((i + 1)); done
rank=$(ps -eo pid=,comm=,args= | awk -v ck="$ck" '$2 == "leapfrog-mpi" && index($0, ck) { print $1; exit }')
[ -n "$rank" ] && kill -9 "$rank"
# The job ends on its own once a rank is gone (mpirun stops the others); 60 s is a hang.
i=0
while kill -0 "$job" 2>/dev/null && [ $i -lt 1200 ]; do sleep 0.05; i=$((i + 1)); done
if kill -0 "$job" 2>/dev/null; then
  echo "FAILED: the job hung after a rank was killed"; kill -9 "$job"; fail=1
fi
wait "$job"
code=$?
if [ -n "$rank" ] && [ $code -ne 0 ] && ! grep -q '"complete": true' "$tmp/killed.json"; then
  echo "ok: killing rank pid $rank ended the job (exit $code)"
else
  echo "FAILED: killing a rank (pid '$rank', exit $code):"; cat "$tmp/killed.err" | head; fail=1
fi
run 2 reach english --checkpoint "$ck" --json >"$tmp/resumed.json" 2>"$tmp/resumed.err"
if cmp -s "$tmp/alone.json" "$tmp/resumed.json" && grep -q "^resuming from level" "$tmp/resumed.err"; then
  echo "ok: $(cat "$tmp/resumed.err"), leapfrog's levels"
else
  echo "FAILED: the resumed run:"; cat "$tmp/resumed.err"; diff "$tmp/alone.json" "$tmp/resumed.json" | head; fail=1
fi
damaged=$(ls "$ck"/rank-1-of-2.level-* | head -1)
printf 'x' | dd of="$damaged" bs=1 seek=100 conv=notrunc 2>/dev/null
run 2 reach english --checkpoint "$ck" --json >"$tmp/out" 2>"$tmp/err"
code=$?
if [ $code -eq 2 ] && grep -q "the file '$damaged' is damaged" "$tmp/err" &&
  [ "$(grep -c "leapfrog-mpi reach:" "$tmp/err")" -eq 1 ]; then
  echo "ok: a damaged file is refused: $(grep "leapfrog-mpi reach:" "$tmp/err")"
else
  echo "FAILED: a damaged file (exit $code):"; cat "$tmp/err"; fail=1
fi

# Bad input: one message (rank 0's), exit 2.
run 3 reach nowhere >"$tmp/out" 2>"$tmp/err"
code=$?
lines=$(grep -c "leapfrog-mpi reach:" "$tmp/err")
if [ $code -ne 0 ] && [ "$lines" -eq 1 ]; then
  echo "ok: bad input: one message, exit $code"
else
  echo "FAILED: bad input: exit $code, $lines messages:"; cat "$tmp/err"; fail=1
fi
refused() {  # exit code, what, text: exit 2 and one message in $tmp/err, holding the text
  lines=$(grep -c "leapfrog-mpi reach:" "$tmp/err")
  if [ "$1" -eq 2 ] && [ "$lines" -eq 1 ] && grep -q "$3" "$tmp/err"; then
    echo "ok: $2 refused: $(grep "leapfrog-mpi reach:" "$tmp/err")"
  else
    echo "FAILED: $2 at 2 ranks: exit $1, $lines messages:"; cat "$tmp/err"; fail=1
  fi
}
# A file at one path may differ from machine to machine: ranks that read different positions
# stop, once, exit 2, instead of counting different games (the path here names each rank's own
# file, as two machines' copies would differ).
printf '111/1.1\n' >"$tmp/pos0.txt"
printf '111/11.\n' >"$tmp/pos1.txt"
"$mpirun" --oversubscribe -np 2 sh -c 'exec "$0" reach "$1/pos$OMPI_COMM_WORLD_RANK.txt" --threads 1' \
  "$split" "$tmp" >"$tmp/out" 2>"$tmp/err"
refused $? "different positions" "rank 1 read another position than rank 0"
# Every rank must run the same job: ranks given another --nodes (mpirun's A : B form) would
# stop at different levels, one waiting for the other's exchange. They stop, once, exit 2,
# before any work. --threads may differ from machine to machine.
timeout 120 "$mpirun" --oversubscribe -np 1 "$split" reach english --threads 1 --nodes 300000 : \
  -np 1 "$split" reach english --threads 1 >"$tmp/out" 2>"$tmp/err"
refused $? "another --nodes" "rank 1 was given other options than rank 0"
timeout 120 "$mpirun" --oversubscribe -np 1 "$split" reach english --threads 1 : \
  -np 1 "$split" solve english --count --threads 1 >"$tmp/out" 2>"$tmp/err"
refused $? "another command" "rank 1 was given other options than rank 0"
"$leapfrog" reach traditional --size 5 --hole c3 --json >"$tmp/alone.json" 2>&1
timeout 120 "$mpirun" --oversubscribe -np 1 "$split" reach traditional --size 5 --hole c3 --json \
  --threads 1 : -np 1 "$split" reach traditional --size 5 --hole c3 --json --threads 2 \
  >"$tmp/split.json" 2>"$tmp/err"
if [ $? -eq 0 ] && cmp -s "$tmp/alone.json" "$tmp/split.json"; then
  echo "ok: ranks with different --threads count as one process"
else
  echo "FAILED: ranks with different --threads:"; head -5 "$tmp/err"; fail=1
fi
# Standard input reaches rank 0 alone: a position from it is refused, once, exit 2, instead of
# the other ranks reading nothing and rank 0 waiting for them.
echo "11.1/1111/1111/1111" | run 2 reach - >"$tmp/out" 2>"$tmp/err"
refused $? "standard input" "standard input to rank 0 alone"
# A command's --help names the program it runs under, and mpirun in its usage and example.
for c in reach solve; do
  run 1 $c --help >"$tmp/help" 2>/dev/null
  if head -1 "$tmp/help" | grep -q "^Usage: mpirun -np N leapfrog-mpi $c " &&
    grep -q "^  mpirun -np 2 leapfrog-mpi $c " "$tmp/help"; then
    echo "ok: $c --help names mpirun and leapfrog-mpi"
  else
    echo "FAILED: $c --help:"; run 1 $c --help 2>&1 | head -3; fail=1
  fi
done
ended() {  # exit code, what, text: the job ended (not 0, not timeout's 124), $tmp/err holding the text
  if [ "$1" -ne 0 ] && [ "$1" -ne 124 ] && grep -q "$3" "$tmp/err"; then
    echo "ok: $2 ends the job: exit $1"
  else
    echo "FAILED: $2 (exit $1):"; cat "$tmp/err"; fail=1
  fi
}
# Standard output refused to rank 0 (its own, a full disk: mpirun's would not reach the rank)
# before the count: the job ends, exit 2, rather than the other ranks waiting for rank 0.
timeout 120 "$mpirun" --oversubscribe -np 2 sh -c 'if [ "$OMPI_COMM_WORLD_RANK" = 0 ]; then exec "$0" reach english --threads 1 >/dev/full; else exec "$0" reach english --threads 1; fi' \
  "$split" 2>"$tmp/err"
ended $? "a full disk" "leapfrog-mpi reach: rank 0: cannot write standard output (No space left on device)\.$"
# Each rank reads --checkpoint's path on its own machine (here: in its own working folder):
# a folder that fails on one rank is named with that rank.
mkdir "$tmp/r0" "$tmp/r1" && : >"$tmp/r1/ck"
"$mpirun" --oversubscribe -np 2 sh -c 'cd "$1/r$OMPI_COMM_WORLD_RANK" && exec "$0" reach english --threads 1 --time-limit 30 --checkpoint ck' \
  "$split" "$tmp" >"$tmp/out" 2>"$tmp/err"
refused $? "a checkpoint folder that fails on rank 1" "rank 1: --checkpoint: cannot use the folder 'ck' (Not a directory)\.$"
# Input the system refuses to one rank (a file that cannot be read there) stops every rank
# alike, once, exit 2, without the pointer to --help that cannot mend it.
"$mpirun" --oversubscribe -np 2 sh -c 'if [ "$OMPI_COMM_WORLD_RANK" = 1 ]; then exec "$0" reach /proc/self/mem --threads 1; else exec "$0" reach triangle --threads 1; fi' \
  "$split" >"$tmp/out" 2>"$tmp/err"
refused $? "an input file that rank 1 cannot read" "rank 1: cannot read '/proc/self/mem'\.$"
# A level that one rank cannot write (its file's name taken by a folder there) ends the job.
mkdir -p "$tmp/r1/ck2/rank-1-of-2.level-0.part/taken" "$tmp/r0/ck2"
timeout 120 "$mpirun" --oversubscribe -np 2 sh -c 'cd "$1/r$OMPI_COMM_WORLD_RANK" && exec "$0" reach english --threads 1 --checkpoint ck2' \
  "$split" "$tmp" >"$tmp/out" 2>"$tmp/err"
ended $? "a level that rank 1 cannot write" "leapfrog-mpi reach: rank 1: --checkpoint: cannot write 'ck2/rank-1-of-2.level-0.part' (Is a directory)\.$"
# solve --svg: rank 0 alone writes the file (each rank's working folder stands for a machine
# of its own here; on a shared file system the ranks would write the same file at once).
"$mpirun" --oversubscribe -np 2 sh -c 'cd "$1/r$OMPI_COMM_WORLD_RANK" && exec "$0" solve triangle --size 4 --threads 1 --svg line.svg' \
  "$split" "$tmp" >"$tmp/out" 2>"$tmp/err"
if [ $? -eq 0 ] && grep -q "<svg" "$tmp/r0/line.svg" && [ ! -e "$tmp/r1/line.svg" ]; then
  echo "ok: solve --svg is written by rank 0 alone"
else
  echo "FAILED: solve --svg at 2 ranks:"; cat "$tmp/err"; ls "$tmp/r0" "$tmp/r1"; fail=1
fi
# --color auto draws no colour, NO_COLOR set but empty included (it counts as unset).
esc=$(printf '\033')
NO_COLOR= run 2 solve triangle --size 4 >"$tmp/out" 2>"$tmp/err"
if [ $? -eq 0 ] && [ -s "$tmp/out" ] && ! grep -q "$esc" "$tmp/out"; then
  echo "ok: no colour with an empty NO_COLOR"
else
  echo "FAILED: colour with an empty NO_COLOR:"; head -5 "$tmp/out" "$tmp/err"; fail=1
fi
# A word that is no command at all is named so (not "not split over ranks").
run 1 reahc english >"$tmp/out" 2>"$tmp/err"
if [ $? -eq 2 ] && grep -q "^leapfrog-mpi: unknown command 'reahc' (did you mean reach?)" "$tmp/err"; then
  echo "ok: an unknown command is named"
else
  echo "FAILED: an unknown command:"; cat "$tmp/err"; fail=1
fi
run 2 perft english 2 >"$tmp/out" 2>"$tmp/err"
if [ $? -ne 0 ] && grep -q "not split over ranks" "$tmp/err"; then
  echo "ok: a command that is not split is refused"
else
  echo "FAILED: perft:"; cat "$tmp/err"; fail=1
fi
exit $fail
