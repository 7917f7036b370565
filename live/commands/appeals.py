"""The commands of the appeals and their undo checks; what the screens are shown of them is
derived in live/projections/appeals.py.

Appeals against a referee's decision: the commands, the undo checks, and what the console, the player's
own page and the standings are shown. Who may appeal, how often and what a decision changes is the preset's
(live/rules/appeals.py `AppealRules`):

- Čačak (docs/rules/appeals.md#cacak): a player asks the judges' committee, `appeals_per_player`
  times (3) in the tournament; the next request is refused naming the rule. Only an appeal upheld
  unanimously changes the referee's decision.

      {"type": "appeal", "player": "p04", "item": "r2", "subject": "the misdeal at table 3"}
      {"type": "decide_appeal", "appeal": 41, "decision": "upheld", "unanimous": true, "correction": 44}

- Slovak league (docs/rules/appeals.md#slovak, seed §28): a team appeals against a director's decision
  on its match, signed by its captain (named: the hall does not keep who captains) or by at least half of
  its line-up in that match (players on its sheet of the match); to the federation's presidium, which
  decides within `appeal_decision_days` (28) — the hall records the appeal and the outcome. No limit on
  their number; no unanimity rule (`unanimous` is not a field of its decisions).

      {"type": "appeal", "team": "t2", "item": "m3", "subject": "the ruling on board 7", "signed_by": ["t2p1", "t2p3"]}
      {"type": "appeal", "team": "t2", "item": "m3", "subject": "the ruling on board 7", "captain": "Ján Novák"}
      {"type": "decide_appeal", "appeal": 52, "decision": "upheld", "correction": 60}

An appeal is named by the seq of its `appeal_lodged` event. A decision waits until the appeal's round has
ended (the committee meets after the round; the presidium decides on a match played); it is final (one per
appeal). An appeal that changes the decision (`outcome: "changed"`) may link the correcting command
(`correction`: the seq of a `correct_result` of that round — of the team's match, for a team's appeal — or of
the undo of a penalty or sanction); one that does not refuses a correction. While an appeal is open its
results are provisional (Slovak §24.1): `provisional` is the standings' flag, and the match's. Under rules
with `appeal_window_days` (Slovak §24.1: 15) an appeal is refused once that many days have passed since the
overall results were published (`results_published`), by the clock the command is decided at.

The appeal events are for the referees and the player (`REFEREE_ONLY_TYPES`): the hall sees that
something happened, not who appealed what (the standings say which round or match is provisional, not who
appealed); the player's page shows their own requests and how many are left only with their session.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from live.commands.command import ABSENT, Absent, Command, Handlers, wrong
from live.commands.validation import CommandError, in_the_day, item_of, referee_said, text_value
from live.core import events as E
from live.core import payloads as P
from live.core import records as R
from live.core.absent import given
from live.core.events import NewEvent
from live.core.records import AuditEntry
from live.core.state import ItemState, State
from live.core.status import ItemStatus
from live.core.texts import MAX_NAME, MAX_REASON
from live.core.tournament import Tournament
from live.projections import lineups
from live.projections.appeals import citation, cite, line_up, of_player, of_team, open_appeals, window
from live.rules import appeals as A

RULE = "appeals_per_player"


#: What an upheld appeal may link as the command that carried out the change.
CORRECTING_UNDOS = frozenset({E.PENALTY_APPLIED, E.SANCTION_RECORDED})


_ITEM = wrong("{field} must be a timetable item's id, e.g. \"r3\"", "field.not_an_id")


@dataclass(frozen=True, kw_only=True)
class Appeal(Command):
    """Which of the optional fields an appeal needs is the preset's: a player, or a team with its captain or
    its signatures (`BY_FIELDS`)."""

    TYPE = "appeal"
    item: str = field(metadata=_ITEM)
    subject: str
    player: str | Absent = field(default=ABSENT, metadata=wrong("{field} must be a player's id", "field.not_an_id"))
    team: str | Absent = field(default=ABSENT, metadata=wrong("{field} must be a team's id", "field.not_an_id"))
    signed_by: list[object] | Absent = field(default=ABSENT, metadata=wrong(
        "signed_by must list the ids of the players who sign", "appeal.signed_by_list"))
    captain: str | Absent = ABSENT


@dataclass(frozen=True, kw_only=True)
class DecideAppeal(Command):
    """`unanimous` only under rules where only a unanimous committee changes the decision."""

    TYPE = "decide_appeal"
    appeal: int = field(metadata=wrong("appeal must be the seq of its appeal_lodged event", "field.not_whole"))
    decision: str
    unanimous: bool | Absent = ABSENT
    correction: int | Absent = field(default=ABSENT, metadata=wrong(
        "correction must be the seq of the correcting command", "correction.bad_seq"))
    reason: str | Absent = ABSENT


HANDLERS = Handlers()


BY_FIELDS = {A.BY_PLAYER: {"player"}, A.BY_TEAM: {"team", "signed_by", "captain"}}


def appeal_rules(t: Tournament) -> A.AppealRules:
    rules = A.AppealRules.from_rules(t.rules)
    if rules is None:
        raise CommandError(422, f"the {t.preset} rules have no judges' committee to appeal to", {"field": "type",
                           "code": "rules.no_appeals"})
    return rules


def _refuse(status: int, message: str, field: str, rule: str, **detail: Any) -> CommandError:
    return CommandError(status, message, {"field": field, "rule": rule, **detail})


@HANDLERS.on(Appeal)
def appeal(t: Tournament, state: State, c: Appeal, now: int) -> NewEvent:
    rules = appeal_rules(t)
    sent = {name for names in BY_FIELDS.values() for name in names if c.sent(name)}
    others = sorted(set().union(*(v for k, v in BY_FIELDS.items() if k != rules.by)) & sent)
    if others:
        raise _refuse(422, f"appeal has no field {others[0]!r} here: {cite(rules, 'by')}", others[0], "appeal_by",
                      by=rules.by, code="appeal.by", cite=citation(rules, "by"))
    if rules.by == A.BY_TEAM:
        return _team_appeal(t, state, c, rules, now)
    if c.player is ABSENT:
        raise CommandError(422, "appeal needs the field 'player'", {"field": "player", "code": "field.missing"})
    ident = c.player
    player = t.player(ident)
    if player is None:
        raise CommandError(422, f"no player has the id {ident!r}", {"field": "player",
                           "code": "field.unknown_id", "id": ident})
    in_the_day(state, player)
    s = _played_item(state, c.item)
    _in_window(t, state, rules, now)
    subject = text_value(c.subject, "subject", MAX_REASON,
                         empty="subject must say which decision is appealed, in words")
    used = of_player(state, player.id)
    if not A.may_appeal(len(used), rules.limit):
        raise CommandError(409, f"{player.id} {player.name} has asked the judges' committee {len(used)} times "
                                f"already: {cite(rules, 'limit', n=rules.limit)}",
                           {"field": "player", "rule": RULE, "allowed": rules.limit, "used": len(used),
                            "appeals": [x.seq for x in used],
                           "code": "appeal.limit", "player": player.id, "name": player.name,
                            "cite": citation(rules, "limit")})
    return referee_said(P.AppealLodged(player=player.id, item=s.item.id, subject=subject, number=len(used) + 1,
                                       allowed=rules.limit))


def _played_item(state: State, item: str) -> ItemState:
    s = item_of(state, item)
    if s.open:
        raise CommandError(409, f"{s.item.id} has not started: an appeal is against a referee's decision in a round "
                                "played", {"field": "item", "code": "appeal.not_played", "item": s.item.id})
    return s


def _team_appeal(t: Tournament, state: State, c: Appeal, rules: A.AppealRules, now: int) -> NewEvent:
    if c.team is ABSENT:
        raise CommandError(422, f"appeal needs the field 'team': {cite(rules, 'by')}", {"field": "team",
                           "code": "field.missing", "cite": citation(rules, "by")})
    ident = c.team
    team = t.team(ident)
    if team is None:
        raise CommandError(422, f"no team has the id {ident!r}", {"field": "team", "known": [x.id for x in t.teams],
                           "code": "field.unknown_id", "id": ident})
    s = _played_item(state, c.item)
    _in_window(t, state, rules, now)
    pair = lineups.pair_of(state, s.item.id, team.id)
    if pair is None:
        raise CommandError(422, f"{team.id} has no match in {s.item.id}: an appeal is against a decision on the "
                                "team's match", {"field": "team",
                           "code": "appeal.no_match", "team": team.id, "item": s.item.id})
    subject = text_value(c.subject, "subject", MAX_REASON,
                         empty="subject must say which decision is appealed, in words")
    if c.sent("captain") == c.sent("signed_by"):
        raise _refuse(422, f"say who signs: \"captain\" (the captain's name) or \"signed_by\" (the players' ids); "
                           f"{cite(rules, 'signatures')}", "signed_by", "appeal_signatures", code="appeal.who_signs",
                      cite=citation(rules, "signatures"))
    captain: str | Absent = ABSENT
    signed_by: list[Any] | Absent = ABSENT
    line_up: int | Absent = ABSENT
    if c.captain is not ABSENT:
        captain = text_value(c.captain, "captain", MAX_NAME, empty="captain must be the captain's name")
    elif c.signed_by is not ABSENT:
        signed_by, line_up = _signatures(state, c.signed_by, team.id, s.item.id, rules)
    used = of_team(state, team.id)
    if not A.may_appeal(len(used), rules.limit):
        raise _refuse(409, f"{team.id} has appealed {len(used)} times already: {cite(rules, 'limit', n=rules.limit)}",
                      "team", RULE, allowed=rules.limit, used=len(used), code="appeal.team_limit", team=team.id,
                      cite=citation(rules, "limit"))
    return referee_said(P.AppealLodged(team=team.id, item=s.item.id, match=list(pair), subject=subject,
                                       captain=captain, signed_by=signed_by, line_up=line_up, number=len(used) + 1,
                                       allowed=rules.limit, to=rules.to))


def _in_window(t: Tournament, state: State, rules: A.AppealRules, now: int) -> None:
    """Slovak §24.1: refuse an appeal lodged after the window closed, naming the rule."""
    term = window(t, state, rules)
    if term is None or A.in_window(now, term["published"], rules.window_days):
        return
    raise _refuse(409, f"the overall results were published on {term['published_on']} and the term for an appeal "
                       f"closed at {term['closes_on']}: {cite(rules, 'window', n=rules.window_days)}", "item",
                  "appeal_window_days", days=rules.window_days, published=term["published_on"],
                  closed=term["closes_on"], code="appeal.out_of_window", cite=citation(rules, "window"))


def _signatures(state: State, sent: list[object], team: str, item_id: str, rules: A.AppealRules
                ) -> tuple[list[Any], int]:
    raw = [x for x in sent if isinstance(x, str)]
    if not raw or len(raw) != len(sent):
        raise CommandError(422, "signed_by must list the ids of the players who sign", {"field": "signed_by",
                           "code": "appeal.signed_by_list"})
    if len(set(raw)) != len(raw):
        twice = next(x for x in raw if raw.count(x) > 1)
        raise CommandError(422, f"signed_by lists {twice} twice", {"field": "signed_by", "player": twice,
                           "code": "field.twice"})
    table = line_up(state, item_id, team)
    if table is None:
        raise _refuse(409, f"{team} has no sheet for {item_id}: who played is not known, so the signatures cannot be "
                           "counted; enter the sheet first, or the captain signs", "signed_by", "appeal_signatures",
                      code="appeal.no_sheet", team=team, item=item_id)
    outside = next((x for x in raw if x not in table), None)
    if outside is not None:
        raise _refuse(422, f"{outside} is not on {team}'s line-up in {item_id}: {cite(rules, 'signatures')}",
                      "signed_by", "appeal_signatures", player=outside, line_up=table,
                      code="appeal.not_on_lineup", team=team, item=item_id,
                      cite=citation(rules, "signatures"))
    need = A.signatures_needed(len(table))
    if not A.enough_signatures(len(raw), len(table)):
        raise _refuse(409, f"{len(raw)} of the {len(table)} players of {team}'s line-up in {item_id} sign: "
                           f"{cite(rules, 'signatures')}, {need} of them", "signed_by", "appeal_signatures",
                      signed=len(raw), needed=need, line_up=table, players=len(table), code="appeal.signatures",
                      team=team, item=item_id, cite=citation(rules, "signatures"))
    return list(raw), len(table)


@HANDLERS.on(DecideAppeal)
def decide_appeal(t: Tournament, state: State, c: DecideAppeal, now: int) -> NewEvent:
    rules = appeal_rules(t)
    seq = c.appeal
    lodged = state.appeals.get(seq)
    if lodged is None:
        raise CommandError(422, f"{seq!r} is not an appeal: give the seq of its appeal_lodged event",
                           {"field": "appeal", "open": [x.seq for x in open_appeals(state)],
                           "code": "appeal.unknown", "seq": seq})
    if lodged.decision is not None:
        raise CommandError(409, f"appeal {seq} was decided (event {lodged.decision.seq}): the decision is "
                                "final", {"field": "appeal", "code": "appeal.decided", "appeal": seq})
    s = state.items.get(lodged.body.item)
    if s is not None and s.status != ItemStatus.ENDED:
        raise CommandError(409, f"{cite(rules, 'after_round')}: {lodged.body.item} has not ended",
                           {"field": "appeal", "item": lodged.body.item, "code": "appeal.round_not_ended",
                            "cite": citation(rules, "after_round")})
    decision = c.decision
    if decision not in A.DECISIONS:
        raise CommandError(422, f"decision must be {' or '.join(A.DECISIONS)}, not {decision!r}",
                           {"field": "decision", "code": "field.not_one_of", "known": list(A.DECISIONS)})
    unanimous: bool | Absent = ABSENT
    if rules.unanimity:
        if c.unanimous is ABSENT:
            raise CommandError(422, "decide_appeal needs the field 'unanimous'", {"field": "unanimous",
                               "code": "field.missing"})
        unanimous = c.unanimous
    elif c.sent("unanimous"):
        raise _refuse(422, f"decide_appeal has no field 'unanimous' here: {cite(rules, 'unanimity')}", "unanimous",
                      "appeal_unanimity", code="appeal.no_unanimity", cite=citation(rules, "unanimity"))
    outcome = A.outcome(decision, unanimous is True, rules.unanimity)
    correction: int | Absent = ABSENT
    if c.correction is not ABSENT:
        if decision == A.REJECTED:
            raise CommandError(422, "a rejected appeal changes nothing: it has no correction", {"field": "correction",
                               "code": "appeal.rejected_no_correction"})
        if outcome != A.CHANGED:
            raise CommandError(409, f"{cite(rules, 'unanimity')}: upheld by a split committee, the decision stands and "
                                    "no correction goes with it", {"field": "unanimous",
                               "code": "appeal.split_no_correction", "cite": citation(rules, "unanimity")})
        correction = _correction(state, lodged, c.correction)
    reason = ABSENT if c.reason is ABSENT else text_value(c.reason, "reason", MAX_REASON,
                                                           empty="reason must say why, in words")
    team = lodged.body.team
    player = ABSENT if team is not ABSENT else lodged.body.player
    return referee_said(P.AppealDecided(appeal=seq, team=team, player=player,
                                        item=lodged.body.item, decision=decision, unanimous=unanimous, outcome=outcome,
                                        correction=correction, reason=reason))


def _correction(state: State, lodged: R.Appeal, seq: int) -> int:
    """The command that carried out an upheld appeal: a result correction of the appeal's round (of the team's
    match, for a team's appeal), or the undo of a penalty or sanction (of that round when it names one; of the
    team when it names one), entered after the appeal and in force."""
    target = state.audit_at.get(seq)
    if target is None or target["undone"]:
        raise CommandError(422, f"event {seq} is not a referee command in force", {"field": "correction",
                           "code": "correction.not_in_force", "seq": seq})
    if seq < lodged.seq:
        raise CommandError(422, f"event {seq} comes before appeal {lodged.seq}: it cannot carry out its decision",
                           {"field": "correction",
                           "code": "correction.before_appeal", "seq": seq, "appeal": lodged.seq})
    concerns = target["payload"]
    if target["type"] == E.COMMAND_UNDONE and target["payload"].get("undid") in CORRECTING_UNDOS:
        undone = state.audit_at.get(target["payload"]["target"])
        concerns = undone["payload"] if undone is not None else {}
    elif target["type"] != E.RESULT_CORRECTED:
        raise CommandError(422, f"event {seq} is a {target['type']}: the correction is a correct_result, or the "
                                "undo of a penalty or sanction", {"field": "correction",
                           "code": "correction.wrong_kind", "seq": seq})
    if concerns.get("item", lodged.body.item) != lodged.body.item:
        raise CommandError(422, f"event {seq} concerns {concerns['item']}; the appeal is about {lodged.body.item}",
                           {"field": "correction", "code": "correction.other_item", "seq": seq,
                            "item": lodged.body.item})
    team = given(lodged.body.team, None)
    teams = {concerns[k] for k in ("home", "away", "team") if isinstance(concerns.get(k), str)}
    if team is not None and teams and team not in teams:
        raise CommandError(422, f"event {seq} concerns {', '.join(sorted(teams))}; the appeal is {team}'s",
                           {"field": "correction", "code": "correction.other_team", "seq": seq, "team": team})
    linked = carried_out_by(state, seq)
    if linked is not None:
        raise CommandError(409, f"event {seq} already carries out appeal {linked.seq}", {"field": "correction",
                           "code": "correction.taken", "seq": seq, "appeal": linked.seq})
    return seq


def carried_out_by(state: State, seq: int) -> R.Appeal | None:
    """The appeal whose decision command `seq` carries out (its `correction`), if any."""
    return next((x for x in state.appeals.values() if x.decision and x.decision.body.correction == seq), None)


def check_undo(state: State, target: AuditEntry) -> None:
    """Keep the record whole: an appeal that was decided, or the correction a decision links to, is undone
    only after the decision."""
    seq = target["seq"]
    lodged = state.appeals.get(seq) if target["type"] == E.APPEAL_LODGED else None
    if lodged is not None and lodged.decision is not None:
        raise CommandError(409, f"command {seq} cannot be undone: this appeal was decided (event "
                                f"{lodged.decision.seq}); undo the decision first", {"field": "seq",
                           "code": "undo.appeal_decided", "seq": seq})
    linked = carried_out_by(state, seq)
    if linked is not None and linked.decision is not None:
        raise CommandError(409, f"command {seq} cannot be undone: it carries out the decision on appeal "
                                f"{linked.seq} (event {linked.decision.seq}); undo the decision first",
                           {"field": "seq", "code": "undo.carries_decision", "seq": seq, "appeal": linked.seq})


__all__ = ["HANDLERS", "Appeal", "DecideAppeal", "check_undo"]

