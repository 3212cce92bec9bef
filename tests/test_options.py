"""Options are never silently ignored: every command reads exactly the keys of its family's table (`OPTIONS`),
honours each one (the answer changes with it), refuses a bad value by name, and refuses every other key by name.

The table is each family's `options` module; `pzl.api.check_options` enforces it and the CLI's flags are built
from it. A key added to a table needs a line in HONOURED below (a request where it changes the answer).
"""

from __future__ import annotations

from typing import Any

import pytest

from pzl import api, catalog
from pzl.__main__ import _parser, command_options, flag_of
from pzl.peg.board import after_jump
from pzl.peg.catalog import board_by_id

FAMILIES = tuple(catalog.FAMILY_MODULES)
TABLE = [(family, command, key) for family in FAMILIES
         for command, keys in catalog.family(family).options.items() for key in keys]
PEG = {"puzzle": "triangle-10", "empty": "0", "finish": "any"}
SLIDING = {"puzzle": "8-puzzle", "start": "1 2 3 4 5 6 0 7 8"}


def _hoppers_mid_chain() -> dict[str, Any]:
    """Hoppers after 12-6, 3-9 and the first jump of the chain 10-12-6: the peg in 12 may go on to 6."""
    board = board_by_id("hoppers")
    over = {(a, c): b for a, b, c in board.jumps}
    position = board.full & ~(1 << 6)
    for a, c in ((12, 6), (3, 9), (10, 12)):
        position = after_jump(position, (a, over[(a, c)], c))
    return {"puzzle": "hoppers", "pegs": [hole for hole in range(board.size) if position >> hole & 1]}


#: (family, command, key) → (a request without the key, the key's value): with it the answer must differ.
HONOURED: dict[tuple[str, str, str], tuple[dict[str, Any], Any]] = {
    **{("peg", command, "mask"): ({"family": "peg"}, "ooooo") for command in
       ("solve", "analyse", "census", "atlas", "compare")},
    **{("peg", command, "lattice"): ({"mask": "ooo/ooo/ooo/ooo", "empty": "0", "finish": "any"}, "square-diagonal")
       for command in ("solve", "analyse", "census", "compare")},
    ("peg", "atlas", "lattice"): ({"mask": "ooo/ooo/ooo"}, "square-diagonal"),
    **{("peg", command, "empty"): ({"puzzle": "triangle-10", "finish": "any"}, "3") for command in
       ("solve", "analyse", "census", "compare")},
    **{("peg", command, "finish"): ({"puzzle": "hoppers"}, "any") for command in
       ("solve", "analyse", "census", "compare")},
    **{("peg", command, "first"): ({"puzzle": "hoppers"}, "0-6") for command in ("solve", "census", "compare")},
    ("peg", "analyse", "pegs"): (PEG, "0,1,2,4,5,7"),
    ("peg", "analyse", "last"): (_hoppers_mid_chain(), 12),
    ("peg", "solve", "algorithm"): (PEG, "beam"),
    ("peg", "compare", "algorithm"): (PEG, "minimal"),
    ("peg", "solve", "all"): (PEG, True),
    ("peg", "solve", "max_solutions"): ({**PEG, "empty": "1", "all": True}, 1),
    **{("peg", command, "max_states"): ({"puzzle": "hoppers"}, 3) for command in
       ("solve", "analyse", "census", "atlas", "compare")},
    ("peg", "analyse", "seconds_limit"): ({"puzzle": "english-33"}, 1e-9),
    ("peg", "census", "seconds_limit"): ({"puzzle": "hoppers"}, 1e-9),
    ("peg", "atlas", "seconds_limit"): ({"puzzle": "hoppers"}, 1e-9),
    ("peg", "census", "by_moves"): ({"puzzle": "hoppers"}, False),
    ("peg", "compare", "seconds"): (PEG, 2),
    ("peg", "compare", "measure_memory"): ({**PEG, "algorithm": "minimal"}, True),
    **{("sliding", command, "board"): ({"family": "sliding", "start": "1 2 0 3"}, "2x2") for command in
       ("solve", "compare")},
    ("sliding", "longest", "board"): ({"family": "sliding"}, "2x2"),
    **{("sliding", command, "layout"): ({"family": "sliding", "goal": "../.A"}, "A./..") for command in
       ("solve", "longest", "compare")},
    # a one-cell piece is no car: refused by rush-hour's name
    **{("sliding", command, "rules"): ({"layout": "A./..", "goal": "../.A"}, "rush-hour") for command in
       ("solve", "longest", "compare")},
    ("sliding", "solve", "start"): (SLIDING, "1 2 3 4 5 6 7 0 8"),
    ("sliding", "compare", "start"): ({**SLIDING, "algorithm": "bfs"}, "1 2 3 4 5 6 7 0 8"),
    ("sliding", "longest", "start"): ({"family": "sliding", "board": "2x2", "goal": "1 * * 0"}, "2 1 3 0"),
    ("sliding", "solve", "goal"): (SLIDING, "1 2 3 4 5 6 7 0 8"),
    ("sliding", "compare", "goal"): ({**SLIDING, "algorithm": "bfs"}, "1 2 3 4 5 6 7 0 8"),
    ("sliding", "longest", "goal"): ({"family": "sliding", "board": "2x3"}, "1 2 3 4 0 5"),
    ("sliding", "solve", "metric"): ({"puzzle": "no-off"}, "step"),
    ("sliding", "longest", "metric"): ({"family": "sliding", "board": "2x3", "goal": "1 2 3 4 0 0"}, "straight"),
    ("sliding", "compare", "metric"): ({"puzzle": "no-off"}, "step"),
    ("sliding", "solve", "algorithm"): (SLIDING, "ida"),
    ("sliding", "compare", "algorithm"): (SLIDING, "bfs"),
    ("sliding", "solve", "bound"): ({**SLIDING, "algorithm": "ida"}, "misplaced"),
    ("sliding", "compare", "bound"): (SLIDING, "misplaced"),
    ("sliding", "solve", "all"): (SLIDING, True),
    ("sliding", "solve", "max_solutions"): ({**SLIDING, "start": "1 3 0 4 2 8 7 6 5", "all": True}, 1),
    ("sliding", "solve", "max_states"): ({**SLIDING, "algorithm": "bfs"}, 2),
    ("sliding", "longest", "max_states"): ({"puzzle": "8-puzzle"}, 100),
    ("sliding", "compare", "max_states"): ({**SLIDING, "algorithm": "bfs"}, 2),
    ("sliding", "compare", "seconds"): ({**SLIDING, "algorithm": "bfs"}, 2),
    ("sliding", "compare", "measure_memory"): ({**SLIDING, "algorithm": "bfs"}, True),
}


