"""The folders installed inside the package: the pages (`live.display`) and the example tournaments
(`live.examples`), kept at the top of the repository and mapped into the package when it is built
(pyproject.toml). Found through importlib.resources, so the same code reads them from the checkout in an
editable install and from site-packages in a wheel's."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

#: The pages' files (display/ of the repository).
DISPLAY = "live.display"
#: The example tournaments (examples/ of the repository).
EXAMPLES = "live.examples"


def folder(package: str) -> Path:
    """`package`'s folder on disk. The server reads it with pathlib and serves it with StaticFiles, which
    need a real folder: a package imported from a zip file has none, and is refused by name."""
    try:
        found = resources.files(package)
    except ModuleNotFoundError as exc:
        raise RuntimeError(f"{package} is not installed: install the server with pip (pip install . in the "
                           f"repository, or the wheel), which puts it inside the package") from exc
    if not isinstance(found, Path) or not found.is_dir():
        raise RuntimeError(f"{package} is not a folder on disk but {found!r}: install the package with pip "
                           f"(unpacked), not as a zip file")
    return found
