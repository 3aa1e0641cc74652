#!/usr/bin/env python3
"""Builds the bundled data in Data/ from the reference data in ../shared/data.

Run once by hand; its outputs are committed. Kept for provenance: it shows exactly how the
snapshot pages and the curated fleet file were derived.

- Data/reference/: verbatim copies of the legacy script's 2025-01-14 output and of
  fleet-sources.csv (every published spec with its sources).
- Data/snapshots/zsg-2025-01-14/: the ten legacy-layout fleet pages behind the 2025 CSV,
  RECONSTRUCTED in the operator's old layout (DOMAIN.md section 2) from the values the legacy
  script scraped. They are not the original HTML; the values are exactly those published.
- Data/fleet.json: the curated fleet (17 units) with a source for every value.
- Data/app-ratings.json: the ratings the Next Wave app hard-codes, in the ship-ratings.json format.
"""
import csv, html, json, os, shutil, sys

shared = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "..", "shared", "data")
root = os.path.join(os.path.dirname(__file__), "..", "Data")
os.makedirs(os.path.join(root, "reference"), exist_ok=True)
for name in ("schiffsdaten-2025-01-14.csv", "fleet-sources.csv"):
    shutil.copyfile(os.path.join(shared, name), os.path.join(root, "reference", name))

SITE = "https://www.zsg.ch"
INDEX_PATH = "/de/gruppen-firmen/eventlocation-mieten/schiff-mieten"
SPEC_KEYS = ["Baujahr", "Bauwerft", "Verdrängung leer", "Maschine", "Antrieb", "KW / PS",
             "Länge", "Breite", "Besatzung", "Personenkapazität"]
NOTE = ("Reconstruction for the Next Wave Toolkit: the operator's legacy page layout, holding exactly "
        "the values the legacy script scraped on 2025-01-14. Not the original HTML.")

with open(os.path.join(shared, "schiffsdaten-2025-01-14.csv"), encoding="utf-8") as f:
    legacy = list(csv.DictReader(f))

snap = os.path.join(root, "snapshots", "zsg-2025-01-14")
os.makedirs(snap, exist_ok=True)

def page(title, body):
    return f"""<!DOCTYPE html>
<html lang="de">
<head>
<meta charset="utf-8">
<title>{html.escape(title)} - Zürichsee-Schifffahrtsgesellschaft</title>
<base href="{SITE}/">
<!-- {NOTE} -->
</head>
<body id="top" class="unknown-os">
<div id="wrapper">
<header id="header"><div class="inside"><a class="logo" href="de">ZSG</a></div></header>
<div id="container">
<main id="main"><div class="inside">
{body}
</div></main>
</div>
<footer id="footer"><div class="inside"><p>Zürichsee-Schifffahrtsgesellschaft AG</p></div></footer>
</div>
</body>
</html>
"""

links = []
manifest_pages = []
for row in legacy:
    href = row["URL"][len(SITE) + 1:]
    slug = href.rsplit("/", 1)[-1]
    links.append((href, row["Schiffname"]))
    rows = "\n".join(
        f"<tr><td>{html.escape(k)}</td><td>{html.escape(row[k])}</td></tr>" for k in SPEC_KEYS)
    body = f"""<div class="mod_article first last block" id="article-{slug}">
<div class="ce_headline first"><h1>{html.escape(row["Schiffname"])}</h1></div>
<div class="ce_text block"><p>Mieten Sie die {html.escape(row["Schiffname"])} für Ihren Anlass.</p></div>
<section class="ce_accordion ce_accordionStart block">
<div class="toggler">Technische Informationen</div>
<div class="accordion"><div>
<table class="specs">
<thead><tr><th colspan="2">Daten</th></tr></thead>
<tbody>
{rows}
</tbody>
</table>
</div></div>
</section>
<section class="ce_accordion block">
<div class="toggler">Ausstattung</div>
<div class="accordion"><div>
<table><tbody>
<tr><td>Salon</td><td>beheizt</td></tr>
<tr><td>Gastronomie</td><td>Bordrestaurant</td></tr>
</tbody></table>
</div></div>
</section>
</div>"""
    with open(os.path.join(snap, slug + ".html"), "w", encoding="utf-8") as f:
        f.write(page(row["Schiffname"], body))
    manifest_pages.append({"url": row["URL"], "file": slug + ".html"})

