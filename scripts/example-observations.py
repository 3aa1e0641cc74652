#!/usr/bin/env python3
"""Writes Data/observations/example.csv: an ILLUSTRATIVE observations file for
`nextwave calibrate`, not measurements. No measured wake heights from Swiss lakes were available
to this project; the rows are ships of the Lake Zurich fleet at plausible speeds, depths and
distances, with heights drawn from a power law of the calibrated form,

    ln H = -1.2 + 1.0 ln(V^2/g) - 0.33 ln(y/L) + 1.0 ln(F_h) + 0.5 ln(D/(rho_t L B)) + e,  e ~ N(0, 0.2^2),

so that the command has something to fit. Replace it with real measurements (a pressure logger at
a pier, a phone on a buoy) before believing any coefficient.
"""
import csv, math, os, random

random.seed(2026)
# Every row says where it comes from; measured files cite their measurement (docs/SCIENCE.md §6.1).
SOURCE = "ILLUSTRATIVE, not measured: drawn by scripts/example-observations.py"
g = 9.81
fleet = [  # name, L, B, D, draft or None
    ("MS Panta Rhei", 56.6, 10.7, 382, 1.39), ("MS Helvetia", 56, 12.3, 302, None),
    ("MS Linth", 54, 11.6, 276, None), ("MS Wädenswil", 48.2, 9.6, 177, None),
    ("MS Albis", 42.4, 7.3, 149, None), ("MS Bachtel", 33.3, 6.3, 64, None),
    ("DS Stadt Zürich", 59.1, 7.0, 260, None), ("EMS Fluvius", 22.5, 3.8, 38.19, 0.85),
]
rows = []
for i in range(48):
    name, L, B, D, T = random.choice(fleet)
    speed = round(random.uniform(12, 26), 1)
    depth = round(random.uniform(4, 40), 1)
    distance = round(random.uniform(15, 150), 0)
    v = speed / 3.6
    lnH = (-1.2 + 1.0 * math.log(v * v / g) - 0.33 * math.log(distance / L)
           + 1.0 * math.log(v / math.sqrt(g * depth)) + 0.5 * math.log(D / (L * B)) + random.gauss(0, 0.2))
    rows.append([name, L, B, D, speed, depth, distance, round(math.exp(lnH), 3), T if T else "", SOURCE])
out = os.path.join(os.path.dirname(__file__), "..", "Data", "observations", "example.csv")
with open(out, "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f, lineterminator="\n")
    w.writerow(["ship", "lengthM", "beamM", "displacementT", "speedKmh", "trackDepthM", "distanceM", "heightM", "draftM",
                "source"])
    w.writerows(rows)
print("wrote", out)
