"""The competitions one server holds: one tournament file at the root, as always, or a season of them.

`live serve FILE` serves one competition at `/` (its pages `/display`, `/player`, `/referee`), as it always
did. `live serve FILE FILE…` or `live serve FOLDER` serves a season: every competition under `/<its id>/`
(`/<id>/display`, `/<id>/api/…`, `/<id>/ws`), each with its own log, timetable, rules, referees and
tokens, and `/` lists them (live/projections/listing.py). The ids become the first segment of every
address, so they must be unique (without regard to case: a log file per competition on a Windows disk
would otherwise be one file) and must not be a name the server itself answers at the root.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from live.core.referees import Referees
from live.core.tournament import Tournament, TournamentFileError, load

if TYPE_CHECKING:  # (the CLI reads files with this module before it imports the server's parts)
    from live.edges.hall import Hall

#: What the root of a season server answers itself: no competition may be called so.
RESERVED = frozenset({"api", "static", "ws", "display", "player", "referee", "side", "index", "favicon.ico",
                      "season"})  # (season: the season's own log, `season.db`, beside the competitions')


class SeasonError(ValueError):
    """The files given cannot be served together (said in a sentence that names the files)."""


@dataclass
class Competition:
    """One competition as the server runs it: its hall (log, state, hub, scheduler), who referees it, where."""

    hall: Hall
    referee_token: str
    referees: Referees
    #: Where its pages and API are: "" for the one competition of a server (the root), "/<id>" in a season.
    base: str
    #: Where its log is, as the start-up banner names it.
    where: str

    @property
    def tournament(self) -> Tournament:
        return self.hall.tournament


def is_season(paths: Sequence[str | Path]) -> bool:
    """Whether `serve` was given a season (several files, or a folder) rather than one tournament file."""
    return len(paths) != 1 or Path(paths[0]).is_dir()


def tournament_files(paths: Sequence[str | Path]) -> list[Path]:
    """The tournament files `paths` name: each file as given, and each folder's `*.toml` files in name order
    (not its subfolders: a folder of old seasons beside them is not served by accident)."""
    found: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            inside = sorted(p for p in path.glob("*.toml") if p.is_file())
            if not inside:
                raise SeasonError(f"{path}: the folder has no tournament file (*.toml)")
            found += inside
        else:
            found.append(path)
    return found


def load_season(paths: Sequence[str | Path]) -> list[Tournament]:
    """Every tournament the paths name, read and checked to be served side by side: a file's own errors as
    `TournamentFileError`; ids (the addresses) and file names (the logs, `<name>.db`) given twice, or an id
    the root answers itself, as `SeasonError`."""
    files = tournament_files(paths)
    tournaments = [load(path) for path in files]
    ids: dict[str, Tournament] = {}
    stems: dict[str, Path] = {}
    for path, tournament in zip(files, tournaments, strict=True):
        key = tournament.id.casefold()
        if key in RESERVED:
            raise TournamentFileError(str(path), None, "tournament.id",
                                      f"{tournament.id!r} is a name the server's root answers itself "
                                      f"({', '.join(sorted(RESERVED))}): give the competition another id")
        if key in ids:
            raise SeasonError(f"{path} and {ids[key].source} have the same id {tournament.id!r} (ids are the "
                              "competitions' addresses, /<id>/, letter case aside): give one of them another "
                              "[tournament] id")
        if path.stem.casefold() in stems:
            raise SeasonError(f"{path} and {stems[path.stem.casefold()]} have the same file name, and each "
                              "competition's log is named after its file (<name>.db): rename one of them")
        ids[key], stems[path.stem.casefold()] = tournament, path
    return tournaments


def secret_for(secret: str, competition: str, purpose: str) -> str:
    """One competition's own secret, derived from a secret the environment gives for the whole server
    (LIVE_CHECKIN_SECRET, LIVE_REFEREE_SECRET): a check-in code or a referee's session of one competition
    never counts at another, and no competition's secret tells another's."""
    message = f"{purpose}\x00{competition}".encode()
    return hmac.new(secret.encode(), message, hashlib.sha256).hexdigest()
