"""events/memo.py: a kept answer serves only the same input."""

from __future__ import annotations

from typing import Any

from events.memo import LastRead, LastWritten


def test_last_read_reads_again_when_the_data_changed_even_in_place() -> None:
    reads: list[Any] = []

    def read(data: Any) -> int:
        reads.append(data)
        return int(data["n"])

    last = LastRead(read)
    data = {"n": 1}
    assert last(data) == 1
    assert last({"n": 1}) == 1  # equal data, another object: kept
    assert len(reads) == 1
    data["n"] = 2  # the caller changes its JSON afterwards
    assert last(data) == 2
    assert last({"n": 1}) == 1
    assert len(reads) == 3


def test_last_read_tells_apart_equal_looking_values_of_other_types() -> None:
    last = LastRead(lambda data: type(data).__name__)
    assert last(1) == "int"
    assert last(1.0) == "float"
    assert last(True) == "bool"


def test_last_written_writes_once_per_value() -> None:
    written: list[object] = []

    def write(value: tuple[int, ...]) -> list[int]:
        written.append(value)
        return list(value)

    last = LastWritten(write)
    value = (1, 2)
    first = last(value)
    assert last(value) is first
    assert last((3,)) == [3]
    assert last(value) == [1, 2]
    assert len(written) == 3
