"""A hosted duel: its folder and store, positions replayed from the recorded actions, inputs
checked and recorded all-or-nothing, undo, and the clock.

Raw input is stored (and committed) before it is parsed; an input with any error records no
action, and its errors are stored with it. Positions are replayed from the duel's seed and the
recorded actions (chance is recorded in them), so they are never stored as truth.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

from events.duel import ConcedeReason, DuelGame, DuelProblem, Step, replay, seeded, take
from events.parsed import Parsed
from festival.core.errors import DuelHostError
from festival.core.names import check_player_name, normalise_name
from festival.duels.clock import ClockReading, read_clock, turn_spans
from festival.duels.games import duel_game
from festival.duels.origin import JSON, TEXT, Origin, Via
from festival.duels.refusals import HostRefused, Refusal, Refused
from festival.duels.store import DuelStore, StepRow, clock_now
from sheets.stamp import DUEL, Stamp


@dataclass(frozen=True)
class Played:
    """The result of one input: the steps recorded, or the errors (nothing recorded)."""

    raw_id: int
    steps: tuple[Step[Any], ...]
    errors: tuple[DuelProblem, ...]
    turn_lines: tuple[str, ...] = ()
    """what a turn these steps ended did that the board does not say (`DuelGame.turn_lines`:
    a simultaneous turn resolved)"""
    player: str = ""
    """whose actions the input was taken as ('' when it was refused before that was known)"""

    @property
    def ok(self) -> bool:
        return not self.errors


def _players_wanted(title: str, counts: Sequence[int], names: Sequence[str]) -> Refusal:
    """Why `names` cannot play `title`: how many players it needs, whom the host named (a
    name given twice said so)."""
    keys = [n.lower() for n in names]
    twice = [n for i, n in enumerate(names) if keys[i] in keys[:i]]
    twice_named = twice[0] if twice else ""
    return Refusal(
        Refused.PLAYERS, title, what=twice_named, names=tuple(names), counts=tuple(counts)
    )


def _random_bits(bits: int) -> int:
    """`secrets.randbits(bits)`: the system's randomness (os.urandom, as `secrets` draws it),
    without importing `random`, `hmac` and `base64` into every duel command."""
    return int.from_bytes(os.urandom((bits + 7) // 8), "big") >> (-bits % 8)


class Duel:
    """One duel folder, open."""

    def __init__(self, folder: Path, store: DuelStore) -> None:
        self.folder = folder
        self.store = store
        self.config = store.config()
        self.game: DuelGame[Any, Any] = duel_game(str(self.config["game"]))
        self.timed_out: str | None = None
        """the player whose loss on time `enforce_time` recorded since the duel was opened"""
        self._replayed: tuple[list[StepRow], list[Step[Any]], list[Any]] | None = None
        """the rows, steps and positions last read (`positions`): one operation (one open
        duel) decodes and replays each recorded step once, however often it reads them"""

    # --- opening ------------------------------------------------------------------------

    @staticmethod
    def create(
        folder: Path,
        game_name: str,
        variant: str | None,
        overrides: Mapping[str, Any],
        players: Sequence[str],
        seed: int | None,
    ) -> Duel:
        game = duel_game(game_name)
        names = [normalise_name(p) for p in players if p.strip()]
        bad = [why for why in map(check_player_name, names) if why]
        if bad:
            raise DuelHostError("; ".join(bad))
        if len(names) not in game.player_counts or len({n.lower() for n in names}) != len(names):
            raise HostRefused(_players_wanted(game.title, game.player_counts, names))
        chosen = variant or game.default_variant
        options = game.options(chosen, overrides)
        if options.value is None:
            raise DuelHostError("; ".join(e.message for e in options.errors))
        if seed is not None and seed < 0:
            raise HostRefused(Refusal(Refused.SEED, what=str(seed)))
        config = {
            "game": game.name,
            "variant": chosen,
            "options": options.value,
            "players": names,
            "seed": seed if seed is not None else _random_bits(63),
        }
        return Duel(folder, DuelStore.create(folder, config, os.urandom(6).hex()))

    @staticmethod
    def open(folder: Path) -> Duel:
        return Duel(folder, DuelStore.open(folder))

    def close(self) -> None:
        self.store.close()

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(self.config["players"])

    @property
    def seed(self) -> int:
        return int(self.config["seed"])

    @cached_property
    def duel_id(self) -> str:
        """The duel's id: 12 hex digits drawn when it was created. A store made before duels
        had one gets an id from its creation time and configuration (the same in every copy
        of the folder, different for another duel)."""
        stored = self.store.duel_id()
        if stored:
            return stored
        text = self.store.created_at() + json.dumps(self.config, sort_keys=True)
        return hashlib.sha256(text.encode()).hexdigest()[:12]

    def stamp(self, turn: int, player: str) -> Stamp:
        """The mark of `player`'s order workbook for `turn` (sheets/stamp.py)."""
        return Stamp(self.duel_id, turn, player, DUEL)

    # --- positions ----------------------------------------------------------------------

    def start(self) -> Any:
        setup = seeded(self.seed, 0)  # numpy only for a game that draws its setup
        return self.game.initial_state(self.players, self.config["options"], setup)

    def recorded(self) -> tuple[list[StepRow], list[Step[Any]]]:
        rows, steps, _ = self.positions()
        return rows, steps

    def positions(self) -> tuple[list[Any], list[Step[Any]], list[StepRow]]:
        """Every position from the start, the steps between them and their rows. The rows are
        read each time; the steps and positions this open duel has read already are kept
        while the rows still begin with theirs (rows are only added, or taken back at the
        end): only the rows since are decoded and replayed."""
        rows = self.store.steps()
        known = self._known(rows)
        if known is None:
            done_rows: list[StepRow] = []
            steps: list[Step[Any]] = []
            states = [self.start()]
        else:
            done_rows, steps, states = known
        new = [self._decoded(row) for row in rows[len(done_rows) :]]
        if new or known is None:
            try:
                states = states + replay(self.game, states[-1], new)[1:]
            except ValueError as exc:
                if known is not None:  # replayed from the start, to name the step at fault
                    self._replayed = None
                    return self.positions()
                raise DuelHostError(f"the duel store does not replay: {exc}") from exc
            steps = steps + new
        self._replayed = (rows, steps, states)
        return list(states), list(steps), rows

    def _decoded(self, row: StepRow) -> Step[Any]:
        parsed = self.game.action_from_json(row.action)
        if parsed.value is None:
            raise DuelHostError(f"recorded action {row.id} does not parse: {parsed.errors[0]}")
        return Step(row.player, parsed.value)

    def _known(
        self, rows: list[StepRow]
    ) -> tuple[list[StepRow], list[Step[Any]], list[Any]] | None:
        """What this open duel read before, cut to the rows it shares with `rows` (None:
        nothing, or a row changed: read all)."""
        if self._replayed is None:
            return None
        known, steps, states = self._replayed
        n = min(len(known), len(rows))
        if known[:n] != rows[:n]:
            return None
        return known[:n], steps[:n], states[: n + 1]

    def state(self) -> Any:
        return self.positions()[0][-1]

    # --- input --------------------------------------------------------------------------

    def to_act(self, state: Any | None = None) -> tuple[str, ...]:
        return self.game.to_act(self.state() if state is None else state)

    def resolve_player(self, player: str | None, state: Any) -> str:
        acting = self.game.to_act(state)
        if not acting:
            outcome = self.game.outcome(state)
            raise DuelHostError(f"the duel is over: {outcome.detail if outcome else ''}")
        if player is None:
            if len(acting) > 1:
                raise HostRefused(Refusal(Refused.WHICH_PLAYER, waiting=acting))
            return acting[0]
        by_key = {p.lower(): p for p in self.players}
        if player.lower() not in by_key:
            raise DuelHostError(
                f"{player!r} does not play in this duel ({', '.join(self.players)})"
            )
        return by_key[player.lower()]

    def play_text(self, text: str, player: str | None = None, source: Origin = TEXT) -> Played:
        """Record a player's actions as typed (the notation of the game)."""
        who = self.resolve_player(player, self.state())
        return self.play_stored(self.store.add_raw(who, source, text), text, who)

    def play_stored(self, raw_id: int, text: str, player: str) -> Played:
        """Record actions read from an input already stored as `raw_id` (a workbook's or a
        spreadsheet's cells), written out as the game's notation."""
        return self.play_parsed(raw_id, self.game.parse_actions(text), player)

    def play_parsed(
        self, raw_id: int, parsed: Parsed[tuple[Any, ...], DuelProblem], player: str
    ) -> Played:
        """Record actions already parsed from the input stored as `raw_id` (parsed once)."""
        state = self.state()
        who = self.resolve_player(player, state)
        if parsed.value is None:
            return self.reject(raw_id, parsed.errors, who)
        return self._record(raw_id, state, who, list(parsed.value))

    def play_json(self, data: Any, player: str | None = None, source: Origin = JSON) -> Played:
        """Record actions from their canonical JSON: a turn object or a list of actions."""
        state = self.state()
        if isinstance(data, dict) and "actions" in data:
            player = player or (str(data["player"]) if data.get("player") else None)
            items = data["actions"]
        else:
            items = data
        who = self.resolve_player(player, state)
        raw_id = self.store.add_raw(who, source, json.dumps(data))
        if not isinstance(items, list):
            error = DuelProblem("duel.json", "a turn is a list of actions or {player, actions}")
            return self.reject(raw_id, (error,))
        actions: list[Any] = []
        errors: list[DuelProblem] = []
        for i, item in enumerate(items):
            parsed = self.game.action_from_json(item)
            if parsed.value is None:
                errors.extend(e.at_action(i) for e in parsed.errors)
            else:
                actions.append(parsed.value)
        if errors:
            return self.reject(raw_id, errors, who)
        return self._record(raw_id, state, who, actions)

    def play_actions(self, actions: Sequence[Any], player: str, source: Origin) -> Played:
        """Record typed actions (bots, the desk); the input stored is their JSON."""
        state = self.state()
        who = self.resolve_player(player, state)
        content = json.dumps([self.game.action_to_json(a) for a in actions])
        raw_id = self.store.add_raw(who, source, content)
        return self._record(raw_id, state, who, list(actions))

    def trial(self, texts: Sequence[tuple[str, str]]) -> dict[str, tuple[DuelProblem, ...]]:
        """What recording each (player, notation) in turn would find wrong, recording nothing:
        each is checked in the position the ones before it would leave."""
        state = self.state()
        index = self.store.step_count()
        found: dict[str, tuple[DuelProblem, ...]] = {}
        for player, text in texts:
            who = self.resolve_player(player, state)
            parsed = self.game.parse_actions(text)
            if parsed.value is None:
                found[who] = tuple(parsed.errors)
                continue
            after, steps, errors = self._take(state, who, list(parsed.value), index)
            if errors:
                found[who] = tuple(errors)
            else:
                state, index = after, index + len(steps)
        return found

    def reject(self, raw_id: int, errors: Sequence[DuelProblem], player: str = "") -> Played:
        """Store the errors of an input already stored, taken as `player`'s when known;
        nothing is recorded."""
        self.store.add_errors(raw_id, [(e.code, str(e)) for e in errors])
        return Played(raw_id, (), tuple(errors), player=player)

    def _record(self, raw_id: int, state: Any, player: str, actions: list[Any]) -> Played:
        count = self.store.step_count()
        after, steps, errors = self._take(state, player, actions, count)
        if errors:
            return self.reject(raw_id, errors, player)
        rows = [(s.player, self.game.action_to_json(s.action)) for s in steps]
        self.store.add_steps(raw_id, rows, count, clock_now())
        return Played(raw_id, tuple(steps), (), self.game.turn_lines(state, after))

    def _take(
        self, state: Any, player: str, actions: list[Any], first_index: int
    ) -> tuple[Any, list[Step[Any]], list[DuelProblem]]:
        if not actions:
            return state, [], [DuelProblem("duel.empty", "no action was given")]
        return take(self.game, state, player, actions, self.seed, first_index)

    # --- undo ---------------------------------------------------------------------------

    def undo(self) -> Step[Any]:
        """Take back the last action not yet confirmed (kept in the history, marked undone)."""
        states, steps, rows = self.positions()
        if not steps:
            raise DuelHostError("nothing to undo: no action is recorded")
        outcome = self.game.outcome(states[-1])
        if outcome is not None:
            raise DuelHostError(
                f"the duel is over ({outcome.detail}): its last action cannot be taken back"
            )
        refusal = self.game.undo_refusal(states[-2], steps[-1].action)
        if refusal:
            what = self.game.format_action(steps[-1].action)
            raise DuelHostError(f"{what!r} cannot be taken back: {refusal}")
        self.store.mark_undone(rows[-1].id, clock_now())
        return steps[-1]

    # --- the clock ----------------------------------------------------------------------

    def set_clock(self, running: bool) -> None:
        """Start or stop the host's clock. A duel that is over has no clock to start (its
        clock stopped with its last action); stopping it only records the stop."""
        events = self.store.clock_events()
        outcome = self.game.outcome(self.state())
        if running and outcome is not None:
            raise DuelHostError(f"the duel is over ({outcome.detail}): its clock cannot start")
        if bool(events) and events[-1][1] == running:
            raise DuelHostError(f"the clock is already {'running' if running else 'stopped'}")
        self.store.set_clock(running, clock_now())

    def clock(self, at: float | None = None) -> ClockReading:
        states, _, rows = self.positions()
        return self._read_clock(states, rows, at)

    def _read_clock(
        self, states: Sequence[Any], rows: Sequence[StepRow], at: float | None = None
    ) -> ClockReading:
        awaited = [self.game.to_act(state) for state in states]
        turns = turn_spans(awaited, [row.taken_at for row in rows])
        options = self.config["options"]
        return read_clock(
            self.store.clock_events(),
            turns,
            self.players,
            int(options.get("turn_seconds", 0)),
            int(options.get("reserve_seconds", 0)),
            clock_now() if at is None else at,
        )

    def time_out_due(self) -> tuple[str, Any] | None:
        """The player whose time ran out and the action recording their loss, if that loss
        can be recorded now: one player ran out first (several at the same moment: the host
        decides), the duel is not over, the game has a forfeit and it is legal now (a player
        whose actions were recorded after their time ran out, by a command that did not
        apply the time rule, is not to act: nothing is recorded). None: nothing to record."""
        if not self.store.clock_events():
            return None
        states, _, rows = self.positions()
        reading = self._read_clock(states, rows)
        if len(reading.out_of_time) != 1 or reading.over:
            return None
        (loser,) = reading.out_of_time
        timeout = self.game.forfeit_action(loser, ConcedeReason.TIME)
        if loser not in self.game.to_act(states[-1]):  # a concession is legal at any time
            return None
        if timeout is None or self.game.check(states[-1], loser, timeout):
            return None
        return loser, timeout

    def enforce_time(self) -> str | None:
        """Record the loss of a player whose time ran out (None: nobody's is due)."""
        due = self.time_out_due()
        if due is None:
            return None
        loser, timeout = due
        played = self.play_actions([timeout], loser, Origin(Via.CLOCK))
        if not played.ok:
            return None
        self.timed_out = loser
        return loser
