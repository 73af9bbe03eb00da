"""Elementarium's words for people: the turn under way and what the last resolved turn did."""

from __future__ import annotations

from events.elementarium.setup import cell_name
from events.elementarium.state import State, TurnReport


def progress(state: State, awaited: tuple[str, ...]) -> str:
    """The turn under way and whose orders are awaited (or the end)."""
    if state.outcome is not None:
        return f"The duel is over: {state.outcome.detail}."
    return f"Turn {state.turn}: orders awaited from {', '.join(awaited)}."


def report_lines(report: TurnReport, names: tuple[str, str]) -> tuple[str, ...]:
    """A resolved turn, a line each: the moves, the moves the Source cancelled, the clashes (and
    standing units taken) and the units spawned."""
    lines = [f"{names[o]} moved {cell_name(m.src)} to {cell_name(m.dst)}" for o, m in report.moved]
    lines += [f"{names[o]}'s {m} was cancelled by the Source (stays)" for o, m in report.cancelled]
    for c in report.clashes:
        if c.taken:
            taker = next(u for u in c.units if u[2] != c.cell)
            stayed = next(u for u in c.units if u[2] == c.cell)
            lines.append(
                f"{names[taker[0]]}'s {taker[1]} from {cell_name(taker[2])} took "
                f"{names[stayed[0]]}'s {stayed[1]} on {cell_name(c.cell)}"
            )
            continue
        who = ", ".join(f"{names[o]}'s {k} from {cell_name(src)}" for o, k, src in c.units)
        kept = "both removed" if c.survivor is None else f"{names[c.survivor]} keeps it"
        how = "passing through each other" if c.passing else "on"
        lines.append(f"clash {how} {cell_name(c.cell)}: {who}: {kept}")
    lines += [f"{names[o]} spawned {k} on {cell_name(c)}" for c, o, k in report.spawned]
    return tuple(lines)
