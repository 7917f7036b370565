"""Late arrival and time penalties (docs/rules/lateness.md), pure.

No clock and no I/O: every instant is an `int` of epoch milliseconds given by the caller, and
"now" is an argument like any other, so a corrected check-in simply recomputes everything
(docs/rules/lateness.md#derived: penalties are derived, never typed in).

How late is late (all three presets):

* The reference start is the scheduled start, or the referee's actual start signal when the
  referee started the round *later* than scheduled (a round started late moves the reference
  with it). An *early* start never moves the reference earlier: a player is not late for a start
  he could not know of. A start the referee moved in advance (an announced new time) is a new
  scheduled start; the caller passes that. See `reference_start`.
* Lateness is running-clock time: the clock time between the reference start and the arrival,
  minus the parts of the round's pauses that fall between them (`late_ms`). An arrival at or
  before the reference start is 0 late. The deadlines (30 minutes …) are running-clock too, so a
  pause pushes them back and an open pause holds them (`running_deadline` gives None).
* Boundary rule: the instant that ends a tolerated period belongs to it. 5:00 late is tolerated
  (5:00.001 is not); a player who arrives at 30:00 still plays; a team complete at 30:00 does not
  forfeit; a delay of exactly the waiting period is not a forfeit; 15:00 is one started block of
  15 minutes. A decision due at a deadline is taken once now ≥ deadline, counting as present
  everyone whose check-in is at or before the deadline.

Durations in the rules are minutes of tournament time (floats allowed); each `from_rules` takes
the demo's `speed` as `Tournament.rule_ms` does, so a rules minute is 60 000 / speed clock ms.
Bule, VP and IMPs are `Decimal`s, as in live/rules/preferans.py and live/rules/bridge.py.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, NamedTuple

from live.rules.numbers import MINUTE_MS, minutes_ms, to_decimal
from live.rules.presets import PRESETS

PlayerId = str
TeamId = str
#: A pause of the round: (paused_at, resumed_at), resumed_at None while the round is still paused.
Pause = tuple[int, int | None]


CACAK = "cacak-preferans"
NOVI_SAD = "novi-sad-teams"
SLOVAK = "slovak-league"
LATENESS_RULES = (CACAK, NOVI_SAD, SLOVAK)

COUNT_FROM = ("start", "grace_end")
PENALTY_APPLIES = ("paper", "result")

_CACAK = PRESETS[CACAK]
_NOVI_SAD = PRESETS[NOVI_SAD]
_SLOVAK = PRESETS[SLOVAK]


#: The presets' numbers as exact decimals, for the dataclass defaults below.
_LATE_BULE_PER_MINUTE = to_decimal(_CACAK["late_bule_per_minute"])
_OVERTIME_VP_PER_BLOCK = to_decimal(_NOVI_SAD["overtime_vp_per_block"])
_WAITING_FRACTION = to_decimal(_SLOVAK["waiting_fraction"])
_IMPS_PER_REMOVED_BOARD = to_decimal(_SLOVAK["imps_per_removed_board"])


# ---- the running clock ------------------------------------------------------------------


def reference_start(scheduled: int, started_at: int | None = None) -> int:
    """The instant lateness is counted from: `scheduled`, or `started_at` if the referee started later.

    An early start signal (`started_at` < `scheduled`) leaves the reference at the scheduled start:
    a player is not late for a start he could not know of. A start the referee moved in advance is
    a new `scheduled`. None (not started yet) leaves the scheduled start.
    """
    if started_at is None:
        return scheduled
    return max(scheduled, started_at)


def _merged(pauses: Iterable[Pause]) -> list[tuple[int, int | None]]:
    """The pauses sorted and merged, so overlapping ones are not counted twice; an open one ends them."""
    spans = []
    for paused_at, resumed_at in pauses:
        if resumed_at is not None and resumed_at < paused_at:
            raise ValueError(f"a pause cannot end ({resumed_at}) before it begins ({paused_at})")
        spans.append((paused_at, resumed_at))
    spans.sort(key=lambda span: span[0])
    merged: list[tuple[int, int | None]] = []
    for begin, end in spans:
        if merged:
            last_begin, last_end = merged[-1]
            if last_end is None:
                break  # the clock is stopped for good: later pauses change nothing
            if begin <= last_end:
                merged[-1] = (last_begin, None if end is None else max(last_end, end))
                continue
        merged.append((begin, end))
    return merged


def running_ms(since: int, until: int, pauses: Iterable[Pause] = ()) -> int:
    """Clock time from `since` to `until` minus the parts of `pauses` between them; 0 if `until` ≤ `since`."""
    if until <= since:
        return 0
    paused = 0
    for begin, end in _merged(pauses):
        lo, hi = max(begin, since), min(until if end is None else end, until)
        if hi > lo:
            paused += hi - lo
    return until - since - paused


def late_ms(reference_start: int, arrived_at: int, pauses: Iterable[Pause] = ()) -> int:
    """How late an arrival is: running-clock ms from the reference start (see `reference_start`).

    The parts of the pauses between the reference start and the arrival do not count; an arrival
    at or before the reference start is 0 late. To show how late a player who has not come yet
    is so far, pass now as `arrived_at`.
    """
    return running_ms(reference_start, arrived_at, pauses)


def running_deadline(reference_start: int, running: int, pauses: Iterable[Pause] = ()) -> int | None:
    """The instant at which `running` ms of running clock have passed since the reference start.

    Pauses after the reference start push it back; None when a still-open pause stops the clock
    before it is reached (the deadline is not known until the round resumes).
    """
    if running < 0:
        raise ValueError(f"a deadline is not before the reference start ({running} ms)")
    at, left = reference_start, running
    for begin, end in _merged(pauses):
        if end is not None and end <= at:
            continue
        begin = max(begin, at)
        if begin - at >= left:
            break
        left -= begin - at
        if end is None:
            return None
        at = end
    return at + left


class RunningClock(NamedTuple):
    """The running clock since a reference start as a screen can run it without knowing the pauses:
    `ms` of running clock had passed at `at`; while `running`, it advances from `at` on, one ms a ms
    (`at` may still be ahead: the reference start to come); stopped (an open pause), it stays at `ms`."""

    ms: int
    at: int
    running: bool

    def read(self, now: int) -> int:
        """The running ms at `now` (any now at or after the last pause boundary the clock was made from)."""
        return self.ms + max(0, now - self.at) if self.running else self.ms


def running_clock(reference_start: int, pauses: Iterable[Pause] = ()) -> RunningClock:
    """`running_ms(reference_start, now, pauses)` for every `now` from the pauses' last boundary on, as one
    `RunningClock`: it stays right until the next pause or resume (which are events, and make a new clock).

    An open pause stops it where the pause began (no earlier than the reference start); else it runs
    from the later of the reference start and the last resume.
    """
    merged = _merged(pauses)
    if merged and merged[-1][1] is None:
        at = max(reference_start, merged[-1][0])
        return RunningClock(running_ms(reference_start, at, merged), at, False)
    at = max([reference_start, *(end for _, end in merged if end is not None)])
    return RunningClock(running_ms(reference_start, at, merged), at, True)


# ---- Čačak preferans (docs/rules/cacak.md#late-arrival) ------------------------------------


@dataclass(frozen=True)
class PreferansLateParams:
    """The preset's lateness numbers in clock ms and bule; `from_rules` reads a rules dict."""

    grace_ms: int = minutes_ms(_CACAK["grace_minutes"])
    bule_per_minute: Decimal = _LATE_BULE_PER_MINUTE
    cap_ms: int = minutes_ms(_CACAK["late_cap_minutes"])
    reserve_after_ms: int = minutes_ms(_CACAK["reserve_after_minutes"])
    reserve_bule: int = int(_CACAK["reserve_bule"])
    game_bule: int = int(_CACAK["game_bule"])
    count_from: str = str(_CACAK["count_from"])
    applies: str = str(_CACAK["late_penalty_applies"])
    minute_ms: int = MINUTE_MS

    def __post_init__(self) -> None:
        if self.count_from not in COUNT_FROM:
            raise ValueError(f"count_from must be one of {', '.join(COUNT_FROM)}, not {self.count_from!r}")
        if self.applies not in PENALTY_APPLIES:
            raise ValueError(
                f"late_penalty_applies must be one of {', '.join(PENALTY_APPLIES)}, not {self.applies!r}")
        if self.minute_ms <= 0:
            raise ValueError(f"a minute must be positive, not {self.minute_ms} ms")

    @classmethod
    def from_rules(cls, rules: Mapping[str, Any], speed: float = 1.0) -> PreferansLateParams:
        def get(key: str) -> Any:
            return rules.get(key, _CACAK[key])

        return cls(
            grace_ms=minutes_ms(get("grace_minutes"), speed),
            bule_per_minute=to_decimal(get("late_bule_per_minute")),
            cap_ms=minutes_ms(get("late_cap_minutes"), speed),
            reserve_after_ms=minutes_ms(get("reserve_after_minutes"), speed),
            reserve_bule=int(get("reserve_bule")),
            game_bule=int(get("game_bule")),
            count_from=str(get("count_from")),
            applies=str(get("late_penalty_applies")),
            minute_ms=minutes_ms(1, speed),
        )


