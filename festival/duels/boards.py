"""A new duel's board for any game that declares boards (events/offers.py): a named board is
the variant of that name; a board file's JSON is recorded in the duel's options under the
game's board option. A board the game does not take is a typed refusal (`NO_BOARDS`,
`NOT_A_BOARD`) each front end words."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from festival.core import registry
from festival.duels.acts import HostRefused, Refusal, Refused
from festival.duels.games import duel_game
from festival.duels.offers import of_game
from festival.duels.turn_files import file_bytes
from sheets.errors import SheetReadError
from sheets.json_input import load_json


def board_option(
    game: str, board: str, variant: str | None, options: dict[str, Any]
) -> tuple[str | None, dict[str, Any]]:
    """The board `board` (a name or a file), as the game declares its boards
    (events/offers.py): a named board is the variant of that name; a board file's JSON is
    recorded in the duel's options under the game's board option (checked like the shipped
    boards)."""
    entry = registry.find_duel(game)
    if entry is None:
        duel_game(game)  # names the games festival hosts
    assert entry is not None
    choice = of_game(entry.name).boards
    if choice is None:
        raise HostRefused(Refusal(Refused.NO_BOARDS, entry.title, what=board))
    if board in choice.names:
        return variant or board, options
    path = Path(board)
    try:
        if choice.option is None:
            raise OSError("this game takes no board files")
        data = load_json(file_bytes(path), board)
    except (OSError, SheetReadError) as exc:
        refusal = Refusal(Refused.NOT_A_BOARD, str(exc), what=board, names=choice.names)
        raise HostRefused(refusal) from exc
    return variant, {**options, choice.option: data}
