"""What the duel games festival hosts offer every front end (events/offers.py): shortcut verbs
and boards, as each game's registry entry names them. The command line, the Discord bot and
the dashboard desk offer them from here; reading them loads no game."""

from __future__ import annotations

from events.offers import NOTHING, Boards, Offers, Shortcut
from festival.core import registry


def of_game(name: str) -> Offers:
    """What the game registered as `name` offers (nothing, if its entry names no offers)."""
    entry = registry.duel(name)
    if entry.offers is None:
        return NOTHING
    offers: Offers = registry.load(entry.offers, "offers")
    return offers


def shortcuts() -> tuple[tuple[Shortcut, tuple[str, ...]], ...]:
    """Every shortcut any registered game declares, each with the titles of the games that
    declare it, in the registry's order (a verb two games declare is offered once, as the
    first declares it)."""
    out: dict[str, tuple[Shortcut, tuple[str, ...]]] = {}
    for entry in registry.duels():
        for shortcut in of_game(entry.name).shortcuts:
            first, titles = out.get(shortcut.verb, (shortcut, ()))
            out[shortcut.verb] = (first, (*titles, entry.title))
    return tuple(out.values())


def find_shortcut(name: str, word: str | None) -> Shortcut | None:
    """The shortcut of game `name` that `word` names (its verb or its command line's
    subcommand); with no word, the game's only shortcut. None if there is no such one."""
    found = of_game(name).shortcuts
    if word is None:
        return found[0] if len(found) == 1 else None
    return next((s for s in found if word in (s.verb, s.command)), None)


def boards() -> tuple[tuple[str, Boards], ...]:
    """Every registered game that is played on boards of a choice, with its boards."""
    out = []
    for entry in registry.duels():
        choice = of_game(entry.name).boards
        if choice is not None:
            out.append((entry.name, choice))
    return tuple(out)


def boards_help() -> str:
    """What `--board` takes, game by game ("alchelemental: pit, battleground or a board file
    (JSON)")."""
    return "; ".join(
        f"{name}: {', '.join(b.names)}" + (" or a board file (JSON)" if b.option else "")
        for name, b in boards()
    )


def variants_help() -> str:
    """The variants each registered game declares (`DuelEntry.variants`), for a help text
    ("element: grand-final, dm5, summary; halma: standard, every-move")."""
    return "; ".join(f"{d.name}: {', '.join(d.variants)}" for d in registry.duels() if d.variants)
