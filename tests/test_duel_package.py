"""A duel game is its package plus one registry entry (issue 37, item 8): its shipped data come
in through the one loader its entry names (festival/duels/games.py), its pictures name their own
colours, and its shortcut verbs and boards (events/offers.py) are offered by every front end
from its declaration. Checked over every registered game, and with Pebbles
(tests/support/pebbles/), a made-up game registered here only."""

from __future__ import annotations

import importlib
import json
import pkgutil
from pathlib import Path
from typing import Any, cast

import pytest
from streamlit.testing.v1 import AppTest

from events.offers import Offers
from festival.cli.main import main
from festival.core import paths, picture, registry
from festival.core.paths import fixture
from festival.core.registry import DuelEntry
from festival.duels import offers
from festival.duels.games import duel_game, hosted_game, shipped, shipped_files
from festival.duels.samples import pictures
from festival.duels.store import DUEL_FILE
from tests.support.patience import PATIENCE
from tests.support.pebbles.game import PILE_COLOUR

PEBBLES = DuelEntry(
    "pebbles",
    "Pebbles",
    "tests.support.pebbles.game:Pebbles",
    data={"heaps": "heaps.json"},
    offers="tests.support.pebbles.offers:OFFERS",
    example="grab 1",
    variants=("small", "big"),
)
HEAPS = {"small": [1, 2], "big": [3, 4, 5]}
ROOT = Path(__file__).resolve().parent.parent
ELEMENTS = set("FWEA")


# --- every registered game ----------------------------------------------------------------


@pytest.mark.parametrize("entry", registry.duels(), ids=lambda d: d.name)
def test_a_games_shipped_data_come_through_its_entry(entry: DuelEntry) -> None:
    """The files the entry names are the game's data, and the game is made on them."""
    assert all(path.is_file() for path in shipped_files(entry))
    assert hosted_game(entry).name == entry.name


def _shipped_copies(entry: DuelEntry) -> list[str]:
    """The modules of `entry`'s game package (each imported) holding, as a module-level value
    or one of its values, a copy of a file under fixtures/<game>/."""
    files = {}
    for path in sorted(fixture(entry.name, "").rglob("*")):
        if path.is_file():
            text = path.read_text(encoding="utf-8")
            files[path.name] = json.loads(text) if path.suffix == ".json" else text.strip()
    package = importlib.import_module(entry.game.split(":")[0])
    inside = pkgutil.walk_packages(getattr(package, "__path__", []), f"{package.__name__}.")
    modules = [package, *(importlib.import_module(info.name) for info in inside)]
    found = []
    for module in modules:
        for name, value in vars(module).items():
            for held in (value, *(value.values() if isinstance(value, dict) else ())):
                if not isinstance(held, dict | list | tuple | str):
                    continue
                held = held.strip() if isinstance(held, str) else held
                found += [
                    f"{module.__name__}.{name} holds fixtures/{entry.name}/{file}"
                    for file, data in files.items()
                    if held == data
                ]
    return found


@pytest.mark.parametrize("entry", registry.duels(), ids=lambda d: d.name)
def test_no_module_of_a_game_holds_a_copy_of_a_shipped_file(entry: DuelEntry) -> None:
    """A game's data ship once, as files under fixtures/<game>/ that festival's one loader
    reads for it (issue 37): no module of its package under events/ keeps a copy of one."""
    assert _shipped_copies(entry) == []


def test_alchelemental_takes_its_units_and_boards_from_its_entry() -> None:
    """Alchelemental's units and both boards are the files its entry names, handed to its
    constructor by keyword; a unit or board a host edits in them is what the game plays."""
    entry = registry.find_duel("alchelemental")
    assert entry is not None
    assert dict(entry.data) == {
        "units": "units.json", "pit": "pit.json", "battleground": "battleground.json",
    }  # fmt: skip
    game = cast(Any, hosted_game(entry))
    assert game.units.names() == sorted(u["name"] for u in shipped(entry)["units"]["units"])
    boards = offers.of_game("alchelemental").boards
    assert boards is not None and set(game.boards) == set(boards.names)


