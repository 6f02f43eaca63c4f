#!/usr/bin/env bash
# Create .venv (if needed) and install a requirements file into it.
# Usage: bash scripts/setup-venv.sh requirements.txt
# On a fresh Debian machine python3's venv module may be missing: it is
# installed from Debian's packages (python3-venv) first.
# It says on stderr what it does and about how long it takes: the first run
# downloads and installs Streamlit, nltk, pandas, plotly... (about 2 minutes
# on a fresh machine); later runs only check .venv (a few seconds).
set -euo pipefail
cd "$(dirname "$0")/.."
as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
say() { echo "setup: $*" >&2; }
started=$SECONDS
if ! python3 -c "import ensurepip, venv" >/dev/null 2>&1; then
  say "installing Debian's python3-venv (needed once, about 30 s)..."
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv
fi
# The C accelerators (setup.py) need a compiler and Python's headers; without
# them jpcore still installs and runs its pure-Python path, only slower.
build=()
command -v gcc >/dev/null 2>&1 || build+=(gcc libc6-dev)
python3 -c "import os, sysconfig, sys; sys.exit(not os.path.exists(os.path.join(sysconfig.get_paths()['include'], 'Python.h')))" \
  || build+=(python3-dev)
if [ "${#build[@]}" -gt 0 ]; then
  say "installing Debian's ${build[*]} (to build jpcore's C accelerators)..."
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${build[@]}"
fi
if [ -x .venv/bin/python ]; then
  say "checking .venv against $1 (a few seconds)..."
  quiet=-q
else
  say "first run: creating .venv and installing $1 into it (downloads Streamlit, nltk, pandas," \
      "plotly...; about 2 minutes, once)..."
  python3 -m venv .venv
  quiet=
fi
.venv/bin/python -m pip install -q --upgrade pip
# setuptools announces every editable install (-e . in requirements.txt) with an
# "Editable installation." notice, and the compat mode requirements.txt asks for
# with a "Compat editable installs" notice (information only, shown as
# warnings): hide exactly those two; any real warning of the build still shows.
PYTHONWARNINGS="ignore:Editable installation,ignore:Compat editable installs" \
  .venv/bin/python -m pip install $quiet --progress-bar off -r "$1"
# byte-compile the project's own modules now: a process started with
# PYTHONDONTWRITEBYTECODE set (or from a read-only checkout) would otherwise
# compile every module it imports on each start (jpcore --help: 2x slower)
.venv/bin/python -m compileall -q -j 0 jpcore inspector bench >/dev/null
say ".venv ready ($((SECONDS - started)) s)."
