"""The Summoner's Dream engine: attack-and-receive tower defence for 6 or 7 players."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import numpy as np

from events.duel import Picture
from events.engine import EventEngine, in_fixed_order
from events.errors import ParseResult, SubmissionProblem, quoted
from events.memo import LastRead, LastWritten
from events.places import Place, located
from events.ranking import Criterion, Ranking, TieWords, rank_players, tie_note
from events.report import RoundReport
from events.summoners import battle_words, parse, picture
from events.summoners.catalog import FAMILIARS, TOWERS, Catalog, load_catalog
from events.summoners.layout import (
    ATTACK_FIRST_ROW,
    ATTACK_TAB,
    DEFENCE_TAB,
    FAMILIAR_COL,
    GRID_LEFT,
    GRID_TOP,
    MAP_CHOICE,
    MAP_TAB,
    PARTY_COL,
    SHOP_TAB,
    SLOT_COLUMN,
    TARGET_CELL,
)
from events.summoners.model import (
    INCOME,
    SLOTS,
    START_COINS,
    START_TREASURES,
    SummonersState,
    SummonersSubmission,
    Unit,
)
from events.summoners.resolve import (
    Invasion,
    attack_refs,
    bought,
    defence_refs,
    resolve_round,
)
from events.summoners.rules import (
    attack_issues,
    placement_issues,
    spending_problem,
    targets_left,
    unit_key,
)
from events.summoners.template import army_tab, attack_tab, defence_tab, map_tabs, shop_tab
from events.tables import CellValue, Workbook, cell_ref
from events.template import Template

CATALOG = "catalog"
TWICE = "spending_exactly_twice_allowed"
ONE_SIDE = "spending_one_side_allowed"
REVEAL = "reveal_invader"
FULL_FIELD = 7
_read_catalog = LastRead(Catalog.from_json)
"""the catalog of the options (a lab's festivals all read the same one)"""
_catalog_json = LastWritten(Catalog.to_json)
"""the catalog of the public view (the same every round)"""
"""the players with whom Summoner's Dream begins in round 1"""


class SummonersEngine(EventEngine[SummonersState, SummonersSubmission]):
    name = "summoners"
    title = "Summoner's Dream"
    catalog_fixture = "summoners/catalog.xlsx"

    def default_options(self) -> Mapping[str, Any]:
        return {CATALOG: None, TWICE: False, ONE_SIDE: False, REVEAL: False}

    def check_options(self, options: Mapping[str, Any]) -> list[str]:
        problems = super().check_options(options)
        for key in (TWICE, ONE_SIDE, REVEAL):
            if key in options and not isinstance(options[key], bool):
                problems.append(f"{key} must be true or false")
        return problems

    def load_catalog(self, workbook: Workbook) -> tuple[Any, list[SubmissionProblem]]:
        catalog, errors = load_catalog(workbook)
        return (catalog.to_json() if catalog else None), errors

    def items_sold(self, options: Mapping[str, Any]) -> tuple[str, ...] | None:
        """Every kind of tower and familiar (each catalog prices them all)."""
        return (*TOWERS, *FAMILIARS)

    def items_bought(self, submission: Any) -> tuple[str, ...]:
        """The towers and familiars bought."""
        return (*submission.get("buy_towers", []), *submission.get("buy_familiars", []))

    def item_group(self, item: str) -> str:
        """A tower's alternatives are the other towers; a familiar's, the other familiars."""
        return "tower" if item in TOWERS else "familiar"

    def highlights(self, reports: Sequence[Mapping[str, Any]]) -> Mapping[str, Any]:
        """Familiars stealing treasures: how many they stole in all."""
        return {
            "familiars_stole": sum(
                b["stolen"] for r in reports for b in r["data"].get("host", {}).get("battles", [])
            )
        }

    def first_round(self, n_participants: int) -> int:
        """ "If there are 6 players participating in this Event, the game begins in Round 2. If
        there are 7 players participating in this Event, the game begins in Round 1." With
        fewer than 6 (a smaller festival) it also begins in round 2; with more than 7, round 1.
        """
        return 2 if n_participants < FULL_FIELD else 1

    def setup(
        self, players: Sequence[str], options: Mapping[str, Any], rng: np.random.Generator
    ) -> SummonersState:
        merged = {**self.default_options(), **options}
        players = in_fixed_order(players)
        start = self.first_round(len(players))
        zero = dict.fromkeys(players, 0)
        return SummonersState(
            players=tuple(players),
            round_no=start - 1,
            catalog=_read_catalog(merged[CATALOG]),
            twice_allowed=bool(merged[TWICE]),
            one_side_allowed=bool(merged[ONE_SIDE]),
            reveal_invader=bool(merged[REVEAL]),
            treasures=dict.fromkeys(players, START_TREASURES),
            # "100 coins at the beginning of each round (including Round 1, even if there
            # are only 6 players": the rounds before the event starts are paid up front
            coins=dict.fromkeys(players, START_COINS + INCOME * (start - 1)),
            towers={p: () for p in players},
            familiars={p: () for p in players},
            invaded={p: () for p in players},
            defence=dict.fromkeys(players),
            attack=dict.fromkeys(players),
            sent=zero,
            kills=zero,
            built=zero,
        )

    # --- submissions --------------------------------------------------------------------

    def template(self, state: SummonersState, player: str, round_no: int) -> Template:
        tabs = (
            shop_tab(state, player, round_no),
            defence_tab(state, player),
            *map_tabs(state.catalog),
            attack_tab(state, player),
            army_tab(state, player),
        )
        return Template(self.name, player, round_no, tabs, title=self.title)

    def parse(
        self, state: SummonersState, player: str, round_no: int, workbook: Workbook
    ) -> ParseResult[SummonersSubmission]:
        return parse.parse_workbook(player, state, workbook)

    def from_json(
        self, state: SummonersState, player: str, round_no: int, data: Any
    ) -> ParseResult[SummonersSubmission]:
        return parse.parse_json(player, state, data)

    def plain_json(
        self, state: SummonersState, player: str, data: Any
    ) -> SummonersSubmission | None:
        return parse.plain_json(state, data)

    def to_json(self, submission: SummonersSubmission) -> Any:
        return parse.to_json(submission)

    def to_cells(
        self, state: SummonersState, submission: SummonersSubmission
    ) -> Mapping[str, Mapping[tuple[int, int], CellValue]]:
        return parse.to_cells(state.catalog, submission)

    def validate(
        self, state: SummonersState, player: str, submission: SummonersSubmission
    ) -> tuple[SubmissionProblem, ...]:
        return tuple(
            SubmissionProblem(code, player, message, self.name, tab, cell)
            for code, message, tab, cell in problems(state, player, submission)
        )

    def default_submission(self, state: SummonersState, player: str) -> SummonersSubmission:
        """Buy nothing; defend and attack as last round (new familiars in random free slots);
        the target is drawn among the players not yet invaded."""
        return SummonersSubmission()

    def blank_choice(
        self, before: SummonersState, after: SummonersState, player: str
    ) -> tuple[str, ...]:
        """The workbook says "Leave everything blank to defend as last round" and "Leave it
        all blank to attack as last round": what that kept, and whom it attacked."""
        kept = before.defence[player]
        defence = (
            f"You kept last round's defence ({kept.map}, {len(kept.placements)} tower(s))."
            if kept
            else "You have no defence yet: no map was chosen, so no tower of yours stands."
        )
        drawn = after.invaded[player][len(before.invaded[player]) :]
        target = f" {drawn[0]}, drawn among the players you had not invaded yet" if drawn else ""
        if not before.familiars[player]:
            attack = f"You had no familiars to send{' at' + target if target else ''}."
        elif before.attack[player]:
            attack = (
                "You kept last round's attack (its slots and parties, new familiars in free "
                f"slots){', sent at' + target if target else ''}."
            )
        else:
            attack = (
                "Your familiars went into slots in a random order, split evenly between the "
                "parties"
                f"{', sent at' + target if target else ''}."
            )
        return ("You bought nothing.", defence, attack)

    # --- resolution ---------------------------------------------------------------------

    def resolve_round(
        self,
        state: SummonersState,
        submissions: Mapping[str, SummonersSubmission],
        rng: np.random.Generator,
    ) -> tuple[SummonersState, RoundReport]:
        new, invasions = resolve_round(state, submissions, rng)
        return new, self._report(new, invasions)

    def advance(
        self,
        state: SummonersState,
        submissions: Mapping[str, SummonersSubmission],
        rng: np.random.Generator,
    ) -> SummonersState:
        """The new state without the report, so without recording the battles' replays."""
        return resolve_round(state, submissions, rng, replays=False)[0]

    def _report(self, state: SummonersState, invasions: list[Invasion]) -> RoundReport:
        private: dict[str, list[str]] = {p: [] for p in state.players}
        for inv in invasions:
            owns = bool(state.familiars[inv.attacker])
            private[inv.attacker].append(battle_words.attack_line(inv, owns))
        for p in state.players:
            mine = [inv for inv in invasions if inv.defender == p]
            private[p] += battle_words.defence_lines(mine, state.reveal_invader)
            private[p].append(
                f"You have {state.treasures[p]} Treasures and {state.coins[p]} coins."
            )
        return RoundReport(
            event=self.name,
            round_no=state.round_no,
            public=(f"The invasions of round {state.round_no} are over.",),
            private={p: tuple(lines) for p, lines in private.items()},
            host=tuple(
                f"{i.attacker} -> {i.defender} on {i.map}: {i.result.stolen} stolen, "
                f"{i.result.kills} killed of {i.result.sent}, {i.result.units} time units"
                for i in invasions
            ),
            data={
                "host": {
                    "battles": [
                        {
                            "attacker": i.attacker,
                            "defender": i.defender,
                            "map": i.map,
                            "towers": _towers_json(state, i.defender),
                            "stolen": i.result.stolen,
                            "kills": i.result.kills,
                            "sent": i.result.sent,
                            "replay": list(i.result.replay),
                        }
                        for i in invasions
                    ]
                }
            },
        )

    # --- standings and views ------------------------------------------------------------

    def ranking(self, state: SummonersState, gamewide: Sequence[str]) -> Ranking:
        return rank_players(
            state.players,
            Criterion("treasures", state.treasures),
            [
                Criterion("familiars sent", state.sent),
                Criterion("familiars killed", state.kills),
                Criterion("towers built", state.built),
            ],
            gamewide,
        )

    def final_announcement(self, state: SummonersState, gamewide: Sequence[str]) -> tuple[str, ...]:
        """ "The number of players' Treasures will not be announced until the end of the
        game (when it will be publicly announced)." """
        ranking = self.ranking(state, gamewide)
        return tuple(
            f"{e.rank}. {e.player}: {e.score} Treasures{tie_note(ranking, i, TIEBREAK_WORDS)}"
            for i, e in enumerate(ranking)
        )

    def public_view(self, state: SummonersState) -> Mapping[str, Any]:
        return {"round": state.round_no, "catalog": _catalog_json(state.catalog)}

    def private_pictures(
        self, state: SummonersState, player: str, submission: SummonersSubmission
    ) -> Mapping[str, Picture]:
        """The map the player defends with and their towers on it: as handed in, else last
        round's, which stands."""
        defence = submission.defence or state.defence.get(player)
        names = {m.name: m for m in state.catalog.maps}
        if defence is None or defence.map not in names:
            return {}
        said = "as handed in" if submission.defence else "as last round (it stands)"
        caption = f"Your defence on {defence.map}, {said}"
        return {"Your map": picture.map_picture(defence, names[defence.map], caption)}

    def private_view(self, state: SummonersState, player: str) -> Mapping[str, Any]:
        d = state.defence[player]
        return {
            "coins": state.coins[player],
            "treasures": state.treasures[player],
            "towers": [
                {"id": u.id, "kind": u.kind, "level": u.level} for u in state.towers[player]
            ],
            "familiars": [
                {"id": u.id, "kind": u.kind, "level": u.level} for u in state.familiars[player]
            ],
            "invaded": list(state.invaded[player]),
            "targets_left": targets_left(player, state.players, state.invaded),
            "defence": parse.defence_json(d) if d else None,
        }

    def host_view(self, state: SummonersState) -> Mapping[str, Any]:
        return {
            "round": state.round_no,
            "players": {p: self.private_view(state, p) for p in state.players},
            "sent": dict(state.sent),
            "kills": dict(state.kills),
            "built": dict(state.built),
        }


TIEBREAK_WORDS = {
    "familiars sent": TieWords("familiars sent", "fewer familiars sent over the game"),
    "familiars killed": TieWords(
        "familiars killed", "fewer familiars killed by their towers over the game"
    ),
    "towers built": TieWords("towers built", "fewer towers built over the game"),
}
"""the rules' tiebreaks, as the final announcement names them: "(1) number of Familiars sent
(cumulative ...) (2) number of Familiars you have killed with your Towers (cumulative) (3)
number of Towers built (cumulative) (4) Gamewide Tiebreak". """


def _towers_json(state: SummonersState, player: str) -> list[dict[str, Any]]:
    """The towers a player defended with this round (1-based rows and columns)."""
    d = state.defence[player]
    return list(parse.defence_json(d)["towers"]) if d else []


Problem = tuple[str, str, str | None, str | None]
"""(code, message, tab, cell)"""


def problems(state: SummonersState, player: str, sub: SummonersSubmission) -> list[Problem]:
    """Everything the game state does not allow, each with the cells (or JSON fields) it is
    about (`sub.places`); a submission made in code names the tab (and the cell where the
    layout gives it)."""
    out: list[Problem] = []
    catalog, round_no = state.catalog, state.round_no + 1

    def at(code: str, message: str, keys: Iterable[str], tab: str, cell: str | None = None) -> None:
        out.append((code, message, *sub.places.where(keys, tab, cell)))

    towers_on_sale, familiars_on_sale = catalog.sales.get(round_no, ((), ()))
    for key, kinds, on_sale in (
        ("buy_towers", sub.buy_towers, towers_on_sale),
        ("buy_familiars", sub.buy_familiars, familiars_on_sale),
    ):
        for i, kind in enumerate(kinds):
            if kind not in on_sale:
                at(
                    "summoners.sale",
                    f"{kind} is not on sale in round {round_no}",
                    [f"{key}.{i}"],
                    SHOP_TAB,
                )
    out += _upgrade_problems(state, player, sub) if sub.upgrades else []
    shop_ok = not out
    _, familiars, spent_t, spent_f = bought(state, player, sub)
    out += (
        _money_problems(state, player, sub, (spent_t, spent_f), len(familiars)) if shop_ok else []
    )
    out += _defence_problems(state, player, sub)
    out += _attack_problems(state, player, sub, familiars)
    return out


def _upgrade_problems(
    state: SummonersState, player: str, sub: SummonersSubmission
) -> list[Problem]:
    """Upgrades of units the player does not own, twice in a round, or past their top level."""
    out: list[Problem] = []
    catalog, round_no = state.catalog, state.round_no + 1

    def at(code: str, message: str, keys: Iterable[str], tab: str, cell: str | None = None) -> None:
        out.append((code, message, *sub.places.where(keys, tab, cell)))

    owned = {unit_key(u.id): (u, True) for u in state.towers[player]}
    owned.update({unit_key(u.id): (u, False) for u in state.familiars[player]})
    seen: set[str] = set()
    for i, ref in enumerate(sub.upgrades):
        keys = [f"upgrades.{i}"]
        found = owned.get(unit_key(ref))
        if found is None:
            at(
                "summoners.upgrade",
                f"you own no unit {quoted(ref)} to upgrade: give a unit's id from the Army tab "
                "(a unit bought this round is upgraded from the next)",
                keys,
                SHOP_TAB,
            )
            continue
        unit, is_tower = found
        if unit.id in seen:
            at("summoners.upgrade", f"{unit.id} goes up one level at a time", keys, SHOP_TAB)
        seen.add(unit.id)
        top = len(catalog.towers[unit.kind] if is_tower else catalog.familiars[unit.kind])
        if unit.level >= top:
            at("summoners.upgrade", f"{unit.id} is already at level {top}", keys, SHOP_TAB)
        elif not is_tower and unit.level + 1 > round_no:
            at(
                "summoners.upgrade",
                f"{unit.id}: level {unit.level + 1} may be bought "
                f"from round {unit.level + 1} on, not in round {round_no}",
                keys,
                SHOP_TAB,
            )
    return out


def _shop_keys(sub: SummonersSubmission) -> list[str]:
    """Every Shop entry that costs coins: towers, familiars and upgrades."""
    return [
        *(f"buy_towers.{i}" for i in range(len(sub.buy_towers))),
        *(f"buy_familiars.{i}" for i in range(len(sub.buy_familiars))),
        *(f"upgrades.{i}" for i in range(len(sub.upgrades))),
    ]


def _money_problems(
    state: SummonersState,
    player: str,
    sub: SummonersSubmission,
    spent: tuple[int, int],
    familiars: int,
) -> list[Problem]:
    out: list[Problem] = []
    spent_t, spent_f = spent
    budget = state.coins[player] + INCOME
    if spent_t + spent_f > budget:
        out.append(
            (
                "summoners.coins",
                f"this costs {spent_t + spent_f} coins but you have "
                f"{budget}: {spent_t + spent_f - budget} short",
                *sub.places.where(_shop_keys(sub), SHOP_TAB),
            )
        )
    why = spending_problem(spent_t, spent_f, state.twice_allowed, state.one_side_allowed)
    if why:
        out.append(("summoners.spending", why, *sub.places.where(_shop_keys(sub), SHOP_TAB)))
    if familiars > SLOTS:
        keys = [f"buy_familiars.{i}" for i in range(len(sub.buy_familiars))]
        out.append(
            (
                "summoners.slots",
                f"{familiars} familiars do not fit in {SLOTS} slots",
                *sub.places.where(keys, SHOP_TAB),
            )
        )
    return out


def _defence_problems(
    state: SummonersState, player: str, sub: SummonersSubmission
) -> list[Problem]:
    catalog = state.catalog
    if sub.defence is None:
        return []
    names = [m.name for m in catalog.maps]
    if sub.defence.map not in names:
        return [
            (
                "summoners.map",
                f"{quoted(sub.defence.map)} is not one of the maps",
                *sub.places.where(["defence.map"], DEFENCE_TAB, cell_ref(*MAP_CHOICE)),
            )
        ]
    tab = MAP_TAB.format(names.index(sub.defence.map) + 1)
    placements = sub.defence.placements

    def cell(i: int) -> str:
        """Where the layout draws placement `i` (a submission made in code)."""
        row, col = placements[i].tile
        return cell_ref(GRID_TOP + row, GRID_LEFT + col)

    units, refs = defence_refs(state, player, sub)
    out: list[Problem] = []
    for indices, message in refs:
        keys = [f"defence.towers.{i}" for i in indices]
        fallback = ", ".join(cell(i) for i in indices)
        out.append(("summoners.tower", message, *sub.places.where(keys, tab, fallback)))
    battlefield = catalog.map(sub.defence.map)
    for i, message in placement_issues(battlefield, placements, units):
        out.append(
            ("summoners.tower", message, *sub.places.where([f"defence.towers.{i}"], tab, cell(i)))
        )
    return out


def _attack_problems(
    state: SummonersState, player: str, sub: SummonersSubmission, familiars: Sequence[Unit]
) -> list[Problem]:
    out: list[Problem] = []
    if sub.attack is not None:
        attack = sub.attack
        for slots, message in attack_issues(attack):
            party = [f"attack.party.{s}" for s in slots]
            keys = party if any(sub.places.of(party)) else [f"attack.slot.{s}" for s in slots]
            out.append(
                (
                    "summoners.party",
                    message,
                    *sub.places.where(keys, ATTACK_TAB, _party_cells(slots)),
                )
            )
        units, problems = attack_refs(state, player, sub)
        for indices, message in problems:
            used_slots = [attack.slots[i][0] for i in indices]
            fallback = _cells(ATTACK_FIRST_ROW + s - 1 for s in used_slots)
            keys = [f"attack.slot.{s}" for s in used_slots]
            out.append(
                ("summoners.familiar", message, *sub.places.where(keys, ATTACK_TAB, fallback))
            )
        used = {u.id for u in units if u}
        unused = [u.id for u in familiars if u.id not in used]
        if unused:
            out.append(
                (
                    "summoners.familiar",
                    "every familiar must be used; not in a slot: " + ", ".join(unused),
                    *sub.places.where(["attack.slots"], ATTACK_TAB, SLOT_COLUMN),
                )
            )
    if sub.target is not None and sub.target not in targets_left(
        player, state.players, state.invaded
    ):
        why = (
            "yourself"
            if sub.target == player
            else ("already invaded" if sub.target in state.invaded[player] else "not in this event")
        )
        out.append(
            (
                "summoners.target",
                f"you cannot invade {sub.target}: {why}",
                *sub.places.where(["target"], ATTACK_TAB, cell_ref(*TARGET_CELL)),
            )
        )
    return out


def _party_cells(slots: Sequence[int]) -> str | None:
    """The Party cells of these slots as the layout draws them (a submission made in code)."""
    return _cells((ATTACK_FIRST_ROW + s - 1 for s in slots if 1 <= s <= SLOTS), PARTY_COL)


def _cells(rows: Iterable[int], col: int = FAMILIAR_COL) -> str | None:
    """Cells of one Attack column, consecutive ones as a range ('B5:B7')."""
    return located([Place(ATTACK_TAB, cell_ref(row, col)) for row in rows])[1]
