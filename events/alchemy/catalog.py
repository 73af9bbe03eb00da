"""The Alchemy catalog: materials, constructs (21 in 7 sets of 3) and machines.

The original "Alchemy spreadsheet" is not available, so the host edits a catalog workbook
(the default ships in fixtures/alchemy/catalog.xlsx; docs/formats.md). This module reads it
from plain tables, checks it, and converts it to and from JSON (the match stores its catalog).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from functools import cached_property
from typing import Any, TypeVar

from events.catalog_tables import CatalogProblems, header_rows
from events.errors import SubmissionProblem, quoted
from events.tables import Grid, Workbook

SETS = 7
CONSTRUCTS_PER_SET = 3
GOLD = "Gold"

MATERIALS_TAB = "Materials"
CONSTRUCTS_TAB = "Constructs"
MACHINES_TAB = "Machines"


class Effect(Enum):
    """What a machine does (docs/formats.md, "Machines")."""

    MATERIAL_YIELD = "material_yield"
    """+amount of `target` (a material) each round you harvest it"""
    LOCATION_YIELD = "location_yield"
    """+amount of each material you harvest at `target` (a location)"""
    ENERGY = "energy"
    """+amount energy for harvesting, from the next round on"""
    CONVERT = "convert"
    """turn materials into others ("2 Ash -> 1 Emberstone"), up to amount times a round, as
    many times as the player asks"""
    RECIPE_SAVING = "recipe_saving"
    """the construct's recipe needs amount fewer of a material ("Silver Mirror: Quartz")"""
    SET_BONUS = "set_bonus"
    """constructs of `target` (a set) sell for amount percent more for you"""


@dataclass(frozen=True)
class Material:
    name: str
    location: str
    energy: int
    price: int | None
    """coins to buy one, or None: not for sale"""


@dataclass(frozen=True)
class Construct:
    name: str
    set: str
    value: int
    """market value in gems"""
    recipe: tuple[tuple[str, int], ...]
    """(material, quantity) pairs"""


@dataclass(frozen=True)
class Machine:
    name: str
    cost: int
    materials: tuple[tuple[str, int], ...]
    effect: Effect
    target: str
    amount: int
    description: str = ""

    @property
    def conversion(self) -> tuple[tuple[tuple[str, int], ...], tuple[tuple[str, int], ...]]:
        """(what goes in, what comes out) of a CONVERT machine."""
        left, _, right = self.target.partition("->")
        return parse_amounts(left) or (), parse_amounts(right) or ()

    @property
    def saving(self) -> tuple[str, str]:
        """(construct, material) of a RECIPE_SAVING machine."""
        construct, _, material = self.target.partition(":")
        return construct.strip(), material.strip()

    @property
    def bonus(self) -> Fraction:
        return Fraction(self.amount, 100)


@dataclass(frozen=True)
class Catalog:
    materials: tuple[Material, ...]
    constructs: tuple[Construct, ...]
    machines: tuple[Machine, ...]

    def material(self, name: str) -> Material:
        return self._materials[name]

    def construct(self, name: str) -> Construct:
        return self._constructs[name]

    def machine(self, name: str) -> Machine:
        return self._machines[name]

    # looked up by name thousands of times a round (energy costs, yields, bots' plans)
    @cached_property
    def _materials(self) -> dict[str, Material]:
        return _by_name(self.materials)

    @cached_property
    def _constructs(self) -> dict[str, Construct]:
        return _by_name(self.constructs)

    @cached_property
    def _machines(self) -> dict[str, Machine]:
        return _by_name(self.machines)

    @property
    def sets(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(c.set for c in self.constructs))

    @property
    def locations(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(m.location for m in self.materials))

    def to_json(self) -> dict[str, Any]:
        return {
            "materials": [
                {"name": m.name, "location": m.location, "energy": m.energy, "price": m.price}
                for m in self.materials
            ],
            "constructs": [
                {"name": c.name, "set": c.set, "value": c.value, "recipe": amounts_text(c.recipe)}
                for c in self.constructs
            ],
            "machines": [
                {
                    "name": m.name,
                    "cost": m.cost,
                    "materials": amounts_text(m.materials),
                    "effect": m.effect.value,
                    "target": m.target,
                    "amount": m.amount,
                    "description": m.description,
                }
                for m in self.machines
            ],
        }

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> Catalog:
        """A catalog stored by `to_json` (already checked when it was loaded)."""
        return Catalog(
            tuple(
                Material(m["name"], m["location"], int(m["energy"]), m["price"])
                for m in data["materials"]
            ),
            tuple(
                Construct(c["name"], c["set"], int(c["value"]), parse_amounts(c["recipe"]) or ())
                for c in data["constructs"]
            ),
            tuple(
                Machine(
                    m["name"],
                    int(m["cost"]),
                    parse_amounts(m["materials"]) or (),
                    Effect(m["effect"]),
                    m["target"],
                    int(m["amount"]),
                    m.get("description", ""),
                )
                for m in data["machines"]
            ),
        )


