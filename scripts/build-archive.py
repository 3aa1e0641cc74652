#!/usr/bin/env python3
"""Builds the bundled schedule archive Data/archive/zsg-2026-09 and the station catalogue.

Run once by hand; its outputs are committed. Kept for provenance: it shows exactly how the
archive was derived from ../shared/data.

Inputs (../shared/data):
- zsg-courses-2026-09.json: the operator's Lake Zurich courses for 2026-09-22 .. 2026-10-01 with
  stop times (local, HH:MM) and the ship assigned to each course, as its deployment page
  published them.
- stations.json, schedule_periods.json: the Next Wave app's station list and timetable periods.

Outputs:
- Data/stations.json: the app's station list with one correction: Herrliberg (See) carries
  Meilen's id 8503661 in the app; the transport API's id for it is 8503660.
- Data/schedule_periods.json: verbatim copy.
- Data/archive/zsg-2026-09/stationboards/<date>/<uic>.json: one transport.opendata.ch
  /v1/stationboard body per station and day, in the API's shape (DOMAIN.md section 6). A course
  departs from every stop but its last; the last is an arrival and is not on a departure board.
  Category: BAV for courses run by a paddle steamer (DS ...) that day, BAT otherwise. Fields the
  operator page does not give (platform, prognosis, capacity) are null, as the API writes them
  for ships.
- Data/archive/zsg-2026-09/deployments/<date>.json: {"date", "routes": [{shipName, courseNumber}]}.
- Data/archive/zsg-2026-09/PROVENANCE.md.
"""
import json, os, shutil, sys
from datetime import datetime
from zoneinfo import ZoneInfo

shared = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "..", "shared", "data")
data = os.path.join(os.path.dirname(__file__), "..", "Data")
zone = ZoneInfo("Europe/Zurich")

# Operator station name -> app station name (stations.json, lake Zürichsee).
OPERATOR_TO_APP = {
    "Zürich Bürkliplatz": "Zürich Bürkliplatz (See)",
    "Küsnacht ZH": "Küsnacht ZH (See)",
    "Erlenbach ZH": "Erlenbach ZH (See)",
    "Herrliberg": "Herrliberg (See)",
    "Meilen": "Meilen (See)",
    "Halbinsel Au": "Halbinsel Au",
    "Wädenswil": "Wädenswil (See)",
    "Richterswil": "Richterswil (See)",
    "Insel Ufenau": "Insel Ufenau",
    "Rapperswil": "Rapperswil SG (See)",
    "Thalwil": "Thalwil (See)",
    "Oberrieden": "Oberrieden (See)",
    "Horgen": "Horgen (See)",
    "Männedorf": "Männedorf (See)",
    "Stäfa": "Stäfa (See)",
}
ID_CORRECTIONS = {"Herrliberg (See)": ("8503661", "8503660")}

with open(os.path.join(shared, "stations.json"), encoding="utf-8") as f:
    stations = json.load(f)
for lake in stations["lakes"]:
    for st in lake["stations"]:
        # The app's list holds one bare name ("Interlaken Ost (See)") without id or coordinates;
        # it is kept verbatim and the toolkit's loader reports and skips it.
        if isinstance(st, dict) and st["name"] in ID_CORRECTIONS:
            old, new = ID_CORRECTIONS[st["name"]]
            assert st["uic_ref"] == old, st
            st["uic_ref"] = new
stations["toolkit_corrections"] = [
    "Herrliberg (See): uic_ref 8503661 (Meilen's id in the app's list) corrected to 8503660, the "
    "transport API's id (DOMAIN.md section 6)."
]
with open(os.path.join(data, "stations.json"), "w", encoding="utf-8") as f:
    json.dump(stations, f, ensure_ascii=False, indent=2)
    f.write("\n")
shutil.copyfile(os.path.join(shared, "schedule_periods.json"), os.path.join(data, "schedule_periods.json"))

zurich = next(l for l in stations["lakes"] if l["name"] == "Zürichsee")
by_name = {st["name"]: st for st in zurich["stations"] if isinstance(st, dict)}


def api_station(operator_name):
    st = by_name[OPERATOR_TO_APP[operator_name]]
    return {
        "id": st["uic_ref"], "name": st["name"], "score": None,
        "coordinate": {"type": "WGS84", "x": st["coordinates"]["latitude"], "y": st["coordinates"]["longitude"]},
        "distance": None,
    }


