"""Alchemy submissions from workbook tabs or canonical JSON, with every error and a "did you
mean" for a misspelt catalog name."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cached_property, lru_cache
from typing import Any

from events.alchemy.catalog import Catalog, Effect
from events.alchemy.layout import (
    BUY_MATERIAL_COL,
    BUY_QTY_COL,
    BUY_ROWS,
    BUY_TAB,
    CONSTRUCT_COL,
    CONVERT_FIRST_ROW,
    CONVERT_MACHINE_COL,
    CONVERT_ROWS,
    CONVERT_TIMES_COL,
    ENGINEER_ROWS,
    ENGINEER_TAB,
    FIRST_ROW,
    HARVEST_COL,
    HARVEST_ROWS,
    HARVEST_TAB,
    MACHINE_BUY_CELL,
    MACHINE_TAB,
    PRIORITY_COL,
)
from events.alchemy.model import AlchemySubmission
from events.errors import ParseResult, SubmissionProblem, close_matches, no_tab, quoted
from events.parsed import Parsed
from events.places import PlacesBuilder
from events.tables import CellValue, Grid, Workbook, cell_ref

EVENT = "alchemy"


class _Reader:
    def __init__(self, player: str, catalog: Catalog) -> None:
        self.player = player
        self.catalog = catalog
        self.errors: list[SubmissionProblem] = []
        self.places = PlacesBuilder()

    def error(
        self, code: str, message: str, tab: str | None = None, cell: str | None = None
    ) -> None:
        self.errors.append(SubmissionProblem(code, self.player, message, EVENT, tab, cell))

    def name(
        self, text: str, kind: str, choices: Sequence[str], tab: str | None, cell: str | None
    ) -> str | None:
        """A catalog name as typed (any case, stray spaces), or an error with a suggestion."""
        found = _by_key(tuple(choices)).get(" ".join(text.split()).lower())
        if found is None:
            hint = close_matches(text, list(choices))
            more = f"; did you mean {hint[0]!r}?" if hint else ""
            self.error(f"alchemy.{kind}", f"{quoted(text)} is not a {kind}{more}", tab, cell)
        return found

    def count(self, text: str, what: str, tab: str | None, cell: str | None) -> int | None:
        if text.isascii() and text.isdigit() and int(text) >= 1:
            return int(text)
        self.error(
            "alchemy.number", f"{quoted(text)}: {what} must be a whole number from 1", tab, cell
        )
        return None

    @cached_property
    def materials(self) -> list[str]:
        return [m.name for m in self.catalog.materials]

    @cached_property
    def constructs(self) -> list[str]:
        return [c.name for c in self.catalog.constructs]

    @cached_property
    def machines(self) -> list[str]:
        return [m.name for m in self.catalog.machines]


@lru_cache(maxsize=64)
def _by_key(choices: tuple[str, ...]) -> dict[str, str]:
    """name in lower case -> name (made once per catalog list: every name read needs it)"""
    return {c.lower(): c for c in choices}


def parse_workbook(
    player: str, catalog: Catalog, workbook: Workbook
) -> ParseResult[AlchemySubmission]:
    r = _Reader(player, catalog)
    tabs: dict[str, Grid] = {}
    for name in (HARVEST_TAB, BUY_TAB, MACHINE_TAB, ENGINEER_TAB):
        grid = workbook.get(name)
        if grid is None:
            r.error("alchemy.tab", no_tab(name, workbook), name)
        else:
            tabs[name] = grid
    if r.errors:
        return Parsed.of(None, r.errors)

    harvest: list[str] = []
    grid = tabs[HARVEST_TAB]
    for row in range(FIRST_ROW, FIRST_ROW + HARVEST_ROWS):
        text, cell = grid.text(row, HARVEST_COL), cell_ref(row, HARVEST_COL)
        if not text:
            continue
        material = r.name(text, "material", r.materials, HARVEST_TAB, cell)
        if material in harvest:
            r.error(
                "alchemy.harvest.twice",
                f"{material} is listed twice; each material may be harvested once a round",
                HARVEST_TAB,
                cell,
            )
        elif material:
            harvest.append(material)
            r.places.add(f"harvest.{material}", HARVEST_TAB, cell)

    buy = _named_counts(
        r, tabs[BUY_TAB], FIRST_ROW, BUY_ROWS, BUY_MATERIAL_COL, BUY_QTY_COL,
        ("material", r.materials, "the quantity", ("alchemy.buy", "a quantity without a material")),
        _check_for_sale, "buy",
    )  # fmt: skip

    grid = tabs[MACHINE_TAB]
    text = grid.text(*MACHINE_BUY_CELL)
    machine = (
        r.name(text, "machine", r.machines, MACHINE_TAB, cell_ref(*MACHINE_BUY_CELL))
        if text
        else None
    )
    if machine:
        r.places.add("machine", MACHINE_TAB, cell_ref(*MACHINE_BUY_CELL))
    convert = _named_counts(
        r, grid, CONVERT_FIRST_ROW, CONVERT_ROWS, CONVERT_MACHINE_COL, CONVERT_TIMES_COL,
        ("machine", r.machines, "times",
         ("alchemy.convert", "a number of times without a machine")),
        _check_converter, "convert",
    )  # fmt: skip

    grid = tabs[ENGINEER_TAB]
    attempts: list[tuple[int | None, str | None, int]] = []
    for row in range(FIRST_ROW, FIRST_ROW + ENGINEER_ROWS):
        text, prio = grid.text(row, CONSTRUCT_COL), grid.text(row, PRIORITY_COL)
        if not text and not prio:
            continue
        cell = cell_ref(row, CONSTRUCT_COL)
        if not text:
            r.error("alchemy.engineer", "a priority without a construct", ENGINEER_TAB, cell)
            continue
        construct = r.name(text, "construct", r.constructs, ENGINEER_TAB, cell)
        r.places.add("engineer", ENGINEER_TAB, cell)
        number = (
            r.count(prio, "a priority", ENGINEER_TAB, cell_ref(row, PRIORITY_COL)) if prio else None
        )
        attempts.append((number, construct, row))
    engineer, prioritized = _order(r, attempts)
    for tab, col, first, count in (
        (HARVEST_TAB, HARVEST_COL, FIRST_ROW, HARVEST_ROWS),
        (BUY_TAB, BUY_MATERIAL_COL, FIRST_ROW, BUY_ROWS),
        (ENGINEER_TAB, CONSTRUCT_COL, FIRST_ROW, ENGINEER_ROWS),
    ):
        _below(r, tabs[tab], col, first + count)
    if r.errors:
        return Parsed.of(None, r.errors)
    return Parsed.of(
        AlchemySubmission(
            tuple(harvest),
            tuple(buy.items()),
            machine,
            tuple(convert.items()),
            tuple(engineer),
            prioritized,
            places=r.places.build(),
        ),
        [],
    )


def _named_counts(
    r: _Reader,
    grid: Grid,
    first: int,
    rows: int,
    name_col: int,
    count_col: int,
    words: tuple[str, Sequence[str], str, tuple[str, str]],
    check: Callable[[_Reader, str, str | None, str | None], None],
    key: str,
) -> dict[str, int]:
    """Rows of a catalog name and a count (blank count: 1), added up per name. `words`: the
    kind of name, the names allowed, what the count is, and the (code, message) for a count
    without a name. Each row's place is kept under `key.NAME` (the name's cell) and
    `key.NAME.count` (the count's cell, or the name's when the count is blank)."""
    kind, names, what, alone = words
    out: dict[str, int] = {}
    for row in range(first, first + rows):
        text, count_text = grid.text(row, name_col), grid.text(row, count_col)
        if not text and not count_text:
            continue
        cell = cell_ref(row, name_col)
        if not text:
            r.error(*alone, grid.tab, cell)
            continue
        name = r.name(text, kind, names, grid.tab, cell)
        count = r.count(count_text or "1", what, grid.tab, cell_ref(row, count_col))
        if name and count:
            check(r, name, grid.tab, cell)
            out[name] = out.get(name, 0) + count
            r.places.add(f"{key}.{name}", grid.tab, cell)
            r.places.add(
                f"{key}.{name}.count", grid.tab, cell_ref(row, count_col) if count_text else cell
            )
    return out


def _below(r: _Reader, grid: Grid, col: int, start: int) -> None:
    """An entry under the rows the tab offers would otherwise be silently ignored."""
    for row in range(start, grid.height):
        if grid.text(row, col):
            r.error(
                "alchemy.rows",
                f"{quoted(grid.text(row, col))} is below row {start}, the last one read; use the "
                "rows provided",
                grid.tab,
                cell_ref(row, col),
            )
            return


def _order(
    r: _Reader, attempts: list[tuple[int | None, str | None, int]]
) -> tuple[list[str], bool]:
    """The attempts in priority order. Either every attempt has a priority, or none does (no
    priority: competing attempts are ordered by a seeded draw). Unknown constructs (already
    reported) count for that check but are left out."""
    given = [a for a in attempts if a[0] is not None]
    if not given:
        return [a[1] for a in attempts if a[1]], False
    if len(given) != len(attempts):
        row = next(a[2] for a in attempts if a[0] is None)
        r.error(
            "alchemy.priority",
            "give every attempt a priority (1 first), or leave every priority blank",
            ENGINEER_TAB,
            cell_ref(row, PRIORITY_COL),
        )
    seen: dict[int, int] = {}
    for number, _, row in given:
        assert number is not None
        if number in seen:
            r.error(
                "alchemy.priority",
                f"priority {number} is given twice; each attempt needs its own",
                ENGINEER_TAB,
                cell_ref(row, PRIORITY_COL),
            )
        seen[number] = row
    ordered = sorted(given, key=lambda a: (a[0] or 0, a[2]))
    return [a[1] for a in ordered if a[1]], True


def _check_for_sale(r: _Reader, material: str, tab: str | None, cell: str | None) -> None:
    if r.catalog.material(material).price is None:
        r.error("alchemy.buy.not_for_sale", f"{material} is not for sale", tab, cell)


def _check_converter(r: _Reader, machine: str, tab: str | None, cell: str | None) -> None:
    if r.catalog.machine(machine).effect is not Effect.CONVERT:
        r.error("alchemy.convert", f"{machine} does not convert materials", tab, cell)


def parse_json(player: str, catalog: Catalog, data: Any) -> ParseResult[AlchemySubmission]:
    r = _Reader(player, catalog)
    if not isinstance(data, Mapping):
        r.error("alchemy.json", "expected an object (docs/formats.md, Alchemy)")
        return Parsed.of(None, r.errors)
    unknown = sorted(set(data) - {"harvest", "buy", "machine", "convert", "engineer", "priority"})
    if unknown:
        r.error("alchemy.json", f"unknown keys: {', '.join(unknown)}")
    harvest: list[str] = []
    for i, text in enumerate(_list(r, data.get("harvest", []), "harvest"), 1):
        material = r.name(str(text), "material", r.materials, None, None)
        if material in harvest:
            r.error("alchemy.harvest.twice", f"{material} is harvested twice")
        elif material:
            harvest.append(material)
            r.places.field(f"harvest.{material}", f"harvest[{i}]")
    buy: dict[str, int] = {}
    for text, qty in _object(r, data.get("buy", {}), "buy").items():
        material = r.name(str(text), "material", r.materials, None, None)
        count = r.count(str(qty), f"buy.{text}", None, None)
        if material and count:
            _check_for_sale(r, material, None, None)
            buy[material] = buy.get(material, 0) + count
            for key in (f"buy.{material}", f"buy.{material}.count"):
                r.places.field(key, f"buy.{text}")
    machine = data.get("machine")
    if machine is not None and not isinstance(machine, str):
        r.error("alchemy.json", '"machine" must be a machine\'s name or null')
        machine = None
    bought = r.name(machine, "machine", r.machines, None, None) if machine else None
    if bought:
        r.places.field("machine")
    convert: dict[str, int] = {}
    for text, times in _object(r, data.get("convert", {}), "convert").items():
        name = r.name(str(text), "machine", r.machines, None, None)
        count = r.count(str(times), f"convert.{text}", None, None)
        if name and count:
            _check_converter(r, name, None, None)
            convert[name] = convert.get(name, 0) + count
            for key in (f"convert.{name}", f"convert.{name}.count"):
                r.places.field(key, f"convert.{text}")
    engineer = [
        c
        for c in (
            r.name(str(t), "construct", r.constructs, None, None)
            for t in _list(r, data.get("engineer", []), "engineer")
        )
        if c
    ]
    if len(engineer) > ENGINEER_ROWS:
        r.error("alchemy.engineer", f"at most {ENGINEER_ROWS} attempts a round")
    if engineer:
        r.places.field("engineer")
    prioritized = data.get("priority", False)
    if not isinstance(prioritized, bool):
        r.error("alchemy.json", '"priority" must be true or false')
    if r.errors:
        return Parsed.of(None, r.errors)
    return Parsed.of(
        AlchemySubmission(
            tuple(harvest),
            tuple(buy.items()),
            bought,
            tuple(convert.items()),
            tuple(engineer),
            bool(prioritized),
            places=r.places.build(),
        ),
        [],
    )


def _list(r: _Reader, value: Any, key: str) -> list[Any]:
    if isinstance(value, list):
        return value
    r.error("alchemy.json", f'"{key}" must be a list')
    return []


def _object(r: _Reader, value: Any, key: str) -> dict[str, Any]:
    if isinstance(value, Mapping):
        return dict(value)
    r.error("alchemy.json", f'"{key}" must be an object name -> number')
    return {}


def to_json(sub: AlchemySubmission) -> dict[str, Any]:
    return {
        "harvest": list(sub.harvest),
        "buy": dict(sub.buy),
        "machine": sub.machine,
        "convert": dict(sub.convert),
        "engineer": list(sub.engineer),
        "priority": sub.prioritized,
    }


def to_cells(sub: AlchemySubmission) -> dict[str, dict[tuple[int, int], CellValue]]:
    """Where a submission stands in the workbook (what `parse_workbook` reads back)."""
    cells: dict[str, dict[tuple[int, int], CellValue]] = {
        HARVEST_TAB: {(FIRST_ROW + i, HARVEST_COL): m for i, m in enumerate(sub.harvest)},
        BUY_TAB: {},
        MACHINE_TAB: {},
        ENGINEER_TAB: {},
    }
    for i, (material, qty) in enumerate(sub.buy):
        cells[BUY_TAB][(FIRST_ROW + i, BUY_MATERIAL_COL)] = material
        cells[BUY_TAB][(FIRST_ROW + i, BUY_QTY_COL)] = qty
    if sub.machine:
        cells[MACHINE_TAB][MACHINE_BUY_CELL] = sub.machine
    for i, (machine, times) in enumerate(sub.convert):
        cells[MACHINE_TAB][(CONVERT_FIRST_ROW + i, CONVERT_MACHINE_COL)] = machine
        cells[MACHINE_TAB][(CONVERT_FIRST_ROW + i, CONVERT_TIMES_COL)] = times
    for i, construct in enumerate(sub.engineer):
        if sub.prioritized:
            cells[ENGINEER_TAB][(FIRST_ROW + i, PRIORITY_COL)] = i + 1
        cells[ENGINEER_TAB][(FIRST_ROW + i, CONSTRUCT_COL)] = construct
    return cells


_KEYS = frozenset({"harvest", "buy", "machine", "convert", "engineer", "priority"})


def plain_json(catalog: Catalog, data: Any) -> AlchemySubmission | None:
    """A submission from JSON written exactly as `to_json` writes it (names spelt as the
    catalog spells them, counts as whole numbers), typed without recording places: what a
    program (a lab bot) hands in, read at a fraction of `parse_json`'s cost. None for
    anything else, which `parse_json` then reads (and names every error of); whatever this
    reads, `parse_json` reads to the same value."""
    if type(data) is not dict or not _KEYS.issuperset(data):
        return None
    try:
        harvest = data.get("harvest", [])
        buy = data.get("buy", {})
        machine = data.get("machine")
        convert = data.get("convert", {})
        engineer = data.get("engineer", [])
        priority = data.get("priority", False)
        if (
            type(harvest) is not list
            or any(type(m) is not str or catalog.material(m) is None for m in harvest)
            or len(set(harvest)) < len(harvest)
            or not _counts(buy)
            or any(catalog.material(m).price is None for m in buy)
            or not (machine is None or (type(machine) is str and catalog.machine(machine)))
            or not _counts(convert)
            or any(catalog.machine(m).effect is not Effect.CONVERT for m in convert)
            or type(engineer) is not list
            or any(type(c) is not str or catalog.construct(c) is None for c in engineer)
            or len(engineer) > ENGINEER_ROWS
            or type(priority) is not bool
        ):
            return None
    except KeyError:  # a name the catalog does not spell so
        return None
    return AlchemySubmission(
        tuple(harvest),
        tuple(buy.items()),
        machine,
        tuple(convert.items()),
        tuple(engineer),
        priority,
    )


def _counts(value: Any) -> bool:
    """A JSON object of names to whole numbers from 1."""
    return type(value) is dict and all(
        type(k) is str and type(n) is int and n >= 1 for k, n in value.items()
    )
