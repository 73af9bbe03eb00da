"""Lab results as tables: one row per player per game, one row per item bought; Parquet.

Rows are keyed by the game (its spec's key: kind, catalog set, forced item, seed), and a
game's rows are written once however many times it was played (a rerun task after a lost
worker gives the same rows; `collect` keeps one).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
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


def text_column(values: Sequence[str]) -> pd.Series:
    """A text column as pandas makes it, made by pyarrow: 10,000 festivals have some two
    million items bought, and pyarrow reads that many Python strings three times faster."""
    import pyarrow as pa

    return pd.Series(pa.array(values, type=pa.large_string()), dtype="str")


def repeated_column(values: Sequence[str], times: Sequence[int]) -> pd.Series:
    """A text column of each of `values` repeated its number of `times` (a game's key on
    each of its rows): the distinct values expanded by pyarrow, not a list of millions."""
    import pyarrow as pa

    codes = pa.array(np.repeat(np.arange(len(values), dtype=np.int32), times))
    words = pa.array(values, type=pa.large_string())
    return pd.Series(pa.DictionaryArray.from_arrays(codes, words).cast(words.type), dtype="str")


def _game_texts(ordered: Sequence[GameResult]) -> dict[str, list[str]]:
    """Each game's key, kind, catalog and arm, in order."""
    specs = [r.spec for r in ordered]
    return {
        "game": [s.key for s in specs],
        "kind": [s.kind for s in specs],
        "catalog": [s.catalog for s in specs],
        "force": [s.force.label if s.force else BASELINE for s in specs],
    }


def player_table(ordered: Sequence[GameResult]) -> pd.DataFrame:
    """One row per player per game, built column by column, in `player_columns` order and
    then the behaviour columns."""
    events = event_names()
    names: list[str] = []
    strategies: list[str] = []
    ranks: list[int | None] = []
    averages: list[float | None] = []
    winner: list[bool | None] = []
    per_event = [f"{e}_{c}" for e in events for c in ("rank", "score", "field", "invalid")]
    figure_columns = behaviour.columns()
    blank: dict[str, list[Any]] = {c: [] for c in (*per_event, *figure_columns)}
    figure_names = {e: [behaviour.column(e, f) for f in behaviour.figures(e)] for e in events}
    for r in ordered:
        players, first = r.spec.players, len(names)
        n = len(players)
        names += players
        strategies += r.spec.strategies
        ranks += [r.festival_rank.get(p) for p in players]
        averages += [r.average_rank.get(p) for p in players]
        winner += [r.festival_rank.get(p) == 1 for p in players] if r.festival_rank else [None] * n
        for values in blank.values():
            values += [None] * n
        row = {p: first + seat for seat, p in enumerate(players)}
        field = Counter(x.event for x in r.events)
        for x in r.events:
            at = row[x.player]
            blank[f"{x.event}_rank"][at] = x.rank
            blank[f"{x.event}_score"][at] = x.score
            blank[f"{x.event}_field"][at] = field[x.event]
            blank[f"{x.event}_invalid"][at] = x.invalid
        for c in r.conduct:
            at = row[c.player]
            for name, value in zip(figure_names[c.event], c.figures, strict=True):
                blank[name][at] = value
    seats = [len(r.spec.strategies) for r in ordered]
    made: dict[str, Any] = {k: repeated_column(v, seats) for k, v in _game_texts(ordered).items()}
    made |= {
        "seed": pd.Series(np.repeat([r.spec.seed for r in ordered], seats), dtype="int64"),
        "forced_applied": pd.Series(
            np.repeat([r.forced_applied for r in ordered], seats), dtype="bool"
        ),
        "player": text_column(names),
        "seat": pd.Series([i for n in seats for i in range(n)], dtype="int64"),
        "strategy": text_column(strategies),
        "festival_rank": pd.array(ranks, dtype="Int64"),
        "average_rank": pd.array(averages, dtype="Float64"),
        "winner": pd.array(winner, dtype="boolean"),
    }
    made |= {
        c: pd.array(blank[c], dtype="Float64" if c.endswith("_score") else "Int64")
        for c in per_event
    }
    made |= {c: pd.array(blank[c], dtype="Float64") for c in figure_columns}
    return pd.DataFrame({c: made[c] for c in (*player_columns(), *figure_columns)})


def item_table(ordered: Sequence[GameResult]) -> pd.DataFrame:
    """One row per item bought (a whole festival buys some 200 items, so 10,000 festivals
    are two million rows: built column by column)."""
    cols: dict[str, list[Any]] = {c: [] for c in PURCHASE_FIELDS}
    strategy: list[str] = []
    seed: list[int] = []
    counts = [len(r.purchases) for r in ordered]
    for r, n in zip(ordered, counts, strict=True):
        if not n:
            continue
        spec = r.spec
        player, _, _, _, _ = columns = tuple(zip(*r.purchases, strict=True))
        for name, values in zip(PURCHASE_FIELDS, columns, strict=True):
            cols[name] += values
        seed += [spec.seed] * n
        strategy += map(dict(zip(spec.players, spec.strategies, strict=True)).__getitem__, player)
    if not seed:
        return pd.DataFrame(None, columns=list(ITEM_COLUMNS))
    made = {k: repeated_column(v, counts) for k, v in _game_texts(ordered).items()}
    made |= {
        "seed": pd.Series(seed, dtype="int64"),
        "player": text_column(cols["player"]),
        "strategy": text_column(strategy),
        "event": text_column(cols["event"]),
        "round": pd.Series(cols["round_no"], dtype="int64"),
        "item": text_column(cols["item"]),
        "forced": pd.Series(cols["forced"], dtype="bool"),
    }
    return pd.DataFrame({c: made[c] for c in ITEM_COLUMNS})


PURCHASE_FIELDS = ("player", "event", "round_no", "item", "forced")
"""festival.lab.game.Purchase's fields, in order"""


def frames(results: Mapping[str, GameResult]) -> tuple[pd.DataFrame, pd.DataFrame]:
    """(players, items), in game-key order so the tables never depend on finishing order;
    the players table ends with each event's behaviour figures (EVENT_FIGURE, a number a
    game or a share; empty where the player did not play the event)."""
    ordered = [results[k] for k in sorted(results)]
    return player_table(ordered), item_table(ordered)


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


def held(folder: Path) -> bool:
    """Whether `folder` holds a run's results (which a new run there would replace)."""
    return any((folder / name).exists() for name in (PLAYERS_FILE, ITEMS_FILE))


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
