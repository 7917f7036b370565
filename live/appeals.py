"""Appeals to the judges' committee (RULES.md §1 "Sanctions and appeals", Čačak): the commands, the undo
checks, and what the console and the player's own page are shown.

    {"type": "appeal", "player": "p04", "item": "r2", "subject": "the misdeal at table 3"}
    {"type": "decide_appeal", "appeal": 41, "decision": "upheld", "unanimous": true, "correction": 44}

An appeal is named by the seq of its `appeal_lodged` event. A player may ask `appeals_per_player`
times (3) in the tournament; the next request is refused naming the rule. The committee meets after
the round, so a decision waits until the appeal's round has ended; it is final (one per appeal).
Only an appeal upheld unanimously changes the referee's decision (`outcome: "changed"`), and only such
a decision may link the correcting command (`correction`: the seq of a `correct_result` of that round,
or of the undo of a penalty or sanction). A split upheld decision is recorded with `outcome: "stands"`
(the committee met and the request is spent) and refuses a correction. The pure rules are in
live/rules/appeals.py.

The appeal events are for the referees and the player (`REFEREE_ONLY_TYPES`): the hall sees that
something happened, not who appealed what; the player's page shows their own requests and how many
are left only with their session.
"""

from __future__ import annotations

from typing import Any

from live import events as E
from live.events import NewEvent
from live.rules import appeals as A
from live.state import State
from live.texts import MAX_REASON
from live.tournament import Tournament
from live.validation import CommandError, item_state, referee_event, text_field

RULE = "appeals_per_player"
#: What an upheld appeal may link as the command that carried out the change.
CORRECTING_UNDOS = frozenset({E.PENALTY_APPLIED, E.SANCTION_RECORDED})

# type → (required fields, optional fields)
FIELDS: dict[str, tuple[set[str], set[str]]] = {
    "appeal": ({"player", "item", "subject"}, set()),
    "decide_appeal": ({"appeal", "decision", "unanimous"}, {"correction", "reason"}),
}


def _allowed(t: Tournament) -> int:
    allowed = t.rules.get(RULE)
    if allowed is None:
        raise CommandError(422, f"the {t.preset} rules have no judges' committee to appeal to", {"field": "type"})
    return int(allowed)


def appeal(t: Tournament, state: State, c: dict[str, Any], now: int) -> NewEvent:
    allowed = _allowed(t)
    ident = c["player"]
    player = t.player(ident) if isinstance(ident, str) else None
    if player is None:
        raise CommandError(422, f"no player has the id {ident!r}", {"field": "player"})
    s = item_state(state, c)
    if s.open:
        raise CommandError(409, f"{s.item.id} has not started: an appeal is against a referee's decision in a round "
                                "played", {"field": "item"})
    subject = text_field(c, "subject", MAX_REASON, empty="subject must say which decision is appealed, in words")
    used = of_player(state, player.id)
    if not A.may_appeal(len(used), allowed):
        raise CommandError(409, f"{player.id} {player.name} has asked the judges' committee {len(used)} times "
                                f"already: a player may ask {allowed} times in the tournament (RULES.md §1, "
                                "sanctions and appeals)",
                           {"field": "player", "rule": RULE, "allowed": allowed, "used": len(used),
                            "appeals": [x["seq"] for x in used]})
    return referee_event(E.APPEAL_LODGED, {"player": player.id, "item": s.item.id, "subject": subject,
                                           "number": len(used) + 1, "allowed": allowed})


def decide_appeal(t: Tournament, state: State, c: dict[str, Any], now: int) -> NewEvent:
    _allowed(t)
    seq = c["appeal"]
    lodged = state.appeals.get(seq) if isinstance(seq, int) and not isinstance(seq, bool) else None
    if lodged is None:
        raise CommandError(422, f"{seq!r} is not an appeal: give the seq of its appeal_lodged event",
                           {"field": "appeal", "open": [x["seq"] for x in open_appeals(state)]})
    if lodged["decision"] is not None:
        raise CommandError(409, f"the committee has decided appeal {seq} (event {lodged['decision']['seq']}): its "
                                "decision is final", {"field": "appeal"})
    s = state.items.get(lodged["item"])
    if s is not None and s.status != "ended":
        raise CommandError(409, f"the judges' committee meets after the round: {lodged['item']} has not ended",
                           {"field": "appeal", "item": lodged["item"]})
    decision = c["decision"]
    if decision not in A.DECISIONS:
        raise CommandError(422, f"decision must be {' or '.join(A.DECISIONS)}, not {decision!r}",
                           {"field": "decision"})
    unanimous = c["unanimous"]
    if not isinstance(unanimous, bool):
        raise CommandError(422, f"unanimous must be true or false, not {unanimous!r}", {"field": "unanimous"})
    outcome = A.outcome(decision, unanimous)
    payload: dict[str, Any] = {"appeal": seq, "player": lodged["player"], "item": lodged["item"],
                               "decision": decision, "unanimous": unanimous, "outcome": outcome}
    if "correction" in c:
        if decision == A.REJECTED:
            raise CommandError(422, "a rejected appeal changes nothing: it has no correction", {"field": "correction"})
        if outcome != A.CHANGED:
            raise CommandError(409, "the committee may change the referee's decision only unanimously: upheld by a "
                                    "split committee, the decision stands and no correction goes with it",
                               {"field": "unanimous"})
        payload["correction"] = _correction(state, lodged, c["correction"])
    if "reason" in c:
        payload["reason"] = text_field(c, "reason", MAX_REASON, empty="reason must say why, in words")
    return referee_event(E.APPEAL_DECIDED, payload)


