"""Every limit of docs/formats.md#limits, enforced before work is done, with a coded error that
names the file, tab and cell: workbooks, CSV tables and JSON files."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import zipfile
from pathlib import Path

import openpyxl
import pytest

from sheets.errors import SheetReadError
from sheets.json_input import load_json
from sheets.limits import MAX_CELL_CHARS, MAX_FILE_BYTES, MAX_UNPACKED_BYTES
from sheets.xlsx_reader import read_table_file, read_workbook
from tests.support.patience import PATIENCE


def _book(fill: dict[str, dict[str, object]]) -> bytes:
    book = openpyxl.Workbook()
    first = True
    for tab, cells in fill.items():
        ws = book.active if first else book.create_sheet(tab)
        assert ws is not None
        ws.title = tab
        first = False
        for ref, value in cells.items():
            ws[ref] = value
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def _codes(exc: SheetReadError) -> list[tuple[str, str | None, str]]:
    return [(p.tab, p.cell, p.code) for p in exc.problems]


def test_a_formula_without_a_saved_value_is_named_with_what_to_do() -> None:
    """A formula with no cached value (written by a script, not Excel) is an error that says
    "open and save it in Excel or Google Sheets, or type the value"."""
    data = _book({"Buy": {"A1": "Item", "B4": "=2+2", "C4": 7}})
    with pytest.raises(SheetReadError) as caught:
        read_workbook(data, name="ann.xlsx")
    assert _codes(caught.value) == [("Buy", "B4", "sheet.formula")]
    message = str(caught.value)
    assert message.startswith("ann.xlsx: Buy!B4: a formula with no saved value")
    assert "open and save the file in Excel or Google Sheets, or type the value" in message


def test_a_stray_cell_far_away_is_refused_by_name_not_read() -> None:
    """Reading a workbook costs memory proportional to its filled cells, never to its widest
    row: a cell at XFD1 is named, not padded into every row."""
    data = _book({"README": {"A1": "hello", "XFD1": "x", "A9000": "far down"}})
    with pytest.raises(SheetReadError) as caught:
        read_workbook(data, name="bob.xlsx")
    assert ("README", "XFD1", "sheet.beyond") in _codes(caught.value)
    assert ("README", "A9000", "sheet.beyond") in _codes(caught.value)


def test_a_cell_longer_than_the_limit_is_named() -> None:
    data = _book({"Bolts": {"A1": "x", "B3": "9" * 5000}})
    with pytest.raises(SheetReadError) as caught:
        read_workbook(data, name="cy.xlsx")
    assert _codes(caught.value) == [("Bolts", "B3", "sheet.long")]
    assert "5000 characters" in str(caught.value)
    assert "9999999999" not in str(caught.value)  # the cell is not echoed


def test_a_cell_just_within_the_limit_is_read() -> None:
    data = _book({"Bolts": {"B3": "9" * MAX_CELL_CHARS}})
    assert read_workbook(data)["Bolts"].cell("B3") == "9" * MAX_CELL_CHARS


def test_a_zip_bomb_is_refused_before_it_is_unpacked() -> None:
    """A 1 MB file that unpacks to a gigabyte: refused from the sizes the package declares."""
    good = zipfile.ZipFile(io.BytesIO(_book({"A": {"A1": 1}})))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as bomb:
        for item in good.infolist():
            bomb.writestr(item.filename, good.read(item.filename))
        bomb.writestr("xl/media/padding.bin", b"\0" * (MAX_UNPACKED_BYTES + 1))
    assert len(out.getvalue()) < 1024 * 1024
    with pytest.raises(SheetReadError, match="unpacks to 50 MB"):
        read_workbook(out.getvalue(), name="bomb.xlsx")


def test_a_file_over_the_size_limit_is_refused_without_being_read(tmp_path: Path) -> None:
    path = tmp_path / "big.xlsx"
    with path.open("wb") as handle:
        handle.truncate(MAX_FILE_BYTES + 1)  # sparse: costs no disk
    with pytest.raises(SheetReadError, match="the file is 5 MB; festival reads files of at most"):
        read_workbook(path)


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        (b'{"round": 1, "submissions": {"a": ' + b"9" * 5000 + b"}}", "a number of 5000 digits"),
        (b"[" * 100_000 + b"]" * 100_000, "nested deeper than 32 levels"),
        (b"[" * 40 + b"]" * 40, "nested deeper than 32 levels"),
        (b'{"x": NaN}', "NaN is not a JSON number"),
        (b'{"x": "' + b"a" * 5000 + b'"}', "a text of 5000 characters"),
        (b"\xff\xfe", "not UTF-8 text"),
        (b'{"round": 1,', "not valid JSON"),
        (b'{"x": 1e' + b"9" * 50 + b"}", "written with 52 characters"),
    ],
    ids=[
        "huge-number",
        "deep-100000",
        "deep-40",
        "nan",
        "long-text",
        "not-utf8",
        "cut",
        "huge-exp",
    ],
)
def test_json_beyond_a_limit_is_one_clear_error(content: bytes, problem: str) -> None:
    """Every JSON limit: a SheetReadError naming the file, never a traceback."""
    with pytest.raises(SheetReadError) as caught:
        load_json(content, "subs.json")
    assert str(caught.value).startswith("subs.json: ")
    assert problem in str(caught.value)


def test_json_within_the_limits_reads_as_json() -> None:
    data = {"round": 2, "submissions": {"Zoë": {"alchemy": {"n": [1, 2.5, None, True]}}}}
    assert load_json(json.dumps(data).encode(), "x") == data


def test_a_csv_with_too_many_columns_or_a_long_cell_is_refused(tmp_path: Path) -> None:
    wide = tmp_path / "wide.csv"
    wide.write_text("player," + ",".join(["x"] * 300) + "\n")
    with pytest.raises(SheetReadError, match="row 1 has 301 columns"):
        read_table_file(wide)
    long = tmp_path / "long.csv"
    long.write_text("player,garnets\nann," + "9" * 5000 + "\n")
    with pytest.raises(SheetReadError) as caught:
        read_table_file(long)
    assert _codes(caught.value) == [("long", "B2", "sheet.long")]


_MEMORY_PROBE = """
import sys
from sheets.xlsx_reader import read_workbook
from sheets.errors import SheetReadError
try:
    read_workbook(sys.argv[1])
