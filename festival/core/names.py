"""Player names: letters of any script, safe as file names, never two that look alike.

A name names the player's workbook (`<player>.xlsx`) and their lines on Discord, so it must
be a safe file name on Windows, macOS and Linux, and two players must never be told apart
only by a letter that looks the same ("Alice" in Latin letters and "Аlice" with a Cyrillic
А; "B0b" and "Bob"). Names are compared in their NFC form (how macOS and Windows may store
the same accented letter differently does not matter).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from functools import cache
from typing import Any

MAX_NAME_CHARS = 32
_PUNCTUATION = frozenset(" _-.'")
_RESERVED = re.compile(r"^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$", re.IGNORECASE)
_IGNORED = frozenset(" _-.'")


def _confusables() -> Any:
    """The Unicode look-alike tables, loaded when a name is first checked (they take longer to
    load than a `festival status` takes to run)."""
    import confusable_homoglyphs.confusables

    return confusable_homoglyphs.confusables


def normalise_name(text: str) -> str:
    """The name as festival keeps it: NFC, trimmed, inner runs of spaces made one."""
    return " ".join(unicodedata.normalize("NFC", text).split())


def check_player_name(name: str) -> str | None:
    """Why `name` cannot be a player name, or None. `name` is taken as given (normalise
    it first): a name that is not in its NFC form is refused."""
    rule = (
        f"use 1-{MAX_NAME_CHARS} letters (of any alphabet), digits, spaces, '_', '-', '.' or "
        "an apostrophe, starting with a letter or digit"
    )
    shown = repr(name[:40] + ("…" if len(name) > 40 else ""))
    if not name or len(name) > MAX_NAME_CHARS:
        return f"{shown} is not a usable player name: {rule}"
    if name != normalise_name(name):
        return f"{shown} is not a usable player name: write it without extra spaces"
    if not _letter_or_digit(name[0]):
        return f"{shown} is not a usable player name: {rule}"
    bad = sorted({ch for ch in name if not _allowed(ch)})
    if bad:
        shown_bad = ", ".join(repr(ch) for ch in bad[:5])
        return f"{shown} is not a usable player name: {shown_bad} may not be used; {rule}"
    if name.endswith("."):
        return f"{shown} is not a usable player name: it may not end with '.' (a file name)"
    if _RESERVED.match(name):
        return f"{shown} is not a usable player name: Windows reserves it as a device name"
    if _confusables().is_mixed_script(name, allowed_aliases=["COMMON", "INHERITED"]):
        return (
            f"{shown} is not a usable player name: it mixes letters of different alphabets "
            "(one may look like another); write it in one alphabet"
        )
    return None


def name_skeleton(name: str) -> str:
    """What a name looks like: accents, case, spaces, '_', '-', '.' and look-alike letters of
    other alphabets (Cyrillic а for Latin a, the digit 0 for O) all ignored."""
    plain = unicodedata.normalize("NFKD", name)
    out = []
    for ch in plain:
        if unicodedata.combining(ch) or ch in _IGNORED:
            continue
        out.append(_latin_twin(ch))
    return "".join(out).casefold()


def look_alikes(names: Iterable[str]) -> list[list[str]]:
    """Groups (in the order given) of two or more names with the same `name_skeleton`."""
    groups: dict[str, list[str]] = {}
    for name in names:
        groups.setdefault(name_skeleton(name), []).append(name)
    return [g for g in groups.values() if len(g) > 1]


@cache
def _latin_twin(ch: str) -> str:
    found = _confusables().is_confusable(ch, greedy=True, preferred_aliases=["latin"])
    if found:
        for entry in found:
            for glyph in entry["homoglyphs"]:
                twin = str(glyph["c"])
                if len(twin) == 1:
                    return twin.casefold()
    return ch.casefold()


def _letter_or_digit(ch: str) -> bool:
    return unicodedata.category(ch)[0] in "LN"


def _allowed(ch: str) -> bool:
    category = unicodedata.category(ch)
    return category[0] == "L" or category in ("Nd", "Mn", "Mc") or ch in _PUNCTUATION
