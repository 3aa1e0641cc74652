#!/usr/bin/env python3
"""Baseline: the wake ensemble in NumPy (vectorised float64) on the synthetic inputs of
Sources/Synthetic/SyntheticFleet.swift. Prints one JSON object like `nextwave-bench ensemble`.

The same formulas as WakeModels.WakeEnsemble (docs/SCIENCE.md section 5), written the way a NumPy
user would: per-ship, per-pair and per-row terms by broadcasting, then every cell (row x distance)
of the three models at the track, the central height (the mean of the logs of Kriebel & Seelig
and PIANC at their held depths), its band by cause (the members' spread and the defaulted hull
values over their ranges, in quadrature), the wave carried to the rider's depth (K = K_s K_r,
capped at 0.78 h_r), and the energy figures there.
"""
import argparse, json, math, time
import numpy as np

G, RHO = 9.81, 1000.0


RIDER_DEPTH = 3.0


def inputs(n, m, k, d):
    i = np.arange(n)
    L = 15 + (i * 7919 % 7000) / 100
    B = 4 + (i * 104729 % 1000) / 100
    T = 0.8 + (i * 6007 % 170) / 100
    D = 0.55 * L * B * T
    v_kmh = np.array([18.0]) if m == 1 else 10 + 20 * np.arange(m) / (m - 1)
    h = np.array([10.0]) if k == 1 else 2 + 48 * np.arange(k) / (k - 1)
    y = np.array([50.0]) if d == 1 else 10 + 390 * np.arange(d) / (d - 1)
    return L, B, D, T, v_kmh, h, y


def cusp(v, h):
    """Cusp-wave kinematics per speed x depth (NaN when supercritical); Newton on tanh x = q x."""
    fh = v[:, None] / np.sqrt(G * h)[None, :]
    theta = np.where(fh < 1, 35.27 * (1 - np.exp(12 * (fh - 1))), np.nan)
    c = v[:, None] * np.cos(np.radians(theta))
    q = c * c / (G * h[None, :])
    x = 1 / q
    for _ in range(60):
        t = np.tanh(x)
        x = np.where(fh < 1, x - (t - q * x) / ((1 - t * t) - q), np.nan)
    k = x / h[None, :]
    kh2 = 2 * x
    n = 0.5 * (1 + np.where(kh2 > 700, 0, kh2 / np.sinh(np.minimum(kh2, 700))))
    return fh, theta, c, k, n * c


def rider(theta, c, k, cgs, hr):
    """The waves at the rider's depth hr per speed x depth: K = K_s K_r, c_g, cos(alpha_r), lambda."""
    T = 2 * math.pi / (k * c)
    w = 2 * math.pi / T
    qr = w * w * hr / G
    x = qr / np.tanh(qr ** 0.75) ** (2 / 3)
    for _ in range(40):
        t = np.tanh(x)
        x = x - (x * t - qr) / (t + x * (1 - t * t))
    kr = x / hr
    cr = w / kr
    cgr = 0.5 * (1 + 2 * x / np.sinh(2 * x)) * cr
    alpha_s = np.radians(90 - theta)
    sin_r = cr / c * np.sin(alpha_s)
    alpha_r = np.where(sin_r < 1, np.arcsin(np.minimum(sin_r, 1)), np.nan)
    K = np.sqrt(cgs / cgr) * np.sqrt(np.cos(alpha_s) / np.cos(alpha_r))
    return K, cgr, np.cos(alpha_r), 2 * math.pi / kr


def coefficients(L, T, CB, Le, v, h):
    """Kriebel & Seelig's and PIANC's distance-free coefficients per ship x speed x track depth,
    at the held depths: h_KS = max(h, h_0.7), h_P = min(h_KS, pi V^2/g), h_0.7 = V^2/(0.49 g)."""
    v2g = (v * v / G)[None, :, None]
    h0 = h[None, None, :]
    hKS = np.maximum(h0, v2g / (0.7 * 0.7))
    hP = np.minimum(hKS, np.pi * v2g)
    beta = 1 + 8 * np.tanh(0.45 * (L / Le - 2)) ** 3
    FL = v[None, :] / np.sqrt(G * L)[:, None]
    Fs = FL[:, :, None] * np.exp((2.35 * (1 - CB) * T)[:, None, None] / hKS)
    excess = np.maximum(Fs - 0.1, 0)
    aKS = v2g * beta[:, None, None] * excess * excess * np.cbrt(L)[:, None, None]
    aP = (0.28 * T ** 1.25)[:, None, None] * v2g * v2g / np.cbrt(hP * hP)
    return aKS, aP


def central(aKS, aP):
    """The central height's log coefficient: the equally weighted mean of the members' logs."""
    with np.errstate(divide="ignore"):
        return (np.log(aKS) + np.log(aP)) / 2


