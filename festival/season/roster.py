"""A season's roster file (.csv or .xlsx, read by the front end into a `Grid`): a header row,
then a player a row. Columns, any order, case-insensitive: player; discord (optional: the
player's Discord user id, 17-20 digits); starting garnets (optional, blank: the rules'
number). A match roster's `garnets` column (garnets spent) is refused here, so it is never
taken for starting garnets. Each problem names its cell."""

from __future__ import annotations

from events.tables import Grid, cell_ref

_COLUMNS = {
    "player": "player",
    "name": "player",
    "discord": "discord",
    "discordid": "discord",
    "discorduser": "discord",
    "discorduserid": "discord",
    "startinggarnets": "starting",
    "starting": "starting",
}
SNOWFLAKE_DIGITS = (17, 20)

RosterRow = tuple[str, int | None, int | None]


def parse_season_roster(grid: Grid) -> tuple[list[RosterRow], list[str]]:
    """(player, Discord id, starting garnets) rows, and the problems, each naming its cell."""
    problems: list[str] = []
    header: dict[str, int] = {}
    for c in range(grid.width):
        key = "".join(grid.text(0, c).lower().split()).replace("_", "")
        if key == "garnets":
            problems.append(
                f"{grid.tab}!{cell_ref(0, c)}: a season roster's column is 'starting garnets' "
                "(a match roster's 'garnets' are garnets spent)"
            )
        elif key in _COLUMNS:
            header[_COLUMNS[key]] = c
    if "player" not in header:
        problems.append(
            f"{grid.tab}!A1: no 'player' column (columns: player, discord, starting garnets)"
        )
        return [], problems
    rows: list[RosterRow] = []
    low, high = SNOWFLAKE_DIGITS
    for r in range(1, grid.height):
        name = grid.text(r, header["player"]).strip()
        if not name:
            continue
        discord: int | None = None
        garnets: int | None = None
        if "discord" in header:
            text = grid.text(r, header["discord"]).strip()
            if text and not (text.isascii() and text.isdigit() and low <= len(text) <= high):
                where = cell_ref(r, header["discord"])
                problems.append(
                    f"{grid.tab}!{where} ({name}): {text!r} is not a Discord user id "
                    f"({low} to {high} digits); leave it blank to seat them later"
                )
            elif text:
                discord = int(text)
        if "starting" in header:
            text = grid.text(r, header["starting"]).strip()
            if text and not (text.isascii() and text.isdigit()):
                where = cell_ref(r, header["starting"])
                problems.append(
                    f"{grid.tab}!{where} ({name}): {text!r}: starting garnets must be a whole "
                    "number >= 0 (blank: the season's starting garnets)"
                )
            elif text:
                garnets = int(text)
        rows.append((name, discord, garnets))
    return rows, problems
