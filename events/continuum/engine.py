"""The Elemental Continuum engine: setup in round 1, bolts in rounds 2-6."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

import numpy as np

from events.continuum import parse, picture, scoring
from events.continuum.board import BREAKDOWN_TILES, Board, random_board
from events.continuum.board_news import board_lines
from events.continuum.breaking import counts, evaluate
from events.continuum.elements import BOLT_ELEMENTS, Element
from events.continuum.layout import (
    BOARD_RANGE,
    BOARD_TAB,
    BOLT_CELLS,
    BOLT_ELEMENT_COL,
    BOLT_TARGET_COL,
    BOLTS_FIRST_ROW,
    BOLTS_TAB,
    WARD_POINTS_COL,
    WARD_ROWS,
    WARDS_TAB,
    grid_of,
)
from events.continuum.model import (
    Bolt,
    BoltsSubmission,
    BrokenTile,
    ContinuumState,
    ContinuumSubmission,
    Hit,
    SetupSubmission,
)
from events.continuum.squares import Square, squares_text
from events.continuum.template import board_tab, board_view_tab, bolts_tab, wards_tab
from events.duel import Picture
from events.engine import EventEngine, in_fixed_order
from events.errors import ParseResult, SubmissionProblem
from events.ranking import Criterion, Ranking, number_json, rank_players
from events.report import RoundReport
from events.tables import CellValue, Workbook
from events.template import Template, TemplateTab

CARRY_HITS = "carry_hits"


class ContinuumEngine(EventEngine[ContinuumState, ContinuumSubmission]):
    name = "continuum"
    title = "Elemental Continuum"

    def default_options(self) -> Mapping[str, Any]:
        return {CARRY_HITS: True}

    def check_options(self, options: Mapping[str, Any]) -> list[str]:
        problems = super().check_options(options)
        if CARRY_HITS in options and not isinstance(options[CARRY_HITS], bool):
            problems.append(f"{CARRY_HITS} must be true or false")
        return problems

    def setup(
        self, players: Sequence[str], options: Mapping[str, Any], rng: np.random.Generator
    ) -> ContinuumState:
        carry = bool({**self.default_options(), **options}[CARRY_HITS])
        return ContinuumState(in_fixed_order(players), 0, carry, {}, {}, {}, {}, {})

    # --- submissions --------------------------------------------------------------------

    def template(self, state: ContinuumState, player: str, round_no: int) -> Template:
        tabs: tuple[TemplateTab, ...]
        if round_no == 1:
            tabs = (board_tab(), wards_tab())
        elif player in state.boards:
            tabs = (bolts_tab(round_no), board_view_tab(state, player))
        else:
            tabs = (bolts_tab(round_no),)
        return Template(self.name, player, round_no, tabs, title=self.title)

    def parse(
        self, state: ContinuumState, player: str, round_no: int, workbook: Workbook
    ) -> ParseResult[ContinuumSubmission]:
        if round_no == 1:
            return parse.parse_setup_workbook(player, workbook)
        return parse.parse_bolts_workbook(player, round_no, workbook)

    def from_json(
        self, state: ContinuumState, player: str, round_no: int, data: Any
    ) -> ParseResult[ContinuumSubmission]:
        if round_no == 1:
            return parse.parse_setup_json(player, data)
        return parse.parse_bolts_json(player, data)

    def plain_json(
        self, state: ContinuumState, player: str, data: Any
    ) -> ContinuumSubmission | None:
        return parse.plain_json(state.round_no == 0, data)

    def to_json(self, submission: ContinuumSubmission) -> Any:
        if isinstance(submission, SetupSubmission):
            return parse.setup_json(submission)
        return parse.bolts_json(submission)

    def to_cells(
        self, state: ContinuumState, submission: ContinuumSubmission
    ) -> Mapping[str, Mapping[tuple[int, int], CellValue]]:
        if isinstance(submission, SetupSubmission):
            if submission.board is None:
                return {}
            board = submission.board
            return {
                BOARD_TAB: {grid_of(sq): label for sq, label in board.layout().items()},
                WARDS_TAB: {
                    (WARD_ROWS[label], WARD_POINTS_COL): value
                    for label, value in board.values().items()
                },
            }
        return {
            BOLTS_TAB: {
                cell: value
                for i, bolt in enumerate(submission.bolts)
                for cell, value in (
                    ((BOLTS_FIRST_ROW + i, BOLT_ELEMENT_COL), bolt.element.title),
                    ((BOLTS_FIRST_ROW + i, BOLT_TARGET_COL), str(bolt.target)),
                )
            }
        }

    def validate(
        self, state: ContinuumState, player: str, submission: ContinuumSubmission
    ) -> tuple[SubmissionProblem, ...]:
        """Only a submission made in code can be of the wrong kind (a workbook and JSON are read
        by round); the problem names where that round's input goes."""
        setup = state.round_no == 0
        if setup != isinstance(submission, SetupSubmission):
            what = "a board" if setup else "bolts"
            tab, cells = (BOARD_TAB, BOARD_RANGE) if setup else (BOLTS_TAB, BOLT_CELLS)
            message = f"round {state.round_no + 1} takes {what}"
            return (SubmissionProblem("continuum.round", player, message, self.name, tab, cells),)
        return ()

    def default_submission(self, state: ContinuumState, player: str) -> ContinuumSubmission:
        """No board: a random legal board is drawn. No bolts: the player fires none."""
        if state.round_no == 0:
            return SetupSubmission(None)
        return BoltsSubmission(())

    def blank_choice(
        self, before: ContinuumState, after: ContinuumState, player: str
    ) -> tuple[str, ...]:
        """Round 1: nothing to add (the report tells of the board drawn); later: no bolts."""
        return () if before.round_no == 0 else ("You fired no bolts this round.",)

    # --- resolution ---------------------------------------------------------------------

    def resolve_round(
        self,
        state: ContinuumState,
        submissions: Mapping[str, ContinuumSubmission],
        rng: np.random.Generator,
    ) -> tuple[ContinuumState, RoundReport]:
        if state.round_no == 0:
            return self._setup_round(state, submissions, rng)
        new, broken_now, down_now = self._bolts_round(state, submissions)
        return new, self._bolts_report(new, broken_now, down_now)

    def advance(
        self,
        state: ContinuumState,
        submissions: Mapping[str, ContinuumSubmission],
        rng: np.random.Generator,
    ) -> ContinuumState:
        """The new state; the round's report (every ward of every board described in round 1,
        scores and shares for every board after bolts) is skipped."""
        if state.round_no == 0:
            return self._setup_state(state, submissions, rng)[0]
        return self._bolts_round(state, submissions)[0]

    def _setup_round(
        self,
        state: ContinuumState,
        submissions: Mapping[str, ContinuumSubmission],
        rng: np.random.Generator,
    ) -> tuple[ContinuumState, RoundReport]:
        new, drawn = self._setup_state(state, submissions, rng)
        return new, self._setup_report(new, drawn)

    def _setup_state(
        self,
        state: ContinuumState,
        submissions: Mapping[str, ContinuumSubmission],
        rng: np.random.Generator,
    ) -> tuple[ContinuumState, list[str]]:
        """The state with every board set, and the players whose board was drawn."""
        boards: dict[str, Board] = {}
        drawn: list[str] = []
        # one generator per player, so a drawn board does not depend on who else was drawn
        player_rngs = dict(zip(state.players, rng.spawn(len(state.players)), strict=True))
        for p in state.players:
            sub = submissions[p]
            if not isinstance(sub, SetupSubmission):
                raise ValueError(f"round 1 of {self.title} takes boards, not bolts ({p})")
            if sub.board is None:
                boards[p] = random_board(player_rngs[p])
                drawn.append(p)
            else:
                boards[p] = sub.board
        return replace(state, round_no=1, boards=boards), drawn

    def _setup_report(self, state: ContinuumState, drawn: list[str]) -> RoundReport:
        boards = state.boards
        private = {
            p: (
                *(
                    ("No valid board came from you, so a random legal board was drawn for you.",)
                    if p in drawn
                    else ()
                ),
                "Your board is set:",
                *(f"- {w.label}: {w.describe()}" for w in boards[p].wards),
            )
            for p in state.players
        }
        host = tuple(
            f"{p}{' (drawn)' if p in drawn else ''}: "
            + "; ".join(f"{w.label} {w.describe()}" for w in boards[p].wards)
            for p in state.players
        )
        return RoundReport(
            event=self.name,
            round_no=1,
            public=(f"All {len(state.players)} boards are set. Bolts fly from round 2.",),
            private=private,
            host=host,
            data={"public": {"boards_set": len(state.players)}, "host": {"drawn": drawn}},
        )

    def _bolts_round(
        self, state: ContinuumState, submissions: Mapping[str, ContinuumSubmission]
    ) -> tuple[ContinuumState, list[tuple[str, Square]], list[tuple[str, str]]]:
        """The new state, the tiles broken and the wards broken down this round."""
        round_no = state.round_no + 1
        hits: dict[tuple[str, Square], tuple[Hit, ...]] = (
            dict(state.hits) if state.carry_hits else {}
        )
        fired: dict[str, tuple[Bolt, ...]] = {}
        struck: set[tuple[str, Square]] = set()
        players, boards = state.players, state.boards
        was_broken, was_down = state.broken, state.broken_down
        for shooter in players:
            sub = submissions[shooter]
            if not isinstance(sub, BoltsSubmission):
                raise ValueError(f"round {round_no} of {self.title} takes bolts ({shooter})")
            fired[shooter] = sub.bolts
            for number, bolt in enumerate(sub.bolts, 1):
                hit = Hit(shooter, bolt.element, round_no, number)
                struck_tiles = _STRUCK_TILES[bolt.element]
                target = bolt.target
                for owner in players:
                    if owner == shooter:
                        continue
                    # "A bolt on a broken tile, or on a ward that has broken down, does
                    # nothing": tested here, inline, for each bolt on each board
                    key = (owner, target)
                    if key in was_broken:
                        continue
                    ward = boards[owner].ward_at(target)
                    if ward.element in struck_tiles and (owner, ward.label) not in was_down:
                        hits[key] = (*hits.get(key, ()), hit)
                        struck.add(key)
        broken = dict(state.broken)
        broken_now: list[tuple[str, Square]] = []
        for key in sorted(struck):
            owner, sq = key
            breaks, contributors = evaluate(state.boards[owner].ward_at(sq).element, hits[key])
            if breaks:
                broken[key] = BrokenTile(round_no, breaks, contributors)
                broken_now.append(key)
                del hits[key]
        broken_down = dict(state.broken_down)
        down_now: list[tuple[str, str]] = []
        # A ward's count of broken tiles grows only when one of its tiles breaks, and every
        # round checks the wards whose tiles broke in it: a ward with no tile broken this
        # round stayed below BREAKDOWN_TILES, so only the wards hit now need counting.
        hit_now: dict[str, set[str]] = {}
        for owner, sq in broken_now:
            hit_now.setdefault(owner, set()).add(state.boards[owner].ward_at(sq).label)
        for owner in state.players:
            labels = hit_now.get(owner)
            if labels is None:
                continue
            for ward in state.boards[owner].wards:
                if ward.label not in labels or (owner, ward.label) in broken_down:
                    continue
                if sum((owner, sq) in broken for sq in ward.squares) >= BREAKDOWN_TILES:
                    broken_down[(owner, ward.label)] = round_no
                    down_now.append((owner, ward.label))
                    for sq in ward.squares:
                        hits.pop((owner, sq), None)
        if not state.carry_hits:
            hits = {}  # this round's bolts only: nothing unbroken carries over
        bolts_log = {**state.bolts, round_no: fired}
        new = replace(
            state,
            round_no=round_no,
            hits=hits,
            broken=broken,
            broken_down=broken_down,
            bolts=bolts_log,
        )
        return new, broken_now, down_now

    def _bolts_report(
        self,
        state: ContinuumState,
        broken_now: list[tuple[str, Square]],
        down_now: list[tuple[str, str]],
    ) -> RoundReport:
        round_no = state.round_no
        public: list[str] = []
        by_owner: dict[str, list[Square]] = {}
        for owner, sq in broken_now:
            by_owner.setdefault(owner, []).append(sq)
        if not by_owner:
            public.append("No tile broke this round.")
        for owner in state.players:
            if owner in by_owner:
                public.append(f"Broken on {owner}'s board: {squares_text(by_owner[owner])}.")
        downs = []
        for owner, label in down_now:
            ward = state.boards[owner].ward(label)
            public.append(f"**{owner}'s {ward.describe()}** broke down.")
            downs.append(_ward_json(owner, ward))
        private: dict[str, tuple[str, ...]] = {}
        for p in state.players:
            bolts = state.bolts[round_no].get(p, ())
            fired = (
                "Your bolts: " + ", ".join(str(b) for b in bolts) + "."
                if bolts
                else "You fired no bolts this round."
            )
            private[p] = (fired, *board_lines(state, p, by_owner.get(p, ())))
        host: list[str] = []
        for p in state.players:
            bolts = state.bolts[round_no].get(p, ())
            host.append(f"{p} fired: " + (", ".join(str(b) for b in bolts) or "nothing"))
        for owner, sq in broken_now:
            tile = state.broken[(owner, sq)]
            who = ", ".join(
                f"{h.shooter} ({h.element.value}, round {h.round_no})" for h in tile.contributors
            )
            host.append(f"{owner} {sq} broke ({' + '.join(tile.breaks)}) by {who}")
        for owner, label in down_now:
            shares = scoring.ward_shares(state, owner, label)
            host.append(
                f"{owner}'s {label} broke down: "
                + ", ".join(f"{p} {share}" for p, share in shares.items())
            )
        return RoundReport(
            event=self.name,
            round_no=round_no,
            public=tuple(public),
            private=private,
            host=tuple(host),
            data={
                "public": {
                    "broken": {o: [str(s) for s in sqs] for o, sqs in by_owner.items()},
                    "breakdowns": downs,
                },
                "host": {
                    "bolts": {
                        p: [{"element": b.element.value, "target": str(b.target)} for b in bs]
                        for p, bs in state.bolts[round_no].items()
                    }
                },
            },
        )

    def highlights(self, reports: Sequence[Mapping[str, Any]]) -> Mapping[str, Any]:
        """Wards breaking down: how many public lines told of one."""
        return {
            "ward_breakdowns": sum("broke down" in line for r in reports for line in r["public"])
        }

    # --- standings and views ------------------------------------------------------------

    def ranking(self, state: ContinuumState, gamewide: Sequence[str]) -> Ranking:
        return rank_players(
            state.players,
            Criterion("points", scoring.scores(state)),
            [
                Criterion(
                    "unbroken tiles", {p: scoring.unbroken_tiles(state, p) for p in state.players}
                ),
                Criterion("tiles broken", scoring.tiles_broken_by(state)),
            ],
            gamewide,
        )

    def final_announcement(self, state: ContinuumState, gamewide: Sequence[str]) -> tuple[str, ...]:
        """The full ranking, without points ("Players' points will not be revealed")."""
        return tuple(f"{e.rank}. {e.player}" for e in self.ranking(state, gamewide))

    def public_view(self, state: ContinuumState) -> Mapping[str, Any]:
        """Every board as everyone knows it: its broken tiles (those broken this round also in
        "broken_now": each round's are announced) and the wards that broke down."""
        broken: dict[str, list[str]] = {p: [] for p in state.players}
        now: dict[str, list[str]] = {p: [] for p in state.players}
        for (o, sq), tile in state.broken.items():
            broken[o].append(str(sq))
            if tile.round_no == state.round_no:
                now[o].append(str(sq))
        down: dict[str, list[dict[str, Any]]] = {p: [] for p in state.players}
        for o, label in sorted(state.broken_down):
            down[o].append(_ward_json(o, state.boards[o].ward(label)))
        return {
            "round": state.round_no,
            "boards": {
                p: {
                    "broken": sorted(broken[p]),
                    "broken_now": sorted(now[p]),
                    "broken_down": down[p],
                }
                for p in state.players
            },
        }

    def public_pictures(self, state: ContinuumState) -> Mapping[str, Picture]:
        """Each board as everyone knows it: broken tiles and the wards that broke down."""
        return picture.public_pictures(self.public_view(state))

    def private_pictures(
        self, state: ContinuumState, player: str, submission: ContinuumSubmission
    ) -> Mapping[str, Picture]:
        """The player's own board: in round 1, the board they hand in; later, their board as
        their private view shows it (a board never changes)."""
        if isinstance(submission, SetupSubmission):
            if submission.board is None:
                return {}  # none given: drawn for them at random when the round resolves
            data = parse.setup_json(submission)
            caption = f"Your board as handed in for round {state.round_no + 1}"
            return {"Your board": picture.own_board_picture(data["board"], data["values"], caption)}
        view = self.private_view(state, player)
        wards: dict[str, list[str]] = {}
        for name, label in dict(view["board"]).items():
            wards.setdefault(str(label), []).append(str(name))
        if not wards:
            return {}
        caption = f"Your board (round {state.round_no + 1})"
        return {"Your board": picture.own_board_picture(wards, view["values"], caption)}

    def private_view(self, state: ContinuumState, player: str) -> Mapping[str, Any]:
        board = state.boards.get(player)
        return {
            "board": dict(board.named_layout) if board else {},
            "values": board.values() if board else {},
            "bolts": {
                r: [
                    {"element": b.element.value, "target": str(b.target)}
                    for b in by_p.get(player, ())
                ]
                for r, by_p in sorted(state.bolts.items())
            },
        }

    def host_view(self, state: ContinuumState) -> Mapping[str, Any]:
        points = scoring.scores(state)
        return {
            "round": state.round_no,
            "carry_hits": state.carry_hits,
            "boards": {p: self.private_view(state, p) for p in state.players},
            "hits": {
                p: {
                    str(sq): [
                        {"shooter": h.shooter, "element": h.element.value, "round": h.round_no}
                        for h in hs
                    ]
                    for (o, sq), hs in sorted(state.hits.items())
                    if o == p
                }
                for p in state.players
            },
            "broken": {
                p: {
                    str(sq): {
                        "round": t.round_no,
                        "breaks": list(t.breaks),
                        "by": [h.shooter for h in t.contributors],
                    }
                    for (o, sq), t in sorted(state.broken.items())
                    if o == p
                }
                for p in state.players
            },
            "broken_down": {
                p: [label for (o, label) in sorted(state.broken_down) if o == p]
                for p in state.players
            },
            "points": {p: number_json(v) for p, v in points.items()},
        }


_STRUCK_TILES: dict[Element, tuple[Element, ...]] = {
    bolt: tuple(tile for tile in Element if counts(tile, bolt)) for bolt in BOLT_ELEMENTS
}
"""bolt element -> the tile elements a bolt of it can ever matter to (`counts`), looked up
once per bolt rather than asked once per board"""


def _ward_json(owner: str, ward: Any) -> dict[str, Any]:
    return {
        "owner": owner,
        "element": ward.element.value,
        "shape": ward.shape,
        "value": ward.value,
        "squares": list(ward.square_names),
    }
