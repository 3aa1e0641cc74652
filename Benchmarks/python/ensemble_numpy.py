#!/usr/bin/env python3
"""Baseline: the wake ensemble in NumPy (vectorised float64) on the synthetic inputs of
Benchmarks/Sources/Synthetic/SyntheticFleet.swift. Prints one JSON object like `nextwave-bench ensemble`.

The formulas of WakeModels.WakeEnsemble (docs/SCIENCE.md section 5), written the way a NumPy user
would: per-ship, per-pair and per-row terms by broadcasting over ships x speeds x track depths,
then every cell (row x distance). What it computes, in the order of docs/SCIENCE.md:
- the three models at the track, Kriebel & Seelig and PIANC at their held depths
  (h_KS = max(h, h_0.7), h_P = min(h_KS, pi V^2/g), h_0.7 = V^2 / (0.49 g));
- the central height, the mean of the logs of Kriebel & Seelig and PIANC, where there is one:
  not over a supercritical track, not for a hull aground, not outside the members' domain
  (F* <= 0.6, beta (F* - 0.1)^2 <= 0.625, F_L <= 0.875, volumetric Froude < 3);
- its band by cause (the members' spread and each defaulted hull value over its range, each
  cause at most ln 3, in quadrature), spanning both members at least;
- over a trans-critical track (V^2/g < h < h_0.7) the larger at the rider of two lower bounds:
  the wave held at h_0.7, and the ship's wave at the slower speed where F_h = 0.7 over this track;
- the wave carried to the rider's depth (K = K_s K_r, capped at 0.78 h_r) and E, P, P_perp and
  E lambda there.
Minima and maxima are taken as the kernel takes them (x86 minpd/maxpd: a < b ? a : b), so that a
NaN operand gives the same cell.
"""
import argparse, json, math, time
import numpy as np

G, RHO = 9.81, 1000.0
RIDER_DEPTH = 3.0
HOLD_FROUDE = 0.7                         # F_h where the trans-critical regime starts
CB_DEFAULT, LE_DEFAULT = 0.55, 3.2        # the hull defaults (docs/SCIENCE.md section 5.3)
BOUND = math.log(3.0)                     # the most one cause counts for in the band


def inputs(n, m, k, d):
    i = np.arange(n)
    L = 15 + (i * 7919 % 7000) / 100
    B = 4 + (i * 104729 % 1000) / 100
    T = 0.8 + (i * 6007 % 170) / 100
    D = 0.55 * L * B * T
    v_kmh = np.array([18.0]) if m == 1 else 10 + 20 * np.arange(m) / (m - 1)
    h = np.array([10.0]) if k == 1 else 2 + 48 * np.arange(k) / (k - 1)
    y = np.array([50.0]) if d == 1 else 10 + 390 * np.arange(d) / (d - 1)
    return L, B, D, v_kmh, h, y


def lesser(a, b):
    return np.where(a < b, a, b)


def greater(a, b):
    return np.where(a > b, a, b)


def cusp(v, h):
    """The cusp waves of speed v over depth h (arrays of one shape): angle (deg), celerity,
    wavenumber, group velocity; NaN where supercritical or none solves."""
    fh = v / np.sqrt(G * h)
    theta = 35.27 * (1 - np.exp(12 * (fh - 1)))
    c = v * np.cos(theta * np.pi / 180)
    q = c * c / (G * h)
    ok = (fh < 1) & (q < 1) & (v > 0)
    x = np.where(ok, 1 / np.where(ok, q, 1), np.nan)
    for _ in range(200):                  # Newton on tanh x = q x from above (x = k h)
        t = np.tanh(x)
        step = (t - q * x) / ((1 - t * t) - q)
        nxt = x - step
        x = np.where(nxt < x, nxt, x)
    k = x / h
    kh2 = 2 * x
    n = 0.5 * (1 + np.where(kh2 > 700, 0, kh2 / np.sinh(np.minimum(kh2, 700))))
    return np.where(ok, theta, np.nan), c, k, n * c


def rider(theta, c, k, cgs, hr):
    """The waves at the rider's depth hr: K = K_s K_r, c_g, cos(alpha_r), lambda (NaN: none)."""
    T = 2 * np.pi / (k * c)
    w = 2 * np.pi / T
    qr = w * w * hr / G
    x = qr / np.tanh(qr ** 0.75) ** (2 / 3)
    for _ in range(60):
        t = np.tanh(x)
        x = x - (x * t - qr) / (t + x * (1 - t * t))
    kr = x / hr
    cr = w / kr
    kh2 = 2 * x
    cgr = 0.5 * (1 + np.where(kh2 > 700, 0, kh2 / np.sinh(np.minimum(kh2, 700)))) * cr
    alpha_s = (90 - theta) * np.pi / 180
    sin_r = cr / c * np.sin(alpha_s)
    alpha_r = np.where(sin_r < 1, np.arcsin(np.minimum(sin_r, 1)), np.nan)
    K = np.sqrt(cgs / cgr) * np.sqrt(np.cos(alpha_s) / np.cos(alpha_r))
    return K, cgr, np.cos(alpha_r), 2 * np.pi / kr


