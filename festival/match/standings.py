"""Final standings, exactly as the Endgame section says.

"Players are ranked according to their respective Events. The player with the highest
average ranking will become the sole winner and earn two Tokens of Life and a garnet; the
player with the lowest average ranking will become the Elimination Candidate."

A player's average ranking is the mean of their event ranks; a lower number is a better
average. Ties and their rulings are in docs/rulings.md ("Final standings").
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

SOLE_WINNER_TOKENS = 2
SOLE_WINNER_GARNETS = 1
TIED_WINNER_TOKENS = 1
PLACEMENT_GARNETS = {1: 2, 2: 1, 3: 1}
MOST_GOLD_GARNETS = 1


@dataclass(frozen=True)
class PlayerStanding:
    player: str
    events: Mapping[str, int]
    """event -> rank in it"""
    average_rank: Fraction
    garnets: int
    garnet_reasons: tuple[str, ...]
    tokens_of_life: int
    winner: bool
    elimination_candidate: bool


@dataclass(frozen=True)
class Standings:
    players: tuple[PlayerStanding, ...]
    """best average first (then best placement, then the Gamewide Tiebreak)"""
    winners: tuple[str, ...]
    sole_winner: str | None
    winner_decided_by: str
    elimination_candidate: str | None
    elimination_decided_by: str
    elimination_choice_pending: tuple[str, ...]
    """while the sole winner has not chosen: the players they choose among (else empty)"""
    elimination_choice_ignored: str | None = None
    """a recorded choice that the rules do not allow now (not among the tied players, or no
    choice is needed), e.g. after a round was re-resolved"""

    def of(self, player: str) -> PlayerStanding:
        return next(s for s in self.players if s.player == player)


def average(ranks: Mapping[str, int]) -> Fraction:
    return Fraction(sum(ranks.values()), len(ranks))


def festival_gold(holdings: Iterable[Mapping[str, int] | None]) -> Mapping[str, int] | None:
    """The gold of the festival's most-gold garnet: the first event, in the match's order,
    whose players hold gold (Alchemy's), from each event's `holdings(state, "gold")`; None
    when no event holds any."""
    return next((h for h in holdings if h is not None), None)


def final_standings(
    event_ranks: Mapping[str, Mapping[str, int]],
    gamewide: Sequence[str],
    gold: Mapping[str, int] | None = None,
    winner_choice: str | None = None,
) -> Standings:
    """The Endgame: sole winner or tied winners, Elimination Candidate, garnets, Tokens of Life.

    `event_ranks` is event -> player -> rank; `gold` is the gold each Alchemy participant
    holds at the end; `winner_choice` is the player the sole winner named as Elimination
    Candidate, when the rules leave that choice to them (a choice the rules do not allow now
    is not applied, and is reported in `elimination_choice_ignored`).
    """
    if not any(event_ranks.values()):
        return Standings((), (), None, "", None, "", ())
    ranks: dict[str, dict[str, int]] = {}
    for event, table in event_ranks.items():
        for player, rank in table.items():
            ranks.setdefault(player, {})[event] = rank
    players = [p for p in gamewide if p in ranks]
    avg = {p: average(ranks[p]) for p in players}
    position = {p: i for i, p in enumerate(gamewide)}

    # Winner.
    best = min(avg.values())
    tied = [p for p in players if avg[p] == best]
    winner_decided_by = "average ranking"
    if len(tied) > 1:
        top = min(min(ranks[p].values()) for p in tied)
        tied = [p for p in tied if min(ranks[p].values()) == top]
        winner_decided_by = "best single-event placement"
        if len(tied) > 1:
            winner_decided_by = "still tied: each tied winner earns a Token of Life"
    winners = tuple(tied)
    sole = winners[0] if len(winners) == 1 else None

    # Elimination Candidate. The sole winner is never the candidate.
    worst = max(avg[p] for p in players if p != sole) if len(players) > 1 else None
    candidate: str | None = None
    pending: tuple[str, ...] = ()
    elim_by = ""
    if worst is not None:
        low = [p for p in players if avg[p] == worst and p != sole]
        elim_by = "average ranking"
        if len(low) > 1:
            bottom = max(max(ranks[p].values()) for p in low)
            low = [p for p in low if max(ranks[p].values()) == bottom]
            elim_by = "worst single-event placement"
        if len(low) == 1:
            candidate = low[0]
        elif sole is not None:
            elim_by = f"the sole winner's choice ({sole})"
            if winner_choice in low:
                candidate = winner_choice
            else:
                pending = tuple(low)
        else:
            elim_by = "Gamewide Tiebreak"
            candidate = max(low, key=lambda p: position[p])

    # Garnets and Tokens of Life.
    garnets = dict.fromkeys(players, 0)
    reasons: dict[str, list[str]] = {p: [] for p in players}
    for p in players:
        for event, rank in sorted(ranks[p].items()):
            if rank in PLACEMENT_GARNETS:
                garnets[p] += PLACEMENT_GARNETS[rank]
                reasons[p].append(f"{_ordinal(rank)} place in {event}")
    if gold:
        most = max(gold.values())
        if most > 0:
            for p, g in gold.items():
                if g == most and p in garnets:
                    garnets[p] += MOST_GOLD_GARNETS
                    reasons[p].append("most gold left in alchemy")
    tokens = dict.fromkeys(players, 0)
    if sole is not None:
        tokens[sole] = SOLE_WINNER_TOKENS
        garnets[sole] += SOLE_WINNER_GARNETS
        reasons[sole].append("sole winner")
    else:
        for p in winners:
            tokens[p] = TIED_WINNER_TOKENS

    order = sorted(players, key=lambda p: (avg[p], min(ranks[p].values()), position[p]))
    return Standings(
        players=tuple(
            PlayerStanding(
                player=p,
                events=dict(sorted(ranks[p].items())),
                average_rank=avg[p],
                garnets=garnets[p],
                garnet_reasons=tuple(reasons[p]),
                tokens_of_life=tokens[p],
                winner=p in winners,
                elimination_candidate=p == candidate,
            )
            for p in order
        ),
        winners=winners,
        sole_winner=sole,
        winner_decided_by=winner_decided_by,
        elimination_candidate=candidate,
        elimination_decided_by=elim_by,
        elimination_choice_pending=pending,
        elimination_choice_ignored=(
            winner_choice if winner_choice is not None and winner_choice != candidate else None
        ),
    )


def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")
