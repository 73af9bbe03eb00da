"""The duels guide's pictures: every registered game's sample duel drawn at a mid-game and at
its final position, as `festival duel show --png` draws them (caption, legend, the last turn
marked), written to docs/pictures/<game>-<mid|final>.png.

Run: `python docs/pictures.py` after changing a picture, a legend or a sample duel;
tests/test_duel_pictures.py fails while a committed picture differs from what this draws."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from festival.core.picture import png
from festival.duels import samples

OUT = Path(__file__).resolve().parent / "pictures"


def drawn() -> dict[str, bytes]:
    """Each picture's file name and its PNG bytes."""
    return {
        f"{name}-{moment}.png": png(picture)
        for name in samples.names()
        for moment, picture in samples.pictures(name).items()
    }


def main() -> int:
    OUT.mkdir(exist_ok=True)
    for name, data in drawn().items():
        (OUT / name).write_bytes(data)
        print(f"wrote docs/pictures/{name} ({len(data) // 1024} KB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
