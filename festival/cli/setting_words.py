"""The command line's words for an engine, catalog or option it could not read
(festival/core/options.py `SettingRefused`): the flag the host typed (`--engine`,
`--catalog`, `--option`), which the core does not know."""

from __future__ import annotations

from festival.core.errors import MatchError
from festival.core.options import SettingRefused


def setting_words(refused: SettingRefused) -> str:
    return f"--{refused.setting.value} {refused.words}"


def flagged(refused: SettingRefused) -> MatchError:
    """The refusal as the error the command line prints, naming the flag."""
    return MatchError(setting_words(refused))
