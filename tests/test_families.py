"""The puzzle families are laid out alike: the same job lives in a module of the same name in each.

Someone who knows `pzl/sliding/` finds the same part of `pzl/peg/` by its file name (see docs/architecture.md).
Solver modules keep descriptive names of their own; the job modules below are shared.
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "pzl"
FAMILIES = ("sliding", "peg")
#: module → its job, the same in every family.
JOB_MODULES = {
    "board": "geometry: cells or holes and how pieces or pegs move between them",
    "catalog": "the named puzzles as data (`CATALOG`)",
    "task": "a request read once into a frozen task",
    "verdict": "instant impossibility, with its reason, before any search",
    "bounds": "lower bounds the searches use",
    "outcome": "a search's outcome as an answer in the JSON contract",
    "text": "an answer in words for the CLI (`describe`)",
    "service": "`COMMANDS`: each command's answer, wiring task → verdict → solver → outcome",
    "lab": "`compare`'s rows and the replay that checks every solution",
    "options": "`OPTIONS`: the request keys each command reads (the api refuses any other)",
}


def defined(path: Path) -> set[str]:
    """The names a module defines or assigns at its top level."""
    names = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.FunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names.update(target.id for target in targets if isinstance(target, ast.Name))
    return names


@pytest.mark.parametrize("family", FAMILIES)
def test_every_family_has_every_job_module(family: str) -> None:
    present = {path.stem for path in (PACKAGE / family).glob("*.py")}
    assert sorted(set(JOB_MODULES) - present) == [], f"pzl/{family}/ lacks job modules"


@pytest.mark.parametrize("family", FAMILIES)
def test_jobs_live_where_their_names_say(family: str) -> None:
    folder = PACKAGE / family
    assert "CATALOG" in defined(folder / "catalog.py")
    assert "describe" in defined(folder / "text.py")
    assert "COMMANDS" in defined(folder / "service.py")
    assert "OPTIONS" in defined(folder / "options.py")
    assert "describe" not in defined(folder / "service.py"), "CLI words belong in text.py"
    assert "instant_verdict" in defined(folder / "verdict.py")
    assert {"compare_plan", "replay"} <= defined(folder / "lab.py")


@pytest.mark.parametrize("family", FAMILIES)
def test_every_family_package_offers_the_same_interface(family: str) -> None:
    package = importlib.import_module(f"pzl.{family}")
    assert sorted(package.__all__) == ["CATALOG", "COMMANDS", "OPTIONS", "compare_plan", "describe", "replay"]
    assert "solve" in package.COMMANDS and "compare" not in package.COMMANDS   # the api runs compare itself


def test_a_command_the_family_does_not_answer_is_refused_with_its_commands() -> None:
    from pzl import api

    final = api.answer({"command": "longest", "puzzle": "hoppers"})
    assert final["event"] == "error"
    assert final["message"] == ("there is no 'longest' command for peg solitaire; use one of: solve, analyse, census, "
                                "atlas, compare")
    final = api.answer({"command": "census", "puzzle": "8-puzzle"})
    assert final["message"] == "there is no 'census' command for sliding puzzles; use one of: solve, longest, compare"
