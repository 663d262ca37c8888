#!/usr/bin/env bash
# Test set-up for the puzzle-sheet screenshot test: makes sure Debian's chromium is
# installed, installing it when missing (about 290 MB, as root: it says so first). Not part
# of scripts/setup.sh because only that one test needs it, and the test is skipped when this
# script fails. LEAPFROG_NO_BROWSER=1: install nothing, exit 1.
# Prints the browser's path on success; exit 1 when it cannot be had.
set -uo pipefail

if [ "${LEAPFROG_NO_BROWSER:-}" = 1 ]; then
  echo "ensure-chromium: LEAPFROG_NO_BROWSER=1, not looking for a browser" >&2; exit 1
fi

find_browser() { command -v chromium || command -v chromium-browser; }

if path=$(find_browser); then echo "$path"; exit 0; fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then sudo="sudo -n"; else
    echo "ensure-chromium: chromium is missing and installing it needs root" >&2; exit 1
  fi
fi
# One installer at a time, should two test runs (Release and ASan) get here together.
exec 9>/tmp/leapfrog-ensure-chromium.lock
flock -w 900 9 || { echo "ensure-chromium: another install is still running" >&2; exit 1; }
if path=$(find_browser); then echo "$path"; exit 0; fi
echo "ensure-chromium: installing Debian's chromium package (about 290 MB) for the sheet" \
  "screenshot test; LEAPFROG_NO_BROWSER=1 skips that test instead" >&2
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq >&2 || true
if ! $sudo apt-get install -y -qq --no-install-recommends chromium >&2; then
  echo "ensure-chromium: apt-get install chromium failed" >&2; exit 1
fi
if path=$(find_browser); then echo "$path"; exit 0; fi
echo "ensure-chromium: chromium installed but not found on PATH" >&2
exit 1
