"""An edited tournament file against the plan the log holds: what differs, in words a person acts
on, and the referee command that would make each change.

The comparison is three-way. `recorded` is the plan as the log began (the file then), `current`
the plan as the day has changed it, `file` the file now. Only what the organizer edited in the
file (file ≠ recorded) and the day has not already done (file ≠ current) is a difference: a
walk-in registered at the console is not "removed" because the file lacks them, and a name fixed
both at the console and in the file is no difference at all. Accepting a difference goes through
the same command checks as the console (`live.commands.decide.decide`), so what the console would
refuse is refused here too, and then nothing is written.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from live.commands.command import CommandJSON
from live.core.absent import given
from live.core.events import Event, NewEvent
from live.core.plan import normalized
from live.core.state import State, apply
from live.core.tournament import Item, Tournament
from live.rules.presets import absent_means

REASON = "changed in the tournament file"


@dataclass(frozen=True)
class Difference:
    text: str
    command: CommandJSON | None = None  # the command that makes it; None: it cannot be made
    refused: str | None = None  # why it cannot be made (when `command` is None)


@dataclass
class Outcome:
    """What accepting the differences would do: every event, or the refusals (and then nothing)."""

    events: list[NewEvent] = field(default_factory=list)
    refusals: list[tuple[Difference, str]] = field(default_factory=list)


def _local(t: Tournament, ms: int) -> str:
    """A local time as the console's commands take it, to the millisecond the file may say."""
    return t.local(ms).replace(tzinfo=None).isoformat(timespec="milliseconds" if ms % 1000 else "seconds")


def _hhmm(t: Tournament, ms: int) -> str:
    return f"{t.local(ms):%H:%M}"


def _moved(t: Tournament, was: int, now: int) -> str:
    """"17:45 → 17:50", with the dates when the day changes too."""
    if _hhmm(t, was) == _hhmm(t, now):
        return f"{t.local(was):%H:%M:%S} → {t.local(now):%H:%M:%S}"
    if t.local(was).date() == t.local(now).date():
        return f"{_hhmm(t, was)} → {_hhmm(t, now)}"
    return f"{t.local(was):%Y-%m-%d %H:%M} → {t.local(now):%Y-%m-%d %H:%M}"


def _changed(recorded: Any, current: Any, file: Any) -> bool:
    return bool(file != recorded and file != current)


def differences(recorded: Tournament, state: State, file: Tournament) -> list[Difference]:
    recorded, file = normalized(recorded), normalized(file)
    current = normalized(state.plan or state.tournament)
    out: list[Difference] = []
    out += _tournament(recorded, current, file)
    out += _rules(recorded, current, file)
    out += _teams(recorded, current, file, state)
    out += _players(recorded, current, file, state)
    out += _items(recorded, current, file)
    return out


def _tournament(recorded: Tournament, current: Tournament, file: Tournament) -> list[Difference]:
    out = []
    for key in ("timezone", "preset"):
        if getattr(file, key) != getattr(recorded, key):
            out.append(Difference(f"{key} {getattr(recorded, key)} → {getattr(file, key)}", refused=(
                f"the {key} of a tournament under way cannot change" + (
                    ": every local time would move" if key == "timezone" else
                    "; change single rules parameters in [rules] instead"))))
    changes: CommandJSON = {}
    words = []
    if _changed(recorded.name, current.name, file.name):
        changes["name"] = file.name
        words.append(f"name {current.name!r} → {file.name!r}")
    if _changed(recorded.languages, current.languages, file.languages):
        changes["languages"] = list(file.languages)
        words.append(f"languages {', '.join(current.languages)} → {', '.join(file.languages)}")
    if _changed(recorded.language, current.language, file.language) or (
            "languages" in changes and file.language != current.language):
        changes["language"] = file.language
        words.append(f"language {current.language} → {file.language}")
    if changes:
        out.append(Difference("tournament " + "; ".join(words), {"type": "update_tournament", **changes}))
    return out


def _rules(recorded: Tournament, current: Tournament, file: Tournament) -> list[Difference]:
    if file.preset != recorded.preset:
        return []  # said once, above
    keys = sorted(set(recorded.rules) | set(file.rules))
    changes = {k: file.rules.get(k) for k in keys
               if _changed(_rule(recorded, k), _rule(current, k), file.rules.get(k))}
    if not changes:
        return []
    words = ", ".join(f"{k} {_rule(current, k)!r} → {v!r}" for k, v in changes.items())
    return [Difference(f"rules: {words}", {"type": "change_rules", "rules": changes})]


