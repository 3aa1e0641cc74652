#!/usr/bin/env python3
"""Builds the curated fleet files of the operators beyond Lake Zurich (Data/fleets/<id>.json)
and the note of every choice (Data/fleets/CHOICES.md) from Data/reference/other-fleets-sources.csv,
where each value stands as a cited source printed it, with its basis.

What the wake models need, and how it is chosen (the same rules as the Lake Zurich fleet):
- length: over all (LOA, "hors tout") where a source says so, else the operator's own figure,
  else the only one given;
- beam: of the hull. For paddle steamers (and diesel-electric paddle ships) only a hull beam a
  source states is used ("over paddle boxes (hull 6.8)" gives 6.8); a width over the paddle
  boxes or over all is never taken for it, so such a ship stays unrated until a hull beam is
  found. For motor ships the beam over all is the hull's;
- displacement in tonnes: a plain figure in t first, then a weight ("Schiffsgewicht", "schwer",
  "Tonnage" given in t), then an empty displacement in t, then a volume in m³ (one cubic metre of
  fresh water weighs one tonne, so m³ of displacement are tonnes on a lake);
- draft, top speed ("max", "V/max"), power, build year and capacity as published; a speed whose
  basis the source does not give is not used (it may be a service speed).
Nothing is estimated: a ship without a length, a hull beam or a displacement is listed without
it, and the rating table lists it as unrated with what is missing.

Run by hand after the sources change; the outputs are committed.
"""
import csv
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCES = os.path.join(ROOT, "Data/reference/other-fleets-sources.csv")
# Further sources found for this toolkit (same columns), read after the shared ones.
EXTRA = os.path.join(ROOT, "Data/reference/other-fleets-extra-sources.csv")
OUT = os.path.join(ROOT, "Data/fleets")

OPERATORS = {
    "SGV": ("sgv", "Schifffahrtsgesellschaft des Vierwaldstättersees (SGV)"),
    "CGN": ("cgn", "Compagnie Générale de Navigation sur le lac Léman (CGN)"),
    "BLS": ("bls", "BLS Schifffahrt (Thunersee, Brienzersee)"),
    "SBS": ("sbs", "Schweizerische Bodensee-Schifffahrt (SBS)"),
    "URh": ("urh", "Schweizerische Schifffahrtsgesellschaft Untersee und Rhein (URh)"),
    "BSG": ("bsg", "Bielersee-Schifffahrts-Gesellschaft (BSG)"),
    "LNM": ("lnm", "Société de Navigation sur les lacs de Neuchâtel et Morat (LNM)"),
    "SGZ": ("sgz", "Schifffahrtsgesellschaft für den Zugersee (SGZ)"),
    "SGH": ("sgh", "Schifffahrtsgesellschaft Hallwilersee (SGH)"),
    "Walensee": ("walensee", "Walenseeschiff (Walensee)"),
}


def number(text):
    try:
        return float(text.strip())
    except (ValueError, AttributeError):
        return None


def prefix_of(kind):
    k = kind.strip()
    if k.startswith("DS") or "steam again" in k:
        return "DS"
    if k.lower().startswith("ems"):
        return "EMS"
    return "MS"


def is_paddle(kind):
    return prefix_of(kind) == "DS" or "paddle" in kind.lower()


def plain(value):
    return int(value) if value == int(value) else value


def choose_length(rows, notes):
    given = [(r, number(r["length_m"])) for r in rows if number(r["length_m"])]
    if not given:
        return None
    def rank(item):
        basis = item[0]["length_basis"].lower()
        if "loa" in basis or "over all" in basis or "hors tout" in basis:
            return 0
        if "operator" in basis:
            return 1
        return 2
    chosen = sorted(given, key=rank)[0]
    values = sorted({v for _, v in given})
    if len(values) > 1:
        notes.append(
            f"length: sources give {', '.join(f'{plain(v)} m' for v in values)}; "
            f"{plain(chosen[1])} m taken ({chosen[0]['length_basis'] or 'basis not stated'})")
    return chosen


def choose_beam(rows, paddle, notes):
    if paddle:
        for r in rows:
            m = re.search(r"hull\s+([0-9.]+)", r["beam_basis"])
            if m:
                widths = sorted({number(x["beam_m"]) for x in rows if number(x["beam_m"])})
                if widths:
                    notes.append(
                        f"beam: hull {m.group(1)} m from '{r['beam_basis']}'; the "
                        f"{', '.join(f'{plain(w)} m' for w in widths)} published are widths over the paddle boxes or over all")
                return r, float(m.group(1))
        widths = sorted({number(x["beam_m"]) for x in rows if number(x["beam_m"])})
        if widths:
            notes.append(
                f"beam: only {', '.join(f'{plain(w)} m' for w in widths)} published, the width over the paddle "
                "boxes or over all, not the hull's; no beam taken")
        return None
    given = [(r, number(r["beam_m"])) for r in rows if number(r["beam_m"])]
    if not given:
        return None
    chosen = given[0]
    values = sorted({v for _, v in given})
    if len(values) > 1:
        notes.append(f"beam: sources give {', '.join(f'{plain(v)} m' for v in values)}; {plain(chosen[1])} m taken")
    return chosen


