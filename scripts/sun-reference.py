#!/usr/bin/env python3
"""Independent reference values for the sun-time tests (Tests/SolarTests/SunReferenceTests.swift).

NOAA's online calculator is not reachable from the build machines, so the reference is the JPL
DE421 ephemeris through Skyfield: the instants at which the sun's centre (topocentric, airless
apparent altitude) crosses -0.833 deg (rise/set, NOAA's definition) and -6 deg (civil twilight).
NOAA's method is stated to agree with such values within one minute for |latitude| <= 72 deg.

    python3 -m venv /tmp/sky && /tmp/sky/bin/pip install skyfield==1.55 skyfield-data
    /tmp/sky/bin/python scripts/sun-reference.py
"""
from datetime import datetime, timedelta, timezone
from skyfield import almanac
from skyfield.api import load, wgs84
from skyfield_data import get_skyfield_data_path
from zoneinfo import ZoneInfo

loader = load  # ephemeris from the skyfield-data wheel, no download
from skyfield.iokit import Loader
loader = Loader(get_skyfield_data_path(), expire=False)
ts = loader.timescale(builtin=True)
eph = loader("de421.bsp")
sun, earth = eph["sun"], eph["earth"]
zurich = ZoneInfo("Europe/Zurich")

CASES = [
    ("Zürich Bürkliplatz", 47.3657, 8.5410, "2026-06-21"),
    ("Zürich Bürkliplatz", 47.3657, 8.5410, "2026-12-21"),
    ("Zürich Bürkliplatz", 47.3657, 8.5410, "2026-03-29"),
    ("Zürich Bürkliplatz", 47.3657, 8.5410, "2026-10-25"),
    ("app point (Wädenswil)", 47.0136, 8.4324, "2026-09-22"),
    ("Lugano", 46.0037, 8.9511, "1901-01-01"),
    ("Geneva", 46.2044, 6.1432, "2050-07-15"),
    ("Quito", -0.1807, -78.4678, "2026-01-15"),
    ("Sydney", -33.8688, 151.2093, "2026-07-01"),
    ("Cape Town", -33.9249, 18.4241, "2026-12-21"),
    ("Anchorage", 61.2181, -149.9003, "2026-02-01"),
    ("Reykjavik", 64.1466, -21.9426, "2026-03-20"),
    ("Tromsø", 69.6492, 18.9553, "2026-03-20"),
    ("Ushuaia", -54.8019, -68.3030, "2026-06-21"),
]


def crossings(lat, lon, day, altitude):
    place = wgs84.latlon(lat, lon)
    observer = earth + place
    # The window NOAA's method picks: the place's solar day around its noon on `day`.
    noon = datetime.fromisoformat(day).replace(tzinfo=timezone.utc) + timedelta(hours=12 - lon / 15)
    t0, t1 = ts.from_datetime(noon - timedelta(hours=12)), ts.from_datetime(noon + timedelta(hours=12))

    def above(t):
        alt, _, _ = observer.at(t).observe(sun).apparent().altaz()
        return alt.degrees > altitude
    above.step_days = 1 / 48
    times, states = almanac.find_discrete(t0, t1, above)
    rise = [t for t, s in zip(times, states) if s]
    set_ = [t for t, s in zip(times, states) if not s]
    fmt = lambda t: t.utc_datetime().astimezone(zurich).isoformat(timespec="seconds")
    return (fmt(rise[0]) if rise else None), (fmt(set_[-1]) if set_ else None)


for name, lat, lon, day in CASES:
    r, s = crossings(lat, lon, day, -0.833)
    cb, ce = crossings(lat, lon, day, -6.0)
    print(f'("{name}", {lat}, {lon}, "{day}", "{r}", "{s}", "{cb}", "{ce}"),')
