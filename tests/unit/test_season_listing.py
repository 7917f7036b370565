"""The season's start page: which competitions are today's, upcoming or finished, in what order; and which sets
of files may be served together (live/projections/listing.py, live/edges/competitions.py)."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from live.core.tournament import Tournament, TournamentFileError, parse
from live.edges.competitions import SeasonError, is_season, load_season, secret_for, tournament_files
from live.projections.listing import listed, listing


def cup(ident: str, *starts: str, timezone: str = "Europe/Belgrade", name: str | None = None) -> Tournament:
    """A preferans tournament `ident` whose rounds start at the local times `starts` and last 3 hours."""
    rounds = "\n".join(f'[[timetable]]\nid = "r{n}"\nkind = "round"\nround = {n}\nstart = {start}\nminutes = 180\n'
                       for n, start in enumerate(starts, 1))
    text = (f'[tournament]\nid = "{ident}"\nname = "{name or ident.title()}"\ntimezone = "{timezone}"\n'
            f'preset = "cacak-preferans"\n\n{rounds}\n[[players]]\nid = "p1"\nname = "Ana"\n')
    return parse(text, f"{ident}.toml")


def ms(text: str) -> int:
    return int(datetime.fromisoformat(text).timestamp() * 1000)


def test_today_means_something_on_the_timetable_today_where_it_is_played() -> None:
    # 23:30 UTC on 6 December is 00:30 on the 7th in Belgrade: a round at 10:00 on the 7th is today's there
    now = ms("2026-12-06T23:30:00+00:00")
    entry = listed(cup("belgrade", "2026-12-07T10:00:00"), now)
    assert entry["when"] == "today" and entry["today"] == 1 and entry["next"]["id"] == "r1"
    # ... and not in a zone still on the 6th
    assert listed(cup("lisbon", "2026-12-07T10:00:00", timezone="Europe/Lisbon"), now)["when"] == "upcoming"


def test_a_season_between_its_gatherings_is_upcoming_with_the_date_it_meets_next() -> None:
    league = cup("league", "2027-04-17T10:00:00", "2027-09-18T10:00:00")
    entry = listed(league, ms("2027-06-01T12:00:00+00:00"))
    assert entry["when"] == "upcoming" and entry["next"]["id"] == "r2" and entry["today"] == 0
    assert (entry["first"], entry["last"]) == ("2027-04-17", "2027-09-18")
    finished = listed(league, ms("2027-09-19T12:00:00+00:00"))
    assert finished["when"] == "finished" and "next" not in finished
    # a round on until late counts as today's until it ends
    assert listed(league, ms("2027-09-18T10:30:00+00:00"))["when"] == "today"


def test_the_list_puts_what_is_on_now_first_then_what_comes_next_then_the_latest_finished() -> None:
    now = ms("2027-05-10T08:00:00+00:00")
    competitions = [
        cup("old", "2027-01-10T10:00:00"), cup("later", "2027-06-01T10:00:00"), cup("soon", "2027-05-20T10:00:00"),
        cup("today", "2027-05-10T18:00:00"), cup("older", "2026-11-10T10:00:00"),
    ]
    assert [entry["id"] for entry in listing(competitions, now)] == ["today", "soon", "later", "old", "older"]
    assert listing(competitions, now)[0]["base"] == "/today"


def write(path: Path, ident: str) -> Path:
    path.write_text(f'[tournament]\nid = "{ident}"\nname = "{ident}"\ntimezone = "UTC"\npreset = "cacak-preferans"\n'
                    '\n[[timetable]]\nid = "r1"\nkind = "round"\nround = 1\nstart = 2027-01-01T10:00:00\n'
                    'minutes = 180\n\n[[players]]\nid = "p1"\nname = "Ana"\n', encoding="utf-8")
    return path


def test_a_folder_is_its_toml_files_in_name_order_and_a_season(tmp_path: Path) -> None:
    write(tmp_path / "b.toml", "b")
    write(tmp_path / "a.toml", "a")
    (tmp_path / "old").mkdir()
    write(tmp_path / "old" / "c.toml", "c")  # (a subfolder is not served)
    (tmp_path / "notes.txt").write_text("not a tournament", encoding="utf-8")
    assert [p.name for p in tournament_files([tmp_path])] == ["a.toml", "b.toml"]
    assert [t.id for t in load_season([tmp_path])] == ["a", "b"]
    assert is_season([tmp_path]) and is_season([tmp_path / "a.toml", tmp_path / "b.toml"])
    assert not is_season([tmp_path / "a.toml"])


def test_ids_and_log_names_given_twice_or_reserved_are_refused(tmp_path: Path) -> None:
    (tmp_path / "x").mkdir()
    first, twin = write(tmp_path / "one.toml", "cup"), write(tmp_path / "x" / "two.toml", "CUP")
    with pytest.raises(SeasonError, match="have the same id 'CUP'"):
        load_season([first, twin])
    same_name = write(tmp_path / "x" / "one.toml", "other")
    with pytest.raises(SeasonError, match="have the same file name"):
        load_season([first, same_name])
    with pytest.raises(TournamentFileError, match="'static' is a name the server's root answers itself"):
        load_season([write(tmp_path / "static.toml", "static")])


def test_each_competition_signs_with_its_own_secret_from_the_servers() -> None:
    a, b = secret_for("server", "a", "checkin_secret"), secret_for("server", "b", "checkin_secret")
    assert a != b and a == secret_for("server", "a", "checkin_secret")
    assert secret_for("server", "a", "referee_secret") != a  # (one purpose's secret tells nothing of another's)
    assert "server" not in a
