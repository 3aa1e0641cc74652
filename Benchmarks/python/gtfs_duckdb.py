#!/usr/bin/env python3
"""The DuckDB peer of the GTFS year: the zipped feed unzipped to a temporary folder, then one SQL
query over routes, trips, stop_times, stops, calendar and calendar_dates that counts the ship
departures per station and service day, by the rules of `gtfs_peer.py` (docs/ARCHITECTURE.md,
GTFS): a ship route is one of agency 194 whose route_desc is BAT, BAV or FAE (or, without
route_desc, of route_type 4 or 1000-1299); service days are calendar.txt's weekdays between its
dates, plus calendar_dates.txt's additions, minus its removals; a departure is every timed stop of
a ship trip but its last, at the digits of parent_station (else of stop_id up to its first ':').

Prints one JSON line: seconds (unzip and query), departures, station-days, and the checksum of
(station, date, count) that Benchmarks/python/compare.py checks against the toolkit's."""
import argparse, json, os, shutil, tempfile, time, zipfile

import duckdb

p = argparse.ArgumentParser()
p.add_argument("feed")
p.add_argument("--agency", default="194")
p.add_argument("--threads", type=int, default=os.cpu_count())
a = p.parse_args()

started = time.perf_counter()
folder = tempfile.mkdtemp(prefix="gtfs-duckdb-")
try:
    with zipfile.ZipFile(a.feed) as z:
        z.extractall(folder)
    unzipped = time.perf_counter()
    con = duckdb.connect()
    con.execute(f"SET threads = {a.threads}")

    def table(name):
        path = os.path.join(folder, f"{name}.txt").replace("'", "''")
        return f"read_csv('{path}', header = true, all_varchar = true)"

    calendar_dates = (table("calendar_dates") if os.path.exists(os.path.join(folder, "calendar_dates.txt"))
                      else "(SELECT NULL::VARCHAR service_id, NULL::VARCHAR date, NULL::VARCHAR exception_type "
                           "WHERE false)")
    per_day = con.execute(f"""
        WITH ship_routes AS (
            SELECT route_id FROM {table("routes")}
            WHERE agency_id = $agency
              AND (upper(coalesce(route_desc, '')) IN ('BAT', 'BAV', 'FAE')
                   OR (coalesce(route_desc, '') = ''
                       AND (TRY_CAST(route_type AS INTEGER) = 4
                            OR TRY_CAST(route_type AS INTEGER) BETWEEN 1000 AND 1299)))),
        ship_trips AS (
            SELECT trip_id, service_id FROM {table("trips")} WHERE route_id IN (SELECT route_id FROM ship_routes)),
        spans AS (
            SELECT service_id, [monday, tuesday, wednesday, thursday, friday, saturday, sunday] AS flags,
                   unnest(generate_series(strptime(start_date, '%Y%m%d'), strptime(end_date, '%Y%m%d'),
                                          INTERVAL 1 DAY))::DATE AS day
            FROM {table("calendar")}),
        exceptions AS (
            SELECT service_id, strptime(date, '%Y%m%d')::DATE AS day, exception_type FROM {calendar_dates}),
        service_days AS (
            (SELECT service_id, day FROM spans WHERE flags[isodow(day)] = '1'
             UNION SELECT service_id, day FROM exceptions WHERE exception_type = '1')
            EXCEPT SELECT service_id, day FROM exceptions WHERE exception_type = '2'),
        times AS (
            SELECT st.trip_id, st.stop_id, CAST(st.stop_sequence AS INTEGER) AS seq,
                   coalesce(st.departure_time, '') <> '' AS timed
            FROM read_csv('{os.path.join(folder, "stop_times.txt")}', header = true,
                          columns = {{'trip_id': 'VARCHAR', 'arrival_time': 'VARCHAR', 'departure_time': 'VARCHAR',
                                     'stop_id': 'VARCHAR', 'stop_sequence': 'VARCHAR', 'pickup_type': 'VARCHAR',
                                     'drop_off_type': 'VARCHAR'}}) st
            SEMI JOIN ship_trips t ON st.trip_id = t.trip_id),
        departures AS (
            SELECT trip_id, stop_id FROM (
                SELECT *, max(seq) OVER (PARTITION BY trip_id) AS last FROM times) WHERE seq < last AND timed),
        -- stops.txt may list a stop twice; each stop counts once.
        stations AS (
            SELECT DISTINCT stop_id, CAST(regexp_replace(split_part(
                       CASE WHEN coalesce(parent_station, '') = '' THEN stop_id ELSE parent_station END, ':', 1),
                       '[^0-9]', '', 'g') AS BIGINT) AS station
            FROM {table("stops")})
        SELECT s.station, CAST(strftime(d.day, '%Y%m%d') AS INTEGER) AS date, count(*) AS n
        FROM departures dep
        JOIN stations s USING (stop_id)
        JOIN ship_trips t USING (trip_id)
        JOIN service_days d USING (service_id)
        GROUP BY ALL""", {"agency": a.agency}).fetchall()
finally:
    shutil.rmtree(folder, ignore_errors=True)
seconds = time.perf_counter() - started
checksum = sum((int(s) * 31 + int(d)) * int(n) for s, d, n in per_day) % (1 << 61)
print(json.dumps({"seconds": seconds, "unzipSeconds": unzipped - started, "departures": sum(int(n) for _, _, n in per_day),
                  "stationDays": len(per_day), "checksum": checksum, "duckdb": duckdb.__version__}))
