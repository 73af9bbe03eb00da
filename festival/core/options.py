"""The engines, catalogs and options a host or designer names for a match (`festival new`) or
a lab job (`festival simulate`), each item written `EVENT=module:Class`, `EVENT=FILE` or
`EVENT.NAME=VALUE`, read into what a match configuration (or a lab job) takes. An item that
cannot be read is a typed refusal (`SettingRefused`: which setting, the item and what is
wrong with it), which each front end words in its own terms (the command line names its
flag: festival/cli/setting_words.py, festival/cli/lab_words.py)."""

from __future__ import annotations

import json
from enum import StrEnum
from pathlib import Path
from typing import Any

from festival.core.errors import MatchError
from festival.core.registry import event_name, event_names


class Setting(StrEnum):
    """The kind of item a host or designer names."""

    ENGINE = "engine"
    CATALOG = "catalog"
    OPTION = "option"


class SettingRefused(MatchError):
    """An item that cannot be read: `words` says what is wrong with it, after the setting's
    name (a front end puts its own name for the setting before it)."""

    def __init__(self, setting: Setting, words: str) -> None:
        self.setting, self.words = setting, words
        super().__init__(f"the {setting.value} {words}")


def engine_overrides(items: list[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for item in items:
        name, sep, spec = item.partition("=")
        event = event_name(name)
        if not sep or event is None:
            raise SettingRefused(
                Setting.ENGINE,
                f"{item!r}: expected EVENT=module:Class with EVENT one of "
                f"{', '.join(event_names())}",
            )
        out[event] = spec
    return out


def catalog_files(items: list[str]) -> dict[str, Path]:
    out: dict[str, Path] = {}
    for item in items:
        name, sep, path = item.partition("=")
        event = event_name(name)
        if not sep or event is None:
            raise SettingRefused(Setting.CATALOG, f"{item!r}: expected EVENT=FILE")
        if event in out and out[event] != Path(path):
            raise SettingRefused(
                Setting.CATALOG,
                f"{event} is given twice ({out[event]} and {path}); give one catalog per event",
            )
        out[event] = Path(path)
    return out


def event_options(items: list[str]) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for item in items:
        key, sep, value = item.partition("=")
        name, dot, option = key.partition(".")
        event = event_name(name)
        if not sep or not dot or event is None:
            raise SettingRefused(Setting.OPTION, f"{item!r}: expected EVENT.NAME=VALUE")
        try:
            parsed: Any = json.loads(value)
        except json.JSONDecodeError:
            parsed = value
        given = out.setdefault(event, {})
        if option in given and given[option] != parsed:
            raise SettingRefused(
                Setting.OPTION,
                f"{event}.{option} is given twice ({given[option]!r} and {parsed!r}); "
                "give one value",
            )
        given[option] = parsed
    return out