def hull(L, B, D, cb=None, length=None, ratio=None):
    """A hull's (or a variant's) terms per ship: L, draft, C_B, entrance length."""
    length = L if length is None else length
    cb = np.full_like(L, CB_DEFAULT if cb is None else cb)
    draft = D / (cb * length * B)
    return length, draft, cb, length / (LE_DEFAULT if ratio is None else ratio)


def log_coefficients(ship, v, v2g, hKS, hP):
    """ln a_KS, ln a_P and F* (at the held depth) per ship x speed x track depth."""
    length, draft, cb, entrance = (a[:, None, None] for a in ship)
    beta = 1 + 8 * np.tanh(0.45 * (length / entrance - 2)) ** 3
    FL = v / np.sqrt(G * length)
    Fs = FL * np.exp(2.35 * (1 - cb) * draft / hKS)
    excess = np.maximum(Fs - 0.1, 0)
    aKS = v2g * beta * excess * excess * np.cbrt(length)
    aP = 0.28 * draft ** 1.25 * v2g * v2g / np.cbrt(hP * hP)
    with np.errstate(divide="ignore"):
        return np.log(aKS), np.log(aP), Fs, aKS, aP, beta, FL


def generation(L, B, D, v, h):
    """Per ship x speed x track depth (v and h broadcast to (1, m, k)): the members'
    coefficients, the central log coefficient (NaN where there is none) and the band's log
    half-widths (lower, upper)."""
    v2g = v * v / G
    hKS = np.maximum(h, v2g / HOLD_FROUDE ** 2)
    hP = np.minimum(hKS, np.pi * v2g)
    base = hull(L, B, D)
    lks, lp, Fs, aKS, aP, beta, FL = log_coefficients(base, v, v2g, hKS, hP)
    c0 = (lks + lp) / 2
    fh = v / np.sqrt(G * h)
    draft = base[1][:, None, None]
    volume_froude = v / np.sqrt(G * np.cbrt(D))[:, None, None]
    excess = Fs - 0.1
    load = np.where(excess > 0, beta * excess * excess, 0)
    outside = ~((Fs <= 0.1 + 1.25 * 0.4) & (load <= 0.4 * 1.25 * 1.25) & (FL <= 1.25 * 0.7)
                & (volume_froude < 3))
    none = (fh >= 1) | (h <= draft) | outside
    c0 = np.where(none, np.nan, c0)
    finite = np.isfinite(c0)
    # The band by cause, in the causes' order: entrance length, block coefficient, waterline
    # length, the members' spread.
    causes = []
    with np.errstate(invalid="ignore"):
        for group in ([(None, None, 2.5), (None, None, 4.0)], [(0.45, None, None), (0.65, None, None)],
                      [(None, 0.9 * L, None)]):
            lo, hi = np.zeros_like(c0), np.zeros_like(c0)
            for cb, length, ratio in group:
                other = log_coefficients(hull(L, B, D, cb, length, ratio), v, v2g, hKS, hP)
                delta = (other[0] + other[1]) / 2 - c0
                lo = np.where(np.isnan(delta) | (delta == -np.inf), np.inf, np.maximum(lo, -delta))
                hi = np.where(np.isnan(delta) | (delta == -np.inf), hi, np.maximum(hi, delta))
            causes.append((lo, hi))
        causes.append((np.maximum(0, c0 - np.minimum(lks, lp)), np.maximum(0, np.maximum(lks, lp) - c0)))
    lower, upper = np.zeros_like(c0), np.zeros_like(c0)
    for lo, hi in causes:
        lo = np.where(np.isfinite(lo), np.minimum(lo, BOUND), lo)
        hi = np.where(np.isfinite(hi), np.minimum(hi, BOUND), hi)
        lower, upper = lower + lo * lo, upper + hi * hi
    lower = np.where(finite, np.sqrt(lower), 0)
    upper = np.where(finite, np.sqrt(upper), 0)
    return aKS, aP, c0, lower, upper


