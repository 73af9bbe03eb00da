"""Alchelemental's pictures (each unit a hexagon of six coloured faces, mirrored side shown,
the last turn highlighted), the desk's text, and both bots."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from events.alchelemental import rules
from events.alchelemental.actions import Impel
from events.alchelemental.state import AlchState
from festival.core import picture as duel_picture
from festival.duels.bots import MctsBot, RandomBot
from tests.support.alchelemental_kit import GAME, new_state, put, remove, run
from tests.test_alchelemental_rules import condense_agitate


def test_picture_draws_each_unit_with_its_six_faces() -> None:
    s = put(new_state(board="pit"), 0, "meteor", 3, 3, rot=1, mirrored=True)
    pic = GAME.picture(s, {(3, 3)})
    meteor = next(p for p in pic.pieces if p.label.startswith("meteor"))
    assert meteor.faces == tuple(e.letter for e in s.piece(0, "meteor").faces())  # type: ignore[union-attr]
    assert meteor.mirrored
    svg = duel_picture.svg(pic)
    assert svg.count('class="face"') == 6 * len(s.pieces)
    assert svg.count('class="mirrored"') == 1 and 'class="last-turn"' in svg
    assert len(pic.cells) == 64 and sum(c.marked for c in pic.cells) == 4  # four power nodes
    assert duel_picture.png(pic).startswith(b"\x89PNG")


def test_changed_cells_are_the_hexes_a_catalysis_touched() -> None:
    before = condense_agitate()
    after = run(before, "select condense, impel agitate")
    assert GAME.changed_cells(before, after) == {(3, 2), (4, 2)}


def test_desk_shows_faces_legal_actions_and_the_reaction() -> None:
    s = run(condense_agitate(), "select condense")
    rows = GAME.public_view(s)["rows"]
    assert "Dark condense on R3 hex 4: R:E DR:E DL:W L:A UL:A UR:W" in rows
    assert (
        "Legal: spin C1-C5/A1-A5; move DL/L/UL/UR; impel R agitate (1 vs 0)/DR quake (1 vs 2)"
        in rows
    )
    s = run(s, "impel R")
    last = GAME.public_view(s)["rows"][-1]
    assert last == (
        "Last impel: condense impels agitate: Earth impels, Earth repels; repel = 1 -1 = 0; "
        "impel = 2 +0 -1 +0 = 1; agitate eliminated"
    )


def test_random_bot_plays_only_legal_actions() -> None:
    bot = RandomBot(GAME, seed=5)
    s = new_state(board="pit")
    for _ in range(300):
        player = s.player
        action = bot.choose(s, player)
        assert not GAME.check(s, player, action)
        s = GAME.apply(s, player, action)


def test_search_actions_are_legal_and_few() -> None:
    s = new_state(board="pit")
    acts = GAME.search_actions(s, "Light")
    assert 20 < len(acts) <= 40 and all(not GAME.check(s, "Light", a) for a in acts)


def test_the_search_bot_takes_the_winning_impel() -> None:
    """Light has one power unit left, next to Dark's Condense that out-impels it: the search
    finds the impel that wins."""
    rows = ["EEEEEEE", "FEEEEEE", "EEEEEEE", "EEEEEEE", "EEEEEEW", "EEEEEEE"]
    s = new_state(rows)
    s = remove(s, 0, "firepower")
    s = replace(s, eliminated=(frozenset({"firepower"}), frozenset()))
    s = put(s, 0, "earthpower", 2, 3)
    s = put(s, 1, "condense", 2, 2, rot=0)  # Earth faces R: 2 + 0 + 0 + 0 = 2 > 1
    s = run(s, "select earthpower, select earthpower, confirm")
    s = run(s, "select condense")
    bot = MctsBot(GAME, seed=1, iterations=150, depth=4, max_children=60)
    action = bot.choose(s, "Dark")
    assert action == Impel(0)
    after = GAME.apply(s, "Dark", action)
    assert after.outcome is not None and after.outcome.winner == "Dark"


def test_evaluation_is_in_range() -> None:
    s = new_state(board="pit")
    assert GAME.evaluation(s, "Light") == 0.0
    s = remove(s, 1, "waterpower")
    assert 0 < GAME.evaluation(s, "Light") <= 1 and GAME.evaluation(s, "Dark") < 0
    rng = np.random.default_rng(0)
    assert GAME.random_action(s, "Dark", rng) is None


def _condense_threatens_the_last_power() -> AlchState:
    rows = ["EEEEEEE", "FEEEEEE", "EEEEEEE", "EEEEEEE", "EEEEEEW", "EEEEEEE"]
    s = new_state(rows)
    s = remove(s, 0, "firepower")
    s = replace(s, eliminated=(frozenset({"firepower"}), frozenset()))
    s = put(s, 0, "earthpower", 2, 3)
    return put(s, 1, "condense", 2, 2, rot=0)  # Earth faces R: 2 + 0 + 0 + 0 = 2 > 1


def test_the_evaluation_counts_the_units_one_impel_eliminates() -> None:
    """Dark's Condense can eliminate Light's last power unit (worth four units); power units
    cannot impel, so Light threatens nothing: the position is better for Dark than material
    alone says, the more so with Dark to act."""
    from events.alchelemental import judge

    s = _condense_threatens_the_last_power()
    assert (judge.threatened(s, 1), judge.threatened(s, 0)) == (4.0, 0.0)
    for to_move in (0, 1):
        t = replace(s, to_move=to_move)
        assert judge.evaluation(t, 1) > judge.evaluation(t, 1, judge.OLD)
        assert judge.evaluation(t, 0) == -judge.evaluation(t, 1)
    light, dark = (judge.evaluation(replace(s, to_move=m), 1) for m in (0, 1))
    assert dark > light


def test_the_evaluations_match_is_the_rules_match() -> None:
    """judge's quick RULE_MATCH (occupants looked up once) agrees with rules.has_match in
    every position of random games, for every unit and direction."""
    from events.alchelemental import judge

    rng = np.random.default_rng(4)
    for seed in range(2):
        s = GAME.initial_state(
            ("Light", "Dark"), GAME.variants()["pit"], np.random.default_rng(seed)
        )
        for _ in range(120):
            occupied = {p.hex: p for p in s.pieces}
            for p in s.pieces:
                for d in range(6):
                    assert judge._matches(occupied, s, p, d) == rules.has_match(s, p, d) or (
                        p.kind.is_power
                    )
            action = GAME.random_action(s, s.players[s.to_move], rng)
            if action is None:
                break
            s = GAME.apply(s, s.players[s.to_move], action)
