"""The API's document against the real server: schemathesis reads GET /api/openapi.json from a live server and
sends what it describes (valid requests and, for the negative half, invalid ones) to every operation, as a
referee (the bearer token: commands are taken and change the throwaway tournament). No answer may be a 5xx,
have a status, a content type or headers the document does not list for it, or a body its schema refuses; an
operation the document says is for the referees must refuse the request without the token, and a request the
document says is wrong must be refused.

Random text seldom names a round or a player that exists, so the commands' cases name the tournament's own
ids in most of their id fields (a round, a player, a team, an event's seq): the handlers then take them and
the tournament moves (seatings published, rounds started, results, appeals...), which is where the deeper
answers come from.

Bounded: a few examples per operation and mode, no shrinking, each request under a timeout, so that a server
that hangs or sleeps on some input fails the test instead of stalling it."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import hypothesis
import pytest
import schemathesis
from hypothesis import HealthCheck, Phase, given
from hypothesis import strategies as st
from hypothesis.errors import Unsatisfiable
from schemathesis import GenerationMode
from schemathesis.checks import ignored_auth, negative_data_rejection, not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)
from server import start_server

from live.core.tournament import load

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_headers_conformance,
          response_schema_conformance,
          # what the document says of access and input holds too: an operation it says is for the referees
          # refuses the same request without the token (401/403), and a request it says is wrong is refused (4xx)
          ignored_auth, negative_data_rejection]
#: A body over the route's limit is refused by its size (413, in the document) before anything in it is read.
CONFIG = schemathesis.Config.from_dict({"checks": {"negative_data_rejection": {
    "expected-statuses": [400, 401, 403, 404, 405, 406, 409, 413, 415, 422, 428, 429]}}})
#: Examples per operation and mode; the commands get more (one operation, 34 types). About a minute per
#: tournament on two cores.
EXAMPLES_PER_OPERATION = 25
COMMAND_EXAMPLES = 250
#: No request of the API may take longer than this (the slowest, a section a page waits for, waits 5 s).
REQUEST_TIMEOUT_S = 8.0


def known_ids(file: Path) -> dict[str, list[Any]]:
    """The ids a command's fields name, as the tournament file has them."""
    t = load(file)
    return {"item": [i.id for i in t.items], "player": [p.id for p in t.players], "team": [x.id for x in t.teams],
            "seq": list(range(1, 40)), "appeal": list(range(1, 6))}


def with_known_ids(case: Any, draw: st.DrawFn, ids: dict[str, list[Any]]) -> Any:
    """The case with the tournament's own ids in (most of) the id fields its body has."""
    if isinstance(case.body, dict):
        for name, values in ids.items():
            if name in case.body and values and draw(st.integers(0, 3)):
                case.body[name] = draw(st.sampled_from(values))
    return case


def settings(examples: int) -> hypothesis.settings:
    return hypothesis.settings(max_examples=examples, deadline=None, database=None,
                               phases=[Phase.explicit, Phase.generate], suppress_health_check=list(HealthCheck))


def failure(operation: Any, mode: GenerationMode, url: str, headers: dict[str, str],
            ids: dict[str, list[Any]]) -> str | None:
    """What schemathesis finds wrong with the answers to `operation`'s cases of `mode`; None if nothing."""
    commands = operation.label == "POST /api/commands"

    @settings(COMMAND_EXAMPLES if commands else EXAMPLES_PER_OPERATION)
    @given(case=operation.as_strategy(generation_mode=mode), data=st.data())
    def check(case: Any, data: st.DataObject) -> None:
        if commands and mode is GenerationMode.POSITIVE:
            case = with_known_ids(case, data.draw, ids)
        response = case.call(base_url=url, headers=headers, timeout=REQUEST_TIMEOUT_S)
        case.validate_response(response, checks=CHECKS, headers=headers)

    try:
        check()
    except Unsatisfiable:  # nothing to send wrong (no parameter, no body): nothing to check
        if mode is GenerationMode.POSITIVE:
            raise
    except (Exception, BaseExceptionGroup) as exc:  # every operation is tried; all failures are reported
        return f"{operation.label} ({mode.value}): {exc}"
    return None


@pytest.mark.parametrize("example", ["cacak-preferans-2027.toml", "novi-sad-teams-2026.toml"])
def test_every_operation_answers_as_the_document_says(tmp_path: Path, example: str) -> None:
    file = Path(shutil.copy(EXAMPLES / example, tmp_path / "t.toml"))
    ids = known_ids(file)
    with start_server(file, tmp_path / "t.db") as server:
        schema = schemathesis.openapi.from_url(f"{server.url}/api/openapi.json", config=CONFIG)
        referee = {"Authorization": f"Bearer {server.token}"}
        failures = [found for result in schema.get_all_operations()
                    for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE)
                    if (found := failure(result.ok(), mode, server.url, referee, ids)) is not None]
        assert server.running, server.output()
        assert not failures, "\n\n".join(failures)
