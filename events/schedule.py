"""When each festival event plays, from the AWA Festival rules.

- Alchemy plays every round (1-6).
- Elemental Continuum is set up in round 1 (boards) and fires bolts in rounds 2-6, so it
  takes submissions in every round.
- Summoner's Dream: "If there are 6 players participating in this Event, the game begins in
  Round 2. If there are 7 players participating in this Event, the game begins in Round 1."
  With fewer than 6 (a smaller festival) it also begins in round 2; with more than 7, round 1.
"""

from __future__ import annotations

SUMMONERS_FULL_FIELD = 7


def first_round(event: str, n_participants: int) -> int:
    """The festival round in which `event` first takes submissions."""
    if event == "summoners" and n_participants < SUMMONERS_FULL_FIELD:
        return 2
    return 1


def event_rounds(event: str, n_participants: int, total_rounds: int) -> tuple[int, ...]:
    """The festival rounds in which `event` takes submissions and resolves."""
    return tuple(range(first_round(event, n_participants), total_rounds + 1))
