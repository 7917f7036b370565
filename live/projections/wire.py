"""The wire: the shape of every section the pages are sent, declared once.

Each section (live/projections/views.py), and each kind of row in it, is a TypedDict here: the builders in
live/projections/ return them, mypy checks every key they write, and the JSON Schema the pages' tests read
(docs/sections.schema.json) is generated from these declarations (`python -m live.projections.wire`). A key
marked `NotRequired` may be absent (the pages read its absence: `tied`, `planned_start`); `X | None` is
always there, `null` when there is nothing. A `Literal` is a closed set the pages switch on.

The words of each field are in docs/protocol.md#sections; here are the types. `Any` (`{}`, anything, in the
schema) is left only where the server passes on what it was given: an audit entry's payload, a rules value kept.
"""

import json
import sys
import types
from enum import Enum
from typing import (
    Any,
    Literal,
    NotRequired,
    TypedDict,
    Union,
    final,
    get_args,
    get_origin,
    get_type_hints,
    is_typeddict,
)

# The audit's and the faults' lines are declared with the state's records, which keeps them as they are sent.
from live.core.records import AuditEntry as AuditEntry
from live.core.records import Fault as Fault
from live.core.status import ItemStatus

# tournament ---------------------------------------------------------------------------------------------------


class TournamentInfo(TypedDict):
    """`tournament`: the tournament and the rules durations the pages need, in clock milliseconds."""

    name: str
    timezone: str
    preset: str
    game: str
    language: str
    languages: list[str]
    speed: float
    id: str
    follow: str
    call_before_ms: int
    last_deals_warning_ms: int
    checkin_opens_before_ms: int
    minute_ms: int


class Limits(TypedDict):
    """`limits`: the longest texts the server takes, and the check-in code's letters and grouping."""

    name: int
    title: int
    reason: int
    announcement: int
    referee_name: int
    code: int
    code_group: int


class PlayerLine(TypedDict):
    """A line of `players`, the roster: `withdrawn` offered for no round to come, `gone` withdrawn before playing."""

    id: str
    name: str
    team: str | None
    lady: NotRequired[bool]
    junior: NotRequired[bool]
    rating: NotRequired[int | float]
    substitute: NotRequired[bool]
    enters: NotRequired[str]
    withdrawn: NotRequired[bool]
    gone: NotRequired[bool]


class TeamLine(TypedDict):
    """A line of `teams` (bridge)."""

    id: str
    name: str


# timetable ----------------------------------------------------------------------------------------------------

#: A playing item's phase (live/projections/timeline.py `phase`); None for a break or a meal.
Phase = Literal["upcoming", "in_progress", "done", "missed"]
#: Why a held start waits (live/core/state.py `start_blocker`; "past": found past its start at a restart).
HeldFor = Literal["previous", "seating", "past"]


class TimetableItem(TypedDict):
    """One item of `timetable`. A playing item (a round, a match) adds its clock, from `status` on."""

    id: str
    kind: str
    title: str
    round: int | None
    start: int
    end: int
    playing: bool
    planned_start: NotRequired[int]
    boards: NotRequired[int]
    changeable: bool
    changeable_until: int | None
    phase: Phase | None
    status: NotRequired[ItemStatus]
    started_at: NotRequired[int | None]
    ended_at: NotRequired[int | None]
    called_at: NotRequired[int | None]
    held_at: NotRequired[int | None]
    held_for: NotRequired[HeldFor | None]
    waiting_for: NotRequired[str | None]
    ends_at: NotRequired[int | None]
    paused_at: NotRequired[int | None]
    extended_ms: NotRequired[int]
    last_deals_at: NotRequired[int | None]
    breaks: NotRequired[list[int]]
    parts: NotRequired[int]
    remaining_ms: NotRequired[int]


# now ----------------------------------------------------------------------------------------------------------

#: What the big countdown does (live/projections/timeline.py `headline`).
Mode = Literal["running", "paused", "held", "until", "ends", "missed", "idle"]


class Headline(TypedDict):
    """The headline's answer at one instant (live/projections/timeline.py `headline`)."""

    current: str | None
    next: str | None
    then: str | None
    mode: Mode
    deadline: int | None
    day: list[str]
    checkin: str | None


#: One entry of `now`: the headline from `from` on (a key Python cannot name in a class body).
# (Not `from __future__ import annotations` in this module: a class body's `NotRequired` would then be a string,
# and the TypedDict would count its key as required.)
NowEntry = TypedDict("NowEntry", {"from": int, "current": str | None, "next": str | None, "then": str | None,
                                  "mode": Mode, "deadline": int | None, "day": list[str], "checkin": str | None})


# standings ----------------------------------------------------------------------------------------------------


