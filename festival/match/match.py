"""A match on disk: its folder, store, configuration, engines, allocation and schedule."""

from __future__ import annotations

import hashlib
import json
import re
import secrets
from dataclasses import dataclass, replace
from functools import cached_property
from pathlib import Path

from festival.core import seeds
from festival.core.errors import EngineError, MatchError, StoreError, reason
from festival.core.registry import event_title as title
from festival.match.acts import NotAllocated
from festival.match.allocation import CLAIM_ORDER, Allocation, allocate, draw_lottery
from festival.match.config import MatchConfig
from festival.match.engines import AnyEngine, engine_specs, load_engine, load_engines
from festival.match.store import Store
from sheets.stamp import Stamp

HAND_EDIT_ERRORS = (LookupError, TypeError, ValueError, AttributeError, AssertionError)
"""What reading a configuration or allocation that was edited by hand into the wrong shape
raises (a missing key, a string where a number belongs, ...)."""


MATCH_ID = re.compile(r"[0-9a-f]{12}")


def templates_folder(folder: Path, round_no: int | None = None) -> Path:
    """Where `festival templates` writes a match's blank workbooks (for `round_no`: its
    round's folder); `resolve` refuses to read them as the players'."""
    made = folder / "templates"
    return made if round_no is None else made / f"round-{round_no}"


def config_match_id(config: MatchConfig) -> str:
    """The id a match had before ids were drawn: from its configuration."""
    text = json.dumps(config.to_json(), sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:12]


@dataclass
class Match:
    folder: Path
    store: Store
    config: MatchConfig

    @staticmethod
    def create(folder: Path, config: MatchConfig, match_id: str | None = None) -> Match:
        """A new match folder. `match_id` (12 hex digits) is drawn unless given: two matches
        made from the same roster, seed and options still refuse each other's workbooks. The
        sample festival gives the id its committed workbooks carry."""
        if match_id is not None and not MATCH_ID.fullmatch(match_id):
            raise MatchError(f"a match id is 12 hex digits, not {match_id!r}")
        problems = config.problems()
        if problems:
            raise MatchError("; ".join(problems))
        for event, spec in engine_specs(config.engines, config.events).items():
            try:
                engine = load_engine(spec)
            except EngineError as exc:
                raise MatchError(str(exc)) from exc
            errs = engine.check_options(config.event_options.get(event, {}))
            if errs:
                raise MatchError("; ".join(errs))
        store = Store.create(folder, config.to_json(), match_id or secrets.token_hex(6))
        return Match(folder, store, config)

    @staticmethod
    def open(folder: Path) -> Match:
        store = Store.open(folder)
        try:
            config = MatchConfig.from_json(store.config())
        except StoreError:
            store.close()
            raise
        except HAND_EDIT_ERRORS as exc:
            store.close()
            raise store.damaged(
                f"meta.config is not a match configuration ({reason(exc)})"
            ) from None
        match = Match(folder, store, config)
        try:
            if match.allocated:
                match.allocation  # noqa: B018 (damaged: said now, before any command writes)
        except StoreError:
            store.close()
            raise
        return match

    def close(self) -> None:
        self.store.close()

    @cached_property
    def match_id(self) -> str:
        """The match's id, drawn when it was created: the same in every copy of the match
        folder, different for any other match. A store made before matches had one gets an id
        from its configuration, as its workbooks were marked then."""
        stored = self.store.meta("match_id")
        if stored and MATCH_ID.fullmatch(stored):
            return stored
        return config_match_id(self.config)

    def stamp(self, round_no: int, player: str) -> Stamp:
        """The mark of `player`'s workbook for `round_no` (sheets/stamp.py)."""
        return Stamp(self.match_id, round_no, player)

    # --- engines ------------------------------------------------------------------------

    @cached_property
    def engine_specs(self) -> dict[str, str]:
        """event -> the "module:Class" of its engine, for every event that has one (naming
        them loads none)."""
        return engine_specs(self.config.engines, self.config.events)

    @cached_property
    def engines(self) -> dict[str, AnyEngine]:
        """event -> engine, for every event that has one."""
        try:
            return load_engines(self.config.engines, self.config.events)
        except EngineError as exc:
            raise MatchError(str(exc)) from exc

    def engine(self, event: str) -> AnyEngine:
        if event not in self.engines:
            raise MatchError(f"{title(event)} has no rules engine in this version of festival")
        return self.engines[event]

    def options(self, event: str) -> dict[str, object]:
        merged = dict(self.engine(event).default_options())
        merged.update(self.config.event_options.get(event, {}))
        return merged

    def event_index(self, event: str) -> int:
        return self.config.events.index(event)

    # --- allocation ---------------------------------------------------------------------

    def allocate(self, method: str = CLAIM_ORDER) -> Allocation:
        """Allocate events from the preferences (seeded) by `method` (festival.match.allocation:
        CLAIM_ORDER or FEWEST_UNMET), store and return it."""
        result = self.draw_allocation(method)
        self.store.save_allocation(result.to_json())
        return result

    def draw_allocation(self, method: str = CLAIM_ORDER) -> Allocation:
        """The allocation `allocate` would store, not stored."""
        if self.store.rounds():
            raise MatchError("rounds are already resolved; the allocation can no longer change")
        lottery = draw_lottery(self.config.players, seeds.stream(self.config.seed, "allocation"))
        result = allocate(
            self.config.preferences,
            self.config.events,
            self.config.capacity,
            self.config.events_per_player,
            lottery,
            method,
        )
        schedule = {
            event: engine.rounds(len(result.members[event]), self.config.rounds)
            for event, engine in self.engines.items()
        }
        return replace(result, schedule=schedule)

    @property
    def allocation(self) -> Allocation:
        content = self.store.allocation()
        if content is None:
            raise NotAllocated(self.folder)
        try:
            return Allocation.from_json(content)
        except HAND_EDIT_ERRORS as exc:
            raise self.store.damaged(
                f"allocation.content is not an allocation ({reason(exc)})"
            ) from None

    @property
    def allocated(self) -> bool:
        return self.store.allocation() is not None

    def participants(self, event: str) -> tuple[str, ...]:
        return self.allocation.members[event]

    # --- schedule -----------------------------------------------------------------------

    def schedule(self) -> dict[str, tuple[int, ...]]:
        """event -> the rounds it plays, for the events that have an engine: as stored with the
        allocation, or (an allocation stored before schedules were) as the engines say."""
        stored = self.allocation.schedule
        if stored is not None:
            return dict(stored)
        return {
            event: engine.rounds(len(self.participants(event)), self.config.rounds)
            for event, engine in self.engines.items()
        }

    def events_in_round(self, round_no: int) -> list[str]:
        """The events that take submissions in `round_no`, in the match's event order."""
        plan = self.schedule()
        return [e for e in self.config.events if round_no in plan.get(e, ())]

    def missing_engines(self) -> list[str]:
        return [e for e in self.config.events if e not in self.engine_specs]

    def events_of(self, player: str, round_no: int) -> list[str]:
        """The events `player` submits to in `round_no`."""
        mine = self.allocation.events_of(player)
        return [e for e in self.events_in_round(round_no) if e in mine]

    def last_resolved_round(self) -> int:
        rows = self.store.rounds()
        return max((r.round_no for r in rows), default=0)

    @property
    def finished(self) -> bool:
        return self.last_resolved_round() >= self.config.rounds

    # --- host inputs --------------------------------------------------------------------

    WINNER_CHOICE = "sole_winner_elimination_choice"

    def winner_choice(self) -> str | None:
        return self.store.host_input(self.WINNER_CHOICE)
