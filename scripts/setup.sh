#!/usr/bin/env bash
# Shared set-up for scripts/site, scripts/check and scripts/test: a virtual environment in .venv/ with the pinned
# dependencies of requirements.txt. Needs Python 3.11+ (python3, or set PYTHON) with its venv module; no root.
# Re-installs only when requirements.txt changes, so repeated runs start at once and print nothing.
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  if ! command -v "$PYTHON" >/dev/null 2>&1; then
    echo "error: $PYTHON not found; install Python 3.11 or newer (or set PYTHON=/path/to/python3.11)" >&2; exit 1
  fi
  if ! "$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then
    echo "error: $("$PYTHON" --version 2>&1) is too old; the guide needs Python 3.11 or newer (set PYTHON=...)" >&2
    exit 1
  fi
  echo "Creating the virtual environment .venv/ with $("$PYTHON" --version 2>&1)"
  if ! "$PYTHON" -m venv .venv; then
    rm -rf .venv
    echo "error: '$PYTHON -m venv' failed; on Debian or Ubuntu install python3-venv" >&2; exit 1
  fi
fi
stamp=.venv/.requirements.sha256
want=$(sha256sum requirements.txt | cut -d' ' -f1)
if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
  echo "Installing the pinned Python packages of requirements.txt into .venv/ (about a minute the first time)..."
  start=$SECONDS
  .venv/bin/python -m pip install --quiet --disable-pip-version-check -r requirements.txt
  echo "$want" > "$stamp"
  echo "Installed in $(( SECONDS - start )) s."
fi
