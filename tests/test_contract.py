"""pzl's JSON contract (docs/schema/pzl.schema.json) against real outputs: every event of every kind of request.

Each sample request runs through `pzl.api.run`; every event must match the schema's `event`, the final
one the definition named for its request kind. The schema's objects forbid unknown fields, so a result
that carries a field the contract does not list fails here. A few samples also go through the CLI's
`--json` and `list --json`.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from pzl import api

ROOT = Path(__file__).resolve().parent.parent
SCHEMA_PATH = ROOT / "docs" / "schema" / "pzl.schema.json"
SCHEMA = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))

#: (id, request, the schema definition its final event must match: a result kind, or "error").
SAMPLES: list[tuple[str, dict[str, Any], str]] = [
    ("catalog", {"command": "catalog"}, "catalog"),
    # sliding solve
    ("8-puzzle auto", {"puzzle": "8-puzzle"}, "sliding_solve"),
    ("8-puzzle all", {"puzzle": "8-puzzle", "start": "1 2 3 4 5 6 0 7 8", "all": True, "max_solutions": 1},
     "sliding_solve"),
    ("8-puzzle ida all", {"puzzle": "8-puzzle", "start": "1 2 3 4 0 6 7 5 8", "algorithm": "ida", "all": True},
     "sliding_solve"),
    ("8-puzzle iddfs", {"puzzle": "8-puzzle", "start": "1 2 3 4 5 6 0 7 8", "algorithm": "iddfs"}, "sliding_solve"),
    ("8-puzzle parity", {"puzzle": "8-puzzle", "start": "1 2 3 4 5 6 8 7 0", "all": True}, "sliding_solve"),
    ("15-puzzle ida tables", {"puzzle": "15-puzzle", "start": "1 2 3 4 5 6 7 8 9 10 11 12 13 0 14 15"},
     "sliding_solve"),
    ("custom board", {"family": "sliding", "board": "2x3", "start": "1 2 3 4 0 5"}, "sliding_solve"),
    ("partial goal", {"puzzle": "8-puzzle", "start": "1 2 3 4 5 6 0 7 8", "goal": "1 2 3 * * * * * *"},
     "sliding_solve"),
    ("symbols", {"puzzle": "symbols", "start": "┌ ─ ┐ │ │ 0 └ ─ ┘"}, "sliding_solve"),
    ("no-off unreachable", {"puzzle": "no-off", "start": "L L O N O F F 0", "goal": "F L L O O N F 0",
                            "algorithm": "bfs"}, "sliding_solve"),
    ("no-off piece metric", {"puzzle": "no-off", "metric": "piece"}, "sliding_solve"),
    ("layout", {"layout": "AABB/AACC/de../FGHH/FGII", "goal": "..../..../..../AA../AA.."}, "sliding_solve"),
    ("layout straight ida", {"layout": "A.B/.#./C.D", "goal": "D.C/.#./B.A", "metric": "straight",
                             "algorithm": "ida"}, "sliding_solve"),
    ("rush hour card", {"layout": "ooooooooooooAAooBoooooBooooooooooooo"}, "sliding_solve"),
    ("layout error", {"layout": "AAB/AC", "goal": "..A/..."}, "error"),
    ("big board fast", {"family": "sliding", "board": "6x6", "algorithm": "fast",
                        "start": " ".join([*map(str, range(1, 30)), "0", "31", "32", "33", "34", "35", "30"])},
     "sliding_solve"),
    ("big board auto", {"family": "sliding", "board": "10x10",
                        "start": " ".join([*map(str, range(1, 89)), "0", *map(str, range(89, 100))])},
     "sliding_solve"),
    ("8-puzzle bfs layers", {"puzzle": "8-puzzle", "start": "1 2 3 4 5 6 0 7 8", "algorithm": "bfs"}, "sliding_solve"),
    ("8-puzzle astar bound", {"puzzle": "8-puzzle", "start": "1 2 3 4 5 6 0 7 8", "algorithm": "astar",
                              "bound": "linear-conflict"}, "sliding_solve"),
    ("symbols ida none", {"puzzle": "symbols", "start": "┌ ─ ┐ │ │ 0 └ ─ ┘", "algorithm": "ida", "bound": "none"},
     "sliding_solve"),
    # compare
    ("compare 8-puzzle", {"command": "compare", "puzzle": "8-puzzle", "start": "1 2 3 4 5 6 0 7 8",
                          "measure_memory": True}, "sliding_compare"),
    ("compare stopped", {"command": "compare", "puzzle": "9-puzzle", "algorithm": "ida", "bound": "misplaced",
                         "seconds": 0.1}, "sliding_compare"),
    ("compare refusals", {"command": "compare", "puzzle": "15-puzzle", "algorithm": "bfs"}, "sliding_compare"),
    ("compare unsolvable", {"command": "compare", "puzzle": "9-puzzle-variant", "algorithm": "bfs",
                            "start": "2 1 3 4 5 6 7 8 9 0"}, "sliding_compare"),
    ("compare peg", {"command": "compare", "puzzle": "hoppers", "seconds": 5}, "peg_compare"),
    ("compare bad seconds", {"command": "compare", "puzzle": "8-puzzle", "seconds": "soon"}, "error"),
    # sliding longest
    ("longest 2x3", {"command": "longest", "family": "sliding", "board": "2x3"}, "sliding_longest"),
    ("longest partial goal", {"command": "longest", "puzzle": "8-puzzle", "goal": "1 2 3 * * * * * 0"},
     "sliding_longest"),
    ("longest blocks", {"command": "longest", "puzzle": "no-off"}, "sliding_longest"),
    ("longest layout", {"command": "longest", "layout": "AAb/.c.", "goal": ".AA/..."}, "sliding_longest"),
    ("longest by whole slides", {"command": "longest", "family": "sliding", "board": "2x3", "goal": "1 2 3 4 0 0",
                                 "metric": "piece"}, "sliding_longest"),
    # peg solve
    ("hoppers auto", {"puzzle": "hoppers"}, "peg_solve"),
    ("hoppers all", {"puzzle": "hoppers", "all": True, "max_solutions": 2}, "peg_solve"),
    ("hoppers first", {"puzzle": "hoppers", "first": "12-6", "algorithm": "minimal"}, "peg_solve"),
    ("french classes", {"puzzle": "french-37", "empty": "18", "finish": "18"}, "peg_solve"),
    ("peg beam", {"puzzle": "english-33", "algorithm": "beam"}, "peg_solve"),
    ("peg fast", {"puzzle": "hoppers", "algorithm": "fast"}, "peg_solve"),
    ("peg undecided", {"puzzle": "english-33", "algorithm": "minimal", "max_states": 2000}, "peg_solve"),
    ("peg finished", {"puzzle": "hoppers", "empty": ",".join(str(h) for h in range(13) if h != 6)},
     "peg_solve"),
    ("peg mask", {"family": "peg", "mask": "ooo/ooo/ooo", "lattice": "square", "empty": "4", "finish": "any"},
     "peg_solve"),
    ("peg pattern finish", {"puzzle": "hoppers", "empty": "6", "finish": "pattern:0,2"}, "peg_solve"),
    # peg analyse
    ("analyse", {"command": "analyse", "puzzle": "hoppers", "pegs": "0,1,2,3,4,5,7,8,9,10,11,12"}, "peg_analyse"),
    ("analyse last", {"command": "analyse", "puzzle": "hoppers", "pegs": "1,3,5,6,7,8,10,11,12", "last": "6"},
     "peg_analyse"),
    ("analyse undecided", {"command": "analyse", "puzzle": "english-33", "seconds_limit": 0.05,
                           "pegs": "1,2,5,8,9,10,12,13,14,15,16,18,19,20,21,22,23,25,26,27,28,29,30,31,32"},
     "peg_analyse"),
    ("analyse finished", {"command": "analyse", "puzzle": "hoppers", "pegs": "6"}, "peg_analyse"),
    ("analyse dead", {"command": "analyse", "puzzle": "french-37", "finish": "18"}, "peg_analyse"),
    ("analyse any", {"command": "analyse", "family": "peg", "mask": "oooo/oooo", "finish": "any", "pegs": "0,1,2,4,5"},
     "peg_analyse"),
    ("analyse big", {"command": "analyse", "puzzle": "english-33", "seconds_limit": 0.2, "max_states": 500},
     "peg_analyse"),
    # peg census and atlas
    ("census", {"command": "census", "puzzle": "hoppers"}, "peg_census"),
    ("census first jump", {"command": "census", "puzzle": "hoppers", "first": "0-6"}, "peg_census"),
    ("census no pegs", {"command": "census", "puzzle": "hoppers", "empty": list(range(13))}, "peg_census"),
    ("census any", {"command": "census", "family": "peg", "mask": "ooo/ooo", "lattice": "square-diagonal",
                    "empty": "1", "finish": "any"}, "peg_census"),
    ("census partial", {"command": "census", "puzzle": "english-33", "max_states": 20_000}, "peg_census"),
    ("census by jumps only", {"command": "census", "puzzle": "triangle-15", "empty": "0", "by_moves": False},
     "peg_census"),
    ("atlas", {"command": "atlas", "puzzle": "hoppers"}, "peg_atlas"),
    ("atlas partial", {"command": "atlas", "puzzle": "triangle-15", "max_states": 100, "seconds_limit": 30},
     "peg_atlas"),
    ("census refusal", {"command": "census", "puzzle": "french-37"}, "error"),
    # errors
    ("unknown command", {"command": "fly", "puzzle": "8-puzzle"}, "error"),
    ("unknown puzzle", {"puzzle": "nope"}, "error"),
    ("bad position", {"puzzle": "8-puzzle", "start": "1 2 3"}, "error"),
    ("state cap refusal", {"puzzle": "8-puzzle", "algorithm": "bfs", "max_states": 10}, "error"),
    ("state cap stop", {"puzzle": "8-puzzle", "algorithm": "bfs", "max_states": 10_000}, "error"),
    ("bidirectional stop", {"puzzle": "8-puzzle", "algorithm": "bidirectional", "max_states": 10}, "error"),
    ("memory refusal", {"command": "longest", "puzzle": "15-puzzle", "max_states": 0}, "error"),
    ("nodes refusal", {"puzzle": "15-puzzle", "algorithm": "iddfs"}, "error"),
    ("hopeless refusal", {"family": "sliding", "board": "8x8", "algorithm": "ida",
                          "start": " ".join([*map(str, range(63, 2, -1)), "1", "2", "0"])}, "error"),
    ("peg option on sliding", {"puzzle": "8-puzzle", "empty": "3"}, "error"),
]


#: Fields the samples cannot produce cheaply, each checked by a test of its own below.
PRODUCED_ELSEWHERE = {"sliding_solve": {"warning",    # test_a_slow_search_warning_is_in_the_contract
                                        "stopped"},   # test_an_anytime_answer_is_in_the_contract
                      "peg_solve": {"note"},          # test_an_anytime_answer_is_in_the_contract
                      "error": {"nodes"}}             # test_a_depth_limit_stop_is_in_the_contract
#: A random 6x6 start (lower bound 142): auto answers fast, then shortens the answer.
SIX_BY_SIX = "27 9 20 14 0 31 10 29 11 28 22 15 3 5 24 7 1 35 19 26 18 13 32 16 12 4 6 33 21 8 25 30 2 34 23 17"


def validator(definition: str) -> Any:
    """A validator for one of the schema's $defs (or the whole schema for "event")."""
    schema = {**SCHEMA, "$ref": f"#/$defs/{definition}"}
    return jsonschema.Draft202012Validator(schema)


