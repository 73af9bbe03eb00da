"""Ranking players: a total order by score, then a tiebreak chain, ending in the Gamewide Tiebreak.

Every event ranks the same way; only the score and the tiebreak criteria differ. The
Gamewide Tiebreak is an ordered list of every player in the match: earlier in the list wins
a tie. It always settles what the event's own criteria leave tied, so ranks are 1..n with no
shared places.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from events.report import listed

Number = int | Fraction

GAMEWIDE = "gamewide tiebreak"


@dataclass(frozen=True)
class Criterion:
    """One way of comparing players: a value per player and which direction is better."""

    name: str
    values: Mapping[str, Number]
    higher_is_better: bool = True

    def key(self, player: str) -> Number:
        v = self.values.get(player, 0)
        return -v if self.higher_is_better else v


@dataclass(frozen=True)
class RankEntry:
    """A player's place in an event: rank 1 is best.

    `tiebreaks` lists the value of every tiebreak criterion (the Gamewide Tiebreak as the
    player's 1-based position in it); `decided_by` names the first criterion that put this
    player below the one ranked directly above ("score" when the scores differ, None at rank 1).
    """

    player: str
    rank: int
    score: Number
    tiebreaks: tuple[tuple[str, Number], ...]
    decided_by: str | None

    def tiebreak(self, name: str) -> Number:
        return dict(self.tiebreaks)[name]

    def to_json(self) -> dict[str, object]:
        """JSON form; fractions as strings such as "7/2"."""
        return {
            "player": self.player,
            "rank": self.rank,
            "score": number_json(self.score),
            "tiebreaks": {name: number_json(v) for name, v in self.tiebreaks},
            "decided_by": self.decided_by,
        }


Ranking = tuple[RankEntry, ...]


def number_json(value: Number) -> int | str:
    """Whole ints stay ints; a Fraction is written as a string ("7/2", or "3" when whole)."""
    if isinstance(value, Fraction):
        return str(value)
    return int(value)


def rank_players(
    players: Sequence[str],
    score: Criterion,
    tiebreaks: Sequence[Criterion],
    gamewide: Sequence[str],
) -> Ranking:
    """Order `players` by score, then each tiebreak in turn, then the Gamewide Tiebreak."""
    position = {p: i + 1 for i, p in enumerate(gamewide)}
    missing = [p for p in players if p not in position]
    if missing:
        raise ValueError(f"players missing from the Gamewide Tiebreak: {', '.join(missing)}")
    chain = [score, *tiebreaks]

    def key(p: str) -> tuple[Number, ...]:
        return (*(c.key(p) for c in chain), position[p])

    ordered = sorted(players, key=key)
    entries: list[RankEntry] = []
    names = [*(c.name for c in chain), GAMEWIDE]
    for i, p in enumerate(ordered):
        decided: str | None = None
        if i:
            prev, cur = key(ordered[i - 1]), key(p)
            decided = next(n for n, a, b in zip(names, prev, cur, strict=True) if a != b)
            if decided == score.name:
                decided = "score"
        entries.append(
            RankEntry(
                player=p,
                rank=i + 1,
                score=score.values.get(p, 0),
                tiebreaks=(
                    *((c.name, c.values.get(p, 0)) for c in tiebreaks),
                    (GAMEWIDE, position[p]),
                ),
                decided_by=decided,
            )
        )
    return tuple(entries)


@dataclass(frozen=True)
class TieWords:
    """How an announcement names one tiebreak criterion: what was level (`level`, "familiars
    sent") and why the player below lost on it (`behind`, "fewer familiars sent")."""

    level: str
    behind: str


GAMEWIDE_WORDS = TieWords("the Gamewide Tiebreak", "the Gamewide Tiebreak")


def tie_note(ranking: Ranking, index: int, words: Mapping[str, TieWords]) -> str:
    """Why `ranking[index]` comes after the player directly above although their scores are
    level: " (tied with Ann; placed after by tiebreak (1): fewer familiars sent)", the
    tiebreaks numbered as the rules list them; "" when the scores differ (or at rank 1).
    `words` names each tiebreak criterion of the ranking (the Gamewide Tiebreak has its own)."""
    entry = ranking[index]
    if entry.decided_by in (None, "score"):
        return ""
    names = [name for name, _ in entry.tiebreaks]
    number = names.index(str(entry.decided_by))
    said = {**words, GAMEWIDE: GAMEWIDE_WORDS}
    also = [said[name].level for name in names[:number]]
    level = f", also on {listed(also)}" if also else ""
    behind = said[names[number]].behind
    above = ranking[index - 1].player
    return f" (tied with {above}{level}; placed after by tiebreak ({number + 1}): {behind})"
