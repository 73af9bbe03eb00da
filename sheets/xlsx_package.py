"""Look inside an .xlsx package before reading it: sizes, tabs, and the cells each tab uses.

An .xlsx file is a zip of XML parts. Before the fast reader (python-calamine) builds a tab,
this inspection checks, at a cost proportional to the package's real content:

- the package: a zip whose parts, unpacked, stay within the limits (a 1 MB file that
  unpacks to 1 GB is refused here, before anything is unpacked in full);
- each tab: its filled cells, counted and located by their `r="B4"` references, so a tab
  whose cells reach beyond the rows and columns festival reads is refused with the cell
  named, instead of making a reader allocate every row to the widest one;
- formulas that carry no saved value (a file written by a script, never opened in Excel):
  they would read as blank, so each is named.

Everything found is collected; `SheetReadError.problems` carries one entry per cell.
"""

from __future__ import annotations

import io
import posixpath
import re
import zipfile
from dataclasses import dataclass, field
from xml.etree import ElementTree

from events.tables import cell_ref, column_letter
from sheets.errors import CellProblem, SheetReadError
from sheets.limits import (
    MAX_CELLS_PER_TAB,
    MAX_COLUMNS,
    MAX_PARTS,
    MAX_ROWS,
    MAX_TABS,
    MAX_UNPACKED_BYTES,
    megabytes,
)

_REF = re.compile(r"^([A-Z]{1,3})([0-9]{1,7})$")
_CELL_REF = re.compile(rb'<c\s[^>]*?\br="([A-Z]{1,3})([0-9]{1,7})"')
_PLAIN_SHEET = b"<sheetData"
"""A sheet written without namespace prefixes (as Excel, LibreOffice, Google and openpyxl
write it); a prefixed one (`<x:c ...>`) always takes the careful scan."""
_OFFICE_DOC = "/officeDocument"
_ODS_MIME = b"application/vnd.oasis.opendocument.spreadsheet"
_MACRO_TYPE = "macroEnabled"


@dataclass(frozen=True)
class TabInfo:
    """One worksheet of the package: its name, its part, and the cells it fills."""

    name: str
    part: str
    cells: int
    last_row: int
    """1-based; 0 for an empty tab"""
    last_column: int
    """1-based; 0 for an empty tab"""


@dataclass(frozen=True)
class PackageInfo:
    tabs: tuple[TabInfo, ...]
    problems: tuple[CellProblem, ...] = field(default=())


def inspect_package(data: bytes, label: str) -> PackageInfo:
    """The tabs of an .xlsx package and every problem found in its cells.

    Raises `SheetReadError` (naming `label`) when the package itself cannot be read or is
    beyond the limits; per-cell problems are returned, not raised, so the caller can report
    all of them at once.
    """
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, ValueError, OSError) as exc:
        raise SheetReadError(
            label, "not a readable .xlsx workbook (a damaged zip package)"
        ) from exc
    with archive:
        parts = archive.infolist()
        _check_sizes(parts, label)
        names = {p.filename for p in parts}
        if "mimetype" in names and archive.read("mimetype").startswith(_ODS_MIME):
            raise SheetReadError(
                label, "this is an OpenDocument spreadsheet (.ods); save it as an .xlsx workbook"
            )
        book_part = _workbook_part(archive, names, label)
        if _MACRO_TYPE in _read(archive, "[Content_Types].xml", label).decode("utf-8", "replace"):
            raise SheetReadError(
                label, "this is a macro-enabled workbook (.xlsm); save it as an .xlsx workbook"
            )
        sheets = _sheet_parts(archive, book_part, names, label)
        if len(sheets) > MAX_TABS:
            raise SheetReadError(label, f"the workbook has {len(sheets)} tabs; at most {MAX_TABS}")
        # every part a reader opens is unpacked once through zipfile, which checks its CRC
        # and size: a package whose parts say they are smaller than they are is refused here
        # (pictures, the theme and document properties are never read, so not unpacked)
        sheet_parts = {p for _, p in sheets}
        for member in parts:
            if member.filename not in sheet_parts and _read_by_readers(member.filename):
                _read(archive, member.filename, label)
        tabs: list[TabInfo] = []
        problems: list[CellProblem] = []
        for name, part in sheets:
            data = _read(archive, part, label)
            quick = _quick_scan(name, part, data)
            info, found = (quick, []) if quick else _scan_tab(name, part, data, label)
            tabs.append(info)
            problems.extend(found)
    return PackageInfo(tuple(tabs), tuple(problems))


