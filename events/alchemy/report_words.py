"""Why an Alchemy player's attempts failed and what each sale fetched, in their private report.

"Constructs are sold for their market value's worth of gems multiplied by the sales
multiplier", and the multiplier depends on how many constructs of the set sold that round:
each sale says its worth, its multiplier and the rule's reason for it (in the rule's own
steps: "only one", "two", ... "five or more", so it tells no more than the multiplier does),
and a set bonus machine's share. A failed attempt names the material it lacked."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from events.alchemy.model import AlchemyState, RoundLog
from events.alchemy.resolve import set_bonuses
from events.alchemy.rules import multiplier
from events.numbers import decimal_text, number_text

HOW_MANY = {2: "two", 3: "three", 4: "four"}
"""the rule's steps: "(1) ... only one construct sold in its set ... (5) five or more" """


def sale_lines(state: AlchemyState, player: str, log: RoundLog) -> list[str]:
    """ "Engineered and sold, for 106.25 gems:" and a line per construct: its worth, the
    market's multiplier and why, the player's set bonus, and its price."""
    if not log.engineered:
        return []
    catalog = state.catalog
    sold = state.market[state.round_no]
    bonuses = set_bonuses(catalog, list(state.books[player].machines))
    lines = [f"Engineered and sold, for {number_text(log.earned)} gems:"]
    for name, times in Counter(log.engineered).items():
        construct = catalog.construct(name)
        n = sold[construct.set]
        factor = multiplier(n)
        price = construct.value * factor
        many = HOW_MANY.get(n, "five or more")
        why = f"the market's multiplier: {many} of the {construct.set} set sold this round"
        if n == 1:
            why = (
                f"the market's multiplier: the only one of the {construct.set} set sold this round"
            )
        steps = f"{construct.value} × {decimal_text(factor)}"
        bonus = bonuses.get(construct.set)
        if bonus:
            price *= 1 + bonus
            steps += f" × {decimal_text(1 + bonus)}"
            why += f"; × {decimal_text(1 + bonus)}: your set bonus machine"
        each = " each" if times > 1 else ""
        count = f" (×{times})" if times > 1 else ""
        lines.append(f"- {name}{count}: {steps} = {number_text(price)} gems{each} ({why}).")
    return lines


def failure_line(log: RoundLog) -> list[str]:
    """ "Failed (materials kept): Silver Wand (needs 2 Silverleaf, you had 1 left)." """
    if not log.failed:
        return []
    shorts: Sequence[tuple[tuple[str, int, int], ...]] = log.short or ((),) * len(log.failed)
    parts = []
    for name, short in zip(log.failed, shorts, strict=True):
        lacked = "; ".join(f"needs {q} {m}, you had {held} left" for m, q, held in short)
        parts.append(f"{name} ({lacked})" if lacked else name)
    return [f"Failed (materials kept): {', '.join(parts)}."]
