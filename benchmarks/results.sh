#!/usr/bin/env bash
# benchmarks/results.sh <render|check|record ...>: runs benchmarks/results.py in a virtual environment
# (benchmarks/out/venv, git-ignored) with the pinned packages of benchmarks/requirements.txt, created or
# updated when the file changes. Needs python3 with venv and pip, and PyPI.
#   benchmarks/results.sh record proxy --line '<proxy-bench ...>' --command '<the command>'
#   benchmarks/results.sh render      # RESULTS.md's current tables, benchmarks/README.md's Performance section, the README's headline, docs/img/bench-*.svg
#   benchmarks/results.sh check       # what CI runs: fails when any of them is out of date
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
VENV="$HERE/out/venv"
REQUIREMENTS="$HERE/requirements.txt"
if [[ ! -x "$VENV/bin/python" ]] || ! cmp -s "$REQUIREMENTS" "$VENV/requirements.txt"; then
  echo "results.sh: installing $(grep -c '==' "$REQUIREMENTS") pinned packages into ${VENV#"$HERE"/}" >&2
  rm -rf "$VENV"
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install -q --disable-pip-version-check --no-deps -r "$REQUIREMENTS" >&2
  cp "$REQUIREMENTS" "$VENV/requirements.txt"
fi
exec "$VENV/bin/python" "$HERE/results.py" "$@"