class _PreferansLine(TypedDict):
    shared: bool
    player: str
    name: str
    lady: bool
    points: int | float
    bule: int | float
    rounds: int
    penalty_bule: int
    penalty_points: int | float


@final
class PreferansRow(_PreferansLine):
    """A preferans row of `standings`: `tied` when it shares the place of the row above."""

    tied: NotRequired[bool]


@final
class RankedPreferansRow(_PreferansLine):
    """A preferans row with its place written out (`me`'s `standing`)."""

    rank: int


class Overtime(TypedDict):
    """A Novi Sad league match run over its time: the VP its team lost (live/projections/standings.py)."""

    item: str
    blocks: int
    block_minutes: int | float
    vp: int | float
    at: int


class _BridgeLine(TypedDict):
    shared: bool
    team: str
    name: str
    vp: int | float
    penalty_vp: int | float
    imps_for: int | float
    imps_against: int | float
    imp_diff: int | float
    played: int
    awarded: int
    decided_by: str | None
    withdrawn: bool
    overtime: NotRequired[list[Overtime]]


@final
class BridgeRow(_BridgeLine):
    """A bridge row of `standings`: `tied` when it shares the place of the row above."""

    tied: NotRequired[bool]


@final
class RankedBridgeRow(_BridgeLine):
    """A bridge row with its place written out (`me`'s `standing`)."""

    rank: int


#: (`final`: `"player" in row` tells a preferans row from a bridge row, for mypy as for the pages.)
StandingRow = PreferansRow | BridgeRow
RankedRow = RankedPreferansRow | RankedBridgeRow


class StandingsHidden(TypedDict):
    """`standings_hidden`: since which round the hall does not see the standings."""

    from_round: int
    title: str


# lateness -----------------------------------------------------------------------------------------------------


class LateClock(TypedDict):
    """How late someone not yet in is at any instant: ms + max(0, now − at) while running, else ms."""

    ms: int
    at: int
    running: bool


class Threshold(TypedDict):
    """A lateness threshold of a round that started: when it falls and how late that is."""

    name: str
    at: int
    late_ms: int
    minutes: int
    boards_removed: NotRequired[int]
    boards_removed_next: NotRequired[int]


class PreferansPenalty(TypedDict):
    """What a preferans player's lateness costs (live/rules/lateness.py `LatePenalty`)."""

    late_ms: int
    minutes: int
    bule: int
    starts_with: int
    deduction: int
    tolerated: bool
    reserve_due: bool


@final
class PreferansStep(TypedDict):
    """From `from_ms` late on, these numbers apply (a preferans player)."""

    from_ms: int
    bule: int
    starts_with: int
    deduction: int
    tolerated: bool
    reserve_due: bool


class BridgeLate(TypedDict):
    """What a bridge team's lateness costs: Slovak boards and IMPs, or (Novi Sad) only whether it forfeits."""

    late_ms: int
    boards_removed: NotRequired[int]
    compensation_imps: NotRequired[int]
    forfeit: bool


@final
class BridgeStep(TypedDict):
    """From `from_ms` late on, these numbers apply (a bridge team)."""

    from_ms: int
    boards_removed: NotRequired[int]
    compensation_imps: NotRequired[int]
    forfeit: bool


Step = PreferansStep | BridgeStep


class _PreferansArrivalLine(TypedDict):
    id: str
    arrived_at: int | None
    name: str
    excused: bool
    reserve: str | None
    reserve_starts_with: int
    reserve_from_ms: int | None
    starts_with: NotRequired[int]
    late_ms: NotRequired[int]
    minutes: NotRequired[int]
    bule: NotRequired[int]
    deduction: NotRequired[int]
    tolerated: NotRequired[bool]
    reserve_due: NotRequired[bool]


class _BridgeArrivalLine(TypedDict):
    id: str
    arrived_at: int | None
    name: str
    members_in: int
    late_ms: NotRequired[int]
    boards_removed: NotRequired[int]
    compensation_imps: NotRequired[int]
    forfeit: NotRequired[bool]


@final
class PreferansArrival(_PreferansArrivalLine):
    """A preferans line of a check-in list: the penalty's numbers once the player came."""


@final
class BridgeArrival(_BridgeArrivalLine):
    """A bridge line of a check-in list: a team, how many of its members are in, its lateness once complete."""


@final
class OwnPreferansArrival(_PreferansArrivalLine):
    """A preferans line of `me`'s `arrivals`: with its item."""

    item: str


@final
class OwnBridgeArrival(_BridgeArrivalLine):
    """A bridge line of `me`'s `arrivals`: with its item."""

    item: str


Arrival = PreferansArrival | BridgeArrival
OwnArrival = OwnPreferansArrival | OwnBridgeArrival