def stamp(day, hhmm):
    moment = datetime.strptime(f"{day} {hhmm}", "%Y-%m-%d %H:%M").replace(tzinfo=zone)
    text = moment.strftime("%Y-%m-%dT%H:%M:%S%z")  # +0200, no colon: as the API writes it
    return text, int(moment.timestamp())


def pass_stop(day, stops, index):
    hhmm, name = stops[index]
    text, ts = stamp(day, hhmm)
    last = index == len(stops) - 1
    first = index == 0
    return {
        "station": api_station(name),
        "arrival": None if first else text, "arrivalTimestamp": None if first else ts,
        "departure": None if last else text, "departureTimestamp": None if last else ts,
        "delay": None, "platform": None,
        "prognosis": {"platform": None, "arrival": None, "departure": None, "capacity1st": None, "capacity2nd": None},
        "realtimeAvailability": None,
        "location": api_station(name),
    }


with open(os.path.join(shared, "zsg-courses-2026-09.json"), encoding="utf-8") as f:
    courses = json.load(f)

archive = os.path.join(data, "archive", "zsg-2026-09")
if os.path.isdir(archive):
    shutil.rmtree(archive)
counts = {}
for day, day_courses in sorted(courses["days"].items()):
    boards = {}
    for course in day_courses:
        stops = course["stops"]
        category = "BAV" if course["ship"].startswith("DS ") else "BAT"
        for i in range(len(stops) - 1):
            journey = {
                "stop": pass_stop(day, stops, i),
                "name": course["course"].zfill(6),
                "category": category, "subcategory": None, "categoryCode": None,
                "number": course["course"],
                "operator": "ZSG",
                "to": OPERATOR_TO_APP[stops[-1][1]],
                "passList": [pass_stop(day, stops, k) for k in range(i, len(stops))],
                "capacity1st": None, "capacity2nd": None,
            }
            boards.setdefault(stops[i][1], []).append(journey)
    out = os.path.join(archive, "stationboards", day)
    os.makedirs(out, exist_ok=True)
    for name, journeys in boards.items():
        journeys.sort(key=lambda j: (j["stop"]["departureTimestamp"], j["name"]))
        body = {"station": api_station(name), "stationboard": journeys}
        with open(os.path.join(out, api_station(name)["id"] + ".json"), "w", encoding="utf-8") as f:
            json.dump(body, f, ensure_ascii=False, separators=(",", ":"))
            f.write("\n")
        counts[name] = counts.get(name, 0) + len(journeys)
    deployments = {
        "date": day,
        "routes": [{"shipName": c["ship"], "courseNumber": c["course"]} for c in day_courses],
    }
    os.makedirs(os.path.join(archive, "deployments"), exist_ok=True)
    with open(os.path.join(archive, "deployments", day + ".json"), "w", encoding="utf-8") as f:
        json.dump(deployments, f, ensure_ascii=False, indent=1)
        f.write("\n")

days = sorted(courses["days"])
with open(os.path.join(archive, "PROVENANCE.md"), "w", encoding="utf-8") as f:
    f.write(f"""# Schedule archive: Lake Zurich (ZSG), {days[0]} .. {days[-1]}

Built by `scripts/build-archive.py` from `zsg-courses-2026-09.json` (shared reference data): the
operator's courses with stop times and the ship assigned to each course, as its deployment page
(einsatzderschiffe.zsg.ch) published them for these ten days (observed 2026-09-30).

- `stationboards/<date>/<uic>.json` are **reconstructed** transport.opendata.ch `/v1/stationboard`
  bodies, not captured ones: every course departs from each of its stops but the last. Station
  names and ids are the app's (`Data/stations.json`), mapped from the operator's names (e.g.
  "Rapperswil" -> "Rapperswil SG (See)"). Category BAV marks courses a paddle steamer ran that day,
  BAT the others. Fields the operator page does not give (platform, prognosis, capacity) are null.
- `deployments/<date>.json` hold the ship assignments exactly as published, one route per course.

{len(counts)} stations, {sum(counts.values())} departures over {len(days)} days.
""")
print(f"{len(counts)} stations, {sum(counts.values())} departures, {len(days)} days -> {archive}")