PREFERANS_DEFAULTS = PreferansLateParams()


@dataclass(frozen=True)
class LatePenalty:
    """One preferans player's lateness, for the referee console, the hall display and the log.

    `minutes` is the whole minutes late (7:40 → 7), uncapped, for the log; `counted_minutes` is
    what the penalty charges (from the start or from the end of the grace, capped); `bule` is
    `counted_minutes` × 2. `starts_with` is the bule the seat's paper starts the game with:
    300 + `bule` when the penalty goes on the paper, 300 when it is deducted from the result
    instead (`result_deduction`), and the reserve's 350 when `reserve_due`. `tolerated`: late, but
    within the grace (logged, no penalty). `excused`: absence announced in advance, no penalty.
    """

    late_ms: int
    minutes: int
    counted_minutes: int
    bule: Decimal
    starts_with: Decimal
    result_deduction: Decimal
    tolerated: bool
    reserve_due: bool
    excused: bool = False

    @property
    def late(self) -> bool:
        return self.late_ms > 0


def preferans_late_penalty(
    late_ms: int, params: PreferansLateParams = PREFERANS_DEFAULTS, *, announced: bool = False,
) -> LatePenalty:
    """docs/rules/cacak.md#late-arrival: the penalty of a player `late_ms` late (see `late_ms`).

    - Up to 5:00 inclusive is tolerated ("up to 5 minutes"; the boundary rule): no bule, logged.
      5:00.001 and later is penalized.
    - The penalty is 2 bule per whole minute late, counted from the reference start
      (`count_from = "start"`: 5:01 → 5 minutes → 10 bule, 7:40 → 7 → 14) or from the end of
      the grace (`"grace_end"`: 5:01 → 0 minutes → 0 bule though no longer tolerated, 7:40 → 2 → 4).
    - The lateness charged is capped at 30 minutes: 30:00 → 60 bule (or 50 counted from the grace
      end: the cap is on the lateness, which is when the reserve comes, not on counted minutes).
    - Still absent after 30:00 (30:00.001 or later) → `reserve_due`: the reserve plays the seat
      from 350 bule. `bule` is then the capped penalty (60), which lands on a paper only if the
      referee lets the late player play himself instead of a reserve; `starts_with` is 350.
    - `announced` (absence announced in advance): never penalized; the referee's replacement, if
      any, plays the seat from 300 and no reserve is due.
    """
    if late_ms < 0:
        raise ValueError(f"lateness is not negative ({late_ms} ms)")
    game = Decimal(params.game_bule)
    zero = Decimal(0)
    if announced:
        return LatePenalty(late_ms, late_ms // params.minute_ms, 0, zero, game, zero, tolerated=False,
                           reserve_due=False, excused=True)
    minutes = late_ms // params.minute_ms
    tolerated = 0 < late_ms <= params.grace_ms
    if late_ms <= params.grace_ms:
        return LatePenalty(late_ms, minutes, 0, zero, game, zero, tolerated=tolerated, reserve_due=False)
    charged = min(late_ms, params.cap_ms)
    if params.count_from == "grace_end":
        charged = max(0, charged - params.grace_ms)
    counted = charged // params.minute_ms
    bule = params.bule_per_minute * counted
    reserve_due = late_ms > params.reserve_after_ms
    on_paper = params.applies == "paper"
    if reserve_due:  # the reserve plays the seat
        starts_with, deduction = Decimal(params.reserve_bule), zero
    elif on_paper:
        starts_with, deduction = game + bule, zero
    else:
        starts_with, deduction = game, bule
    return LatePenalty(late_ms, minutes, counted, bule, starts_with, deduction, tolerated=False,
                       reserve_due=reserve_due)


