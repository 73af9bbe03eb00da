"""The engines' typed path for programs (`plain_json`, issue 30's speed work): whatever it
reads, the parser (`from_json`) reads to an equal value; what it cannot read it leaves to the
parser (None), so a person's JSON (names in any case, stray keys, mistakes) still meets the
parser and its messages."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import festival.lab.game as lab_game
from events.engine import EventEngine
from festival.bots.registry import STRATEGIES
from festival.core.registry import event_names
from festival.lab.game import FESTIVAL, GameSpec, engine, play
from festival.match.catalogs import catalog_options
from festival.match.engines import load_engines

Seen = list[tuple[str, Any, str, int, Any]]


@pytest.fixture(scope="module")
def seen() -> Seen:
    """Every submission the bots of two mixed festivals handed in: (event, state before the
    round, player, round, JSON)."""
    options = catalog_options(load_engines({}, event_names()), {})
    out: Seen = []
    typed = lab_game._typed

    def spy(eng: Any, state: Any, player: str, round_no: int, data: Any) -> Any:
        out.append((eng.name, state, player, round_no, copy.deepcopy(data)))
        return typed(eng, state, player, round_no, data)

    mix = tuple(sorted(STRATEGIES)) * 4
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(lab_game, "_typed", spy)
        for seed in (5, 8):
            play(GameSpec(seed, FESTIVAL, mix[:10]), options)
    return out


def test_the_typed_path_reads_every_bot_submission_as_the_parser_does(seen: Seen) -> None:
    read = {e: 0 for e in event_names()}
    for event, state, player, round_no, data in seen:
        eng = engine(event)
        plain = eng.plain_json(state, player, data)
        parsed = eng.from_json(state, player, round_no, data)
        if plain is not None:
            read[event] += 1
            assert plain == parsed.value, (event, data)
    # an engine with a typed path reads every bot submission by it
    by_event = {e: sum(1 for s in seen if s[0] == e) for e in read}
    typed = [e for e in read if type(engine(e)).plain_json is not EventEngine.plain_json]
    assert {"summoners", "alchemy"} <= set(typed)
    assert all(read[e] == by_event[e] > 0 for e in typed), (read, by_event)


def _edits() -> list[tuple[str, str, Callable[[dict[str, Any]], None]]]:
    def put(key: str, value: Any) -> Callable[[dict[str, Any]], None]:
        return lambda d: d.__setitem__(key, value)

    def first_of(key: str, change: Callable[[Any], Any]) -> Callable[[dict[str, Any]], None]:
        def edit(d: dict[str, Any]) -> None:
            if isinstance(d.get(key), list) and d[key]:
                d[key][0] = change(d[key][0])
            elif isinstance(d.get(key), dict) and d[key]:
                k = next(iter(d[key]))
                d[key][change(k)] = d[key].pop(k)

        return edit

    def defence_map(d: dict[str, Any]) -> None:
        if d.get("defence"):
            d["defence"]["map"] = " " + d["defence"]["map"].lower()

    def facing(d: dict[str, Any]) -> None:
        if d.get("defence") and d["defence"]["towers"]:
            d["defence"]["towers"][0]["facing"] = "north"

    def slot(d: dict[str, Any]) -> None:
        if d.get("attack"):
            d["attack"]["slots"]["x"] = "Fox1"

    def listed(d: dict[str, Any]) -> None:
        if d.get("attack"):
            d["attack"]["slots"]["1"] = ["Fox1"]

    def twice(d: dict[str, Any]) -> None:
        if d.get("harvest"):
            d["harvest"].append(d["harvest"][0])

    return [
        ("summoners", "an unknown key", put("note", "hi")),
        ("summoners", "a tower in lower case", put("buy_towers", ["yi"])),
        ("summoners", "no such familiar", put("buy_familiars", ["Dragon"])),
        ("summoners", "upgrades not a list", put("upgrades", "Yi1")),
        ("summoners", "a map in other case", defence_map),
        ("summoners", "a facing written out (read alike by both)", facing),
        ("summoners", "a slot that is no number", slot),
        ("summoners", "a list for a familiar", listed),
        ("summoners", "a list for a tower", put("buy_towers", [["Yi"]])),
        ("summoners", "a list for a map", lambda d: d.__setitem__("defence", {"map": ["x"]})),
        ("summoners", "a target in lower case", put("target", "p02")),
        ("summoners", "a target not playing", put("target", "P99")),
        ("summoners", "a party that is no span", put("attack", {"slots": {}, "party_a": [1]})),
        ("summoners", "a number for a list", put("buy_towers", 3)),
        ("alchemy", "an unknown key", put("note", "hi")),
        ("alchemy", "a material in lower case", first_of("harvest", str.lower)),
        ("alchemy", "a material harvested twice", twice),
        ("alchemy", "a count written as text", put("buy", {"Quartz": "2"})),
        ("alchemy", "a count of true", put("buy", {"Quartz": True})),
        ("alchemy", "a count of 0", put("buy", {"Quartz": 0})),
        ("alchemy", "a machine in lower case", put("machine", "bellows")),
        ("alchemy", "an empty machine", put("machine", "")),
        ("alchemy", "a machine that converts nothing", put("convert", {"Bellows": 1})),
        ("alchemy", "priority as text", put("priority", "yes")),
        ("alchemy", "a construct in lower case", first_of("engineer", str.lower)),
    ]


@pytest.mark.parametrize(("event", "what", "edit"), _edits())
def test_anything_but_plain_json_is_left_to_the_parser(
    seen: Seen, event: str, what: str, edit: Callable[[dict[str, Any]], None]
) -> None:
    """Each edit of bots' submissions is read to the parser's value or left to the parser."""
    eng = engine(event)
    cases = [s for s in seen if s[0] == event][:40]
    left = 0
    for _, state, player, round_no, data in cases:
        changed = copy.deepcopy(data)
        edit(changed)
        plain = eng.plain_json(state, player, changed)
        if plain is None:
            left += 1
        else:
            assert plain == eng.from_json(state, player, round_no, changed).value, what
    if "read alike" not in what:
        assert left > 0, f"{what}: never left to the parser"


def _json_like(names: list[str]) -> st.SearchStrategy[Any]:
    """JSON values whose strings are often the catalog's names, keys and players."""
    leaves = st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-2, 30),
        st.sampled_from(names),
        st.text(max_size=6),
    )
    return st.recursive(
        leaves,
        lambda inner: st.one_of(
            st.lists(inner, max_size=4),
            st.dictionaries(st.sampled_from(names), inner, max_size=5),
        ),
        max_leaves=20,
    )


@pytest.mark.parametrize("event", ["summoners", "alchemy"])
def test_the_typed_path_never_raises_and_agrees_with_the_parser_on_any_json(
    seen: Seen, event: str
) -> None:
    _, state, player, round_no, data = next(s for s in seen if s[0] == event)
    eng = engine(event)
    names = sorted(
        {
            *data,
            *(str(x) for v in data.values() if isinstance(v, list | dict) for x in v),
            *state.players,
            "N",
            "north",
            "1",
            "2",
            "row",
            "col",
            "tower",
            "facing",
            "map",
            "towers",
            "slots",
            "party_a",
            "party_b",
        }
    )

    @settings(max_examples=150, deadline=None)
    @given(st.dictionaries(st.sampled_from(names), _json_like(names), max_size=6))
    def check(fuzzed: dict[str, Any]) -> None:
        plain = eng.plain_json(state, player, fuzzed)
        if plain is not None:
            assert plain == eng.from_json(state, player, round_no, fuzzed).value

    check()
