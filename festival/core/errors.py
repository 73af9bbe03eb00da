"""The errors a host sees in words, shared by every layer; defined here, apart from the code
that raises them, so a front end can catch them without importing that code."""

from __future__ import annotations


class MatchError(Exception):
    """Something the host asked for cannot be done now; the message says why and what to do."""


class EngineError(Exception):
    """An engine named in a match cannot be loaded."""
