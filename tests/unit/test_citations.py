"""A refusal that quotes a rule of the tournament's document carries it as data (docs/rules/index.md#citations):
`detail.cite` names the document and its article (Slovak §17.1) or the topic (a document without numbered
articles), so the pages can say which rule in their language (live/rules/citations.py, display/referee/refusal.js).

Three guards: a scan of live/ (every refusal whose English quotes `cite(...)` carries `cite=citation(...)` of the
same rule), the rule tables themselves (each quoted rule that names a document says it as data, and the words
say what the data says), and the refusals as the referee gets them, for each of the three documents.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest
from support.lineups import NOVI_SAD, T2, break_signal, sheet, started
from support.results import Session
from support.sanctions_appeals import appeal, running
from support.slovak_appeals import SLOVAK

from live.commands import refusals
from live.commands import rosters as roster_rules
from live.commands.validation import CommandError
from live.projections import appeals as appeal_rules
from live.projections import lineups as lineup_rules
from live.rules.citations import TOPICS, Citation, Rule, cite_problem, rule
from live.rules.presets import PRESETS

ROOT = Path(__file__).resolve().parents[2]
#: The functions that build a refusal: CommandError(status, message, detail) and the modules' _refuse(status,
#: message, field, rule, **detail).
BUILDERS = {"CommandError", "_refuse"}


def _cite_calls(node: ast.AST, name: str) -> list[str]:
    """The arguments (as source) of every call of `name` in `node`."""
    return [ast.unparse(ast.Tuple(elts=c.args[:2], ctx=ast.Load())) for c in ast.walk(node)
            if isinstance(c, ast.Call) and isinstance(c.func, ast.Name) and c.func.id == name]


def _detail_cite(call: ast.Call) -> ast.expr | None:
    """The expression a refusal gives its detail's `cite`, or None when it gives none."""
    if call.func.id == "_refuse":  # type: ignore[attr-defined]
        return next((k.value for k in call.keywords if k.arg == "cite"), None)
    detail = call.args[2] if len(call.args) > 2 else None
    if not isinstance(detail, ast.Dict):
        return None
    return next((v for k, v in zip(detail.keys, detail.values, strict=True)
                 if isinstance(k, ast.Constant) and k.value == "cite"), None)


def scan(source: str) -> tuple[list[str], int]:
    """Each refusal in `source` whose message quotes a rule (`cite(x, "rule")`) without `cite=citation(x, "rule")`
    in its detail, and how many refusals quote one."""
    problems: list[str] = []
    quoting = 0
    for call in ast.walk(ast.parse(source)):
        if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id in BUILDERS):
            continue
        if len(call.args) < 2:
            continue
        quoted = _cite_calls(call.args[1], "cite")
        if not quoted:
            continue
        quoting += 1
        given = _detail_cite(call)
        cited = _cite_calls(given, "citation") if given is not None else []
        if sorted(quoted) != sorted(cited):
            problems.append(f"line {call.lineno}: quotes {', '.join(quoted)} but cites "
                            f"{', '.join(cited) or 'nothing'}")
    return problems, quoting


def test_every_refusal_that_quotes_a_rule_cites_the_same_rule_in_its_detail() -> None:
    problems: list[str] = []
    quoting = 0
    for path in sorted((ROOT / "live").rglob("*.py")):
        found, n = scan(path.read_text(encoding="utf-8"))
        problems += [f"{path.relative_to(ROOT)} {x}" for x in found]
        quoting += n
    assert quoting >= 28, "the scan found the refusals that quote a rule"
    assert problems == []


def test_the_scan_finds_a_refusal_that_quotes_without_citing_or_cites_another_rule() -> None:
    source = '''
CommandError(409, f"x: {cite(t, 'roster_min', n=4)}", {"code": "roster.full"})
_refuse(409, f"y: {cite(t, 'roster_min', n=4)}", "team", "roster_min", code="c", cite=citation(t, "roster_max"))
_refuse(409, f"z: {cite(t, 'roster_min', n=4)}", "team", "roster_min", code="c", cite=citation(t, "roster_min"))
CommandError(409, f"w: {cite(rules, 'limit')}", {"code": "appeal.limit", "cite": citation(rules, "limit")})
CommandError(409, "no rule quoted", {"code": "undo.nothing"})
'''
    problems, quoting = scan(source)
    assert quoting == 4
    assert problems == ["line 2: quotes (t, 'roster_min') but cites nothing",
                        "line 3: quotes (t, 'roster_min') but cites (t, 'roster_max')"]


def _tables() -> list[tuple[str, Rule]]:
    out = []
    for where, tables in (("lineups", [*lineup_rules.RULES_TEXT.values(), lineup_rules.DEFAULT_TEXT]),
                          ("rosters", [*roster_rules.RULES_TEXT.values(), roster_rules.DEFAULT_TEXT]),
                          ("appeals", list(appeal_rules.RULES_TEXT.values()))):
        out += [(f"{where}.{name}", r) for table in tables for name, r in table.items()]
    return out


