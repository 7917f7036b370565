"""The tournament file: the examples load, `live check` prints them, bad files say where and why."""

from __future__ import annotations

import itertools
import os
import threading
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from helpers import MIN, T0, item, tournament

from live.core.tournament import TournamentFileError, load, parse
from live.edges.cli import main

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def utc(*args: int) -> datetime:
    return datetime(*args, tzinfo=UTC)


# ---- the example files ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "preset", "playing", "teams", "players"),
    [
        ("cacak-preferans-2027.toml", "cacak-preferans", ["r1", "r2", "r3", "r4", "r5"], 0, 30),
        ("novi-sad-teams-2026.toml", "novi-sad-teams", [f"m{k}" for k in range(1, 11)] + ["final"], 5, 24),
        ("slovak-league-2027.toml", "slovak-league", [f"m{k}" for k in range(1, 11)], 6, 30),
    ],
)
def test_every_example_file_loads(name: str, preset: str, playing: list[str], teams: int, players: int) -> None:
    t = load(EXAMPLES / name)
    assert t.preset == preset
    assert [i.id for i in t.items if i.playing] == playing
    assert len(t.teams) == teams
    assert len(t.players) == players
    assert t.source == str(EXAMPLES / name)
    # items come in time order and playing items never overlap
    starts = [i.start for i in t.items]
    assert starts == sorted(starts)
    rounds = [i for i in t.items if i.playing]
    assert all(a.end <= b.start for a, b in itertools.pairwise(rounds))
    assert all(i.start.tzinfo is not None and i.start.utcoffset() == timedelta(0) for i in t.items)


def test_every_example_file_is_covered() -> None:
    assert sorted(p.name for p in EXAMPLES.glob("*.toml")) == [
        "cacak-preferans-2027.toml", "novi-sad-teams-2026.toml", "slovak-league-2027.toml",
    ]


def test_cacak_local_times_become_utc_instants() -> None:
    t = load(EXAMPLES / "cacak-preferans-2027.toml")
    r1, r4 = t.item("r1"), t.item("r4")
    assert r1 is not None and r4 is not None
    assert (r1.start, r1.end) == (utc(2027, 3, 6, 10, 0), utc(2027, 3, 6, 13, 0))  # CET, UTC+1
    assert (r4.start, r4.end) == (utc(2027, 3, 7, 9, 0), utc(2027, 3, 7, 12, 0))
    assert r1.duration_ms == 180 * MIN
    assert t.language == "sr-Cyrl" and t.languages == ("sr-Cyrl", "sr-Latn", "en")
    dinner = t.item("dinner")
    assert dinner is not None and dinner.end - dinner.start == timedelta(minutes=90)  # `minutes = 90`
    assert t.rules["call_before"] == 5.0 and t.rules["last_deals_warning"] == 15.0
    assert t.player("p03") is not None and t.player("p03").lady  # type: ignore[union-attr]


def test_summer_time_is_used_in_summer() -> None:
    slovak = load(EXAMPLES / "slovak-league-2027.toml")
    assert slovak.item("m1").start == utc(2027, 4, 17, 7, 30)  # type: ignore[union-attr]  # CEST, UTC+2
    assert slovak.item("m6").start == utc(2027, 9, 18, 7, 30)  # type: ignore[union-attr]
    novi_sad = load(EXAMPLES / "novi-sad-teams-2026.toml")
    m1 = novi_sad.item("m1")
    assert m1 is not None and m1.start == utc(2026, 5, 28, 16, 45) and m1.boards == 12
    assert novi_sad.segments(m1) == 2
    assert slovak.segments(slovak.item("m1")) == 2  # type: ignore[arg-type]


def test_check_prints_the_cacak_timetable_in_local_time(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(EXAMPLES / "cacak-preferans-2027.toml")]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert "Куп Чачка у преферансу 2027" in lines[0]
    assert "30 players, 0 teams, 11 timetable items" in out
    saturday = lines.index("Saturday 06 March 2027")
    sunday = lines.index("Sunday 07 March 2027")
    r1 = next(n for n, line in enumerate(lines) if " r1 " in line)
    r4 = next(n for n, line in enumerate(lines) if " r4 " in line)
    assert saturday < r1 < sunday < r4
    assert "11:00–14:00" in lines[r1] and "Коло 1" in lines[r1]
    assert "10:00–13:00" in lines[r4]
    assert "10:00–13:00  r1" not in out  # not UTC
    assert "21:00–22:30" in out  # dinner: start + 90 minutes


