#!/usr/bin/env bash
# Set everything up (including headless Chromium from the Debian package `chromium` when it is
# missing and we are root) and run the whole test suite: ruff, import-linter, then pytest.
# Extra arguments go to pytest (e.g. -m slow).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh dev

chromium_bin=${CHROMIUM:-$(command -v chromium || true)}
if [ -z "$chromium_bin" ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing Chromium (Debian package chromium) for the browser tests..."
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq chromium >/dev/null
    chromium_bin=$(command -v chromium)
  else
    echo "error: the browser tests need Chromium: install the Debian package 'chromium'" \
         "(sudo apt-get install chromium) or set CHROMIUM=/path/to/chromium" >&2
    exit 1
  fi
fi
export CHROMIUM="$chromium_bin"

.venv/bin/ruff check .
.venv/bin/lint-imports  # the layers and no import circles (pyproject.toml, docs/architecture.md)
# Two workers (pytest-xdist): the browser tests in one of them, one after the other (tests/conftest.py),
# everything else in the other. PYTEST_WORKERS=0 runs everything in this one process.
.venv/bin/python -m pytest -n "${PYTEST_WORKERS:-2}" --dist loadgroup "$@"