def _answer(request: dict[str, Any]) -> dict[str, Any]:
    """The final event without what varies from run to run (times, and the counts beside them)."""
    def steady(value: Any) -> Any:
        if isinstance(value, dict):
            return {key: item if key == "budget" else steady(item) for key, item in value.items()
                    if key not in ("stats", "seconds", "peak_bytes", "nodes", "states")}
        if isinstance(value, list):
            return [steady(item) for item in value]
        return value
    return steady(api.answer(request))


def test_every_option_of_the_tables_has_a_request_that_shows_it_honoured():
    assert sorted(HONOURED) == sorted(TABLE)


@pytest.mark.parametrize(("family", "command", "key"), TABLE, ids=lambda value: str(value))
def test_every_option_a_command_accepts_changes_its_answer(family, command, key):
    base, value = HONOURED[(family, command, key)]
    without = _answer({"command": command, **base})
    with_it = _answer({"command": command, **base, key: value})
    assert with_it != without, f"{key}={value!r} left the answer of {command} unchanged"
    if with_it["event"] == "error":   # honoured by a refusal that names it (or a limit it set)
        assert key in with_it["message"] or key.replace("_", "-") in with_it["message"] or with_it.get("stopped"), \
            with_it["message"]


@pytest.mark.parametrize(("family", "command", "key"), TABLE, ids=lambda value: str(value))
@pytest.mark.parametrize("bad", [{"a": 1}, "zz", -1], ids=["object", "word", "negative"])
def test_a_bad_value_is_refused_naming_the_option(family, command, key, bad):
    base = {**(PEG if family == "peg" else SLIDING)}
    base = {name: value for name, value in base.items() if name == "puzzle" or name in
            catalog.family(family).options[command]}
    if key in ("mask", "lattice"):
        base = {"mask": "ooo/ooo/ooo"}
    elif key == "board":
        base = {}
    elif key in ("max_solutions",):
        base["all"] = True
    final = api.answer({"command": command, **base, key: bad})
    assert final["event"] == "error", (key, bad, final)
    assert final["error"] != "InternalError", final["message"]
    words = final["message"]
    assert key in words or key.replace("_", "-") in words, words


@pytest.mark.parametrize(("family", "command"), [(family, command) for family in FAMILIES
                                                 for command in catalog.family(family).options])
