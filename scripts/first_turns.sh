#!/usr/bin/env bash
# The value of every first turn of a start (docs/solved.md): the turn's capture minus the
# proved value of the position it leaves.
#   scripts/first_turns.sh LEAPFROG ANALYSE-ARGS...   e.g. build/leapfrog traditional --size 5
set -euo pipefail
exe=$1
shift
start=$("$exe" show "$@" --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["position"])')
moves=$("$exe" moves "$start" --json | python3 -c 'import json,sys; print(" ".join(json.load(sys.stdin)["moves"]))')
for m in $moves; do
  after=$("$exe" show "$start" --then "$m" --json)
  position=$(echo "$after" | python3 -c 'import json,sys; print(json.load(sys.stdin)["position"])')
  gain=$(echo "$after" | python3 -c 'import json,sys; d=json.load(sys.stdin); print(sum(d["scores"]))')
  value=$("$exe" analyse "$position" --json | python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["value"] if d["proved"] else "unproved")')
  if [ "$value" = unproved ]; then echo "$m unproved"; else echo "$m $((gain - value))"; fi
done
