"""The interface every duel game provides (Element, Elemental Halma, Alchelemental,
Elementarium), so one store, one command line, one dashboard and one set of bots host any duel.

A duel is played in *actions*. A player's turn is the actions they take until they confirm;
a simultaneous game (Elementarium) lets every player in `to_act` give actions and resolves
when the last one confirms, keeping unconfirmed orders out of the other players' views.
An action is typed (a frozen dataclass of the game); it comes from the game's text notation
(`parse_actions`, what players type) or its canonical JSON (`action_from_json`); both are
documented in docs/formats.md.

Chance (Element's draws) is an action whose outcome the game fills in from a seeded numpy
Generator (`resolve_chance`); the resolved action, outcome included, is what is recorded, so
replaying the recorded actions with `apply` is exact and needs no generator at all.

`check` names what is wrong with an action (which action, which square, which rule) and
never raises, whatever it is given; `apply` is only called with actions `check` accepted.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar, cast

from events.parsed import Parsed as Parsed
from events.tables import Grid
from events.template import Template

if TYPE_CHECKING:
    import numpy as np

S = TypeVar("S")
A = TypeVar("A")


@dataclass(frozen=True)
class DuelProblem:
    """One thing wrong with one action, in words a player understands.

    `code` is stable ("element.place.occupied"); `rule` quotes or names the rule broken;
    `action` is the action's place in the turn being checked (0-based) when known.
    """

    code: str
    message: str
    square: str | None = None
    rule: str = ""
    action: int | None = None

    def __str__(self) -> str:
        where = f"action {self.action + 1}: " if self.action is not None else ""
        at = f"{self.square}: " if self.square else ""
        rule = f" [{self.rule}]" if self.rule else ""
        return f"{where}{at}{self.message}{rule} ({self.code})"

    def at_action(self, index: int) -> DuelProblem:
        """The problem as the `index`-th action's; one that already names its place keeps it
        (Elementarium's orders are one action whose moves its problems number as written)."""
        if self.action is not None:
            return self
        return DuelProblem(self.code, self.message, self.square, self.rule, index)

    def to_json(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "message": self.message,
            "square": self.square,
            "rule": self.rule,
            "action": self.action,
        }


def only(problem: DuelProblem | None) -> tuple[DuelProblem, ...]:
    """A check that finds at most one problem, as `problems` returns it."""
    return () if problem is None else (problem,)


class ConcedeReason(Enum):
    """Why a player concedes: they resign, or their time ran out (the clock records it)."""

    RESIGN = "resign"
    TIME = "time"

    @property
    def outcome_reason(self) -> str:
        """The outcome's reason code ("resigned", "time")."""
        return "time" if self is ConcedeReason.TIME else "resigned"

    @property
    def words(self) -> str:
        """What the conceding player did, for people ("resigned", "ran out of time")."""
        return "ran out of time" if self is ConcedeReason.TIME else "resigned"

    @staticmethod
    def from_json(value: Any) -> ConcedeReason | None:
        """The reason a concede action's JSON names ("resign", "time"); None for anything else."""
        return next((r for r in ConcedeReason if r.value == value), None)


@dataclass(frozen=True)
class Confirm:
    """The player confirms the turn: it ends, and can no longer be undone."""


@dataclass(frozen=True)
class Concede:
    """The player (their side) loses: they resign, or ran out of time."""

    reason: ConcedeReason = ConcedeReason.RESIGN


@dataclass(frozen=True)
class OrderCell:
    """Where one action of a filled-in order template was written: the squares it names
    and the cell, for people ("Ash, tab Orders, cell C4")."""

    squares: tuple[str, ...]
    where: str


@dataclass(frozen=True)
class TemplateOrders:
    """A player's filled-in order template read back: the actions as the game's notation, the
    cell of each, and what is wrong (each problem naming player, tab and cell)."""

    text: str
    cells: tuple[OrderCell, ...]
    errors: tuple[DuelProblem, ...]

    def where(self, square: str | None, player: str) -> str:
        """The cell of the action a problem names by its square; a problem naming no square
        is about the orders as a whole: every cell holding one ("Ash, tab Orders, cells C3,
        C6 and C9"; the player if none does)."""
        for cell in self.cells:
            if square is not None and square.lower() in (s.lower() for s in cell.squares):
                return cell.where
        if square is not None or not self.cells:
            return player
        if len(self.cells) == 1:
            return self.cells[0].where
        heads = {c.where.rpartition(" cell ")[0] for c in self.cells}
        if len(heads) != 1:
            return "; ".join(c.where for c in self.cells)
        refs = [c.where.rpartition(" cell ")[2] for c in self.cells]
        return f"{heads.pop()} cells {', '.join(refs[:-1])} and {refs[-1]}"


@dataclass(frozen=True)
class Outcome:
    """How a duel ended: the winner (None for a draw), a stable reason code and words."""

    winner: str | None
    reason: str
    detail: str
    team: tuple[str, ...] = ()
    """the winning players when a team wins (`winner` then names the team)"""

    def won_by(self, player: str) -> bool:
        """`player` is the winner or one of the winning team."""
        return player == self.winner or player in self.team

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"winner": self.winner, "reason": self.reason, "detail": self.detail}
        if self.team:
            out["team"] = list(self.team)
        return out

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> Outcome:
        winner = data.get("winner")
        return Outcome(
            None if winner is None else str(winner),
            str(data["reason"]),
            str(data["detail"]),
            tuple(str(p) for p in data.get("team", ())),
        )


