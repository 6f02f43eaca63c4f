#!/usr/bin/env bash
# Start the inspector on the bundled sample data (creates .venv on first use).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup-venv.sh requirements.txt
# The server's allocator (inspector/main/allocator.py): Python's objects from glibc's
# malloc, at most two heaps, so that a server whose sessions have all closed gives
# their memory back (docs/robustness.md, "Many users at once").
# shellcheck disable=SC2046  # NAME=value words without spaces
exec env $(.venv/bin/python -m inspector.main.allocator) .venv/bin/streamlit run inspector/main/app.py "$@"
