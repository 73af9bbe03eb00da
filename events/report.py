"""What a resolved round tells whom.

Hidden information is a rule: every line of a report belongs to exactly one audience. The
public part may be posted for everyone; a private part goes to one player; host lines are
for the host only. Engines build reports from their public/private/host views.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class RoundReport:
    """The announcements of one event in one round.

    `public`, `private[player]` and `host` are Markdown lines. `data` holds the same
    facts in JSON-able form for the dashboard, keyed by audience: "public", "host",
    and "private:<player>".
    """

    event: str
    round_no: int
    public: tuple[str, ...] = ()
    private: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    host: tuple[str, ...] = ()
    data: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "event": self.event,
            "round": self.round_no,
            "public": list(self.public),
            "private": {p: list(lines) for p, lines in sorted(self.private.items())},
            "host": list(self.host),
            "data": dict(self.data),
        }

    @staticmethod
    def from_json(obj: Mapping[str, Any]) -> RoundReport:
        return RoundReport(
            event=str(obj["event"]),
            round_no=int(obj["round"]),
            public=tuple(obj.get("public", ())),
            private={str(p): tuple(v) for p, v in obj.get("private", {}).items()},
            host=tuple(obj.get("host", ())),
            data=dict(obj.get("data", {})),
        )


def listed(items: Sequence[str]) -> str:
    """Words joined as people list them: "a", "a and b", "a, b and c"."""
    if len(items) < 2:
        return "".join(items)
    return ", ".join(items[:-1]) + f" and {items[-1]}"
