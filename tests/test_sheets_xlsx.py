"""The sheets layer: rendering templates to .xlsx, reading workbooks back, finding submissions."""

from __future__ import annotations

import datetime as dt
import io
import zipfile
from pathlib import Path

import openpyxl
import pytest
from openpyxl.styles import PatternFill
from openpyxl.worksheet.worksheet import Worksheet

from events.tables import CellValue, cell_ref
from events.template import Dropdown, Template, TemplateTab
from sheets.errors import SheetReadError
from sheets.source import FolderSource, RawSubmission, SubmissionSource, load, name_key
from sheets.xlsx_reader import plain_value, read_table_file, read_workbook
from sheets.xlsx_writer import (
    INLINE_LIST_LIMIT,
    LISTS_TAB,
    README_TAB,
    render_templates,
    write_table,
    write_templates,
)

LONG_OPTIONS = tuple(f"Contestant number {i:02d}" for i in range(40))  # ~900 chars joined
SHORT_OPTIONS = ("Fire", "Water", "Earth", "Air")


def picks_tab() -> TemplateTab:
    cells: dict[tuple[int, int], CellValue] = {
        (0, 0): "Slot",
        (0, 1): "Pick",
        (0, 2): "Element",
        (0, 3): "Stake",
        (1, 0): 1,
        (2, 0): 2,
        (3, 0): 3,
        (1, 3): 2.5,
        (2, 3): 10.0,
        (3, 3): True,
        (5, 0): "=not a formula",
        (5, 1): "#N/A",
    }
    return TemplateTab(
        name="Picks",
        cells=cells,
        input_range="A1:D4",
        dropdowns=(
            Dropdown("B2:B4", LONG_OPTIONS, prompt="Pick a contestant"),
            Dropdown("C2:C4", SHORT_OPTIONS, prompt="Pick an element"),
        ),
        fills={(1, 1): "FFF2CC", (2, 1): "#ddebf7"},
        bold=frozenset({(0, 0), (0, 1), (0, 2), (0, 3)}),
        column_widths={1: 28.0, 3: 12.5},
        note="Choose one contestant per slot.",
    )


def bonus_tab() -> TemplateTab:
    return TemplateTab(
        name="Bonus",
        cells={(0, 0): "Question", (0, 1): "Answer", (1, 0): "Winner?"},
        input_range="A1:B2",
        dropdowns=(Dropdown("B2", ("Yes", "No")),),
    )


def sample_templates() -> list[Template]:
    return [
        Template("main", "Alice", 3, (picks_tab(),)),
        Template("duel", "Alice", 3, (bonus_tab(),)),
    ]


def xlsx_bytes(rows_by_tab: dict[str, list[list[CellValue]]]) -> bytes:
    """A workbook written directly with openpyxl, as another tool might."""
    book = openpyxl.Workbook()
    book.remove(book.worksheets[0])
    for name, rows in rows_by_tab.items():
        ws = book.create_sheet(name)
        for row in rows:
            ws.append(row)
    buf = io.BytesIO()
    book.save(buf)
    return buf.getvalue()


def validations(ws: Worksheet) -> dict[str, tuple[str, str | None]]:
    """sqref -> (formula1, prompt) for every data validation on a sheet."""
    return {str(dv.sqref): (dv.formula1, dv.prompt) for dv in ws.data_validations.dataValidation}


# --- rendering and reading back -------------------------------------------------------------


def test_round_trip_keeps_every_cell_at_its_ref(tmp_path: Path) -> None:
    path = tmp_path / "alice.xlsx"
    write_templates(path, sample_templates(), "AWA Festival — Round 3")
    grids = read_workbook(path)

    assert list(grids) == [README_TAB, "Picks", "Bonus", LISTS_TAB]
    for tab in (picks_tab(), bonus_tab()):
        grid = grids[tab.name]
        assert grid.tab == tab.name
        for (r, c), value in tab.cells.items():
            got = grid.cell(cell_ref(r, c))
            where = (tab.name, cell_ref(r, c), got, value)
            assert got == value, where
            # True must not come back as 1, nor 1 as "1"; openpyxl stores 10.0 as "10", so a
            # whole float may come back as an int that compares equal
            assert isinstance(got, bool) == isinstance(value, bool), where
            assert isinstance(got, str) == isinstance(value, str), where
        # nothing else was written, and the grid is trimmed to the written cells
        others = [
            grid.at(r, c)
            for r in range(grid.height)
            for c in range(grid.width)
            if (r, c) not in tab.cells
        ]
        assert all(v is None for v in others)
        assert grid.height == max(r for r, _ in tab.cells) + 1
        assert grid.width == max(c for _, c in tab.cells) + 1
    # text that looks like a formula or an error code stays literal text
    assert grids["Picks"].cell("A6") == "=not a formula"
    assert grids["Picks"].cell("B6") == "#N/A"


