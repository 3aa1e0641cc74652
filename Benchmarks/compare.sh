#!/usr/bin/env bash
# One table of ratios against the baselines, all measured in this run on this machine:
#   wave kernel vs NumPy, vs the legacy scalar Python formulas, vs memcpy of the output size;
#   the wake ensemble kernel vs NumPy and memcpy; `nextwave calibrate` on 1e6 observations vs
#   pandas + NumPy;
#   session scoring vs a port of the app's own algorithm (results asserted identical);
#   a year of GTFS (30 million stop_times lines) from zip to session table: time, peak memory;
#   `nextwave ratings` on the bundled snapshot.
# Synthetic inputs are generated once into Benchmarks/.data (about 3 GB; delete to regenerate).
# Usage: Benchmarks/compare.sh [--quick]   (--quick: 3 M GTFS lines and 30 archive days)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
"$root/scripts/install-deps"
command -v /usr/bin/time >/dev/null || { echo "compare.sh: needs GNU time (apt-get install time)" >&2; exit 1; }

python=python3
if ! python3 -c 'import numpy, pandas' 2>/dev/null; then
    python="$here/.venv/bin/python"
    [[ -x $python ]] || python3 -m venv "$here/.venv"
    "$python" -m pip install -q -r "$here/requirements.txt"
fi

echo "building (release) …" >&2
(cd "$root" && swift build -c release --product nextwave >/dev/null)
(cd "$here" && swift build -c release --product nextwave-bench >/dev/null)

export OPENBLAS_NUM_THREADS=1
exec "$python" "$here/python/compare.py" --root "$root" "$@"