def check(instance: Any, definition: str) -> None:
    """Fail with every way `instance` breaks the definition, each with its path."""
    problems = sorted(validator(definition).iter_errors(instance), key=lambda problem: list(problem.path))
    assert not problems, "\n".join(f"{'/'.join(map(str, p.absolute_path))}: {p.message}" for p in problems)


def run_sample(request: dict[str, Any]) -> list[dict[str, Any]]:
    return list(api.run(request))


@pytest.fixture(scope="module")
def outcomes() -> dict[str, list[dict[str, Any]]]:
    """Every sample's events, run once."""
    return {name: run_sample(request) for name, request, _ in SAMPLES}


def test_the_schema_is_a_valid_json_schema() -> None:
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


@pytest.mark.parametrize(("name", "definition"), [(name, definition) for name, _, definition in SAMPLES],
                         ids=[name for name, _, _ in SAMPLES])
def test_every_event_of_a_request_matches_the_contract(outcomes, name: str, definition: str) -> None:
    produced = outcomes[name]
    assert produced, "no events"
    for event in produced:
        check(event, "event")
    final = produced[-1]
    if definition == "error":
        check(final, "error")
    else:
        assert final["event"] == "result", final
        check(final["result"], definition)
        if "stats" in final["result"]:   # one helper makes them (pzl.events.stats): one rounding, to milliseconds
            assert round(final["result"]["stats"]["seconds"], 3) == final["result"]["stats"]["seconds"]