def test_rendered_styles_validations_and_note(tmp_path: Path) -> None:
    path = tmp_path / "alice.xlsx"
    write_templates(path, sample_templates(), "AWA Festival — Round 3")
    book = openpyxl.load_workbook(path)
    ws = book["Picks"]

    rules = validations(ws)
    assert set(rules) == {"B2:B4", "C2:C4"}
    assert rules["C2:C4"] == ('"Fire,Water,Earth,Air"', "Pick an element")
    formula, prompt = rules["B2:B4"]
    assert prompt == "Pick a contestant"
    assert len(",".join(LONG_OPTIONS)) > INLINE_LIST_LIMIT
    assert formula == f"'{LISTS_TAB}'!$A$1:$A${len(LONG_OPTIONS)}"
    lists = book[LISTS_TAB]
    assert lists.sheet_state == "hidden"
    assert tuple(lists.cell(row=i + 1, column=1).value for i in range(len(LONG_OPTIONS))) == (
        LONG_OPTIONS
    )
    assert all(dv.type == "list" for dv in ws.data_validations.dataValidation)
    assert validations(book["Bonus"]) == {"B2": ('"Yes,No"', None)}

    assert ws["B2"].fill.fill_type == "solid"
    assert ws["B2"].fill.fgColor.rgb == "FFFFF2CC"
    assert ws["B3"].fill.fgColor.rgb == "FFDDEBF7"  # '#' and lower case accepted
    assert ws["B4"].fill.fill_type is None

    assert [ws.cell(row=1, column=c).font.b for c in range(1, 5)] == [True] * 4
    assert not ws["A2"].font.b
    assert ws.column_dimensions["B"].width == 28.0
    assert ws.column_dimensions["D"].width == 12.5
    assert ws["A1"].comment is not None
    assert ws["A1"].comment.text == "Choose one contestant per slot."
    assert book["Bonus"]["A1"].comment is None


def test_readme_is_first_and_names_title_player_and_round() -> None:
    book = render_templates(sample_templates(), "AWA Festival — Round 3")
    assert book.sheetnames[0] == README_TAB
    text = "\n".join(
        str(row[0]) for row in book[README_TAB].iter_rows(values_only=True) if row[0] is not None
    )
    assert "AWA Festival — Round 3" in text
    assert "Player: Alice" in text
    assert "Round: 3" in text
    assert "Alice.xlsx" in text
    assert "Picks: Choose one contestant per slot." in text


def test_inline_list_limit_is_on_the_joined_options() -> None:
    def formula_for(options: tuple[str, ...]) -> str:
        tab = TemplateTab("T", {}, "A1:A1", dropdowns=(Dropdown("A1", options),))
        book = render_templates([Template("e", "p", 1, (tab,))], "t")
        (dv,) = book["T"].data_validations.dataValidation
        return str(dv.formula1)

    at_limit = ("x" * 127, "y" * 127)  # 255 characters joined
    over_limit = ("x" * 128, "y" * 127)
    assert formula_for(at_limit) == f'"{",".join(at_limit)}"'
    assert formula_for(over_limit) == f"'{LISTS_TAB}'!$A$1:$A$2"
    # an option with a comma cannot be written inline, however short
    assert formula_for(("Smith, J", "Jones")) == f"'{LISTS_TAB}'!$A$1:$A$2"


