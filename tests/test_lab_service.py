"""The lab's one door (issue 37): a flags-free study in, results and tables (values) out;
refusals as typed values each front end words; the command line and the dashboard reach the
lab only through festival.lab.service."""

from __future__ import annotations

import ast
import dataclasses
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from festival.cli.lab_words import refusal
from festival.cli.main import main
from festival.lab import service
from festival.lab.service import (
    BadForce,
    BadJob,
    BadSettings,
    BadSweep,
    LabRefused,
    NotAnEvent,
    NothingToForce,
    NotSold,
    ReplayFolderNotEmpty,
    ReplayNeedsFolder,
    Serial,
    Study,
    SweepClash,
)
from tests.support.doc_blocks import ROOT

QUIET = {"where": Serial(), "progress": False, "games": 1}


def test_front_ends_reach_the_lab_only_through_its_service() -> None:
    """cli/lab_commands.py once orchestrated ten lab modules and the Balance lab page drew
    from five; now each imports the lab's service alone (even inside functions)."""
    past = []
    for path in [*(ROOT / "festival" / "cli").glob("*.py"), *(ROOT / "dashboard").glob("*.py")]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names: list[str] = []
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
                names = [node.module] if node.module != "festival.lab" else names[1:]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            past += [
                f"{path.name}: {n}"
                for n in names
                if n.startswith("festival.lab.") and n != "festival.lab.service"
            ]
    assert past == []


@pytest.mark.parametrize(
    ("study", "refused", "said"),
    [
        (Study(event="nosuch"), NotAnEvent, "--event 'nosuch': expected festival, alchemy, "),
        (Study(force_all="nosuch"), NotAnEvent, "--force-all 'nosuch': not an event"),
        (Study(force_all="continuum"), NothingToForce, "--force-all continuum: continuum sells"),
        (Study(forces=("alchemy",)), BadForce, "--force 'alchemy': expected EVENT:ITEM"),
        (Study(forces=("continuum:Ward",)), NothingToForce, "--force continuum:Ward: continuum"),
        (Study(forces=("alchemy:Nope",)), NotSold, "--force alchemy:Nope: not sold in alchemy"),
        (
            Study(sweep="alchemy.Bellows.cost=1..2:1", forces=("alchemy:Bellows",), replay=3),
            SweepClash,
            "--sweep plays its own sets and arms: leave out --force, --replay",
        ),
        (Study(sweep="alchemy.Bellows.cost=9..1:1"), BadSweep, "--sweep: FROM (9) must not be"),
        (Study(mix=("nosuch",)), BadJob, "unknown strategies nosuch"),
        (
            Study(catalogs=("alchemy=a.xlsx", "Alchemy=b.xlsx")),
            BadSettings,
            "--catalog alchemy is given twice",
        ),
    ],
)
def test_a_study_that_cannot_be_played_is_a_typed_refusal_the_command_line_words(
    study: Study, refused: type, said: str
) -> None:
    """The service refuses in values that name no flag; the command line names the flag."""
    with pytest.raises(LabRefused) as caught:
        service.plan(dataclasses.replace(study, **QUIET))
    assert type(caught.value.refusal) is refused
    assert said in refusal(caught.value.refusal)


def test_a_replay_is_refused_without_a_folder_or_onto_one_in_use(tmp_path: Path) -> None:
    with pytest.raises(LabRefused) as caught:
        service.replay(Study(replay=3))
    assert caught.value.refusal == ReplayNeedsFolder()
    (tmp_path / "kept.txt").write_text("mine")
    with pytest.raises(LabRefused) as caught:
        service.replay(Study(replay=3, replay_to=tmp_path))
    assert caught.value.refusal == ReplayFolderNotEmpty(tmp_path)
    assert refusal(caught.value.refusal).endswith("a replay never overwrites a folder")


def test_the_service_names_no_flag() -> None:
    source = (ROOT / "festival" / "lab" / "service.py").read_text(encoding="utf-8")
    assert re.findall(r"--[a-z]", source) == []


