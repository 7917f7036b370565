"""The wire's declarations (live/projections/wire.py) are what the pages get: the JSON Schema generated from them
is the one checked in (docs/sections.schema.json, which the docs and the pages' tests read), and the real
sections of the three example tournaments, driven through a short day, validate against it: the public ones,
the players' own pages and the referees' console. A builder that
writes a key its declaration lacks, leaves out a required one, or writes another type fails here (mypy catches
most of them first; this catches what reaches the wire through `Any`: a payload from the log, a cast)."""

from __future__ import annotations

import copy
import functools
import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from support.days import DAYS, Day

from live.commands.decide import allowed_now
from live.core.events import Event, NewEvent
from live.core.state import ANNOUNCED_FIELDS, State
from live.projections.views import me_section, public_sections, referee_only, referee_sections
from live.projections.wire import Announcement, schema

ROOT = Path(__file__).resolve().parents[2]
CHECKED_IN = ROOT / "docs" / "sections.schema.json"
#: The referees' sections that are None under rules without them: each day of the examples between them has
#: every one of them built at least once (else the check below would not check it).
PARTS = ("sanctions", "appeals", "slips", "lineups", "desk")
#: The events between two checks of a day's sections (each check validates every public section, the referees'
#: view, and the own pages of these players, with their session and without).
EVERY = 3
ME = ("p01", "p02", "t1p1", "t2p1")


def test_the_checked_in_schema_is_the_one_the_declarations_make() -> None:
    """`python -m live.projections.wire > docs/sections.schema.json` after a change of the declarations."""
    assert json.loads(CHECKED_IN.read_text(encoding="utf-8")) == schema()
    jsonschema.Draft202012Validator.check_schema(schema())


def wire(state_sections: object) -> Any:
    """The sections as the pages read them: through JSON."""
    return json.loads(json.dumps(state_sections))


def views(state: State) -> dict[str, Any]:
    """The public sections, under `me` the players' own pages (a list: with their session, without), and the
    referees' view: whole, as the console gets it, and their own sections alone."""
    me = [me_section(state, p, private=private) for p in ME for private in (True, False)
          if state.tournament.player(p) is not None]
    allowed = allowed_now(state)
    return wire({"public": public_sections(state), "me": me, "referee": referee_sections(state, allowed),
                 "referee_only": referee_only(state, allowed)})


@functools.cache  # (read, never changed, by the tests below: a day is played once)
def day_sections(name: str) -> list[Any]:
    """The public sections, players' pages and referees' view after every few events of a short day of the
    example `name`: its first two rounds or matches (the whole of it, up to Novi Sad's final, is too long for a
    unit test)."""
    file, kind, _ = DAYS[name]
    seen: list[Any] = []

    class Checked(kind):  # type: ignore[valid-type,misc]  # (the day's kind, chosen by name)
        def store(self, new: NewEvent) -> Event:
            event: Event = super().store(new)
            if event.seq % EVERY == 0:
                seen.append(views(self.state))
            return event

    day: Day = Checked(file, seed=2)
    day.play(2)
    seen.append(views(day.state))
    return seen


def validator(root: str) -> jsonschema.Draft202012Validator:
    """The schema with `root`, one of its declarations, at its top."""
    return jsonschema.Draft202012Validator({**schema(), "$ref": f"#/$defs/{root}"})


@pytest.mark.parametrize("name", sorted(DAYS))
def test_the_sections_of_a_short_day_are_as_declared(name: str) -> None:
    public, me = validator("PublicSections"), validator("MeSection")
    referee, own = validator("RefereeView"), validator("RefereeSections")
    checked = 0
    for seen in day_sections(name):
        errors = [*public.iter_errors(seen["public"]), *(e for page in seen["me"] for e in me.iter_errors(page)),
                  *referee.iter_errors(seen["referee"]), *own.iter_errors(seen["referee_only"])]
        assert not errors, "\n".join(f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in errors[:5])
        checked += len(seen["me"])
    assert checked, "no player's own page was checked"


def test_every_part_of_the_referees_view_is_checked() -> None:
    """Each referee section that the rules may leave out (None) is built on some example's short day, so the
    check above validates its rows too."""
    built = {part for name in sorted(DAYS) for seen in day_sections(name) for part in PARTS
             if seen["referee"][part] is not None}
    assert built == set(PARTS)


def test_a_wrong_declaration_is_caught() -> None:
    """The check above proves something: a declaration that says a timetable item's start is a text, that
    forgets a key of the check-in lists, that says an audit entry's `undone` is a text, or that forgets the
    sanctions' next steps, fails on the same sections (the referees' view holds the public ones)."""
    sections = day_sections("cacak")[-1]["referee"]
    for change in ({"TimetableItem": ("start", {"type": "string"})},
                   {"LatenessReport": ("late_clock", None)},
                   {"AuditEntry": ("undone", {"type": "string"})},
                   {"SanctionsView": ("first", None)}):
        wrong = copy.deepcopy(schema())
        for declaration, (key, kind) in change.items():
            properties = wrong["$defs"][declaration]["properties"]
            if kind is None:
                del properties[key]
                wrong["$defs"][declaration]["required"].remove(key)
            else:
                properties[key] = kind
        wrong["$ref"] = "#/$defs/RefereeView"
        assert list(jsonschema.Draft202012Validator(wrong).iter_errors(sections)), change


def test_every_field_an_announcement_repeats_is_declared() -> None:
    """An announcement repeats these fields of its event's payload (live/core/state.py `ANNOUNCED_FIELDS`): each
    must be a key of `Announcement`, or the pages' types (and the schema) say the page reads a key the server never
    sends (the console's missed-plan offer reads `shift_item`, `shift_minutes` and `at`)."""
    assert set(ANNOUNCED_FIELDS) <= set(Announcement.__annotations__)