def test_every_other_key_is_refused_by_name_before_anything_runs(family, command):
    tables = catalog.family(family).options
    keys = {key for name in FAMILIES for table in catalog.family(name).options.values() for key in table}
    base = PEG if family == "peg" else SLIDING
    for key in sorted(keys - set(tables[command])):
        final = api.answer({"command": command, "puzzle": base["puzzle"], key: "1"})
        assert final["event"] == "error", (command, key)
        ours = any(key in options for options in tables.values())
        assert final["message"].startswith(f"{key} is an option of "), final["message"]
        assert (f"not of {command};" if ours else "not of sliding puzzles" if family == "sliding"
                else "not of peg solitaire") in final["message"], final["message"]
    final = api.answer({"command": command, "puzzle": base["puzzle"], "colour": "red"})
    assert final["message"].startswith("unknown option 'colour'; ")


def test_another_commands_option_names_the_commands_that_read_it():
    final = api.answer({"command": "atlas", "puzzle": "hoppers", "empty": 161728})
    assert final["message"].startswith("empty is an option of solve, analyse, census and compare, not of atlas; "
                                       "atlas reads: mask, lattice, max_states, seconds_limit")
    final = api.answer({"command": "compare", "puzzle": "8-puzzle", "all": True})
    assert final["message"].startswith("all is an option of solve, not of compare")


def test_catalog_reads_no_option():
    assert api.answer({"command": "catalog", "puzzle": "8-puzzle"})["message"].startswith("catalog lists every")


@pytest.mark.parametrize("command", ["solve", "compare", "longest", "analyse", "census", "atlas"])
def test_the_cli_offers_exactly_the_options_the_tables_list(command):
    parser = _parser()
    sub = next(action for action in parser._actions if action.dest == "command").choices[command]
    dests = {action.dest for action in sub._actions} - {"help", "json", "events", "progress", "explain", "puzzle"}
    assert dests == set(command_options(command))
    flags = {option for action in sub._actions for option in action.option_strings}
    assert {flag_of(key) for key in command_options(command)} <= flags


# ------------------------------------------------------------------ the repros of issue 24
def test_census_honours_a_fixed_first_jump():
    final = api.answer({"command": "census", "puzzle": "hoppers", "first": "0-6"})["result"]
    assert final["first"] == [0, 6]
    assert final["by_jumps"][1]["positions"] == 1 and final["minimal_solutions"] == 18
    assert final["solutions"] * 4 == api.answer({"command": "census", "puzzle": "hoppers"})["result"]["solutions"]
    counted = api.answer({"command": "solve", "puzzle": "hoppers", "first": "0-6", "all": True,
                          "max_solutions": 0})["result"]
    assert (counted["moves"], counted["count"]) == (final["minimal_moves"], final["minimal_solutions"])


def test_longest_honours_the_metric_every_position_it_names_is_that_far():
    board = {"family": "sliding", "board": "2x3", "goal": "1 2 3 4 0 0"}
    final = api.answer({"command": "longest", **board, "metric": "straight"})["result"]
    assert final["metric"] == "straight"
    assert final["longest"] < api.answer({"command": "longest", **board})["result"]["longest"]
    for position in final["positions"]:
        solved = api.answer({"command": "solve", **board, "start": position, "metric": "straight"})
        assert solved["result"]["moves"] == final["longest"]


def test_census_of_a_start_without_pegs_answers_no_solution():
    final = api.answer({"command": "census", "mask": "ooo", "empty": "0,1,2"})["result"]
    assert final["by_jumps"] == [{"jumps": 0, "pegs": 0, "positions": 1, "classes": 1, "can_finish": 0}]
    assert final["solutions"] == 0 and final["complete"] is True


def test_analyse_of_a_finished_position_says_finished_even_where_no_jump_lands():
    final = api.answer({"command": "analyse", "mask": "ooo/o..", "pegs": "3", "finish": "3"})["result"]
    assert final["finished"] is True and final["solvable"] is True and final["moves"] == 0


@pytest.mark.parametrize("request_", [{"puzzle": "hoppers", "mask": "ooo"}, {"puzzle": "hoppers", "lattice": "square"},
                                      {"command": "longest", "puzzle": "8-puzzle", "start": "1 2 3 4 5 6 7 0 8"}])
def test_a_key_its_other_keys_make_meaningless_is_refused(request_):
    final = api.answer(request_)
    assert final["event"] == "error" and final["error"] != "InternalError"


def test_longest_names_an_empty_goal_as_the_goal():   # found by the option fuzzer
    final = api.answer({"command": "longest", "family": "sliding", "board": "2x3", "goal": ""})
    assert final["message"].startswith("the goal is empty")