def test_every_command_and_family_has_samples() -> None:
    """A new command (or family) needs its result in the schema and a sample here."""
    covered = {(request.get("command", "solve"), family) for _, request, definition in SAMPLES
               for family in ("sliding", "peg") if definition.startswith(family)}
    covered |= {("catalog", None)} if any(d == "catalog" for _, _, d in SAMPLES) else set()
    from pzl import catalog

    for command in api.COMMANDS:
        if command == "catalog":
            assert ("catalog", None) in covered
            continue
        answering = [family for family in catalog.FAMILY_MODULES if (command, family) in covered]
        assert answering, f"no sample request for the command {command!r}: add one (and its result to the schema)"


def test_every_result_field_of_the_schema_is_produced(outcomes) -> None:
    """The contract lists no field pzl never produces (each appears in some sample's result)."""
    seen: dict[str, set[str]] = {}
    for name, _, definition in SAMPLES:
        final = outcomes[name][-1]
        if definition == "error":
            seen.setdefault("error", set()).update(final)
        else:
            seen.setdefault(definition, set()).update(final["result"])
    for definition, fields in PRODUCED_ELSEWHERE.items():
        seen[definition] |= fields
    for definition, fields in seen.items():
        listed = set(SCHEMA["$defs"][definition]["properties"])
        assert listed - fields == set(), f"{definition}: fields listed but never produced by the samples"