@dataclass(frozen=True)
class PictureCell:
    """One square or hex as a picture shows it: a colour key the renderer maps to a colour,
    a short symbol, an optional count (stack height) and a marked flag (e.g. a mountain)."""

    col: int
    row: int
    kind: str
    symbol: str = ""
    count: int = 0
    marked: bool = False


@dataclass(frozen=True)
class PicturePiece:
    """A piece standing on a cell (a sage, a unit), drawn over the cell."""

    col: int
    row: int
    owner: int
    label: str
    colour: str = ""
    """a colour key (as a cell's kind) to fill the piece with instead of the owner's colour"""
    marked: bool = False
    """drawn with a ring (Elemental Halma: an elemental that can be captured where it stands)"""
    faces: tuple[str, ...] = ()
    """a unit with faces (Alchelemental): six colour keys by direction R, DR, DL, L, UL, UR"""
    mirrored: bool = False
    """the unit shows its mirrored side"""


@dataclass(frozen=True)
class Picture:
    """What a board picture needs, game-independent: the grid's shape and labels, the
    non-empty cells, the pieces, the cells the last turn changed, and a caption."""

    shape: str
    """"square" or "hex" (hex: odd rows shifted right by half a cell)"""
    cols: tuple[str, ...]
    rows: tuple[str, ...]
    cells: tuple[PictureCell, ...]
    pieces: tuple[PicturePiece, ...]
    highlight: frozenset[tuple[int, int]] = field(default_factory=frozenset)
    caption: str = ""
    legend: Mapping[str, str] = field(default_factory=dict)
    """colour key -> name for people ("F" -> "Fire")"""
    arrows: tuple[tuple[int, int, int, int, int], ...] = ()
    """the last turn's moves as (from col, from row, to col, to row, owner) (Elementarium)"""
    marks: frozenset[tuple[int, int]] = field(default_factory=frozenset)
    """cells to mark with a cross (Elementarium's clashes)"""
    colours: Mapping[str, str] = field(default_factory=dict)
    """the game's own colour keys (a cell's kind, a face, a piece's colour) -> the colour it is
    drawn in (events/palette.py); the four elements' letters F, W, E, A are every game's and
    need no entry. A key neither names is drawn neutral grey (a piece: its owner's colour)."""
    inks: Mapping[str, str] = field(default_factory=dict)
    """a colour key -> the colour of a letter written on it (black unless named here or an
    element's letter)"""


class DataProblems(ValueError):
    """What is wrong with a game's shipped data, by the keyword of its constructor that took
    each (a loader names the file it read for that keyword)."""

    def __init__(self, problems: Mapping[str, Sequence[str]]) -> None:
        self.problems = {keyword: tuple(found) for keyword, found in problems.items() if found}
        words = [f"{keyword}: {p}" for keyword, found in self.problems.items() for p in found]
        super().__init__("; ".join(words))


