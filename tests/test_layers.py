"""The layers hold (docs/architecture.md): core imports nothing above it, the domains (match,
duels, lab) speak no Discord, Google, command line or dashboard, and no two packages import
each other round a cycle; every import counts, those inside functions too. And the errors:
a duel's and a match's are two kinds of one, neither a kind of the other."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from festival.core.errors import DuelHostError, FestivalError, MatchError, StoreBusy, StoreError
from festival.discord.sender import DiscordFailure
from festival.discord.webhooks import WebhookError

ROOT = Path(__file__).resolve().parent.parent
TOPS = ("events", "sheets", "festival", "dashboard")
DOMAINS = ("festival.match", "festival.duels", "festival.lab", "festival.season")
ABOVE_DOMAINS = ("festival.bot", "festival.discord", "festival.google", "festival.cli", "dashboard")


def _modules() -> dict[str, Path]:
    found = {}
    for top in TOPS:
        for path in (ROOT / top).rglob("*.py"):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


MODULES = _modules()


def _imports(name: str, path: Path) -> set[str]:
    """The project's modules `name` imports, anywhere in it (TYPE_CHECKING and functions too)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            targets = [base, *(f"{base}.{a.name}" for a in node.names)]
        for target in targets:
            while target and target not in MODULES:
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found


GRAPH = {name: _imports(name, path) for name, path in MODULES.items()}


def _package(module: str) -> str:
    parts = module.split(".")
    return ".".join(parts[:2]) if parts[0] == "festival" and len(parts) > 1 else parts[0]


def _under(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def test_core_imports_nothing_above_it() -> None:
    up = [
        f"{m} -> {t}"
        for m, targets in GRAPH.items()
        if _under(m, "festival.core")
        for t in targets
        if _under(t, "festival") and not _under(t, "festival.core")
    ]
    assert not up


def test_domains_speak_no_discord_google_command_line_or_dashboard() -> None:
    speak = [
        f"{m} -> {t}"
        for m, targets in GRAPH.items()
        if any(_under(m, d) for d in DOMAINS)
        for t in targets
        if any(_under(t, a) for a in ABOVE_DOMAINS)
    ]
    assert not speak


def test_the_season_imports_no_other_domain() -> None:
    """The season is a domain beside the match and the duels (docs/architecture.md): the
    front end hands it what it read of them, as values; it imports only the core."""
    reach = [
        f"{m} -> {t}"
        for m, targets in GRAPH.items()
        if _under(m, "festival.season")
        for t in targets
        if _under(t, "festival")
        and not _under(t, "festival.core")
        and not _under(t, "festival.season")
    ]
    assert not reach


def test_no_package_cycles() -> None:
    packages: dict[str, set[str]] = {}
    for m, targets in GRAPH.items():
        packages.setdefault(_package(m), set()).update(
            _package(t) for t in targets if _package(t) != _package(m)
        )

    def reaches(start: str, goal: str) -> bool:
        seen, todo = set(), [start]
        while todo:
            here = todo.pop()
            if here == goal:
                return True
            if here not in seen:
                seen.add(here)
                todo.extend(packages.get(here, ()))
        return False

    cycles = [f"{a} -> {b}" for a, bs in packages.items() for b in bs if reaches(b, a)]
    assert not cycles


def _reaches(graph: dict[str, set[str]], start: str, goal: str) -> bool:
    seen, todo = set(), [start]
    while todo:
        here = todo.pop()
        if here == goal:
            return True
        if here not in seen:
            seen.add(here)
            todo.extend(graph.get(here, ()))
    return False


def test_no_module_cycles_in_the_duel_domain() -> None:
    """No two duel modules import each other round a cycle, TYPE_CHECKING imports too: the
    duel itself refuses through festival/duels/refusals.py, not the commands (acts.py)."""
    duels = {m: {t for t in ts if t.startswith("festival.duels.")}
             for m, ts in GRAPH.items() if m.startswith("festival.duels.")}  # fmt: skip
    cycles = sorted(f"{a} -> {b}" for a, bs in duels.items() for b in bs if _reaches(duels, b, a))
    assert not cycles


@pytest.mark.parametrize(
    ("error", "kind", "not_kind"),
    [
        (DuelHostError, FestivalError, MatchError),
        (MatchError, FestivalError, DuelHostError),
        (WebhookError, FestivalError, MatchError),
        (DiscordFailure, FestivalError, MatchError),
        (StoreBusy, StoreError, FestivalError),
    ],
)
def test_errors_are_kinds_of_one_base_not_of_each_other(
    error: type[Exception], kind: type[Exception], not_kind: type[Exception]
) -> None:
    assert issubclass(error, kind)
    assert not issubclass(error, not_kind)
