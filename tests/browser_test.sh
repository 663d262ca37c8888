#!/bin/sh
# Runs the browser tests of test_cli ($1) when Chromium can be had through ensure-chromium.sh
# ($2); otherwise exits 77, which ctest reports as a skipped test.
if [ "${LEAPFROG_NO_BROWSER:-}" = 1 ]; then
  echo "skipped: LEAPFROG_NO_BROWSER=1 (the sheet screenshot test needs Chromium)"
  exit 77
fi
if ! "$2" >/dev/null; then
  echo "skipped: Chromium is not installed and ensure-chromium.sh could not install it"
  exit 77
fi
exec "$1" "[browser]"
