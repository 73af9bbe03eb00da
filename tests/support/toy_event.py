"""Tally: a tiny event that exists only to prove the event interface.

Each round every participant writes a number from 1 to 5 on the "Tally" tab (cell B2). A
player scores their number if no other participant wrote the same one; a seeded lucky
number drawn each round adds 1 more to whoever wrote it and scored. Writing 1 also earns one
gold (so the festival's most-gold garnet can be tested). A missing submission plays nothing.
Public: how many players scored. Private: your number, your points, your total.
Ranking: points, then fewer numbers written in total, then the Gamewide Tiebreak.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from events.engine import EventEngine, in_fixed_order
from events.errors import ParseResult, SubmissionProblem
from events.parsed import Parsed
from events.ranking import Criterion, Ranking, rank_players
from events.report import RoundReport
from events.summoners import SummonersEngine
from events.tables import Workbook
from events.template import Dropdown, Template, TemplateTab

CELL = "B2"


@dataclass(frozen=True)
class TallySubmission:
    number: int | None


@dataclass(frozen=True)
class TallyState:
    players: tuple[str, ...]
    round_no: int
    points: Mapping[str, int]
    written: Mapping[str, int]
    gold: Mapping[str, int]
    last: Mapping[str, int | None]


class TallyEngine(EventEngine[TallyState, TallySubmission]):
    name = "tally"
    title = "Tally"
    tab = "Tally"

    def default_options(self) -> Mapping[str, Any]:
        return {"lucky_bonus": 1}

    def setup(
        self, players: Sequence[str], options: Mapping[str, Any], rng: np.random.Generator
    ) -> TallyState:
        seated = in_fixed_order(players)
        zero = dict.fromkeys(seated, 0)
        start = self.first_round(len(seated)) - 1
        return TallyState(seated, start, zero, zero, zero, dict.fromkeys(seated))

    def template(self, state: TallyState, player: str, round_no: int) -> Template:
        tab = TemplateTab(
            name=self.tab,
            cells={(0, 0): f"Tally, round {round_no}", (1, 0): "Number (1-5)"},
            input_range="A1:B2",
            dropdowns=(Dropdown(CELL, ("1", "2", "3", "4", "5")),),
            fills={(1, 1): "FFF2CC"},
            bold=frozenset({(0, 0)}),
        )
        return Template(self.name, player, round_no, (tab,))

    def parse(
        self, state: TallyState, player: str, round_no: int, workbook: Workbook
    ) -> ParseResult[TallySubmission]:
        grid = workbook.get(self.tab)
        if grid is None:
            return Parsed.of(
                None,
                [
                    SubmissionProblem(
                        "tally.tab", player, f"no {self.tab!r} tab", self.name, self.tab
                    )
                ],
            )
        return self._number(player, grid.text(1, 1), self.tab, CELL)

    def from_json(
        self, state: TallyState, player: str, round_no: int, data: Any
    ) -> ParseResult[TallySubmission]:
        if not isinstance(data, dict) or "number" not in data:
            return Parsed.of(
                None,
                [SubmissionProblem("tally.json", player, 'expected {"number": 1-5}', self.name)],
            )
        if data["number"] is None:
            return Parsed.of(TallySubmission(None), [])  # the default: plays nothing
        return self._number(player, str(data["number"]), None, None)

    def _number(
        self, player: str, text: str, tab: str | None, cell: str | None
    ) -> ParseResult[TallySubmission]:
        if text.isdigit() and 1 <= int(text) <= 5:
            return Parsed.of(TallySubmission(int(text)), [])
        return Parsed.of(
            None,
            [
                SubmissionProblem(
                    "tally.number",
                    player,
                    f"{text!r} is not a number from 1 to 5",
                    self.name,
                    tab,
                    cell,
                )
            ],
        )

    def to_json(self, submission: TallySubmission) -> Any:
        return {"number": submission.number}

    def default_submission(self, state: TallyState, player: str) -> TallySubmission:
        return TallySubmission(None)

    def resolve_round(
        self,
        state: TallyState,
        submissions: Mapping[str, TallySubmission],
        rng: np.random.Generator,
    ) -> tuple[TallyState, RoundReport]:
        lucky = int(rng.integers(1, 6))
        numbers = {p: submissions[p].number for p in state.players}
        played = [n for n in numbers.values() if n is not None]
        points, written, gold = dict(state.points), dict(state.written), dict(state.gold)
        private: dict[str, tuple[str, ...]] = {}
        scored = 0
        for p, n in numbers.items():
            gain = 0
            if n is not None:
                written[p] += n
                gold[p] += n == 1
                if played.count(n) == 1:
                    gain = n + (1 if n == lucky else 0)
                    scored += 1
            points[p] += gain
            private[p] = (f"{p}, you wrote {n}; you scored {gain}; your total is {points[p]}.",)
        new = replace(
            state,
            round_no=state.round_no + 1,
            points=points,
            written=written,
            gold=gold,
            last=numbers,
        )
        report = RoundReport(
            event=self.name,
            round_no=new.round_no,
            public=(f"{scored} player(s) scored in Tally this round.",),
            private=private,
            host=(f"Lucky number {lucky}; numbers {numbers}",),
            data={"public": {"scored": scored}, "host": {"lucky": lucky}},
        )
        return new, report

    def ranking(self, state: TallyState, gamewide: Sequence[str]) -> Ranking:
        return rank_players(
            state.players,
            Criterion("points", state.points),
            [Criterion("numbers written", state.written, higher_is_better=False)],
            gamewide,
        )

    def public_view(self, state: TallyState) -> Mapping[str, Any]:
        return {"round": state.round_no}

    def private_view(self, state: TallyState, player: str) -> Mapping[str, Any]:
        return {"points": state.points[player], "last": state.last[player]}

    def host_view(self, state: TallyState) -> Mapping[str, Any]:
        return {"points": dict(state.points), "gold": dict(state.gold)}

    def holdings(self, state: TallyState, item: str) -> Mapping[str, int] | None:
        return dict(state.gold) if item == "gold" else None


class AlchemyTally(TallyEngine):
    """Tally standing in for Alchemy (it holds gold)."""

    name = "alchemy"
    tab = "Tally A"


class ContinuumTally(TallyEngine):
    name = "continuum"
    tab = "Tally C"


class SummonersTally(TallyEngine):
    """Tally standing in for Summoner's Dream: with 6 participants it starts in round 2."""

    name = "summoners"
    tab = "Tally S"

    def first_round(self, n_participants: int) -> int:
        return SummonersEngine().first_round(n_participants)


MODULE = "tests.support.toy_event"
ENGINE_ARGS = [
    f"--engine=alchemy={MODULE}:AlchemyTally",
    f"--engine=continuum={MODULE}:ContinuumTally",
    f"--engine=summoners={MODULE}:SummonersTally",
]


class RepeatingAlchemyTally(AlchemyTally):
    """Like AlchemyTally, but a player who sends nothing repeats their last number: a default
    that depends on the state (as Summoner's Dream's carried-over configuration does)."""

    def default_submission(self, state: TallyState, player: str) -> TallySubmission:
        return TallySubmission(state.last[player])
