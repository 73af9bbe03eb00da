"""An Alchelemental position and its JSON form (docs/formats.md, "Alchelemental state JSON")."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from events.alchelemental.board import Board, load_board
from events.alchelemental.elements import Elem
from events.alchelemental.units import UnitKind, Units
from events.duel import Outcome


@dataclass(frozen=True)
class Piece:
    """A unit on the board: its owner (0 Light, 1 Dark), which unit it is (of the duel's
    units), hex, spin (face 0 points in direction `rot`) and whether its mirrored side is up."""

    owner: int
    kind: UnitKind
    hex: int
    rot: int
    mirrored: bool
    name: str = field(init=False, repr=False, compare=False)
    """its kind's name (kept beside it: the rules look pieces up by name)"""

    def __post_init__(self) -> None:
        object.__setattr__(self, "name", self.kind.name)

    def face(self, direction: int) -> Elem:
        """The element this unit faces `direction` with."""
        return self.kind.ring(self.mirrored)[(direction - self.rot) % 6]

    def faces(self) -> tuple[Elem, ...]:
        """Its faces by direction (R, DR, DL, L, UL, UR)."""
        return tuple(self.face(d) for d in range(6))


@dataclass(frozen=True)
class Reaction:
    """The arithmetic of one impel (the host desk shows it)."""

    mover: str
    target: str
    impel_element: Elem
    repel_element: Elem
    impel_basic: int
    impel_positional: int
    relative: int
    interactive: int
    repel_basic: int
    repel_positional: int
    result: str
    """"eliminated", "mirror-spin" or "spin" """
    mover_spin: int
    target_spin: int

    @property
    def impel(self) -> int:
        return self.impel_basic + self.impel_positional + self.relative + self.interactive

    @property
    def repel(self) -> int:
        return self.repel_basic + self.repel_positional

    def words(self) -> str:
        i, r = self.impel_element.word, self.repel_element.word
        return (
            f"{self.mover} impels {self.target}: {i} impels, {r} repels; "
            f"repel = {self.repel_basic} {self.repel_positional:+d} = {self.repel}; "
            f"impel = {self.impel_basic} {self.impel_positional:+d} {self.relative:+d} "
            f"{self.interactive:+d} = {self.impel}; "
            + {
                "eliminated": f"{self.target} eliminated",
                "mirror-spin": f"{self.target} mirrors and spins",
                "spin": "both spin",
            }[self.result]
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "mover": self.mover,
            "target": self.target,
            "impel_element": self.impel_element.letter,
            "repel_element": self.repel_element.letter,
            "impel_basic": self.impel_basic,
            "impel_positional": self.impel_positional,
            "relative": self.relative,
            "interactive": self.interactive,
            "repel_basic": self.repel_basic,
            "repel_positional": self.repel_positional,
            "impel": self.impel,
            "repel": self.repel,
            "result": self.result,
            "mover_spin": self.mover_spin,
            "target_spin": self.target_spin,
        }

    @staticmethod
    def from_json(d: Mapping[str, Any]) -> Reaction:
        return Reaction(
            str(d["mover"]), str(d["target"]), _elem(d["impel_element"]),
            _elem(d["repel_element"]), int(d["impel_basic"]), int(d["impel_positional"]),
            int(d["relative"]), int(d["interactive"]), int(d["repel_basic"]),
            int(d["repel_positional"]), str(d["result"]), int(d["mover_spin"]),
            int(d["target_spin"]),
        )  # fmt: skip


def _elem(x: Any) -> Elem:
    e = Elem.from_letter(str(x))
    if e is None:
        raise ValueError(f"{x!r} is not an element")
    return e


@dataclass(frozen=True)
class AlchState:
    board: Board
    units: Units
    """the units the duel is played with (its game's unit file): every roster's"""
    players: tuple[str, str]
    pieces: tuple[Piece, ...]
    """sorted by (owner, name): storage order never decides"""
    called: tuple[frozenset[str], frozenset[str]]
    """units each player has ever had on the board (eliminated ones included)"""
    eliminated: tuple[frozenset[str], frozenset[str]]
    to_move: int
    turn_no: int
    catalyses: int = 0
    """catalyses begun this turn (0, 1 or 2)"""
    current: str | None = None
    """the unit of the open catalysis"""
    used: int = 0
    """actions it has taken"""
    spent: bool = False
    """its action points are consumed (an impel's reaction)"""
    outcome: Outcome | None = None
    last_reaction: Reaction | None = None

    @property
    def player(self) -> str:
        return self.players[self.to_move]

    def piece(self, owner: int, name: str) -> Piece | None:
        for p in self.pieces:
            if p.owner == owner and p.name == name:
                return p
        return None

    def at(self, hex_: int) -> Piece | None:
        for p in self.pieces:
            if p.hex == hex_:
                return p
        return None


def sort_pieces(pieces: Any) -> tuple[Piece, ...]:
    return tuple(sorted(pieces, key=lambda p: (p.owner, p.name)))


def state_to_json(s: AlchState) -> dict[str, Any]:
    return {
        "game": "alchelemental",
        "board": s.board.to_json(),
        "players": list(s.players),
        "units": [
            {
                "owner": p.owner,
                "unit": p.name,
                "hex": s.board.hex_name(p.hex),
                "rot": p.rot,
                "mirrored": p.mirrored,
                "faces": "".join(e.letter for e in p.faces()),
            }
            for p in s.pieces
        ],
        "called": [sorted(c) for c in s.called],
        "eliminated": [sorted(c) for c in s.eliminated],
        "to_move": s.to_move,
        "turn": s.turn_no,
        "catalyses": s.catalyses,
        "current": s.current,
        "used": s.used,
        "spent": s.spent,
        "outcome": None if s.outcome is None else s.outcome.to_json(),
        "last_reaction": None if s.last_reaction is None else s.last_reaction.to_json(),
    }


def state_from_json(d: Mapping[str, Any], units: Units) -> AlchState:
    """The state of its JSON, its units named in `units` (the game's)."""
    board, errors = load_board(d["board"])
    if board is None:
        raise ValueError("; ".join(errors))
    pieces = []
    for u in d["units"]:
        h = board.parse_hex(str(u["hex"]))
        if h is None or str(u["unit"]) not in units:
            raise ValueError(f"bad unit entry {u!r}")
        pieces.append(Piece(int(u["owner"]), units[str(u["unit"])], h, int(u["rot"]) % 6,
                            bool(u["mirrored"])))  # fmt: skip
    players = tuple(str(p) for p in d["players"])
    called = tuple(frozenset(str(x) for x in c) for c in d["called"])
    eliminated = tuple(frozenset(str(x) for x in c) for c in d["eliminated"])
    outcome = d.get("outcome")
    reaction = d.get("last_reaction")
    return AlchState(
        board,
        units,
        (players[0], players[1]),
        sort_pieces(pieces),
        (called[0], called[1]),
        (eliminated[0], eliminated[1]),
        int(d["to_move"]),
        int(d["turn"]),
        int(d["catalyses"]),
        None if d.get("current") is None else str(d["current"]),
        int(d["used"]),
        bool(d["spent"]),
        None if outcome is None else Outcome.from_json(outcome),
        None if reaction is None else Reaction.from_json(reaction),
    )
