#!/usr/bin/env python3
"""The Polars peer of the GTFS year: the zipped feed unzipped to a temporary folder, then one lazy
Polars query (scan_csv, streaming engine) that counts the ship departures per station and service
day by the rules of `gtfs_peer.py` and `gtfs_duckdb.py` (calendar_dates.txt included).

Prints one JSON line: seconds (unzip and query), departures, station-days, and the checksum of
(station, date, count) that Benchmarks/python/compare.py checks against the toolkit's."""
import argparse, json, os, shutil, tempfile, time, zipfile

import polars as pl

p = argparse.ArgumentParser()
p.add_argument("feed")
p.add_argument("--agency", default="194")
a = p.parse_args()

started = time.perf_counter()
folder = tempfile.mkdtemp(prefix="gtfs-polars-")
try:
    with zipfile.ZipFile(a.feed) as z:
        z.extractall(folder)
    unzipped = time.perf_counter()

    def scan(name):
        return pl.scan_csv(os.path.join(folder, f"{name}.txt"), infer_schema=False)

    text = lambda column: pl.col(column).fill_null("")
    kind = pl.col("route_type").cast(pl.Int32, strict=False)
    routes = scan("routes").filter(
        (pl.col("agency_id") == a.agency)
        & (text("route_desc").str.to_uppercase().is_in(["BAT", "BAV", "FAE"])
           | ((text("route_desc") == "") & ((kind == 4) | kind.is_between(1000, 1299)))))
    trips = scan("trips").join(routes.select("route_id"), on="route_id", how="semi").select("trip_id", "service_id")

    weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
    spans = (scan("calendar")
             .with_columns(day=pl.date_ranges(pl.col("start_date").str.to_date("%Y%m%d"),
                                               pl.col("end_date").str.to_date("%Y%m%d")))
             .explode("day")
             .filter(pl.concat_list(weekdays).list.get(pl.col("day").dt.weekday() - 1) == "1")
             .select("service_id", "day"))
    if os.path.exists(os.path.join(folder, "calendar_dates.txt")):
        exceptions = scan("calendar_dates").with_columns(day=pl.col("date").str.to_date("%Y%m%d"))
        added = exceptions.filter(pl.col("exception_type") == "1").select("service_id", "day")
        removed = exceptions.filter(pl.col("exception_type") == "2").select("service_id", "day")
        service_days = pl.concat([spans, added]).unique().join(removed, on=["service_id", "day"], how="anti")
    else:
        service_days = spans.unique()

    times = (scan("stop_times").select("trip_id", "stop_id", "stop_sequence", "departure_time")
             .join(trips.select("trip_id"), on="trip_id", how="semi")
             .with_columns(seq=pl.col("stop_sequence").cast(pl.Int32)))
    departures = (times.with_columns(last=pl.col("seq").max().over("trip_id"))
                  .filter((pl.col("seq") < pl.col("last")) & (text("departure_time") != ""))
                  .select("trip_id", "stop_id"))
    # stops.txt may list a stop twice; each stop counts once.
    stations = (scan("stops")
                .with_columns(station=pl.when(text("parent_station") == "").then(pl.col("stop_id"))
                              .otherwise(pl.col("parent_station"))
                              .str.split(":").list.first().str.replace_all(r"\D", "").cast(pl.Int64))
                .select("stop_id", "station").unique())
    per_day = (departures.join(stations, on="stop_id").join(trips, on="trip_id").join(service_days, on="service_id")
               .group_by("station", "day").len()
               .with_columns(date=pl.col("day").dt.strftime("%Y%m%d").cast(pl.Int64))
               .collect(engine="streaming"))
finally:
    shutil.rmtree(folder, ignore_errors=True)
seconds = time.perf_counter() - started
checksum = sum((s * 31 + d) * n for s, d, n in per_day.select("station", "date", "len").iter_rows()) % (1 << 61)
print(json.dumps({"seconds": seconds, "unzipSeconds": unzipped - started, "departures": int(per_day["len"].sum()),
                  "stationDays": per_day.height, "checksum": checksum, "polars": pl.__version__}))