#: `TableAtDeadline.kind` values.
PENDING, COMPLETE, RESERVE, WALKOVER, NO_GAME = "pending", "complete", "reserve", "walkover", "no_game"


@dataclass(frozen=True)
class TableAtDeadline:
    """A preferans table at the 30-minute mark (docs/rules/cacak.md#late-arrival).

    `decided` is False before the deadline (or while an open pause holds it, `deadline` None);
    `present` / `absent` then say who has come so far. Once decided: `reserve_for` lists the
    seats a reserve takes (350 bule), `walkover_to` is the one player who came when the others
    did not (4 points; the absent players 0, see live/rules/preferans.py `score_walkover`).
    """

    decided: bool
    deadline: int | None
    present: tuple[PlayerId, ...]
    absent: tuple[PlayerId, ...]
    reserve_for: tuple[PlayerId, ...] = ()
    walkover_to: PlayerId | None = None

    @property
    def kind(self) -> str:
        """pending | complete | reserve | walkover | no_game (nobody came)."""
        if not self.decided:
            return PENDING
        if self.walkover_to is not None:
            return WALKOVER
        if self.reserve_for:
            return RESERVE
        return NO_GAME if not self.present else COMPLETE


def preferans_table_at_deadline(
    players: Sequence[PlayerId],
    arrived: Mapping[PlayerId, int | None],
    reference_start: int,
    pauses: Iterable[Pause],
    now: int,
    params: PreferansLateParams = PREFERANS_DEFAULTS,
) -> TableAtDeadline:
    """What happens at a table once 30 minutes of running clock have passed since the reference start.

    A player is present if he checked in at or before the deadline (`arrived`, None or missing:
    not yet); a check-in after `now` is not known yet. Decided only once now ≥ the deadline:

    - everyone present → complete, nothing to do;
    - one player present, all the others absent (two at a table of three) → walkover to him;
    - otherwise each absent seat gets a reserve (one at a table of three; at a table of four,
      which the seed never mentions, two absent still leave two players, so two reserves);
    - nobody present → no game (the seed does not say; the referee decides).

    A player whose absence was announced in advance is represented by his replacement, whom the
    referee seats before the round: pass the replacement in `players`.
    """
    pauses = list(pauses)
    deadline = running_deadline(reference_start, params.reserve_after_ms, pauses)
    decided = deadline is not None and now >= deadline
    cutoff = deadline if decided and deadline is not None else now  # the deadline is ≤ now once decided

    def came(player: PlayerId) -> bool:
        at = arrived.get(player)
        return at is not None and at <= cutoff

    present = tuple(p for p in players if came(p))
    absent = tuple(p for p in players if not came(p))
    if not decided or not absent or not present:
        return TableAtDeadline(decided, deadline, present, absent)
    if len(present) == 1:
        return TableAtDeadline(True, deadline, present, absent, walkover_to=present[0])
    return TableAtDeadline(True, deadline, present, absent, reserve_for=absent)


