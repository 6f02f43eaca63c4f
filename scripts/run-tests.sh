#!/usr/bin/env bash
# Run the whole test suite: creates .venv with the test requirements and
# installs Debian's chromium (for the Playwright browser test) when missing.
set -euo pipefail
cd "$(dirname "$0")/.."
as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
if ! command -v chromium >/dev/null 2>&1; then
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium
fi
bash scripts/setup-venv.sh requirements-test.txt
exec .venv/bin/python -m pytest "$@"
