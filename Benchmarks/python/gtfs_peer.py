#!/usr/bin/env python3
"""The GTFS peer of `nextwave archive import-gtfs` + `nextwave sessions`: the same zipped feed read
by gtfs-kit (a maintained pandas GTFS library, pinned in Benchmarks/requirements.txt) to the ship
departures per station and service day, by the toolkit's rules (docs/ARCHITECTURE.md, GTFS):
- a ship trip is a trip of a route of agency 194 whose route_desc is BAT, BAV or FAE (or, when
  route_desc is empty, whose route_type is 4 or 1000-1299);
- its service days are calendar.txt's weekdays between the dates, with calendar_dates.txt's
  exceptions (gtfs-kit's trip activity);
- a departure is every stop of a trip but its last, at the stop's station (the digits of
  parent_station, else of stop_id up to its first ':').

Prints one JSON line: seconds (whole run, reading included), departures, station-days, and a
checksum of (station, date, count) the comparison checks against the toolkit's wave list.
Peak memory is measured by the caller (GNU time)."""
import argparse, json, re, time, warnings

import gtfs_kit as gk
import pandas as pd

p = argparse.ArgumentParser()
p.add_argument("feed")
p.add_argument("--agency", default="194")
a = p.parse_args()
# gtfs-kit adds one column per date to its trip-activity frame; pandas warns about it.
warnings.simplefilter("ignore")

started = time.perf_counter()
feed = gk.read_feed(a.feed, dist_units="km")
routes = feed.routes
desc = routes["route_desc"].fillna("") if "route_desc" in routes else pd.Series("", index=routes.index)
kind = pd.to_numeric(routes["route_type"], errors="coerce").fillna(0).astype(int)
ship = routes["agency_id"].astype(str).eq(a.agency) & (
    desc.isin(["BAT", "BAV", "FAE"]) | (desc.eq("") & (kind.eq(4) | kind.between(1000, 1299))))
ships = gk.restrict_to_routes(feed, routes.loc[ship, "route_id"].tolist())

dates = ships.get_dates()
activity = ships.compute_trip_activity(dates)  # trip_id, then one 0/1 column per date
active = activity.melt(id_vars="trip_id", var_name="date", value_name="on")
active = active[active["on"] == 1][["trip_id", "date"]]

times = ships.stop_times[["trip_id", "stop_id", "stop_sequence"]].copy()
times["stop_sequence"] = pd.to_numeric(times["stop_sequence"])
last = times.groupby("trip_id")["stop_sequence"].transform("max")
departures = times[times["stop_sequence"] < last]
stops = ships.stops.drop_duplicates("stop_id").set_index("stop_id")
parent = departures["stop_id"].map(stops["parent_station"]) if "parent_station" in stops else None
station_text = parent.where(parent.notna() & parent.ne(""), departures["stop_id"]) if parent is not None \
    else departures["stop_id"]
departures = departures.assign(
    station=station_text.map(lambda s: int(re.sub(r"\D", "", str(s).split(":")[0]) or 0)))

per_day = departures.merge(active, on="trip_id").groupby(["station", "date"]).size()
seconds = time.perf_counter() - started
checksum = sum((int(s) * 31 + int(d)) * c for (s, d), c in per_day.items()) % (1 << 61)
print(json.dumps({"seconds": seconds, "departures": int(per_day.sum()), "stationDays": int(len(per_day)),
                  "checksum": checksum, "gtfsKit": gk.__version__ if hasattr(gk, "__version__") else "?"}))
