"""Sets of squares as 64-bit masks, for the random board search (events.continuum.board) and
the check that a ward is one piece (events.continuum.pentominoes).

Square (file f, rank r) is bit 8r + f, so bits run in board order (by rank, then file, as
ALL_SQUARES lists them) and the lowest clear bit of a mask is the first square not in it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from events.continuum.squares import SIZE, Square

FULL = (1 << SIZE * SIZE) - 1
"""every square of the board"""
_FILE_A = sum(1 << (SIZE * r) for r in range(SIZE))
_FILE_H = _FILE_A << (SIZE - 1)


def index(square: Square) -> int:
    """The square's bit number (its place in ALL_SQUARES)."""
    if not (0 <= square.file < SIZE and 0 <= square.rank < SIZE):
        raise ValueError(f"{square!r} is not a square of the board")
    return square.rank * SIZE + square.file


def mask(squares: Iterable[Square]) -> int:
    out = 0
    for sq in squares:
        out |= 1 << index(sq)
    return out


def first_clear(filled: int) -> int | None:
    """The bit number of the first square (in board order) not in `filled`; None if full."""
    free = ~filled & FULL
    return (free & -free).bit_length() - 1 if free else None


_NOT_FILE_A = FULL & ~_FILE_A
_NOT_FILE_H = FULL & ~_FILE_H


def regions(squares: int) -> Iterator[int]:
    """The orthogonally connected pieces of a set of squares, one mask each, in the order of
    their first squares."""
    left = squares
    while left:
        region = first_region(left)
        yield region
        left &= ~region


def first_region(squares: int) -> int:
    """The orthogonally connected piece of `squares` that holds its first square (0 for no
    squares)."""
    return grown(squares & -squares, squares)


def grown(seed: int, squares: int) -> int:
    """The orthogonally connected piece of `squares` holding `seed` (one connected piece of
    it): the seed grows by its neighbours within `squares` until it grows no more."""
    region = seed
    while True:
        bigger = (
            region
            | (region << 1) & _NOT_FILE_A  # east: a square on file H has no east neighbour
            | (region >> 1) & _NOT_FILE_H  # west
            | region << SIZE  # north
            | region >> SIZE  # south
        ) & squares
        if bigger == region:
            return region
        region = bigger


def ranks_above(squares: int) -> int:
    """The whole ranks above the last of `squares` (every square if there are none): one
    connected piece of the squares not in `squares`."""
    ranks = -(-squares.bit_length() // SIZE)
    return FULL & ~((1 << SIZE * ranks) - 1)


def around(squares: int) -> int:
    """The squares orthogonally next to any of `squares` (some of them may be in it)."""
    return (
        (squares << 1) & _NOT_FILE_A
        | (squares >> 1) & _NOT_FILE_H
        | (squares << SIZE) & FULL
        | squares >> SIZE
    )


def bits(squares: int) -> Iterator[int]:
    """The bit numbers of the squares, in board order."""
    while squares:
        low = squares & -squares
        yield low.bit_length() - 1
        squares ^= low


_CLEAR_IN_BYTE = tuple(tuple(b for b in range(8) if not byte >> b & 1) for byte in range(256))


def clear_bits(squares: int) -> list[int]:
    """The bit numbers of the squares not in `squares`, in board order (read a rank, a byte,
    at a time from a table: the bots ask this of every board every round)."""
    return [SIZE * r + b for r in range(SIZE) for b in _CLEAR_IN_BYTE[squares >> SIZE * r & 0xFF]]


def size(squares: int) -> int:
    return squares.bit_count()
