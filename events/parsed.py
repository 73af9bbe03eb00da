"""One result type for parsing: a value, or every problem found (never both, never neither).

Festival events parse submissions into `Parsed[Submission, SubmissionProblem]` (events/errors.py
names it `ParseResult`); duel games parse actions into `Parsed[Action, DuelProblem]`
(events/duel.py). A problem is a value with a stable `code`, never an exception.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

NOTHING_SUBMITTED = "nothing-submitted"
"""The code of the one problem an engine returns for a workbook whose event tabs were left
blank: the match plays the event's default as the player's choice ("default: blank", see
docs/rulings.md, "Missing and invalid submissions"), not as a missing submission."""


class Problem(Protocol):
    """What every problem has: a stable, machine-readable code."""

    @property
    def code(self) -> str: ...


V = TypeVar("V")
P = TypeVar("P", bound=Problem)


@dataclass(frozen=True)
class Parsed(Generic[V, P]):
    """A parsed value, or the complete list of what is wrong with it (never both)."""

    value: V | None
    errors: tuple[P, ...] = ()

    def __post_init__(self) -> None:
        if (self.value is None) == (not self.errors):
            raise ValueError("a parse result holds a value or errors, not both or neither")

    @property
    def ok(self) -> bool:
        return not self.errors

    @property
    def nothing_submitted(self) -> bool:
        """Only the NOTHING_SUBMITTED problem: the player left the tabs untouched."""
        return bool(self.errors) and all(e.code == NOTHING_SUBMITTED for e in self.errors)

    @staticmethod
    def of(value: V | None, errors: Sequence[P]) -> Parsed[V, P]:
        """Errors win: any error discards the half-parsed value."""
        return Parsed(None, tuple(errors)) if errors else Parsed(value, ())
