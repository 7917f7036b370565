"""The commands of the team sheets and their undo checks; what the screens are shown of them is
derived in live/projections/lineups.py.

Team sheets of the bridge events (docs/rules/team-sheets.md): the `lineup` command, the
boards every player played as the sheets say, the Novi Sad final individual ranking, and what the
console is shown. The pure rules are in live/rules/lineups.py.

    {"type": "lineup", "item": "m3", "team": "t1",
     "parts": [["t1p1", "t1p2", "t1p3", "t1p4"], ["t1p1", "t1p2", "t1p3", "t1p5"]],
     "substitutions": [{"part": 2, "out": "t1p5", "substitute": "Petar Petrović", "boards": 3}]}

`parts` is the team's sheet for the match as it stands: the line-up of part 1, 2, … (as many as have
been handed in; at most the match's parts), each `lineup_size` (4) players of the team's roster.
A later sheet for the same match and team replaces the earlier one, within these rules:

- Players change only at the breaks. A part's line-up may be entered or changed until the part has
  begun (part 1 at the match's start, part p + 1 at the break signal after part p) and once more
  after — the sheet handed in at the break, typed in; the first sheet entered after a part began
  fixes that part (`fixes` in the event; `fixed` in the state), and later sheets must keep it. The
  server cannot see when a break ends (the break is a signal, not a span of time): this is how it
  tells a change at the break from one during play. A mistyped sheet is corrected by its undo.
- A part with no line-up of its own continues with the players at the end of the part before.
- `substitutions` records a change during a part that has begun, for its last `boards` boards: `in`
  a member of the team (the director's exceptional substitution, Slovak §27.5 — where the seed has
  it; docs/rules/differences.md#slovak-substitution-paragraph), after which the player replaced may not
  play the following part (`replaced_sits_out`); or `substitute` a name (a referee's substitute, Novi Sad), at most
  `substitute_max_boards` (3) boards of the match in all. Neither replaces a whole part: that is the
  line-up of the next part.

- Slovak §27.1: a player marked `substitute` on the roster is on the sheets of fewer than
  `substitute_rounds_below_percent` (50) of the competition's rounds; the sheet that would make it half
  is refused (live/rules/lineups.py has the reading).

Every refusal names the rule: the message says it, the detail has `field` and `rule`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, NotRequired, TypedDict

from live.commands.command import ABSENT, Absent, Command, Handlers, wrong
from live.commands.validation import CommandError, item_of, referee_said
from live.core import events as E
from live.core import payloads as P
from live.core.absent import given
from live.core.events import NewEvent
from live.core.records import AuditEntry
from live.core.state import State
from live.core.texts import MAX_NAME, problem
from live.core.texts import cleaned as clean_text
from live.core.tournament import Item, Player, Tournament
from live.projections.lineups import (
    available,
    citation,
    cite,
    competition_rounds,
    forfeited,
    pair_of,
    played_shape,
    sheet_rounds,
    substitutions,
    unplayed,
)
from live.projections.matches import match_pairs
from live.rules import lineups as sheet_rules


@dataclass(frozen=True, kw_only=True)
class Lineup(Command):
    """A team's sheet for a match as it stands. `parts` is any JSON: its shape (lists of the roster's ids) is the
    handler's to check, with the rule each refusal names; so are the entries of `substitutions`."""

    TYPE = "lineup"
    item: str = field(metadata=wrong("{field} must be a timetable item's id, e.g. \"r3\"", "field.not_an_id"))
    team: str = field(metadata=wrong("{field} must be a team's id", "field.not_an_id"))
    parts: object
    substitutions: list[object] | Absent = field(default=ABSENT, metadata=wrong(
        "substitutions must be a list of {{part, out, boards, in or substitute}}", "substitution.not_list"))


HANDLERS = Handlers()


SUBSTITUTION_FIELDS = {"part", "out", "boards", "in", "substitute"}


def _refuse(status: int, message: str, field: str, rule: str, **detail: Any) -> CommandError:
    return CommandError(status, message, {"field": field, "rule": rule, **detail})


