#!/bin/sh
# The web board's real-browser test: serve.test.mjs in Debian's chromium through playwright-core.
#   tests/browser/run.sh LEAPFROG OUTDIR ENSURE_CHROMIUM
# Installs playwright-core from package-lock.json (npm ci, into this folder's node_modules) when
# it is missing. Exits 77 (ctest: skipped) when node or npm, the package or chromium cannot be had.
here=$(cd "$(dirname "$0")" && pwd)
if [ "${LEAPFROG_NO_BROWSER:-}" = 1 ]; then
  echo "skipped: LEAPFROG_NO_BROWSER=1 (the web board test needs Chromium)"
  exit 77
fi
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
  echo "skipped: node and npm are needed to drive the browser (Debian: nodejs, npm)"
  exit 77
fi
if ! browser=$("$3" 2>/dev/null); then
  echo "skipped: Chromium is not installed and ensure-chromium.sh could not install it"
  exit 77
fi
if [ ! -f "$here/node_modules/playwright-core/package.json" ]; then
  # One installer at a time (two build directories may test at once).
  (
    flock -w 300 9 || exit 1
    [ -f "$here/node_modules/playwright-core/package.json" ] ||
      npm ci --prefix "$here" --no-audit --no-fund --loglevel=error >&2
  ) 9>"$here/.npm-ci.lock"
  if [ ! -f "$here/node_modules/playwright-core/package.json" ]; then
    echo "skipped: npm ci could not install playwright-core"
    exit 77
  fi
fi
exec node "$here/serve.test.mjs" "$1" "$2" "$browser"
