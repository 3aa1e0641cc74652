"""Derives plan.ics for RendererOutputTests from RFC 5545 and the calendar's documented
content (README, "A calendar to subscribe to"; PlanCalendar's doc comment), independently of
the Swift renderer. Run: python3 plan-ics.py > plan.ics"""
import hashlib
import sys
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

STATION = "Wädenswil (See)"
STAMP = "20260921T180000Z"  # 2026-09-21 20:00 in Zurich


def escaped(text):  # RFC 5545 3.3.11 TEXT
    return (text.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,")
            .replace("\n", "\\n"))


def fold(line):  # RFC 5545 3.1: at most 75 octets a line, never inside a UTF-8 character
    parts, current, octets = [], "", 0
    for ch in line:
        size = len(ch.encode("utf-8"))
        if octets + size > (75 if not parts else 74):
            parts.append(current)
            current, octets = "", 0
        current += ch
        octets += size
    parts.append(current)
    return "\r\n ".join(parts)


def wave_id(utc, course):
    return f"8503670_2026-09-22T{utc}Z_{course}"


# (local time, UTC time, course, ship as a rider reads it, stars, height in m with 2 decimals)
WINDOWS = [
    ("120000", "130000", "3 waves, 1 × ★★★", "1 × ★★★, 1 × ★★★?, 1 unknown", [
        ("12:00", "10:00:00", "301", "MS Panta Rhei", "★★★", "0.31 m"),
        ("12:30", "10:30:00", "302", "MS Panta Rhei? 70 %", "★★★?", "0.28 m"),
        ("13:00", "11:00:00", "303", "ship unknown", "–", None),
    ]),
    ("150000", "160000", "3 waves, 1 × ★★☆", "1 × ★★☆, 1 × ★☆☆, 1 unknown", [
        ("15:00", "13:00:00", "304", "Säntis", "★☆☆", "0.11 m"),
        ("15:30", "13:30:00", "305", "MS Helvetia", "★★☆", "0.22 m"),
        ("16:00", "14:00:00", "306", "ship unknown", "–", None),
    ]),
]

# The calendar's head and the zone: Europe/Zurich is CET (+01:00) and, from the last Sunday of
# March at 02:00 to the last Sunday of October at 03:00, CEST (+02:00), as RFC 5545 §3.6.5
# writes such a rule.
HEAD = """BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//Next Wave//nextwave plan//EN
CALSCALE:GREGORIAN
METHOD:PUBLISH
X-WR-CALNAME:Next Wave sessions
X-WR-TIMEZONE:Europe/Zurich
BEGIN:VTIMEZONE
TZID:Europe/Zurich
BEGIN:DAYLIGHT
TZOFFSETFROM:+0100
TZOFFSETTO:+0200
TZNAME:CEST
DTSTART:19810329T020000
RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU
END:DAYLIGHT
BEGIN:STANDARD
TZOFFSETFROM:+0200
TZOFFSETTO:+0100
TZNAME:CET
DTSTART:19961027T030000
RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU
END:STANDARD
END:VTIMEZONE"""

# The rule agrees with the tz database for the plan's year: 2026-03-29 and 2026-10-25 are the
# last Sundays, and the offset changes there.
zurich = ZoneInfo("Europe/Zurich")
for day, before, after in [(datetime(2026, 3, 29), 1, 2), (datetime(2026, 10, 25), 2, 1)]:
    assert day.weekday() == 6 and (day + timedelta(days=7)).month != day.month
    assert (day.replace(hour=0, tzinfo=zurich).utcoffset() == timedelta(hours=before)
            and day.replace(hour=12, tzinfo=zurich).utcoffset() == timedelta(hours=after))

lines = HEAD.split("\n")
for rank, (start, end, summary, mix, waves) in enumerate(WINDOWS, 1):
    description = [f"{summary} ({mix})"]
    for local, utc, course, ship, stars, height in waves:
        h = f", {height}" if height else ""
        description.append(f"{local} course {course}: {ship} {stars}{h} [wave {wave_id(utc, course)}]")
    body = [
        f"UID:nextwave-8503670-20260922-{rank}@nextwave",
        f"DTSTART;TZID=Europe/Zurich:20260922T{start}",
        f"DTEND;TZID=Europe/Zurich:20260922T{end}",
        "SUMMARY:" + escaped(f"{STATION}: {summary}"),
        "DESCRIPTION:" + escaped("\n".join(description)),
        "LOCATION:" + escaped(STATION),
        "GEO:47.230133;8.675343",
        "TRANSP:TRANSPARENT",
        "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:" + escaped(f"Waves at {STATION} in 10 min"),
        "TRIGGER:-PT10M", "END:VALARM",
    ]
    # The event's fingerprint: SHA-256 of its lines without DTSTAMP and SEQUENCE, 32 hex digits.
    fingerprint = hashlib.sha256("\n".join(body).encode("utf-8")).hexdigest()[:32]
    lines += (["BEGIN:VEVENT", body[0], f"DTSTAMP:{STAMP}", "SEQUENCE:0"] + body[1:]
              + [f"X-NEXTWAVE-FINGERPRINT:{fingerprint}", "END:VEVENT"])
lines.append("END:VCALENDAR")
sys.stdout.buffer.write(("\r\n".join(fold(l) for l in lines) + "\r\n").encode("utf-8"))