def _correction(state: State, lodged: dict[str, Any], seq: Any) -> int:
    """The command that carried out an upheld appeal: a result correction of the appeal's round, or the undo
    of a penalty or sanction (of that round when it names one), entered after the appeal and in force."""
    if isinstance(seq, bool) or not isinstance(seq, int):
        raise CommandError(422, "correction must be the seq of the correcting command", {"field": "correction"})
    target = next((x for x in state.commands if x["seq"] == seq), None)
    if target is None or target["undone"]:
        raise CommandError(422, f"event {seq} is not a referee command in force", {"field": "correction"})
    if seq < lodged["seq"]:
        raise CommandError(422, f"event {seq} comes before appeal {lodged['seq']}: it cannot carry out its decision",
                           {"field": "correction"})
    concerns = target["payload"]
    if target["type"] == E.COMMAND_UNDONE and target["payload"].get("undid") in CORRECTING_UNDOS:
        undone = next((x for x in state.commands if x["seq"] == target["payload"]["target"]), None)
        concerns = undone["payload"] if undone is not None else {}
    elif target["type"] != E.RESULT_CORRECTED:
        raise CommandError(422, f"event {seq} is a {target['type']}: the correction is a correct_result, or the "
                                "undo of a penalty or sanction", {"field": "correction"})
    if concerns.get("item", lodged["item"]) != lodged["item"]:
        raise CommandError(422, f"event {seq} concerns {concerns['item']}; the appeal is about {lodged['item']}",
                           {"field": "correction"})
    linked = next((x for x in state.appeals.values() if x["decision"] and x["decision"].get("correction") == seq), None)
    if linked is not None:
        raise CommandError(409, f"event {seq} already carries out appeal {linked['seq']}", {"field": "correction"})
    return seq


def check_undo(state: State, target: dict[str, Any]) -> None:
    """Keep the record whole: an appeal the committee decided, or the correction a decision links to, is
    undone only after the decision."""
    seq = target["seq"]
    lodged = state.appeals.get(seq) if target["type"] == E.APPEAL_LODGED else None
    if lodged is not None and lodged["decision"] is not None:
        raise CommandError(409, f"command {seq} cannot be undone: the committee decided this appeal (event "
                                f"{lodged['decision']['seq']}); undo the decision first", {"field": "seq"})
    linked = next((x for x in state.appeals.values() if x["decision"] and x["decision"].get("correction") == seq), None)
    if linked is not None:
        raise CommandError(409, f"command {seq} cannot be undone: it carries out the committee's decision on appeal "
                                f"{linked['seq']} (event {linked['decision']['seq']}); undo the decision first",
                           {"field": "seq"})


def of_player(state: State, player: str) -> list[dict[str, Any]]:
    """The player's requests in force, oldest first (each counts, whatever was decided)."""
    return [x for x in state.appeals.values() if x["player"] == player]


def open_appeals(state: State) -> list[dict[str, Any]]:
    return [x for x in state.appeals.values() if x["decision"] is None]


def referee_view(state: State) -> dict[str, Any] | None:
    """The console's `appeals` section (None without a committee): open and decided appeals, and how many
    requests each player has left."""
    allowed = state.tournament.rules.get(RULE)
    if allowed is None:
        return None
    return {"allowed": allowed, "open": open_appeals(state),
            "decided": [x for x in state.appeals.values() if x["decision"] is not None],
            "left": {p.id: A.requests_left(len(of_player(state, p.id)), int(allowed))
                     for p in state.tournament.players}}


def player_view(state: State, player: str) -> dict[str, Any] | None:
    """A player's own requests and how many are left (for their page with their session only)."""
    allowed = state.tournament.rules.get(RULE)
    if allowed is None:
        return None
    mine = of_player(state, player)
    return {"allowed": allowed, "used": len(mine), "left": A.requests_left(len(mine), int(allowed)),
            "requests": mine}


HANDLERS = {"appeal": appeal, "decide_appeal": decide_appeal}

__all__ = ["FIELDS", "HANDLERS", "check_undo", "of_player", "open_appeals", "player_view", "referee_view"]
