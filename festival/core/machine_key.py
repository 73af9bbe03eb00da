"""This computer's secret key, for signing what festival caches and later unpickles.

A match folder is something hosts send each other. Its snapshots (festival/match/replay.py)
are pickles, and unpickling runs code, so a snapshot is loaded only when its signature was
made with this computer's key: a snapshot from anyone else's machine (or a forged one) is
not loaded at all, and the rounds are replayed from their stored JSON instead.

The key is 32 random bytes in `FESTIVAL_KEY_FILE`, else `$XDG_CONFIG_HOME/festival/machine.key`
(`~/.config/festival/machine.key`), made on first use, readable by its owner only. Where no key
can be read or made, nothing is signed and nothing is unpickled: festival then replays.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import os
import secrets
from functools import cache
from pathlib import Path

ENV_KEY_FILE = "FESTIVAL_KEY_FILE"
KEY_BYTES = 32


def key_path() -> Path:
    named = os.environ.get(ENV_KEY_FILE)
    if named:
        return Path(named)
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "festival" / "machine.key"


@cache
def _key_at(path: Path) -> bytes | None:
    key: bytes | None
    try:
        key = path.read_bytes()
    except FileNotFoundError:
        key = _make(path)
    except OSError:
        return None
    return key if key is not None and len(key) == KEY_BYTES else None


def _make(path: Path) -> bytes | None:
    """A new key, written so that two processes making one at once agree on the same file."""
    key = secrets.token_bytes(KEY_BYTES)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        try:
            return path.read_bytes()
        except OSError:
            return None
    except OSError:
        return None
    try:
        os.write(fd, key)
    finally:
        os.close(fd)
    return key


def machine_key() -> bytes | None:
    """This computer's key (None: none can be read or made here)."""
    return _key_at(key_path())


def sign(data: bytes) -> str | None:
    """The hex HMAC-SHA256 of `data` with this computer's key (None: no key)."""
    key = machine_key()
    return None if key is None else hmac.new(key, data, hashlib.sha256).hexdigest()


def signed_here(data: bytes, signature: str) -> bool:
    """True when `signature` was made for `data` with this computer's key."""
    mine = sign(data)
    if mine is None:
        return False
    with contextlib.suppress(TypeError, ValueError):
        return hmac.compare_digest(mine, signature)
    return False
