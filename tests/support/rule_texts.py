"""The original rule texts, for the tests that check a quote against them word for word.

The project ships its own summaries (docs/rules/) and refers to no file outside its repository;
a developer who has the original texts names their folder in FESTIVAL_RULE_TEXTS to run those
checks as well (they are skipped, saying so, without it).
"""

from __future__ import annotations

import os
from pathlib import Path

ENV = "FESTIVAL_RULE_TEXTS"
RULE_TEXTS_SKIP = f"the original rule texts are not here: name their folder in {ENV}"


def rule_text(name: str) -> Path | None:
    """The rule text file `name` in FESTIVAL_RULE_TEXTS, or None when it is not there."""
    folder = os.environ.get(ENV)
    path = Path(folder) / name if folder else None
    return path if path is not None and path.is_file() else None
