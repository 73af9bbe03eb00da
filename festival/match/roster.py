"""The roster and pregame preferences file (.csv or .xlsx), parsed with every error named.

Columns (a header row, any order, case-insensitive): player, first, second, garnets
(blank = 0), optionally tiebreak: the player's place in the Gamewide Tiebreak
(1 wins every tie), and optionally discord: the player's Discord user id, which seats them
for the bot (festival/match/seating.py). See docs/formats.md.
"""

from __future__ import annotations

from dataclasses import dataclass

from events.errors import SubmissionProblem, close_matches, quoted
from events.tables import Grid, cell_ref
from festival.core.names import check_player_name, name_skeleton, normalise_name
from festival.core.registry import event_name, events
from festival.match.allocation import Preference

_COLUMNS = {
    "player": "player",
    "name": "player",
    "first": "first",
    "firstchoice": "first",
    "second": "second",
    "secondchoice": "second",
    "garnets": "garnets",
    "garnetsspent": "garnets",
    "tiebreak": "tiebreak",
    "gamewidetiebreak": "tiebreak",
    "discord": "discord",
    "discordid": "discord",
    "discorduser": "discord",
    "discorduserid": "discord",
}

SNOWFLAKE_DIGITS = (17, 20)
"""a Discord id (a snowflake) is written with 17 to 20 digits"""


@dataclass(frozen=True)
class Roster:
    preferences: tuple[Preference, ...]
    tiebreak: tuple[str, ...] | None
    """the host's Gamewide Tiebreak order, when the file gives one"""
    discord: tuple[tuple[str, int], ...] = ()
    """(player, Discord user id) for the players whose row gives one, in roster order"""


def parse_roster(grid: Grid) -> tuple[Roster | None, list[SubmissionProblem]]:
    """Preferences (and the Gamewide Tiebreak, if given) from a roster table."""
    errors: list[SubmissionProblem] = []
    tab = grid.tab

    def err(code: str, row: int | None, col: int | None, message: str, player: str = "") -> None:
        cell = cell_ref(row, col) if row is not None and col is not None else None
        errors.append(SubmissionProblem(f"roster.{code}", player or "host", message, "", tab, cell))

    header: dict[str, int] = {}
    for c in range(grid.width):
        text = grid.text(0, c)
        key = "".join(ch for ch in text.lower() if ch.isalnum())
        if not key:
            continue
        if key not in _COLUMNS:
            err(
                "header",
                0,
                c,
                f"{quoted(text)} is not a roster column "
                "(player, first, second, garnets, tiebreak, discord)",
            )
        elif _COLUMNS[key] in header:
            err("header", 0, c, f"the {_COLUMNS[key]!r} column is given twice")
        else:
            header[_COLUMNS[key]] = c
    for needed in ("player", "first", "second"):
        if needed not in header:
            err("header", 0, None, f"the header row has no {needed!r} column")
    if errors:
        return None, errors

    prefs: list[Preference] = []
    places: dict[str, int] = {}
    seen: dict[str, int] = {}
    ids: dict[int, tuple[str, int]] = {}  # Discord id -> (player, row) of its first row
    users: list[tuple[str, int]] = []
    for r in range(1, grid.height):
        name = normalise_name(grid.text(r, header["player"]))
        if not name and not any(grid.text(r, c) for c in range(grid.width)):
            continue
        # a refused name still has the rest of its row checked: every problem in one run
        why = check_player_name(name)
        usable = why is None
        if why:
            err("player", r, header["player"], why)
        elif (twin := seen.get(name_skeleton(name))) is not None:
            usable = False
            err(
                "duplicate",
                r,
                header["player"],
                f"{name} looks the same as the name in row {twin} (names may not differ "
                "only by case, accents, spaces, '_', '-', '.' or letters that look alike: "
                "they name the workbook files)",
                name,
            )
        else:
            seen[name_skeleton(name)] = r + 1
        who = "" if why else name  # an unusable name is not repeated on every line
        choices: list[str] = []
        for key in ("first", "second"):
            text = grid.text(r, header[key])
            event = event_name(text)
            if event is None:
                titles = [e.title for e in events()]
                hint = close_matches(text, titles)
                more = f"; did you mean {hint[0]!r}?" if hint else ""
                err(
                    "event",
                    r,
                    header[key],
                    f"{quoted(text)} is not an event ({', '.join(titles)}){more}",
                    who,
                )
            else:
                choices.append(event)
        if len(choices) == 2 and choices[0] == choices[1]:
            err("same", r, header["second"], "the second choice must differ from the first", who)
        garnets = 0
        if "garnets" in header:
            text = grid.text(r, header["garnets"])
            if text and not _whole(text):
                err(
                    "garnets",
                    r,
                    header["garnets"],
                    f"{quoted(text)}: garnets spent must be a whole number >= 0",
                    who,
                )
            elif text:
                garnets = int(text)
        if "tiebreak" in header:
            text = grid.text(r, header["tiebreak"])
            if _whole(text) and int(text) >= 1:
                if usable:
                    places[name] = int(text)
            elif text:
                err(
                    "tiebreak",
                    r,
                    header["tiebreak"],
                    f"{quoted(text)}: the tiebreak place must be 1, 2, 3...",
                    who,
                )
        if "discord" in header:
            text = grid.text(r, header["discord"])
            low, high = SNOWFLAKE_DIGITS
            if text and not (text.isascii() and text.isdigit() and low <= len(text) <= high):
                err(
                    "discord",
                    r,
                    header["discord"],
                    f"{quoted(text)} is not a Discord user id: {low} to {high} digits (in "
                    "Discord, turn on Developer Mode, then Copy User ID on the player); leave "
                    "it blank to seat them later",
                    who,
                )
            elif text and (first := ids.get(int(text))) is not None:
                err(
                    "discord",
                    r,
                    header["discord"],
                    f"Discord user {text} is given to {first[0] or 'the player'} in row "
                    f"{first[1]} too: one player each",
                    who,
                )
            elif text:
                ids[int(text)] = (who, r + 1)
                if usable:
                    users.append((name, int(text)))
        if usable and len(choices) == 2 and choices[0] != choices[1]:
            prefs.append(Preference(name, choices[0], choices[1], garnets))

    tiebreak: tuple[str, ...] | None = None
    if "tiebreak" in header and not errors:
        if len(places) != len(prefs) or sorted(places.values()) != list(range(1, len(prefs) + 1)):
            err(
                "tiebreak",
                None,
                None,
                f"the tiebreak column must give every player a different place 1-{len(prefs)}",
            )
        else:
            tiebreak = tuple(sorted(places, key=lambda p: places[p]))
    if not prefs and not errors:
        err("empty", None, None, "the roster lists no players")
    if errors:
        return None, errors
    return Roster(tuple(prefs), tiebreak, tuple(users)), []


def _whole(text: str) -> bool:
    """A whole number from 0 to 999,999 written with the digits 0-9."""
    return text.isascii() and text.isdigit() and len(text) <= 6
