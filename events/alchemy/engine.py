"""The Alchemy engine: harvest, machines, engineering and the market, six rounds."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any

import numpy as np

from events.alchemy import parse
from events.alchemy.catalog import GOLD, Catalog, Effect, load_catalog
from events.alchemy.layout import ENGINEER_ROWS
from events.alchemy.model import (
    BASE_ENERGY,
    START_COINS,
    AlchemyState,
    AlchemySubmission,
    PlayerBook,
    RoundLog,
)
from events.alchemy.report_words import failure_line, sale_lines
from events.alchemy.resolve import resolve_round
from events.alchemy.rules import energy_cost, multiplier
from events.alchemy.template import buy_tab, engineer_tab, harvest_tab, machine_tab, status_tab
from events.engine import EventEngine, in_fixed_order
from events.errors import ParseResult, SubmissionProblem, quoted
from events.memo import LastRead, LastWritten
from events.numbers import number_text
from events.ranking import Criterion, Ranking, TieWords, number_json, rank_players, tie_note
from events.report import RoundReport
from events.tables import CellValue, Workbook
from events.template import Template

CATALOG = "catalog"
_read_catalog = LastRead(Catalog.from_json)
"""the catalog of the options (a lab's festivals all read the same one)"""
_catalog_json = LastWritten(Catalog.to_json)
"""the catalog of the public view (the same every round)"""


class AlchemyEngine(EventEngine[AlchemyState, AlchemySubmission]):
    name = "alchemy"
    title = "Alchemy"
    catalog_fixture = "alchemy/catalog.xlsx"

    def default_options(self) -> Mapping[str, Any]:
        return {CATALOG: None}

    def load_catalog(self, workbook: Workbook) -> tuple[Any, list[SubmissionProblem]]:
        catalog, errors = load_catalog(workbook)
        return (catalog.to_json() if catalog else None), errors

    def setup(
        self, players: Sequence[str], options: Mapping[str, Any], rng: np.random.Generator
    ) -> AlchemyState:
        catalog = _read_catalog(options[CATALOG])
        book = PlayerBook(START_COINS, Fraction(0), {}, (), {})
        players = in_fixed_order(players)
        return AlchemyState(players, 0, catalog, dict.fromkeys(players, book), {}, {})

    # --- submissions --------------------------------------------------------------------

    def energy(self, state: AlchemyState, player: str) -> int:
        """This round's energy: 17 plus the energy machines bought in earlier rounds."""
        catalog = state.catalog
        return BASE_ENERGY + sum(
            catalog.machine(m).amount
            for m in state.books[player].machines
            if catalog.machine(m).effect is Effect.ENERGY
        )

    def template(self, state: AlchemyState, player: str, round_no: int) -> Template:
        book, energy = state.books[player], self.energy(state, player)
        tabs = (
            harvest_tab(state.catalog, round_no, energy),
            buy_tab(state.catalog, round_no, book.coins),
            machine_tab(state.catalog, round_no, book.machines),
            engineer_tab(state.catalog, round_no),
            status_tab(book, round_no, energy),
        )
        return Template(self.name, player, round_no, tabs, title=self.title)

    def parse(
        self, state: AlchemyState, player: str, round_no: int, workbook: Workbook
    ) -> ParseResult[AlchemySubmission]:
        return parse.parse_workbook(player, state.catalog, workbook)

    def from_json(
        self, state: AlchemyState, player: str, round_no: int, data: Any
    ) -> ParseResult[AlchemySubmission]:
        return parse.parse_json(player, state.catalog, data)

    def plain_json(self, state: AlchemyState, player: str, data: Any) -> AlchemySubmission | None:
        return parse.plain_json(state.catalog, data)

    def to_json(self, submission: AlchemySubmission) -> Any:
        return parse.to_json(submission)

    def to_cells(
        self, state: AlchemyState, submission: AlchemySubmission
    ) -> Mapping[str, Mapping[tuple[int, int], CellValue]]:
        return parse.to_cells(submission)

    def validate(
        self, state: AlchemyState, player: str, submission: AlchemySubmission
    ) -> tuple[SubmissionProblem, ...]:
        return tuple(validate(self, state, player, submission))

    def default_submission(self, state: AlchemyState, player: str) -> AlchemySubmission:
        """A player who sent nothing harvests, buys and engineers nothing."""
        return AlchemySubmission()

    # --- resolution ---------------------------------------------------------------------

    def resolve_round(
        self,
        state: AlchemyState,
        submissions: Mapping[str, AlchemySubmission],
        rng: np.random.Generator,
    ) -> tuple[AlchemyState, RoundReport]:
        new = resolve_round(state, submissions, rng)
        return new, self._report(new)

    def advance(
        self,
        state: AlchemyState,
        submissions: Mapping[str, AlchemySubmission],
        rng: np.random.Generator,
    ) -> AlchemyState:
        """The new state without the report (every player's lines cost a fifth of a round)."""
        return resolve_round(state, submissions, rng)

    def _report(self, state: AlchemyState) -> RoundReport:
        round_no = state.round_no
        logs = state.logs[round_no]
        private = {p: private_lines(state, p, logs[p]) for p in state.players}
        market = state.market[round_no]
        host = [
            "Market: " + (", ".join(f"{s} {n} sold" for s, n in market.items()) or "nothing sold"),
            *(
                f"{p}: harvested at {', '.join(logs[p].locations) or 'nowhere'}; engineered "
                f"{', '.join(logs[p].engineered) or 'nothing'}; earned "
                f"{number_text(logs[p].earned)} gems"
                for p in state.players
            ),
        ]
        return RoundReport(
            event=self.name,
            round_no=round_no,
            public=(f"The Wizards' Marketplace has closed for round {round_no}.",),
            private=private,
            host=tuple(host),
            data={"host": {"market": dict(market)}},
        )

    # --- standings and views ------------------------------------------------------------

    def ranking(self, state: AlchemyState, gamewide: Sequence[str]) -> Ranking:
        books = state.books
        return rank_players(
            state.players,
            Criterion("gems", {p: books[p].gems for p in state.players}),
            [
                Criterion("unique constructs sold", {p: len(books[p].sold) for p in state.players}),
                Criterion("gold held", {p: books[p].held(GOLD) for p in state.players}),
            ],
            gamewide,
        )

    def final_announcement(self, state: AlchemyState, gamewide: Sequence[str]) -> tuple[str, ...]:
        """ "Players' total number of gems will be revealed." """
        ranking = self.ranking(state, gamewide)
        return tuple(
            f"{e.rank}. {e.player}: {number_text(e.score)} gems"
            + tie_note(ranking, i, TIEBREAK_WORDS)
            for i, e in enumerate(ranking)
        )

    def holdings(self, state: AlchemyState, item: str) -> Mapping[str, int] | None:
        if item == "gold":
            return {p: state.books[p].held(GOLD) for p in state.players}
        return None

    def items_sold(self, options: Mapping[str, Any]) -> tuple[str, ...] | None:
        """The catalog's machines."""
        catalog = options.get(CATALOG) or {}
        return tuple(m["name"] for m in catalog.get("machines", []))

    def items_bought(self, submission: Any) -> tuple[str, ...]:
        """The machine bought, if any."""
        return (submission["machine"],) if submission.get("machine") else ()

    def item_group(self, item: str) -> str:
        """Alchemy sells machines only."""
        return "machine"

    def highlights(self, reports: Sequence[Mapping[str, Any]]) -> Mapping[str, Any]:
        """A crowded market: five or more players selling in one set."""
        return {
            "crowded_market": any(
                n >= 5
                for r in reports
                for n in r["data"].get("host", {}).get("market", {}).values()
            )
        }

    def public_view(self, state: AlchemyState) -> Mapping[str, Any]:
        """The round and the catalog (the Alchemy spreadsheet is shared with everyone)."""
        return {"round": state.round_no, "catalog": _catalog_json(state.catalog)}

    def private_view(self, state: AlchemyState, player: str) -> Mapping[str, Any]:
        book = state.books[player]
        return {
            "coins": book.coins,
            "gems": number_json(book.gems),
            "stock": dict(book.stock),
            "machines": list(book.machines),
            "energy": self.energy(state, player),
        }

    def host_view(self, state: AlchemyState) -> Mapping[str, Any]:
        history: dict[str, list[dict[str, Any]]] = {p: [] for p in state.players}
        gems = dict.fromkeys(state.players, Fraction(0))
        for round_no, logs in sorted(state.logs.items()):
            for p, log in logs.items():
                gems[p] += log.earned
                history[p].append(
                    {
                        "round": round_no,
                        "gems": number_json(gems[p]),
                        "earned": number_json(log.earned),
                    }
                )
        return {
            "round": state.round_no,
            "players": {p: self.private_view(state, p) for p in state.players},
            "history": history,
            "market": {
                r: {s: {"sold": n, "multiplier": str(multiplier(n))} for s, n in m.items()}
                for r, m in sorted(state.market.items())
            },
            "sold": {p: dict(state.books[p].sold) for p in state.players},
        }


TIEBREAK_WORDS = {
    "unique constructs sold": TieWords(
        "different constructs sold", "fewer different constructs sold over the game"
    ),
    "gold held": TieWords("gold held", "less gold held at the end"),
}
"""the rules' tiebreaks, as the final announcement names them: "(1) greatest number of unique
constructs sold (2) greatest number of gold (material) held at the end of the game (3)
Gamewide Tiebreak". """


def private_lines(state: AlchemyState, player: str, log: RoundLog) -> tuple[str, ...]:
    """What a player privately learns after a round: their gems, materials and coins (and
    what happened to their own harvest, machine, attempts and sales)."""
    book = state.books[player]
    lines = []
    if log.harvested:
        lines.append("Harvested: " + ", ".join(f"{q} {m}" for m, q in log.harvested.items()) + ".")
    if log.bought:
        lines.append("Bought: " + ", ".join(f"{q} {m}" for m, q in log.bought.items()) + ".")
    if log.machine:
        lines.append(f"Machine bought: {log.machine}.")
    if log.machine_failed:
        lines.append(f"Machine not bought: {log.machine_failed}.")
    if log.bonuses:
        lines.append(
            "Machine bonus: " + ", ".join(f"+{q} {m}" for m, q in log.bonuses.items()) + "."
        )
    if log.converted:
        lines.append("Converted: " + ", ".join(f"{m} x{n}" for m, n in log.converted.items()) + ".")
    lines += sale_lines(state, player, log)
    lines += failure_line(log)
    stock = ", ".join(f"{q} {m}" for m, q in book.stock.items()) or "none"
    lines.append(f"You have {number_text(book.gems)} gems, {book.coins} coins. Materials: {stock}.")
    return tuple(lines)


def validate(
    engine: AlchemyEngine, state: AlchemyState, player: str, sub: AlchemySubmission
) -> list[SubmissionProblem]:
    """The checks that need the game state: energy, coins, machines owned. Each names the
    cells (or JSON fields) its figures were read from (`sub.places`), or the tab alone for a
    submission made in code."""
    catalog, book = state.catalog, state.books[player]
    errors: list[SubmissionProblem] = []

    def error(code: str, message: str, tab: str, keys: Iterable[str]) -> None:
        where, cell = sub.places.where(keys, tab)
        errors.append(SubmissionProblem(code, player, message, engine.name, where, cell))

    twice = sorted({m for m in sub.harvest if sub.harvest.count(m) > 1})
    if twice:  # the parsers refuse it too, but a typed submission may come from anywhere
        error(
            "alchemy.harvest.twice",
            f"{', '.join(twice)} harvested twice: you may only harvest any one material once "
            "per round",
            "Harvest",
            (f"harvest.{m}" for m in twice),
        )
    if len(sub.engineer) > ENGINEER_ROWS:
        error(
            "alchemy.engineer",
            f"{len(sub.engineer)} engineering attempts: at most {ENGINEER_ROWS} a round",
            "Engineer",
            ["engineer"],
        )
    cost, budget = energy_cost(catalog, sub.harvest), engine.energy(state, player)
    if cost > budget:
        error(
            "alchemy.energy",
            f"the harvest costs {cost} energy but you have {budget}: {cost - budget} over budget",
            "Harvest",
            (f"harvest.{m}" for m in sub.harvest),
        )
    coins = sum((catalog.material(m).price or 0) * q for m, q in sub.buy)
    if sub.machine:
        coins += catalog.machine(sub.machine).cost
        if sub.machine in book.machines:
            error("alchemy.machine.owned", f"you already own {sub.machine}", "Machine", ["machine"])
    if coins > book.coins:
        error(
            "alchemy.coins",
            f"buying costs {quoted(coins)} coins but you have {book.coins}: "
            f"{quoted(coins - book.coins)} short",
            "Buy",
            [*(f"buy.{m}.count" for m, _ in sub.buy), *(["machine"] if sub.machine else [])],
        )
    owned = {*book.machines, *([sub.machine] if sub.machine else [])}
    for name, times in sub.convert:
        machine = catalog.machine(name)
        if name not in owned:
            error("alchemy.convert", f"you do not own {name}", "Machine", [f"convert.{name}"])
        elif times > machine.amount:
            error(
                "alchemy.convert",
                f"{name} runs at most {machine.amount} times a round",
                "Machine",
                [f"convert.{name}.count"],
            )
    return errors
