"""Coalescing for a client that falls behind: only the latest version of the sections that supersede themselves.

A phone on weak Wi-Fi that reads slowly would otherwise get every version of the clock (`timetable`,
`now`), the standings, the lateness lists and its own page (`me`), one per event, and be dropped
(4008) when they pile up past the hub's bound, though only the last version of each matters. So
while a client's connection holds more than `COALESCE_BYTES` unsent (live/edges/hub.py), each event still
reaches it — every seq, in order, with everything else it carries — but without those sections: the
hub keeps their latest values for it (`Owed`). The first message it can take again brings them whole,
marked `"resync": true`: the next event (its `changes` then hold them), or, when the connection drains
before any event comes, a message of their own:

    {"type": "sections", "seq": <the last event it got>, "resync": true, "changes": {...}}

The seq is the one the client has already: these are the sections as they were after that event, so
nothing can arrive out of order and no seq is skipped. A page applies `changes` as an event's.

The values kept are the ones of the event that last changed them (from the message's `changes`, or,
when the event patched a long list, from the view's sections after that event, which the hall passes
along): a later event's patch is never applied to a list the client does not have. A section the event
named in its `fetch` list (too long to push, live/edges/budget.py) is owed as `FETCH`: the message that
settles the client names it in its own `fetch`, and the page fetches its value of then.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from live.edges.budget import section_of as _section
from live.edges.messages import EventMessage, Sections
from live.edges.patch import SectionMap

#: The sections whose latest version replaces every earlier one for a client that fell behind.
SUPERSEDING = frozenset({"timetable", "now", "standings", "standings_hidden", "standings_provisional", "lateness",
                         "prizes", "me"})
#: What a client is owed of a section it is to fetch (not a value: `settled` names it in `fetch`).
FETCH = object()


def withheld(message: EventMessage, sections: Mapping[str, object], owed: SectionMap) -> EventMessage | None:
    """The event message without its superseding sections, which go into `owed` (their values after this
    event: from `changes`, else from the view's `sections`); None when it carries none (send it as it is)."""
    changes = message.changes
    names = (changes.keys() | {_section(op) for op in message.patch} | set(message.fetch)) & SUPERSEDING
    if not names:
        return None
    for name in names:
        owed[name] = FETCH if name in message.fetch else changes[name] if name in changes else sections.get(name)
    return replace(message, changes={k: v for k, v in changes.items() if k not in names},
                   patch=[op for op in message.patch if _section(op) not in names],
                   fetch=tuple(name for name in message.fetch if name not in names))


def settled(message: EventMessage, sections: Mapping[str, object], owed: Mapping[str, object]) -> EventMessage:
    """The event message for a client that caught up: what it is owed, whole, with the event's own changes
    (newer) over it, and marked `resync`. A section the event patches is sent whole instead (the client's
    copy is older than the patch's base)."""
    changes = dict(message.changes)
    patched = {_section(op) for op in message.patch}
    fetch = list(message.fetch)
    for name, value in owed.items():
        if name in changes or name in fetch:
            continue
        if value is FETCH:
            fetch.append(name)
        else:
            changes[name] = sections.get(name) if name in patched else value
    return replace(message, changes=changes, resync=True, fetch=tuple(fetch),
                   patch=[op for op in message.patch if _section(op) not in owed])


def sections_message(seq: int, owed: Mapping[str, object]) -> Sections:
    """What a client that caught up between events gets: its owed sections, as after the event `seq` it has."""
    return Sections(seq, {k: v for k, v in owed.items() if v is not FETCH},
                    tuple(k for k, v in owed.items() if v is FETCH))
