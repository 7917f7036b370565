"""The tournaments' rules as pure functions and parameter presets (no I/O, no clock)."""