except SheetReadError as exc:
    print("refused:", exc.problems[0].code)
# VmHWM: this process's own peak (ru_maxrss would carry the parent's across fork and exec)
status = open("/proc/self/status").read()
peak_kb = int(status.split("VmHWM:")[1].split()[0])
print("peak-mb", peak_kb // 1024)
"""


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads Linux's /proc")
def test_a_wide_sparse_workbook_is_read_in_little_memory(tmp_path: Path) -> None:
    """The issue's 119 KB workbook (a README tab with 20,000 rows and one cell at XFD1) took
    2.6 GB; read in a child process under a 1 GB address-space cap, it is refused by name
    and the child's peak memory stays small."""
    path = tmp_path / "wide.xlsx"
    book = openpyxl.Workbook(write_only=True)
    ws = book.create_sheet("README")
    ws.append([None] * 16383 + ["x"])
    for i in range(20_000):
        ws.append([f"line {i}"])
    book.save(path)
    assert path.stat().st_size < 300_000
    probe = (
        "import resource; resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))\n"
        + _MEMORY_PROBE
    )
    done = subprocess.run(
        [sys.executable, "-c", probe, str(path)],
        capture_output=True,
        text=True,
        timeout=PATIENCE,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "refused: sheet.beyond" in done.stdout
    peak = int(done.stdout.split("peak-mb")[1])
    assert peak < 200, f"peak memory {peak} MB"