def test_identical_long_lists_share_one_column() -> None:
    tab = TemplateTab(
        "T",
        {},
        "A1:B9",
        dropdowns=(Dropdown("A1:A9", LONG_OPTIONS), Dropdown("B1:B9", LONG_OPTIONS[::-1])),
    )
    other = TemplateTab("U", {}, "A1:A9", dropdowns=(Dropdown("A1:A9", LONG_OPTIONS),))
    book = render_templates([Template("e", "p", 1, (tab, other))], "t")
    n = len(LONG_OPTIONS)
    assert validations(book["T"]) == {
        "A1:A9": (f"'{LISTS_TAB}'!$A$1:$A${n}", None),
        "B1:B9": (f"'{LISTS_TAB}'!$B$1:$B${n}", None),
    }
    assert validations(book["U"]) == {"A1:A9": (f"'{LISTS_TAB}'!$A$1:$A${n}", None)}


def test_no_lists_tab_when_every_list_fits_inline() -> None:
    book = render_templates([Template("duel", "Bob", 1, (bonus_tab(),))], "t")
    assert book.sheetnames == [README_TAB, "Bonus"]


@pytest.mark.parametrize(
    ("second_name", "match"),
    [("Picks", "Picks"), ("PICKS", "PICKS"), ("readme", "reserved"), ("a/b", "may not")],
)
def test_bad_or_clashing_tab_names_are_rejected(second_name: str, match: str) -> None:
    clash = TemplateTab(second_name, {}, "A1:A1")
    templates = [
        Template("main", "Alice", 3, (picks_tab(),)),
        Template("duel", "Alice", 3, (clash,)),
    ]
    with pytest.raises(ValueError, match=match):
        render_templates(templates, "t")


def test_bad_colour_and_dropdown_range_are_rejected() -> None:
    bad_fill = TemplateTab("T", {}, "A1:A1", fills={(0, 0): "red"})
    with pytest.raises(ValueError, match="fill colour"):
        render_templates([Template("e", "p", 1, (bad_fill,))], "t")
    bad_range = TemplateTab("T", {}, "A1:A1", dropdowns=(Dropdown("B2:", ("a",)),))
    with pytest.raises(ValueError, match="dropdown range"):
        render_templates([Template("e", "p", 1, (bad_range,))], "t")
    with pytest.raises(ValueError, match="no templates"):
        render_templates([], "t")


def test_write_table_bolds_only_the_first_row(tmp_path: Path) -> None:
    path = tmp_path / "results.xlsx"
    write_table(
        path,
        {
            "Standings": [["Player", "Points"], ["Alice", 12.5], ["Bob", 7]],
            "Errors": [["Player", "Message"], ["Cam", "=B2 is empty"]],
        },
    )
    grids = read_workbook(path)
    assert list(grids) == ["Standings", "Errors"]
    assert grids["Standings"].rows == (("Player", "Points"), ("Alice", 12.5), ("Bob", 7))
    assert grids["Errors"].cell("B2") == "=B2 is empty"
    ws = openpyxl.load_workbook(path)["Standings"]
    assert [c.font.b for c in ws[1]] == [True, True]
    assert [c.font.b for c in ws[2]] == [False, False]
    with pytest.raises(ValueError):
        write_table(tmp_path / "empty.xlsx", {})


# --- reading ---------------------------------------------------------------------------------


def test_read_workbook_converts_values_and_trims(tmp_path: Path) -> None:
    book = openpyxl.Workbook()
    ws = book.active
    assert ws is not None
    ws.title = "Data"
    ws["B2"] = "x"
    ws["C3"] = dt.datetime(2024, 5, 1, 13, 30)
    ws["A4"] = dt.datetime(2024, 5, 2)
    ws["D1"] = "   "  # blank text beyond the last real column is trimmed
    ws["Z50"].fill = PatternFill(fill_type="solid", start_color="FFFF0000")  # styled, empty
    ws["A60"] = None
    book.create_sheet("Empty")
    buf = io.BytesIO()
    book.save(buf)

    grids = read_workbook(buf.getvalue())
    data = grids["Data"]
    assert data.rows == (
        (None, None, None),
        (None, "x", None),
        (None, None, "2024-05-01T13:30:00"),
        ("2024-05-02", None, None),
    )
    assert grids["Empty"].rows == ()