@pytest.mark.parametrize("entry", registry.duels(), ids=lambda d: d.name)
def test_a_games_offers_fit_its_rules(entry: DuelEntry) -> None:
    """Its boards are its variants; each shortcut verb reads in its own notation."""
    game = duel_game(entry.name)
    offered = offers.of_game(entry.name)
    assert isinstance(offered, Offers)
    if offered.boards is not None:
        assert set(offered.boards.names) <= set(game.variants())
    for shortcut in offered.shortcuts:
        assert game.parse_actions(shortcut.text(2)).ok, shortcut


@pytest.mark.parametrize("entry", registry.duels(), ids=lambda d: d.name)
def test_a_games_entry_declares_its_own_variants(entry: DuelEntry) -> None:
    """The variants the front ends offer in their help are the game's."""
    assert entry.variants == tuple(duel_game(entry.name).variants())


def test_the_front_ends_write_no_games_variants_or_example_turns() -> None:
    """The command line's --variant help and Discord's /play and /orders examples come from
    the registry entries: a new game is its package and one entry."""
    words = {v for d in registry.duels() for v in (d.example, *d.variants)}
    for module in ("festival/cli/duel_commands.py", "festival/bot/duel_commands.py"):
        text = (ROOT / module).read_text()
        assert not [w for w in words if w in text], module
        assert 'describe(text="e.g.' not in text, module


@pytest.mark.parametrize("entry", registry.duels(), ids=lambda d: d.name)
def test_a_games_pictures_name_their_own_colours(entry: DuelEntry) -> None:
    """Every colour key the sample duel's pictures draw is an element's letter or named by
    the picture itself: the renderer keeps no game's colours."""
    for shown in pictures(entry.name).values():
        keys = {c.kind for c in shown.cells} | {k for p in shown.pieces for k in p.faces}
        keys |= {p.colour for p in shown.pieces if p.colour}
        assert keys <= ELEMENTS | set(shown.colours), keys - ELEMENTS - set(shown.colours)


def test_the_shared_duel_code_names_no_game() -> None:
    """The renderer, the loader and the offers read every game the same way."""
    words = {w.lower() for d in registry.duels() for w in (d.name, d.title, *d.aliases)}
    for module in ("festival/core/picture.py", "festival/duels/games.py",
                   "festival/duels/offers.py", "events/offers.py"):  # fmt: skip
        text = (ROOT / module).read_text().lower()
        assert not [w for w in words if f'"{w}"' in text], module


# --- a new game: its package and one entry ------------------------------------------------


