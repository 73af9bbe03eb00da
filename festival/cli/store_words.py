"""The command line's words for a store that is missing or damaged (festival/core/errors.py):
the command that creates the folder's store, or checks it, which the core does not name."""

from __future__ import annotations

from festival.core.errors import NoStore, StoreDamaged


def store_words(exc: Exception) -> str | None:
    """A store's error as the command line says it (None: not a store's error it words)."""
    if isinstance(exc, StoreDamaged):
        return (
            f"{exc.path} is damaged: {exc.what}. `festival check {exc.path.parent}` lists "
            f"every problem; {exc.restore}"
        )
    if isinstance(exc, NoStore):
        create = "festival new" if exc.kind == "match" else f"festival {exc.kind} new"
        return f"{exc.plain}; run `{create}`"
    return None