def _check_sizes(parts: list[zipfile.ZipInfo], label: str) -> None:
    if len(parts) > MAX_PARTS:
        raise SheetReadError(label, f"the package holds {len(parts)} files; at most {MAX_PARTS}")
    unpacked = sum(p.file_size for p in parts)
    if unpacked > MAX_UNPACKED_BYTES:
        raise SheetReadError(
            label,
            f"the workbook unpacks to {megabytes(unpacked)}; festival reads at most "
            f"{megabytes(MAX_UNPACKED_BYTES)} (remove pictures or unused tabs)",
        )


def _read(archive: zipfile.ZipFile, part: str, label: str) -> bytes:
    try:
        return archive.read(part)
    except KeyError as exc:
        raise SheetReadError(label, f"not a readable .xlsx workbook ({part} is missing)") from exc
    except (zipfile.BadZipFile, zipfile.LargeZipFile, ValueError, OSError, EOFError) as exc:
        raise SheetReadError(
            label, f"not a readable .xlsx workbook ({part} is damaged: {exc})"
        ) from exc
    except NotImplementedError as exc:
        raise SheetReadError(
            label, f"not a readable .xlsx workbook ({part} uses an unknown compression)"
        ) from exc


def _xml(data: bytes, part: str, label: str) -> ElementTree.Element:
    try:
        return ElementTree.fromstring(data)
    except ElementTree.ParseError as exc:
        raise SheetReadError(label, f"not a readable .xlsx workbook ({part}: {exc})") from exc


def _local(tag: str) -> str:
    return tag.rpartition("}")[2]


def _attr(element: ElementTree.Element, name: str) -> str | None:
    """An attribute by its local name, whatever its namespace."""
    for key, value in element.attrib.items():
        if _local(key) == name:
            return value
    return None


def _workbook_part(archive: zipfile.ZipFile, names: set[str], label: str) -> str:
    if "_rels/.rels" in names:
        rels = _xml(_read(archive, "_rels/.rels", label), "_rels/.rels", label)
        for rel in rels:
            if (_attr(rel, "Type") or "").endswith(_OFFICE_DOC):
                target = (_attr(rel, "Target") or "").lstrip("/")
                if target in names:
                    return target
    if "xl/workbook.xml" in names:
        return "xl/workbook.xml"
    raise SheetReadError(label, "not an .xlsx workbook (the package holds no workbook part)")


def _sheet_parts(
    archive: zipfile.ZipFile, book_part: str, names: set[str], label: str
) -> list[tuple[str, str]]:
    """(tab name, part path) of every worksheet, in workbook order."""
    folder = posixpath.dirname(book_part)
    rels_part = posixpath.join(folder, "_rels", posixpath.basename(book_part) + ".rels")
    targets: dict[str, str] = {}
    if rels_part in names:
        for rel in _xml(_read(archive, rels_part, label), rels_part, label):
            rel_id, target = _attr(rel, "Id"), _attr(rel, "Target")
            if rel_id and target:
                path = (
                    target.lstrip("/")
                    if target.startswith("/")
                    else posixpath.normpath(posixpath.join(folder, target))
                )
                targets[rel_id] = path
    book = _xml(_read(archive, book_part, label), book_part, label)
    found: list[tuple[str, str]] = []
    for element in book.iter():
        if _local(element.tag) != "sheet":
            continue
        name, rel_id = _attr(element, "name"), _attr(element, "id")
        part = targets.get(rel_id or "")
        if name is not None and part in names and part is not None:
            found.append((name, part))
    return found


def _read_by_readers(part: str) -> bool:
    """Whether a reader of cell values opens this part (the workbook, its relationships,
    shared strings, styles, content types), as opposed to pictures, the theme and document
    properties."""
    return part.endswith((".xml", ".rels")) and not part.startswith(
        ("xl/theme/", "docProps/", "xl/media/", "xl/drawings/", "customXml/")
    )