# ---- Novi Sad (docs/rules/novi-sad.md#overtime, #forfeit) ------------------------------------


@dataclass(frozen=True)
class NoviSadTimeParams:
    """Forfeit deadline, the time a match may take (play + scoring) and the overtime block, in ms.

    §1 sets the pace for the league's matches: "Tempo igre je prilagođen formatu od 12 bordova i iznosi
    1h 30 minuta po meču, plus 15 minuta za obračun rezultata" — adapted to the 12-board format. A pace
    is a rate, so a match of other boards keeps it: `play_ms` is the playing time of a match of
    `match_boards` boards (90 minutes for 12, 7.5 a board), and `allowed_ms(boards)` scales it to the
    match's boards before adding the scoring time, which is one count of the result, whatever its length.
    """

    forfeit_after_ms: int = minutes_ms(_NOVI_SAD["forfeit_after_minutes"])
    play_ms: int = minutes_ms(_NOVI_SAD["match_minutes"])
    scoring_ms: int = minutes_ms(_NOVI_SAD["scoring_minutes"])
    match_boards: int = int(_NOVI_SAD["match_boards"])
    block_ms: int = minutes_ms(_NOVI_SAD["overtime_block_minutes"])
    vp_per_block: Decimal = _OVERTIME_VP_PER_BLOCK

    def __post_init__(self) -> None:
        if self.block_ms <= 0:
            raise ValueError(f"overtime_block_minutes must be positive, not {self.block_ms} ms")
        if self.match_boards < 1:
            raise ValueError(f"match_boards must be 1 or more, not {self.match_boards}")

    def allowed_ms(self, boards: int | None = None) -> int:
        """The time a match of `boards` boards may take before VP are lost: the pace's playing time for
        its boards plus the scoring time (None: a match of `match_boards`, 1 h 45 min by default)."""
        if boards is None or boards == self.match_boards:
            return self.play_ms + self.scoring_ms
        if boards < 1:
            raise ValueError(f"a match does not have {boards} boards")
        return self.play_ms * boards // self.match_boards + self.scoring_ms

    @classmethod
    def from_rules(cls, rules: Mapping[str, Any], speed: float = 1.0) -> NoviSadTimeParams:
        def get(key: str) -> Any:
            return rules.get(key, _NOVI_SAD[key])

        return cls(
            forfeit_after_ms=minutes_ms(get("forfeit_after_minutes"), speed),
            play_ms=minutes_ms(get("match_minutes"), speed),
            scoring_ms=minutes_ms(get("scoring_minutes"), speed),
            match_boards=int(get("match_boards")),
            block_ms=minutes_ms(get("overtime_block_minutes"), speed),
            vp_per_block=to_decimal(get("overtime_vp_per_block")),
        )


