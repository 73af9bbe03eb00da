"""Lab results as tables: one row per player per game, one row per item bought; Parquet.

Rows are keyed by the game (its spec's key: kind, catalog set, forced item, seed), and a
game's rows are written once however many times it was played (a rerun task after a lost
worker gives the same rows; `collect` keeps one).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import pandas as pd

from festival.core.registry import event_names
from festival.lab import behaviour
from festival.lab.game import FESTIVAL, GameResult, engine
from festival.lab.job import BASELINE

PLAYERS_FILE = "players.parquet"
ITEMS_FILE = "items.parquet"
SOLD_FILE = "sold.parquet"
SOLD_COLUMNS = ("catalog", "event", "item", "group")


def collect(results: Iterable[GameResult]) -> dict[str, GameResult]:
    """game key -> result; a game played twice counts once."""
    out: dict[str, GameResult] = {}
    for r in results:
        out.setdefault(r.spec.key, r)
    return out


def player_rows(r: GameResult) -> list[dict[str, Any]]:
    spec = r.spec
    by_player: dict[str, dict[str, Any]] = {}
    for seat, p in enumerate(spec.players):
        row: dict[str, Any] = {
            "game": spec.key,
            "seed": spec.seed,
            "kind": spec.kind,
            "catalog": spec.catalog,
            "force": spec.force.label if spec.force else BASELINE,
            "forced_applied": r.forced_applied,
            "player": p,
            "seat": seat,
            "strategy": spec.strategies[seat],
            "festival_rank": r.festival_rank.get(p),
            "average_rank": r.average_rank.get(p),
            "winner": r.festival_rank.get(p) == 1 if r.festival_rank else None,
        }
        for e in event_names():
            row |= {f"{e}_rank": None, f"{e}_score": None, f"{e}_field": None}
            row[f"{e}_invalid"] = None
        row |= dict.fromkeys(behaviour.columns())
        by_player[p] = row
    field = {e: sum(1 for x in r.events if x.event == e) for e in event_names()}
    for x in r.events:
        row = by_player[x.player]
        row[f"{x.event}_rank"] = x.rank
        row[f"{x.event}_score"] = x.score
        row[f"{x.event}_field"] = field[x.event]
        row[f"{x.event}_invalid"] = x.invalid
    for c in r.conduct:
        row = by_player[c.player]
        for figure, value in zip(behaviour.figures(c.event), c.figures, strict=True):
            row[behaviour.column(c.event, figure)] = value
    return list(by_player.values())


def item_columns(results: Iterable[GameResult]) -> dict[str, list[Any]]:
    """One row per item bought, as columns (a whole festival buys some 200 items, so 10,000
    festivals are two million rows: built column by column, not as a dict per row)."""
    cols: dict[str, list[Any]] = {c: [] for c in ITEM_COLUMNS}
    for r in results:
        bought = r.purchases
        n = len(bought)
        if not n:
            continue
        spec = r.spec
        strategy = dict(zip(spec.players, spec.strategies, strict=True))
        cols["game"] += [spec.key] * n
        cols["seed"] += [spec.seed] * n
        cols["kind"] += [spec.kind] * n
        cols["catalog"] += [spec.catalog] * n
        cols["force"] += [spec.force.label if spec.force else BASELINE] * n
        cols["player"] += [x.player for x in bought]
        cols["strategy"] += [strategy[x.player] for x in bought]
        cols["event"] += [x.event for x in bought]
        cols["round"] += [x.round_no for x in bought]
        cols["item"] += [x.item for x in bought]
        cols["forced"] += [x.forced for x in bought]
    return cols


def frames(results: Mapping[str, GameResult]) -> tuple[pd.DataFrame, pd.DataFrame]:
    """(players, items), in game-key order so the tables never depend on finishing order;
    the players table ends with each event's behaviour figures (EVENT_FIGURE, a number a
    game or a share; empty where the player did not play the event)."""
    ordered = [results[k] for k in sorted(results)]
    players = pd.DataFrame([row for r in ordered for row in player_rows(r)])
    bought = item_columns(ordered)
    items = pd.DataFrame(bought if bought["game"] else None, columns=list(ITEM_COLUMNS))
    for e in event_names():
        for col in ("rank", "field", "invalid"):
            players[f"{e}_{col}"] = players[f"{e}_{col}"].astype("Int64")
        players[f"{e}_score"] = players[f"{e}_score"].astype("Float64")
    players["festival_rank"] = players["festival_rank"].astype("Int64")
    players["average_rank"] = players["average_rank"].astype("Float64")
    players["winner"] = players["winner"].astype("boolean")
    for col in behaviour.columns():
        players[col] = players[col].astype("Float64")
    return players, items


def sold(sets: Mapping[str, Mapping[str, Mapping[str, Any]]], kind: str) -> pd.DataFrame:
    """Every item on sale in each catalog set (catalog, event, item, group): an item never
    bought leaves no row in the items table, so the report needs this list to name it."""
    rows = []
    for catalog, options in sets.items():
        for e in event_names() if kind == FESTIVAL else [kind]:
            eng = engine(e)
            for item in eng.items_sold({**eng.default_options(), **options.get(e, {})}) or ():
                rows.append((catalog, e, item, eng.item_group(item)))
    return pd.DataFrame(rows, columns=list(SOLD_COLUMNS))


def write(
    folder: Path, players: pd.DataFrame, items: pd.DataFrame, on_sale: pd.DataFrame | None = None
) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    players.to_parquet(folder / PLAYERS_FILE, index=False)
    items.to_parquet(folder / ITEMS_FILE, index=False)
    if on_sale is not None:
        on_sale.to_parquet(folder / SOLD_FILE, index=False)


def read_sold(folder: Path) -> pd.DataFrame | None:
    """The items on sale `write` left, or None (results written before it was kept, or
    unreadable: the report then knows only the items bought)."""
    try:
        frame = pd.read_parquet(folder / SOLD_FILE)
    except (ValueError, OSError):
        return None
    return frame if all(c in frame.columns for c in SOLD_COLUMNS) else None


class ResultsError(ValueError):
    """A results folder that cannot be read back, in words."""


def player_columns() -> tuple[str, ...]:
    """The columns every players table has (the behaviour columns, festival.lab.behaviour,
    follow them; results written before they were kept have none)."""
    return (
        "game", "seed", "kind", "catalog", "force", "forced_applied", "player", "seat",
        "strategy", "festival_rank", "average_rank", "winner",
        *(f"{e}_{col}" for e in event_names() for col in ("rank", "score", "field", "invalid")),
    )  # fmt: skip


ITEM_COLUMNS = (
    "game", "seed", "kind", "catalog", "force", "player", "strategy", "event", "round", "item",
    "forced",
)  # fmt: skip


def read(folder: Path) -> tuple[pd.DataFrame, pd.DataFrame]:
    """(players, items) as `write` left them; a missing, unreadable or foreign file is a
    ResultsError naming it."""
    out = []
    for name, columns in ((PLAYERS_FILE, player_columns()), (ITEMS_FILE, ITEM_COLUMNS)):
        path = folder / name
        if not path.is_file():
            raise ResultsError(f"{folder} holds no lab results ({name})")
        try:
            frame = pd.read_parquet(path)
        except (ValueError, OSError) as exc:  # pyarrow's ArrowInvalid is a ValueError
            raise ResultsError(f"{path}: not readable lab results ({exc})") from exc
        missing = [c for c in columns if c not in frame.columns]
        if missing:
            raise ResultsError(f"{path}: not lab results (no column {', '.join(missing)})")
        out.append(frame)
    return out[0], out[1]
