"""Read a JSON file that a person or a script handed in, within the limits of sheets/limits.py.

Everything that can go wrong ends in one `SheetReadError` naming the file and, where it can,
the place in it: not JSON, too large, nested too deep, a number too long, a string too long,
NaN or Infinity (not JSON, though Python would read them).
"""

from __future__ import annotations

import json
from typing import Any

from sheets.errors import SheetReadError
from sheets.limits import (
    MAX_CELL_CHARS,
    MAX_FILE_BYTES,
    MAX_JSON_DEPTH,
    MAX_JSON_INTEGER_DIGITS,
    megabytes,
)


class _Refused(ValueError):
    """A value the limits refuse, raised from inside json.loads."""


def _integer(text: str) -> int:
    if len(text.lstrip("-")) > MAX_JSON_INTEGER_DIGITS:
        raise _Refused(
            f"a number of {len(text.lstrip('-'))} digits; at most {MAX_JSON_INTEGER_DIGITS}"
        )
    return int(text)


def _real(text: str) -> float:
    if len(text) > 40:
        raise _Refused(f"a number written with {len(text)} characters; at most 40")
    return float(text)


def _constant(text: str) -> Any:
    raise _Refused(f"{text} is not a JSON number")


def load_json(content: bytes, label: str, max_text: int = MAX_CELL_CHARS) -> Any:
    """The JSON value in `content`, checked against the limits. Raises `SheetReadError`.

    `max_text` bounds each string; a reader that names the cell of a long text itself (the
    Google values reader) passes a larger bound and checks the cells afterwards."""
    if len(content) > MAX_FILE_BYTES:
        raise SheetReadError(
            label,
            f"the file is {megabytes(len(content))}; festival reads at most "
            f"{megabytes(MAX_FILE_BYTES)}",
        )
    try:
        text = content.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise SheetReadError(label, "not UTF-8 text") from exc
    try:
        value = json.loads(text, parse_int=_integer, parse_float=_real, parse_constant=_constant)
    except _Refused as exc:
        raise SheetReadError(label, str(exc)) from exc
    except json.JSONDecodeError as exc:
        raise SheetReadError(
            label, f"not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}"
        ) from exc
    except RecursionError as exc:
        raise SheetReadError(label, f"nested deeper than {MAX_JSON_DEPTH} levels") from exc
    problem = _problem(value, max_text)
    if problem:
        raise SheetReadError(label, problem)
    return value


def _problem(value: Any, max_text: int) -> str | None:
    """The first limit `value` breaks (depth, string length), walked without recursion."""
    stack: list[tuple[Any, int, str]] = [(value, 1, "$")]
    while stack:
        item, depth, path = stack.pop()
        if isinstance(item, dict | list):
            if depth > MAX_JSON_DEPTH:
                return f"{path}: nested deeper than {MAX_JSON_DEPTH} levels"
            pairs = item.items() if isinstance(item, dict) else enumerate(item)
            for key, child in pairs:
                if isinstance(key, str) and len(key) > max_text:
                    return f"{path}: a key of {len(key)} characters; at most {max_text}"
                step = f"{path}[{key}]" if isinstance(key, int) else f"{path}.{str(key)[:40]}"
                stack.append((child, depth + 1, step))
        elif isinstance(item, str) and len(item) > max_text:
            return f"{path}: a text of {len(item)} characters; at most {max_text}"
    return None


def json_quoted(value: Any, limit: int = 80) -> str:
    """A value read from a JSON file, for a message, as JSON spells it (`"1"`, `true`,
    `null`, `[1, 2]`), cut to `limit` characters with its full length."""
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= limit else f"{text[:limit]}… ({len(text)} characters)"