def _rule(t: Tournament, key: str) -> Any:
    """A rules value of a plan; a key of its preset that its log was recorded without (an older preset's) is
    what it means there."""
    if key in t.rules:
        return t.rules.get(key)
    return absent_means(t.preset, key)


def _teams(recorded: Tournament, current: Tournament, file: Tournament, state: State) -> list[Difference]:
    out = []
    before = {x.id: x for x in recorded.teams}
    now = {x.id: x for x in current.teams if x.id not in state.withdrawn}
    after = {x.id: x for x in file.teams}
    for ident, team in after.items():
        if ident not in before and ident not in now:
            out.append(Difference(f"team {ident} {team.name} added",
                                  {"type": "register_team", "team": ident, "name": team.name}))
        elif ident in now and _changed(before.get(ident, team).name, now[ident].name, team.name):
            out.append(Difference(f"team {ident} renamed {now[ident].name} → {team.name}",
                                  {"type": "update_team", "team": ident, "name": team.name}))
    for ident, team in before.items():
        if ident not in after and ident in now:
            out.append(Difference(f"team {ident} {team.name} removed",
                                  {"type": "withdraw", "team": ident, "reason": "removed from the tournament file"}))
    return out


def results_of(state: State, player: str) -> list[str]:
    """The rounds in which a player has a result (they cannot vanish from the standings)."""
    rounds = []
    for item, entries in state.results.items():
        for entry in entries.values():
            if player in given(entry.body.results, {}) or player == entry.body.walkover or \
                    player in given(entry.body.absent, []):
                rounds.append(item)
                break
    return rounds


def _players(recorded: Tournament, current: Tournament, file: Tournament, state: State) -> list[Difference]:
    out = []
    before = {p.id: p for p in recorded.players}
    now = {p.id: p for p in current.players}
    after = {p.id: p for p in file.players}
    for ident, p in after.items():
        if ident not in now:
            command: CommandJSON = {"type": "register_player", "player": ident, "name": p.name, "lady": p.lady}
            if p.team is not None:
                command["team"] = p.team
            if p.junior:
                command["junior"] = True
            if p.rating is not None:
                command["rating"] = p.rating
            if p.substitute:
                command["substitute"] = True
            out.append(Difference(f"player {ident} {p.name} added", command))
            continue
        was, has = before.get(ident, now[ident]), now[ident]
        if has.withdrawn:
            continue  # withdrawn on the day: the file's entry is the history
        update: CommandJSON = {}
        words = []
        if _changed(was.name, has.name, p.name):
            update["name"] = p.name
            words.append(f"renamed {has.name} → {p.name}")
        if _changed(was.lady, has.lady, p.lady):
            update["lady"] = p.lady
            words.append("marked as a lady" if p.lady else "no longer marked as a lady")
        if _changed(was.junior, has.junior, p.junior):
            update["junior"] = p.junior
            words.append("marked as a junior" if p.junior else "no longer marked as a junior")
        if _changed(was.rating, has.rating, p.rating):
            update["rating"] = p.rating
            words.append(f"rated {p.rating:g}" if p.rating is not None else "no longer rated")
        if _changed(was.substitute, has.substitute, p.substitute):
            update["substitute"] = p.substitute
            words.append("marked as a substitute" if p.substitute else "no longer marked as a substitute")
        if words:
            out.append(Difference(f"player {ident} {' and '.join(words)}",
                                  {"type": "update_player", "player": ident, **update}))
        if _changed(was.team, has.team, p.team):
            out.append(Difference(f"player {ident} {p.name} moved from team {has.team} to {p.team}",
                                  refused="a player cannot change team on the day"))
    for ident, p in now.items():
        if ident in after or p.withdrawn or ident not in before:
            continue  # kept, withdrawn already, or registered on the day (the file never had them)
        played = results_of(state, ident)
        text = f"player {ident} {p.name} removed"
        if played:
            out.append(Difference(text, refused=f"has results in {', '.join(played)}; withdraw instead "
                                                 "(withdraw_player): the results stay and count"))
        else:
            out.append(Difference(text, {"type": "withdraw_player", "player": ident,
                                         "reason": "removed from the tournament file"}))
    return out


