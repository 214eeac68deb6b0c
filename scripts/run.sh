#!/usr/bin/env bash
# Set everything up (virtual environment, dependencies, htmx) and serve the app.
# Extra arguments go to `companion serve` (e.g. --port 8000 --instance /path/to/folder).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
exec .venv/bin/companion serve "$@"
