"""Every refusal names its reason from the closed registry (live/commands/refusals.py), and every page can
say it (docs/design.md#refusals-by-code, docs/contributing.md#refusals).

Two guards that cannot go stale: a scan of every CommandError raised in live/ (a call without a
code, with a code not in the registry, or without a parameter its code names fails here, before
any test reaches it), and the whole suite run with LIVE_CHECK_REFUSALS=1 (tests/conftest.py), under
which CommandError itself refuses a detail the pages cannot say. The catalogues are checked against
the registry: each code has a sentence in every language, each sentence uses only its code's
parameters, and each field a refusal can name has a label.
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path
from typing import Any

import pytest

from live.commands import refusals
from live.commands.decide import fields, known_types
from live.commands.validation import CommandError

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = ("en", "sr-Cyrl", "sr-Latn", "sk")
#: Helpers that build a CommandError from their arguments (`**detail`): the calls of these are checked.
HELPERS = {"_refuse"}
#: Functions that raise a refusal declared elsewhere: a command field's wrong JSON type, whose code is
#: written where the field or the type is declared (`wrong(words, code)`, `_Wrong(words, code)`), checked here too.
DECLARED = {"_wrong_type", "wrong"}
TYPE_REFUSALS = {"wrong", "_Wrong"}
#: Functions whose returned dicts are spread into a refusal's detail (their own dicts are checked).
SPREADS = {"text_refusal"}
#: The HTTP API's answers that refuse (live/edges/web/*.py) and the exceptions whose detail they pass on: the
#: detail's position among the call's arguments, written as a dict literal with its code.
ANSWERS = {"_error": 2, "BadJSON": 1, "NewTournamentError": 1}
#: Exceptions that carry a code an answer passes on (`exc.code`): the position of the code among their arguments.
CODED = {"NoPrizeList": 2}


def _forwarded(detail: ast.expr | None) -> bool:
    """A detail passed on from an exception whose own construction the scan checks: `exc.detail` (BadJSON), or a
    dict whose code is `exc.code` (NoPrizeList)."""
    if isinstance(detail, ast.Attribute) and detail.attr == "detail":
        return True
    if isinstance(detail, ast.Dict):
        code = next((v for k, v in zip(detail.keys, detail.values, strict=True)
                     if isinstance(k, ast.Constant) and k.value == "code"), None)
        return isinstance(code, ast.Attribute) and code.attr == "code"
    return False
CODE = re.compile(r"^[a-z_]+\.[a-z_]+$")


def _constants(node: ast.expr) -> list[Any] | None:
    """The codes a code expression can take: a string, or a choice between such (`a if x else b`)."""
    if isinstance(node, ast.Constant):
        return [node.value]
    if isinstance(node, ast.IfExp):
        body, orelse = _constants(node.body), _constants(node.orelse)
        return None if body is None or orelse is None else body + orelse
    return None


def _dict_problem(d: ast.Dict, given: set[str]) -> str | None:
    """What is wrong with a detail written as a dict literal (`given`: keys the caller adds)."""
    keys = {k.value for k in d.keys if isinstance(k, ast.Constant)} | given
    spread = [v for k, v in zip(d.keys, d.values, strict=True) if k is None]
    for value in spread:
        if not ((isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id in SPREADS)
                or (isinstance(value, ast.Name) and value.id == "detail")):
            return f"spreads {ast.unparse(value)} into its detail"
    if "code" not in keys:
        return None if spread else "has no code"
    node = next(v for k, v in zip(d.keys, d.values, strict=True) if isinstance(k, ast.Constant) and k.value == "code")
    codes = _constants(node)
    if codes is None:
        return f"computes its code ({ast.unparse(node)}): write it out"
    for code in codes:
        if code not in refusals.REFUSALS:
            return f"has the code {code!r}, not in live/commands/refusals.py"
        missing = set(refusals.REFUSALS[code]) - keys
        if missing:
            return f"{code} lacks {', '.join(sorted(missing))}"
    return None


def _scan() -> tuple[list[str], int]:
    """Every refusal written in live/ that the pages could not say, and how many refusals were seen."""
    problems: list[str] = []
    seen = 0
    for path in sorted((ROOT / "live").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        where = path.relative_to(ROOT)
        helper_nodes = {id(n) for f in ast.walk(tree) if isinstance(f, ast.FunctionDef) and f.name in HELPERS | DECLARED
                        for n in ast.walk(f)}
        details: dict[int, ast.Dict] = {}
        for node in ast.walk(tree):  # `detail = {...}` then `CommandError(..., detail)`: the dict is the detail
            if isinstance(node, ast.AnnAssign | ast.Assign) and isinstance(node.value, ast.Dict):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                if any(isinstance(x, ast.Name) and x.id == "detail" for x in targets):
                    details[node.value.lineno] = node.value
            if isinstance(node, ast.FunctionDef) and node.name in SPREADS:
                for ret in ast.walk(node):
                    if isinstance(ret, ast.Return) and isinstance(ret.value, ast.Dict):
                        wrong = _dict_problem(ret.value, {"field"})
                        if wrong:
                            problems.append(f"{where}:{ret.lineno} {node.name} {wrong}")
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            name = node.func.id
            if name == "CommandError" and id(node) not in helper_nodes:
                seen += 1
                detail = node.args[2] if len(node.args) > 2 else None
                if isinstance(detail, ast.Name):
                    before = [d for line, d in details.items() if line < node.lineno]
                    detail = before[-1] if before else None
                wrong = (_dict_problem(detail, set()) if isinstance(detail, ast.Dict)
                         else "has no detail with a code" if detail is None else "builds its detail elsewhere")
            elif name in TYPE_REFUSALS and id(node) not in helper_nodes and len(node.args) == 2:
                seen += 1
                fake = ast.Dict(keys=[ast.Constant("code")], values=[node.args[1]])
                wrong = _dict_problem(fake, {"field"})
            elif name in ANSWERS and id(node) not in helper_nodes:
                seen += 1
                detail = node.args[ANSWERS[name]] if len(node.args) > ANSWERS[name] else None
                if _forwarded(detail):
                    continue
                wrong = (_dict_problem(detail, set()) if isinstance(detail, ast.Dict)
                         else "has no detail with a code" if detail is None else "builds its detail elsewhere")
            elif name in CODED and len(node.args) > CODED[name]:
                seen += 1
                fake = ast.Dict(keys=[ast.Constant("code")], values=[node.args[CODED[name]]])
                wrong = _dict_problem(fake, {"field"})
            elif name in HELPERS:
                seen += 1
                keywords = {k.arg: k.value for k in node.keywords if k.arg}
                fake = ast.Dict(keys=[ast.Constant(k) for k in keywords], values=list(keywords.values()))
                wrong = _dict_problem(fake, {"field", "rule"})
                wrong = wrong or (None if "code" in keywords else "has no code")
            else:
                continue
            if wrong:
                problems.append(f"{where}:{node.lineno} {name} {wrong}")
    return problems, seen


def test_every_refusal_in_live_has_a_registered_code_and_its_parameters() -> None:
    problems, seen = _scan()
    assert seen > 200, "the scan found the refusals"  # it reads the code as it is, not a list kept by hand
    assert problems == []


def test_the_scan_finds_a_refusal_without_a_code(tmp_path: Path) -> None:
    tree = ast.parse('CommandError(422, "x", {"field": "a"})\nCommandError(409, "y", {"code": "no.such"})\n'
                     'CommandError(422, "z", {"field": "a", "code": "field.too_long"})')
    found = [_dict_problem(n.args[2], set()) for n in ast.walk(tree) if isinstance(n, ast.Call)]
    assert found == ["has no code", "has the code 'no.such', not in live/commands/refusals.py",
                     "field.too_long lacks max"]


def test_a_command_error_without_a_known_code_fails_under_the_suite() -> None:
    with pytest.raises(ValueError, match="has no code"):
        CommandError(422, "x", {"field": "a"})
    with pytest.raises(ValueError, match="lacks max"):
        CommandError(422, "x", {"field": "a", "code": "field.too_long"})
    assert CommandError(422, "x", {"field": "a", "code": "field.too_long", "max": 3}).detail["max"] == 3


def _catalogue(lang: str) -> dict[str, Any]:
    return json.loads((ROOT / "display" / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_code_has_a_sentence_in_every_catalogue(lang: str) -> None:
    said = _catalogue(lang)["referee"]["refused"]["codes"]
    assert sorted(set(refusals.REFUSALS) - set(said)) == [], f"{lang} has no sentence for these codes"
    assert sorted(set(said) - set(refusals.REFUSALS)) == [], f"{lang} says codes the server does not have"
    for code, sentence in said.items():
        used = set(re.findall(r"\{0\.([a-z_]+)", sentence))
        assert used <= set(refusals.REFUSALS[code]), f"{lang} {code} uses a parameter the refusal does not carry"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_field_a_command_has_is_labelled(lang: str) -> None:
    labels = _catalogue(lang)["referee"]["refused"]["fields"]
    named = set().union(*(required | optional for required, optional in map(fields, known_types()))) | {"type", "id"}
    assert sorted(named - set(labels)) == []


@pytest.mark.parametrize("lang", ["en", "sr-Cyrl", "sr-Latn", "sk"])
def test_the_player_page_says_its_own_refusals(lang: str) -> None:
    """The phone's check-in refusals (live/projections/checkin_lists.py, POST /api/checkin) in the player catalogue."""
    said = _catalogue(lang)["player"]["ci"]["refused"]
    assert {"checkin.closed", "checkin.you_already", "checkin.you_reserve"} <= set(said)
    assert all(CODE.match(code) and code in refusals.REFUSALS for code in said)