class DuelGame(ABC, Generic[S, A]):
    """One duel game's rules. Pure: no files, no network, no UI. Stateless."""

    name: ClassVar[str]
    """machine name ("element")"""
    title: ClassVar[str]
    player_counts: ClassVar[tuple[int, ...]] = (2,)
    simultaneous: ClassVar[bool] = False
    default_variant: ClassVar[str]
    search_playouts: ClassVar[tuple[int, int, int]] = (8, 32, 128)
    """the playouts a search bot makes in one TURN at its easy, medium and hard level: a
    fixed budget (the same seed plays the same game), shared among the turn's choices and
    calibrated per game by the bot ladder so a turn stays well inside the level's time cap"""
    search_turn_choices: ClassVar[int] = 1
    """how many choices (positions with more than one legal action) a turn usually asks of
    its player: the turn's playouts are shared among them (Element's take, steps and stones)"""
    search_depth: ClassVar[int] = 12
    """actions in one playout before the game's `evaluation` scores it"""

    # --- variants and setup -------------------------------------------------------------

    @abstractmethod
    def variants(self) -> Mapping[str, Mapping[str, Any]]:
        """Every named variant: name -> its switches (JSON values)."""

    def options(
        self, variant: str, overrides: Mapping[str, Any]
    ) -> Parsed[dict[str, Any], DuelProblem]:
        """A named variant's switches with the host's overrides, or what is wrong with them."""
        known = self.variants()
        if variant not in known:
            names = ", ".join(sorted(known))
            return Parsed(None, (DuelProblem("duel.variant", f"no variant {variant!r}: {names}"),))
        base = dict(known[variant])
        errors = [
            DuelProblem("duel.option", f"{self.title} has no option {k!r}")
            for k in sorted(set(overrides) - set(base))
        ]
        base.update({k: v for k, v in overrides.items() if k in base})
        errors.extend(self.check_options(base))
        return Parsed.of(base, errors)

    def check_options(self, options: Mapping[str, Any]) -> list[DuelProblem]:
        """Problems with a complete set of switches (empty when fine)."""
        return []

    @abstractmethod
    def initial_state(
        self, players: Sequence[str], options: Mapping[str, Any], rng: np.random.Generator
    ) -> S:
        """The position before the first action (`options` from `options()`)."""

    # --- whose turn ---------------------------------------------------------------------

    @abstractmethod
    def players(self, state: S) -> tuple[str, ...]: ...

    @abstractmethod
    def to_act(self, state: S) -> tuple[str, ...]:
        """Who may act now: one player, or every player who has still to confirm orders in a
        simultaneous game; empty once the duel is over."""

    def allies(self, state: S, player: str) -> tuple[str, ...]:
        """The players who win or lose with `player` (a team game: the team; by default the
        player alone). Bots score a playout for all of them."""
        return (player,)

    @abstractmethod
    def progress(self, state: S) -> str:
        """A line for people on the turn under way: who is to act and what the turn holds so
        far (every front end shows it as it is; the host words only the end, `outcome`)."""

    @abstractmethod
    def turn_number(self, state: S) -> int:
        """The number of the turn under way, from 1 (order files and workbook marks name it)."""

    def board_key(self, state: S) -> tuple[str, ...]:
        """Lines for people saying what the text board's letters mean that the board does not
        say itself (whose pieces are upper case); by default nothing."""
        return ()

    def turn_lines(self, before: S, after: S) -> tuple[str, ...]:
        """What happened between two positions that the board alone does not say, a line for
        people each (a simultaneous game's resolved turn: moves, clashes, spawns); by default
        nothing."""
        return ()

    # --- actions: notation, JSON, chance, checking, applying ----------------------------

    def action_example(self, state: S) -> str:
        """An example of the notation a player may type now (a desk's prompt); by default
        the first legal actions of the first player to act."""
        acting = self.to_act(state)
        legal = list(self.legal_actions(state, acting[0]))[:2] if acting else []
        return ", ".join(self.format_action(a) for a in legal)

    @abstractmethod
    def parse_actions(self, text: str) -> Parsed[tuple[A, ...], DuelProblem]:
        """Actions from the game's text notation, as players type it (syntax only)."""

    @abstractmethod
    def format_action(self, action: A) -> str:
        """The canonical notation of one action (`parse_actions` reads it back)."""

    @abstractmethod
    def action_from_json(self, data: Any) -> Parsed[A, DuelProblem]: ...

    @abstractmethod
    def action_to_json(self, action: A) -> Any: ...

    def resolve_chance(self, state: S, player: str, action: A, rng: np.random.Generator) -> A:
        """The action with its chance outcome filled in (identity for actions without)."""
        return action

    def check(self, state: S, player: str, action: A) -> tuple[DuelProblem, ...]:
        """Everything wrong with `player` taking `action` now (empty: legal). Never raises:
        whatever `action` is, a failure while checking it is itself the problem."""
        try:
            return tuple(self.problems(state, player, action))
        except Exception as exc:  # never raise on bad input: say what it was
            return (self.unreadable(action, exc),)

    @abstractmethod
    def problems(self, state: S, player: str, action: A) -> Sequence[DuelProblem]:
        """`check`'s work: everything wrong with the action (may raise on input that is not an
        action of the game; `check` reports that as `unreadable`)."""

    def unreadable(self, action: object, exc: Exception) -> DuelProblem:
        """The problem `check` reports when checking `action` raised `exc`."""
        return DuelProblem(
            f"{self.name}.bad-action", f"not an {self.title} action: {action!r} ({exc})"
        )

    @abstractmethod
    def apply(self, state: S, player: str, action: A) -> S:
        """The position after a legal, chance-resolved action."""

    @abstractmethod
    def legal_actions(self, state: S, player: str) -> Sequence[A]:
        """Every legal action of `player` now (chance actions unresolved)."""

    def search_actions(self, state: S, player: str) -> Sequence[A]:
        """The legal actions a search bot considers (by default all of them; a game with very
        many, like Alchelemental's calls, may offer a representative few)."""
        return self.legal_actions(state, player)

    def evaluation(self, state: S, player: str) -> float:
        """How good the position looks for `player`, in [-1, 1] (bots' cut-off playouts)."""
        return 0.0

    def forfeit_action(self, player: str, reason: ConcedeReason) -> A | None:
        """The action recording that `player` loses, if the game has one."""
        return None

    def chance_named(self, action: A) -> bool:
        """Whether `action` names its own chance outcome (Element's draw with its stones
        written in) rather than leaving it to the duel's seed: the host may record a draw made
        elsewhere, a player acting for themselves may not choose their luck."""
        return False

    def undo_refusal(self, before: S, action: A) -> str | None:
        """Why `action`, taken in position `before`, may not be taken back (None: it may)."""
        return None

    def random_action(self, state: S, player: str, rng: np.random.Generator) -> A | None:
        """A uniformly chosen legal action (games may sample faster); None if there is none."""
        actions = self.legal_actions(state, player)
        return actions[int(rng.integers(len(actions)))] if actions else None

    # --- the end ------------------------------------------------------------------------

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """None while the duel goes on."""

    # --- views and pictures -------------------------------------------------------------

    @abstractmethod
    def public_view(self, state: S) -> dict[str, Any]:
        """What everyone may know (the state JSON for a game without secrets)."""

    def player_view(self, state: S, player: str) -> dict[str, Any]:
        """What `player` may know (by default the public view: no secrets)."""
        return self.public_view(state)

    def host_view(self, state: S) -> dict[str, Any]:
        """Everything."""
        return self.state_to_json(state)

    def known_to(self, state: S, player: str) -> S:
        """The position as `player` may know it (a simultaneous game drops the other players'
        sealed orders): what a bot playing for `player` searches from."""
        return state

    def sealed(self, after: S) -> bool:
        """True while the action that led to `after` must stay secret (a simultaneous game's
        orders before the turn resolves); logs and views then show that orders are in, not
        what they are."""
        return False

    def order_template(self, state: S, player: str) -> Template | None:
        """The order tab `player` fills in this turn (a simultaneous game's orders as a
        workbook or a Google tab), described as data; None: the game has none."""
        return None

    def read_order_template(
        self, state: S, player: str, workbook: Mapping[str, Grid], name: str, tab: str
    ) -> TemplateOrders:
        """The orders written in `order_template`'s tab of `workbook` (`name`: the file or
        spreadsheet, `tab`: the tab's title there, for messages)."""
        problem = DuelProblem("duel.template", f"{self.title} has no order template")
        return TemplateOrders("", (), (problem,))

    @abstractmethod
    def picture(self, state: S, highlight: Iterable[tuple[int, int]] = ()) -> Picture: ...

    @abstractmethod
    def changed_cells(self, before: S, after: S) -> frozenset[tuple[int, int]]:
        """The cells whose contents differ (a picture's highlight of the last turn)."""

    # --- JSON ---------------------------------------------------------------------------

    @abstractmethod
    def state_to_json(self, state: S) -> dict[str, Any]: ...

    @abstractmethod
    def state_from_json(self, data: Mapping[str, Any]) -> S: ...