def sorensen_weggel(D, v, h):
    """Sorensen & Weggel's (ln coefficient, exponent n) per ship x speed x track depth."""
    fh = v / np.sqrt(G * h)
    lnV3 = (np.log(D) / 3)[:, None, None]
    small = fh < 0.55
    bs = np.where(small, -0.225 * np.exp(-0.699 * np.log(fh)), -0.342)
    dl = np.where(small, -0.118 * np.exp(-0.356 * np.log(fh)), -0.146)
    a, b, c = -0.6 / fh, 0.75 * np.exp(-1.125 * np.log(fh)), 2.653 * fh - 1.95
    lnr = np.log(h) - lnV3
    n = bs * np.exp(dl * lnr)
    return a + b * lnr + c * lnr * lnr + (1 - n) * lnV3, n


def ensemble(L, B, D, v_kmh, h, y):
    v = (v_kmh / 3.6)[None, :, None]
    hs = h[None, None, :]
    v2g = v * v / G
    # The wave whose height is given and the cusp waves it travels with: over a trans-critical
    # track both held at h_0.7; and the slower speed where F_h = 0.7 over this very track.
    hw = np.where(hs > v2g, np.maximum(hs, v2g / HOLD_FROUDE ** 2), hs)
    K, cg, share, lam = rider(*cusp(np.broadcast_to(v, hw.shape), hw), RIDER_DEPTH)
    trans = hw > hs
    vs = np.broadcast_to(HOLD_FROUDE * np.sqrt(G * hs), trans.shape)
    Ks, cgs, shares, lams = rider(*cusp(vs, np.broadcast_to(hs, vs.shape)), RIDER_DEPTH)
    aKS, aP, c0, lower, upper = generation(L, B, D, v, hs)
    bKS, bP, b0, blower, bupper = generation(L, B, D, vs, hs)
    with np.errstate(divide="ignore", invalid="ignore"):
        slower = trans & ~np.isnan(c0) & (b0 + np.log(Ks) > c0 + np.log(np.where(np.isnan(K), 0, K)))
    pick = lambda a, b: np.where(slower, b, a)
    aKS, aP, c0, lower, upper = pick(aKS, bKS), pick(aP, bP), pick(c0, b0), pick(lower, blower), pick(upper, bupper)
    K, cg, share, lam = pick(K, Ks), pick(cg, cgs), pick(share, shares), pick(lam, lams)
    aSW, nSW = sorensen_weggel(D, v, hs)
    low = K * np.exp(-lower)
    high = np.where(np.isfinite(upper), K * np.exp(upper), np.inf)
    members = np.where(np.isnan(c0), np.nan, K)
    cap = 0.78 * RIDER_DEPTH
    q, ly = 1 / np.cbrt(y), np.log(y)
    col = lambda a: a[..., None]
    Hks = col(aKS) * q
    Hsw = np.exp(col(aSW) + col(nSW) * ly)
    Hp = col(aP) * q
    gen = col(np.exp(c0)) * q
    med = lesser(cap, gen * col(K))
    bottom = lesser(Hks, Hp) * col(members)
    top = greater(Hks, Hp) * col(members)
    lo = lesser(cap, lesser(gen * col(low), bottom))
    hi = lesser(cap, greater(gen * col(high), top))
    E = RHO * G / 8 * med * med
    P = E * col(cg)
    Pperp = P * col(share)
    Ew = E * col(lam)
    return Hks, Hsw, Hp, gen, med, lo, hi, E, P, Pperp, Ew


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--ships", type=int, default=1000)
    p.add_argument("--speeds", type=int, default=10)
    p.add_argument("--depths", type=int, default=10)
    p.add_argument("--distances", type=int, default=100)
    p.add_argument("--repeats", type=int, default=3)
    a = p.parse_args()
    args = inputs(a.ships, a.speeds, a.depths, a.distances)
    with np.errstate(invalid="ignore", divide="ignore", over="ignore"):
        out = ensemble(*args)
        best = math.inf
        for _ in range(a.repeats):
            del out
            t = time.perf_counter()
            out = ensemble(*args)
            best = min(best, time.perf_counter() - t)
    Hks, Hsw, Hp, gen, med, lo, hi, E, P = out[:9]
    sums = {name: float(np.nansum(x)) for name, x in
            [("median", med), ("energy", E), ("flux", P), ("ks", Hks), ("sw", Hsw), ("minimum", lo),
             ("maximum", hi), ("pianc", Hp), ("generated", gen)]}
    checksum = (sums["median"] + sums["energy"] + sums["flux"] + sums["ks"] + sums["sw"] + sums["minimum"]
                + sums["maximum"])
    cells = med.size
    print(json.dumps({"cells": cells, "seconds": best, "cellsPerSecond": cells / best, "checksum": checksum,
                      "sums": sums, "numpy": np.__version__}, sort_keys=True))


if __name__ == "__main__":
    main()