def test_a_result_with_an_unknown_field_is_refused() -> None:
    final = api.answer({"puzzle": "8-puzzle", "start": "1 2 3 4 5 6 7 0 8"})
    check(final["result"], "sliding_solve")
    with pytest.raises(AssertionError, match="Additional properties"):
        check({**final["result"], "surprise": 1}, "sliding_solve")
    with pytest.raises(AssertionError):
        check({**final, "extra": True}, "event")


def test_a_slow_search_warning_is_in_the_contract(monkeypatch: pytest.MonkeyPatch) -> None:
    from pzl.sliding import effort

    monkeypatch.setattr(effort, "WARN_SECONDS", 0.0)
    produced = run_sample({"puzzle": "8-puzzle", "start": "1 2 3 4 5 6 0 7 8", "algorithm": "iddfs"})
    assert any(event.get("warning") for event in produced[:-1])
    for event in produced:
        check(event, "event")
    assert produced[-1]["result"]["warning"]


def test_a_depth_limit_stop_is_in_the_contract(monkeypatch: pytest.MonkeyPatch) -> None:
    from pzl.search import deepening
    from pzl.sliding import service

    monkeypatch.setattr(deepening, "MAX_DEPTH", 3)   # the service reads it per search
    monkeypatch.setattr(service, "check_depth_first", lambda *args: None)   # no refusal up front
    final = api.answer({"puzzle": "8-puzzle", "start": "4 1 3 0 2 6 7 5 8", "algorithm": "iddfs"})   # 5 moves
    check(final, "error")
    assert final["stopped"] == "max_depth" and final["nodes"] > 0 and final["lower_bound"] == 4


@pytest.mark.parametrize(("request_", "definition", "budget", "small"), [
    ({"family": "sliding", "board": "6x6", "start": SIX_BY_SIX}, "sliding_solve", "pzl.sliding.anytime.SHORTEN_NODES",
     {"linear-conflict": 300_000, "manhattan": 300_000}),
    ({"puzzle": "english-33"}, "peg_solve", "pzl.peg.anytime.AUTO_NODES", 300_000),
], ids=["sliding", "peg"])
def test_an_anytime_answer_is_in_the_contract(monkeypatch: pytest.MonkeyPatch, request_, definition, budget,
                                              small) -> None:
    """auto: improved answers on the way, then the best one, not proved, saying what stopped the search for fewer."""
    monkeypatch.setattr(budget, small)
    produced = run_sample(request_)
    for event in produced:
        check(event, "event")
    improved = [event["result"] for event in produced if event["event"] == "improved"]
    assert improved and all(check(answer, definition) is None for answer in improved)
    assert any("best" in event and "lower_bound" in event for event in produced if event["event"] == "progress")
    final = produced[-1]["result"]
    check(final, definition)
    assert final["minimal"] is False and final["stopped"] == "nodes" and final["lower_bound"] < final["moves"]
    assert final["moves"] <= improved[-1]["moves"] and final["note"]