items = "\n".join(f'<li><a href="{h}" title="{html.escape(n)}">{html.escape(n)}</a></li>' for h, n in links)
index_body = f"""<nav class="mod_navigation block">
<ul class="vlist level_1"><li class="submenu trail"><a href="de/gruppen-firmen">Gruppen &amp; Firmen</a>
<ul class="vlist level_2"><li class="submenu trail"><a href="de/gruppen-firmen/eventlocation-mieten">Eventlocation mieten</a>
<ul class="vlist level_3">
{items}
<li><a href="de/gruppen-firmen/eventlocation-mieten/schiff-mieten/anfrage">Anfrage</a></li>
</ul></li></ul></li></ul>
</nav>
<div class="mod_article first last block"><div class="ce_headline first"><h1>Schiff mieten</h1></div></div>"""
with open(os.path.join(snap, "index.html"), "w", encoding="utf-8") as f:
    f.write(page("Schiff mieten", index_body))
manifest = {
    "siteRoot": SITE,
    "indexURL": SITE + INDEX_PATH,
    "description": NOTE,
    "capturedAt": "2025-01-14T00:00:00Z",
    "pages": [{"url": SITE + INDEX_PATH, "file": "index.html"}] + manifest_pages,
}
with open(os.path.join(snap, "manifest.json"), "w", encoding="utf-8") as f:
    json.dump(manifest, f, ensure_ascii=False, indent=2)
    f.write("\n")

# --- curated fleet -------------------------------------------------------------------------
with open(os.path.join(shared, "fleet-sources.csv"), encoding="utf-8") as f:
    sources = list(csv.DictReader(f))

legacy_by_url = {r["URL"]: r for r in legacy}
DOMAIN_NOTE = "shared/DOMAIN.md §3 (Next Wave domain notes)"
ALIASES = {
    "MS": ["MS {n}", "M/S {n}", "Motorschiff {n}", "{n}"],
    "DS": ["DS {n}", "Dampfschiff {n}", "{n}"],
    "EMS": ["EMS {n}", "EM {n}", "E-MS {n}", "MS {n}", "{n}"],
}
FIELDS = [("buildYear", "build_year", int), ("shipyard", "shipyard", str), ("displacementT", "displacement_t", float),
          ("engine", "engine", str), ("propulsion", "propulsion", str), ("powerKW", "power_kw", float),
          ("powerPS", "power_ps", float), ("lengthM", "length_m", float), ("beamM", "beam_m", float),
          ("crew", "crew", int), ("capacity", "capacity", int)]

ships = []
for s in sources:
    urls = [u.strip() for u in s["source_urls"].split("|") if u.strip()]
    zsg = next((u for u in urls if "zsg.ch/de/gruppen-firmen" in u), None)
    other = next((u for u in urls if "zsg.ch/de/gruppen-firmen" not in u and "github.com" not in u), None)
    default_source = zsg or other or urls[0]
    entry = {"name": s["name"], "prefix": s["type_prefix"],
             "aliases": sorted({a.format(n=s["name"]) for a in ALIASES[s["type_prefix"]]} - {s["type_prefix"] + " " + s["name"]})}
    for key, col, typ in FIELDS:
        raw = s[col].strip()
        if not raw:
            continue
        value = typ(float(raw)) if typ is int else typ(raw)
        entry[key] = {"value": value, "source": default_source}
    ships.append(entry)

by_name = {e["name"]: e for e in ships}
WIKI_STADT_ZUERICH = "https://de.wikipedia.org/wiki/Stadt_Z%C3%BCrich_(Schiff,_1909)"
WIKI_STADT_RAPPERSWIL = "https://de.wikipedia.org/wiki/Stadt_Rapperswil_(Schiff)"
for steamer, wiki in (("Stadt Zürich", WIKI_STADT_ZUERICH), ("Stadt Rapperswil", WIKI_STADT_RAPPERSWIL)):
    by_name[steamer]["beamM"] = {
        "value": 7.0, "source": wiki,
        "overridesPage": "hull beam; the operator's 13.5 m is the width over the paddle boxes"}

# Hull shape and speeds for the distance-aware wake models, where a source publishes them (the
# models' defaults stand in for the rest, and reports say so). Wikipedia gives top speeds; the
# Limmat boats' builder gives a service speed.
WIKI_PANTA_RHEI = "https://de.wikipedia.org/wiki/Panta_Rhei_%28Schiff%29"
LIMMAT_DELIVERY = "https://www.schiffundhafen.de/nachrichten/schiffbau/detail/emissionsfreie-faehre-fuer-die-schweiz.html"
LIMMAT_TRIALS = ("https://www.schiffundhafen.de/nachrichten/schiffbau/detail/"
                 "zweites-elektro-fahrgastschiff-fuer-zuerichsee-absolviert-probefahrten.html")
