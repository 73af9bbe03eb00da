"""festival.lab.game.LazyView: a private view made once, when first read, and read as made."""

from __future__ import annotations

from typing import Any

from festival.lab.game import LazyView


def test_a_lazy_view_is_made_once_when_read_and_reads_as_the_view() -> None:
    made: list[int] = []

    def make() -> dict[str, Any]:
        made.append(1)
        return {"coins": 3, "stock": {"Iron": 2}}

    unread = LazyView(make)
    assert made == []
    view = LazyView(make)
    assert view["coins"] == 3
    assert view.get("missing") is None
    assert dict(view) == make() and len(view) == 2 and "stock" in view
    assert len(made) == 2  # once for `view`, once for the comparison; `unread` never
    assert unread is not None
