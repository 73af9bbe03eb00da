"""The interface every event engine provides, so the match drives any event the same way.

An engine is a stateless object; all game state lives in immutable state values. A round is
`resolve_round(state, submissions, rng) -> (new state, report)`. Every state carries
`round_no`, the last round it has resolved (setup leaves it at the round before the event's
first round), so `next_round(state)` is the round the next call resolves.

Submissions arrive in two forms, both parsed to the same typed value:
- a workbook as plain tables (`parse`), from the sheets layer;
- the canonical JSON form (`from_json` / `to_json`), for scripts, bots and tests.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeVar

from events.errors import ParseResult, SubmissionProblem
from events.ranking import Ranking
from events.report import RoundReport
from events.tables import CellValue, Workbook
from events.template import Template

if TYPE_CHECKING:  # in annotations only: the interface itself costs no numpy to import
    import numpy as np

    from events.duel import Picture


class EventState(Protocol):
    """What the match needs to know of any event's state."""

    @property
    def round_no(self) -> int: ...

    @property
    def players(self) -> tuple[str, ...]: ...


def in_fixed_order(players: Sequence[str]) -> tuple[str, ...]:
    """The players in an order that does not depend on how they were listed (by name), for an
    event's state: every seeded draw made player by player then follows it, so the roster's
    order never decides a result ("Order never decides", docs/rulings.md)."""
    return tuple(sorted(players))


S = TypeVar("S", bound=EventState)
T = TypeVar("T")


