#!/usr/bin/env bash
# Run the whole test suite: creates .venv with the test requirements (errant
# 3.0.2 among them, the GEC peer), installs Debian's chromium (for the
# Playwright browser tests), gcc and Debian's postgresql (the review store's
# tests start their own server from its initdb/pg_ctl) when missing, and builds EVALB from the
# shared source into .peers/ (ignored by git), so every peer test runs.
set -euo pipefail
cd "$(dirname "$0")/.."
as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v gcc >/dev/null 2>&1 || missing+=(gcc libc6-dev)
compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || missing+=(postgresql)
if [ "${#missing[@]}" -gt 0 ]; then
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
fi
bash scripts/setup-venv.sh requirements-test.txt
.venv/bin/python -m bench.peers
exec .venv/bin/python -m pytest "$@"
