"""The registration desk (docs/rules/desk.md): the pure rules (live/rules/desk.py) and the
`record_payment` command through `live.commands.decide.decide` and `live.core.state.fold` (pure, fake clock), with
its undo, the junior flag, the prize fund and the console's `desk` section (live/commands/desk.py).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from helpers import SEC, rounds, stored, tournament
from support.desk import VALID, books, pay
from support.results import PREFERANS, PUBLISH_IN_ORDER, START_R1, Session

from live.commands.decide import decide
from live.core import events as E
from live.core.tournament import TournamentFileError
from live.projections import desk
from live.projections.views import public_audit, referee_only
from live.rules import desk as D
from live.rules.presets import PRESETS

CACAK = D.Fees.from_rules(PRESETS["cacak-preferans"])
NS = D.Fees.from_rules(PRESETS["novi-sad-teams"])
assert CACAK is not None and NS is not None

TEAMS = [{"id": "t1", "name": "Partizan"}, {"id": "t2", "name": "Vojvodina"}, {"id": "t3", "name": "Spartak"},
         {"id": "t4", "name": "Sloga"}]
#: Novi Sad with four teams (t1 plays t4 in m1); t1's a4 is a junior.
MEMBERS = [{"id": f"a{k}", "name": f"Igrač {k}", "team": "t1", **({"junior": True} if k == 4 else {})}
           for k in range(1, 6)]
NOVI_SAD = tournament(rounds(4, kind="match", minutes=90, gap=15, boards=12), preset="novi-sad-teams", teams=TEAMS,
                      players=MEMBERS)


def line(s: Session, who: str) -> dict[str, Any]:
    return next(x for x in books(s)["accounts"] if x["id"] == who)


def novi_sad_m1_played() -> Session:
    """m1 under way: a1–a4 of t1 checked in (a4 a junior), a5 not."""
    s = Session(NOVI_SAD)
    s.run({"type": "publish_seating", "item": "m1"})
    for k in range(1, 5):
        s.run({"type": "check_in", "item": "m1", "player": f"a{k}"})
    s.run({"type": "start_round", "item": "m1"})
    return s


# ---- the pure rules ---------------------------------------------------------------------------------


def test_the_presets_propose_the_documents_amounts() -> None:
    assert (D.entry_due(CACAK), D.entry_due(CACAK, lady=True)) == (4000, 2000)  # Čačak: ladies 2000
    assert (D.entry_due(NS), D.entry_due(NS, lady=True)) == (1500, 1500)  # per team: no lady's entry
    assert (CACAK.per, NS.per, CACAK.has_match_fees, NS.has_match_fees) == ("player", "team", False, True)
    assert D.Fees.from_rules(PRESETS["slovak-league"]) is None
    assert CACAK.whats("player") == ("entry", "other") and NS.whats("team") == ("entry", "other")
    assert NS.whats("player") == ("match_fee", "other") and NS.whats("player", junior=True) == ("other",)


def test_a_junior_plays_free_and_the_others_pay_50_a_match_played() -> None:
    assert D.match_fees_due(NS, 3) == 150 and D.match_fees_due(NS, 0) == 0
    assert D.match_fees_due(NS, 3, junior=True) == 0 and D.match_fee(NS, junior=True) == 0
    with pytest.raises(D.DeskError, match="juniors play free") as info:
        D.check_payment(NS, D.MATCH_FEE, Decimal(50), D.Balance(Decimal(0), Decimal(0)), junior=True)
    assert (info.value.field, info.value.rule) == ("what", "match_fee_junior")
    D.check_payment(NS, D.MATCH_FEE, Decimal(50), D.Balance(Decimal(50), Decimal(0)))
    # paid ahead for the matches still to play, and no further
    ahead = D.Balance(Decimal(50), Decimal(0), Decimal(100))
    D.check_payment(NS, D.MATCH_FEE, Decimal(150), ahead)
    with pytest.raises(D.DeskError, match="at most 150 paying ahead"):
        D.check_payment(NS, D.MATCH_FEE, Decimal(200), ahead)


def test_the_entry_is_paid_in_parts_never_beyond_its_due() -> None:
    half = D.Balance(Decimal(4000), Decimal(2000))
    assert (half.owed, half.most, D.proposal(half)) == (2000, 2000, 2000)
    D.check_payment(CACAK, D.ENTRY, Decimal(2000), half)
    with pytest.raises(D.DeskError, match="2,000 is owed") as info:
        D.check_payment(CACAK, D.ENTRY, Decimal("2000.5"), half)
    assert info.value.field == "amount"
    D.check_payment(CACAK, D.OTHER, Decimal(10**6), D.Balance(Decimal(0), Decimal(0)))  # a gift: no limit


def test_a_refund_is_a_negative_payment_never_more_than_was_paid_and_none_after_withdrawal() -> None:
    lady_paid_in_full = D.Balance(Decimal(2000), Decimal(4000))
    assert (lady_paid_in_full.owed, D.proposal(lady_paid_in_full)) == (-2000, -2000)
    assert D.proposal(lady_paid_in_full, refund_allowed=False) is None
    D.check_payment(CACAK, D.ENTRY, Decimal(-2000), lady_paid_in_full)
    with pytest.raises(D.DeskError, match="more than the 4,000 paid"):
        D.check_payment(CACAK, D.ENTRY, Decimal(-4001), lady_paid_in_full)
    with pytest.raises(D.DeskError, match="no refund") as info:
        D.check_payment(CACAK, D.ENTRY, Decimal(-2000), lady_paid_in_full, withdrawn=True)
    assert (info.value.field, info.value.rule) == ("amount", "withdrawn_no_refund")
    D.check_payment(NS, D.ENTRY, Decimal(-1500), D.Balance(Decimal(1500), Decimal(1500)), withdrawn=True)
    assert D.proposal(D.Balance(Decimal(4000), Decimal(4000))) is None


@pytest.mark.parametrize(("value", "wrong"), [
    (0, "not be 0"), (True, "a number"), ("4000", "a number"), (None, "a number"), (float("nan"), "finite"),
    (float("inf"), "finite"), (10**9 + 1, "between"), (12.345, "two decimals"),
])
def test_an_amount_that_is_no_sum_of_money_is_named(value: Any, wrong: str) -> None:
    assert wrong in (D.amount_problem(value, 10**9) or "")


@pytest.mark.parametrize("value", [4000, -2000, 0.5, 1435.25, 10**9])
def test_an_amount_of_money_is_taken(value: Any) -> None:
    assert D.amount_problem(value, 10**9) is None


def test_the_prize_fund_is_the_share_of_what_was_paid_of_the_counted_kinds() -> None:
    paid = {D.ENTRY: Decimal(14000), D.MATCH_FEE: Decimal(300), D.OTHER: Decimal(800)}
    assert D.prize_fund(CACAK, paid) == Decimal(9800)  # 70 % of the entry fees only
    assert D.prize_fund(NS, paid) == Decimal(14300)  # all the fees; `other` never
    assert D.prize_fund(CACAK, {D.ENTRY: Decimal(-10)}) == 0


@pytest.mark.parametrize(("share", "wrong"), [(69.99, "at least 70"), (69, "at least 70"), (0, "at least 70"),
                                              (100.5, "at most 100")])
def test_the_share_below_70_or_above_100_is_refused(share: float, wrong: str) -> None:
    assert wrong in (D.rule_problem("prize_fund_share", share, PRESETS["cacak-preferans"]) or "")


@pytest.mark.parametrize("share", [70, 70.0, 85, 100])
def test_the_share_from_70_to_100_is_the_organizers(share: float) -> None:
    assert D.rule_problem("prize_fund_share", share, PRESETS["cacak-preferans"]) is None
    rules = {**PRESETS["cacak-preferans"], "prize_fund_share": share}
    fees = D.Fees.from_rules(rules)
    assert fees is not None and D.prize_fund(fees, {D.ENTRY: Decimal(10000)}) == Decimal(100 * share)


def test_novi_sad_gives_all_of_it_and_the_minimum_is_the_documents() -> None:
    assert "at least 100" in (D.rule_problem("prize_fund_share", 99, PRESETS["novi-sad-teams"]) or "")
    assert "minimum" in (D.rule_problem("prize_fund_min_share", 50, PRESETS["cacak-preferans"]) or "")
    assert D.rule_problem("entry_fee_per", "team", PRESETS["cacak-preferans"]) is not None
    assert D.rule_problem("prize_fund_from", ["entry", "tips"], PRESETS["cacak-preferans"]) is not None


@pytest.mark.parametrize(("rules", "field"), [
    ({"prize_fund_share": 69}, "prize_fund_share"), ({"prize_fund_min_share": 60}, "prize_fund_min_share"),
    ({"prize_fund_from": []}, "prize_fund_from"), ({"entry_fee": -1}, "entry_fee"),
    ({"entry_fee_per": "team"}, "entry_fee_per"),
])
def test_a_desk_rule_out_of_bounds_is_refused_in_the_file_and_at_the_console(rules: dict[str, Any],
                                                                             field: str) -> None:
    with pytest.raises(TournamentFileError, match=f"rules.{field}"):
        tournament(rounds(1), rules=rules)
    refused = Session(PREFERANS).refuse({"type": "change_rules", "rules": rules})
    assert (refused.status, refused.detail["field"]) == (422, f"rules.{field}")


def test_the_organizer_sets_the_share_in_the_file() -> None:
    t = tournament(rounds(1), rules={"prize_fund_share": 80}, players=[{"id": "p1", "name": "Milan"}])
    s = Session(t)
    s.run(pay("p1", "entry", 4000))
    assert books(s)["fund"]["amount"] == 3200 and books(s)["fund"]["share"] == 80


# ---- the command -----------------------------------------------------------------------------------


def setup(name: str) -> Session:
    if name == "novi-sad m1":
        return novi_sad_m1_played()
    return Session(PREFERANS if name == "preferans" else NOVI_SAD)


@pytest.mark.parametrize(("name", "command", "kind", "payload"), [c[1:] for c in VALID], ids=[c[0] for c in VALID])
def test_a_valid_payment_becomes_its_event(name: str, command: dict[str, Any], kind: str,
                                           payload: dict[str, Any]) -> None:
    s = setup(name)
    new = decide(s.t, s.state, command, s.now)
    assert [(n.type, n.payload) for n in new] == [(kind, payload)]
    stored(s.events, new[0], s.now + SEC)


@pytest.mark.parametrize(("name", "command", "status", "field", "words"), [
    ("preferans", pay("p1", "fee", 4000), 422, "what", "one of entry, match_fee, other"),
    ("preferans", pay("p1", "match_fee", 50), 422, "what", "no match fee"),
    ("preferans", pay("p1", "entry", 0), 422, "amount", "not be 0"),
    ("preferans", pay("p1", "entry", "4000"), 422, "amount", "a number"),
    ("preferans", pay("p1", "entry", 10**15), 422, "amount", "must be between"),
    ("preferans", pay("p1", "entry", 10**400), 422, "amount", "far too large"),  # past a float's range
    ("preferans", pay("p1", "entry", 4001), 409, "amount", "4,000 is owed"),
    ("preferans", pay("p2", "entry", 4000), 409, "amount", "2,000 is owed"),  # a lady
    ("preferans", pay("p1", "entry", -100, note="by mistake"), 409, "amount", "more than the 0 paid"),
    ("preferans", pay("p1", "entry", -100), 422, "note", "why it is given back"),
    ("preferans", pay("p1", "other", 500), 422, "note", "what the money is for"),
    ("preferans", pay("p1", "entry", 4000, method="card"), 422, "method", "cash or account"),
    ("preferans", pay("p9", "entry", 4000), 422, "player", "no player"),
    ("preferans", pay("t1", "entry", 4000), 422, "team", "no teams"),
    ("preferans", {"type": "record_payment", "what": "entry", "amount": 4000}, 422, "player", "either"),
    ("preferans", {**pay("p1", "entry", 4000), "team": "t1"}, 422, "player", "either"),
    ("preferans", {**pay("p1", "entry", 4000), "item": "r1"}, 422, "item", "no field"),
    ("novi-sad", pay("a1", "entry", 1500), 422, "what", "per team"),
    ("novi-sad", pay("t1", "match_fee", 200), 422, "what", "each player's"),
    ("novi-sad", pay("a1", "match_fee", 250), 409, "amount", "paying ahead"),  # 4 matches still to play: 200
    ("novi-sad m1", pay("a4", "match_fee", 50), 409, "what", "juniors play free"),
])
def test_a_bad_payment_is_refused_naming_the_field_and_nothing_is_written(
        name: str, command: dict[str, Any], status: int, field: str, words: str) -> None:
    refused = setup(name).refuse(command)
    assert (refused.status, refused.detail["field"]) == (status, field), refused.error
    assert words in refused.error


def test_no_desk_in_the_slovak_league() -> None:
    from support.results import SLOVAK

    refused = Session(SLOVAK).refuse(pay("t1", "entry", 100))
    assert (refused.status, refused.detail["field"]) == (422, "type")
    assert referee_only(Session(SLOVAK).state, {})["desk"] is None


def test_the_console_is_shown_what_is_due_paid_and_next_and_who_has_not_paid() -> None:
    s = Session(PREFERANS)
    s.run(pay("p1", "entry", 4000))
    s.run(pay("p2", "entry", 1500, method="account"))
    view = books(s)
    assert line(s, "p1")["lines"]["entry"] == {"due": 4000, "paid": 4000, "owed": 0, "most": 0, "refundable": 4000}
    assert line(s, "p1")["next"] is None and line(s, "p3")["next"] == {"what": "entry", "amount": 4000}
    assert line(s, "p2")["next"] == {"what": "entry", "amount": 500} and line(s, "p2")["lady"] is True
    assert [(x["id"], x["owed"]) for x in view["unpaid"]] == [
        ("p2", 500), ("p3", 4000), ("p4", 2000), ("p5", 4000), ("p6", 4000)]
    assert view["owed"] == 14500
    assert view["fund"] == {"amount": 3850, "share": 70, "min_share": 70, "from": ["entry"],
                            "collected": {"entry": 5500, "match_fee": 0, "other": 0}, "counted": 5500,
                            "payments": 2, "if_all_paid": 14000}
    assert [x["seq"] for x in view["payments"]] == [1, 2]
    assert referee_only(s.state, {})["desk"] == view
    # who paid what is the desk's: the hall's audit does not show it
    assert all(c["type"] != E.PAYMENT_RECORDED for c in public_audit(s.state))


def test_a_payment_is_undone_and_a_refund_is_undone_before_the_payment_it_returns() -> None:
    s = Session(PREFERANS)
    first = s.run(pay("p2", "entry", 4000 - 2000))
    s.run({"type": "undo"})
    assert line(s, "p2")["lines"]["entry"]["paid"] == 0 and books(s)["fund"]["amount"] == 0
    assert [c["undone"] for c in s.state.commands] == [True, False] and first.seq == 1

    # p1 paid in full, then is found to be a lady: the desk proposes giving 2000 back
    paid = s.run(pay("p1", "entry", 4000))
    s.run({"type": "update_player", "player": "p1", "lady": True})
    assert line(s, "p1")["next"] == {"what": "entry", "amount": -2000} and line(s, "p1")["owed"] == 0
    refund = s.run(pay("p1", "entry", -2000, note="a lady's entry is 2000"))
    assert line(s, "p1")["lines"]["entry"]["paid"] == 2000 and books(s)["fund"]["amount"] == 1400
    refused = s.refuse({"type": "undo", "seq": paid.seq})
    assert (refused.status, refused.detail["field"]) == (409, "seq") and "undo the refund first" in refused.error
    s.run({"type": "undo", "seq": refund.seq})
    s.run({"type": "undo", "seq": paid.seq})
    assert line(s, "p1")["lines"]["entry"]["paid"] == 0


def test_a_withdrawn_player_gets_no_refund_naming_the_rule() -> None:
    s = Session(PREFERANS)
    s.run(PUBLISH_IN_ORDER)  # round 1 played by all: who withdraws now withdrew after playing
    s.run(START_R1)
    s.run(pay("p1", "entry", 4000))
    s.run({"type": "withdraw_player", "player": "p1", "reason": "removed by the referee"})
    refused = s.refuse(pay("p1", "entry", -4000, note="leaving early"))
    assert (refused.status, refused.detail["field"], refused.detail["rule"]) == (409, "amount", "withdrawn_no_refund")
    assert "no refund" in refused.error
    assert line(s, "p1")["withdrawn"] is True and line(s, "p1")["lines"]["entry"]["refundable"] == 0
    # a player who withdrew after playing and never paid still owes it: the desk's list says so
    # (one withdrawn before playing owes nothing: tests/unit/test_field.py)
    s.run({"type": "withdraw_player", "player": "p3", "reason": "left after round 1"})
    assert next(x for x in books(s)["unpaid"] if x["id"] == "p3")["withdrawn"] is True


def test_a_walk_in_who_paid_is_not_undone() -> None:
    s = Session(PREFERANS)
    walk_in = s.run({"type": "register_player", "name": "Zoran", "junior": True})
    s.run(pay("w07", "entry", 4000))
    assert line(s, "w07")["junior"] is True and s.state.tournament.player("w07").junior  # type: ignore[union-attr]
    refused = s.refuse({"type": "undo", "seq": walk_in.seq})
    assert (refused.status, refused.detail["field"]) == (409, "seq") and "has paid" in refused.error


def test_novi_sad_the_team_pays_its_entry_and_each_player_per_match_played() -> None:
    s = novi_sad_m1_played()
    assert line(s, "t1")["next"] == {"what": "entry", "amount": 1500}
    assert [(x["id"], x["lines"]["match_fee"]["matches"], x["next"]) for x in books(s)["accounts"]
            if x["kind"] == "player"] == [
        ("a1", 1, {"what": "match_fee", "amount": 50}), ("a2", 1, {"what": "match_fee", "amount": 50}),
        ("a3", 1, {"what": "match_fee", "amount": 50}), ("a4", 1, None), ("a5", 0, None)]
    junior = line(s, "a4")
    assert (junior["junior"], junior["whats"], junior["lines"]["match_fee"]["each"]) == (True, ["other"], 0)
    s.run(pay("t1", "entry", 1500))
    s.run(pay("a1", "match_fee", 100))  # tonight's two matches at once: one paid ahead
    assert line(s, "a1")["lines"]["match_fee"] | {"most": None} == {
        "due": 50, "paid": 100, "owed": -50, "most": None, "refundable": 100, "matches": 1, "each": 50}
    assert line(s, "a1")["next"] == {"what": "match_fee", "amount": -50}  # a credit: returned if asked
    fund = books(s)["fund"]
    assert (fund["amount"], fund["collected"], fund["from"]) == (
        1600, {"entry": 1500, "match_fee": 100, "other": 0}, ["entry", "match_fee"])
    # the match t1 forfeits is not played
    s.run({"type": "forfeit", "item": "m1", "team": "t1"})
    assert line(s, "a2")["lines"]["match_fee"]["matches"] == 0


def test_a_bye_is_no_match_played() -> None:
    s = Session(tournament(rounds(2, kind="match", minutes=90, gap=15, boards=12), preset="novi-sad-teams",
                           teams=TEAMS[:3], players=MEMBERS))
    s.run({"type": "publish_seating", "item": "m1"})
    assert s.state.seatings["m1"].body.bye == "t1"
    s.run({"type": "check_in", "item": "m1", "player": "a1"})
    s.run({"type": "start_round", "item": "m1"})
    assert desk.matches_played(s.state) == {} and line(s, "a1")["next"] is None


def test_the_junior_flag_is_read_from_the_file_and_set_at_the_console() -> None:
    assert [p.junior for p in NOVI_SAD.players] == [False, False, False, True, False]
    with pytest.raises(TournamentFileError, match="junior"):
        tournament(rounds(1), players=[{"id": "p1", "name": "Milan", "junior": "yes"}])
    s = Session(NOVI_SAD)
    event = s.run({"type": "update_player", "player": "a1", "junior": True})
    assert event.payload == {"player": "a1", "junior": True}
    assert s.state.tournament.player("a1").junior  # type: ignore[union-attr]
    refused = s.refuse({"type": "update_player", "player": "a1", "junior": 1})
    assert (refused.status, refused.detail["field"]) == (422, "junior")
    registered = s.run({"type": "register_player", "name": "Mladen", "team": "t2", "junior": True})
    assert registered.payload["junior"] is True
    s.run({"type": "undo"})
    assert s.state.tournament.player(registered.payload["player"]) is None


def test_a_junior_marked_in_the_edited_file_is_a_difference_accepted_as_update_player() -> None:
    from live.commands.plan_diff import Difference, differences
    from live.core.state import fold

    members = [{**p, "junior": p["id"] == "a2"} for p in MEMBERS]
    edited = tournament(rounds(4, kind="match", minutes=90, gap=15, boards=12), preset="novi-sad-teams",
                        teams=TEAMS, players=members)
    assert differences(NOVI_SAD, fold(NOVI_SAD, []), edited) == [
        Difference("player a2 marked as a junior", {"type": "update_player", "player": "a2", "junior": True}),
        Difference("player a4 no longer marked as a junior",
                   {"type": "update_player", "player": "a4", "junior": False})]
    added = tournament(rounds(4, kind="match", minutes=90, gap=15, boards=12), preset="novi-sad-teams",
                       teams=TEAMS, players=[*MEMBERS, {"id": "a6", "name": "Mladen", "team": "t2", "junior": True}])
    (new,) = differences(NOVI_SAD, fold(NOVI_SAD, []), added)
    assert new.command == {"type": "register_player", "player": "a6", "name": "Mladen", "lady": False, "team": "t2",
                           "junior": True}


def test_the_team_sheet_says_who_played_a_match_where_there_is_one() -> None:
    s = novi_sad_m1_played()
    s.run({"type": "lineup", "item": "m1", "team": "t1", "parts": [["a1", "a2", "a3", "a5"]]})
    assert {p: items for p, items in desk.matches_played(s.state).items() if p.startswith("a")} == {
        "a1": ["m1"], "a2": ["m1"], "a3": ["m1"], "a5": ["m1"]}  # a4 checked in but sat out; a5 came in
    assert line(s, "a5")["next"] == {"what": "match_fee", "amount": 50}
