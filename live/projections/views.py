"""Views: what each kind of screen is shown, as JSON-ready sections built from the state.

A view is a dict of named sections. Clients replace a section whole when it arrives, so an
event message carries only the sections that changed. Times are epoch milliseconds (UTC):
clients render countdowns themselves against the synchronized server clock.

The pages hold no rule: every number and decision they show is here. What changes with the clock
alone, between events, comes as instants to compare with the clock, never as a rule to apply: the
headline's timeline (`now`, live/projections/timeline.py), a lateness report's `late_clock` and `steps`.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from typing import NotRequired, TypedDict, TypeVar, cast

from live.core import events as E
from live.core import payloads as P
from live.core import referees, texts
from live.core.absent import given
from live.core.records import AuditEntry, Fault, Kept, tables_of
from live.core.referees import SHARED_NAME, is_referee
from live.core.state import ItemState, State, start_blocker
from live.core.status import ItemStatus
from live.core.tournament import Item, Player, Tournament
from live.projections import (
    appeals,
    checkin_codes,
    desk,
    field,
    finality,
    lineups,
    prizes,
    rosters,
    sanctions,
    table_slips,
    timeline,
)
from live.projections.checkin_lists import lateness_of
from live.projections.kept import numbered, penalty_json
from live.projections.standings import final_view, hidden, rank_at, scored_results, standings_of, with_rank
from live.projections.wire import (
    Announcement,
    ByeSeat,
    Clock,
    HeldFor,
    Limits,
    LineupsView,
    MatchSeat,
    MeSection,
    NowEntry,
    OwnArrival,
    OwnResult,
    Penalty,
    PlayerLine,
    PublicSections,
    PublicState,
    RankedRow,
    RefereeSections,
    RefereeState,
    RefereeView,
    ResultLine,
    Seating,
    StandingRow,
    StandingsHidden,
    TableSeat,
    TimetableItem,
)

AUDIT_SHOWN = 100
#: The longest text of a failing section's error the referee is shown.
FAULT_CHARS = 300

log = logging.getLogger("live.projections.views")
T = TypeVar("T")


def guarded(state: State, name: str, build: Callable[[], T], empty: object) -> T:
    """A section built, or, if building it fails, `empty` in its place while the other sections go on.

    Why: the sections are derived from the log, and the log holds what any past server accepted. One
    part the code of today cannot make of it (a rule that raises on a value, a bug) must not take down
    the state, the screens' other parts, or the next start: it is logged once, with the seq it first
    failed at, and the referees see it among the `faults` (`referee_only`) until it builds again."""
    try:
        value = build()
    except Exception as exc:  # (any failure of one part: the other parts and the hall go on)
        if name not in state.broken:
            log.exception("the %r section cannot be built after event %d; shown empty, the others go on",
                          name, state.seq)
            state.broken[name] = {"kind": "section", "section": name, "seq": state.seq,
                                  "error": f"{type(exc).__name__}: {exc}"[:FAULT_CHARS]}
        return cast(T, empty)  # (the part's own kind of nothing: [], {} or None, as the pages read it)
    if name in state.broken:
        log.info("the %r section builds again after event %d", name, state.seq)
        del state.broken[name]
    return value


def faults(state: State) -> list[Fault]:
    """What the referees are told the log holds that today's code cannot use: the rules values the fold set
    aside (`live.core.plan.SetAside`), the events it passed over because folding them raised
    (`live.core.state.fold`) and the sections that fail to build (`guarded`), in the order of their seqs.
    Empty on a sound log (and then no section at all: a sound log's views are as they were)."""
    told = sorted([*state.set_aside, *state.rejected, *state.broken.values()], key=lambda x: (x["seq"], x["kind"]))
    return told


def item_view(t: Tournament, item: Item, s: ItemState | None, planned: Item | None = None,
              state: State | None = None) -> TimetableItem:
    # Whether the day's commands may still move, shift or cancel it (the server checks them again):
    # a round or match until it starts; any other item until its time comes, except on a plan of
    # which nothing has been played yet, where everything may still move.
    data: TimetableItem = {
        "id": item.id, "kind": item.kind, "title": item.title, "round": item.round,
        "start": item.start_ms, "end": item.end_ms, "playing": item.playing,
        "changeable": s.open if s is not None else True,
        "changeable_until": None if s is not None or state is None or not state.played else item.start_ms,
        "phase": None,  # not a round or match: it is on while now is in [start, end) (see `now`)
    }
    if planned is not None and planned.start_ms != item.start_ms:
        data["planned_start"] = planned.start_ms  # moved because a round before it ran long
    if item.boards:
        data["boards"] = item.boards
    if s is None:
        return data
    # Why a held round still waits, as it stands now (None: it can be started).
    held = start_blocker(state, item.id) if state is not None and s.status == ItemStatus.HELD else None
    if held is None and s.status == ItemStatus.HELD and s.held_for == "past":
        held = ("past", None)  # found past its start when the server came up: the referee's to start or record
    data["status"] = s.status
    data["started_at"], data["ended_at"], data["called_at"] = s.started_at, s.ended_at, s.called_at
    data["held_at"] = s.held_at
    data["held_for"] = cast(HeldFor, held[0]) if held else None
    data["waiting_for"] = held[1] if held else None
    data["ends_at"] = s.ends_at() if s.status != ItemStatus.ENDED else s.ended_at
    data["paused_at"], data["extended_ms"], data["last_deals_at"] = s.paused_at, s.extended_ms, s.last_deals_at
    data["breaks"], data["parts"] = list(s.breaks), t.segments(item)
    data["phase"] = timeline.phase(data)
    if s.status == ItemStatus.PAUSED:
        data["remaining_ms"] = s.remaining_ms(s.paused_at or 0)
    elif s.open:
        data["remaining_ms"] = s.remaining_ms(0)
    return data


def public_sections(state: State) -> PublicSections:
    """What every screen sees. While the standings are hidden (`live.projections.standings.hidden`) they are
    an empty list and `standings_hidden` says since which round (absent while they are shown). `now` is the
    headline's timeline (`live.projections.timeline`): the current and next item at every instant; `limits`,
    the fields' lengths."""
    t = state.tournament
    plan = state.plan or t
    concealed = guarded(state, "standings_hidden", lambda: hidden(state), None)
    timetable = guarded(state, "timetable", lambda: state.derived(
        "timetable", lambda: [item_view(t, i, state.items.get(i.id), plan.item(i.id), state) for i in t.items]), [])
    opens = t.rule_ms("checkin_opens_before")
    provisional = guarded(state, "standings_provisional", lambda: appeals.provisional(state), None)
    sections: PublicSections = {
        "tournament": {
            "name": t.name, "timezone": t.timezone, "preset": t.preset, "game": t.game,
            "language": t.language, "languages": list(t.languages), "speed": t.speed, "id": t.id,
            "follow": t.rules.get("follow", "shift"),
            "call_before_ms": t.rule_ms("call_before"),
            "last_deals_warning_ms": t.rule_ms("last_deals_warning"),
            "checkin_opens_before_ms": opens,
            "minute_ms": t.minutes_ms(1),
        },
        "timetable": timetable,
        "now": guarded(state, "now", lambda: state.derived("now", lambda: timeline.timeline(timetable, t.zone, opens)),
                       []),
        # The round the console's cards open on (live/projections/timeline.py `in_play`): the pages pick none.
        "in_play": timeline.in_play(timetable),
        "limits": LIMITS,
        "announcements": cast(list[Announcement], [a for a in state.announcements if not _private(a)]),
        "players": state.derived("players", lambda: [_player(p, field.standing(state, p)) for p in t.players]),
        "teams": state.derived("teams", lambda: [{"id": x.id, "name": x.name} for x in t.teams]),
        "standings": [] if concealed else guarded(state, "standings", lambda: standings_of(state), []),
        "seating": state.derived("seating", lambda: {item: _seating(s) for item, s in state.seatings.items()}),
        "results": guarded(state, "results", lambda: scored_results(state), {}),
        "final": guarded(state, "final", lambda: state.derived("final", lambda: final_view(state)), None)
        if state.tournament.game == "bridge" else None,
        "lateness": guarded(state, "lateness", lambda: lateness_of(state), {}),
    }
    if concealed:
        sections["standings_hidden"] = concealed
    # Slovak §24.1: an appeal open holds its results back from being final (absent when none is;
    # live/commands/appeals.py).
    if provisional:
        sections["standings_provisional"] = provisional
    # Slovak §24.1: running, provisional or final, as of the last event, with the instant the clock alone makes the
    # results final (live/projections/finality.py; absent under rules without a term for complaints).
    if (status := guarded(state, "standings_status", lambda: finality.standings_status(state), None)) is not None:
        sections["standings_status"] = status
    # The prize-giving: the prize list while a referee has it on the screens (absent otherwise).
    if not concealed and (listed := guarded(state, "prizes", lambda: prizes.shown(state), None)):
        sections["prizes"] = listed
    return sections


#: The longest texts the server takes, in characters (live/core/texts.py, live/core/referees.py), and the check-in
#: code's letters (live/projections/checkin_codes.py, shown in groups of `code_group`): a page's fields take no more.
LIMITS: Limits = {
    "name": texts.MAX_NAME, "title": texts.MAX_TITLE, "reason": texts.MAX_REASON, "announcement": texts.MAX_TEXT,
    "referee_name": referees.MAX_NAME, "code": checkin_codes.LENGTH, "code_group": checkin_codes.GROUP,
}


def _player(p: Player, standing: str = field.PLAYING) -> PlayerLine:
    """A roster line. `withdrawn`: offered for no round to come; `gone` besides: withdrew before playing, and is
    in no list of the day (live/projections/field.py) — the pages keep the line only to name him (the audit)."""
    data: PlayerLine = {"id": p.id, "name": p.name, "team": p.team}
    if p.lady:
        data["lady"] = True
    if p.junior:
        data["junior"] = True
    if p.rating is not None:
        data["rating"] = p.rating  # the club rating (live/commands/rosters.py)
    if p.substitute:
        data["substitute"] = True  # a substitute of the team (Slovak §27.1, live/projections/lineups.py)
    if p.enters:
        data["enters"] = p.enters  # a walk-in, seated from this round on
    if p.withdrawn:
        data["withdrawn"] = True
    if standing == field.GONE:
        data["gone"] = True
    return data


def _private(announcement: Mapping[str, object]) -> bool:
    """A notice to one player (the hall does not see its words)."""
    return announcement["type"] == "announced" and "player" in announcement


def _seating(published: Kept[P.SeatingPublished]) -> Seating:
    return cast(Seating, numbered(published))


def event_families() -> dict[str, list[str]]:
    """The event types the pages treat specially, by family (live/core/events.py), for the `hello` message:
    `signal` (every signal), `banner` (the signals shown as a banner), `score` (those that change the
    standings, results, seating or penalties: no banner on the display), `plan` (the timetable's changes,
    told in the plan's words) and `not_undoable` (audit entries no undo takes back)."""
    return {"signal": sorted(E.SIGNAL_TYPES), "banner": sorted(E.BANNER_TYPES), "score": sorted(E.SCORE_TYPES),
            "plan": sorted(E.TIMETABLE_CHANGE_TYPES), "not_undoable": sorted(E.NOT_UNDOABLE)}


def referee_sections(state: State, allowed: dict[str, list[str]]) -> RefereeView:
    return {**public_sections(state), **referee_only(state, allowed)}


def last_undoable(state: State, actor: str) -> AuditEntry | None:
    """The command "undo last" takes back for this referee: their own last in force, not an undo or a sign-in."""
    stack = state.in_force.get(actor)
    return state.audit_at[stack[-1]] if stack else None


class HiddenFromHall(TypedDict):
    """The standings the hall no longer sees, which the referees keep, and since which round it does not."""

    standings: NotRequired[list[StandingRow]]
    standings_hidden: NotRequired[StandingsHidden]


class Told(TypedDict):
    """What of the log today's code could not use, when there is any."""

    faults: NotRequired[list[Fault]]


def referee_only(state: State, allowed: dict[str, list[str]]) -> RefereeSections:
    """What only the referees see: the audit, and the command "undo last" takes back for each referee
    (their own last command still in force), so the console names it and sends its seq. `undo_last`
    is the shared token's referee's; `undo_last_by` maps every referee's actor to theirs. `allowed` is
    which round commands the server would take now (`live.commands.decide.allowed_now`: the commands
    answer it, and they sit above the projections, so the edge that builds the sections asks them)."""
    last = {actor: stack[-1] for actor, stack in state.in_force.items() if stack and is_referee(actor)}
    concealed = guarded(state, "standings_hidden", lambda: hidden(state), None)
    # The referees keep the standings the hall no longer sees, and are told that it does not see them.
    shown: HiddenFromHall = {"standings": guarded(state, "standings", lambda: standings_of(state), []),
                             "standings_hidden": concealed} if concealed else {}

    def part(name: str, build: Callable[[State], T | None]) -> T | None:
        return guarded(state, name, lambda: state.derived(name, lambda: build(state)), None)

    # Čačak (None under rules without them): the next sanction step per player and kind, the appeals, and the
    # scoring desk's list of who brings each table's slip and who pays the fee.
    sanctioned, appealed = part("sanctions", sanctions.referee_view), part("appeals", appeals.referee_view)
    slips = part("slips", table_slips.all_slips)
    # Bridge team sheets (None without them): each match's sheets and what may still change, every player's
    # boards, the rosters, and the Novi Sad individual ranking (live/commands/lineups.py).
    sheets = part("lineups", _lineups)
    # The desk (None without entry fees): per player and team what is due, paid and next, who has not paid, and
    # the prize fund the payments make (live/commands/desk.py).
    books = part("desk", desk.referee_view)
    # Last, once every other part was built: what of the log today's code could not use (absent when nothing).
    told: Told = {"faults": found} if (found := faults(state)) else {}
    own: RefereeSections = {
        "audit": state.commands[-AUDIT_SHOWN:], "undo_last": last.get(SHARED_NAME),
        "undo_last_by": last, "allowed": allowed, "referees": sorted(state.referees), **shown,
        "sanctions": sanctioned, "appeals": appealed, "slips": slips, "lineups": sheets, "desk": books, **told}
    return own


def _lineups(state: State) -> LineupsView | None:
    """The console's team sheets with the rosters (live/projections/rosters.py) beside them."""
    view = lineups.referee_view(state)
    return None if view is None else {**view, "rosters": rosters.referee_view(state)}


def public_audit(state: State) -> list[AuditEntry]:
    """The audit log without the words of private notices (those are for their player and the referees)
    and without the referees' own entries (who was added, who signed in)."""
    return cast(list[AuditEntry], [{**c, "payload": {"player": c["payload"]["player"], "private": True}}
                                   if c["type"] == "announced" and "player" in c["payload"] else c
                                   for c in state.commands[-AUDIT_SHOWN:] if c["type"] not in E.REFEREE_ONLY_TYPES])


def me_section(state: State, player_id: str, *, private: bool = False) -> MeSection | None:
    """A player's own page. Anyone may choose anyone's name on the player page, so without the player's
    session (`private`) it holds only what the public sections show anyway, picked out for them (arrivals,
    seats, results, penalties, standing) and how many notices are for them; with it, the notices' words."""
    player = state.tournament.player(player_id)
    if player is None:
        return None
    mine = {player.id, player.team} - {None}
    notices = [a for a in state.announcements if _private(a) and a["player"] == player_id]
    reports = guarded(state, "lateness", lambda: lateness_of(state), {})
    me: MeSection = {
        "id": player.id, "name": player.name, "team": player.team, "session": private,
        "arrivals": [cast(OwnArrival, {"item": item, **row}) for item, report in reports.items()
                     for row in report["rows"] if row["id"] in mine],
        "seats": _seats(state, player.id, player.team),
        "results": [cast(OwnResult, {"item": item, **row})
                    for item, rows in guarded(state, "results", lambda: scored_results(state), {}).items()
                    for row in rows if _involves(row, player.id, player.team)],
        "penalties": [cast(Penalty, penalty_json(p)) for p in state.penalties if p.body.player == player.id or
                      (player.team and p.body.team == player.team)],
        # Bridge: the boards they played of their team's, and what the individual ranking needs
        # (live/projections/lineups.py).
        "boards": guarded(state, "lineups", lambda: lineups.player_view(state, player.id), None),
        # While the standings are hidden, a player's own line is too (their place would tell the others').
        # It keeps an explicit "rank": one row has no position to read it from, and the page shows it.
        "standing": None if hidden(state) else guarded(state, "standings",
                                                        lambda: _standing(state, player.id, player.team), None),
    }
    if private:
        me["notices"] = cast(list[Announcement], notices)
        # With their session, when they checked in to each round (by their phone or by a referee): the phone
        # confirms it in words, and offers the check-in again once a referee undid it. (In bridge the
        # public line is the team's; a member's own time is theirs.)
        me["check_ins"] = {item: entry[player.id].at for item, entry in state.check_ins.items()
                           if player.id in entry}
        # Requests to the judges' committee, and how many are left: theirs only, with their session.
        me["appeals"] = appeals.player_view(state, player.id)
    else:
        me["private_notices"] = len(notices)
    return me


def _standing(state: State, player: str, team: str | None) -> RankedRow | None:
    """The player's (or their team's) line of the standings with its place, `rank`; None if not in them."""
    rows = standings_of(state)
    at = next((i for i, row in enumerate(rows) if row.get("player") == player or (team and row.get("team") == team)),
              None)
    if at is None:
        return None
    return with_rank(rows[at], rank_at(rows, at))


def _involves(row: ResultLine, player: str, team: str | None) -> bool:
    if "players" in row:
        return any(p["player"] == player for p in row["players"])
    return team is not None and team in (row["home"], row["away"])


def _seats(state: State, player: str, team: str | None) -> list[TableSeat | MatchSeat | ByeSeat]:
    """Where the player sits in each published round: "r3: table 4, seat 2" / "home vs t2"."""
    seats: list[TableSeat | MatchSeat | ByeSeat] = []
    for item, published in state.seatings.items():
        for table in tables_of(published):
            if player in table["players"]:
                seats.append({"item": item, "table": table["table"], "seat": table["players"].index(player) + 1})
        for match in given(published.body.matches, []):
            if team in (match["home"], match["away"]):
                home = match["home"] == team
                seats.append({"item": item, "home": home, "opponent": match["away"] if home else match["home"]})
        if team is not None and published.body.bye == team:
            seats.append({"item": item, "bye": True})
    return seats


def clock(state: State, now: int, entries: list[NowEntry] | None = None) -> Clock:
    """The current and next timetable items at `now`: what the hall display headlines (`live.projections.timeline`;
    `entries`: the `now` section, if it is built already)."""
    built = entries if entries is not None else public_sections(state)["now"]
    if not built:  # (the `now` section failed to build: `guarded`)
        return {"now": now, "current": None, "next": None}
    entry = timeline.at(built, now)
    return {"now": now, "current": entry["current"], "next": entry["next"]}


def at_now(state: State, public: PublicSections, now: int) -> PublicSections:
    """The public sections with what the clock alone changes told at `now`: the standings' status (final once the
    term for complaints has closed with nothing open, live/projections/finality.py)."""
    if "standings_status" in public:
        status = guarded(state, "standings_status", lambda: finality.standings_status(state, now), None)
        if status is not None:
            public["standings_status"] = status
    return public


def full_state(state: State, now: int, *, allowed: dict[str, list[str]] | None = None) -> PublicState | RefereeState:
    """GET /api/state: everything; private notices only for a request with the referee token, which is
    also told the commands `allowed` now (None: not a referee)."""
    if allowed is None:
        audit = public_audit(state)
        public = at_now(state, public_sections(state), now)
        return {**public, "audit": audit, "clock": clock(state, now, public["now"]), "seq": state.seq}
    public = at_now(state, public_sections(state), now)  # (first: the referee's `faults` tell what of it failed)
    own = referee_only(state, allowed)
    # (`audit` named first keeps its place right after the public sections; `own` then gives it the same list.)
    return {**public, "audit": own["audit"], **own, "clock": clock(state, now, public["now"]), "seq": state.seq}