class LatenessReport(TypedDict):
    """One round's check-in list (`lateness` maps the rounds whose arrivals matter now to theirs)."""

    item: str
    reference_start: int
    pauses: list[list[int | None]]
    late_clock: LateClock
    players_needed: int | None
    thresholds: list[Threshold]
    rows: list[Arrival]
    steps: list[Step]
    matches: NotRequired[list[list[str]] | None]


# announcements, seating, results ------------------------------------------------------------------------------


class AbsentTable(TypedDict):
    """A table a lateness threshold changed: who is missing, and whether it plays with a reserve, gets a
    walkover (to whom) or has no game."""

    table: int
    absent: list[str]
    kind: str
    walkover_to: str | None


class Announcement(TypedDict):
    """A line of `announcements` (and of `me`'s `notices`): an event the screens tell, its payload's keys beside
    `seq`, `ts` and `type` (live/core/state.py `_announcement`); which keys it has depends on its `type`."""

    seq: int
    ts: int
    type: str
    item: NotRequired[str]
    round: NotRequired[int | None]
    title: NotRequired[str]
    items: NotRequired[list[str]]
    text: NotRequired[str]
    player: NotRequired[str]
    name: NotRequired[str]
    table: NotRequired[int]
    starts_with: NotRequired[int]
    absent: NotRequired[list[str]]
    tables: NotRequired[list[AbsentTable]]
    threshold: NotRequired[str]
    due_at: NotRequired[int]
    minutes: NotRequired[int | float]
    ms: NotRequired[int]
    part: NotRequired[int]
    parts: NotRequired[int]
    reason: NotRequired[str]
    waiting_for: NotRequired[str]
    start: NotRequired[int]
    was: NotRequired[int]
    shift_item: NotRequired[str]
    shift_minutes: NotRequired[int]
    at: NotRequired[int]


class SeatingTable(TypedDict):
    """A preferans table of a seating: its players in seat order."""

    table: int
    players: list[str]


class SeatingMatch(TypedDict):
    """A bridge match of a seating."""

    home: str
    away: str


class Seating(TypedDict):
    """A published seating of `seating` (item → seating): the `seating_published` payload with its `seq`."""

    item: str
    seq: int
    method: NotRequired[str]
    round: NotRequired[int]
    tables: NotRequired[list[SeatingTable]]
    matches: NotRequired[list[SeatingMatch]]
    bye: NotRequired[str | None]
    seed: NotRequired[int]
    after: NotRequired[str]
    order: NotRequired[str]
    carry_over: NotRequired[int | float]


class ScoredPlayer(TypedDict):
    """A preferans player's line of a scored table."""

    player: str
    result: int | float
    place: int
    points: int | float
    shared: bool
    absent: bool


class _PreferansResultLine(TypedDict):
    table: int
    seq: int
    corrected: bool
    walkover: bool
    players: list[ScoredPlayer]


@final
class PreferansResult(_PreferansResultLine):
    """A preferans table's result of `results` (item → its results)."""


@final
class OwnPreferansResult(_PreferansResultLine):
    """A preferans result of `me`'s `results`: with its item."""

    item: str


class LateImps(TypedDict):
    """The IMPs a match's teams are given for boards removed for the other's lateness (Slovak §26.2)."""

    home: int | float
    away: int | float


class _BridgeResultLine(TypedDict):
    home: str
    away: str
    seq: int
    imps_home: NotRequired[int | float]
    imps_away: NotRequired[int | float]
    vp_home: NotRequired[int | float]
    vp_away: NotRequired[int | float]
    corrected: NotRequired[bool]
    late_imps: NotRequired[LateImps]
    provisional: NotRequired[bool]
    forfeit: NotRequired[str]


@final
class BridgeResult(_BridgeResultLine):
    """A bridge match's result of `results`: its IMPs and VP, or the team that forfeited it."""


@final
class OwnBridgeResult(_BridgeResultLine):
    """A bridge result of `me`'s `results`: with its item."""

    item: str


ResultLine = PreferansResult | BridgeResult
OwnResult = OwnPreferansResult | OwnBridgeResult


class FinalView(TypedDict):
    """`final`, the Novi Sad final: the finalists, the carry-over, the IMPs once entered and the winner."""

    item: str
    first: str
    second: str
    carry_over: int | float
    winner: str | None
    imps_first: NotRequired[int | float]
    imps_second: NotRequired[int | float]


class ProvisionalMatch(TypedDict):
    """A match a team's open appeal holds back."""

    item: str
    home: str
    away: str


class Provisional(TypedDict):
    """`standings_provisional`: the rounds and matches an open appeal holds back, and the rule that says so."""

    items: list[str]
    matches: list[ProvisionalMatch]
    rule: str


ResultsStatus = Literal["provisional", "final"]
ResultsWhy = Literal["term", "term_and_appeals", "appeals", "term_over", "approved"]