def _quick_scan(name: str, part: str, data: bytes) -> TabInfo | None:
    """The tab's size from its cell references alone, when that settles it: no formula, every
    cell with its reference, and nothing near a limit. None sends the tab to `_scan_tab`,
    which reads the XML properly (and counts formatted empty cells as empty)."""
    if _PLAIN_SHEET not in data or b"<f>" in data or b"<f " in data or b"<f/>" in data:
        return None
    refs = _CELL_REF.findall(data)
    tags = data.count(b"<c ") + data.count(b"<c>") + data.count(b"<c/>")
    if len(refs) != tags or len(refs) > MAX_CELLS_PER_TAB:
        return None
    if not refs:
        return TabInfo(name, part, 0, 0, 0)
    columns, rows = zip(*refs, strict=True)
    last_row = max(map(int, set(rows)))
    last_col = max(_column_number(col.decode()) for col in set(columns))
    if last_row > MAX_ROWS or last_col > MAX_COLUMNS:
        return None
    return TabInfo(name, part, len(refs), last_row, last_col)


def _scan_tab(name: str, part: str, data: bytes, label: str) -> tuple[TabInfo, list[CellProblem]]:
    """Count and locate the cells of one worksheet part, streaming its XML."""
    problems: list[CellProblem] = []
    cells = last_row = last_col = 0
    row_no = 0
    col_no = 0
    beyond = 0
    try:
        events = ElementTree.iterparse(io.BytesIO(data), events=("start", "end"))
        for event, element in events:
            tag = _local(element.tag)
            if event == "start":
                if tag == "row":
                    given = _attr(element, "r")
                    row_no = (
                        int(given) if given and given.isdigit() and len(given) < 9 else row_no + 1
                    )
                    col_no = 0
                elif tag == "c":
                    ref = _attr(element, "r")
                    m = _REF.match(ref or "")
                    if m:
                        row_no = int(m.group(2))
                        col_no = _column_number(m.group(1))
                    else:
                        col_no += 1
                continue
            if tag == "row":
                element.clear()
                continue
            if tag != "c":
                continue
            kinds = {_local(child.tag) for child in element if _holds(child, element)}
            element.clear()
            if not kinds & {"v", "is", "f"}:
                continue  # a formatted but empty cell holds nothing
            cells += 1
            where = cell_ref(row_no - 1, col_no - 1) if row_no and col_no else "?"
            if row_no > MAX_ROWS or col_no > MAX_COLUMNS:
                beyond += 1
                if beyond <= 3:
                    problems.append(
                        CellProblem(
                            name,
                            where,
                            "sheet.beyond",
                            f"a filled cell beyond row {MAX_ROWS} or column "
                            f"{column_letter(MAX_COLUMNS - 1)}, where festival reads nothing; "
                            "clear it",
                        )
                    )
                continue
            last_row, last_col = max(last_row, row_no), max(last_col, col_no)
            if "f" in kinds and "v" not in kinds:
                problems.append(
                    CellProblem(
                        name,
                        where,
                        "sheet.formula",
                        "a formula with no saved value: open and save the file in Excel or "
                        "Google Sheets, or type the value",
                    )
                )
    except ElementTree.ParseError as exc:
        raise SheetReadError(label, f"the tab {name!r} could not be read ({exc})") from exc
    if beyond > 3:
        problems.append(
            CellProblem(name, None, "sheet.beyond", f"{beyond - 3} more cells beyond the limits")
        )
    if cells > MAX_CELLS_PER_TAB:
        problems.append(
            CellProblem(
                name,
                None,
                "sheet.cells",
                f"{cells} filled cells; festival reads at most {MAX_CELLS_PER_TAB} in a tab",
            )
        )
    return TabInfo(name, part, cells, last_row, last_col), problems


def _holds(child: ElementTree.Element, cell: ElementTree.Element) -> bool:
    """Whether a child of a cell holds something: an empty <v/> is no saved value (a
    formula's empty text result is saved as <v></v> in a cell of type "str")."""
    if _local(child.tag) != "v":
        return True
    return bool(child.text) or _attr(cell, "t") == "str"


def _column_number(letters: str) -> int:
    n = 0
    for ch in letters:
        n = n * 26 + (ord(ch) - ord("A") + 1)
    return n