@dataclass(frozen=True)
class DuelCodec(Generic[S, A]):
    """A duel's notation and JSON as functions of its own modules (Element, Elemental Halma
    and Alchelemental keep them in a `notation` and a `state` module)."""

    parse_actions: Callable[[str], Parsed[tuple[A, ...], DuelProblem]]
    format_action: Callable[[A], str]
    action_from_json: Callable[[Any], Parsed[A, DuelProblem]]
    action_to_json: Callable[[A], Any]
    state_to_json: Callable[[S], dict[str, Any]]
    state_from_json: Callable[[Mapping[str, Any]], S]


class CodecGame(DuelGame[S, A]):
    """A duel whose notation and JSON are the functions of its `codec`."""

    @property
    @abstractmethod
    def codec(self) -> DuelCodec[S, A]: ...

    def parse_actions(self, text: str) -> Parsed[tuple[A, ...], DuelProblem]:
        return self.codec.parse_actions(text)

    def format_action(self, action: A) -> str:
        return self.codec.format_action(action)

    def action_from_json(self, data: Any) -> Parsed[A, DuelProblem]:
        return self.codec.action_from_json(data)

    def action_to_json(self, action: A) -> Any:
        return self.codec.action_to_json(action)

    def state_to_json(self, state: S) -> dict[str, Any]:
        return self.codec.state_to_json(state)

    def state_from_json(self, data: Mapping[str, Any]) -> S:
        return self.codec.state_from_json(data)