class StandingsStatus(TypedDict):
    """`standings_status` (Slovak §24.1, live/projections/finality.py; absent while the results are running, not yet
    published): the results' `status` as of the state's last event, `since` when, and `final_at`, the instant they
    become final with nothing else happening (None: an appeal still to be decided) — from then on
    the status is `final`, which a page tells by comparing it with the server's clock; `open_appeals` holding them
    back, `why` (a word of `ResultsWhy`), when the overall results were `published` and when the term for complaints
    `closes`, the term's `days`, and the presidium's `approved` instant (None: no approval in force)."""

    status: ResultsStatus
    since: int
    final_at: int | None
    open_appeals: int
    why: ResultsWhy
    published: int
    closes: int
    days: int | float
    approved: int | None
    rule: str


class Prize(TypedDict):
    """A prize of the list: the place's rank, who, and how much."""

    rank: int
    id: str
    name: str
    amount: int | float


class SponsorPrize(TypedDict):
    """A sponsor's prize: the place it is for, and who is there."""

    place: int
    rank: int
    id: str
    name: str


class BestLady(TypedDict):
    """The best lady of a preferans tournament."""

    id: str
    name: str
    rank: int


class PrizeList(TypedDict):
    """`prizes`: the prize list while a referee has it on the screens (the desk's figures left out)."""

    fund: int | float
    shares: list[int | float]
    prizes: list[Prize]
    order: str
    currency: str
    sponsor_prizes: list[SponsorPrize]
    best_lady: BestLady | None


#: Where the fund of a prize list came from, for the organizer's `GET /api/prizes` and the referees (never on the
#: screens: live/projections/prizes.py `NOT_ON_SCREENS`): given with the query, or made by the desk's payments —
#: the share, the kinds of payment `counted`, what they `collected` and how many `payments` there were.
FundSource = TypedDict("FundSource", {"from": Literal["query", "payments"], "share": NotRequired[int | float],
                                      "counted": NotRequired[list[str]], "collected": NotRequired[int | float],
                                      "payments": NotRequired[int]})


class PrizeListWithSource(PrizeList):
    """The prize list as `GET /api/prizes` gives it: with where its fund came from."""

    fund_source: FundSource


# the views ----------------------------------------------------------------------------------------------------


class PublicSections(TypedDict):
    """What every screen sees (live/projections/views.py `public_sections`)."""

    tournament: TournamentInfo
    timetable: list[TimetableItem]
    now: list[NowEntry]
    in_play: str | None
    limits: Limits
    announcements: list[Announcement]
    players: list[PlayerLine]
    teams: list[TeamLine]
    standings: list[StandingRow]
    standings_hidden: NotRequired[StandingsHidden]
    standings_provisional: NotRequired[Provisional]
    standings_status: NotRequired[StandingsStatus]
    prizes: NotRequired[PrizeList]
    seating: dict[str, Seating]
    results: dict[str, list[ResultLine]]
    final: FinalView | None
    lateness: dict[str, LatenessReport]


@final
class TableSeat(TypedDict):
    """Where a preferans player sits in a published round (`me`'s `seats`)."""

    item: str
    table: int
    seat: int


@final
class MatchSeat(TypedDict):
    """A bridge team's match of a published round: at home or away, against whom."""

    item: str
    home: bool
    opponent: str


@final
class ByeSeat(TypedDict):
    """A bridge team's bye in a published round."""

    item: str
    bye: bool


class Penalty(TypedDict):
    """A penalty of `me`'s `penalties`: the `penalty_applied` payload (or a sanction's line) with its `seq` and
    `ts`; `sanction` the seq of the sanction it came with."""

    seq: int
    ts: int
    amount: int | float
    unit: str
    reason: NotRequired[str]
    player: NotRequired[str]
    team: NotRequired[str]
    item: NotRequired[str]
    kind: NotRequired[str]
    sanction: NotRequired[int]
    to: NotRequired[str]


class AppealDecision(TypedDict):
    """The judges' decision on an appeal: the `appeal_decided` payload with its `seq` and `ts`."""

    appeal: int
    decision: str
    seq: int
    ts: int
    player: NotRequired[str]
    team: NotRequired[str]
    item: NotRequired[str]
    unanimous: NotRequired[bool]
    outcome: NotRequired[str]
    correction: NotRequired[int]
    reason: NotRequired[str]


class AppealRecord(TypedDict):
    """An appeal as lodged (the `appeal_lodged` payload with its `seq` and `ts`) and its `decision`, None while
    open."""

    item: str
    subject: str
    seq: int
    ts: int
    decision: AppealDecision | None
    player: NotRequired[str]
    team: NotRequired[str]
    number: NotRequired[int]
    allowed: NotRequired[int | None]
    match: NotRequired[list[str]]
    signed_by: NotRequired[list[str]]
    captain: NotRequired[str]
    line_up: NotRequired[int]
    to: NotRequired[str]


