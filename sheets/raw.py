"""A submission as fetched, before it is parsed: bytes, where they came from, and how to read
them. Shared by the sources (sheets/source.py) and the readers (xlsx, Google values)."""

from __future__ import annotations

from dataclasses import dataclass

TOO_LARGE = "too-large"
"""The content type of a file too large to store: its content is a line giving its size and
SHA-256, so the store records what was received without holding a gigabyte."""


@dataclass(frozen=True)
class RawSubmission:
    """One player's submission as fetched: bytes plus where they came from.

    `source` names the origin for messages ("file:/path/alice.xlsx"); `content_type` says
    how to parse `content`: "xlsx", "google-values", or `TOO_LARGE` for a file beyond
    MAX_STORED_BYTES (then `content` only describes it). `refused` is the source's reason why
    what it read is not the player's submission (a Google tab festival did not make for this
    match, round and player): the content is stored as read, and refused.
    """

    player: str
    source: str
    content: bytes
    content_type: str = "xlsx"
    refused: str | None = None
