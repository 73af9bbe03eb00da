"""The README's Quickstart is what CI runs, and the documented examples parse."""

from __future__ import annotations

import re
from pathlib import Path

from events.tables import Grid
from festival.match.roster import parse_roster

ROOT = Path(__file__).resolve().parent.parent


def quickstart_commands() -> list[str]:
    readme = (ROOT / "README.md").read_text()
    section = readme.split("## Quickstart", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```bash\n(.+?)\n```", section, flags=re.S)


def test_quickstart_has_exactly_two_commands_demo_and_tests() -> None:
    commands = quickstart_commands()
    assert len(commands) == 2
    assert commands[0].endswith("festival demo")
    assert "pytest" in commands[1]


def test_ci_runs_the_readmes_test_command_verbatim() -> None:
    ci = (ROOT / ".ci" / "run").read_text().splitlines()
    assert quickstart_commands()[1] in ci


def test_the_roster_example_in_formats_md_parses() -> None:
    doc = (ROOT / "docs" / "formats.md").read_text()
    example = re.search(r"```csv\n(.+?)\n```", doc, flags=re.S)
    assert example is not None
    rows = [line.split(",") for line in example.group(1).splitlines()]
    roster, errors = parse_roster(Grid.from_rows("roster", rows))
    assert errors == [] and roster is not None
    assert roster.tiebreak == ("hedger", "uri", "Spadez")