class AppealWindow(TypedDict):
    """When a team may appeal: the days after the results are published, and when that closes."""

    days: int | float
    published: int | None
    published_on: str | None
    closes: int | None
    closes_on: str | None


class TeamAppeal(TypedDict):
    """One of a team's appeals on its players' page: about what, and where it stands."""

    appeal: int
    item: str
    title: str
    match: list[str] | None
    subject: str
    lodged: int
    state: Literal["open", "decided"]
    decision: NotRequired[str]
    outcome: NotRequired[str | None]
    decided: NotRequired[int]
    due: NotRequired[int | None]
    due_on: NotRequired[str | None]


@final
class PlayerAppeals(TypedDict):
    """`me`'s `appeals` where players appeal themselves (Čačak): their requests and how many are left."""

    by: Literal["player"]
    allowed: int | None
    used: int
    left: int | None
    requests: list[AppealRecord]


@final
class TeamAppeals(TypedDict):
    """`me`'s `appeals` where a team appeals (Slovak §28.3): the team's appeals and the window."""

    by: Literal["team"]
    to: str
    team: str
    window: AppealWindow | None
    appeals: list[TeamAppeal]


class BoardsPlayed(TypedDict):
    """`me`'s `boards` (bridge): the boards the player played of the team's, and what the individual ranking
    needs."""

    played: int
    of: int
    percent: int | float | None
    min_percent: NotRequired[int | float]
    needed: NotRequired[int]
    eligible: NotRequired[bool]


class MeSection(TypedDict):
    """`me`, a player's own page: without their session only what the public sections show, picked out for
    them; with it (`session`), the notices' words, their check-ins and appeals."""

    id: str
    name: str
    team: str | None
    session: bool
    arrivals: list[OwnArrival]
    notices: NotRequired[list[Announcement]]
    private_notices: NotRequired[int]
    check_ins: NotRequired[dict[str, int]]
    appeals: NotRequired[PlayerAppeals | TeamAppeals | None]
    seats: list[TableSeat | MatchSeat | ByeSeat]
    results: list[OwnResult]
    penalties: list[Penalty]
    boards: BoardsPlayed | None
    standing: RankedRow | None


# the referees' sections ---------------------------------------------------------------------------------------

#: A sum of money or points as the server writes it: whole numbers whole (live/rules/numbers.py `json_number`).
Number = int | float


# the desk (live/projections/desk.py)

class AccountLine(TypedDict):
    """One kind of payment of a desk line: `due`, `paid`, `owed` (negative: paid beyond the due), the `most` the
    desk takes now (None for `other`) and what it may give back (`refundable`); a match fee's `matches` and
    `each`."""

    due: Number
    paid: Number
    owed: Number
    most: Number | None
    refundable: Number
    matches: NotRequired[int]
    each: NotRequired[Number]


class NextPayment(TypedDict):
    """What the desk's form proposes to take next: a kind and its amount (negative: a refund)."""

    what: str
    amount: Number


class Account(TypedDict):
    """A line of the desk (a player, or in bridge a team: `kind`): per kind of payment its line, the kinds the
    form offers (`whats`), what to take `next`, and the totals; a player's `team`, `lady` and `junior` besides."""

    kind: str
    id: str
    name: str
    withdrawn: bool
    whats: list[str]
    lines: dict[str, AccountLine]
    next: NextPayment | None
    owed: Number
    paid: Number
    team: NotRequired[str | None]
    lady: NotRequired[bool]
    junior: NotRequired[bool]


class Unpaid(TypedDict):
    """A line of the desk's list of who has not paid: what they still owe, in all and `by_what`."""

    kind: str
    id: str
    name: str
    withdrawn: bool
    owed: Number
    by_what: dict[str, Number]


#: The prize fund as the payments make it (`from`: the kinds of payment it is a share of, a key Python cannot
#: name in a class body): the `amount`, the `share`, what was `collected` per kind and `counted`, and what it
#: would be `if_all_paid`.
Fund = TypedDict("Fund", {"amount": Number, "share": Number, "min_share": Number, "from": list[str],
                          "collected": dict[str, Number], "counted": Number, "payments": int, "if_all_paid": Number})


class Payment(TypedDict):
    """A payment in force: the `payment_recorded` payload with its `seq`, `ts` and the referee who took it
    (`by`); the desk's book lists them."""

    what: str
    amount: Number
    seq: int
    ts: int
    by: str
    player: NotRequired[str]
    team: NotRequired[str]
    currency: NotRequired[str]
    method: NotRequired[str]
    note: NotRequired[str]