NOVI_SAD_DEFAULTS = NoviSadTimeParams()


@dataclass(frozen=True)
class OvertimePenalty:
    """A Novi Sad match that took too long: `blocks` whole 5-minute blocks over, `vp` to deduct.

    `elapsed_ms` runs from the scheduled start to the submission of the result; `over_ms` is what
    exceeds the match's allowed time (`NoviSadTimeParams.allowed_ms`: 1 h 45 min for 12 boards).
    `caused_by` is the team charged (None: the referee must name it).
    """

    elapsed_ms: int
    over_ms: int
    blocks: int
    vp: Decimal
    caused_by: TeamId | None


def later_arriving(arrived: Mapping[TeamId, int | None], reference_start: int) -> TeamId | None:
    """The team that completed later, if it was late (after the reference start); None if none was or a tie.

    A team never complete (None) counts as the latest.
    """
    late = {team: at for team, at in arrived.items() if at is None or at > reference_start}
    if not late:
        return None
    key = {team: (1, 0) if at is None else (0, at) for team, at in late.items()}
    latest = max(key.values())
    teams = [team for team, k in key.items() if k == latest]
    return teams[0] if len(teams) == 1 else None


def novi_sad_overtime(
    scheduled_start: int,
    result_submitted_at: int,
    params: NoviSadTimeParams = NOVI_SAD_DEFAULTS,
    *,
    pauses: Iterable[Pause] = (),
    arrived: Mapping[TeamId, int | None] | None = None,
    caused_by: TeamId | None = None,
    boards: int | None = None,
) -> OvertimePenalty:
    """docs/rules/novi-sad.md#overtime: 1 VP for every 5 minutes beyond play + scoring (1 h 45 min for 12
    boards; a match of `boards` boards is allowed the same pace for its boards, see `NoviSadTimeParams`).

    The time runs from the scheduled start (not from when the late team arrived: a late arrival
    counts toward it) to the submission of the result, minus the round's pauses. Blocks are
    WHOLE 5-minute blocks: the seed says "za svakih 5 minuta kašnjenja" (for every 5 minutes of
    delay), where the Slovak rules say "každých začatých" (every *started*); so 1:49:59 → 0,
    1:50:00 → 1 block, 1:54:59 → 1, 1:55:00 → 2.

    The VP are charged to `caused_by` (the team the referee names), by default the later-arriving
    of the two teams in `arrived` (team → completion instant) if it arrived after the scheduled
    start; otherwise None and the referee must name one.
    """
    elapsed = running_ms(scheduled_start, result_submitted_at, pauses)
    over = max(0, elapsed - params.allowed_ms(boards))
    blocks = over // params.block_ms
    if caused_by is None and arrived:
        caused_by = later_arriving(arrived, scheduled_start)
    return OvertimePenalty(elapsed, over, blocks, params.vp_per_block * blocks, caused_by)


