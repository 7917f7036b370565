"""Helpers the test modules share (see docs/contributing.md#tests): a test module imports from here,
never from another test module."""
