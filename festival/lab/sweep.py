"""Price sweeps: `festival simulate --sweep EVENT.ITEM.FIELD=FROM..TO:STEP`.

A sweep plays the same seeds (same seating, same draws) at every value of one field of one
catalog item: a catalog set per value, each with a baseline arm and an arm in which seat
P01 buys the item at its first chance. At each value it measures the item's paired value
(what buying it is worth) and its share of its group's purchases (how often the bots
choose it over its alternatives), and names the values where the item is neither worth
less than nothing nor bought over its alternatives: the range of prices to print.

Items are found in the catalog's JSON by name, whatever the event: an entry of a list
carrying `"name": ITEM` (Alchemy's machines), or the entry keyed ITEM (Summoner's Dream's
towers and familiars; for an item with levels, its first level: the price of buying it).
"""

from __future__ import annotations

import copy
import json
import math
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

import pandas as pd

from festival.core.registry import event_name, event_names, event_title
from festival.lab.figures import num, num_range, pct, pct_range
from festival.lab.game import Force, engine
from festival.lab.report import BOUGHT_WORDS, family_z, mean_interval, paired_diffs, purchases
from festival.lab.verdict import Lines, Verdict, judge

MAX_VALUES = 25
CATALOG = "catalog"
Number = int | float


class SweepError(ValueError):
    """A sweep that cannot be played, in words."""


@dataclass(frozen=True)
class Sweep:
    event: str
    item: str
    """as the catalog spells it"""
    field: str
    values: tuple[Number, ...]

    @property
    def force(self) -> Force:
        return Force(self.event, self.item)

    def label(self, value: Number) -> str:
        """The catalog set of one value (game keys hold it: no "|")."""
        return f"{self.field}={value}"

    @property
    def text(self) -> str:
        step = self.values[1] - self.values[0] if len(self.values) > 1 else 1
        return f"{self.event}.{self.item}.{self.field}={self.values[0]}..{self.values[-1]}:{step}"


def parse(text: str, options: Mapping[str, Mapping[str, Any]]) -> Sweep:
    """The sweep `text` names, checked against the catalogs of `options` (set A): every
    problem (unknown event, item or field, a bad range, a value the catalog refuses) is
    named at once."""
    target, eq, span = text.partition("=")
    parts = target.split(".")
    if not eq or len(parts) < 3 or not all(p.strip() for p in parts):
        raise SweepError(
            f"{text!r}: expected EVENT.ITEM.FIELD=FROM..TO:STEP (alchemy.Bellows.cost=20..120:20)"
        )
    name, item_text, field = parts[0].strip(), ".".join(parts[1:-1]).strip(), parts[-1].strip()
    problems: list[str] = []
    event = event_name(name)
    values: tuple[Number, ...] = ()
    try:
        values = _values(span)
    except SweepError as exc:
        problems.append(str(exc))
    if event is None:
        raise SweepError(
            "; ".join([f"{name!r} is not an event ({', '.join(event_names())})", *problems])
        )
    item = _item(event, item_text, options)
    record = _record(options[event].get(CATALOG) or {}, item)
    numeric = sorted(k for k, v in record.items() if _is_number(v))
    if field not in numeric:
        problems.append(
            f"{event_title(event)}'s {item} has no number {field!r} to sweep "
            f"(it has {', '.join(numeric) or 'none'})"
        )
    negative = [v for v in values if v < 0]
    if negative:
        problems.append(f"a catalog's numbers are never negative ({negative[0]})")
    if problems:
        raise SweepError("; ".join(problems))
    sweep = Sweep(event, item, field, values)
    refused = [
        f"at {sweep.label(v)}: {p}"
        for v in values
        for p in engine(event).check_options(
            {**engine(event).default_options(), **apply(options, sweep, v)[event]}
        )
    ]
    if refused:
        raise SweepError("; ".join(refused[:5]) + (" ..." if len(refused) > 5 else ""))
    return sweep


def option_sets(
    options: Mapping[str, Mapping[str, Any]], sweep: Sweep
) -> dict[str, Mapping[str, Mapping[str, Any]]]:
    """label -> option set: `options` with the item's field at each value."""
    return {sweep.label(v): apply(options, sweep, v) for v in sweep.values}


def apply(
    options: Mapping[str, Mapping[str, Any]], sweep: Sweep, value: Number
) -> dict[str, dict[str, Any]]:
    """A copy of `options` with the item's field at `value`."""
    out = {e: dict(o) for e, o in options.items()}
    catalog = copy.deepcopy(out[sweep.event].get(CATALOG) or {})
    for record in _records(catalog, sweep.item, sweep.field):
        record[sweep.field] = value
    out[sweep.event][CATALOG] = catalog
    return out


