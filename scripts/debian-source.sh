#!/usr/bin/env bash
# Fetches and unpacks the upstream source of a Debian source package from the Debian archive
# the machine already uses, without changing the system's apt configuration: a private
# deb-src list, package lists and cache live in WORK. Used by './build.sh tsan' to build
# oneTBB with ThreadSanitizer from the same version as the installed libtbb-dev.
#   scripts/debian-source.sh PACKAGE VERSION WORK DEST
set -euo pipefail
pkg=$1 version=$2 work=$3 dest=$4
mkdir -p "$work/sources" "$work/lists/partial" "$work/cache/archives/partial" "$work/download"
# The same archive and suite as the system's own package sources (deb822 or one-line form).
uri=$(grep -hs -m1 '^URIs:' /etc/apt/sources.list.d/*.sources | awk '{print $2}' || true)
suite=$(grep -hs -m1 '^Suites:' /etc/apt/sources.list.d/*.sources | awk '{print $2}' || true)
if [ -z "$uri" ]; then
  uri=$(grep -hs -m1 '^deb ' /etc/apt/sources.list | awk '{print $2}' || true)
  suite=$(grep -hs -m1 '^deb ' /etc/apt/sources.list | awk '{print $3}' || true)
fi
uri=${uri:-http://deb.debian.org/debian} suite=${suite:-bookworm}
cat >"$work/sources/src.sources" <<SRC
Types: deb-src
URIs: $uri
Suites: $suite $suite-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC
apt_opts=(-o Dir::Etc::SourceList=/dev/null -o "Dir::Etc::SourceParts=$work/sources"
          -o "Dir::State::Lists=$work/lists" -o "Dir::Cache=$work/cache" -o APT::Sandbox::User=root)
echo "debian-source: fetching the source of $pkg $version from $uri (a few MB)" >&2
apt-get "${apt_opts[@]}" -qq update
(cd "$work/download" && apt-get "${apt_opts[@]}" -qq source --download-only "$pkg=$version")
orig=$(ls "$work"/download/"${pkg}"_*.orig.tar.* | head -1)
mkdir -p "$dest"
tar -xf "$orig" -C "$dest" --strip-components=1
