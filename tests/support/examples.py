"""The example tournament files (examples/), shaped for a browser test: moved to today (`moved_example`,
`example_from_now`, `close_rounds`), or a small Slovak league written for it (`slovak`)."""

from __future__ import annotations

import re
import tomllib
from datetime import UTC, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

from server import round_entry, tournament_toml

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
CACAK = EXAMPLES / "cacak-preferans-2027.toml"
#: The Čačak example's 30 players (with its longest names: "Александар Милошевић", …).
FIELD = [{"id": p["id"], "name": p["name"]} for p in tomllib.loads(CACAK.read_text(encoding="utf-8"))["players"]]
EXAMPLE = EXAMPLES / "novi-sad-teams-2026.toml"

#: The teams of `slovak` and their sizes.
SIZES = {"t1": 4, "t2": 5, "t3": 3, "t4": 5}


def slovak(path: Path) -> Path:
    roster = [{"id": f"{team}p{k}", "name": f"Hráč {team.upper()}{k}", "team": team}
              for team, size in SIZES.items() for k in range(1, size + 1)]
    timetable = [round_entry("m1", 1, start_in=1800, minutes=240, kind="match", boards=24, title="1. kolo"),
                 round_entry("m2", 2, start_in=1800 + 5 * 3600, minutes=240, kind="match", boards=24,
                             title="2. kolo")]
    text = tournament_toml(name="Slovenská liga", preset="slovak-league", timetable=timetable, players=roster,
                           rules={"auto_start": False, "auto_end": False})
    text += "".join(f'\n[[teams]]\nid = "{team}"\nname = "Tím {team.upper()}"\n' for team in SIZES)
    path.write_text(text, encoding="utf-8")
    return path


def close_rounds(path: Path) -> Path:
    """The Čačak example with its items 10 minutes apart, each 8 minutes long, round 1 twenty minutes from
    now: rounds 2 and 3 start within the hour, so their check-in is open as well (`checkin_opens_before`,
    60 minutes). The referee starts and ends the rounds (no scheduler signal during the test)."""
    zone = ZoneInfo("Europe/Belgrade")
    base = datetime.now(UTC).replace(microsecond=0)
    lines: list[str] = []
    start = base
    for line in CACAK.read_text(encoding="utf-8").split("\n"):
        if line.startswith("start = "):
            start = base + timedelta(minutes=10 * sum(x.startswith("start = ") for x in lines))
            line = f"start = {start.astimezone(zone):%Y-%m-%dT%H:%M:%S}"
        elif line.startswith("end = "):
            line = f"end = {(start + timedelta(minutes=8)).astimezone(zone):%Y-%m-%dT%H:%M:%S}"
        elif line.startswith("minutes = "):
            line = "minutes = 8"
        lines.append(line)
    text = "\n".join(lines)
    text = text.replace("[rules]\n", "[rules]\nauto_start = false\nauto_end = false\n", 1)
    path.write_text(text, encoding="utf-8")
    return path


def example_from_now(path: Path) -> Path:
    """The Novi Sad example with its matches from half an hour from now (the file's are in the past),
    started and ended by the referee only (no scheduler signal during the test)."""
    text = EXAMPLE.read_text(encoding="utf-8")
    zone = ZoneInfo("Europe/Belgrade")
    starts = iter(range(1800, 1800 + 6300 * 20, 6300))

    def start(_: re.Match[str]) -> str:
        at = (datetime.now(UTC) + timedelta(seconds=next(starts))).astimezone(zone)
        return f"start = {at:%Y-%m-%dT%H:%M:%S}"

    text = re.sub(r"^start = .*$", start, text, flags=re.M)
    text = text.replace("\n[[timetable]]", "\n[rules]\nauto_start = false\nauto_end = false\n\n[[timetable]]", 1)
    path.write_text(text, encoding="utf-8")
    return path


#: A TOML local date-time in the example files ("start = 2026-05-28T18:45:00").
LOCAL_TIME = re.compile(r"(?m)^(start|end) = (\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)$")


def moved_example(name: str, folder: Path, *, starts_in: timedelta) -> Path:
    """The example file `name` with its whole timetable moved (every item by the same amount) so that
    match 1 starts `starts_in` from now: the file's own teams, names and rules, today."""
    text = (EXAMPLES / name).read_text(encoding="utf-8")
    data = tomllib.loads(text)
    zone = ZoneInfo(data["tournament"]["timezone"])
    first = next(i for i in data["timetable"] if i["id"] == "m1")["start"]
    now = datetime.now(zone).replace(tzinfo=None, microsecond=0)
    delta = now + starts_in - first
    moved = LOCAL_TIME.sub(lambda m: f"{m[1]} = {(datetime.fromisoformat(m[2]) + delta).isoformat()}", text)
    path = folder / name
    path.write_text(moved, encoding="utf-8")
    return path
