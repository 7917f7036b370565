"""A team leaving a bridge event (docs/rules/novi-sad.md#withdrawal; docs/rules/slovak-league.md#withdrawal:
"fewer than half of its matches")."""

from __future__ import annotations

import pytest
from support.results import session

from live.projections.standings import standings_of


def results(home: str, away: str) -> tuple[int, int]:
    return (30, 20)


def test_a_withdrawal_before_half_erases_every_match_of_the_team() -> None:
    s = session("novi-sad empty")
    for number in (1, 2, 3):
        s.play(f"m{number}", results)
    s.do("withdraw", team="t3", reason="the team left the event")
    rows = {row["team"]: row for row in standings_of(s.state)}
    assert "t3" not in rows, "erased: it leaves the table"
    assert all(row["played"] + row["awarded"] <= 3 for row in rows.values())


def test_a_withdrawal_after_half_turns_the_remaining_matches_into_forfeits() -> None:
    s = session("novi-sad empty")
    for number in range(1, 7):
        s.play(f"m{number}", results)
    before = {row["team"]: row for row in standings_of(s.state)}
    s.do("withdraw", team="t3", reason="the team left the event")
    after = {row["team"]: row for row in standings_of(s.state)}
    assert after["t3"]["withdrawn"] is True
    assert after["t3"]["vp"] == before["t3"]["vp"], "the guilty team gets 0 VP for each remaining match"
    # t3 was still to meet t5, t1 and t2 (Berger rounds 7–9; round 10 is its bye): each is awarded
    # the forfeit (at least 12 VP); t4, which met t3 in round 6, is unchanged
    for team in ("t5", "t1", "t2"):
        assert after[team]["awarded"] - before[team]["awarded"] == 1
        assert round(after[team]["vp"] - before[team]["vp"], 2) >= 12
    assert (after["t4"]["vp"], after["t4"]["awarded"]) == (before["t4"]["vp"], before["t4"]["awarded"])


@pytest.mark.parametrize(("command", "status", "words"), [
    ({"type": "withdraw", "team": "t9", "reason": "x"}, 422, "no team has the id 't9'"),
    ({"type": "withdraw", "team": "t1", "reason": " "}, 422, "reason"),
    ({"type": "withdraw", "team": "t1"}, 422, "needs the field 'reason'"),
])
def test_bad_withdrawals_are_refused(command: dict[str, object], status: int, words: str) -> None:
    refused = session("novi-sad empty").refuse(command)
    assert refused.status == status and words in refused.error


def test_a_withdrawn_team_cannot_get_a_result_and_cannot_withdraw_twice() -> None:
    s = session("novi-sad empty")
    s.do("withdraw", team="t2", reason="gone")
    assert s.refuse({"type": "withdraw", "team": "t2", "reason": "again"}).status == 409
    s.do("publish_seating", item="m1")
    s.do("start_round", item="m1")
    match = next(m for m in s.state.seatings["m1"].body.matches if "t2" in (m["home"], m["away"]))
    refused = s.refuse({"type": "record_result", "item": "m1", "home": match["home"], "away": match["away"],
                        "imps_home": 10, "imps_away": 5})
    assert refused.status == 409 and "withdrawn" in refused.error
