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

    def to_json(self) -> dict[str, Any]:
        return {k: (str(v) if isinstance(v, StrEnum) else v) for k, v in asdict(self).items()}

    @staticmethod
    def from_json(data: object) -> SeasonRules:
        """The rules from their JSON; ValueError naming the option that is wrong."""
        if not isinstance(data, dict):
            raise ValueError("the season's rules are not a JSON object")
        given: dict[str, Any] = {}
        for f in fields(SeasonRules):
            if f.name not in data:
                continue
            value = data[f.name]
            kind = OPTIONS[f.name]
            if kind is int:
                if type(value) is not int or value < 0:
                    raise ValueError(f"the season rule {f.name} is not a whole number >= 0")
                given[f.name] = value
            else:
                try:
                    given[f.name] = kind(value)
                except ValueError:
                    allowed = ", ".join(str(v) for v in kind)
                    raise ValueError(
                        f"the season rule {f.name} is {value!r}, not one of {allowed}"
                    ) from None
        unknown = sorted(set(data) - set(OPTIONS))
        if unknown:
            raise ValueError(f"{', '.join(unknown)} is no season rule")
        return SeasonRules(**given)


OPTIONS: dict[str, Any] = {
    "starting_garnets": int,
    "tokens_kept": int,
    "receivers": Receivers,
    "pickable": Pickable,
    "eliminated_garnets": EliminatedGarnets,
    "tokens_after": TokensAfter,
}
"""each rule's name and its kind (a whole number, or the enum of its choices)"""


def rules_with(changes: dict[str, str]) -> SeasonRules:
    """The default rules with the options named changed (text as a host types it)."""
    data: dict[str, Any] = {}
    for name, text in changes.items():
        key = name.replace("-", "_")
        if OPTIONS.get(key) is int:
            try:
                data[key] = int(text)
            except ValueError:
                raise ValueError(
                    f"the season rule {name} takes a whole number, not {text!r}"
                ) from None
        else:
            data[key] = text
    return SeasonRules.from_json(data)
