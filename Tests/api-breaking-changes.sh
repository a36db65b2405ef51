#!/usr/bin/env bash
# The library products' public API against the latest tag reachable from HEAD:
# `swift package diagnose-api-breaking-changes` builds the tag and this tree and lists every
# breaking change (a removed or changed declaration, a new protocol requirement, ...) of the
# modules of every library product. No tag yet: nothing to compare, success.
# A deliberate break (allowed before 1.0.0 in a minor version, and listed under "Breaking" in
# CHANGELOG.md) is accepted by adding the diagnosed line to Tests/api-breakage-allowlist.txt,
# which is emptied when the next version is tagged (docs/releasing.md).
set -euo pipefail
cd "$(dirname "$0")/.."
base=$(git describe --tags --abbrev=0 2>/dev/null || true)
if [ -z "$base" ]; then
  echo "api-breaking-changes: no tag reachable from HEAD, nothing to compare against"
  exit 0
fi
args=("$base")
if [ -s Tests/api-breakage-allowlist.txt ]; then
  args+=(--breakage-allowlist-path Tests/api-breakage-allowlist.txt)
fi
echo "api-breaking-changes: the public API against $base"
swift package diagnose-api-breaking-changes "${args[@]}"
