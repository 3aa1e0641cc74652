#!/usr/bin/env python3
"""Baseline: the wake ensemble in NumPy (vectorised float64) on the synthetic inputs of
Sources/Synthetic/SyntheticFleet.swift. Prints one JSON object like `nextwave-bench ensemble`.

The same formulas as WakeModels.WakeEnsemble (docs/SCIENCE.md section 5), written the way a NumPy
user would: per-ship, per-pair and per-row terms by broadcasting, then every cell (row x distance)
of the three models at the track, the ensemble of the hull models (the share-weighted mean of
their log heights), the wave carried to the rider's depth (K = K_s K_r, capped at 0.78 h_r),
and the energy figures there.
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
    D = 0.6 * L * B * T
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


def share(x, lo, hi):
    """A model's share of its weight: 1 inside [lo, hi], fading to 0 over a tenth of each bound."""
    s = np.ones_like(x)
    if lo is not None:
        s = np.where(x < lo, np.maximum(0, 1 - (lo - x) / (0.1 * lo)), s)
    return np.where(x > hi, np.maximum(0, 1 - (x - hi) / (0.1 * hi)), s)


def ensemble(L, B, D, T, v_kmh, h, y):
    v = v_kmh / 3.6
    CB = 0.6
    Le = np.minimum(B / 0.4, L)
    beta = 1 + 8 * np.tanh(0.45 * (L / Le - 2)) ** 3
    lnV3 = np.log(D) / 3
    FL = v[None, :] / np.sqrt(G * L)[:, None]                                # ships x speeds
    small = FL < 0.55
    bs = np.where(small, -0.225 * FL ** -0.699, -0.342)
    dl = np.where(small, -0.118 * FL ** -0.356, -0.146)
    a, b, c = -0.6 / FL, 0.75 * FL ** -1.125, 2.653 * FL - 1.95
    fh, theta, cs, ks, cgs = cusp(v, h)                                       # speeds x depths
    K, cgr, cos_r, lam = rider(theta, cs, ks, cgs, RIDER_DEPTH)
    Fs = FL[:, :, None] * np.exp((2.35 * (1 - CB) * T)[:, None, None] / h[None, None, :])   # rows
    load = beta[:, None, None] * (Fs - 0.1) ** 2
    aKS = (v * v / G)[None, :, None] * load * np.cbrt(L)[:, None, None]
    # Sorensen & Weggel is held at the depth where F_h = 0.5 over deeper water (docs/SCIENCE.md §5.1).
    held = np.minimum(np.log(h)[None, :], np.log(v * v / (G * 0.25))[:, None])               # speeds x depths
    lnr = held[None, :, :] - lnV3[:, None, None]
    nSW = bs[:, :, None] * np.exp(dl[:, :, None] * lnr)
    aSW = a[:, :, None] + b[:, :, None] * lnr + c[:, :, None] * lnr * lnr + (1 - nSW) * lnV3[:, None, None]
    aP = (h * np.cbrt(h))[None, None, :] * (fh ** 4)[None, :, :]
    # Shares of the hull models, over a subcritical track the hull is not aground on.
    member = (fh <= 0.7)[None, :, :] & (T[:, None, None] < h[None, None, :])
    wKS = np.where(member, share(Fs, 0.1, 0.5) * share(load, None, 0.4), 0)
    wSW = np.where(member, np.broadcast_to(share(FL, 0.2, 0.8)[:, :, None], wKS.shape), 0)
    total = wKS + wSW
    q, ly = y ** (-1 / 3), np.log(y)
    Hks = aKS[..., None] * q
    Hsw = np.exp(aSW[..., None] + nSW[..., None] * ly)
    Hp = aP[..., None] * q
    with np.errstate(divide="ignore", invalid="ignore"):
        lnKS = np.where(wKS[..., None] > 0, wKS[..., None] * np.log(Hks), 0)
        lnSW = np.where(wSW[..., None] > 0, wSW[..., None] * np.log(Hsw), 0)
        gen = np.where(total[..., None] > 0, np.exp((lnKS + lnSW) / total[..., None]), np.nan)
    mk, ms = wKS[..., None] > 0, wSW[..., None] > 0
    lo = np.fmin(np.where(mk, Hks, np.nan), np.where(ms, Hsw, np.nan))
    hi = np.fmax(np.where(mk, Hks, np.nan), np.where(ms, Hsw, np.nan))
    cap = 0.78 * RIDER_DEPTH
    Kc = K[None, :, :, None]
    med = np.minimum(cap, gen * Kc)
    lo, hi = np.minimum(cap, lo * Kc), np.minimum(cap, hi * Kc)
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
    checksum = float(np.nansum(med) + np.nansum(E) + np.nansum(P) + np.nansum(Hks) + np.nansum(Hsw))
    print(json.dumps({"cells": cells, "seconds": best, "cellsPerSecond": cells / best, "checksum": checksum,
                      "numpy": np.__version__}, sort_keys=True))


if __name__ == "__main__":
    main()
