"""How hard festival tries when an outside service (Google, Discord) fails for a moment: one
policy, shared by every client festival has."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Retry:
    """How hard festival tries: `attempts` tries with waits of first_delay, twice that, ...
    between them (1, 2, 4, 8 s by default), each request waiting at most `timeout` seconds
    for an answer. `sleep` is injectable so tests never wait."""

    attempts: int = 5
    first_delay: float = 1.0
    sleep: Callable[[float], None] = time.sleep
    timeout: float = 30.0

    def delays(self) -> list[float]:
        return [self.first_delay * 2**i for i in range(max(0, self.attempts - 1))]
