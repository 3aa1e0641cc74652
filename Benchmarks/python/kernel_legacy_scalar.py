#!/usr/bin/env python3
"""Baseline: the legacy script's scalar formulas (vesseldata.py, DOMAIN.md section 1), one cell
at a time in plain Python, on the synthetic inputs. Scalar Python is ~10^6 times slower than the
batch, so it runs a slice of the grid (--ships) and reports cells per second.
"""
import argparse, json, math, time

G, RHO, NU = 9.81, 1000.0, 1.0e-6

def wave(L, B, D, speed_kmh, depth):
    v = speed_kmh / 3.6
    fr_l = v / math.sqrt(G * L)
    fr_h = v / math.sqrt(G * depth)
    re = L * v / NU
    c_h = 0.04 if fr_l < 0.4 else 0.02
    H = c_h * D * v ** 2 / (L * B)
    if fr_h > 0.7:
        H *= 1 + (fr_h - 0.7)
    lam = 2 * math.pi * v ** 2 / G
    T = math.sqrt(2 * math.pi * lam / G)
    c = lam / T if T > 0 else 0
    E = RHO * G * H ** 2 / 8
    P = E * c
    F = RHO * G * H * c ** 2 / 2
    r_e = 3 if E > 250 else 2 if E > 150 else 1
    r_f = 3 if F > 55000 else 2 if F > 45000 else 1
    return H, lam, T, c, E, P, F, fr_l, fr_h, re, max(r_e, r_f)

def main():
    p = argparse.ArgumentParser()
    p.add_argument("--ships", type=int, default=10)
    p.add_argument("--speeds", type=int, default=100)
    p.add_argument("--depths", type=int, default=100)
    a = p.parse_args()
    L = [15 + (i * 7919 % 7000) / 100 for i in range(a.ships)]
    B = [4 + (i * 104729 % 1000) / 100 for i in range(a.ships)]
    D = [20 + (i * 1299709 % 50000) / 100 for i in range(a.ships)]
    v = [10 + 20 * j / (a.speeds - 1) for j in range(a.speeds)] if a.speeds > 1 else [18.0]
    h = [2 + 48 * k / (a.depths - 1) for k in range(a.depths)] if a.depths > 1 else [10.0]
    t = time.perf_counter()
    checksum = 0.0
    for i in range(a.ships):
        for s in v:
            for d in h:
                r = wave(L[i], B[i], D[i], s, d)
                checksum += r[4] + r[6] + r[10]
    seconds = time.perf_counter() - t
    cells = a.ships * len(v) * len(h)
    print(json.dumps({"cells": cells, "seconds": seconds, "cellsPerSecond": cells / seconds,
                      "checksum": checksum}, sort_keys=True))

if __name__ == "__main__":
    main()