def _items(recorded: Tournament, current: Tournament, file: Tournament) -> list[Difference]:
    out = []
    before = {i.id: i for i in recorded.items}
    now = {i.id: i for i in current.items}
    after = {i.id: i for i in file.items}
    for ident, item in after.items():
        if ident not in now:
            if ident in before:
                continue  # cancelled on the day
            out.append(Difference(f"{ident} {item.title} added, {_hhmm(file, item.start_ms)}–"
                                  f"{_hhmm(file, item.end_ms)}", _add(file, item)))
            continue
        was, has = before.get(ident, now[ident]), now[ident]
        for attr in ("kind", "round", "boards"):
            if _changed(getattr(was, attr), getattr(has, attr), getattr(item, attr)):
                out.append(Difference(f"{ident} {attr} {getattr(has, attr)} → {getattr(item, attr)}",
                                      refused=f"an item's {attr} cannot change; cancel it and add another"))
        # A gathering's name only says which match opens it (Slovak §18.2: 2 hours of waiting): names that
        # leave that as it is (a log from before the names, whose days of play made the same gatherings)
        # are no difference; names that change it are refused, as a match's boards are.
        if _changed(was.gathering, has.gathering, item.gathering) \
                and current.first_of_gathering(has) != file.first_of_gathering(item):
            out.append(Difference(f"{ident} gathering {has.gathering} → {item.gathering}", refused=(
                f"{ident} would {'open' if file.first_of_gathering(item) else 'no longer open'} a gathering; "
                "an item's gathering cannot change; cancel it and add another")))
        times = _changed((was.start_ms, was.end_ms), (has.start_ms, has.end_ms), (item.start_ms, item.end_ms))
        title = _changed(was.title, has.title, item.title)
        if times or title:
            # A file that only retitles an item keeps the times the day gave it (a shift, a move).
            start, end = (item.start_ms, item.end_ms) if times else (has.start_ms, has.end_ms)
            words = []
            if start != has.start_ms:
                words.append(f"start {_moved(file, has.start_ms, start)}")
            if end - start != has.end_ms - has.start_ms:
                words.append(f"{(has.end_ms - has.start_ms) // 60_000} → {(end - start) // 60_000} minutes")
            elif end != has.end_ms and start == has.start_ms:
                words.append(f"end {_moved(file, has.end_ms, end)}")
            if title:
                words.append(f"title {has.title!r} → {item.title!r}")
            command: CommandJSON = {"type": "move_item", "item": ident, "start": _local(file, start),
                                    "end": _local(file, end)}
            if title:
                command["title"] = item.title
            out.append(Difference(f"{ident} " + ", ".join(words), command))
    for ident, item in now.items():
        if ident in before and ident not in after:
            out.append(Difference(f"{ident} {item.title} removed",
                                  {"type": "cancel_item", "item": ident, "reason": "removed from the tournament file"}))
    return out


def _add(t: Tournament, item: Item) -> CommandJSON:
    command: CommandJSON = {"type": "add_item", "item": item.id, "kind": item.kind, "title": item.title,
                            "start": _local(t, item.start_ms), "end": _local(t, item.end_ms)}
    if item.round is not None:
        command["round"] = item.round
    if item.boards is not None:
        command["boards"] = item.boards
    if item.gathering is not None:
        command["gathering"] = item.gathering
    return command


Decide = Callable[[Tournament, State, Any, int], list[NewEvent]]


def accept(state: State, found: list[Difference], now: int, decide: Decide) -> Outcome:
    """Each difference as the event its command makes, decided against the state as the ones before
    it leave it (on a scratch copy: nothing here is written). Any refusal refuses them all."""
    import copy

    scratch = copy.deepcopy(state)
    outcome = Outcome()
    seq = scratch.seq
    for diff in found:
        if diff.command is None:
            outcome.refusals.append((diff, diff.refused or "cannot be made"))
            continue
        try:
            events = decide(scratch.tournament, scratch, diff.command, now)
        except Exception as exc:  # a CommandError: the console would refuse it too
            outcome.refusals.append((diff, getattr(exc, "error", str(exc))))
            continue
        for new in events:
            new = NewEvent(new.type, new.actor, {**new.payload, "via": "file"}, new.signal)
            seq += 1
            apply(scratch, Event(seq, now, new.type, new.actor, dict(new.payload), new.signal))
            outcome.events.append(new)
    if outcome.refusals:
        outcome.events = []
    return outcome


__all__ = ["Difference", "Outcome", "accept", "differences", "results_of"]
