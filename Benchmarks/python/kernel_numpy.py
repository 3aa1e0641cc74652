#!/usr/bin/env python3
"""Baseline: the wake grid in NumPy (vectorised float64), on the synthetic inputs of
Sources/Synthetic/SyntheticFleet.swift. Prints one JSON object like `nextwave-bench kernel`.

The same model as WakeGrid (DOMAIN.md section 1), written the way a NumPy user would: broadcast
ship x speed x depth arrays, one expression per output.
"""
import argparse, json, math, time
import numpy as np

G, RHO, NU = 9.81, 1000.0, 1.0e-6

def inputs(n, m, k):
    i = np.arange(n)
    L = 15 + (i * 7919 % 7000) / 100
    B = 4 + (i * 104729 % 1000) / 100
    D = 20 + (i * 1299709 % 50000) / 100
    v_kmh = np.array([18.0]) if m == 1 else 10 + 20 * np.arange(m) / (m - 1)
    h = np.array([10.0]) if k == 1 else 2 + 48 * np.arange(k) / (k - 1)
    return L, B, D, v_kmh, h

def grid(L, B, D, v_kmh, h):
    v = v_kmh / 3.6
    fr_l = v[None, :] / np.sqrt(G * L)[:, None]                      # ships x speeds
    re = L[:, None] * v[None, :] / NU
    c_h = np.where(fr_l < 0.4, 0.04, 0.02)
    h0 = c_h * (D / (L * B))[:, None] * (v * v)[None, :]            # ships x speeds
    fr_h = v[:, None] / np.sqrt(G * h)[None, :]                      # speeds x depths
    f = np.where(fr_h > 0.7, 1 + (fr_h - 0.7), 1.0)
    lam = 2 * math.pi * v * v / G
    T = np.sqrt(2 * math.pi * lam / G)
    c = np.divide(lam, T, out=np.zeros_like(lam), where=T > 0)
    H = h0[:, :, None] * f[None, :, :]                               # ships x speeds x depths
    E = RHO * G / 8 * H * H
    P = E * c[None, :, None]
    F = RHO * G / 2 * H * (c * c)[None, :, None]
    rating = np.maximum(np.where(E > 250, 3, np.where(E > 150, 2, 1)),
                        np.where(F > 55000, 3, np.where(F > 45000, 2, 1))).astype(np.uint8)
    return H, E, P, F, rating, fr_l, re, fr_h

def main():
    p = argparse.ArgumentParser()
    p.add_argument("--ships", type=int, default=1000)
    p.add_argument("--speeds", type=int, default=100)
    p.add_argument("--depths", type=int, default=100)
    p.add_argument("--repeats", type=int, default=5)
    a = p.parse_args()
    args = inputs(a.ships, a.speeds, a.depths)
    best = math.inf
    out = grid(*args)  # warm-up
    for _ in range(a.repeats):
        del out
        t = time.perf_counter()
        out = grid(*args)
        best = min(best, time.perf_counter() - t)
    H, E, P, F, rating = out[:5]
    cells = a.ships * a.speeds * a.depths
    checksum = float(E.sum() + F.sum() + int(rating.sum(dtype=np.int64)))
    print(json.dumps({"cells": cells, "seconds": best, "cellsPerSecond": cells / best,
                      "checksum": checksum, "numpy": np.__version__}, sort_keys=True))

if __name__ == "__main__":
    main()
