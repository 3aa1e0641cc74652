#!/usr/bin/env bash
# One table of ratios against the baselines, all measured in this run on this machine:
#   wave kernel vs NumPy, vs the legacy scalar Python formulas, vs memcpy of the output size;
#   the wake ensemble kernel vs NumPy and memcpy; `nextwave calibrate` on 1e6 observations vs
#   pandas + NumPy;
#   session scoring vs ports of the app's algorithm, current and superseded (results asserted
#   identical), with a profile of the finder;
#   a year of GTFS (30 million stop_times lines) from zip to departures per station and day vs
#   DuckDB, Polars and gtfs-kit on the same zip (checksums asserted equal), on to the session
#   table; the same for ¼, ½ and 2 years (how cost grows): time, peak memory;
#   `nextwave ratings` on the bundled snapshot;
#   the set-up: a clean clone's scripts/bootstrap and scripts/test, timed (--no-setup skips).
# Synthetic inputs are generated once into Benchmarks/.data (about 4 GB; delete to regenerate).
# Usage: Benchmarks/compare.sh [--quick] [--no-setup]   (--quick: 3 M GTFS lines, 30 archive days)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
"$root/scripts/install-deps"
command -v /usr/bin/time >/dev/null || { echo "compare.sh: needs GNU time (apt-get install time)" >&2; exit 1; }

# The peers run in their own pinned environment (Benchmarks/requirements.txt), refreshed when it
# changes: NumPy and pandas for the kernels and the calibration, gtfs-kit for the GTFS year.
python="$here/.venv/bin/python"
stamp="$here/.venv/.requirements"
if [[ ! -x $python ]] || ! cmp -s "$here/requirements.txt" "$stamp"; then
    echo "compare.sh: installing the pinned peers into Benchmarks/.venv …" >&2
    python3 -m venv "$here/.venv"
    "$python" -m pip install -q --upgrade pip >/dev/null
    "$python" -m pip install -q -r "$here/requirements.txt"
    cp "$here/requirements.txt" "$stamp"
fi

echo "building (release) …" >&2
# Quiet when they succeed; a failing build shows its errors (printed on stdout) and stops here.
quiet_build() { local log; log=$(mktemp); "$@" > "$log" 2>&1 || { grep -E 'error:' "$log" >&2; rm -f "$log"; exit 1; }; rm -f "$log"; }
(cd "$root" && quiet_build swift build -c release --product nextwave)
(cd "$root" && quiet_build swift build -c release --product nextwave-bench)

export OPENBLAS_NUM_THREADS=1
exec "$python" "$here/python/compare.py" --root "$root" "$@"