class DeskView(TypedDict):
    """`desk` (None without entry fees): the currency, who pays (`per`), the form's `methods` and `max_amount`,
    every line of the desk (`accounts`), who has not paid and how much is owed, the prize `fund` and the book
    of `payments` (display/referee/desk.js, desk-books.js)."""

    currency: str
    per: str
    methods: list[str]
    max_amount: int
    fund: Fund | None
    accounts: list[Account]
    unpaid: list[Unpaid]
    owed: Number
    payments: list[Payment]


# the sanctions (live/projections/sanctions.py)

class SanctionStep(TypedDict):
    """What a player's next offence of a kind costs: its `step` (1st, 2nd …), the `bule` (for a misdeal to each
    co-player: `per_co_player`), whether it is a `warning`, and the signalling `measure`; the console's form
    proposes it and sends the step back."""

    step: int
    bule: int
    warning: bool
    per_co_player: bool
    measure: str


class SanctionPenalty(TypedDict):
    """A penalty line of a sanction: who pays what (`to`: the co-player a misdeal's bule go to)."""

    player: str
    amount: Number
    unit: str
    reason: str
    to: NotRequired[str]


class Sanction(TypedDict):
    """A sanction in force: the `sanction_recorded` payload with its `seq` and `ts`."""

    player: str
    kind: str
    item: str
    penalties: list[SanctionPenalty]
    seq: int
    ts: int
    step: NotRequired[int]
    warning: NotRequired[bool]
    bule: NotRequired[int]
    unit: NotRequired[str]
    table: NotRequired[int]
    reason: NotRequired[str]
    measure: NotRequired[str]
    points: NotRequired[Number]


class DeductionPoints(TypedDict):
    """What a deduction of points may take: above 0, in steps of `step`, at most `max`."""

    step: float
    max: Number


class SanctionsView(TypedDict):
    """`sanctions` (None under rules without them), for the console's sanction form (display/referee/sanctions.js):
    the `kinds` and each one's ladder (`steps`: bule, or the signalling measures), the fields a kind `needs`
    besides the player and the round, the deduction's `points`, every sanction `recorded`, the next step of
    each kind for a player with none yet (`first`) and for each player who has some (`next`)."""

    kinds: list[str]
    steps: dict[str, list[int] | list[str]]
    needs: dict[str, list[str]]
    points: DeductionPoints
    recorded: list[Sanction]
    first: dict[str, SanctionStep]
    next: dict[str, dict[str, SanctionStep]]


# the appeals (live/projections/appeals.py)

class OpenAppeal(AppealRecord):
    """An open appeal of the referees' `appeals`: with the day its decision is `due`, where the rules give a
    term."""

    due: NotRequired[int]


class Signers(TypedDict):
    """Who may sign a team's appeal of a match: the `line_up` on its sheet (None: no sheet entered) and how many
    of them must (`needed`, Slovak §28.3)."""

    line_up: list[str] | None
    needed: int | None


class RefereeAppeals(TypedDict):
    """`appeals` (None without appeals), for the console's appeals card (display/referee/appeals.js): the body
    (`to`), who appeals (`by`), the limit (`allowed`, None: none), whether a decision must be unanimous, the
    term, the appeal `window`; the `open` and `decided` appeals; where players appeal, the requests each has
    `left`, where teams do, the `signers` of each team's match in every round played."""

    to: str
    by: str
    allowed: int | None
    unanimity: bool
    decision_days: int | None
    window: AppealWindow | None
    open: list[OpenAppeal]
    decided: list[AppealRecord]
    left: NotRequired[dict[str, int | None]]
    signers: NotRequired[dict[str, dict[str, Signers]]]


# the scoring desk's slips (live/projections/table_slips.py)

class SlipBearer(TypedDict):
    """Who brings a table's result slip and cards to the scoring desk."""

    player: str
    name: str


class SlipPayer(TypedDict):
    """Who pays a table's scoring fee, and how much."""

    player: str
    name: str
    amount: Number


class SlipTable(TypedDict):
    """A table of a round's slips: who `brings` the slip, who `pays` the fee."""

    table: int
    walkover: bool
    brings: list[SlipBearer]
    pays: list[SlipPayer]


class RoundSlips(TypedDict):
    """A round of `slips` (round → its list, for display/referee/slips.js): the tables with a result, the seated
    ones still `missing`, whether the list is `complete`, the `fee` and the `fees` the desk takes."""

    item: str
    title: str
    status: ItemStatus
    fee: Number
    tables: list[SlipTable]
    missing: list[int]
    complete: bool
    fees: Number


# the team sheets and rosters (live/projections/lineups.py, live/projections/rosters.py)