class EventEngine(ABC, Generic[S, T]):
    """One event's rules. Pure: no files, no network, no sheets, no UI."""

    name: ClassVar[str]
    """Machine name used in the store, JSON and the command line ("alchemy")."""
    title: ClassVar[str]
    """Name for people ("Alchemy")."""

    # --- setup and schedule -------------------------------------------------------------

    def default_options(self) -> Mapping[str, Any]:
        """The event's options and their defaults (rulings a host may change)."""
        return {}

    def check_options(self, options: Mapping[str, Any]) -> list[str]:
        """Problems with the given options, in words (empty when they are fine)."""
        unknown = sorted(set(options) - set(self.default_options()))
        problems = [f"{self.title} has no option {k!r}" for k in unknown]
        if self.catalog_fixture and not isinstance(options.get("catalog"), Mapping):
            problems.append(
                f"{self.title} needs a catalog (fixtures/{self.catalog_fixture} by default)"
            )
        return problems

    def first_round(self, n_participants: int) -> int:
        """The festival round in which this event first takes submissions: round 1, unless the
        event's rules start it later (Summoner's Dream with 6 players starts in round 2).
        Alchemy plays every round; Elemental Continuum is set up in round 1 (boards) and
        fires bolts in rounds 2-6, so it too takes submissions in every round."""
        return 1

    def rounds(self, n_participants: int, total_rounds: int) -> tuple[int, ...]:
        """The festival rounds in which this event takes submissions and resolves: every
        round from its first one."""
        return tuple(range(self.first_round(n_participants), total_rounds + 1))

    @abstractmethod
    def setup(
        self, players: Sequence[str], options: Mapping[str, Any], rng: np.random.Generator
    ) -> S:
        """The state before the event's first round (its players `in_fixed_order`)."""

    def next_round(self, state: S) -> int:
        """The round the next `resolve_round` call resolves."""
        return state.round_no + 1

    # --- submissions --------------------------------------------------------------------

    @abstractmethod
    def template(self, state: S, player: str, round_no: int) -> Template:
        """The tabs `player` fills in for `round_no`."""

    @abstractmethod
    def parse(self, state: S, player: str, round_no: int, workbook: Workbook) -> ParseResult[T]:
        """A submission from the event's tabs of a workbook, or every error found in it.

        `state` is the event before the round (for what parsing needs of it, such as a
        catalog); checks of what the player may afford belong in `validate`."""

    @abstractmethod
    def from_json(self, state: S, player: str, round_no: int, data: Any) -> ParseResult[T]:
        """A submission from its canonical JSON form, or every error found in it."""

    def plain_json(self, state: S, player: str, data: Any) -> T | None:
        """A submission from JSON written exactly as `to_json` writes it, typed at a fraction
        of `from_json`'s cost (no places recorded, so `validate`'s problems name tabs only):
        the way in for programs such as the lab's bots. None when `data` is anything else
        (`from_json` then reads it and names every error); whatever this reads, `from_json`
        reads to an equal value. By default None: every submission goes through `from_json`."""
        return None

    @abstractmethod
    def to_json(self, submission: T) -> Any:
        """The canonical JSON form of a submission (`from_json` reads it back)."""

    def to_cells(
        self, state: S, submission: T
    ) -> Mapping[str, Mapping[tuple[int, int], CellValue]]:
        """Where a submission is written in the event's workbook tabs: tab -> (row, col) ->
        value, as a player would fill them in (`parse` reads it back). For bots and the
        sample festival."""
        raise NotImplementedError(f"{self.title} cannot write submissions into workbooks")

    def validate(self, state: S, player: str, submission: T) -> tuple[SubmissionProblem, ...]:
        """Checks that need the game state (budgets, ownership...). Empty when valid."""
        return ()

    @abstractmethod
    def default_submission(self, state: S, player: str) -> T:
        """What a player who submitted nothing valid does, as the event's rules say."""

    def blank_choice(self, before: S, after: S, player: str) -> tuple[str, ...]:
        """What a player chose by handing in this event's tabs blank (the default is played:
        docs/rulings.md, "Missing and invalid submissions"), in words for their private
        report, from the states before and after the round; () says only that."""
        return ()

    # --- resolution ---------------------------------------------------------------------

    @abstractmethod
    def resolve_round(
        self, state: S, submissions: Mapping[str, T], rng: np.random.Generator
    ) -> tuple[S, RoundReport]:
        """Resolve the next round; `submissions` has one entry per participant."""

    def advance(self, state: S, submissions: Mapping[str, T], rng: np.random.Generator) -> S:
        """The state `resolve_round` gives, without its report: for callers that read no
        report (the balance lab's thousands of games). An engine whose report costs more
        than a little to build skips it here; the state must equal resolve_round's (a test
        compares them round by round)."""
        return self.resolve_round(state, submissions, rng)[0]

    # --- standings and views ------------------------------------------------------------

    @abstractmethod
    def ranking(self, state: S, gamewide: Sequence[str]) -> Ranking:
        """All participants in order: score, the event's tiebreaks, the Gamewide Tiebreak."""

    @abstractmethod
    def public_view(self, state: S) -> Mapping[str, Any]:
        """What everyone may know now."""

    @abstractmethod
    def private_view(self, state: S, player: str) -> Mapping[str, Any]:
        """What `player` alone may know now (besides the public view)."""

    @abstractmethod
    def host_view(self, state: S) -> Mapping[str, Any]:
        """Everything, for the host."""

    def final_announcement(self, state: S, gamewide: Sequence[str]) -> tuple[str, ...]:
        """Public Markdown lines revealed when the match ends (by default the ranking only)."""
        return tuple(f"{e.rank}. {e.player}" for e in self.ranking(state, gamewide))

    def public_pictures(self, state: S) -> Mapping[str, Picture]:
        """What everyone may see now, as board pictures for the public post (a name for each,
        e.g. "Wren's board" -> its picture); built from the public view only. By default
        none."""
        return {}

    def private_pictures(self, state: S, player: str, submission: T) -> Mapping[str, Picture]:
        """What `player` hands in, drawn for them alone while they can still change it (a
        name for each, e.g. "Your board" -> its picture): built from their private view, the
        public view and their own `submission` only. By default none."""
        return {}

    # --- catalogs -----------------------------------------------------------------------

    catalog_fixture: ClassVar[str | None] = None
    """the shipped default catalog workbook, a path under fixtures/ (None: no catalog)"""

    def load_catalog(self, workbook: Workbook) -> tuple[Any, list[SubmissionProblem]]:
        """The JSON form of a catalog workbook (stored in the event's options under
        "catalog"), or every problem found in it."""
        raise NotImplementedError(f"{self.title} has no catalog")

    def holdings(self, state: S, item: str) -> Mapping[str, int] | None:
        """How much of `item` each participant holds, if the event has such a thing.

        The festival asks its events for "gold" to award the most-gold garnet (Alchemy holds
        it).
        """
        return None

    def items_sold(self, options: Mapping[str, Any]) -> tuple[str, ...] | None:
        """Every item the event sells with these options (its catalog's machines, towers...),
        for the balance lab to force each in turn; None: the event sells nothing."""
        return None

    def items_bought(self, submission: Any) -> tuple[str, ...]:
        """The items a submission, in its canonical JSON form, buys (none by default)."""
        return ()

    def item_group(self, item: str) -> str:
        """What kind of thing `item` is (a machine, a tower...): the lab compares how often
        an item is bought with the other items of its group, its alternatives."""
        return "item"

    # --- the sample festival ------------------------------------------------------------

    def highlights(self, reports: Sequence[Mapping[str, Any]]) -> Mapping[str, Any]:
        """What in this event's round reports (their JSON form, oldest first) makes a played
        festival worth watching, by name: the sample festival is the first seed that has them
        all (none by default)."""
        return {}