# ---- Slovak league (docs/rules/slovak-league.md#late-arrival: §18, §27.2) -----------------


@dataclass(frozen=True)
class SlovakLateParams:
    """The §18 / §27.2 / §26.2 numbers: waiting period, 15-minute blocks, boards and IMPs."""

    waiting_fraction: Decimal = _WAITING_FRACTION
    first_match_waiting_ms: int = minutes_ms(_SLOVAK["first_match_waiting_minutes"])
    block_ms: int = minutes_ms(_SLOVAK["late_block_minutes"])
    boards_per_block: int = int(_SLOVAK["boards_removed_per_block"])
    imps_per_board: Decimal = _IMPS_PER_REMOVED_BOARD
    speed: float = 1.0  # converts the match minutes given to `slovak_waiting_ms`

    def __post_init__(self) -> None:
        if self.block_ms <= 0:
            raise ValueError(f"late_block_minutes must be positive, not {self.block_ms} ms")

    @classmethod
    def from_rules(cls, rules: Mapping[str, Any], speed: float = 1.0) -> SlovakLateParams:
        def get(key: str) -> Any:
            return rules.get(key, _SLOVAK[key])

        return cls(
            waiting_fraction=to_decimal(get("waiting_fraction")),
            first_match_waiting_ms=minutes_ms(get("first_match_waiting_minutes"), speed),
            block_ms=minutes_ms(get("late_block_minutes"), speed),
            boards_per_block=int(get("boards_removed_per_block")),
            imps_per_board=to_decimal(get("imps_per_removed_board")),
            speed=speed,
        )


SLOVAK_DEFAULTS = SlovakLateParams()


#: §24.2: "V súťaži družstiev sa na každých začatých 10 rozdaní k limitu pripočíta 5 minút na porovnanie
#: výsledkov" — 5 minutes for every started 10 boards are added to a match's time to compare the results.
COMPARING_MINUTES, COMPARING_PER_BOARDS = 5, 10


