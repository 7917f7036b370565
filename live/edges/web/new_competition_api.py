"""`POST /api/competitions` on a season server: a new competition from a preset, a date and a pasted roster.

The organizer (the season's organizer token, `Authorization: Bearer`) sends the start page's form; the server
makes the tournament file (live/core/new_tournament.py), reads it back with the parser every file goes
through, writes it into the season's folder (so the next `live serve FOLDER` serves it too, and an editor
sees an ordinary file), opens its own log and starts it under `/<id>/` at once. Any refusal writes nothing:
the file is written last but one, and removed again if its log cannot be opened.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import os
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import date, time
from pathlib import Path

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from live.commands.validation import check_refusal
from live.core.new_tournament import LANGUAGES, NewTournament, NewTournamentError, tournament_text
from live.core.tournament import Tournament, TournamentFileError, parse
from live.edges.competitions import RESERVED, Competition
from live.edges.log import LogUnavailable
from live.edges.web.api import MAX_COMMAND_BYTES, json_body
from live.projections.listing import listed
from live.rules.presets import PRESETS

#: The form's fields: (type, required). A field the form does not know is refused (a typo is not ignored).
FIELDS: dict[str, tuple[type, bool]] = {
    "preset": (str, True), "name": (str, True), "date": (str, True), "start": (str, True),
    "timezone": (str, True), "language": (str, True), "roster": (str, True), "id": (str, False),
    "rounds": (int, False), "double": (bool, False), "boards": (int, False), "round_minutes": (int, False),
    "per_day": (int, False), "days_between": (int, False), "gap_minutes": (int, False),
}
MAX_FORM_BYTES = 4 * MAX_COMMAND_BYTES  # (a roster of 400 lines)


@dataclass
class Creation:
    """What a season server needs to add a competition while it runs."""

    #: Where the new tournament files go: the season's folder.
    folder: Path
    #: The season organizer's token (`Authorization: Bearer` on `POST /api/competitions`).
    organizer_token: str
    #: A competition on its own new log, not yet started (the CLI's: SQLite or Redis as the season's).
    make: Callable[[Tournament], Awaitable[Competition]]
    #: One creation at a time: two forms for one id must not both pass the check.
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


def _error(status: int, error: str, detail: dict[str, object]) -> JSONResponse:
    check_refusal(error, detail)
    return JSONResponse({"error": error, "detail": detail}, status_code=status)


def _form(body: object) -> NewTournament | JSONResponse:
    if not isinstance(body, dict):
        return _error(422, "send the form as a JSON object", {"code": "command.not_object"})
    for name in body:
        if name not in FIELDS:
            return _error(422, f"{name} is not a field of the form",
                           {"field": str(name)[:40], "code": "field.unknown"})
    values: dict[str, object] = {}
    for name, (kind, required) in FIELDS.items():
        if name not in body:
            if required:
                return _error(422, f"{name} is missing", {"field": name, "code": "field.missing"})
            continue
        value = body[name]
        if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
            return _error(422, f"{name} must be a whole number", {"field": name, "code": "field.not_whole"})
        if kind is bool and not isinstance(value, bool):
            return _error(422, f"{name} must be true or false", {"field": name, "code": "field.not_bool"})
        if kind is str and not isinstance(value, str):
            return _error(422, f"{name} must be text", {"field": name, "code": "field.not_text"})
        values[name] = value
    try:
        day = date.fromisoformat(str(values["date"]))
    except ValueError:
        return _error(422, "date must be a day as YYYY-MM-DD", {"field": "date", "code": "field.bad_time"})
    try:
        start = time.fromisoformat(str(values["start"]))
    except ValueError:
        return _error(422, "start must be a time of day as HH:MM", {"field": "start", "code": "field.bad_time"})
    if values["preset"] not in PRESETS:
        return _error(422, f"preset must be one of {', '.join(PRESETS)}",
                       {"field": "preset", "code": "field.not_one_of", "known": list(PRESETS)})
    if values["language"] not in LANGUAGES:
        return _error(422, f"language must be one of {', '.join(LANGUAGES)}",
                       {"field": "language", "code": "field.not_one_of", "known": list(LANGUAGES)})
    numbers = {name: values[name] for name in ("rounds", "boards", "round_minutes", "per_day", "days_between",
                                               "gap_minutes") if name in values}
    preferans = PRESETS[str(values["preset"])]["game"] == "preferans"
    return NewTournament(preset=str(values["preset"]), name=str(values["name"]), day=day, start=start,
                         timezone=str(values["timezone"]), language=str(values["language"]),
                         roster=str(values["roster"]), ident=str(values.get("id", "")),
                         double=bool(values.get("double", False)),
                         **{"rounds": 3 if preferans else 0, **numbers})  # type: ignore[arg-type]  # (ints, checked above)


def _write_new(path: Path, text: str) -> None:
    """The file, whole or not at all: written beside it under another name, flushed to the disk, then renamed
    (`os.replace`, atomic on Windows and POSIX alike). Only one creation runs at a time (`Creation.lock`) and a
    season that takes new competitions is served by one instance, so nothing else writes the name meanwhile;
    it is checked once more just before, and an existing file is refused (FileExistsError)."""
    partial = path.with_name(f".{path.name}.partial")
    with open(partial, "w", encoding="utf-8", newline="\n") as out:
        out.write(text)
        out.flush()
        os.fsync(out.fileno())
    try:
        if path.exists():
            raise FileExistsError(path)
        os.replace(partial, path)
    finally:
        with contextlib.suppress(FileNotFoundError):
            partial.unlink()


def organizer(request: Request, token: str) -> bool:
    """Whether the request carries the season organizer's token (`Authorization: Bearer`), compared in constant
    time."""
    scheme, _, given = request.headers.get("authorization", "").partition(" ")
    return scheme.lower() == "bearer" and hmac.compare_digest(given.strip().encode(), token.encode())


async def create(request: Request, creation: Creation, taken: Callable[[], set[str]],
                 add: Callable[[Competition], Awaitable[None]]) -> Response:
    """`POST /api/competitions`: `taken`, the ids served now (case folded); `add` starts and mounts one."""
    if not organizer(request, creation.organizer_token):
        return _error(401, "the season's organizer token is needed (Authorization: Bearer …)", {"code": "auth.needed"})
    body = await json_body(request, MAX_FORM_BYTES, "the form")
    if isinstance(body, Response):
        return body
    form = _form(body)
    if isinstance(form, Response):
        return form
    try:
        text = tournament_text(form)
    except NewTournamentError as exc:
        return _error(422, str(exc), exc.detail)
    async with creation.lock:
        try:
            tournament = parse(text, str(creation.folder / "new.toml"))
        except TournamentFileError as exc:
            return _error(422, str(exc), {"code": "competition.form", "field": exc.field or "roster",
                                           "problem": exc.message})
        path = creation.folder / f"{tournament.id}.toml"
        if tournament.id.casefold() in taken() | RESERVED or path.exists():
            return _error(409, f"the id {tournament.id!r} is taken: give the competition another id (\"id\")",
                           {"field": "id", "code": "competition.id_taken", "id": tournament.id})
        tournament = parse(text, str(path))
        try:
            _write_new(path, text)
        except OSError as exc:
            return _error(503, f"the tournament file could not be written ({exc.strerror or exc})",
                           {"code": "competition.not_written"})
        try:
            competition = await creation.make(tournament)
            await add(competition)
        except LogUnavailable as exc:
            with contextlib.suppress(OSError):
                path.unlink()
            return _error(503, f"the competition's log could not be opened ({exc}); nothing was written",
                           {"code": "competition.not_written"})
        except BaseException:
            with contextlib.suppress(OSError):
                path.unlink()
            raise
    return JSONResponse({"competition": listed(competition.tournament, competition.hall.clock()),
                         "referee_token": competition.referee_token, "file": path.name},
                        status_code=201, headers={"Cache-Control": "no-store"})