HULL_EXTRAS = {
    "Panta Rhei": {"draftM": (1.39, WIKI_PANTA_RHEI), "topSpeedKmh": (30.0, WIKI_PANTA_RHEI)},
    "Stadt Zürich": {"topSpeedKmh": (27.0, WIKI_STADT_ZUERICH)},
    "Stadt Rapperswil": {"topSpeedKmh": (27.0, WIKI_STADT_RAPPERSWIL)},
}
for boat in ("Fluvius", "Navalis", "Pontus"):
    HULL_EXTRAS[boat] = {"draftM": (0.85, LIMMAT_DELIVERY), "serviceSpeedKmh": (12.0, LIMMAT_DELIVERY),
                         "topSpeedKmh": (16.0, LIMMAT_TRIALS)}
for name, values in HULL_EXTRAS.items():
    for key, (value, source) in values.items():
        by_name[name][key] = {"value": value, "source": source}
by_name["Uetliberg"]["displacementT"] = {
    "value": 192.0, "source": "https://ampereship.com/pemiere-zuerichsee",
    "overridesPage": "converted to battery-electric 2024/25 (about 192 t); the shared page still gives the 1999 diesel sister ships' 149 t"}
by_name["Uetliberg"]["powerKW"]["source"] = "https://www.vaielettrico.it/a-zurigo-dopo-26-anni-di-diesel-il-traghetto-diventa-elettrico/"
by_name["Uetliberg"]["powerKW"]["overridesPage"] = (
    "converted to battery-electric 2024/25: two 160 kW motors; the shared page still gives the diesel sister ships' 500 kW")
by_name["Linth"]["note"] = "displacement: 276 t on the operator's page, 261 t in the operator's 2016 press release (page value kept)"
for n in ("Zimmerberg", "Forch"):
    by_name[n]["note"] = "no published length, beam or displacement"
# The canonical field order of the fleet file (ShipRatings/FleetFile.swift writes the same, so
# that `nextwave fleet add` and this script produce byte-identical files).
ORDER = ["name", "prefix", "aliases", "buildYear", "shipyard", "displacementT", "engine", "propulsion", "powerKW",
         "powerPS", "lengthM", "beamM", "crew", "capacity", "draftM", "blockCoefficient", "entranceLengthM",
         "serviceSpeedKmh", "topSpeedKmh", "note"]


def canonical(entry):
    ordered = {k: entry[k] for k in ORDER if k in entry}
    for k in sorted(set(entry) - set(ORDER)):
        ordered[k] = entry[k]
    for k, v in ordered.items():
        if isinstance(v, dict):
            ordered[k] = {kk: v[kk] for kk in ["value", "source", "overridesPage"] if kk in v}
    return ordered


ships = [canonical(e) for e in ships]
fleet = {
    "description": ("Curated Lake Zurich fleet (ZSG, 17 units, 2025-26), built from Data/reference/fleet-sources.csv "
                    "by scripts/reconstruct-data.py. Each value names its source. A value with 'overridesPage' is used "
                    "instead of the operator's page value, for the reason given; all others only fill gaps."),
    "ships": ships,
}
with open(os.path.join(root, "fleet.json"), "w", encoding="utf-8") as f:
    json.dump(fleet, f, ensure_ascii=False, indent=2)
    f.write("\n")

# --- the app's hard-coded ratings ----------------------------------------------------------
app3 = {"Panta Rhei", "Albis", "Uetliberg", "Pfannenstiel"}
app2 = {"Wädenswil", "Limmat", "Helvetia", "Linth", "Stadt Zürich", "Stadt Rapperswil"}
# The ship-ratings.json format (schemas/ship-ratings.schema.json, version 2), every documented
# key present: the app states ratings only, so every figure is null.
FIGURES = ["ratingBasis", "unratedReason", "lengthM", "beamM", "displacementT", "waveHeightM", "energyJPerM2",
           "forceNPerM2", "powerWPerM", "froudeLength", "froudeDepth", "reynolds"]
app = {
    "schemaVersion": 2,
    "generatedAt": "2025-10-23T00:00:00Z",
    "model": {"name": "next-wave-app-hardcoded", "speedKmh": None, "depthM": None,
              "thresholds": {"energyJPerM2": [150, 250], "forceNPerM2": [45000, 55000]}, "wake": None},
    "ships": [
        {"name": f"{e['prefix']} {e['name']}", "aliases": e["aliases"],
         "rating": 3 if e["name"] in app3 else 2 if e["name"] in app2 else 1,
         **{k: None for k in FIGURES},
         "source": {"page": None, "curated": "Next Wave app (WaveAnalyticsViewModel hard-coded lists)"},
         "ratingsByModel": {"legacy": None, "wake": None}, "wake": None}
        for e in ships
    ],
}
with open(os.path.join(root, "app-ratings.json"), "w", encoding="utf-8") as f:
    json.dump(app, f, ensure_ascii=False, indent=2)
    f.write("\n")
print("wrote", root)
