#!/usr/bin/env python3
"""How sure a predicted ship is: on the bundled archive's ship assignments (Zürichsee,
2026-09-22 … 2026-10-01), each day is left out in turn, each of its courses is predicted the
way the sessions and the feed predict it (the ships that ran that course number on the other
archived days of the same timetable period, most frequent first; all other days when the period
has none), and the most likely ship is compared with the ship the operator assigned.

Prints the share of courses whose most likely predicted ship was the assigned one, and the mean
share the prediction gave the assigned ship. Independent of the Swift code (plain JSON reads).
Usage: scripts/prediction-accuracy.py [ARCHIVE-DIR]
"""
import collections, glob, json, os, sys

archive = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "Data/archive/zsg-2026-09")
days = {}
for path in sorted(glob.glob(os.path.join(archive, "deployments", "*.json"))):
    page = json.load(open(path))
    days[page["date"]] = {r["courseNumber"].lstrip("0") or "0": r["shipName"] for r in page["routes"]}

periods = json.load(open(os.path.join(os.path.dirname(__file__), "..", "Data/schedule_periods.json")))
zurich = next(l for l in periods["lakes"] if l["name"] == "Zürichsee")["schedule_periods"]


def period(date):
    # The periods repeat each year: compare month and day.
    md = date[5:]
    for p in zurich:
        if p["start_date"][5:] <= md <= p["end_date"][5:]:
            return p["name"]
    return None


hits = total = 0
share_sum = 0.0
for day, courses in days.items():
    same = [d for d in days if d != day and period(d) == period(day)]
    others = same or [d for d in days if d != day]
    for course, ship in courses.items():
        seen = collections.Counter(days[d][course] for d in others if course in days[d])
        if not seen:
            continue
        n = sum(seen.values())
        top, _ = seen.most_common(1)[0]
        total += 1
        hits += top == ship
        share_sum += seen[ship] / n
print(f"{total} courses predicted on {len(days)} days: the most likely ship was the assigned one "
      f"for {hits} ({100 * hits / total:.0f} %); the prediction gave the assigned ship {100 * share_sum / total:.0f} % on average")
