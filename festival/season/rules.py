"""The season's rules as named options, the common format of Genius-style seasons the default
(docs/rulings.md, "The season"). Kept with the season when it is made; read back as data."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from enum import StrEnum
from typing import Any


class Receivers(StrEnum):
    """Who may receive a Token of Life given away."""

    NOT_CANDIDATE = "anyone-but-the-candidate"
    ANYONE = "anyone"


class Pickable(StrEnum):
    """Whom the Elimination Candidate may pick as Death Match Opponent."""

    WITHOUT_TOKEN = "players-without-a-token"
    ANYONE = "anyone-still-in"


class EliminatedGarnets(StrEnum):
    """What becomes of an eliminated player's garnets."""

    DISCARDED = "discarded"
    KEPT = "kept"


class TokensAfter(StrEnum):
    """What becomes of the Tokens of Life held at the Death Match once it is played."""

    USED = "used"
    KEPT = "kept"


@dataclass(frozen=True)
class SeasonRules:
    starting_garnets: int = 3
    tokens_kept: int = 1
    """the most Tokens of Life a player may hold at the Death Match (the extras are given)"""
    receivers: Receivers = Receivers.NOT_CANDIDATE
    pickable: Pickable = Pickable.WITHOUT_TOKEN
    eliminated_garnets: EliminatedGarnets = EliminatedGarnets.DISCARDED
    tokens_after: TokensAfter = TokensAfter.USED
    finals_best_of: int = 3
    """the finals are a series of this many duels at most between the two players left; the
    first to win more than half of them (ceil(N/2)) wins the season (odd, 1 or more)"""
    finals_gift: tuple[int, ...] = (3, 2, 1)
    """the garnets an eliminated player gives the finalist they support, by the placing they
    reached: the first number for the best placing after the finalists (3rd), the next for
    the one after, the last for every lower placing"""

    @property
    def finals_wins(self) -> int:
        """The wins that take the finals' series."""
        return self.finals_best_of // 2 + 1

    def gift(self, rank: int) -> int:
        """The garnets the eliminated player placed `rank`-th after the finalists (1: 3rd
        place) gives."""
        return self.finals_gift[min(rank, len(self.finals_gift)) - 1]

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for k, v in asdict(self).items():
            out[k] = str(v) if isinstance(v, StrEnum) else list(v) if isinstance(v, tuple) else v
        return out

    @staticmethod
    def from_json(data: object) -> SeasonRules:
        """The rules from their JSON; ValueError naming the option that is wrong."""
        if not isinstance(data, dict):
            raise ValueError("the season's rules are not a JSON object")
        unknown = sorted(set(data) - set(OPTIONS))
        if unknown:
            said = ", ".join(rule_name(u) for u in unknown)
            raise ValueError(
                f"{said} is no season rule (the rules: {', '.join(map(rule_name, OPTIONS))})"
            )
        given: dict[str, Any] = {}
        for f in fields(SeasonRules):
            if f.name not in data:
                continue
            value = data[f.name]
            kind = OPTIONS[f.name]
            name = rule_name(f.name)
            if f.name == "finals_best_of":
                given[f.name] = _best_of(value)
            elif kind is int:
                if type(value) is not int or value < 0:
                    raise ValueError(
                        f"the season rule {name} is {_shown(value)}: a whole number, 0 or more"
                    )
                given[f.name] = value
            elif kind is tuple:
                given[f.name] = _numbers(name, value)
            else:
                try:
                    given[f.name] = kind(value)
                except ValueError:
                    allowed = ", ".join(str(v) for v in kind)
                    raise ValueError(
                        f"the season rule {name} is {_shown(value)}, not one of {allowed}"
                    ) from None
        return SeasonRules(**given)


def rule_name(key: str) -> str:
    """A rule as the host types it (`finals-best-of`), from its key (`finals_best_of`)."""
    return key.replace("_", "-")


def _best_of(value: object) -> int:
    """The finals' series length, one message for every value that is not one."""
    if type(value) is not int or value < 1 or value % 2 == 0:
        raise ValueError(
            f"the season rule finals-best-of is {_shown(value)}: an odd number of games, 1 or "
            "more (a series of 3 is won with 2 wins)"
        )
    return value


MOST_PLACINGS = 64


def _numbers(name: str, value: object) -> tuple[int, ...]:
    """A list of whole numbers >= 0 (one a placing), checked."""
    if (
        not isinstance(value, list | tuple)
        or not 1 <= len(value) <= MOST_PLACINGS
        or not all(type(v) is int and 0 <= v <= 10**6 for v in value)
    ):
        raise ValueError(
            f"the season rule {name} is {_shown(value)}: 1 to {MOST_PLACINGS} whole numbers, "
            "0 or more, with commas (e.g. 3,2,1)"
        )
    return tuple(value)


OPTIONS: dict[str, Any] = {
    "starting_garnets": int,
    "tokens_kept": int,
    "receivers": Receivers,
    "pickable": Pickable,
    "eliminated_garnets": EliminatedGarnets,
    "tokens_after": TokensAfter,
    "finals_best_of": int,
    "finals_gift": tuple,
}
"""each rule's name and its kind (a whole number, a list of whole numbers, or the enum of its
choices)"""


def rules_with(changes: dict[str, str]) -> SeasonRules:
    """The default rules with the options named changed (text as a host types it); a bad
    value is refused in the one message of its rule (`from_json`)."""
    data: dict[str, Any] = {}
    for name, text in changes.items():
        key = name.replace("-", "_")
        if OPTIONS.get(key) is int:
            data[key] = _whole(text)
        elif OPTIONS.get(key) is tuple:
            parts = [_whole(part) for part in text.split(",")]
            data[key] = parts if all(type(p) is int for p in parts) else text
        else:
            data[key] = text
    return SeasonRules.from_json(data)


def _whole(text: str) -> int | str:
    """A whole number as typed (`-1`, `+3`), else the text itself."""
    plain = text.strip()
    return int(plain) if plain.lstrip("+-").isdigit() else text


def _shown(value: object) -> str:
    """A rule's bad value as the host gave it."""
    if isinstance(value, list | tuple) and all(type(v) is int for v in value):
        return repr(",".join(str(v) for v in value))
    return repr(value)
