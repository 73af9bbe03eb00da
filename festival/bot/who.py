"""Who sent a slash command, as the duel service needs it: the player a Discord user plays in
a duel (from the duel's seating, `festival duel seat`), and whether they hold the host's role.
Pure: Discord's ids and role names in, an `Actor` out."""

from __future__ import annotations

from collections.abc import Iterable

from festival.duels.service import Actor, Seating


def holds_role(roles: Iterable[tuple[int, str]], host_role: str) -> bool:
    """Whether any of a member's roles (id, name) is the host's role, named by its name (any
    case) or its id."""
    wanted = host_role.strip()
    return bool(wanted) and any(
        name.casefold() == wanted.casefold() or str(role_id) == wanted for role_id, name in roles
    )


def actor(
    seating: Seating, user_id: int, roles: Iterable[tuple[int, str]], host_role: str
) -> Actor:
    """The actor a Discord user is in a duel: the player seated for them (None: a spectator),
    and whether they are the host."""
    return Actor(seating.player_of(user_id), holds_role(roles, host_role))


def mention(user_id: int) -> str:
    """A ping of a Discord user, as Discord writes it."""
    return f"<@{user_id}>"
