"""What each player privately reads of a round's invasions: their own invasion, and the
invasions of their territory (merged into one line when the invaders are not named).

"Each player privately learns their own battles: as attacker, how many of their familiars
reached the Treasure; as defender, how many got through and how many their towers killed"
(docs/rulings.md, "Ties and information"); who invaded is named only with the option
`reveal_invader`."""

from __future__ import annotations

from collections.abc import Sequence

from events.report import listed
from events.summoners.resolve import Invasion


def attack_line(invasion: Invasion, owns_familiars: bool) -> str:
    """The attacker's line: whom they invaded (and why them, when the target was drawn) and
    what their familiars did; an invasion without familiars says so and why."""
    r, target = invasion.result, invasion.defender
    why = (
        f" ({target} was drawn among the players you have not invaded yet, as you named no target)"
        if invasion.drawn
        else ""
    )
    if not r.sent:
        if owns_familiars:
            return (
                f"You invaded {target}{why} with no familiars, as your parties held none, so "
                f"nothing was stolen ({target} counts as invaded)."
            )
        return (
            f"You invaded {target}{why} with no familiars, as you own none, so nothing was "
            f"stolen ({target} counts as invaded). Buy familiars in the Shop tab to steal "
            "Treasures."
        )
    return (
        f"You invaded {target}{why}: {r.stolen} of {r.sent} familiars reached the Treasure and "
        f"stole {r.stolen} Treasure{'s' if r.stolen != 1 else ''}."
    )


def defence_lines(invasions: Sequence[Invasion], reveal_invader: bool) -> list[str]:
    """The defender's lines: one per invader when invaders are named; otherwise one line for
    all of the round's invasions, counted, with each battle's figures when there were
    several (each a separate battle against the same defence)."""
    if not invasions:
        return []
    if reveal_invader or len(invasions) == 1:
        return [
            _one(inv.attacker if reveal_invader else "A player", inv.result.sent,
                 inv.result.stolen, inv.result.kills)
            for inv in invasions
        ]  # fmt: skip
    through = [inv.result.stolen for inv in invasions]
    killed = [inv.result.kills for inv in invasions]
    empty = sum(not inv.result.sent for inv in invasions)
    n = len(invasions)
    if empty == n:
        return [f"{n} players invaded you, none of them with any familiar: nothing got through."]
    came = f" ({empty} of them with no familiars)" if empty else ""
    return [
        f"{n} players invaded you{came}, in {n} separate battles against your defence: "
        f"{_figures(through, 'familiar')} got through; your towers killed "
        f"{_figures(killed, '')}."
    ]


def _one(who: str, sent: int, stolen: int, kills: int) -> str:
    if not sent:
        return f"{who} invaded you with no familiars: nothing got through."
    return (
        f"{who} invaded you: {stolen} familiar{'s' if stolen != 1 else ''} got through; "
        f"your towers killed {kills}."
    )


def _figures(values: Sequence[int], noun: str) -> str:
    """ "6 familiars (4, 2 and 0)": the total, then each battle's figure."""
    total = sum(values)
    word = f" {noun}{'s' if total != 1 else ''}" if noun else ""
    return f"{total}{word} ({listed([str(v) for v in values])})"
