#!/usr/bin/env bash
# Installs the project's dependencies and the reference tools the comparison tests use,
# then runs the command given as arguments. Idempotent: a second run installs nothing new.
set -euo pipefail
cd "$(dirname "$0")/.."

need_apt=()
for pair in evtxexport:libevtx-utils regfexport:libregf-utils sccainfo:libscca-utils yara:yara; do
  command -v "${pair%%:*}" >/dev/null 2>&1 || need_apt+=("${pair#*:}")
done
if [ ${#need_apt[@]} -gt 0 ] && [ "$(id -u)" = 0 ]; then
  echo "setup: installing reference tools: ${need_apt[*]}"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "setup: npm ci"
  npm ci --no-audit --no-fund --loglevel=error
fi

exec "$@"
