"""The prize-giving on the hall's screens: `show_prizes` puts the prize list in every screen's `prizes`
section (for a fund, or the desk's), `hide_prizes` takes it off, an undo does either back, and the ranking
stays hidden while the standings are."""

from __future__ import annotations

import json

from helpers import MIN, T0, preferans, rounds, tournament
from support.arrivals import IN_ORDER, PLAYERS, Desk, at

from live.projections.prizes import prize_list
from live.projections.views import public_sections

SLIPS = {1: {"p1": 60, "p2": 0, "p3": -60}, 2: {"p4": 40, "p5": -10, "p6": -30}}


def played(rules: dict[str, object] | None = None) -> Desk:
    """Round 1 of a six-player Čačak day played: p1 and p4 (a lady) won their tables."""
    desk = Desk(tournament(rounds(2), players=PLAYERS, rules=rules or {}), T0 - 30 * MIN)
    desk.do("publish_seating", item="r1", seed=IN_ORDER)
    desk.do("start_round", T0, item="r1")
    for table, results in SLIPS.items():
        desk.do("record_result", at(170), item="r1", table=table, results=results)
    return desk


def test_the_prize_list_goes_on_the_screens_and_off_again_and_an_undo_takes_it_back() -> None:
    desk = played()
    assert "prizes" not in public_sections(desk.state)
    shown = desk.do("show_prizes", fund=100_000)
    assert shown.payload == {"fund": 100_000}
    prizes = public_sections(desk.state)["prizes"]
    assert [(p["rank"], p["id"], p["amount"]) for p in prizes["prizes"]] == [
        (1, "p1", 50_000), (2, "p4", 25_000), (3, "p2", 15_000), (4, "p5", 10_000)]
    assert prizes["fund"] == 100_000 and prizes["currency"] == "RSD"
    assert prizes["best_lady"] == {"id": "p4", "name": "Vesna", "rank": 2}
    # a result corrected while the list is up moves it
    desk.do("correct_result", item="r1", table=2, results={"p4": 40, "p5": -30, "p6": -10}, reason="slip misread")
    assert [p["id"] for p in public_sections(desk.state)["prizes"]["prizes"]] == ["p1", "p4", "p2", "p6"]
    refused = desk.refuse({"type": "show_prizes", "fund": 100_000})
    assert (refused.status, refused.detail["code"]) == (409, "prizes.already_shown")
    hidden = desk.do("hide_prizes")
    assert "prizes" not in public_sections(desk.state)
    desk.do("undo", seq=hidden.seq)
    assert public_sections(desk.state)["prizes"]["fund"] == 100_000
    desk.do("undo", seq=shown.seq)
    assert "prizes" not in public_sections(desk.state)
    refused = desk.refuse({"type": "hide_prizes"})
    assert (refused.status, refused.detail["code"]) == (409, "prizes.not_shown")


def test_without_a_fund_the_list_is_for_the_fund_the_desks_payments_make() -> None:
    desk = played()
    for player in ("p1", "p2", "p3"):
        desk.do("record_payment", player=player, what="entry", amount=4000 if player != "p2" else 2000,
                method="cash")
    desk.do("show_prizes")
    prizes = public_sections(desk.state)["prizes"]
    assert prizes["fund"] == prize_list(desk.state)["fund"] > 0
    # the screens (the hall's and every player's phone) get the list, not the desk's books behind the fund
    assert "fund_source" not in prizes and "payments" not in json.dumps(prizes)
    assert prize_list(desk.state)["fund_source"]["payments"] == 3, "the organizer's GET /api/prizes keeps them"
    before = prizes["fund"]
    desk.do("record_payment", player="p5", what="entry", amount=4000, method="cash")
    assert public_sections(desk.state)["prizes"]["fund"] > before, "a payment moves the fund on the screens"


def test_the_prizes_wait_for_the_hidden_standings_and_a_bad_fund_is_refused_with_its_field() -> None:
    desk = played({"standings_hidden_from_round": 1})
    refused = desk.refuse({"type": "show_prizes", "fund": 1000})
    assert (refused.status, refused.detail["code"]) == (409, "prizes.standings_hidden")
    desk.do("reveal_standings")
    for fund, code in ((-1, "field.between"), (10**13, "field.between"), ("lots", "field.not_a_number")):
        refused = desk.refuse({"type": "show_prizes", "fund": fund})
        assert (refused.status, refused.detail["field"], refused.detail["code"]) == (422, "fund", code)
    desk.do("show_prizes", fund=1000)
    assert public_sections(desk.state)["prizes"]["prizes"][0]["amount"] == 500


def test_before_any_result_the_prize_list_is_refused_and_nothing_written() -> None:
    """Before a result every competitor shares the first place: the hall's list would be the whole field "1st"."""
    desk = Desk(tournament(rounds(2), players=PLAYERS), T0 - 30 * MIN)
    desk.do("publish_seating", item="r1", seed=IN_ORDER)
    desk.do("start_round", T0, item="r1")
    for command in ({"type": "show_prizes", "fund": 100_000}, {"type": "show_prizes"}):
        refused = desk.refuse(command)
        assert (refused.status, refused.detail) == (409, {"field": "type", "code": "prizes.no_results"}), command
    assert "prizes" not in public_sections(desk.state)
    scored = desk.do("record_result", at(170), item="r1", table=1, results=SLIPS[1])
    desk.do("show_prizes", fund=100_000)
    assert public_sections(desk.state)["prizes"]["prizes"][0]["id"] == "p1"
    desk.do("hide_prizes")
    desk.do("undo", seq=scored.seq)  # the only result taken back: nothing to rank by again
    assert desk.refuse({"type": "show_prizes", "fund": 100_000}).detail["code"] == "prizes.no_results"


def test_rules_with_no_split_of_a_fund_have_no_prize_list_to_show() -> None:
    slovak = tournament(rounds(1, kind="match", minutes=240, boards=24), preset="slovak-league",
                        teams=[{"id": "a", "name": "A"}, {"id": "b", "name": "B"}])
    desk = Desk(slovak)
    refused = desk.refuse({"type": "show_prizes", "fund": 1000})
    assert (refused.status, refused.detail["field"], refused.detail["code"]) == (422, "fund", "prizes.no_split")
    assert preferans(1).rules["prize_shares"], "the Čačak preset splits a fund"