def _values(span: str) -> tuple[Number, ...]:
    lo_text, dots, rest = span.partition("..")
    hi_text, colon, step_text = rest.partition(":")
    if not dots or not colon:
        raise SweepError(f"the range {span!r} is not FROM..TO:STEP (20..120:20)")
    try:
        lo, hi, step = (Decimal(x.strip()) for x in (lo_text, hi_text, step_text))
    except InvalidOperation:
        raise SweepError(f"the range {span!r} holds something that is not a number") from None
    if not all(x.is_finite() for x in (lo, hi, step)):
        raise SweepError(f"the range {span!r} must be finite numbers")
    if step <= 0:
        raise SweepError(f"the step must be above 0 (not {step})")
    if hi < lo:
        raise SweepError(f"FROM ({lo}) must not be above TO ({hi})")
    count = int((hi - lo) / step) + 1
    if count > MAX_VALUES:
        raise SweepError(f"{count} values is more than a sweep plays ({MAX_VALUES}): a larger step")
    out = [lo + i * step for i in range(count)]
    whole = all(x == x.to_integral_value() for x in out)
    return tuple(int(x) if whole else float(x) for x in out)


def _item(event: str, text: str, options: Mapping[str, Mapping[str, Any]]) -> str:
    eng = engine(event)
    sold = eng.items_sold({**eng.default_options(), **options.get(event, {})})
    if not sold:
        raise SweepError(f"{event_title(event)} sells nothing to sweep")
    found = {s.lower(): s for s in sold}.get(text.lower())
    if found is None:
        raise SweepError(f"{event_title(event)} sells no {text!r} ({', '.join(sorted(sold))})")
    return found


def _records(catalog: Mapping[str, Any], item: str, field: str) -> list[dict[str, Any]]:
    """The entries a sweep of `item` changes: its entry, or its first level and every later
    level with the same value of the field swept (a familiar's upgrades cost its base
    price, as the rules say; a tower's levels have prices of their own)."""
    first = _record(catalog, item)
    out = [first]
    for section in catalog.values():
        if isinstance(section, dict) and isinstance(section.get(item), list):
            out += [
                x
                for x in section[item][1:]
                if isinstance(x, dict) and x.get(field) == first.get(field)
            ]
    return out


def _record(catalog: Mapping[str, Any], item: str) -> dict[str, Any]:
    """The catalog's entry of `item` (its first level, if it has levels)."""
    for section in catalog.values():
        if isinstance(section, list):
            for entry in section:
                if isinstance(entry, dict) and entry.get("name") == item:
                    return entry
        elif isinstance(section, dict) and item in section:
            entry = section[item]
            if isinstance(entry, list) and entry and isinstance(entry[0], dict):
                first: dict[str, Any] = entry[0]
                return first
            if isinstance(entry, dict):
                return entry
    raise SweepError(f"the catalog has no entry for {item!r}")


def _is_number(x: object) -> bool:
    return isinstance(x, int | float) and not isinstance(x, bool)


@dataclass(frozen=True)
class Point:
    value: Number
    pairs: int
    worth: float
    low: float
    high: float
    share: float
    share_low: float
    share_high: float
    fair: float
    worth_verdict: Verdict
    share_verdict: Verdict

    @property
    def good(self) -> bool:
        """Neither worth less than nothing nor bought over its alternatives (and enough
        games to say so)."""
        return self.worth_verdict is Verdict.IN_LINE and self.share_verdict is Verdict.IN_LINE

    @property
    def flag(self) -> str:
        words = []
        if self.worth_verdict is Verdict.BELOW:
            words.append("worth less than nothing")
        if self.share_verdict in (Verdict.ABOVE, Verdict.FAR_ABOVE, Verdict.BELOW):
            words.append(BOUGHT_WORDS[self.share_verdict])
        if Verdict.TOO_SMALL in (self.worth_verdict, self.share_verdict):
            words.append(Verdict.TOO_SMALL.value)
        return "; ".join(words)


def points(
    sweep: Sweep, players: pd.DataFrame, items: pd.DataFrame, sold: pd.DataFrame | None
) -> list[Point]:
    """The item at every value: its paired value (intervals simultaneous over the sweep's
    values) and its share of its group's purchases (judged as the report judges it)."""
    z = family_z(len(sweep.values))
    out = []
    for v in sweep.values:
        label = sweep.label(v)
        diff = paired_diffs(players, label, f"{sweep.event}:{sweep.item}")
        m, lo, hi = mean_interval(diff, z)
        worth = judge(m, lo, hi, len(diff), Lines(0.0, math.inf))
        bought = purchases(players, items, sold, label)
        row = bought[(bought["event"] == sweep.event) & (bought["item"] == sweep.item)]
        if len(row):
            r = row.iloc[0]
            share = (float(r["share"]), float(r["share low"]), float(r["share high"]))
            fair, verdict = float(r["fair share"]), Verdict[str(r["verdict"])]
        else:
            share, fair, verdict = (math.nan, math.nan, math.nan), math.nan, Verdict.TOO_SMALL
        out.append(Point(v, len(diff), m, lo, hi, *share, fair, worth, verdict))
    return out