def test_read_workbook_ignores_a_wrong_stored_dimension() -> None:
    """Some tools write <dimension ref="A1"/> whatever the data; every cell is still read."""
    original = xlsx_bytes({"Data": [["a", "b"], [1, 2], [None, None, "c"]]})
    patched = io.BytesIO()
    with (
        zipfile.ZipFile(io.BytesIO(original)) as src,
        zipfile.ZipFile(patched, "w") as dst,
    ):
        for item in src.infolist():
            data = src.read(item.filename)
            if item.filename.startswith("xl/worksheets/sheet"):
                assert b'<dimension ref="A1:C3" />' in data
                data = data.replace(b'<dimension ref="A1:C3" />', b'<dimension ref="A1" />')
            dst.writestr(item, data)
    grid = read_workbook(patched.getvalue())["Data"]
    assert grid.rows == (("a", "b", None), (1, 2, None), (None, None, "c"))


def test_plain_value_keeps_types() -> None:
    assert plain_value(2.0) == 2.0 and isinstance(plain_value(2.0), float)
    assert plain_value(2) == 2 and isinstance(plain_value(2), int)
    assert plain_value(True) is True
    assert plain_value(dt.date(2024, 1, 31)) == "2024-01-31"
    assert plain_value(dt.time(9, 5)) == "09:05:00"
    assert plain_value(dt.timedelta(hours=1, minutes=2)) == "1:02:00"


def test_read_table_file_csv(tmp_path: Path) -> None:
    path = tmp_path / "roster.csv"
    path.write_bytes("\ufeffPlayer,Team,Seed\r\nZoë,Red,1\r\nBob,,2\r\n,,\r\n".encode())
    grid = read_table_file(path)
    assert grid.tab == "roster"
    assert grid.rows == (("Player", "Team", "Seed"), ("Zoë", "Red", "1"), ("Bob", None, "2"))

    semicolons = tmp_path / "prefs.csv"
    semicolons.write_text("Player;Choice\nAlice;Fire\n", encoding="utf-8")
    assert read_table_file(semicolons).rows == (("Player", "Choice"), ("Alice", "Fire"))


def test_read_table_file_xlsx_reads_the_first_tab(tmp_path: Path) -> None:
    path = tmp_path / "roster.xlsx"
    path.write_bytes(
        xlsx_bytes({"Roster": [["Player", "Seed"], ["Alice", 1]], "Other": [["ignored"]]})
    )
    grid = read_table_file(path)
    assert grid.tab == "Roster"
    assert grid.rows == (("Player", "Seed"), ("Alice", 1))


def test_read_table_file_rejects_other_types_and_bad_text(tmp_path: Path) -> None:
    txt = tmp_path / "roster.txt"
    txt.write_text("Alice\n")
    with pytest.raises(SheetReadError, match=r"roster\.txt.*unsupported"):
        read_table_file(txt)
    latin = tmp_path / "latin.csv"
    latin.write_bytes("Zoë\n".encode("latin-1"))
    with pytest.raises(SheetReadError, match=r"latin\.csv.*UTF-8"):
        read_table_file(latin)


def _not_a_workbook_zip() -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.writestr("hello.txt", "not a workbook")
    return buf.getvalue()


@pytest.mark.parametrize(
    "content",
    [
        b"this is not a spreadsheet",
        b"",
        b"PK\x03\x04 truncated zip",
        b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\0" * 100,
        _not_a_workbook_zip(),
        xlsx_bytes({"A": [["x"]]})[:300],
    ],
    ids=["text", "empty", "truncated", "ole", "other-zip", "cut-short"],
)
def test_corrupt_workbook_raises_one_line_error_naming_the_file(
    tmp_path: Path, content: bytes
) -> None:
    path = tmp_path / "broken_entry.xlsx"
    path.write_bytes(content)
    for call in (lambda: read_workbook(path), lambda: read_table_file(path)):
        with pytest.raises(SheetReadError) as info:
            call()
        message = str(info.value)
        assert message.startswith(str(path) + ": ")
        assert "\n" not in message
    with pytest.raises(SheetReadError, match=r"^file:/x/bob\.xlsx: "):
        load(RawSubmission("bob", "file:/x/bob.xlsx", content, "xlsx"))


def test_missing_file_raises_sheet_read_error(tmp_path: Path) -> None:
    with pytest.raises(SheetReadError, match=r"nobody\.xlsx: file not found"):
        read_workbook(tmp_path / "nobody.xlsx")