@pytest.fixture
def pebbles(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    """Pebbles registered, its data shipped in a fixtures folder of its own."""
    shipped = tmp_path / "fixtures"
    (shipped / "pebbles").mkdir(parents=True)
    (shipped / "pebbles" / "heaps.json").write_text(json.dumps(HEAPS))
    monkeypatch.setattr(paths, "FIXTURES", shipped)
    with registry.registered(PEBBLES):
        yield


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exc:  # --help
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, " ".join(out.split()), err


def test_a_new_games_verbs_and_boards_reach_the_command_line(
    pebbles: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, "duel", "--help")
    assert "grab grab stones from the first pile (Pebbles's /grab N)" in out
    assert "draw the stones of the turn (Element's /take N)" in out
    code, out, _ = run(capsys, "duel", "new", "--help")
    assert "pebbles: small, big or a board file (JSON)" in out
    assert "variant (element: grand-final, dm5, summary;" in out
    assert "; pebbles: small, big)" in out

    folder = str(tmp_path / "p")
    new = ["duel", "new", folder, "--game", "pebbles", "--players", "Ann,Bob", "--seed", "1"]
    code, out, err = run(capsys, *new, "--board", "big")
    assert code == 0 and "(big)" in out, err
    code, out, err = run(capsys, "duel", "grab", folder, "2")
    assert code == 0 and "Recorded: A2" in out, err
    code, out, err = run(capsys, "duel", "grab", folder, "3", "--pile", "C")
    assert code == 0 and "Recorded: C3" in out, err
    status = json.loads(run(capsys, "duel", "show", folder, "--json")[1])
    assert status["piles"] == [1, 4, 2]

    heaps = tmp_path / "heaps.json"
    heaps.write_text("[2, 2]")
    other = str(tmp_path / "q")
    code, out, err = run(capsys, *new[:2], other, *new[3:], "--board", str(heaps))
    assert code == 0, err
    assert json.loads(run(capsys, "duel", "show", other, "--json")[1])["piles"] == [2, 2]


@pytest.mark.parametrize(
    ("game", "argv", "said"),
    [
        ("halma", ["draw", "2"], "Elemental Halma has no shortcut 'take': type the turn as"),
        ("element", ["new", "--board", "pit"], "Element is not played on a choice of boards"),
    ],
)
def test_a_verb_or_a_board_the_game_does_not_declare_is_refused_in_words(
    game: str, argv: list[str], said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = str(tmp_path / "d")
    if argv[0] != "new":
        assert main(["duel", "new", folder, "--game", game, "--players", "Ann,Bob"]) == 0
    code, _, err = run(
        capsys,
        "duel",
        argv[0],
        folder,
        *argv[1:],
        *(["--game", game, "--players", "Ann,Bob"] if argv[0] == "new" else []),
    )
    assert code == 2 and said in " ".join(err.split()), err


def test_a_new_games_verb_is_a_discord_command_and_its_colour_is_in_the_legend(
    pebbles: None,
) -> None:
    from festival.bot.duel_commands import host_commands, player_commands

    desk = cast(Any, None)  # the commands are only built here, never run
    names = [c.name for c in player_commands(desk)]
    assert names[4:6] == ["take", "grab"] and names[-3:] == ["confirm", "undo", "resign"]
    host = {c.name: c for c in host_commands(desk).commands}
    assert {"take", "grab"} <= set(host)
    assert [p.display_name for p in cast(Any, host["grab"]).parameters] == ["count", "pile"]
    commands = [cast(Any, c) for c in player_commands(desk)]
    said = {c.name: c.parameters[0].description for c in commands if c.parameters}
    assert said["play"].startswith("e.g. take 2, UR, fire B3, confirm; ")
    assert said["play"].endswith("; grab 1") and len(said["play"]) <= 100
    assert said["orders"] == "e.g. b2-b3, f3-e4"

    game = duel_game("pebbles")
    options = game.options("small", {}).value
    assert options is not None
    import numpy as np

    shown = game.picture(game.initial_state(("Ann", "Bob"), options, np.random.default_rng(0)))
    (pile,) = [e for e in picture.legend_entries(shown) if e.key == "cell:pile"]
    assert pile.colour == PILE_COLOUR and pile.text == "a pile of stones"
    assert f'fill="{PILE_COLOUR}"' in picture.svg(shown)


def test_a_new_games_verb_is_a_button_on_the_dashboard_desk(
    pebbles: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "desk"
    assert main(["duel", "new", str(folder), "--game", "pebbles", "--players", "Ann,Bob"]) == 0
    assert (folder / DUEL_FILE).is_file()
    monkeypatch.delenv("FESTIVAL_MATCH", raising=False)
    monkeypatch.setenv("FESTIVAL_DUELS", str(folder))
    monkeypatch.setenv("FESTIVAL_HOST_PASSWORD", "pw")
    at = AppTest.from_file(str(ROOT / "dashboard" / "app.py"), default_timeout=PATIENCE).run()
    at.sidebar.text_input[0].input("pw").run()
    assert not at.exception, at.exception
    at.number_input(key="desk-grab-count").set_value(1).run()
    at.text_input(key="desk-grab-detail").input("B").run()
    at.button(key="desk-grab").click().run()
    assert not at.error, [e.value for e in at.error]
    assert any("Recorded: B1" in s.value for s in at.success)