Named = TypeVar("Named", Material, Construct, Machine)


def _by_name(items: tuple[Named, ...]) -> dict[str, Named]:
    """name -> the first item of that name."""
    out: dict[str, Named] = {}
    for item in items:
        out.setdefault(item.name, item)
    return out


_AMOUNT = re.compile(r"^\s*(?:(\d+)\s*[x×*]?\s+)?(.+?)(?:\s*[x×*]\s*(\d+))?\s*$")


def parse_amounts(text: str) -> tuple[tuple[str, int], ...] | None:
    """'2 Moonpetal, 1 Quartz' (or 'Moonpetal x2, Quartz') -> pairs; '' -> (); None if bad."""
    if not text.strip():
        return ()
    out: list[tuple[str, int]] = []
    for part in re.split(r"[,+;]", text):
        if not part.strip():
            return None
        m = _AMOUNT.match(part)
        if not m:
            return None
        if m.group(1) and m.group(3):
            return None  # "2 Moonpetal x3": which is it?
        qty = int(m.group(1) or m.group(3) or 1)
        out.append((m.group(2).strip(), qty))
    return tuple(out)


def amounts_text(pairs: tuple[tuple[str, int], ...]) -> str:
    return ", ".join(f"{q} {name}" for name, q in pairs)


# --- reading and checking a catalog workbook ----------------------------------------------


def _whole(
    text: str, tab: str, r: int, col: int, what: str, problems: CatalogProblems, least: int = 0
) -> int | None:
    return problems.whole(text, tab, r, col, what, least)


def load_catalog(workbook: Workbook) -> tuple[Catalog | None, list[SubmissionProblem]]:
    """A catalog from its workbook tabs, or every problem found in it."""
    problems = CatalogProblems("alchemy")
    tabs = {}
    for name in (MATERIALS_TAB, CONSTRUCTS_TAB, MACHINES_TAB):
        grid = workbook.get(name)
        if grid is None:
            problems.add(name, None, None, f"the catalog has no {name!r} tab")
        tabs[name] = grid
    if problems.items:
        return None, problems.items
    materials = _materials(tabs[MATERIALS_TAB], problems)  # type: ignore[arg-type]
    constructs = _constructs(tabs[CONSTRUCTS_TAB], materials, problems)  # type: ignore[arg-type]
    machines = _machines(tabs[MACHINES_TAB], materials, constructs, problems)  # type: ignore[arg-type]
    if problems.items:
        return None, problems.items
    return Catalog(tuple(materials.values()), tuple(constructs.values()), tuple(machines)), []


def _materials(grid: Grid, problems: CatalogProblems) -> dict[str, Material]:
    cols = ("name", "location", "energy", "price")
    out: dict[str, Material] = {}
    for r, row in header_rows(grid, cols, problems):
        name = row["name"]
        if not name or not row["location"]:
            problems.add(grid.tab, r, 0, "every material needs a name and a location")
            continue
        if name.lower() in {n.lower() for n in out}:
            problems.add(grid.tab, r, 0, f"material {quoted(name)} is listed twice")
            continue
        energy = _whole(row["energy"], grid.tab, r, 2, f"{name}: energy", problems, least=1)
        price: int | None = None
        if row["price"] and row["price"].lower() not in ("-", "no", "not for sale"):
            price = _whole(row["price"], grid.tab, r, 3, f"{name}: price", problems, least=1)
        # kept even when a number is bad (reported above), so recipes naming it raise no more
        out[name] = Material(name, row["location"], energy or 1, price)
    if GOLD not in out:
        problems.add(grid.tab, None, None, f"the catalog needs the material {GOLD!r}")
    return out


def _recipe(
    text: str,
    known: Mapping[str, Any],
    tab: str,
    r: int,
    col: int,
    what: str,
    problems: CatalogProblems,
) -> tuple[tuple[str, int], ...]:
    pairs = parse_amounts(text)
    if pairs is None:
        problems.add(
            tab, r, col, f"{what}: {quoted(text)} is not a list like '2 Moonpetal, 1 Quartz'"
        )
        return ()
    by_key = {k.lower(): k for k in known}
    merged: dict[str, int] = {}
    for name, qty in pairs:
        canonical = by_key.get(name.lower())
        if canonical is None:
            problems.add(tab, r, col, f"{what}: {quoted(name)} is not a material of the catalog")
            continue
        if qty < 1:
            problems.add(tab, r, col, f"{what}: quantities must be at least 1")
        if canonical in merged:
            problems.add(tab, r, col, f"{what}: {canonical} is named twice; give one quantity")
        merged[canonical] = qty
    return tuple(merged.items())