def test_a_study_plays_to_a_report_its_folder_gives_again(tmp_path: Path) -> None:
    """plan -> play -> a Report value (findings, the printed tables, a typed next step);
    `report(folder)` reads the same report back, with the same next step."""
    study = Study(event="alchemy", games=2, seed=5, mix=("greedy", "random"),
                  forces=("alchemy:bellows",), out=tmp_path / "r", where=Serial(),
                  progress=False)  # fmt: skip
    plan = service.plan(study)
    assert (len(plan.games), plan.sets, plan.arms, plan.kind) == (4, 1, 2, "alchemy")
    played = service.play(plan)
    assert played.games == 4 and played.out == tmp_path / "r"
    done = played.report
    assert isinstance(done, service.Report)
    assert done.next == service.MoreGames(200)
    assert done.run.forces == ("alchemy:bellows",) and done.run.mix == "greedy,random"
    again = service.report(tmp_path / "r")
    assert isinstance(again, service.Report)
    assert (again.text, again.next, again.run) == (done.text, done.next, done.run)


class _Page:
    """Enough of Streamlit to see what the page draws."""

    def __init__(self) -> None:
        self.drawn: list[tuple[str, Any]] = []

    def __getattr__(self, name: str) -> Any:
        def draw(*args: Any, **kwargs: Any) -> Any:
            self.drawn.append((name, args[0] if args else None))
            return (self, self) if name == "columns" else None

        return draw


def test_the_balance_page_draws_the_service_values(tmp_path: Path) -> None:
    from dashboard import lab_page

    out = tmp_path / "r"
    assert main(["simulate", "--event", "alchemy", "--games", "2", "--serial", "--quiet",
                 "--force", "alchemy:Bellows", "--out", str(out)]) == 0  # fmt: skip
    page = _Page()
    lab_page.render(page, out)
    heads = [x for kind, x in page.drawn if kind == "header"]
    assert heads[:3] == ["Findings", "Strategies", "Paired item values"]
    balance = service.balance(out)
    assert balance is not None and balance.seeds == 2 and balance.kind == "alchemy"
    assert [e for e, _ in balance.value_rows] == ["alchemy"]


def test_the_balance_page_names_damaged_results_instead_of_failing(tmp_path: Path) -> None:
    from dashboard import lab_page

    out = tmp_path / "r"
    assert main(["simulate", "--event", "continuum", "--games", "1", "--serial", "--quiet",
                 "--out", str(out)]) == 0  # fmt: skip
    shutil.copy(out / "players.parquet", out / "items.parquet")  # a foreign items table
    page = _Page()
    lab_page.render(page, out)
    errors = [x for kind, x in page.drawn if kind == "error"]
    assert len(errors) == 1 and "items.parquet: not lab results" in errors[0]


def test_the_balance_page_reads_the_results_again_only_when_they_change(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from dashboard import lab_page

    out = tmp_path / "r"
    assert main(["simulate", "--event", "continuum", "--games", "1", "--serial", "--quiet",
                 "--out", str(out)]) == 0  # fmt: skip
    reads: list[Path] = []
    worked_out = service.balance
    monkeypatch.setattr(service, "balance", lambda f: reads.append(f) or worked_out(f))
    for _ in range(3):  # a rerun, another browser: drawn from what was worked out once
        lab_page.render(_Page(), out)
    assert len(reads) == 1
    shutil.copy(out / "players.parquet", out / "items.parquet")  # the results change
    page = _Page()
    lab_page.render(page, out)
    assert len(reads) == 2
    errors = [x for kind, x in page.drawn if kind == "error"]
    assert len(errors) == 1 and "items.parquet: not lab results" in errors[0]


def test_a_sweep_too_small_to_conclude_is_a_value_the_command_line_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The sweep's answer carries no flag; the command line points at --games."""
    out = tmp_path / "s"
    assert main(["simulate", "--sweep", "alchemy.Bellows.cost=60..60:1", "--games", "2",
                 "--serial", "--quiet", "--out", str(out)]) == 0  # fmt: skip
    printed = capsys.readouterr().out
    assert "Too small to conclude on Alchemy's Bellows cost: play more games (--games)." in printed
    done = service.report(out)
    assert isinstance(done, service.SweepReport) and done.too_small
    assert "--" not in done.verdict and done.subject == "Alchemy's Bellows cost"


def test_a_sweep_not_written_as_one_is_named_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["simulate", "--sweep", "alchemy.Bellows.cost", "--games", "1", "--serial",
                 "--quiet", "--out", str(tmp_path / "s")])  # fmt: skip
    assert code == 2
    err = capsys.readouterr().err
    assert "--sweep: 'alchemy.Bellows.cost': expected EVENT.ITEM.FIELD=FROM..TO:STEP" in err
    assert err.count("--sweep") == 1
