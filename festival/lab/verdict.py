"""The lab's flags: one pure function of an estimate, its interval and its sample size.

Every flag the balance reports raise (a strategy winning too often, an item worth less than
nothing, an item the bots buy over all its alternatives) is `judge`d here, from the figure
printed beside it. A flag says where the whole interval lies against fixed lines, so:

- a flag never contradicts its estimate (the estimate lies inside its interval);
- two flags of one row never contradict each other (the lines are ordered: an interval
  wholly below the lower line cannot also lie wholly above the upper one);
- a sample smaller than `MIN_SAMPLE`, or without an interval, is "too small to conclude",
  never flagged either way.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import Enum

MIN_SAMPLE = 30
"""seats, games or pairs below which the lab draws no conclusion"""


class Verdict(Enum):
    TOO_SMALL = "too small to conclude"
    IN_LINE = ""
    BELOW = "below"
    ABOVE = "above"
    FAR_ABOVE = "far above"

    @property
    def flagged(self) -> bool:
        return self in (Verdict.BELOW, Verdict.ABOVE, Verdict.FAR_ABOVE)


@dataclass(frozen=True)
class Lines:
    """Where a figure stops being in line: `below` it (the interval wholly under), `above`
    it, and optionally `far` above it (a second, higher line: the balance target)."""

    below: float
    above: float
    far: float | None = None

    def __post_init__(self) -> None:
        if not self.below <= self.above or (self.far is not None and self.far < self.above):
            raise ValueError(f"lines out of order: {self}")


def judge(estimate: float, low: float, high: float, n: int, lines: Lines) -> Verdict:
    """The verdict on `estimate` (interval `low`..`high`, from `n` samples) against `lines`."""
    if n < MIN_SAMPLE or any(math.isnan(x) for x in (estimate, low, high)):
        return Verdict.TOO_SMALL
    if not low <= estimate <= high:
        raise ValueError(f"the estimate {estimate} lies outside its interval {low}..{high}")
    if lines.far is not None and low > lines.far:
        return Verdict.FAR_ABOVE
    if low > lines.above:
        return Verdict.ABOVE
    if high < lines.below:
        return Verdict.BELOW
    return Verdict.IN_LINE