@HANDLERS.on(Lineup)
def lineup(t: Tournament, state: State, c: Lineup, now: int) -> NewEvent:
    if not available(t):
        raise CommandError(422, f"the {t.preset} rules keep no team sheets", {"field": "type",
                           "code": "rules.no_sheets"})
    size = int(t.rules["lineup_size"])
    s = item_of(state, c.item)
    item = s.item
    if not item.boards:
        raise CommandError(422, f"{item.id} has no boards in the tournament file: the sheets count boards",
                           {"field": "item", "code": "item.no_boards", "item": item.id})
    team = _team(t, state, c.team)
    from live.commands.rosters import check_lineup

    check_lineup(t, team)  # Slovak §17.1: a roster under its minimum is given no line-up
    pair = pair_of(state, item.id, team)
    if pair is None:
        pairs = match_pairs(state, item.id)
        if pairs is None:
            raise CommandError(409, f"{item.id}'s matches are not known yet: publish its seating first",
                               {"field": "item", "code": "lineup.no_seating", "item": item.id})
        seating = state.seatings.get(item.id)
        bye = seating.body.bye if seating else None
        raise CommandError(422, f"{team} has no match in {item.id}" + (": it has the bye" if bye == team else ""),
                           {"field": "team", "teams": sorted(x for p in pairs for x in p),
                           "code": "lineup.no_match", "team": team, "item": item.id})
    if forfeited(state, item.id, pair):
        raise CommandError(409, f"{pair[0]} – {pair[1]} of {item.id} was forfeited: no boards were played",
                           {"field": "team", "code": "lineup.forfeited", "item": item.id})
    if unplayed(state, item.id, pair):
        gone = next(x for x in pair if x in state.withdrawn)
        raise CommandError(409, f"{gone} has withdrawn: {pair[0]} – {pair[1]} of {item.id} is not played",
                           {"field": "team", "code": "lineup.withdrawn", "team": gone, "item": item.id})
    boards, began = played_shape(state, s, pair)
    earlier = state.lineups.get(item.id, {}).get(team)
    fixed = set(earlier.fixed) if earlier else set()
    parts = _parts(t, c.parts, team, size, len(boards), began)
    subs = _substitutions(t, [] if c.substitutions is ABSENT else c.substitutions, parts, boards, team, began)
    if earlier is not None:
        _keeps_fixed(t, item, earlier.body, fixed, parts, subs)
    _sits_out(t, parts, subs, len(boards))
    _substitute_rounds(t, state, item, team, parts, subs)
    limit = t.rules.get("substitute_max_boards")
    used = sheet_rules.substitute_boards(subs)
    if limit is not None and used > int(limit):
        raise _refuse(422, f"referee's substitutes would play {used} boards of {item.id} for {team}: "
                           f"{cite(t, 'substitute_max_boards', n=limit)}", "substitutions", "substitute_max_boards",
                      allowed=int(limit), boards=used, code="lineup.substitute_boards",
                      cite=citation(t, "substitute_max_boards"))
    fixes = [k for k in range(1, len(parts) + 1) if k <= began]
    entered = P.LineupEntered(item=item.id, team=team, parts=parts, substitutions=[_sub_json(x) for x in subs],
                              fixes=fixes)
    if earlier is not None and earlier.body.parts == parts and given(earlier.body.substitutions, []) == \
            entered.substitutions and set(fixes) <= fixed:
        raise CommandError(422, f"this is the sheet of {team} for {item.id} already entered", {"field": "parts",
                           "code": "lineup.same"})
    return referee_said(entered)


def _team(t: Tournament, state: State, ident: str) -> str:
    if t.team(ident) is None:
        raise CommandError(422, f"no team has the id {ident!r}", {"field": "team", "known": [x.id for x in t.teams],
                           "code": "field.unknown_id", "id": ident})
    if ident in state.withdrawn:
        raise CommandError(409, f"{ident} has withdrawn from the event", {"field": "team",
                           "code": "team.withdrawn", "team": ident})
    return ident


