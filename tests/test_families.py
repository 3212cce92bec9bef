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
    "plan": "a solve request's options read once into a frozen `Plan`, with what it can afford, before any search",
    "service": "`COMMANDS`: each command's answer, wiring task → plan → solver → outcome",
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
    assert {"Plan", "plan"} <= defined(folder / "plan.py")
    assert {"compare_plan", "replay"} <= defined(folder / "lab.py")


def record(family: str):
    from pzl import catalog

    return catalog.family(family)


@pytest.mark.parametrize("family", FAMILIES)
def test_every_family_package_builds_its_record(family: str) -> None:
    from pzl.family import Family

    package = importlib.import_module(f"pzl.{family}")
    assert package.__all__ == ["FAMILY"] and isinstance(package.FAMILY, Family)
    assert record(family) is package.FAMILY and record(family).name == family
    with pytest.raises(AttributeError):
        record(family).name = "other"   # frozen: nothing changes a family behind the api's back


@pytest.mark.parametrize("family", FAMILIES)
def test_a_family_answers_known_commands_with_known_options(family: str) -> None:
    from pzl import api
    from pzl.__main__ import FLAGS

    found = record(family)
    assert "solve" in found.answers and "compare" not in found.answers   # the api runs compare itself
    assert found.commands == (*found.answers, "compare")
    assert set(found.commands) <= set(api.COMMANDS) - {"catalog"}
    assert set(found.options) == set(found.commands), "every command has its option table, and no other"
    for command, keys in found.options.items():
        assert isinstance(keys, tuple) and len(set(keys)) == len(keys), command
        assert set(keys) <= set(FLAGS), f"{command} reads keys the CLI has no flag for: {set(keys) - set(FLAGS)}"
        assert not set(keys) & set(api.ADDRESS), f"{command}: the address keys are every command's"
    assert all(callable(answer) for answer in found.answers.values())
    assert callable(found.describe) and callable(found.compare_plan) and callable(found.replay)


@pytest.mark.parametrize("family", FAMILIES)
def test_a_family_has_its_words_its_drawing_keys_and_its_entries(family: str) -> None:
    from pzl.family import ENTRY_FIELDS

    found = record(family)
    assert found.words and found.kind.startswith("a ") and found.words != found.kind
    assert found.drawn and set(found.drawn) <= set(found.options["solve"]), "a drawn board is a solve option"
    assert found.catalog, "a family names at least one puzzle"
    for entry in found.catalog:
        missing = (set(ENTRY_FIELDS) | set(found.entry_fields)) - set(entry)
        assert not missing, f"{entry.get('id')} lacks {sorted(missing)}"
        assert entry["family"] == family and isinstance(entry["id"], str) and entry["name"] and entry["description"]


def test_the_families_are_told_apart_by_their_drawing_keys_and_words() -> None:
    drawn = [key for family in FAMILIES for key in record(family).drawn]
    assert len(drawn) == len(set(drawn)), "a key that draws a board says its family"
    assert len({record(family).words for family in FAMILIES}) == len(FAMILIES)


@pytest.mark.parametrize(("family", "puzzle"), [("sliding", "8-puzzle"), ("peg", "triangle-15")])
def test_a_family_describes_its_own_answer(family: str, puzzle: str) -> None:
    from pzl import api

    final = api.answer({"puzzle": puzzle, "start": "1 2 3 4 5 6 0 7 8"} if family == "sliding" else {"puzzle": puzzle})
    assert final["event"] == "result", final
    words = record(family).describe("solve", final["result"])
    assert isinstance(words, str) and str(final["result"]["moves"]) in words


def test_a_shelf_lists_its_tables_and_says_which_a_request_needs() -> None:
    sliding, peg = record("sliding"), record("peg")
    assert peg.shelf is None and peg.tables_needed({"puzzle": "english-33"}) == []
    rows = sliding.shelf.status()
    assert rows and all({"name", "partition", "board", "path", "bytes", "state"} <= set(row) for row in rows)
    assert sliding.tables_needed({"puzzle": "8-puzzle"}) == []   # no stored tables for a board this small
    with pytest.raises(Exception, match="no tables named 'nonesuch'"):
        list(sliding.shelf.build("nonesuch", 1))


def test_a_command_the_family_does_not_answer_is_refused_with_its_commands() -> None:
    from pzl import api

    final = api.answer({"command": "longest", "puzzle": "hoppers"})
    assert final["event"] == "error"
    assert final["message"] == ("there is no 'longest' command for peg solitaire; use one of: solve, analyse, census, "
                                "atlas, compare")
    final = api.answer({"command": "census", "puzzle": "8-puzzle"})
    assert final["message"] == "there is no 'census' command for sliding puzzles; use one of: solve, longest, compare"


def test_both_families_give_their_instant_verdict_in_one_shape() -> None:
    from pzl.family import Verdict
    from pzl.peg.catalog import board_by_id
    from pzl.peg.verdict import instant_verdict as peg_verdict
    from pzl.sliding.task import from_request
    from pzl.sliding.verdict import instant_verdict as sliding_verdict

    swapped = sliding_verdict(from_request({"puzzle": "8-puzzle", "start": "2 1 3 4 5 6 7 8 0"}))
    assert isinstance(swapped, Verdict) and swapped.reachable is False and "1 and 2" in swapped.reason
    assert sliding_verdict(from_request({"puzzle": "8-puzzle", "start": "1 2 3 4 5 6 0 7 8"})).reachable is True
    board = board_by_id("english-33")
    full = board.full
    assert peg_verdict(board, full ^ (1 << 16), 1 << 16) == Verdict(None)
    impossible = peg_verdict(board, full ^ (1 << 16), 1 << 0)
    assert isinstance(impossible, Verdict) and impossible.reachable is False and impossible.reason