class ConfirmedTurns(DuelGame[S, A]):
    """A game played turn by turn, each turn ended by the shared `Confirm`, which a player
    loses by the shared `Concede` (Element, Elemental Halma, Alchelemental): the forfeit and
    the undo refusals they share. The game's actions include `Confirm` and `Concede`."""

    def forfeit_action(self, player: str, reason: ConcedeReason) -> A | None:
        return cast(A, Concede(reason))

    def concede_problem(self, action: Concede) -> DuelProblem | None:
        """What is wrong with a concession (only a reason that is not a ConcedeReason)."""
        if isinstance(action.reason, ConcedeReason):
            return None
        reasons = " or ".join(r.value for r in ConcedeReason)
        return DuelProblem(f"{self.name}.concede", f"concede: {reasons}, not {action.reason!r}")

    def chance_named(self, action: A) -> bool:
        """Whether `action` names its own chance outcome (Element's draw with its stones
        written in) rather than leaving it to the duel's seed: the host may record a draw made
        elsewhere, a player acting for themselves may not choose their luck."""
        return False

    def undo_refusal(self, before: S, action: A) -> str | None:
        """A confirmed turn and a concession are final; any other action may be taken back."""
        if isinstance(action, Confirm):
            return "the turn is confirmed"
        if isinstance(action, Concede):
            return "the duel was conceded"
        return None


@dataclass(frozen=True)
class Step(Generic[A]):
    """One recorded action: who took it and the chance-resolved action."""

    player: str
    action: A


class _Seeded:
    """`np.random.default_rng(np.random.SeedSequence([*numbers]))`, made on its first draw:
    numpy is imported only when a game draws (Element's draws), not for every action taken
    or position set up (`seeded`)."""

    __slots__ = ("_made", "_numbers")

    def __init__(self, numbers: tuple[int, ...]) -> None:
        self._numbers = numbers
        self._made: np.random.Generator | None = None

    def __getattr__(self, name: str) -> Any:
        if self._made is None:
            import numpy as np  # a heavy library, for the games that draw

            self._made = np.random.default_rng(np.random.SeedSequence(list(self._numbers)))
        return getattr(self._made, name)


def seeded(*numbers: int) -> np.random.Generator:
    """The generator of `np.random.default_rng(np.random.SeedSequence([*numbers]))`, the same
    draws; numpy is imported (and the generator made) when it is first drawn from."""
    return cast("np.random.Generator", _Seeded(numbers))


def chance_rng(seed: int, index: int) -> np.random.Generator:
    """The generator for the chance of the action at `index` of a duel with `seed`."""
    return seeded(seed, index)


def take(
    game: DuelGame[S, A],
    state: S,
    player: str,
    actions: Sequence[A],
    seed: int,
    first_index: int,
) -> tuple[S, list[Step[A]], list[DuelProblem]]:
    """Check and apply actions in order, resolving chance with the duel's generator.

    Stops at the first illegal action; returns the position reached, the steps taken (to be
    recorded) and the errors (each naming its action's place in `actions`)."""
    steps: list[Step[A]] = []
    for i, action in enumerate(actions):
        errors = game.check(state, player, action)
        if errors:
            return state, steps, [e.at_action(i) for e in errors]
        resolved = game.resolve_chance(state, player, action, chance_rng(seed, first_index + i))
        state = game.apply(state, player, resolved)
        steps.append(Step(player, resolved))
    return state, steps, []


def replay(game: DuelGame[S, A], start: S, steps: Iterable[Step[A]]) -> list[S]:
    """Every position from `start` through the recorded steps (exact: chance is recorded).

    Raises ValueError naming the step if a recorded step is not legal (a corrupted record)."""
    states = [start]
    for n, step in enumerate(steps, start=1):
        errors = game.check(states[-1], step.player, step.action)
        if errors:
            raise ValueError(f"recorded step {n} is not legal: {errors[0]}")
        states.append(game.apply(states[-1], step.player, step.action))
    return states
