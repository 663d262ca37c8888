#!/bin/sh
# A UCI engine for the match runner's tests: it answers the handshake and then plays a move
# that is never legal (a1a1), or, with the argument "silent", never answers "go".
while read -r line; do
  case "$line" in
    uci) echo "id name broken"; echo "uciok" ;;
    isready) echo "readyok" ;;
    go*) [ "$1" = silent ] || echo "bestmove a1a1" ;;
    quit) exit 0 ;;
  esac
done