def test_a_cancelled_jobs_best_answer_is_in_the_contract() -> None:
    job = api.Job({"puzzle": "english-33"})
    while job.best is None:
        for event in job.run_for(0.05):
            check(event, "event")
    kept = job.cancel()
    check(kept, "event")
    assert kept["event"] == "result" and kept["result"]["stopped"] == "cancelled"
    assert kept["result"]["moves"] == job.best["moves"] and job.done


def test_job_slices_match_the_contract() -> None:
    job = api.Job(json.dumps({"puzzle": "8-puzzle", "algorithm": "bfs"}))
    while not job.done:
        for event in json.loads(job.run_for_json(0.01)):
            check(event, "event")


@pytest.mark.parametrize("request_", [{"puzzle": "15-puzzle"}, {"puzzle": "8-puzzle"}, "not json"])
def test_tables_needed_matches_the_contract(request_) -> None:
    check(json.loads(api.tables_needed(request_)), "tables_needed")


def test_every_answered_sample_request_matches_the_request_schema() -> None:
    for _, request, definition in SAMPLES:
        if definition != "error":   # some refused ones are malformed on purpose
            check(request, "request")


def cli(*args: str) -> Any:
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    done = subprocess.run([sys.executable, "-m", "pzl", *args], cwd=ROOT, capture_output=True, encoding="utf-8",
                          env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.mark.parametrize(("args", "definition"), [
    (("solve", "8-puzzle", "--json"), "sliding_solve"),
    (("longest", "--board", "2x3", "--json"), "sliding_longest"),
    (("solve", "hoppers", "--json"), "peg_solve"),
    (("analyse", "hoppers", "--pegs", "0,1,2,3,4,5,7,8,9,10,11,12", "--json"), "peg_analyse"),
    (("census", "triangle-10", "--json"), "peg_census"),
    (("atlas", "triangle-10", "--json"), "peg_atlas"),
])
def test_cli_json_matches_the_contract(args: tuple[str, ...], definition: str) -> None:
    check(cli(*args), definition)


def test_cli_list_json_matches_the_catalog_entries() -> None:
    check({"puzzles": cli("list", "--json")}, "catalog")


def test_the_schema_names_its_version_and_every_limit() -> None:
    from pzl.errors import LIMITS
    from pzl.events import CANCELLED, SCHEMA_VERSION

    assert SCHEMA["$defs"]["schema_version"]["const"] == SCHEMA_VERSION
    assert f"/{SCHEMA_VERSION}/" in SCHEMA["$id"]
    assert SCHEMA["$defs"]["stopped"]["enum"] == [*LIMITS, CANCELLED]


def test_an_answer_says_how_it_was_found_as_data() -> None:
    """`path`, `auto` and `heuristic` say what `algorithm` and `bound` say as text (the page reads these)."""
    tables = api.answer({"puzzle": "15-puzzle", "start": "1 2 3 4 5 6 7 8 9 10 11 12 13 0 14 15",
                         "algorithm": "ida"})["result"]
    assert tables["path"] == ["ida"] and tables["auto"] is False
    assert tables["heuristic"] == {"name": "pdb", "partition": [6, 6, 3], "mirror": True}
    assert tables["bound"] == "pdb 6-6-3 + mirror"
    big = api.answer({"family": "sliding", "board": "6x6", "start": " ".join(
        [*map(str, range(1, 30)), "0", "31", "32", "33", "34", "35", "30"])})["result"]
    assert big["auto"] is True and big["path"][0] == "fast" and big["algorithm"].startswith("auto: fast")
    peg = api.answer({"puzzle": "triangle-15"})["result"]
    assert (peg["path"], peg["auto"], peg["algorithm"]) == (["minimal"], True, "auto: minimal")
    for unsolvable in (api.answer({"puzzle": "8-puzzle", "start": "2 1 3 4 5 6 7 8 0"})["result"],
                       api.answer({"puzzle": "english-33", "finish": 0, "empty": 16})["result"]):
        assert unsolvable["solvable"] is False and unsolvable["solution"] is None   # the families agree