def displacement_rank(basis):
    b = basis.lower().strip()
    if b == "t":
        return 0, "displacement in t"
    if b.startswith("t") and ("empty" not in b) and ("leer" not in b):
        return 1, f"given as '{basis}'"
    if b.startswith("t"):
        return 2, f"empty, '{basis}'"
    if "m3" in b:
        return 3, f"'{basis}': m³ of fresh water are tonnes"
    return 4, basis


def choose_displacement(rows, notes):
    given = [(r, number(r["displacement"])) for r in rows if number(r["displacement"])]
    if not given:
        return None
    ranked = sorted(given, key=lambda item: displacement_rank(item[0]["displacement_basis"])[0])
    chosen = ranked[0]
    values = sorted({v for _, v in given})
    why = displacement_rank(chosen[0]["displacement_basis"])[1]
    if len(values) > 1:
        notes.append(
            f"displacement: sources give {', '.join(f'{plain(v)} t' for v in values)}; "
            f"{plain(chosen[1])} t taken ({why})")
    elif "m³" in why or "empty" in why or "given as" in why:
        notes.append(f"displacement: {plain(chosen[1])} t ({why})")
    return chosen


def first(rows, field, accept=lambda r: True):
    for r in rows:
        v = number(r[field])
        if v and accept(r):
            return r, v
    return None


def build():
    rows = list(csv.DictReader(open(SOURCES, encoding="utf-8")))
    rows += list(csv.DictReader(open(EXTRA, encoding="utf-8")))
    by_operator = {}
    for r in rows:
        by_operator.setdefault(r["operator"], {}).setdefault(r["name"], []).append(r)
    os.makedirs(OUT, exist_ok=True)
    choices = ["# Curated fleets beyond Lake Zurich: every choice", "",
               "Written by `scripts/build-other-fleets.py` from `Data/reference/other-fleets-sources.csv`",
               "(each value as a cited source printed it). The rules are in the script's header; below, per",
               "operator and ship, every conflict resolved and every value left out, with why.", ""]
    for operator, ships in by_operator.items():
        ident, title = OPERATORS[operator]
        entries = []
        choices += [f"## {title}: `Data/fleets/{ident}.json`", ""]
        for name, group in ships.items():
            kind = group[0]["type"]
            paddle = is_paddle(kind)
            notes = []
            ship = {"name": name, "prefix": prefix_of(kind)}
            length = choose_length(group, notes)
            if length:
                ship["lengthM"] = {"value": length[1], "source": length[0]["source_url"]}
            beam = choose_beam(group, paddle, notes)
            if beam:
                ship["beamM"] = {"value": beam[1], "source": beam[0]["source_url"]}
            displacement = choose_displacement(group, notes)
            if displacement:
                ship["displacementT"] = {"value": displacement[1], "source": displacement[0]["source_url"]}
            draft = first(group, "draft_m")
            if draft:
                ship["draftM"] = {"value": draft[1], "source": draft[0]["source_url"]}
            speed = first(group, "speed_kmh", lambda r: "max" in r["speed_basis"].lower())
            if speed:
                ship["topSpeedKmh"] = {"value": speed[1], "source": speed[0]["source_url"]}
            unused = sorted({number(r["speed_kmh"]) for r in group
                             if number(r["speed_kmh"]) and "max" not in r["speed_basis"].lower()})
            if unused and not speed:
                notes.append(f"speed: {', '.join(f'{plain(v)} km/h' for v in unused)} published without saying "
                             "whether top or service speed; not used")
            power = first(group, "power_kw")
            if power:
                ship["powerKW"] = {"value": power[1], "source": power[0]["source_url"]}
            year = next((r for r in group if r["year"].strip().isdigit()), None)
            if year:
                ship["buildYear"] = {"value": int(year["year"]), "source": year["source_url"]}
            capacity = next((r for r in group if r["capacity"].strip().isdigit()), None)
            if capacity:
                ship["capacity"] = {"value": int(capacity["capacity"]), "source": capacity["source_url"]}
            missing = [label for key, label in (("lengthM", "length"), ("beamM", "hull beam" if paddle else "beam"),
                                                ("displacementT", "displacement")) if key not in ship]
            if missing:
                notes.append(f"not rated until a source gives its {', '.join(missing)}")
            if notes:
                ship["note"] = "; ".join(notes)
            entries.append(ship)
            choices.append(f"- **{ship['prefix']} {name}**: " + ("; ".join(notes) if notes else "one source per value, no conflict"))
        fleet = {
            "description": f"Curated fleet of the {title}, built by scripts/build-other-fleets.py from "
                           "Data/reference/other-fleets-sources.csv. Each value names its source; the choices "
                           "are in Data/fleets/CHOICES.md. No operator page is scraped for this fleet.",
            "ships": entries,
        }
        with open(os.path.join(OUT, f"{ident}.json"), "w", encoding="utf-8") as f:
            json.dump(fleet, f, ensure_ascii=False, indent=2, sort_keys=True)
            f.write("\n")
        choices.append("")
    with open(os.path.join(OUT, "CHOICES.md"), "w", encoding="utf-8") as f:
        f.write("\n".join(choices).rstrip() + "\n")


if __name__ == "__main__":
    sys.exit(build())