#: A change during a part of a team sheet: `out` for the last `boards` boards of `part`, replaced by a member
#: (`in`, a key Python cannot name in a class body) or a referee's `substitute` (a name).
Substitution = TypedDict("Substitution", {"part": int, "out": str, "boards": int, "in": NotRequired[str],
                                          "substitute": NotRequired[str]})


class TeamSheet(TypedDict):
    """A team's sheet for a match in force: the `lineup_entered` payload with its `seq`, `ts` and the parts
    any sheet in force `fixed`."""

    item: str
    team: str
    parts: list[list[str]]
    seq: int
    ts: int
    fixed: list[int]
    substitutions: NotRequired[list[Substitution]]
    fixes: NotRequired[list[int]]


class MatchTeam(TypedDict):
    """One team of a match on the console's sheets card (display/referee/sheets.js): its `sheet` (None: none
    entered), the `line_ups` of every part as they count, which parts are still `changeable`, who is `barred`
    from which part, the substitute's boards left, the boards removed for lateness and the sheet its roster
    leaves no choice in (`forced`)."""

    sheet: TeamSheet | None
    forfeited: bool
    line_ups: list[list[str] | None]
    changeable: list[int]
    barred: dict[str, list[str]]
    substitute_boards_left: int | None
    boards_removed: int
    forced: list[list[str]] | None


class MatchSheets(TypedDict):
    """A match of the sheets: its parts, each part's boards, how many have `begun`, and each team's."""

    parts: int
    part_boards: list[int]
    begun: int
    teams: dict[str, MatchTeam]


class PlayerBoards(TypedDict):
    """A player's boards on the sheets: in all, and per match."""

    total: int
    matches: dict[str, int]


class IndividualPlayer(TypedDict):
    """A team's player in the individual ranking's working: boards, share and what is `still_needed`."""

    player: str
    name: str
    boards: int
    percent: float | None
    eligible: bool
    still_needed: int
    withdrawn: bool


class IndividualLine(TypedDict):
    """A line of the individual ranking: an eligible player, sharing their team's place."""

    rank: int
    shared: bool
    player: str
    name: str
    team: str
    team_name: str
    boards: int
    percent: float | None


class IndividualTeam(TypedDict):
    """A team of the individual ranking's working: its boards, the boards a player `needed`, its players."""

    rank: int
    team: str
    name: str
    boards: int
    needed: int
    players: list[IndividualPlayer]


class Individual(TypedDict):
    """The Novi Sad individual ranking: the share a player needs (`percent`, the `rule` quoting it), by what the
    teams are ordered, the `ranking` and each team's working."""

    percent: Number
    rule: str
    order: str
    ranking: list[IndividualLine]
    teams: list[IndividualTeam]


class SubstituteRounds(TypedDict):
    """Slovak §27.1 on the console: the competition's `rounds`, the most a substitute may play (`allowed`), and
    each substitute's rounds on the sheets so far."""

    percent: Number
    rounds: int
    allowed: int
    played: dict[str, list[int]]


class RosterMember(TypedDict):
    """A member of a team's roster on the console's roster card (display/referee/roster.js)."""

    player: str
    name: str
    rating: Number | None
    withdrawn: bool
    substitute: bool
    boards: int


class Replacement(TypedDict):
    """Whether a team may replace a player now (after half its league matches, `allowed` times), against which
    `average` rating."""

    after_half: bool
    played: int
    matches: int
    allowed: int
    used: int
    open: bool
    average: Number | None


class RosterTeam(TypedDict):
    """A team's roster: its members, the bounds, how many are still on it, whether it is `incomplete` and has
    `room` for one more (None: no most), and where the rules have them the `replacement`s."""

    members: list[RosterMember]
    min: int | None
    max: int | None
    current: int
    incomplete: bool
    room: bool | None
    replacement: NotRequired[Replacement]


class TeamSheets(TypedDict):
    """The team sheets (live/projections/lineups.py `referee_view`): the line-up's `size`, who may come in during
    a part, every match's sheets, every player's boards, the individual ranking and the substitutes' rounds
    (None under rules without them)."""

    size: int
    substitution_kinds: list[str]
    matches: dict[str, MatchSheets]
    boards: dict[str, PlayerBoards]
    individual: Individual | None
    substitutes: SubstituteRounds | None


class LineupsView(TeamSheets):
    """`lineups` (None without team sheets): the team sheets with the `rosters` beside them, team → its roster
    (the console's sheets and roster cards)."""

    rosters: dict[str, RosterTeam]


class RefereeParts(TypedDict):
    """The referees' own sections (`RefereeSections`) but the standings they keep."""

    audit: list[AuditEntry]
    undo_last: int | None
    undo_last_by: dict[str, int]
    allowed: dict[str, list[str]]
    referees: list[str]
    sanctions: SanctionsView | None
    appeals: RefereeAppeals | None
    slips: dict[str, RoundSlips] | None
    lineups: LineupsView | None
    desk: DeskView | None
    faults: NotRequired[list[Fault]]


