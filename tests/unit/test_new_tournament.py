"""The new competition's form (live/core/new_tournament.py): what its checks refuse names the field and a refusal's
code with its parameters (live/commands/refusals.py), so that the start page says it in its own language; a form
that passes gives a file the tournament parser reads."""

from __future__ import annotations

from dataclasses import replace
from datetime import date, time

import pytest

from live.commands import refusals
from live.core.new_tournament import (
    MAX_ENTRIES,
    MAX_NAME,
    MAX_ROUNDS,
    NewTournament,
    NewTournamentError,
    tournament_text,
)
from live.core.tournament import parse

LEAGUE = NewTournament(preset="slovak-league", name="2. liga Východ", day=date(2027, 3, 6), start=time(10),
                       timezone="Europe/Bratislava", language="sk",
                       roster="Košice: Ján, Peter, Eva, Jana\nPrešov: Milan, Ivan, Zora, Oto\n")
OPEN = NewTournament(preset="cacak-preferans", name="Open", day=date(2027, 3, 6), start=time(10),
                     timezone="Europe/Belgrade", language="sr-Cyrl", roster="Ана\nБора\nВера\n", rounds=3)

WRONG = [
    (replace(OPEN, rounds=MAX_ROUNDS + 1), {"field": "rounds", "code": "competition.range", "min": 1,
                                            "max": MAX_ROUNDS, "value": MAX_ROUNDS + 1}),
    (replace(OPEN, per_day=0), {"field": "per_day", "code": "competition.range", "min": 1, "max": 12, "value": 0}),
    (replace(LEAGUE, days_between=40), {"field": "days_between", "code": "competition.range", "min": 1, "max": 31,
                                        "value": 40}),
    (replace(OPEN, gap_minutes=300), {"field": "gap_minutes", "code": "competition.range", "min": 0, "max": 240,
                                      "value": 300}),
    (replace(LEAGUE, boards=2), {"field": "boards", "code": "competition.range", "min": 4, "max": 64, "value": 2}),
    (replace(OPEN, round_minutes=20), {"field": "round_minutes", "code": "competition.range", "min": 30, "max": 600,
                                       "value": 20}),
    (replace(OPEN, name=" "), {"field": "name", "code": "competition.name_length", "max": MAX_NAME}),
    (replace(OPEN, timezone="Europe/Novi_Sad"), {"field": "timezone", "code": "competition.timezone",
                                                 "value": "Europe/Novi_Sad"}),
    (replace(OPEN, preset="whist"), {"field": "preset", "code": "field.not_one_of", "known": ["cacak-preferans",
                                                                                             "novi-sad-teams",
                                                                                             "slovak-league"]}),
    (replace(OPEN, language="de"), {"field": "language", "code": "field.not_one_of",
                                    "known": ["sr-Cyrl", "sr-Latn", "sk", "en"]}),
    (replace(OPEN, roster="\n".join(f"P{n}" for n in range(MAX_ENTRIES + 1))),
     {"field": "roster", "code": "competition.roster_lines", "max": MAX_ENTRIES, "count": MAX_ENTRIES + 1}),
    (replace(OPEN, roster="Ана\n# a note\n" + "Б" * (MAX_NAME + 1)),
     {"field": "roster", "code": "competition.roster_name", "line": 3, "max": MAX_NAME}),
    (replace(LEAGUE, roster="Košice: Ján, Peter\nPrešov Milan, Ivan"),
     {"field": "roster", "code": "competition.roster_team", "line": 2}),
    (replace(OPEN, roster="Ана\nБора"), {"field": "roster", "code": "competition.roster_players", "least": 3,
                                         "count": 2}),
    (replace(LEAGUE, roster="Košice: Ján, Peter"), {"field": "roster", "code": "competition.roster_teams", "least": 2,
                                                    "count": 1}),
    (replace(LEAGUE, double=True, roster="\n".join(f"T{n}: A{n}, B{n}" for n in range(32))),
     {"field": "roster", "code": "competition.roster_rounds", "teams": 32, "rounds": 62, "max": MAX_ROUNDS * 2}),
]


@pytest.mark.parametrize(("form", "detail"), WRONG, ids=[d["code"] + ":" + str(d["field"]) for _, d in WRONG])
def test_a_wrong_form_names_its_field_and_a_code_the_pages_say(form: NewTournament, detail: dict[str, object]) -> None:
    with pytest.raises(NewTournamentError) as refused:
        tournament_text(form)
    assert refused.value.detail == detail
    assert refused.value.field == detail["field"] and str(refused.value).startswith(f"{detail['field']}: ")
    assert set(refusals.REFUSALS[str(detail["code"])]) <= set(detail)  # every parameter its sentence takes


@pytest.mark.parametrize("form", [LEAGUE, OPEN], ids=["league", "open"])
def test_a_right_form_gives_a_file_the_parser_reads(form: NewTournament) -> None:
    tournament = parse(tournament_text(form), "new.toml")
    assert tournament.name == form.name and tournament.language == form.language