def ensemble(L, B, D, T, v_kmh, h, y):
    v = v_kmh / 3.6
    CB, ratio = 0.55, 3.2                                  # the hull defaults (docs/SCIENCE.md §5.3)
    T = D / (1.0 * CB * L * B)                             # the draft the defaults give back
    fh, theta, cs, ks, cgs = cusp(v, h)                                       # speeds x depths
    K, cgr, cos_r, lam = rider(theta, cs, ks, cgs, RIDER_DEPTH)
    aKS, aP = coefficients(L, T, CB, L / ratio, v, h)
    c0 = central(aKS, aP)
    # The band by cause (log half-widths): the members' spread, and each defaulted hull value
    # over its range (the draft re-derived from the displacement each time).
    lower = {"models": c0 - np.minimum(np.log(aKS), np.log(aP)),
             "entranceLength": np.zeros_like(c0), "blockCoefficient": np.zeros_like(c0)}
    upper = {"models": np.maximum(np.log(aKS), np.log(aP)) - c0,
             "entranceLength": np.zeros_like(c0), "blockCoefficient": np.zeros_like(c0)}
    variants = [("entranceLength", L, CB, L / 2.5), ("entranceLength", L, CB, L / 4.0),
                ("blockCoefficient", L, 0.45, L / ratio), ("blockCoefficient", L, 0.65, L / ratio),
                ("waterlineLength", 0.9 * L, CB, 0.9 * L / ratio)]
    with np.errstate(invalid="ignore"):
        for cause, length, cb, entrance in variants:
            draft = (D / 1.0) / (cb * length * B)
            delta = central(*coefficients(length, draft, cb, entrance, v, h)) - c0
            lo = np.where(np.isnan(delta) | (delta == -np.inf), np.inf, np.maximum(-delta, 0))
            lower[cause] = np.maximum(lower.get(cause, 0), lo)
            upper[cause] = np.maximum(upper.get(cause, 0), np.where(np.isnan(delta), 0, delta))
    order = ["entranceLength", "blockCoefficient", "waterlineLength", "models"]
    U_lo = np.sqrt(sum(lower[c] ** 2 for c in order))
    U_hi = np.sqrt(sum(upper[c] ** 2 for c in order))
    finite = np.isfinite(c0)
    U_lo, U_hi = np.where(finite, U_lo, 0), np.where(finite, U_hi, 0)
    # No central height over a supercritical track or an aground hull.
    off = (fh >= 1)[None, :, :] | (T[:, None, None] >= h[None, None, :])
    c0 = np.where(off, np.nan, c0)
    # Sorensen & Weggel, a reference beside the ensemble: F_h = V/sqrt(g h), r = h / vol^(1/3).
    lnV3 = np.log(D / 1.0) / 3
    small = fh < 0.55
    bs = np.where(small, -0.225 * fh ** -0.699, -0.342)
    dl = np.where(small, -0.118 * fh ** -0.356, -0.146)
    a, b, c = -0.6 / fh, 0.75 * fh ** -1.125, 2.653 * fh - 1.95
    lnr = np.log(h)[None, None, :] - lnV3[:, None, None]
    nSW = bs[None] * np.exp(dl[None] * lnr)
    aSW = a[None] + b[None] * lnr + c[None] * lnr * lnr + (1 - nSW) * lnV3[:, None, None]
    q, ly = y ** (-1 / 3), np.log(y)
    Hks = aKS[..., None] * q
    Hsw = np.exp(aSW[..., None] + nSW[..., None] * ly)
    Hp = aP[..., None] * q
    gen = np.exp(c0[..., None] - ly / 3)
    cap = 0.78 * RIDER_DEPTH
    Kc = K[None, :, :, None]
    med = np.minimum(cap, gen * Kc)
    lo = np.minimum(cap, gen * (Kc * np.exp(-U_lo[..., None])))
    hi = np.minimum(cap, gen * np.where(np.isfinite(U_hi[..., None]), Kc * np.exp(U_hi[..., None]), np.inf))
    E = RHO * G / 8 * med * med
    P = E * cgr[None, :, :, None]
    Pperp = P * cos_r[None, :, :, None]
    Ew = E * lam[None, :, :, None]
    return Hks, Hsw, Hp, med, lo, hi, E, P, Pperp, Ew, gen


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--ships", type=int, default=1000)
    p.add_argument("--speeds", type=int, default=10)
    p.add_argument("--depths", type=int, default=10)
    p.add_argument("--distances", type=int, default=100)
    p.add_argument("--repeats", type=int, default=3)
    a = p.parse_args()
    args = inputs(a.ships, a.speeds, a.depths, a.distances)
    with np.errstate(invalid="ignore", divide="ignore"):
        out = ensemble(*args)
        best = math.inf
        for _ in range(a.repeats):
            del out
            t = time.perf_counter()
            out = ensemble(*args)
            best = min(best, time.perf_counter() - t)
    Hks, Hsw, Hp, med, lo, hi, E, P = out[:8]
    cells = med.size
    checksum = float(np.nansum(med) + np.nansum(E) + np.nansum(P) + np.nansum(Hks) + np.nansum(Hsw)
                     + np.nansum(lo) + np.nansum(hi))
    print(json.dumps({"cells": cells, "seconds": best, "cellsPerSecond": cells / best, "checksum": checksum,
                      "numpy": np.__version__}, sort_keys=True))


if __name__ == "__main__":
    main()