class RefereeSections(RefereeParts):
    """What only the referees see besides the public sections (live/projections/views.py `referee_only`): the
    `audit`, the command "undo last" takes back (the shared token's referee's, `undo_last`, and every referee's,
    `undo_last_by`), the round commands `allowed` now (display/referee/rounds.js enables those buttons), the
    `referees`; while the hall does not see the standings, the standings and `standings_hidden`; the parts of
    the rules in force (None without them), and `faults` (absent on a sound log)."""

    standings: NotRequired[list[StandingRow]]
    standings_hidden: NotRequired[StandingsHidden]


class RefereeView(PublicSections, RefereeParts):
    """What a referee's console is sent (live/projections/views.py `referee_sections`): the public sections with
    the referees' own, the standings the hall no longer sees in place of its empty list."""


class Clock(TypedDict):
    """`GET /api/state`'s `clock`: the current and next timetable items at `now`."""

    now: int
    current: str | None
    next: str | None


class PublicState(PublicSections):
    """`GET /api/state` without a referee's credentials: the public sections, the `audit` without private notices'
    words and the referees' own entries, the `clock` and the `seq` they are at."""

    audit: list[AuditEntry]
    clock: Clock
    seq: int


class RefereeState(RefereeView):
    """`GET /api/state` with a referee's credentials: the referees' view, the `clock` and the `seq` it is at."""

    clock: Clock
    seq: int


# the schema ---------------------------------------------------------------------------------------------------

#: The declarations the schema names at its top: the views' sections.
ROOTS: tuple[type, ...] = (PublicSections, MeSection, RefereeSections, RefereeView)


def schema() -> dict[str, object]:
    """A JSON Schema (2020-12) of the sections, from the declarations above: each TypedDict a `$defs` entry
    (`properties`, `required`, no other key), `X | None` an `anyOf` with `null`, a `Literal` or an Enum an
    `enum`, `list[X]` an array of X, `dict[str, X]` an object of X, `Any` anything. Pure: the same schema
    for the same declarations (docs/sections.schema.json is this, checked in)."""
    defs: dict[str, object] = {}
    top = {root.__name__: _of(root, defs) for root in ROOTS}
    return {"$schema": "https://json-schema.org/draft/2020-12/schema",
            "title": "The sections of the views (live/projections/wire.py)",
            "$ref": next(iter(top.values()))["$ref"], "$defs": dict(sorted(defs.items()))}


def _of(kind: object, defs: dict[str, object]) -> dict[str, object]:
    if kind is Any:
        return {}
    if is_typeddict(kind):
        assert isinstance(kind, type)
        name = kind.__name__
        if name not in defs:
            defs[name] = {}  # (a placeholder while its fields are read: a declaration that names itself)
            hints = get_type_hints(kind)
            required = sorted(kind.__required_keys__)  # type: ignore[attr-defined]  # (a TypedDict class has it)
            described = {"description": doc} if (doc := _first_line(kind.__doc__)) else {}
            defs[name] = {"type": "object", **described,
                          "properties": {key: _of(hint, defs) for key, hint in hints.items()},
                          "required": required, "additionalProperties": False}
        return {"$ref": f"#/$defs/{name}"}
    if isinstance(kind, type) and issubclass(kind, Enum):
        return {"enum": [member.value for member in kind]}
    origin, args = get_origin(kind), get_args(kind)
    if origin is Literal:
        return {"enum": list(args)}
    if origin in (Union, types.UnionType):
        values = [a for a in args if a is not type(None)]
        parts = [_of(a, defs) for a in values]
        if len(values) < len(args):
            parts.append({"type": "null"})
        return parts[0] if len(parts) == 1 else {"anyOf": parts}
    if origin is NotRequired:
        return _of(args[0], defs)
    if origin is list:
        return {"type": "array", "items": _of(args[0], defs)}
    if origin is dict:
        return {"type": "object", "additionalProperties": _of(args[1], defs)}
    if kind is bool:
        return {"type": "boolean"}
    if kind is int:
        return {"type": "integer"}
    if kind is float:
        return {"type": "number"}
    if kind is str:
        return {"type": "string"}
    raise TypeError(f"no JSON Schema for {kind!r}: declare it with the types the generator knows")


def _first_line(doc: str | None) -> str:
    return " ".join((doc or "").strip().split("\n\n")[0].split())  # (a docstring's indentation left out)


def main() -> None:
    """`python -m live.projections.wire > docs/sections.schema.json`"""
    sys.stdout.write(json.dumps(schema(), indent=1, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
