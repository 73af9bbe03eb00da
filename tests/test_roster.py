"""The roster and preferences file: every problem reported by cell; .csv and .xlsx alike."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest

from events.tables import Grid
from festival.cli.main import main
from festival.match.match import Match
from festival.match.roster import parse_roster

HEADER = ["player", "first", "second", "garnets"]


def parse(*rows: list[object]) -> tuple[object, list[str]]:
    roster, errors = parse_roster(Grid.from_rows("roster", [HEADER, *rows]))
    return roster, [str(e) for e in errors]


def test_a_good_roster_parses_with_aliases_and_blank_garnets() -> None:
    roster, errors = parse(
        ["ann", "alchemy", "EC", 2], ["bob", "Summoner's Dream", "Continuum", None]
    )
    assert errors == [] and roster is not None
    prefs = roster.preferences  # type: ignore[attr-defined]
    assert [(p.first, p.second, p.garnets) for p in prefs] == [
        ("alchemy", "continuum", 2),
        ("summoners", "continuum", 0),
    ]


def test_every_problem_is_reported_at_once_with_its_cell() -> None:
    roster, errors = parse(
        ["ann", "Alchmy", "Alchemy", 1],
        ["bob", "Alchemy", "alchemy", 0],
        ["ANN", "Alchemy", "EC", 0],
        ["cy", "Alchemy", "EC", "lots"],
        ["d!", "Alchemy", "EC", 0],
    )
    assert roster is None
    assert errors == [
        "ann: roster!B2: 'Alchmy' is not an event (Alchemy, Elemental Continuum, Summoner's Dream);"
        " did you mean 'Alchemy'? (roster.event)",
        "bob: roster!C3: the second choice must differ from the first (roster.same)",
        "ANN: roster!A4: ANN looks the same as the name in row 2 (names may not differ only "
        "by case, accents, spaces, '_', '-', '.' or letters that look alike: they name the "
        "workbook files) (roster.duplicate)",
        "cy: roster!D5: 'lots': garnets spent must be a whole number >= 0 (roster.garnets)",
        "host: roster!A6: 'd!' is not a usable player name: '!' may not be used; use 1-32 "
        "letters (of any alphabet), digits, spaces, '_', '-', '.' or an apostrophe, starting "
        "with a letter or digit (roster.player)",
    ]


def test_missing_columns_are_named() -> None:
    roster, errors = parse_roster(Grid.from_rows("roster", [["name", "first"], ["ann", "EC"]]))
    assert roster is None
    assert any("no 'second' column" in str(e) for e in errors)


def test_tiebreak_column_gives_the_gamewide_order_and_must_be_a_permutation() -> None:
    rows = [
        ["player", "first", "second", "tiebreak"],
        ["ann", "EC", "SD", 2],
        ["bob", "SD", "EC", 1],
    ]
    roster, errors = parse_roster(Grid.from_rows("roster", rows))
    assert roster is not None and roster.tiebreak == ("bob", "ann")
    rows[2][3] = 2
    roster, errors = parse_roster(Grid.from_rows("roster", rows))
    assert roster is None and "different place" in str(errors[0])


def test_new_reads_an_xlsx_roster_and_refuses_to_overwrite_a_match(
    tmp_path: Path, roster_csv: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    for line in roster_csv.read_text().splitlines():
        sheet.append(line.split(","))
    xlsx = tmp_path / "roster.xlsx"
    book.save(xlsx)
    folder = tmp_path / "m"
    assert main(["new", str(folder), "--roster", str(xlsx), "--tiebreak", "uri, Spadez"]) == 2
    assert "Gamewide Tiebreak must list every player" in capsys.readouterr().err
    order = ",".join(
        reversed([line.split(",")[0] for line in roster_csv.read_text().splitlines()[1:]])
    )
    assert (
        main(["new", str(folder), "--roster", str(xlsx), "--tiebreak", order, "--seed", "3"]) == 0
    )
    match = Match.open(folder)
    assert match.config.gamewide[0] == "Tamsin" and match.config.gamewide_source == "host"
    assert main(["new", str(folder), "--roster", str(xlsx)]) == 2
    assert "already holds a match" in capsys.readouterr().err


def test_a_drawn_gamewide_tiebreak_is_seeded_and_recorded(tmp_path: Path, roster_csv: Path) -> None:
    orders = []
    for name in ("a", "b"):
        assert main(["new", str(tmp_path / name), "--roster", str(roster_csv), "--seed", "11"]) == 0
        config = Match.open(tmp_path / name).config
        assert config.gamewide_source == "drawn"
        orders.append(config.gamewide)
    assert orders[0] == orders[1]
    assert main(["new", str(tmp_path / "c"), "--roster", str(roster_csv), "--seed", "12"]) == 0
    assert Match.open(tmp_path / "c").config.gamewide != orders[0]


def test_bad_engine_and_option_arguments_are_user_errors(
    tmp_path: Path, roster_csv: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert (
        main(["new", str(tmp_path / "x"), "--roster", str(roster_csv), "--engine", "chess=a:b"])
        == 2
    )
    assert (
        main(
            [
                "new",
                str(tmp_path / "y"),
                "--roster",
                str(roster_csv),
                "--engine",
                "alchemy=nope.mod:X",
            ]
        )
        == 2
    )
    err = capsys.readouterr().err
    assert "EVENT one of alchemy, continuum, summoners" in err
    assert "cannot import engine module 'nope.mod'" in err
    assert not (tmp_path / "y").exists()


@pytest.mark.parametrize(
    ("header", "message"),
    [
        (["player", "first", "second", "garnet"], "'garnet' is not a roster column"),
        (["player", "first", "second", "player"], "the 'player' column is given twice"),
    ],
)
def test_unknown_or_repeated_columns_are_errors_not_silently_ignored(
    header: list[str], message: str
) -> None:
    """A misspelt garnets column would otherwise give everyone 0 garnets without a word."""
    roster, errors = parse_roster(Grid.from_rows("roster", [header, ["ann", "EC", "SD", 1]]))
    assert roster is None and any(message in str(e) for e in errors)


def test_only_the_digits_0_9_make_a_number() -> None:
    roster, errors = parse(["ann", "EC", "SD", "²"])
    assert roster is None and "garnets spent must be a whole number" in errors[0]


DISCORD_HEADER = ["player", "first", "second", "discord"]


@pytest.mark.parametrize(
    ("ids", "problems"),
    [
        (["123456789012345678", ""], []),
        (
            ["12345", ""],
            [
                "ann: roster!D2: '12345' is not a Discord user id: 17 to 20 digits (in Discord, "
                "turn on Developer Mode, then Copy User ID on the player); leave it blank to "
                "seat them later (roster.discord)"
            ],
        ),
        (
            ["<@123456789012345678>", ""],
            ["ann: roster!D2: '<@123456789012345678>' is not a Discord user id"],
        ),
        (
            ["123456789012345678", "123456789012345678"],
            [
                "bob: roster!D3: Discord user 123456789012345678 is given to ann in row 2 too: "
                "one player each (roster.discord)"
            ],
        ),
    ],
)
def test_the_discord_column_gives_snowflakes_one_player_each(
    ids: list[str], problems: list[str]
) -> None:
    rows = [DISCORD_HEADER, ["ann", "EC", "SD", ids[0]], ["bob", "SD", "EC", ids[1]]]
    roster, errors = parse_roster(Grid.from_rows("roster", rows))
    said = [str(e) for e in errors]
    assert len(said) == len(problems)
    for line, wanted in zip(said, problems, strict=True):
        assert line.startswith(wanted)
    if not problems:
        assert roster is not None and roster.discord == (("ann", 123456789012345678),)


def test_new_keeps_the_rosters_discord_ids_and_the_bot_seats_by_them(
    tmp_path: Path,
    roster_csv: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    from festival.match import service

    lines = roster_csv.read_text().splitlines()
    with_ids = [lines[0] + ",Discord ID"] + [
        f"{line},{100000000000000000 + i if i % 2 else ''}" for i, line in enumerate(lines[1:])
    ]
    new_roster = tmp_path / "roster-ids.csv"
    new_roster.write_text("\n".join(with_ids) + "\n")
    folder = tmp_path / "m"
    assert main(["new", str(folder), "--roster", str(new_roster), "--seed", "3"]) == 0
    first = lines[2].split(",")[0]
    seat = service.seats(folder).of(first)
    assert seat is not None and (seat.user, seat.channel) == (100000000000000001, None)
    assert service.seats(folder).of(lines[1].split(",")[0]).user is None  # type: ignore[union-attr]
    capsys.readouterr()
    assert main(["seat", str(folder), "--player", first, "--channel", "223456789012345678"]) == 0
    assert capsys.readouterr().out == (
        f"{first} on Discord: user 100000000000000001, channel 223456789012345678.\n"
    )
    second = lines[4].split(",")[0]  # seated by the roster: asked for the channel only
    assert main(["seat", str(folder), "--player", second, "--user", "100000000000000003"]) == 0
    assert capsys.readouterr().out.endswith(
        f"festival seat {folder} --player {second} --channel ID\n"
    )
    assert main(["seat", str(folder), "--player", second, "--user", "100000000000000009"]) == 2
    assert "user 100000000000000009 plays " in capsys.readouterr().err  # the roster's, another's
    # an old roster (no discord column) still makes a match, with nobody seated
    assert main(["new", str(tmp_path / "old"), "--roster", str(roster_csv), "--seed", "3"]) == 0
    assert all(s.user is None for s in service.seats(tmp_path / "old").seats)