def test_check_prints_parts_and_boards_of_a_bridge_match(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(EXAMPLES / "slovak-league-2027.toml")]) == 0
    out = capsys.readouterr().out
    m6 = next(line for line in out.splitlines() if " m6 " in line)
    assert "09:30–12:45" in m6  # local summer time, not 07:30 UTC
    assert "[24 boards]  [2 parts]  [opens gathering september]" in m6
    assert "Saturday 18 September 2027" in out
    assert [line.split()[1] for line in out.splitlines() if "[opens gathering" in line] == ["m1", "m6"]


def test_check_of_a_bad_file_prints_the_error_and_fails(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(GOOD.replace('preset = "cacak-preferans"', 'preset = "cacak"'), encoding="utf-8")
    assert main(["check", str(path)]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert f"error: {path}:4: tournament.preset: unknown preset 'cacak'" in captured.err


def test_check_warns_about_what_loads_but_was_probably_not_meant(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = GOOD + """
[[players]]
id = "p2"
name = "milan"
team = "t1"

[[timetable]]
id = "late"
kind = "round"
round = 2
start = 2027-10-31T02:30:00
minutes = 20
"""
    path = tmp_path / "hall.toml"
    path.write_text(text, encoding="utf-8")
    t = load(path)
    assert t.item("late").start == utc(2027, 10, 31, 0, 30)  # type: ignore[union-attr]  # the first 02:30, CEST
    assert main(["check", str(path)]) == 0
    err = capsys.readouterr().err.splitlines()
    milan = line_of(text, 'name = "milan"')
    assert f"warning: {path}:{milan}: players[2].name: p2 and p1 are both called " \
           "'milan': the display and the seating cannot tell them apart (add a middle initial or a town)" in err
    assert f"warning: {path}:{line_of(text, 'round = 2', 2)}: timetable[4].round: late and r2 are both round 2: " \
           "the screens and the standings name rounds by number" in err
    assert f"warning: {path}:{line_of(text, 'T02:30')}: timetable[4].start: 2027-10-31 02:30:00 happens twice in " \
           "Europe/Belgrade (the clocks go back): read as the first, 2027-10-31T02:30:00+02:00; write the offset " \
           "to choose" in err
    assert not load(EXAMPLES / "cacak-preferans-2027.toml").warnings


def test_a_missing_file_is_named(tmp_path: Path) -> None:
    path = tmp_path / "nowhere.toml"
    with pytest.raises(TournamentFileError) as info:
        load(path)
    assert str(info.value).startswith(f"{path}: cannot read the file")


# ---- bad input: file, line and field ----------------------------------------------------

GOOD = """\
[tournament]
name = "Kup"
timezone = "Europe/Belgrade"
preset = "cacak-preferans"
languages = ["sr-Latn", "en"]
language = "sr-Latn"

[rules]
call_before = 5.0

[[teams]]
id = "t1"
name = "Ekipa"

[[timetable]]
id = "r1"
kind = "round"
round = 1
start = 2027-03-06T11:00:00
end = 2027-03-06T14:00:00

[[timetable]]
id = "snack"
kind = "break"
start = 2027-03-06T14:00:00
end = 2027-03-06T14:30:00

[[timetable]]
id = "r2"
kind = "round"
round = 2
start = 2027-03-06T14:30:00
minutes = 180

[[players]]
id = "p1"
name = "Milan"
team = "t1"
"""


def line_of(text: str, fragment: str, nth: int = 1) -> int:
    """The number of the line where `fragment` occurs for the `nth` time."""
    hits = [n for n, line in enumerate(text.splitlines(), 1) if fragment in line]
    assert len(hits) >= nth, f"{fragment!r} is not in the text {nth} times"
    return hits[nth - 1]


def test_the_good_file_loads(tmp_path: Path) -> None:
    path = tmp_path / "good.toml"
    path.write_text(GOOD, encoding="utf-8")
    t = load(path)
    assert [i.id for i in t.items] == ["r1", "snack", "r2"]
    assert t.item("r2").end == utc(2027, 3, 6, 16, 30)  # type: ignore[union-attr]
    assert t.player("p1").team == "t1"  # type: ignore[union-attr]


# (case, text to replace, replacement, fragment on the line named (nth occurrence), field, message)
BAD = [
    ("invalid TOML", 'name = "Kup"', 'name = "Kup', ('name = "Kup', 1), "", "not valid TOML"),
    ("table name misspelt", "[tournament]", "[tournamnet]", ("[tournamnet]", 1), "tournamnet",
     "is not a known field"),
    ("missing name", 'name = "Kup"\n', "", ("[tournament]", 1), "tournament.name", "is missing"),
    ("empty name", 'name = "Kup"', 'name = "  "', ('name = "  "', 1), "tournament.name", "must not be empty"),
    ("unknown time zone", "Europe/Belgrade", "Europe/Novi_Sad", ("timezone", 1), "tournament.timezone",
     "unknown time zone 'Europe/Novi_Sad'"),
    ("unknown preset", 'preset = "cacak-preferans"', 'preset = "preferans"', ("preset", 1), "tournament.preset",
     "unknown preset 'preferans' (known: cacak-preferans, novi-sad-teams, slovak-league)"),
    ("languages empty", 'languages = ["sr-Latn", "en"]', "languages = []", ("languages", 1),
     "tournament.languages", "must be a non-empty list"),
    ("language not among languages", 'language = "sr-Latn"', 'language = "de"', ("language =", 1),
     "tournament.language", "'de' is not one of languages"),
    ("unknown field in a timetable entry", "start = 2027-03-06T14:30:00", "strat = 2027-03-06T14:30:00",
     ("strat", 1), "timetable[3].strat", "is not a known field"),
    ("unknown rules parameter", "call_before = 5.0", "call_befor = 5.0", ("call_befor", 1), "rules.call_befor",
     "is not a rules parameter"),
    ("rules parameter of the wrong type", "call_before = 5.0", 'call_before = "five"', ("call_before", 1),
     "rules.call_before", "must be a number, not 'five'"),
    ("boolean rules parameter given a number", "call_before = 5.0", "auto_start = 1", ("auto_start", 1),
     "rules.auto_start", "must be true or false, not 1"),
    ("negative rules parameter", "call_before = 5.0", "call_before = -5", ("call_before", 1),
     "rules.call_before", "must not be negative"),
    ("duplicate item id", 'id = "snack"', 'id = "r1"', ('id = "r1"', 2), "timetable[2].id", "'r1' is used twice"),
    ("end before start", "end = 2027-03-06T14:00:00", "end = 2027-03-06T10:00:00", ("T10:00", 1),
     "timetable[1].end", "must be after start"),
    ("both end and minutes", "end = 2027-03-06T14:00:00", "end = 2027-03-06T14:00:00\nminutes = 180",
     ("minutes = 180", 1), "timetable[1].minutes", "give either end or minutes, not both"),
    ("neither end nor minutes", "minutes = 180\n", "", ("[[timetable]]", 3), "timetable[3].end", "is missing"),
    ("missing round number", "round = 2\n", "", ("[[timetable]]", 3), "timetable[3].round",
     "is missing (a round needs its number)"),
    ("unknown kind", 'kind = "break"', 'kind = "pause"', ('kind = "pause"', 1), "timetable[2].kind",
     "unknown kind 'pause'"),
    ("overlapping rounds", "start = 2027-03-06T14:30:00", "start = 2027-03-06T13:30:00", ("T13:30", 1),
     "timetable[3].start", "r2 starts before r1 ends"),
    ("local time in the DST gap", "start = 2027-03-06T11:00:00\nend = 2027-03-06T14:00:00",
     "start = 2027-03-28T02:30:00\nend = 2027-03-28T05:00:00", ("T02:30", 1), "timetable[1].start",
     "2027-03-28 02:30:00 does not exist in Europe/Belgrade"),
    ("date without a time", "start = 2027-03-06T14:30:00", "start = 2027-03-06", ("start = 2027-03-06", 3),
     "timetable[3].start", "needs both a date and a time"),
    ("player with unknown team", 'team = "t1"', 'team = "t2"', ('team = "t2"', 1), "players[1].team",
     "no team has the id 't2'"),
    ("a control character in a player's name", 'name = "Milan"', 'name = "Milan\\u0007"', ("Milan", 1),
     "players[1].name", "must not hold control characters (found U+0007)"),
    ("a player's name of zero-width spaces", 'name = "Milan"', 'name = "\\u200b\\u200b"', ("u200b", 1),
     "players[1].name", "must not be empty"),
    ("a player's name of a hangul filler and a blank braille pattern", 'name = "Milan"', 'name = "\\u3164\\u2800"',
     ("u3164", 1), "players[1].name", "must not be empty"),
    ("a team's name of combining marks alone", 'name = "Ekipa"', 'name = "\\u0301\\ufe0f"', ("u0301", 1),
     "teams[1].name", "must not be empty"),
    ("a team's name on two lines", 'name = "Ekipa"', 'name = "Eki\\npa"', ("Eki", 1), "teams[1].name",
     "must not hold control characters (found U+000A)"),
    ("a title a page long", 'id = "snack"', 'id = "snack"\ntitle = "' + "x" * 200 + '"', ("xxx", 1),
     "timetable[2].title", "is 200 characters; at most 120"),
]


@pytest.mark.parametrize(("old", "new", "where", "field", "message"), [case[1:] for case in BAD],
                         ids=[case[0] for case in BAD])
def test_a_bad_file_names_file_line_and_field(
    tmp_path: Path, old: str, new: str, where: tuple[str, int], field: str, message: str
) -> None:
    assert old in GOOD
    text = GOOD.replace(old, new, 1)
    path = tmp_path / "hall.toml"
    path.write_text(text, encoding="utf-8")
    line = line_of(text, *where)
    with pytest.raises(TournamentFileError) as info:
        load(path)
    error = info.value
    assert (error.path, error.line, error.field) == (str(path), line, field)
    prefix = f"{path}:{line}: {field}: " if field else f"{path}:{line}: "
    assert str(error).startswith(prefix), str(error)
    assert message in str(error)


def test_a_missing_tournament_table_is_named(tmp_path: Path) -> None:
    text = "[rules]" + GOOD.split("[rules]", 1)[1]
    path = tmp_path / "hall.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(TournamentFileError) as info:
        load(path)
    assert str(info.value) == f"{path}: tournament: the [tournament] table is missing"


def test_a_stray_top_level_key_names_its_line() -> None:
    text = 'title = "Kup"\n' + GOOD
    with pytest.raises(TournamentFileError) as info:
        parse(text, "hall.toml")
    assert (info.value.line, info.value.field) == (1, "title")
    assert str(info.value).startswith("hall.toml:1: title: is not a known field")


def test_no_timetable_is_an_error() -> None:
    text = GOOD.split("[[timetable]]", 1)[0]
    with pytest.raises(TournamentFileError) as info:
        parse(text, "hall.toml")
    assert str(info.value) == "hall.toml: timetable: no [[timetable]] entries"


def test_an_offset_time_is_taken_as_given() -> None:
    text = GOOD.replace("start = 2027-03-06T11:00:00", "start = 2027-03-06T11:00:00+02:00")
    t = parse(text, "hall.toml")
    assert t.item("r1").start == utc(2027, 3, 6, 9, 0)  # type: ignore[union-attr]


def test_the_hour_after_the_clocks_change_is_accepted() -> None:
    text = GOOD.replace("start = 2027-03-06T11:00:00\nend = 2027-03-06T14:00:00",
                        "start = 2027-03-28T01:30:00\nend = 2027-03-28T03:30:00")
    r1 = parse(text, "hall.toml").item("r1")
    assert r1 is not None
    assert (r1.start, r1.end) == (utc(2027, 3, 28, 0, 30), utc(2027, 3, 28, 1, 30))
    assert r1.duration_ms == 60 * MIN  # two hours on the wall clock, one hour of play


# ---- Tournament.rescheduled (the demo) --------------------------------------------------

FIRST = utc(2030, 1, 1, 12, 0)


def test_rescheduled_puts_the_first_round_at_the_chosen_instant() -> None:
    t = load(EXAMPLES / "cacak-preferans-2027.toml")
    demo = t.rescheduled(FIRST, 60)
    r1 = demo.item("r1")
    assert r1 is not None and r1.start == FIRST
    # items before the first round keep their place before it, compressed too
    assert demo.item("registration").start == FIRST - timedelta(minutes=120 / 60)  # type: ignore[union-attr]
    assert demo.speed == 60
    assert [i.id for i in demo.items] == [i.id for i in t.items]
    assert t.item("r1").start == utc(2027, 3, 6, 10, 0)  # type: ignore[union-attr]  # the original is unchanged


def test_rescheduled_durations_shrink_by_the_speed_factor() -> None:
    t = load(EXAMPLES / "cacak-preferans-2027.toml")
    demo = t.rescheduled(FIRST, 60)
    for original, fast in zip(t.items, demo.items, strict=True):
        assert fast.id == original.id
        assert fast.duration_ms == original.duration_ms // 60, fast.id
    assert demo.item("r1").duration_ms == 3 * 60 * 1000  # type: ignore[union-attr]  # 3 hours → 3 minutes
    assert demo.rule_ms("call_before") == 5 * 1000
    assert demo.minutes_ms(10) == 10 * 1000
    # gaps inside a day shrink the same way: the 15-minute gap before round 3, the snack
    r2, r3 = demo.item("r2"), demo.item("r3")
    assert r2 is not None and r3 is not None
    assert r3.start_ms - r2.end_ms == 15 * 1000
    assert r2.start_ms - demo.item("r1").end_ms == 30 * 1000  # type: ignore[union-attr]


def test_rescheduled_squeezes_the_night_to_fifteen_minutes() -> None:
    t = load(EXAMPLES / "cacak-preferans-2027.toml")
    demo = t.rescheduled(FIRST, 60)
    dinner, breakfast, r4 = demo.item("dinner"), demo.item("breakfast"), demo.item("r4")
    assert dinner is not None and breakfast is not None and r4 is not None
    assert breakfast.start_ms - dinner.end_ms == 15 * 1000  # 10 h 30 min of night → 15 tournament minutes
    assert r4.start_ms == breakfast.end_ms
    # at real speed the night is 15 real minutes
    real = t.rescheduled(FIRST, 1)
    assert real.item("breakfast").start_ms - real.item("dinner").end_ms == 15 * MIN  # type: ignore[union-attr]
    # r1 3 h, snack 30 min, r2 3 h, 15 min, r3 3 h, 15 min, dinner 90 min, night 15 min, breakfast 1 h, r4 3 h, 15 min
    assert real.item("r5").start == FIRST + timedelta(hours=16)  # type: ignore[union-attr]


def test_rescheduled_keeps_short_gaps_and_squeezes_longer_ones() -> None:
    t = tournament([
        item("r1", T0, 60),
        item("r2", T0 + 70 * MIN, 60),  # 10 minutes after r1
        item("r3", T0 + 175 * MIN, 60),  # 45 minutes after r2
        item("r4", T0 + 24 * 60 * MIN, 60),  # the next day
    ])
    same = t.rescheduled(FIRST, 1, max_gap_min=30)
    minutes = [(i.start - FIRST) / timedelta(minutes=1) for i in same.items]
    assert minutes == [0, 70, 160, 250]
    assert [i.duration_ms for i in same.items] == [60 * MIN] * 4
    default = t.rescheduled(FIRST, 2)
    minutes = [(i.start - FIRST) / timedelta(minutes=1) for i in default.items]
    assert minutes == [0, 35, 35 + 30 + 7.5, 35 + 30 + 7.5 + 30 + 7.5]


def test_a_slovak_match_without_boards_is_refused_because_its_breaks_depend_on_them() -> None:
    text = """[tournament]
name = "Liga"
timezone = "Europe/Bratislava"
preset = "slovak-league"

[[timetable]]
id = "m1"
kind = "match"
round = 1
start = 2027-04-17T09:30:00
minutes = 195
"""
    with pytest.raises(TournamentFileError) as caught:
        parse(text, "liga.toml")
    assert str(caught.value).startswith("liga.toml:6: timetable[1].boards: is missing")


HEAD_UTC = '[tournament]\nname = "x"\ntimezone = "Europe/Belgrade"\npreset = "cacak-preferans"\n'
ROUND = '[[timetable]]\nid = "r1"\nkind = "round"\nround = 1\nstart = {start}\n{length}\n'


@pytest.mark.parametrize("rules, start, length, field, words", [
    ("call_before = nan", "2030-01-01T10:00:00", "minutes = 60", "rules.call_before", "finite"),
    ("last_deals_warning = inf", "2030-01-01T10:00:00", "minutes = 60", "rules.last_deals_warning", "finite"),
    ("grace_minutes = nan", "2030-01-01T10:00:00", "minutes = 60", "rules.grace_minutes", "finite"),
    ("", "2030-01-01T10:00:00", "minutes = nan", "timetable[1].minutes", "a second"),
    ("", "2030-01-01T10:00:00", "minutes = 1e-9", "timetable[1].minutes", "a second"),
    ("", "0001-01-01T10:00:00", "minutes = 60", "timetable[1].start", "the year 1 "),
    ("", "9999-12-31T23:00:00", "minutes = 60", "timetable[1].start", "the year 9999"),
])
def test_numbers_and_years_past_any_sane_range_are_file_errors(rules: str, start: str, length: str, field: str,
                                                               words: str) -> None:
    text = HEAD_UTC + (f"[rules]\n{rules}\n" if rules else "") + ROUND.format(start=start, length=length)
    with pytest.raises(TournamentFileError) as info:
        parse(text, "bad.toml")
    assert info.value.field == field and words in info.value.message


# ---- `live check` refuses at once what `serve` would not start with (docs/tournament-file.md#errors) ------------


def test_check_of_a_file_nested_far_too_deep_says_so_in_one_line(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """The TOML parser recursed once per bracket: `check` ended in a RecursionError's traceback."""
    path = tmp_path / "deep.toml"
    path.write_text(GOOD.replace('languages = ["sr-Latn", "en"]', "languages = " + "[" * 5000 + "]" * 5000),
                    encoding="utf-8")
    assert main(["check", str(path)]) == 1
    err = capsys.readouterr().err
    assert err == f"error: {path}:5: not valid TOML: arrays or tables nested far too deep (a tournament file " \
                  "nests at most a few levels)\n"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX's")
def test_check_refuses_a_pipe_at_once_instead_of_waiting_for_a_writer(tmp_path: Path,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    """`check` (and `serve`) opened a named pipe and waited forever for someone to write to it. A writer stands by
    here: should the pipe be opened for reading, it gets a good file (and the check passes, which it must not)."""
    pipe = tmp_path / "t.toml"
    os.mkfifo(pipe)
    done = threading.Event()

    def writer() -> None:
        while not done.is_set():
            try:
                fd = os.open(pipe, os.O_WRONLY | os.O_NONBLOCK)  # (ENXIO until a reader opens it)
            except OSError:
                done.wait(0.01)
                continue
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                out.write(GOOD)
            return

    thread = threading.Thread(target=writer, daemon=True)
    thread.start()
    try:
        assert main(["check", str(pipe)]) == 1
    finally:
        done.set()
        thread.join()
    assert f"error: {pipe}: is a pipe, not a file" in capsys.readouterr().err


@pytest.mark.skipif(not Path("/dev/null").exists(), reason="no /dev/null here")
def test_check_refuses_a_device(capsys: pytest.CaptureFixture[str]) -> None:
    """A device is not read at all (/dev/zero was read without end; /dev/null, here, said the file had no
    [tournament] table)."""
    assert main(["check", "/dev/null"]) == 1
    assert "error: /dev/null: is a device or socket, not a file" in capsys.readouterr().err


REFEREE = '\n[[referees]]\nname = "Ana"\ntoken = "ana-token-0123456789"\n'


@pytest.mark.parametrize(("env", "said"), [
    ({"LIVE_REFEREE_TOKEN": "ana-token-0123456789"},
     "two referees have the same token: 'referee' (the shared token, LIVE_REFEREE_TOKEN) and 'Ana'"),
    ({"LIVE_REFEREES": "Referee:some-other-token-0123"}, "the referee name 'Referee' is given twice"),
    ({"LIVE_REFEREES": "Bojan:ana-token-0123456789"}, "two referees have the same token: 'Ana' and 'Bojan'"),
    ({"LIVE_PUBLIC_URL": "hall.example"}, "LIVE_PUBLIC_URL) must be an address like https://hall.example"),
    ({"LIVE_FORWARDED_ALLOW_IPS": "the proxy"}, "LIVE_FORWARDED_ALLOW_IPS: 'the proxy' is not an IP address"),
])
def test_check_refuses_what_serve_would_refuse_in_its_environment(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], env: dict[str, str],
        said: str) -> None:
    path = tmp_path / "t.toml"
    path.write_text(GOOD + REFEREE, encoding="utf-8")
    assert main(["check", str(path)]) == 0
    capsys.readouterr()
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert main(["check", str(path)]) == 1
    assert said in capsys.readouterr().err
