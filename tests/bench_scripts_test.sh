#!/bin/sh
# The benchmark scripts users run (bench/solve_6x6.sh, bench/peer_amend.sh): bad options are
# refused at once with one line and exit 2, before any table is built or peer fetched, and
# solve_6x6.sh's quick check of itself (--size 4) proves its boards.
#   bench_scripts_test.sh LEAPFROG SOURCE_DIR
leapfrog=$1 src=$2
if [ ! -x /usr/bin/time ] || ! command -v python3 >/dev/null 2>&1 || ! command -v bash >/dev/null 2>&1; then
  echo "skipped: solve_6x6.sh needs bash, GNU time (/usr/bin/time) and python3"
  exit 77
fi
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail=0
refused() {  # script, expected message start, arguments...
  script=$1 expect=$2; shift 2
  bash "$src/bench/$script" --leapfrog "$leapfrog" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
  code=$?
  if [ "$code" -ne 2 ] || [ "$(wc -l <"$tmp/err")" -ne 1 ] || ! grep -qF "$expect" "$tmp/err" ||
    [ -s "$tmp/out" ] || [ -e "$tmp/egdb" ]; then
    echo "FAILED: $script $* gave exit $code, out '$(cat "$tmp/out")', err '$(cat "$tmp/err")'"
    fail=1
  else
    echo "ok: $script $*: $(cat "$tmp/err")"
  fi
}
refused solve_6x6.sh "solve_6x6: --hash must be a whole number" --egdb "$tmp/egdb" --size 4 --hash 0
refused solve_6x6.sh "solve_6x6: --size must be a whole number 4..8, not 'abc'" --egdb "$tmp/egdb" --size abc
refused solve_6x6.sh "solve_6x6: --threads needs a value" --threads --egdb "$tmp/egdb"
refused solve_6x6.sh "solve_6x6: --threads: 'x' is not" --egdb "$tmp/egdb" --threads x
refused solve_6x6.sh "solve_6x6: unknown option '--sise'" --egdb "$tmp/egdb" --sise 4
refused peer_amend.sh "peer_amend: --runs needs a value" --workdir "$tmp/egdb" --runs
refused peer_amend.sh "peer_amend: a run count must be 1 to 99, not '0'" --workdir "$tmp/egdb" --runs 0
refused peer_amend.sh "peer_amend: unknown board 'wiegleb'" --workdir "$tmp/egdb" --boards wiegleb
# The script's own quick check: both boards proved, at 1 and 2 threads.
if bash "$src/bench/solve_6x6.sh" --leapfrog "$leapfrog" --size 4 --egdb "$tmp/egdb4" >"$tmp/out" 2>&1 &&
  [ "$(grep -c 'value 0 proved true' "$tmp/out")" -eq 4 ]; then
  echo "ok: solve_6x6.sh --size 4"
else
  echo "FAILED: solve_6x6.sh --size 4:"
  cat "$tmp/out"
  fail=1
fi
exit $fail
