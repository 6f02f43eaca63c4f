#!/usr/bin/env bash
# Start the inspector on the bundled sample data (creates .venv on first use).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup-venv.sh requirements.txt
exec .venv/bin/streamlit run inspector/main/app.py "$@"
