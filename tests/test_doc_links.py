"""Every link in README.md and docs/ leads somewhere in this repository: to a file that exists
and, with `#anchor`, to a heading of that file (as GitHub names its anchors); and no document
sends a reader outside the repository for the rules."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.support.doc_blocks import ROOT

DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
_LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
_FENCE = re.compile(r"^ *```.*?^ *```", flags=re.S | re.M)


def _prose(path: Path) -> str:
    return _FENCE.sub("", path.read_text(encoding="utf-8"))


def anchors(path: Path) -> set[str]:
    """GitHub's anchors for a Markdown file's headings: lower case, punctuation dropped,
    spaces made hyphens, a repeated one numbered -1, -2..."""
    seen: dict[str, int] = {}
    found = set()
    for line in _prose(path).splitlines():
        heading = re.match(r"#{1,6} (.+)", line)
        if not heading:
            continue
        slug = re.sub(r"[^\w\- ]", "", heading.group(1).strip().lower()).replace(" ", "-")
        count = seen.get(slug, 0)
        seen[slug] = count + 1
        found.add(slug if count == 0 else f"{slug}-{count}")
    return found


def _links(path: Path) -> list[str]:
    return [m.group(1) for m in _LINK.finditer(_prose(path))]


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_link_leads_to_a_file_and_heading_here(doc: Path) -> None:
    broken = []
    for target in _links(doc):
        if re.match(r"[a-z]+:", target):
            continue
        file_part, _, anchor = target.partition("#")
        dest = (doc.parent / file_part).resolve() if file_part else doc
        if not dest.exists() or ROOT not in (dest, *dest.parents):
            broken.append(f"{target}: no such file here")
        elif anchor and dest.suffix == ".md" and anchor not in anchors(dest):
            broken.append(f"{target}: {dest.name} has no heading #{anchor}")
    assert broken == []


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_document_points_outside_the_repository(doc: Path) -> None:
    assert "../shared" not in doc.read_text(encoding="utf-8")


def test_every_game_has_a_rules_page_in_the_index() -> None:
    index = _links(ROOT / "docs" / "rules" / "README.md")
    pages = {p.name for p in (ROOT / "docs" / "rules").glob("*.md")} - {"README.md"}
    assert pages == {link for link in index if "/" not in link}
    assert len(pages) == 8
