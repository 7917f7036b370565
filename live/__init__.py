"""Live server for card-game tournament halls."""

from importlib import metadata

__version__ = "0.1.0"
#: The name the server is installed under (pyproject.toml); the import package and the command are `live`.
DISTRIBUTION = "tournament-hall-live"


def installed_version() -> str | None:
    """The installed distribution's version; None when run from a checkout that is not installed."""
    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        return None
