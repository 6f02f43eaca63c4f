#!/usr/bin/env bash
# Create .venv (if needed) and install a requirements file into it.
# Usage: bash scripts/setup-venv.sh requirements.txt
# On a fresh Debian machine python3's venv module may be missing: it is
# installed from Debian's packages (python3-venv) first.
set -euo pipefail
cd "$(dirname "$0")/.."
as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
if ! python3 -c "import ensurepip, venv" >/dev/null 2>&1; then
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv
fi
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python -m pip install -q --upgrade pip
.venv/bin/python -m pip install -q -r "$1"