def _constructs(
    grid: Grid, materials: Mapping[str, Material], problems: CatalogProblems
) -> dict[str, Construct]:
    cols = ("name", "set", "value", "recipe")
    out: dict[str, Construct] = {}
    for r, row in header_rows(grid, cols, problems):
        name = row["name"]
        if not name or not row["set"]:
            problems.add(grid.tab, r, 0, "every construct needs a name and a set")
            continue
        if name.lower() in {n.lower() for n in out}:
            problems.add(grid.tab, r, 0, f"construct {quoted(name)} is listed twice")
            continue
        value = _whole(row["value"], grid.tab, r, 2, f"{name}: value", problems)
        recipe = _recipe(row["recipe"], materials, grid.tab, r, 3, name, problems)
        if not recipe and row["recipe"].strip() == "":
            problems.add(grid.tab, r, 3, f"{name}: the recipe is empty")
        if value is not None:
            out[name] = Construct(name, row["set"], value, recipe)
    sizes = Counter(c.set for c in out.values())
    for set_name, n in sizes.items():
        if n != CONSTRUCTS_PER_SET:
            problems.add(
                grid.tab,
                None,
                None,
                f"set {quoted(set_name)} has {n} constructs; every set has {CONSTRUCTS_PER_SET}",
            )
    if len(sizes) != SETS:
        problems.add(grid.tab, None, None, f"the catalog has {len(sizes)} sets; Alchemy has {SETS}")
    return out


def _machines(
    grid: Grid,
    materials: Mapping[str, Material],
    constructs: Mapping[str, Construct],
    problems: CatalogProblems,
) -> list[Machine]:
    cols = ("name", "cost", "materials", "effect", "target", "amount", "description")
    out: list[Machine] = []
    locations = {m.location for m in materials.values()}
    sets = {c.set for c in constructs.values()}
    for r, row in header_rows(grid, cols, problems):
        name = row["name"]
        if not name:
            problems.add(grid.tab, r, 0, "every machine needs a name")
            continue
        if name.lower() in {m.name.lower() for m in out}:
            problems.add(grid.tab, r, 0, f"machine {quoted(name)} is listed twice")
            continue
        cost = _whole(row["cost"], grid.tab, r, 1, f"{name}: cost", problems)
        paid = _recipe(row["materials"], materials, grid.tab, r, 2, name, problems)
        amount = _whole(row["amount"], grid.tab, r, 5, f"{name}: amount", problems)
        try:
            effect = Effect(row["effect"].strip().lower())
        except ValueError:
            kinds = ", ".join(e.value for e in Effect)
            problems.add(
                grid.tab, r, 3, f"{name}: {quoted(row['effect'])} is not an effect ({kinds})"
            )
            continue
        target = row["target"].strip()
        machine = Machine(name, cost or 0, paid, effect, target, amount or 0, row["description"])
        problem = _target_problem(machine, materials, locations, constructs, sets)
        if problem:
            problems.add(grid.tab, r, 4, f"{name}: {problem}")
        if cost is not None and amount is not None and not problem:
            out.append(machine)
    return out


def _target_problem(
    m: Machine,
    materials: Mapping[str, Material],
    locations: set[str],
    constructs: Mapping[str, Construct],
    sets: set[str],
) -> str | None:
    if m.effect is Effect.MATERIAL_YIELD and m.target not in materials:
        return f"{quoted(m.target)} is not a material"
    if m.effect is Effect.LOCATION_YIELD and m.target not in locations:
        return f"{quoted(m.target)} is not a location"
    if m.effect is Effect.SET_BONUS and m.target not in sets:
        return f"{quoted(m.target)} is not a set"
    if m.effect is Effect.ENERGY and m.target:
        return "an energy machine takes no target"
    if m.effect is Effect.CONVERT:
        given, made = m.conversion
        if "->" not in m.target or not given or not made:
            return f"{quoted(m.target)} is not a conversion like '2 Ash -> 1 Emberstone'"
        unknown = [n for n, _ in (*given, *made) if n not in materials]
        if unknown:
            return f"{', '.join(unknown)} is not a material"
    if m.effect is Effect.RECIPE_SAVING:
        construct, material = m.saving
        if construct not in constructs:
            return f"{quoted(construct)} is not a construct (write 'Construct: Material')"
        recipe = dict(constructs[construct].recipe)
        if material not in recipe:
            return f"{quoted(material)} is not in the recipe of {construct}"
        if sum(recipe.values()) - min(m.amount, recipe[material]) < 1:
            return f"it would make {construct} need nothing at all"
    return None
