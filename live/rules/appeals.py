"""Appeals against a referee's (director's) decision, as pure functions: who may appeal, how often, and what
a decision changes, for the two bodies the rule documents name.

- Čačak (docs/rules/appeals.md#cacak): "every player has the right, three times during the
  tournament, to ask the opinion of the judges' committee when not satisfied with the referee's
  decision. ... The committee meets after the end of the round and may change the referee's original
  decision only unanimously; its decision is final, without appeal."
- Slovak league (docs/rules/appeals.md#slovak, seed §28.3, §28.5, §24.1): "the appeal against the
  director's decision ... may be lodged in the team's name by the team's captain or by at least half of
  the members of the team's basic line-up"; the federation's presidium decides within 28 days; until
  then the result is not final (§24.1, §28.2). No limit on the number of appeals, no unanimity rule.

Readings:
- Every request counts towards a limit (`appeals_per_player`), whatever is then decided: the right is
  to *ask*, not to win. An undone request (entered by mistake) never was. No limit: never refused.
- A decision is `upheld` or `rejected`. Where unanimity is needed (the committee), only an appeal upheld
  unanimously changes the decision (`changed`); rejected, or upheld by a split committee, the referee's
  decision `stands` (the split decision is still recorded, the request is spent, but it carries no
  correction). Where it is not (the presidium), upheld is `changed`, rejected `stands`.
- Slovak §24.1 "Lehota pre podanie reklamácie končí u dlhodobých súťaží 15 dní po zverejnení celkových
  výsledkov": the window has no beginning (an appeal may follow the decision at once) and closes
  `appeal_window_days` (15) days after the overall results are published; the hall's results are published
  as they come in, so the overall results are published when the last match of the competition has ended and
  has its result (live/projections/appeals.py `results_published`). At the closing instant itself the window is shut
  (15 × 24 hours after publication is "after" the term). A later appeal is heard as a complaint (§28.2:
  "Odvolanie podané po lehote sa prerokuje ako sťažnosť"), which changes no result: the hall refuses it, naming
  the rule. The clock is the command's (the rules hold none).
- One decision per appeal: it is final (an undo of a decision entered wrongly is the referee's
  correction of the record, not a second appeal).
- Slovak "at least half of the members of the basic line-up": the hall does not know a team's basic
  line-up (§27.1: 4 to 6 players; the rest are substitutes), so it counts the team's line-up in the
  match appealed, every player on its sheet of that match (any part): at least half of them, rounded up
  (4 → 2, 5 → 3, 6 → 3). The captain alone suffices; the hall does not keep who captains (§16: a captain
  may hand the powers to a player for one match, and may not play), so the appeal names them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

UPHELD, REJECTED = "upheld", "rejected"
DECISIONS = (UPHELD, REJECTED)
CHANGED, STANDS = "changed", "stands"
#: Who lodges an appeal, and to whom.
BY_PLAYER, BY_TEAM = "player", "team"
COMMITTEE, PRESIDIUM = "committee", "presidium"
DAY_MS = 24 * 60 * 60 * 1000


@dataclass(frozen=True)
class AppealRules:
    """A preset's appeals: `to` whom (`committee` | `presidium`), `by` whom (`player` | `team`), at most
    `limit` requests each (None: no limit), whether the decision must be `unanimous` to change anything, and
    the days the body has to decide (None: at once, after the round), and the days after the overall results are
    published that an appeal is taken (None: no term)."""

    to: str
    by: str
    limit: int | None
    unanimity: bool
    decision_days: int | None = None
    #: Slovak §24.1: the days after the overall results are published during which an appeal is taken (None: no term;
    #: a fraction of a day is taken, for a short competition's term).
    window_days: int | float | None = None

    @classmethod
    def from_rules(cls, rules: dict[str, Any]) -> AppealRules | None:
        """The rules' appeals, None where there is no one to appeal to. A preset without `appeal_to` but with
        `appeals_per_player` is the judges' committee of Čačak (a player, unanimity)."""
        to = rules.get("appeal_to")
        limit = rules.get("appeals_per_player")
        if to is None:
            if limit is None:
                return None
            to = COMMITTEE
        committee = to == COMMITTEE
        days = rules.get("appeal_decision_days")
        window = rules.get("appeal_window_days")
        return cls(to=str(to), by=str(rules.get("appeal_by") or (BY_PLAYER if committee else BY_TEAM)),
                   limit=None if limit is None else int(limit),
                   unanimity=bool(rules.get("appeal_unanimity", committee)),
                   decision_days=None if days is None else int(days),
                   window_days=None if window is None else window)


def requests_left(used: int, allowed: int | None) -> int | None:
    """How many more times one who asked `used` times may ask (None: no limit)."""
    return None if allowed is None else max(0, allowed - used)


def may_appeal(used: int, allowed: int | None) -> bool:
    left = requests_left(used, allowed)
    return left is None or left > 0


def signatures_needed(line_up: int) -> int:
    """Slovak §28.3: at least half of the team's line-up, rounded up (4 → 2, 5 → 3); at least one."""
    return max(1, -(-line_up // 2))


def enough_signatures(signed: int, line_up: int) -> bool:
    return signed >= signatures_needed(line_up)


def due(lodged_ms: int, days: int | None) -> int | None:
    """When the body's decision is due (Slovak §28.5: 28 days from the appeal), None without a term."""
    return None if days is None else lodged_ms + days * DAY_MS


def window_closes(published_ms: int | None, days: int | float | None) -> int | None:
    """Slovak §24.1: the instant the appeal window shuts, `days` after the overall results were published; None
    while they are not published yet, or under rules without a window."""
    return None if published_ms is None or days is None else published_ms + round(days * DAY_MS)


def in_window(now_ms: int, published_ms: int | None, days: int | float | None) -> bool:
    """Whether an appeal lodged at `now_ms` is in time (always, while the window has not begun to run)."""
    closes = window_closes(published_ms, days)
    return closes is None or now_ms < closes


def outcome(decision: str, unanimous: bool, unanimity: bool = True) -> str:
    """`changed` for an appeal upheld (unanimously, where unanimity is needed); otherwise the decision `stands`."""
    if decision not in DECISIONS:
        raise ValueError(f"a decision is {' or '.join(DECISIONS)}, not {decision!r}")
    return CHANGED if decision == UPHELD and (unanimous or not unanimity) else STANDS


def provisional(appeals: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Slovak §24.1, §28.2: the results an open appeal holds back from being final — one line per appeal not
    yet decided, with its item and, for a team's, the team (the match is the team's in that item)."""
    return [{"appeal": x["seq"], "item": x["item"], **({"team": x["team"]} if "team" in x else {})}
            for x in appeals if x.get("decision") is None]
