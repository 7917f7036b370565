"""Slovak §24.1 (docs/rules/appeals.md#final): the standings are running until the overall results are published,
provisional while the term for complaints runs or an appeal is open, then final; the coordinator publishes them
(`publish_results`), the presidium may approve them over the open appeals (`approve_results`), both undone like any
command. The pure rule (live/rules/finality.py) at its edges, then the commands through the fold (fake clock), and
the `standings_status` section: as of the last event, and at any instant with `GET /api/state`'s `now`."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import MIN, rounds, tournament
from support.publication import PLAYERS, SHORT, TEAMS4, VALID, appeal, finished, session
from support.results import Session

from live.core import events as E
from live.projections.appeals import results_out, results_published
from live.projections.finality import standings_status
from live.projections.views import full_state, public_sections, referee_only
from live.rules import finality as F

DAY = 24 * 60 * MIN


# ---- the pure rule --------------------------------------------------------------------------------------------


def test_running_until_published_then_provisional_for_the_term_then_final_at_its_closing_instant() -> None:
    term = 15 * DAY
    assert F.finality(None, term, [], None, 10**15) == F.Finality("running", None, None, 0, "not_published", None)
    during = F.finality(1000, term, [], None, 1000 + term - 1)
    assert during == F.Finality("provisional", 1000, 1000 + term, 0, "term", 1000 + term)
    # the closing instant itself is past the term (as an appeal then is refused)
    assert F.finality(1000, term, [], None, 1000 + term) == F.Finality("final", 1000 + term, 1000 + term, 0,
                                                                      "term_over", 1000 + term)
    assert F.term_ms(15) == term and F.term_ms(0.5) == DAY // 2 and F.term_ms(0) == 0
    with pytest.raises(ValueError, match="0 days or more"):
        F.term_ms(-1)


def test_an_open_appeal_holds_the_results_past_the_term_and_its_decision_makes_them_final() -> None:
    term, published = 15 * DAY, 1000
    closes = published + term
    open_ = [F.AppealTerm(7), F.AppealTerm(9, decided=published + DAY)]
    during = F.finality(published, term, open_, None, published + DAY)
    assert (during.status, during.final_at, during.open_appeals, during.why) == ("provisional", None, 1,
                                                                                 "term_and_appeals")
    after = F.finality(published, term, open_, None, closes + DAY)
    assert (after.status, after.final_at, after.why) == ("provisional", None, "appeals")
    # decided after the term: final at the decision; decided within it: final when the term closes
    late = [F.AppealTerm(7, decided=closes + 3 * DAY)]
    assert F.final_at(published, term, late, None) == closes + 3 * DAY
    assert F.finality(published, term, late, None, closes + 3 * DAY).status == "final"
    assert F.finality(published, term, late, None, closes + 3 * DAY - 1).why == "appeals"
    early = [F.AppealTerm(7, decided=published + DAY)]
    assert F.final_at(published, term, early, None) == closes


def test_the_presidiums_approval_stands_for_the_appeals_it_saw_but_not_for_the_term_nor_a_later_appeal() -> None:
    term, published = 15 * DAY, 1000
    closes = published + term
    approved = F.Approval(seq=10, at=published + 2 * DAY, appeals=frozenset({7}))
    seen = [F.AppealTerm(7)]
    assert F.final_at(published, term, seen, approved) == closes  # not before the term is over
    final = F.finality(published, term, seen, approved, closes)
    assert (final.status, final.why) == ("final", "approved")
    assert F.finality(published, term, seen, approved, closes - 1).why == "term"
    # an appeal lodged after the approval holds the results again until decided
    later = [F.AppealTerm(7), F.AppealTerm(12)]
    assert F.final_at(published, term, later, approved) is None
    assert F.holding(later, approved) == [F.AppealTerm(12)]
    # approved after the term closed: final at the approval
    after = F.Approval(seq=10, at=closes + DAY, appeals=frozenset({7}))
    assert F.final_at(published, term, seen, after) == closes + DAY


# ---- the commands and the section ----------------------------------------------------------------------------


@pytest.mark.parametrize(("setup", "command", "kind", "payload"), [c[1:] for c in VALID], ids=[c[0] for c in VALID])
def test_a_valid_command_becomes_its_event(setup: str, command: dict[str, Any], kind: str,
                                           payload: dict[str, Any]) -> None:
    s = session(setup)
    event = s.run(command)
    assert (event.type, event.payload) == (kind, payload)


def test_publishing_needs_every_result_and_is_taken_once_until_undone() -> None:
    s = Session(SHORT)
    s.do("publish_seating", item="m1")
    s.do("start_round", item="m1")
    assert standings_status(s.state) is None  # running: the section is absent
    assert "standings_status" not in public_sections(s.state)
    s.refused({"type": "publish_results"}, 409, "type")
    assert s.refuse({"type": "publish_results"}).detail["code"] == "results.not_out"
    assert s.refuse({"type": "approve_results", "reason": "x"}).detail["code"] == "results.not_published"

    s = finished()
    out = results_out(s.state)
    assert results_published(s.state) == out  # the hall's own publication until the coordinator's
    s.now += 3 * DAY
    published = s.do("publish_results", reason="on www.bridgeclub.sk")
    assert (published.type, published.payload) == (E.RESULTS_PUBLISHED, {"reason": "on www.bridgeclub.sk"})
    assert results_published(s.state) == published.ts
    window = referee_only(s.state, {})["appeals"]["window"]  # the appeal window runs from it
    assert (window["published"], window["closes"]) == (published.ts, published.ts + 15 * DAY)
    again = s.refuse({"type": "publish_results"})
    assert (again.status, again.detail["code"]) == (409, "results.published")
    s.do("undo", seq=published.seq)
    assert results_published(s.state) == out
    assert s.do("publish_results").payload == {}


def test_the_section_says_provisional_then_final_and_gives_the_instant_the_clock_makes_it_final() -> None:
    s = finished()
    s.now += DAY
    published = s.do("publish_results")
    section = public_sections(s.state)["standings_status"]
    closes = published.ts + 15 * DAY
    assert {k: section[k] for k in ("status", "since", "final_at", "open_appeals", "why", "published", "closes",
                                     "days", "approved")} == {
        "status": "provisional", "since": published.ts, "final_at": closes, "open_appeals": 0, "why": "term",
        "published": published.ts, "closes": closes, "days": 15, "approved": None}
    assert "§24.1" in section["rule"]
    # the clock alone makes them final: GET /api/state tells it at its `now`, the pushed section by `final_at`
    assert full_state(s.state, closes - 1)["standings_status"]["status"] == "provisional"
    at_close = full_state(s.state, closes)["standings_status"]
    assert (at_close["status"], at_close["since"], at_close["why"]) == ("final", closes, "term_over")
    assert public_sections(s.state)["standings_status"]["status"] == "provisional"  # no event since


def test_an_open_appeal_keeps_them_provisional_past_the_term_until_it_is_decided() -> None:
    s = finished()
    published = s.do("publish_results")
    lodged = s.run(appeal())
    closes = published.ts + 15 * DAY
    section = public_sections(s.state)["standings_status"]
    assert (section["status"], section["final_at"], section["open_appeals"], section["why"]) == (
        "provisional", None, 1, "term_and_appeals")
    assert full_state(s.state, closes + DAY)["standings_status"]["why"] == "appeals"
    s.now = closes + 2 * DAY
    decided = s.do("decide_appeal", appeal=lodged.seq, decision="rejected")
    section = public_sections(s.state)["standings_status"]
    assert (section["status"], section["since"], section["final_at"], section["why"]) == (
        "final", decided.ts, decided.ts, "term_over")
    # the decision undone: provisional again
    s.do("undo", seq=decided.seq)
    assert public_sections(s.state)["standings_status"]["status"] == "provisional"


def test_the_presidium_approves_the_results_over_an_open_appeal() -> None:
    s = finished()
    published = s.do("publish_results")
    closes = published.ts + 15 * DAY
    nothing = s.refuse({"type": "approve_results", "reason": "no appeal"})
    assert (nothing.status, nothing.detail["code"]) == (409, "results.nothing_to_approve")
    lodged = s.run(appeal())
    s.refused({"type": "approve_results"}, 422, "reason")
    s.refused({"type": "approve_results", "reason": "  "}, 422, "reason")
    approved = s.do("approve_results", reason="the appeal concerns 4th place: no prize, no promotion")
    assert approved.payload == {"appeals": [lodged.seq], "reason": "the appeal concerns 4th place: no prize, "
                                                                   "no promotion"}
    section = public_sections(s.state)["standings_status"]
    assert (section["status"], section["final_at"], section["open_appeals"], section["approved"]) == (
        "provisional", closes, 0, approved.ts)
    assert full_state(s.state, closes)["standings_status"]["why"] == "approved"
    # a second appeal, lodged after the approval within the term, holds them again
    second = s.run(appeal("m1"))
    assert public_sections(s.state)["standings_status"]["final_at"] is None
    s.do("decide_appeal", appeal=second.seq, decision="rejected")
    assert public_sections(s.state)["standings_status"]["final_at"] == closes
    s.do("undo", seq=approved.seq)
    assert public_sections(s.state)["standings_status"]["final_at"] is None  # the first appeal is open again


def test_rules_without_a_term_have_no_status_and_refuse_the_commands() -> None:
    bridge = tournament(rounds(2, kind="match", minutes=240, gap=30, boards=12), preset="novi-sad-teams",
                        teams=TEAMS4, players=PLAYERS)
    s = Session(bridge)
    assert "standings_status" not in public_sections(s.state)
    for command in ({"type": "publish_results"}, {"type": "approve_results", "reason": "x"}):
        refused = s.refuse(command)
        assert (refused.status, refused.detail["code"]) == (422, "rules.no_results_term")


def test_a_short_term_in_the_file_may_be_a_fraction_of_a_day() -> None:
    short = tournament(rounds(2, kind="match", minutes=240, gap=30, boards=24), preset="slovak-league",
                       teams=TEAMS4, players=PLAYERS, rules={"appeal_window_days": 0.5})
    s = finished(short)
    published = s.do("publish_results")
    assert public_sections(s.state)["standings_status"]["final_at"] == published.ts + DAY // 2