@pytest.mark.parametrize(("name", "quoted"), _tables(), ids=lambda x: x if isinstance(x, str) else "")
def test_every_quoted_rule_that_names_a_document_cites_it(name: str, quoted: Rule) -> None:
    names_one = "§" in quoted.words or "propositions" in quoted.words
    assert (quoted.cite is not None) == names_one, f"{name}: {quoted.words!r} and its citation disagree"


def test_a_citation_says_what_its_words_say_and_names_a_known_document() -> None:
    with pytest.raises(ValueError, match="do not say where"):
        rule("Slovak §17.1: a roster has at least {n} members", section="§17.2")
    with pytest.raises(ValueError, match="no preset's"):
        Citation("the bylaws", section="§1")
    with pytest.raises(ValueError, match="either a section or a topic"):
        Citation(section="§1", topic="team_sheets")
    with pytest.raises(ValueError, match=r"like §17\.1"):
        Citation(section="17.1")
    assert rule("a player is a member of one team").cite is None
    own = rule("Team sheets (the tournament's propositions): x", topic="team_sheets")
    assert own.cite == Citation(topic="team_sheets")


@pytest.mark.parametrize(("value", "wrong"), [
    (None, False), ({"doc": "slovak-league", "section": "§17.1"}, False),
    ({"doc": "novi-sad-teams", "topic": "team_sheets"}, False), ("§17.1", True), ({"section": "§17.1"}, True),
    ({"doc": "slovak-league", "section": "17.1"}, True), ({"doc": "slovak-league", "topic": "bylaws"}, True),
    ({"doc": "slovak-league", "section": "§17.1", "topic": "team_sheets"}, True)])
def test_the_refusal_check_refuses_a_citation_the_pages_cannot_say(value: Any, wrong: bool) -> None:
    assert (cite_problem(value) is not None) == wrong
    detail = {"field": "player", "code": "roster.min_withdraw", "team": "t1", "members": 4, "minimum": 4, "cite": value}
    assert (refusals.problem(detail) is not None) == wrong
    if wrong:  # the suite runs with LIVE_CHECK_REFUSALS=1 (tests/conftest.py)
        with pytest.raises(ValueError, match="cite"):
            CommandError(409, "x", detail)


def test_a_code_that_quotes_a_rule_lacks_nothing_but_may_cite_no_document() -> None:
    detail = {"field": "player", "code": "roster.min_withdraw", "team": "t1", "members": 4, "minimum": 4}
    assert refusals.problem(detail) == "roster.min_withdraw lacks cite"
    assert refusals.problem({**detail, "cite": None}) is None


def test_the_documents_and_topics_are_the_presets_and_the_rules_pages_topics() -> None:
    assert {"cacak-preferans", "novi-sad-teams", "slovak-league"} <= set(PRESETS)
    assert set(TOPICS) == {"team_sheets", "results_appeals", "sanctions_appeals"}


# ---- the refusals as the referee gets them -----------------------------------------------------------------


def test_a_slovak_withdrawal_below_four_cites_17_1_of_the_league_rules() -> None:
    error = Session(SLOVAK).refuse({"type": "withdraw_player", "player": "t1p4", "reason": "moved abroad"})
    assert error.detail["code"] == "roster.min_withdraw" and "§17.1" in error.error
    assert error.detail["cite"] == {"doc": "slovak-league", "section": "§17.1"}


def test_a_slovak_appeal_without_signatures_cites_28_3() -> None:
    s = Session(SLOVAK)
    s.do("publish_seating", item="m1")
    s.do("start_round", item="m1")
    error = s.refuse({"type": "appeal", "team": "t1", "item": "m1", "subject": "the ruling on board 7"})
    assert error.detail["code"] == "appeal.who_signs"
    assert error.detail["cite"] == {"doc": "slovak-league", "section": "§28.3"}


def test_novi_sad_s_fourth_board_of_a_referee_substitute_cites_its_team_sheets_rules() -> None:
    s = started()
    break_signal(s)
    subs = [{"part": 1, "out": "bb", "substitute": "Petar Petrović", "boards": 2},
            {"part": 2, "out": "bc", "substitute": "Petar Petrović", "boards": 2}]
    error = s.refuse(sheet("t2", T2, T2, subs=subs))
    assert error.detail["code"] == "lineup.substitute_boards" and error.detail["allowed"] == 3
    assert error.detail["cite"] == {"doc": "novi-sad-teams", "topic": "team_sheets"}
    assert NOVI_SAD.preset == "novi-sad-teams"


def test_cacak_s_fourth_appeal_cites_the_tournament_rules_on_sanctions_and_appeals() -> None:
    s = running()
    for n in (1, 2, 3):
        s.do("appeal", player="p1", item="r1", subject=f"decision {n}")
    error = s.refuse(appeal("p1"))
    assert error.detail["code"] == "appeal.limit"
    assert error.detail["cite"] == {"doc": "cacak-preferans", "topic": "sanctions_appeals"}