def _parts(t: Tournament, raw: object, team: str, size: int, count: int, began: int) -> list[list[str]]:
    """The line-ups as sent: 1 to `count` parts of `size` different players of the team's roster."""
    if not isinstance(raw, list) or not 1 <= len(raw) <= count:
        raise CommandError(422, f"parts must list the line-up of each part handed in so far: 1 to {count} lists "
                                f"of {size} players' ids", {"field": "parts", "parts": count,
                           "code": "lineup.parts", "size": size})
    parts = []
    for number, table in enumerate(raw, 1):
        if not isinstance(table, list) or len(table) != size or not all(isinstance(x, str) for x in table):
            raise CommandError(422, f"part {number} must list {size} players' ids: a team plays with {size} at the "
                                    "table", {"field": "parts", "part": number, "rule": "lineup_size",
                               "code": "lineup.part_size", "size": size})
        if len(set(table)) != size:
            twice = next(x for x in table if table.count(x) > 1)
            raise CommandError(422, f"part {number} lists {twice} twice", {"field": "parts", "part": number,
                                                                           "player": twice, "code": "field.twice"})
        for ident in table:
            _member(t, team, ident, "parts", number, withdrawn_ok=number <= began)
        parts.append(list(table))
    return parts


def _member(t: Tournament, team: str, ident: Any, field: str, part: int, *, withdrawn_ok: bool) -> Player:
    player = t.player(ident) if isinstance(ident, str) else None
    if player is None:
        raise CommandError(422, f"no player has the id {ident!r}", {"field": field, "part": part, "player": ident,
                           "code": "field.unknown_id", "id": ident})
    if player.team != team:
        where = f"plays for {player.team}" if player.team else "is on no team"
        raise CommandError(422, f"{player.id} {player.name} {where}: only {team}'s roster plays for {team}",
                           {"field": field, "part": part, "player": player.id, "rule": "roster",
                           "code": "lineup.not_member", "team": team})
    if player.withdrawn and not withdrawn_ok:
        raise CommandError(409, f"{player.id} {player.name} has left {team}: no longer on its line-ups",
                           {"field": field, "part": part, "player": player.id, "rule": "roster",
                           "code": "lineup.left", "team": team})
    return player