def slovak_comparing_minutes(boards: int) -> int:
    """§24.2: the time a match of `boards` boards is given to compare results (24 boards → 3 tens → 15)."""
    return COMPARING_MINUTES * -(-max(0, boards) // COMPARING_PER_BOARDS)


def slovak_playing_minutes(slot_minutes: float, boards: int) -> float:
    """The playing time of a match planned for `slot_minutes` (the timetable's time set for it, §24.2's
    comparing time included, as the league's timetable plans it: 24 boards × 7.5 + 15 = 195 minutes).

    §27.2 counts the waiting period from the time set for the match "s vylúčením času pre výpočet
    výsledkov" (the comparing time excluded): what is excluded is part of the time set, so it can
    take all of it but no more. A match planned shorter than its comparing time has no playing time
    left (0, never less: a negative time would put the end of the waiting period before the start);
    `live check` warns about such a timetable.
    """
    return max(0.0, float(slot_minutes) - slovak_comparing_minutes(boards))


def slovak_waiting_ms(match_minutes: float, first_of_gathering: bool,
                      params: SlovakLateParams = SLOVAK_DEFAULTS) -> int:
    """§27.2 / §18.2: how long the other team waits for a late one.

    ¼ of the time set for the match, scoring time excluded (`match_minutes` is the playing time
    only: the organizer's per-board time × boards, without §24.2's comparing time, see
    `slovak_playing_minutes`); 2 hours for the first match of a gathering — pass
    `first_of_gathering=True` also for a second-league match not played at a gathering. Never
    negative: no playing time, no waiting.
    """
    if first_of_gathering:
        return params.first_match_waiting_ms
    return max(0, minutes_ms(to_decimal(match_minutes) * params.waiting_fraction, params.speed))


@dataclass(frozen=True)
class SlovakLateness:
    """A late Slovak team: `blocks` started 15-minute blocks, the boards the director removes, and
    the IMPs (§26.2) the non-offending team gets for them; `forfeit` past the waiting period, when
    the match is unplayed (§27.8, live/rules/bridge.py `slovak_unplayed`) and nothing is removed.
    """

    late_ms: int
    waiting_ms: int
    blocks: int
    boards_removed: int
    compensation_imps: Decimal
    forfeit: bool


def slovak_late(late_ms: int, boards: int, match_minutes: float, first_of_gathering: bool,
                params: SlovakLateParams = SLOVAK_DEFAULTS) -> SlovakLateness:
    """§27.2: two boards removed for every STARTED 15 minutes of delay, 3 IMP each to the other team.

    "Za každých začatých 15 minút": 0 → 0 blocks, 0:01 … 15:00 → 1 block (the boundary rule puts
    15:00 in the first block), 15:00.001 … 30:00 → 2. Never more boards than the match has.
    A delay longer than the waiting period (`slovak_waiting_ms`; exactly the waiting period is
    still in time) is a forfeit: boards_removed and compensation are then 0, `blocks` still says
    how many blocks had started.
    """
    if late_ms < 0:
        raise ValueError(f"lateness is not negative ({late_ms} ms)")
    if boards < 0:
        raise ValueError(f"a match does not have {boards} boards")
    waiting = slovak_waiting_ms(match_minutes, first_of_gathering, params)
    blocks = -(-late_ms // params.block_ms)
    if late_ms > waiting:
        return SlovakLateness(late_ms, waiting, blocks, 0, Decimal(0), forfeit=True)
    removed = min(blocks * params.boards_per_block, boards)
    return SlovakLateness(late_ms, waiting, blocks, removed, params.imps_per_board * removed, forfeit=False)


# ---- alerts -------------------------------------------------------------------------------


class Threshold(NamedTuple):
    """An instant the referee console and the hall display are alerted at; `name` is stable, for the
    alert's deterministic id."""

    name: str
    at: int


def thresholds(
    preset_rules: Mapping[str, Any],
    reference_start: int,
    match_minutes: float | None = None,
    first_of_gathering: bool = False,
    *,
    pauses: Iterable[Pause] = (),
    speed: float = 1.0,
) -> list[Threshold]:
    """The lateness alerts of a round, in time order, by the rules' `lateness` key:

    - cacak-preferans: "grace" (start + 5 min: the tolerance is over), "reserve" (start + 30 min:
      seat reserves or give a walkover, `preferans_table_at_deadline`);
    - novi-sad-teams: "forfeit" (start + 30 min);
    - slovak-league: "block:N" at each 15-minute boundary strictly inside the waiting period,
      named by the block that begins after it (15:00 → "block:2": from now on 4 boards), and
      "forfeit" at the end of the waiting period (a boundary on it is only "forfeit").
      `match_minutes` is needed unless `first_of_gathering` (else the rules' `match_minutes`).

    Instants are running-clock offsets from the reference start, moved by `pauses`; an alert that a
    still-open pause holds is left out (the caller recomputes on resume, under the same name).
    """
    pauses = list(pauses)
    kind = preset_rules.get("lateness")
    offsets: list[tuple[str, int]]
    if kind == CACAK:
        p = PreferansLateParams.from_rules(preset_rules, speed)
        offsets = [("grace", p.grace_ms), ("reserve", p.reserve_after_ms)]
    elif kind == NOVI_SAD:
        offsets = [("forfeit", NoviSadTimeParams.from_rules(preset_rules, speed).forfeit_after_ms)]
    elif kind == SLOVAK:
        s = SlovakLateParams.from_rules(preset_rules, speed)
        if match_minutes is None:
            match_minutes = preset_rules.get("match_minutes")
        if match_minutes is None and not first_of_gathering:
            raise ValueError("the Slovak waiting period needs the match's minutes (or first_of_gathering)")
        waiting = slovak_waiting_ms(match_minutes or 0, first_of_gathering, s)
        offsets = []
        k = 1
        while k * s.block_ms < waiting:
            offsets.append((f"block:{k + 1}", k * s.block_ms))
            k += 1
        offsets.append(("forfeit", waiting))
    else:
        raise ValueError(f"unknown lateness rules {kind!r} (known: {', '.join(LATENESS_RULES)})")
    alerts = []
    for name, offset in offsets:
        at = running_deadline(reference_start, offset, pauses)
        if at is not None:
            alerts.append(Threshold(name, at))
    return alerts

