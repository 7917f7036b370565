"""The documentation's reference pages are made from the code (docs/hooks/reference.py): every command with its
fields and the events it appends, every event type, refusal code and rules parameter, every HTTP route; and the
hand-written pages are held to name every rules parameter and every view section."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

from live.commands.decide import described
from live.commands.refusals import REFUSALS
from live.core.payloads import PAYLOADS
from live.edges.web.openapi import document
from live.rules.presets import PARAMETER_TYPES

HOOK = Path(__file__).resolve().parents[2] / "docs" / "hooks" / "reference.py"


def reference() -> ModuleType:
    spec = importlib.util.spec_from_file_location("docs_reference", HOOK)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_every_command_is_listed_with_its_fields_and_the_events_its_handler_appends() -> None:
    page = reference().commands_page()
    for cls, fields in described():
        section = page.split(f"### `{cls.TYPE}`\n", 1)[1].split("\n### ", 1)[0].split("\n## ", 1)[0]
        for f in fields:
            assert f"| `{f.name}` |" in section, (cls.TYPE, f.name)
    row = next(line for line in page.splitlines() if line.startswith("| [`extend`]"))
    assert "`item`, `minutes`" in row and "round_extended" in row
    row = next(line for line in page.splitlines() if line.startswith("| [`check_in_all`]"))
    assert "checked_in_all" in row and "round_extended" not in row


def test_every_event_refusal_parameter_and_route_is_listed() -> None:
    ref = reference()
    events, refusals, parameters, http = ref.events_page(), ref.refusals_page(), ref.parameters_page(), ref.http_page()
    assert all(f"## `{kind}`" in events for kind in PAYLOADS)
    assert all(f"`{code}`" in refusals for code in REFUSALS)
    assert all(f"id=\"{key}\"></span>`{key}`" in parameters for key in PARAMETER_TYPES)
    assert "`bye_vp` | a number | 0 – 100 | — | `12.0` | — |" in parameters
    for path, operations in document()["paths"].items():
        for method in operations:
            assert f"| {method.upper()} | `{path}` |" in http


def test_a_hand_written_page_is_told_what_it_does_not_describe() -> None:
    ref = reference()
    described_all = " ".join(f"`{key}`" for key in PARAMETER_TYPES)
    assert ref.missing_mentions("tournament-file.md", described_all) == []
    assert ref.missing_mentions("tournament-file.md", described_all.replace("`grace_minutes`", "")) == [
        "grace_minutes"]
    sections = ref.view_sections()
    assert {"timetable", "now", "lateness", "me", "desk", "lineups", "faults"} <= sections
    assert ref.missing_mentions("protocol.md", " ".join(f"`{name}`" for name in sections)) == []
    assert ref.missing_mentions("design.md", "") == []  # (only the pages in MENTIONS are held to a list)
