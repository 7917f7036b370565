"""The pages' JSON of the state's records (live/core/records.py): the payload as the log holds it, with the
keys the screens have always read beside it (`seq`, `ts`, …).

Why here and by name: the state keeps typed records, and the pages are sent some of them whole; what a
page gets must stay what it got when the state kept the JSON itself (tests/unit/test_old_logs.py compares
it with recorded views), key for key and in the same order. Each function says one record's shape once.
"""

from __future__ import annotations

from typing import Any

from live.core import payloads as P
from live.core.records import Appeal, CheckIn, Kept, Penalty, Sheet


def stamped(rec: Kept[Any]) -> dict[str, object]:
    """A payload with the seq and time of its event: a seating, a forfeit, a sanction, a decision."""
    return {**rec.payload, "seq": rec.seq, "ts": rec.ts}


def numbered(rec: Kept[Any]) -> dict[str, object]:
    """A payload with the seq of its event: an absence announced, a reserve seated, a team withdrawn."""
    return {**rec.payload, "seq": rec.seq}


def payment_json(rec: Kept[P.PaymentRecorded]) -> dict[str, object]:
    """A payment at the desk, with who took it."""
    return {**rec.payload, "seq": rec.seq, "ts": rec.ts, "by": rec.actor}


def check_in_json(rec: CheckIn) -> dict[str, object]:
    """A check-in with its seq and who recorded it; one of "all present" as if alone, with `all`."""
    if rec.everyone:
        return {**rec.body.to_payload(), "all": True, "seq": rec.seq, "by": rec.actor}
    return {**rec.payload, "seq": rec.seq, "by": rec.actor}


def penalty_json(rec: Penalty) -> dict[str, object]:
    """A penalty; a sanction's line with the sanction's item, kind and seq (`sanction`)."""
    sanction = rec.sanction
    if sanction is None or rec.line is None:
        return stamped(rec)
    line = rec.payload["penalties"]
    assert isinstance(line, list)
    return {**line[rec.line], "item": sanction.item, "kind": sanction.kind, "sanction": rec.seq,
            "seq": rec.seq, "ts": rec.ts}


def appeal_json(rec: Appeal) -> dict[str, object]:
    """An appeal with its decision (None while the committee has not decided)."""
    return {**stamped(rec), "decision": None if rec.decision is None else stamped(rec.decision)}


def sheet_json(rec: Sheet) -> dict[str, object]:
    """A team sheet with the parts that stand (`fixed`)."""
    return {**stamped(rec), "fixed": list(rec.fixed)}
