"""Live server for card-game tournament halls."""

__version__ = "0.1.0"
