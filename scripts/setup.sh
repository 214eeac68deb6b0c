#!/usr/bin/env bash
# Set-up shared by scripts/run.sh and scripts/test.sh: the virtual environment, the Python
# dependencies, and the front-end assets (htmx and its idiomorph extension from the npm registry,
# copied into companion/static/vendor/, which git ignores; axe-core, a dev dependency the browser
# tests inject into pages, stays in node_modules/ and is never served). Safe to run again: it redoes only what changed.
set -euo pipefail
cd "$(dirname "$0")/.."
extras="${1:-}"   # "dev" for the test tools

python=${PYTHON:-python3}
if ! "$python" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
  echo "error: Python 3.11 or newer is needed (set PYTHON=/path/to/python3.11)" >&2
  exit 1
fi
[ -x .venv/bin/python ] || "$python" -m venv .venv

stamp=".venv/.installed${extras:+-$extras}"
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
  echo "Installing Python dependencies into .venv ..."
  # pip's build warnings are noise at a table; they are shown only if the install fails.
  if ! { .venv/bin/python -m pip install --quiet --upgrade pip &&
         .venv/bin/python -m pip install --quiet -e ".${extras:+[$extras]}"; } > .venv/pip.log 2>&1; then
    cat .venv/pip.log >&2
    echo "error: installing the Python dependencies failed (log above)" >&2
    exit 1
  fi
  touch "$stamp"
fi

if ! command -v npm >/dev/null 2>&1; then
  echo "error: npm is needed to install htmx (apt-get install npm)" >&2
  exit 1
fi
if [ ! -f node_modules/htmx.org/dist/htmx.min.js ] || [ ! -f node_modules/idiomorph/dist/idiomorph-ext.min.js ] ||
   [ ! -f node_modules/axe-core/axe.min.js ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund --silent
fi
mkdir -p companion/static/vendor
cp node_modules/htmx.org/dist/htmx.min.js companion/static/vendor/htmx.min.js
# idiomorph-ext bundles idiomorph and the htmx "morph" extension (the file htmx's docs name).
cp node_modules/idiomorph/dist/idiomorph-ext.min.js companion/static/vendor/idiomorph-ext.min.js

# The translation catalogs: the .po sources are in git, the compiled .mo files are built here.
bash scripts/i18n.sh compile