def _whole(value: Any, what: str, index: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise CommandError(422, f"substitutions[{index}].{what} must be a whole number, not {value!r}",
                           {"field": "substitutions", "index": index,
                           "code": "substitution.malformed", "number": index + 1})
    return value


def _substitutions(t: Tournament, raw: list[object], parts: list[list[str]], boards: tuple[int, ...], team: str,
                   began: int) -> list[sheet_rules.Substitution]:
    out: list[sheet_rules.Substitution] = []
    for index, entry in enumerate(raw):
        if not isinstance(entry, dict):
            raise CommandError(422, f"substitutions[{index}] must be {{part, out, boards, in or substitute}}",
                               {"field": "substitutions", "index": index,
                               "code": "substitution.malformed", "number": index + 1})
        unknown = sorted(set(entry) - SUBSTITUTION_FIELDS)
        if unknown:
            raise CommandError(422, f"substitutions[{index}] has no field {unknown[0]!r}",
                               {"field": "substitutions", "index": index, "known": sorted(SUBSTITUTION_FIELDS),
                               "code": "substitution.malformed", "number": index + 1})
        part = _whole(entry.get("part"), "part", index)
        if not 1 <= part <= len(parts):
            raise CommandError(422, f"substitutions[{index}].part must be a part of this sheet (1–{len(parts)}), "
                                    f"not {part}", {"field": "substitutions", "index": index,
                               "code": "substitution.part", "number": index + 1, "parts": len(parts)})
        if part > began:
            raise CommandError(409, f"part {part} has not begun: a substitution is recorded when it happens (a change "
                                    "before a part is its line-up)", {"field": "substitutions", "index": index,
                               "code": "substitution.not_begun", "number": index + 1, "part": part})
        most = boards[part - 1] - 1  # (the boards the part had as played: without those removed for lateness)
        count = _whole(entry.get("boards"), "boards", index)
        if not 1 <= count <= most:
            raise CommandError(422, f"substitutions[{index}].boards must be 1–{most}, the boards of part {part} played "
                                    "by someone else (a whole part is the next part's line-up), not "
                                    f"{count}", {"field": "substitutions", "index": index,
                               "code": "substitution.boards", "number": index + 1, "part": part, "max": most})
        leaving = entry.get("out")
        if leaving not in parts[part - 1]:
            raise CommandError(422, f"substitutions[{index}].out must be a player of part {part}'s line-up, not "
                                    f"{leaving!r}", {"field": "substitutions", "index": index,
                               "code": "substitution.out", "number": index + 1, "part": part})
        if any(x.part == part and x.out == leaving for x in out):
            raise CommandError(422, f"{leaving} is replaced twice in part {part}", {"field": "substitutions",
                                                                                  "index": index,
                               "code": "substitution.twice", "player": leaving, "part": part})
        if ("in" in entry) == ("substitute" in entry):
            raise CommandError(422, f"substitutions[{index}] names who came in: \"in\" (a member of {team}) or "
                                    "\"substitute\" (a referee's substitute's name)",
                               {"field": "substitutions", "index": index,
                               "code": "substitution.who_in", "number": index + 1})
        if "in" in entry:
            out.append(_director(t, entry, index, part, parts, out, count, team))
        else:
            out.append(_substitute(t, entry, index, part, count, str(leaving)))
    return out


def _director(t: Tournament, entry: Mapping[str, object], index: int, part: int, parts: list[list[str]],
              earlier: list[sheet_rules.Substitution], count: int, team: str) -> sheet_rules.Substitution:
    if not t.rules.get("replaced_sits_out"):
        raise _refuse(422, "a member comes in at a break, as the next part's line-up "
                           f"({cite(t, 'changes_at_breaks')}); during a part only a referee's substitute plays "
                           "(\"substitute\")",
                      "substitutions", "changes_at_breaks", index=index, code="substitution.at_break", number=index + 1,
                      cite=citation(t, "changes_at_breaks"))
    coming = entry["in"]
    _member(t, team, coming, "substitutions", part, withdrawn_ok=False)
    if coming in parts[part - 1] or any(x.part == part and x.player_in == coming for x in earlier):
        raise CommandError(422, f"{coming} is already at the table in part {part}",
                           {"field": "substitutions", "index": index,
                           "code": "substitution.at_table", "player": coming, "part": part})
    return sheet_rules.Substitution(part, str(entry["out"]), count, player_in=str(coming))


def _substitute(t: Tournament, entry: Mapping[str, object], index: int, part: int, count: int,
                leaving: str) -> sheet_rules.Substitution:
    if t.rules.get("substitute_max_boards") is None:
        raise _refuse(422, f"the {t.preset} rules have no referee's substitute ({cite(t, 'substitute_max_boards')}): "
                           "a member of the team comes in (\"in\")", "substitutions", "substitute_max_boards",
                      index=index, code="rules.no_substitute", cite=citation(t, "substitute_max_boards"))
    name = entry["substitute"]
    fault = problem(name, MAX_NAME)
    if fault is not None:
        raise CommandError(422, f"substitutions[{index}].substitute {fault}", {"field": "substitutions",
                                                                             "index": index,
                           "code": "substitution.malformed", "number": index + 1})
    assert isinstance(name, str)  # (anything else is a problem, refused above)
    return sheet_rules.Substitution(part, leaving, count, substitute=clean_text(name))


#: A substitution as a sheet's event records it: who came `in` (a member of the team) or which referee's
#: `substitute` (a name), never both.
SubstitutionJSON = TypedDict("SubstitutionJSON", {"part": int, "out": str, "boards": int, "in": NotRequired[str],
                                                  "substitute": NotRequired[str | None]})


def _sub_json(x: sheet_rules.Substitution) -> SubstitutionJSON:
    data: SubstitutionJSON = {"part": x.part, "out": x.out, "boards": x.boards}
    if x.player_in is not None:
        data["in"] = x.player_in
    else:
        data["substitute"] = x.substitute
    return data


def _keeps_fixed(t: Tournament, item: Item, earlier: P.LineupEntered, fixed: set[int], parts: list[list[str]],
                 subs: list[sheet_rules.Substitution]) -> None:
    """A part that has begun and was handed in stands, with the substitutions recorded in it."""
    for number in sorted(fixed):
        was = earlier.parts[number - 1]
        if number > len(parts) or sorted(parts[number - 1]) != sorted(was):
            raise _refuse(409, f"part {number} of {item.id} is under way or over with {', '.join(was)}: its line-up "
                               f"stands ({cite(t, 'changes_at_breaks')}; undo the sheet if it was mistyped)",
                          "parts", "changes_at_breaks", part=number, line_up=was, code="lineup.part_stands",
                          cite=citation(t, "changes_at_breaks"))
    kept = {(x.part, x.out, x.boards, x.player_in, x.substitute) for x in subs}
    for x in substitutions(earlier):
        if x.part in fixed and (x.part, x.out, x.boards, x.player_in, x.substitute) not in kept:
            raise _refuse(409, f"the substitution of {x.out} in part {x.part} of {item.id} is recorded: it stands "
                               "(undo the sheet if it was mistyped)", "substitutions", "changes_at_breaks",
                          part=x.part, code="lineup.substitution_stands", player=x.out)


def _sits_out(t: Tournament, parts: list[list[str]], subs: list[sheet_rules.Substitution], count: int) -> None:
    """Slovak §27.5: the player replaced during a part by the director's substitution sits out the next."""
    for number, players in sorted(sheet_rules.barred(subs, count).items()):
        table = parts[number - 1] if number <= len(parts) else []
        back = sorted(players & set(table)) or sorted(
            {x.player_in for x in subs if x.part == number and x.player_in} & players)
        if back:
            raise _refuse(422, f"{back[0]} was replaced during part {number - 1} and may not play part {number} "
                               f"({cite(t, 'replaced_sits_out')})", "parts", "replaced_sits_out",
                          part=number, player=back[0], code="lineup.sits_out", cite=citation(t, "replaced_sits_out"))


def _substitute_rounds(t: Tournament, state: State, item: Item, team: str, parts: list[list[str]],
                       subs: list[sheet_rules.Substitution]) -> None:
    """Slovak §27.1: a sheet that would put a substitute in half or more of the competition's rounds is refused."""
    percent = t.rules.get("substitute_rounds_below_percent")
    if percent is None or item.round is None:
        return
    total = competition_rounds(state)
    most = sheet_rules.substitute_rounds_allowed(total, percent)
    table = {p for x in parts for p in x} | {x.player_in for x in subs if x.player_in}
    for ident in sorted(table):
        player = t.player(ident)
        if player is None or not player.substitute:
            continue
        rounds = sheet_rounds(state, ident, instead=(item.id, team)) | {item.round}
        if sheet_rules.substitute_too_often(len(rounds), total, percent):
            raise _refuse(422, f"{player.id} {player.name} is a substitute and would play in {len(rounds)} of the "
                               f"{total} rounds (rounds {', '.join(map(str, sorted(rounds)))}): "
                               f"{cite(t, 'substitute_rounds', n=total, most=most)}", "parts",
                          "substitute_rounds_below_percent", player=player.id, name=player.name, rounds=len(rounds),
                          allowed=most, total=total, code="lineup.substitute_rounds",
                          cite=citation(t, "substitute_rounds"))


def check_undo(state: State, target: AuditEntry) -> None:
    """A player on a sheet in force stays on the roster: undoing their registration would leave the sheet
    pointing at nobody (withdraw them instead; the boards they played stay)."""
    if target["type"] != E.PLAYER_REGISTERED:
        return
    who = target["payload"].get("player")
    for item_id, teams in state.lineups.items():
        for team, sheet in teams.items():
            named = {p for table in sheet.body.parts for p in table} | {x.player_in for x in substitutions(sheet.body)}
            if who in named:
                raise CommandError(409, f"command {target['seq']} cannot be undone: {who} is on {team}'s sheet of "
                                        f"{item_id}; withdraw them instead", {"field": "seq",
                                   "code": "undo.on_sheet", "seq": target["seq"], "player": who, "team": team,
                                   "item": item_id})


__all__ = ["HANDLERS", "Lineup", "check_undo"]

