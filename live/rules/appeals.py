"""Appeals to the judges' committee (RULES.md §1 "Sanctions and appeals", Čačak), as pure functions.

The seed: "every player has the right, three times during the tournament, to ask the opinion of
the judges' committee when not satisfied with the referee's decision. ... The committee meets
after the end of the round and may change the referee's original decision only unanimously; its
decision is final, without appeal."

Readings:
- Every request counts towards the three (`appeals_per_player`), whatever the committee then
  decides: the right is to *ask*, not to win. An undone request (entered by mistake) never was.
- A decision is `upheld` or `rejected`, and unanimous or not. Only an appeal upheld unanimously
  changes the referee's decision (`changed`); rejected, or upheld by a split committee, the
  referee's decision stands (`stands`). A split upheld decision is still recorded (the committee
  met, and the request is spent), but it cannot carry a correction.
- One decision per appeal: it is final (an undo of a decision entered wrongly is the referee's
  correction of the record, not a second appeal).
"""

from __future__ import annotations

UPHELD, REJECTED = "upheld", "rejected"
DECISIONS = (UPHELD, REJECTED)
CHANGED, STANDS = "changed", "stands"


def requests_left(used: int, allowed: int) -> int:
    """How many more times a player who asked `used` times may ask the committee."""
    return max(0, allowed - used)


def may_appeal(used: int, allowed: int) -> bool:
    return requests_left(used, allowed) > 0


def outcome(decision: str, unanimous: bool) -> str:
    """`changed` only for an appeal upheld unanimously; otherwise the referee's decision `stands`."""
    if decision not in DECISIONS:
        raise ValueError(f"a decision is {' or '.join(DECISIONS)}, not {decision!r}")
    return CHANGED if decision == UPHELD and unanimous else STANDS
