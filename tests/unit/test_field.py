"""Who takes part in the day (live/projections/field.py): a player withdrawn at the door, before any round he played, is
gone from every list of the day — the standings ("4th of 9", not "of 10"), the name picker, the appeals' requests, the
desk's fees — while one who withdrew after playing keeps his rounds in the standings (docs/rules/cacak.md#withdrawal)
and is offered for no round to come. Through the commands and the fold (pure, fake clock)."""

from __future__ import annotations

from typing import Any

from support.desk import books, pay
from support.results import IN_ORDER, PREFERANS7, START_R1, TABLE1, TABLE2, Session, record

from live.projections import appeals, field
from live.projections.standings import standings_of
from live.projections.views import me_section, public_sections

DOOR = {"type": "withdraw_player", "player": "p7", "reason": "did not come"}
PUBLISH = {"type": "publish_seating", "item": "r1", "seed": IN_ORDER}  # the six left: p1–p3, p4–p6


def day_with_a_door_withdrawal() -> Session:
    """Seven registered; p7 withdraws at the door; round 1 seated, played and scored with the six."""
    s = Session(PREFERANS7)
    s.run(DOOR)
    s.run(PUBLISH)
    s.run(START_R1)
    s.run(record(1, TABLE1))
    s.run(record(2, TABLE2))
    return s


def roster_line(s: Session, player: str) -> dict[str, Any]:
    return next(p for p in public_sections(s.state)["players"] if p["id"] == player)


def test_a_player_withdrawn_at_the_door_is_not_ranked_and_a_field_of_six_says_of_six() -> None:
    s = day_with_a_door_withdrawal()
    rows = standings_of(s.state)
    assert "p7" not in [r["player"] for r in rows]
    assert len(rows) == 6  # the player page's "N of 6" counts these rows
    mine = me_section(s.state, "p6")
    assert mine is not None and mine["standing"]["rank"] == 6  # last of six, not of seven
    assert field.gone(s.state, "p7")
    # The roster still names him (the audit's withdrawal does), marked so that no page offers him.
    assert roster_line(s, "p7") | {"name": ""} == {"id": "p7", "name": "", "team": None, "withdrawn": True,
                                                  "gone": True}


def test_a_player_who_withdrew_after_playing_keeps_his_round_and_leaves_the_rounds_to_come() -> None:
    s = day_with_a_door_withdrawal()
    s.run({"type": "withdraw_player", "player": "p3", "reason": "left after round 1"})
    rows = standings_of(s.state)
    assert [r["player"] for r in rows] == ["p4", "p1", "p5", "p2", "p3", "p6"]  # his 0.8 points stay
    assert next(r for r in rows if r["player"] == "p3")["rounds"] == 1
    line = roster_line(s, "p3")
    assert line["withdrawn"] is True and "gone" not in line
    assert [p.id for p in field.playing(s.state)] == ["p1", "p2", "p4", "p5", "p6"]
    assert [p.id for p in field.ranked(s.state)] == ["p1", "p2", "p3", "p4", "p5", "p6"]


def test_a_player_seated_in_a_round_that_started_took_part_even_without_a_result() -> None:
    s = Session(PREFERANS7)
    s.run(PUBLISH | {"seed": 11164})  # all seven seated: a table of four and one of three
    s.run(START_R1)
    s.run({"type": "withdraw_player", "player": "p7", "reason": "felt unwell"})
    assert not field.gone(s.state, "p7") and "p7" not in [p.id for p in field.playing(s.state)]
    assert "p7" in [r["player"] for r in standings_of(s.state)]


def test_the_committee_and_the_penalties_have_no_one_gone_from_the_day() -> None:
    s = day_with_a_door_withdrawal()
    view = appeals.referee_view(s.state)
    assert view is not None and "p7" not in view["left"] and "p1" in view["left"]
    for command in ({"type": "appeal", "player": "p7", "item": "r1", "subject": "the draw"},
                    {"type": "penalty", "player": "p7", "amount": 10, "unit": "bule", "reason": "late"}):
        refused = s.refuse(command)
        assert (refused.status, refused.detail["code"], refused.detail["player"]) == (409, "player.withdrawn", "p7")
        assert "withdrawn" in refused.error


def test_the_desk_asks_no_fee_of_a_player_gone_before_playing_and_keeps_what_one_paid() -> None:
    s = day_with_a_door_withdrawal()
    view = books(s)
    assert "p7" not in [x["id"] for x in view["accounts"]]
    assert "p7" not in [x["id"] for x in view["unpaid"]]
    # One who paid at the door and then withdrew: the money is in the books, nothing more is owed, and the
    # Čačak rules give no refund.
    s = Session(PREFERANS7)
    s.run(pay("p7", "entry", 4000))
    s.run(DOOR)
    line = next(x for x in books(s)["accounts"] if x["id"] == "p7")
    assert (line["owed"], line["paid"], line["next"], line["lines"]["entry"]["refundable"]) == (0, 4000, None, 0)
    # A player who withdrew after playing still owes his entry.
    s = day_with_a_door_withdrawal()
    s.run({"type": "withdraw_player", "player": "p3", "reason": "left after round 1"})
    assert next(x for x in books(s)["unpaid"] if x["id"] == "p3")["withdrawn"] is True
