"""Golden playthroughs of the shipped sample duels: each sample's turns (notation, as typed)
played through the duel host as `festival duel demo` plays them, and the position's state JSON
after every turn. The committed files in tests/golden/duels/ are what tests/test_duel_golden.py
compares against; `FESTIVAL_UPDATE_GOLDEN=1` rewrites them on purpose and says what changed.

A golden file is JSON with one turn per line, so a change shows in a diff as the turns it
touched."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from festival.core import registry
from festival.core.paths import fixture
from festival.duels.host import Duel
from festival.duels.origin import Origin, Via

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "duels"
UPDATE_VARIABLE = "FESTIVAL_UPDATE_GOLDEN"


def sampled() -> tuple[registry.DuelEntry, ...]:
    """The registered duel games that ship a sample duel."""
    return tuple(entry for entry in registry.duels() if entry.sample is not None)


def turn_count(entry: registry.DuelEntry) -> int:
    """How many turns the sample duel of `entry` has."""
    assert entry.sample is not None
    return len(json.loads(fixture(*entry.sample).read_text())["turns"])


def golden_path(entry: registry.DuelEntry) -> Path:
    return GOLDEN / f"{entry.name}.json"


def play_sample(entry: registry.DuelEntry, folder: Path) -> dict[str, Any]:
    """The sample duel of `entry` played into a new duel `folder`: its header and, for every
    turn, who typed what and the state JSON after it."""
    assert entry.sample is not None
    sample = json.loads(fixture(*entry.sample).read_text())
    duel = Duel.create(
        folder,
        sample["game"],
        sample["variant"],
        sample.get("options", {}),
        sample["players"],
        sample["seed"],
    )
    taken: list[int] = []  # the number of actions recorded after each turn
    try:
        for n, turn in enumerate(sample["turns"], start=1):
            played = duel.play_text(turn["text"], turn["player"], source=Origin(Via.DEMO))
            assert played.ok, f"{entry.name} sample turn {n} does not play: {played.errors[0]}"
            taken.append((taken[-1] if taken else 0) + len(played.steps))
        states = duel.positions()[0]
    finally:
        duel.close()
    turns = [
        {
            "player": turn["player"],
            "text": turn["text"],
            "state": duel.game.state_to_json(states[i]),
        }
        for turn, i in zip(sample["turns"], taken, strict=True)
    ]
    return {
        "game": entry.name,
        "sample": "fixtures/" + "/".join(entry.sample),
        "variant": sample["variant"],
        "players": sample["players"],
        "seed": sample["seed"],
        "turns": turns,
    }


def dumps(golden: Mapping[str, Any]) -> str:
    """The golden file's text: the header keys one a line, then one turn a line."""
    head = [f" {json.dumps(k)}: {json.dumps(v)}" for k, v in golden.items() if k != "turns"]
    turns = [f"  {json.dumps(t, sort_keys=True)}" for t in golden["turns"]]
    return "{\n" + ",\n".join([*head, ' "turns": [\n' + ",\n".join(turns) + "\n ]"]) + "\n}\n"


_MISSING = object()


def _leaf_paths(a: Any, b: Any, path: str = "") -> Iterator[str]:
    """The paths (a.b[3]) at which two JSON values differ, shallowest first."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=str):
            if a.get(key, _MISSING) != b.get(key, _MISSING):
                yield from _leaf_paths(a.get(key), b.get(key), f"{path}.{key}" if path else key)
    elif isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                yield from _leaf_paths(x, y, f"{path}[{i}]")
    elif a != b:
        yield path or "(the whole value)"


def changes(old: Mapping[str, Any] | None, new: Mapping[str, Any]) -> list[str]:
    """What differs between a golden file and a fresh playthrough, in lines for people
    (empty: nothing)."""
    if old is None:
        return [f"{new['game']}: new golden file ({len(new['turns'])} turns)"]
    lines = [
        f"{new['game']}: {key} was {old.get(key)!r}, now {new[key]!r}"
        for key in new
        if key != "turns" and old.get(key) != new[key]
    ]
    before: Sequence[Mapping[str, Any]] = old.get("turns", [])
    after: Sequence[Mapping[str, Any]] = new["turns"]
    if len(before) != len(after):
        lines.append(f"{new['game']}: {len(before)} turns, now {len(after)}")
    for n, (was, now) in enumerate(zip(before, after, strict=False), start=1):
        if was == now:
            continue
        where = sorted(set(_leaf_paths(was, now)))
        shown = ", ".join(where[:6]) + (f" and {len(where) - 6} more" if len(where) > 6 else "")
        lines.append(
            f"{new['game']}: turn {n} ({now['player']}: {now['text']!r}) changed at {shown}"
        )
    return lines


def read_golden(entry: registry.DuelEntry) -> dict[str, Any] | None:
    path = golden_path(entry)
    return json.loads(path.read_text()) if path.exists() else None


def write_golden(entry: registry.DuelEntry, golden: Mapping[str, Any]) -> None:
    GOLDEN.mkdir(parents=True, exist_ok=True)
    golden_path(entry).write_text(dumps(golden))
