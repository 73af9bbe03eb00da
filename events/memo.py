"""The last value read from JSON, and the JSON last written of a value, kept.

A lab plays thousands of festivals with one catalog: each festival's setup reads the same
catalog JSON, and each round's public view writes the catalog out again. Both are pure, so
the last answer serves while the input is the same: read JSON is compared by value (a copy
is kept, so changing the caller's JSON later cannot change the answer), a written value by
identity (the values are frozen). The JSON handed out is shared: views are read-only.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any, Generic, TypeVar

Value = TypeVar("Value")


class LastRead(Generic[Value]):
    """`read(data)`, read again only when `data` differs from the last data read."""

    def __init__(self, read: Callable[[Any], Value]) -> None:
        self._read = read
        self._last: tuple[Any, Value] | None = None

    def __call__(self, data: Any) -> Value:
        last = self._last
        if last is not None and type(data) is type(last[0]) and data == last[0]:
            return last[1]
        value = self._read(data)
        self._last = (copy.deepcopy(data), value)
        return value


class LastWritten(Generic[Value]):
    """`write(value)`, written again only for another value than the last one."""

    def __init__(self, write: Callable[[Value], Any]) -> None:
        self._write = write
        self._last: tuple[Value, Any] | None = None

    def __call__(self, value: Value) -> Any:
        last = self._last
        if last is not None and last[0] is value:
            return last[1]
        data = self._write(value)
        self._last = (value, data)
        return data
