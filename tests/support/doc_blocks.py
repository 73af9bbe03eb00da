"""The commands the documentation shows, read from its Markdown, so that tests run them as
written (README.md and the guides in docs/)."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent

_HEADING = re.compile(r"(#{1,6}) ")


def section(doc: str, heading: str) -> str:
    """The text under the line `heading` (say "## Element") up to the next heading of the same
    level or above (a `#` line inside a fenced block is not a heading); an error if the
    document has no such line."""
    level = len(heading) - len(heading.lstrip("#"))
    lines = (ROOT / doc).read_text(encoding="utf-8").splitlines()
    if heading not in lines:
        raise AssertionError(f"{doc} has no heading {heading!r}")
    body: list[str] = []
    fenced = False
    for line in lines[lines.index(heading) + 1 :]:
        if line.lstrip().startswith("```"):
            fenced = not fenced
        found = None if fenced else _HEADING.match(line)
        if found and len(found.group(1)) <= level:
            break
        body.append(line)
    return "\n".join(body)


def code_blocks(doc: str, heading: str, language: str = "bash") -> list[str]:
    """Every fenced block of `language` in that section, each without its fences (the blocks of
    a numbered list keep their indentation, which `commands` drops)."""
    text = section(doc, heading)
    return re.findall(rf"^ *```{language}\n(.+?)\n *```", text, flags=re.S | re.M)


def commands(block: str) -> list[list[str]]:
    """The command lines of a bash block as words (comments and `\\` continuations read as a
    shell would)."""
    joined = re.sub(r"\\\n\s*", " ", block)
    return [shlex.split(line, comments=True) for line in joined.splitlines() if line.strip()]