# --- finding submissions in a folder ---------------------------------------------------------


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    contents = {
        "spadez.xlsx": b"spadez",
        "mr_cam.xlsx": b"cam",
        "Bob Smith.XLSX": b"bob",
        "~$spadez.xlsx": b"lock",
        "~$dora.xlsx": b"lock",
        "._dora.xlsx": b"appledouble",
        "eve.csv": b"not a workbook",
        "stray-file.xlsx": b"stray",
    }
    for name, data in contents.items():
        (tmp_path / name).write_bytes(data)
    (tmp_path / "frank.xlsx").mkdir()
    return tmp_path


@pytest.mark.parametrize(
    ("player", "file", "content"),
    [
        ("Spadez", "spadez.xlsx", b"spadez"),
        ("SPADEZ", "spadez.xlsx", b"spadez"),
        ("Mr Cam", "mr_cam.xlsx", b"cam"),
        ("mr-cam", "mr_cam.xlsx", b"cam"),
        ("bob_smith", "Bob Smith.XLSX", b"bob"),
    ],
)
def test_folder_source_matches_name_variants(
    folder: Path, player: str, file: str, content: bytes
) -> None:
    source: SubmissionSource = FolderSource(folder)
    raw = source.fetch(player)
    assert raw == RawSubmission(player, f"file:{folder / file}", content, "xlsx")


@pytest.mark.parametrize("player", ["Dora", "Eve", "Frank", "Nobody", ""])
def test_folder_source_ignores_lock_hidden_other_files_and_folders(
    folder: Path, player: str
) -> None:
    assert FolderSource(folder).fetch(player) is None


def test_folder_source_duplicate_match_names_both_files(folder: Path) -> None:
    (folder / "Mr-Cam.xlsx").write_bytes(b"second")
    with pytest.raises(SheetReadError) as info:
        FolderSource(folder).fetch("mr cam")
    assert "Mr-Cam.xlsx" in str(info.value)
    assert "mr_cam.xlsx" in str(info.value)
    # other players are unaffected
    raw = FolderSource(folder).fetch("spadez")
    assert raw is not None and raw.content == b"spadez"


def test_folder_source_helpers_and_describe(folder: Path) -> None:
    source = FolderSource(folder)
    players = ["Spadez", "Dora", "Mr Cam", "Bob Smith", "Eve"]
    assert source.players_without_file(players) == ["Dora", "Eve"]
    assert source.files_without_player(players) == [folder / "stray-file.xlsx"]
    assert str(folder) in source.describe()


def test_folder_source_missing_folder(tmp_path: Path) -> None:
    with pytest.raises(SheetReadError, match="not found"):
        FolderSource(tmp_path / "nope").fetch("alice")


def test_load_parses_a_fetched_workbook(tmp_path: Path) -> None:
    write_templates(tmp_path / "Alice.xlsx", sample_templates(), "t")
    raw = FolderSource(tmp_path).fetch("alice")
    assert raw is not None
    grids = load(raw)
    assert grids["Bonus"].cell("A2") == "Winner?"
    assert grids["Picks"].cell("D3") == 10.0
    with pytest.raises(SheetReadError, match="type 'csv'"):
        load(RawSubmission("alice", raw.source, raw.content, "csv"))


def test_name_key() -> None:
    assert name_key("Mr  Cam") == name_key("mr_cam") == name_key("MR-CAM") == "mrcam"
    assert name_key("Zoe\u0308") == name_key("Zoë")
    assert name_key("Alice") != name_key("Alicia")


@pytest.mark.parametrize("kind", ["folder", "fifo"])
def test_a_results_workbook_never_replaces_what_is_not_a_file(tmp_path: Path, kind: str) -> None:
    """Never destroy what is there: only a regular file (or nothing) is replaced, and the
    error names the path the user gave, not the temporary file."""
    import os

    target = tmp_path / "out.xlsx"
    if kind == "folder":
        target.mkdir()
    else:
        os.mkfifo(target)
    with pytest.raises(OSError) as caught:
        write_table(target, {"T": [["a"]]})
    assert caught.value.filename == str(target)
    assert target.is_dir() if kind == "folder" else target.is_fifo()
    assert [p.name for p in tmp_path.iterdir()] == ["out.xlsx"]
