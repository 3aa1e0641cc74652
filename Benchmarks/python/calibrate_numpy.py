#!/usr/bin/env python3
"""Baseline for `nextwave calibrate`: the same power-law fit with pandas and NumPy, timed end to
end (read the CSV, build the features, least squares). Prints one JSON object.

Less work than the toolkit does (no standard errors, leverages or model comparison, no JSON
written), so the ratio understates the toolkit's advantage.
"""
import argparse, json, math, time
import numpy as np
import pandas as pd

G = 9.81


def fit(path):
    df = pd.read_csv(path)
    # The track's depth; files written before the column was renamed call it depthM.
    track = df["trackDepthM"] if "trackDepthM" in df else df["depthM"]
    v = df["speedKmh"].to_numpy() / 3.6
    L = df["lengthM"].to_numpy()
    X = np.column_stack([
        np.ones(len(df)), np.log(v * v / G), np.log(df["distanceM"].to_numpy() / L),
        np.log(v / np.sqrt(G * track.to_numpy())),
        np.log(df["displacementT"].to_numpy() / (L * df["beamM"].to_numpy())),
    ])
    beta, *_ = np.linalg.lstsq(X, np.log(df["heightM"].to_numpy()), rcond=None)
    return len(df), beta


def main():
    p = argparse.ArgumentParser()
    p.add_argument("csv")
    p.add_argument("--repeats", type=int, default=3)
    a = p.parse_args()
    best = math.inf
    for _ in range(a.repeats):
        t = time.perf_counter()
        n, beta = fit(a.csv)
        best = min(best, time.perf_counter() - t)
    print(json.dumps({"rows": n, "seconds": best, "coefficients": list(map(float, beta)),
                      "pandas": pd.__version__, "numpy": np.__version__}, sort_keys=True))


if __name__ == "__main__":
    main()
