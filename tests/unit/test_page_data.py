"""What the pages are given instead of rules of their own: the field limits the server enforces, the event
families, each item's phase (live/projections/views.py), and the page itself: its modules found through "../" imports
and its first data in a data block no name can break out of (live/edges/web/assets.py).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from helpers import MIN, T0, preferans

from live.core import events as E
from live.core import referees, texts
from live.core.state import fold
from live.edges.web.assets import BOOT_ID, Assets, data_block
from live.projections.views import LIMITS, event_families, public_sections


def test_the_limits_are_the_numbers_the_server_enforces() -> None:
    for field, limit in (("name", LIMITS["name"]), ("title", LIMITS["title"]), ("reason", LIMITS["reason"])):
        assert texts.problem("x" * limit, limit) is None, field
        assert texts.problem("x" * (limit + 1), limit) is not None, field
    assert LIMITS["name"] == texts.MAX_NAME and LIMITS["announcement"] == texts.MAX_TEXT
    assert referees.name_problem("x" * LIMITS["referee_name"]) is None
    assert referees.name_problem("x" * (LIMITS["referee_name"] + 1)) is not None
    assert (LIMITS["code"], LIMITS["code_group"]) == (8, 4)


def test_every_screen_gets_the_limits_the_phases_and_the_timeline() -> None:
    sections = public_sections(fold(preferans(2), []))
    assert sections["limits"] == LIMITS
    assert [i["phase"] for i in sections["timetable"]] == ["upcoming", "upcoming"]
    assert sections["now"][0] == {"from": 0, "current": None, "next": "r1", "then": "r2", "mode": "until",
                                  "deadline": T0, "day": ["r1", "r2"], "checkin": None}
    assert sections["tournament"]["minute_ms"] == MIN and sections["tournament"]["checkin_opens_before_ms"] == 60 * MIN


def test_the_families_come_from_the_events_module() -> None:
    families = event_families()
    assert set(families["banner"]) == E.SIGNAL_TYPES - {E.PLAN_MISSED}
    assert "plan_missed" in families["signal"] and "plan_missed" not in families["banner"]
    assert set(families["score"]) == {"result_recorded", "result_corrected", "seating_published", "penalty_applied",
                                      "match_forfeited", "sanction_recorded"}
    assert set(families["plan"]) == {"item_moved", "timetable_shifted", "item_added", "item_cancelled"}
    assert set(families["plan"]) <= set(families["banner"])
    assert families["not_undoable"] == ["command_undone", "referee_signed_in"]


def site(tmp_path: Path) -> Path:
    """A display/ laid out as the pages are: entries in their folders importing shared modules from ../lib."""
    (tmp_path / "lib").mkdir()
    (tmp_path / "player").mkdir()
    (tmp_path / "lib" / "dom.js").write_text('export const el = 1;\n', encoding="utf-8")
    (tmp_path / "lib" / "clock.js").write_text('import { el } from "./dom.js";\nexport const c = el;\n',
                                               encoding="utf-8")
    (tmp_path / "player" / "seat.js").write_text('export { c } from "../lib/clock.js";\n', encoding="utf-8")
    (tmp_path / "player" / "main.js").write_text(
        'import {\n  c,\n} from "./seat.js";\nimport "../lib/dom.js";\nimport { x } from "../lib/missing.js";\n',
        encoding="utf-8")
    (tmp_path / "player.html").write_text(
        '<!doctype html><html lang="en"><head><title>p</title>'
        '<script type="module" src="/static/player/main.js"></script></head><body></body></html>', encoding="utf-8")
    return tmp_path


def test_the_modules_of_a_page_in_its_folder_are_found_through_parent_imports(tmp_path: Path) -> None:
    assets = Assets(site(tmp_path))
    assert assets.modules("player/main.js") == ["player/main.js", "player/seat.js", "lib/clock.js", "lib/dom.js"]
    page = assets.page_html("player.html", "player", "en", None) or ""
    preloads = re.findall(r'<link rel="modulepreload" href="([^"]+)">', page)
    assert preloads == [f"{assets.prefix}{m}" for m in ("player/seat.js", "lib/clock.js", "lib/dom.js")]
    assert f'src="{assets.prefix}player/main.js"' in page and BOOT_ID not in page, "no boot asked for: none"


def test_the_boot_is_a_data_block_that_no_text_can_break_out_of(tmp_path: Path) -> None:
    boot = {"snapshot": {"sections": {"players": [{"id": "p1", "name": "Ana </script><script>alert(1)</script>"},
                                                  {"id": "p2", "name": "<!-- Bojan"}]}}}
    block = data_block(BOOT_ID, boot)
    assert block.startswith('<script type="application/json" id="live-boot">') and block.endswith("</script>")
    inner = block.removeprefix('<script type="application/json" id="live-boot">').removesuffix("</script>")
    assert "<" not in inner and json.loads(inner) == boot
    page = Assets(site(tmp_path)).page_html("player.html", "player", "en", None, boot=boot) or ""
    assert page.count("</script>") == 2 and page.index(block) < page.index("</head>")