def good_ranges(found: list[Point]) -> list[tuple[Number, Number]]:
    """The runs of consecutive values where the item is neither negative nor dominant."""
    runs: list[tuple[Number, Number]] = []
    start: Number | None = None
    for i, p in enumerate(found):
        if p.good and start is None:
            start = p.value
        if start is not None and (not p.good or i == len(found) - 1):
            end = p.value if p.good else found[i - 1].value
            runs.append((start, end))
            start = None
    return runs


def subject(sweep: Sweep) -> str:
    """What a sweep measures, in words ("Alchemy's Bellows cost")."""
    return f"{event_title(sweep.event)}'s {sweep.item} {sweep.field}"


def too_small(found: list[Point]) -> bool:
    """Whether every value is too small to conclude on (then the answer is: more games)."""
    return not good_ranges(found) and all(p.flag == Verdict.TOO_SMALL.value for p in found)


def verdict_words(sweep: Sweep, found: list[Point], current: Number | None) -> str:
    """The sweep's answer in one sentence: the price range to print."""
    runs = good_ranges(found)
    what = subject(sweep)
    if not runs:
        if too_small(found):
            return f"Too small to conclude on {what}: play more games."
        return (
            f"No value of {what} from {sweep.values[0]} to {sweep.values[-1]} leaves the item "
            "neither worth less than nothing nor bought over its alternatives."
        )
    spans = ", ".join(f"{a} to {b}" if a != b else f"{a}" for a, b in runs)
    now = ""
    if current is not None:
        inside = any(a <= current <= b for a, b in runs)
        now = f" The catalog's {current} is {'inside' if inside else 'outside'} it."
    return (
        f"Print {what} in {spans}: there the item is neither worth less than nothing nor "
        f"bought over its alternatives.{now}"
    )


def around(event: str, item: str, options: Mapping[str, Mapping[str, Any]]) -> str | None:
    """A sweep of the item's price around its value in the catalog (half to one and a half
    times, in about eight steps), as EVENT.ITEM.cost=FROM..TO:STEP; None when it has no
    price."""
    try:
        probe = parse(f"{event}.{item}.cost=0..1:1", options)
    except SweepError:
        return None
    now = current_value(probe, options)
    if now is None or now <= 0:
        return None
    step = next(x for x in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500, 10**9) if x >= now / 8)
    lo, hi = max(0, round(now / 2 / step) * step), round(now * 1.5 / step) * step
    return f"{event}.{item}.cost={lo}..{hi}:{step}"


def current_value(sweep: Sweep, options: Mapping[str, Mapping[str, Any]]) -> Number | None:
    value = _record(options[sweep.event].get(CATALOG) or {}, sweep.item).get(sweep.field)
    return value if _is_number(value) else None


def table(found: list[Point]) -> pd.DataFrame:
    """The sweep as a table people read (no index, decimals, percentages)."""
    return pd.DataFrame(
        [
            {
                "value": str(p.value),
                "pairs": str(p.pairs),
                "worth": num(p.worth, 1, sign=True),
                "interval": num_range(p.low, p.high, 1, sign=True),
                "share of its group": pct(p.share),
                "share interval": pct_range(p.share_low, p.share_high),
                "fair share": pct(p.fair),
                "flag": p.flag,
            }
            for p in found
        ]
    )


SWEEP_FILE = "sweep.json"
PICTURE = "sweep.png"


def save(folder: Path, sweep: Sweep, current: Number | None) -> None:
    """What a results folder's sweep was, so `--from` reports it again."""
    data = {"event": sweep.event, "item": sweep.item, "field": sweep.field,
            "values": list(sweep.values), "current": current}  # fmt: skip
    (folder / SWEEP_FILE).write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


def forget(folder: Path) -> None:
    """Remove the sweep `save` left in `folder` and its picture (another run's results now
    hold the folder)."""
    for name in (SWEEP_FILE, PICTURE):
        (folder / name).unlink(missing_ok=True)


def load(folder: Path) -> tuple[Sweep, Number | None] | None:
    """The sweep `save` left in `folder` (None: not a sweep, or not readable as one)."""
    try:
        data = json.loads((folder / SWEEP_FILE).read_text(encoding="utf-8"))
        values = tuple(v for v in data["values"] if _is_number(v))
        current = data.get("current")
        sweep = Sweep(str(data["event"]), str(data["item"]), str(data["field"]), values)
    except (OSError, ValueError, KeyError, TypeError):
        return None
    if not values or sweep.event not in event_names():
        return None
    return sweep, current if _is_number(current) else None
