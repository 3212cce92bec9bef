"""Stored pattern tables: file format, damaged files, fallback, and the shipped tables against their definition."""

from __future__ import annotations

import heapq
import os
import random

import pytest

from pzl import api
from pzl.search.problem import run_to_end as run
from pzl.sliding import plan
from pzl.sliding.board import distance_table
from pzl.sliding.engines import pattern_db, pdb_file, tables
from pzl.sliding.engines.pdb_file import TableFileError
from pzl.sliding.engines.tiles import ida_star_tiles, longest_increasing
from tests.sliding.test_tiles import KORF_EASIEST, grid_adjacency, rectangle

FIFTEEN = grid_adjacency(rectangle(4, 4))
FIFTEEN_GOAL = (*range(1, 16), 0)


def pattern_distance(adjacency, goal_cells, placement, blank_goal, cols):
    """The fewest moves of the pattern's tiles from `placement` home, found independently of pzl's generator.

    A* over (tile cells, the cells the blank can reach): the blank moves freely through cells
    the pattern leaves empty, a pattern tile's slide into the blank's reach costs 1; home is the
    goal placement with the blank able to reach its goal cell. It starts from every blank cell
    and is guided by Manhattan distance + linear conflict among the pattern's tiles (admissible:
    two of its tiles in their goal line in the wrong order need one of them to leave it).
    """
    dist = distance_table(adjacency)
    goal = tuple(goal_cells)

    def estimate(cells):
        extra = 0
        for line, rank in ((lambda c: c // cols, lambda c: c % cols), (lambda c: c % cols, lambda c: c // cols)):
            lines = {}
            for cell, home in zip(cells, goal, strict=True):
                if line(cell) == line(home):
                    lines.setdefault(line(cell), []).append((rank(cell), rank(home)))
            for members in lines.values():
                ranks = [home for _, home in sorted(members)]
                extra += 2 * (len(ranks) - longest_increasing(ranks))
        return extra + sum(dist[cell][home] for cell, home in zip(cells, goal, strict=True))

    def reach(cells, cell):
        seen, todo = {cell}, [cell]
        for c in todo:
            for nb in adjacency[c]:
                if nb not in seen and nb not in cells:
                    seen.add(nb)
                    todo.append(nb)
        return frozenset(seen)

    start = tuple(placement)
    heap = [(estimate(start), 0, start, reach(start, blank)) for blank in range(len(adjacency)) if blank not in start]
    heapq.heapify(heap)
    best = {}
    while heap:
        _, cost, cells, region = heapq.heappop(heap)
        if best.get((cells, region), 1 << 30) <= cost:
            continue
        best[(cells, region)] = cost
        if cells == goal and blank_goal in region:
            return cost
        for slot, cell in enumerate(cells):
            for nb in adjacency[cell]:
                if nb in region:
                    moved = (*cells[:slot], nb, *cells[slot + 1:])
                    heapq.heappush(heap, (cost + 1 + estimate(moved), cost + 1, moved, reach(moved, cell)))
    raise AssertionError("the goal placement is unreachable")


def entry(database, pattern, placement):
    """The in-memory entry of a placement: the excess over its tiles' Manhattan distance."""
    return database.tables[pattern][sum(cell << (database.bits * slot) for slot, cell in enumerate(placement))]


def manhattan_of(adjacency, goal_cells, placement):
    dist = distance_table(adjacency)
    return sum(dist[c][g] for c, g in zip(placement, goal_cells, strict=True))


# --------------------------------------------------------------------------- the file format

@pytest.fixture(scope="module")
def small():
    """A database of the 2 x 4 board built in the process, and its file's bytes."""
    adjacency = grid_adjacency(rectangle(2, 4))
    patterns = pattern_db.default_patterns(adjacency, 7, size=4)
    database, _ = run(pattern_db.build(adjacency, patterns, 7))
    data = pdb_file.encode(adjacency, patterns, 7, database.bits, database.tables, "test")
    return database, data


def test_a_table_file_decodes_to_the_same_entries_for_every_placement(small):
    database, data = small
    header, decoded = pdb_file.decode(data)
    assert header["patterns"] == [list(cells) for cells in database.patterns] and header["blank_goal"] == 7
    for built, read in zip(database.tables, decoded, strict=True):
        valid = [i for i, value in enumerate(built) if value != 255]
        assert valid and all(read[i] == built[i] for i in valid)


def test_a_table_holds_the_pattern_distance_of_placements_of_a_small_board(small):
    database, _ = small
    adjacency = database.adjacency
    for p, cells in enumerate(database.patterns):
        every = sorted(_placements(len(adjacency), len(cells)))
        for placement in random.Random(p).sample(every, min(len(every), 80)):
            assert entry(database, p, placement) + manhattan_of(adjacency, cells, placement) == \
                pattern_distance(adjacency, cells, placement, 7, 4), (cells, placement)


def _placements(cells, tiles):
    from itertools import permutations

    return set(permutations(range(cells), tiles))


@pytest.mark.parametrize("damage, words", [
    (lambda data: data[:-1], "truncated"),
    (lambda data: data[: len(data) // 2], "truncated"),
    (lambda data: data[:10], "truncated"),
    (lambda data: data + b"\0", "padded"),
    (lambda data: data[:-5] + bytes([data[-5] ^ 1]) + data[-4:], "checksum"),
    (lambda data: data.replace(b'"blank_goal":7', b'"blank_goal":"x'), "damaged header"),
    (lambda data: b"PK" + data[2:], "not a pzl pattern-table file"),
    (lambda data: b"", "not a pzl pattern-table file"),
])
def test_damaged_files_are_refused_with_a_message_that_says_how(small, damage, words):
    with pytest.raises(TableFileError, match=words):
        pdb_file.decode(damage(small[1]), "the file")


def test_a_body_that_matches_its_checksum_but_is_not_zlib_is_refused(small):
    header, offset = pdb_file.header_of(small[1])
    body = bytes(len(small[1]) - offset)
    header["sha256"] = __import__("hashlib").sha256(body).hexdigest()
    forged = pdb_file.MAGIC + __import__("json").dumps(header).encode() + b"\n" + body
    with pytest.raises(TableFileError, match="damaged"):
        pdb_file.decode(forged)


def test_a_file_for_another_board_is_refused_when_loaded(small, tmp_path):
    path = tmp_path / tables.FIFTEEN.file_name
    path.write_bytes(small[1])
    with pytest.raises(TableFileError, match="another board"):
        tables.load(tables.FIFTEEN, path)


# --------------------------------------------------------------------------- fallback

@pytest.fixture
def damaged_tables(tmp_path, monkeypatch):
    """A damaged 15-puzzle table file as the only one pzl can find; nothing loaded or built."""
    path = tmp_path / tables.FIFTEEN.file_name
    path.write_bytes(pdb_file.MAGIC + b'{"format": 1}\n' + os.urandom(1000))
    monkeypatch.setattr(tables, "search_dirs", lambda: [tmp_path])
    monkeypatch.setattr(tables, "_LOADED", {})
    monkeypatch.setattr(tables, "_DAMAGED", {})
    monkeypatch.setattr(tables, "IN_BROWSER", True)   # as in the page: nothing is built
    return path


def test_a_damaged_table_is_reported_and_the_search_stays_optimal_without_it(damaged_tables, monkeypatch):
    _number, optimal, start = KORF_EASIEST[0]
    outcome, events = run(ida_star_tiles(start, FIFTEEN_GOAL, FIFTEEN, distance_table(FIFTEEN), rows_cols=(4, 4)))
    assert len(outcome.path) - 1 == optimal
    assert outcome.bound == "linear-conflict"
    messages = [event["message"] for event in events if event.get("message")]
    assert len(messages) == 1 and str(damaged_tables) in messages[0] and "damaged header" in messages[0]
    assert "without them" in messages[0]


def test_the_api_answers_a_fifteen_puzzle_with_damaged_tables_and_says_so(damaged_tables, monkeypatch):
    _number, optimal, start = KORF_EASIEST[1]
    events = list(api.run({"puzzle": "15-puzzle", "start": " ".join(map(str, start))}))
    assert events[-1]["result"]["moves"] == optimal
    progress = [event for event in events if event["event"] == "progress"]
    assert any("damaged" in event.get("message", "") for event in progress)
    seconds = [event["seconds"] for event in progress]
    nodes = [event["nodes"] for event in progress]
    assert seconds == sorted(seconds) and nodes == sorted(nodes)


def test_the_page_is_told_which_table_file_a_request_needs(damaged_tables, monkeypatch):
    request = {"puzzle": "15-puzzle", "start": " ".join(map(str, KORF_EASIEST[0][2]))}
    assert plan.tables_needed(request) == []   # a file is there (damaged: the search reports it)
    monkeypatch.setattr(tables, "search_dirs", lambda: [damaged_tables.parent / "elsewhere"])
    needed = plan.tables_needed(request)
    assert needed == [{"name": "4x4-663.pzt", "path": str(tables.user_cache_dir() / "4x4-663.pzt")}]
    assert api.tables_needed(__import__("json").dumps(request)) == __import__("json").dumps(needed)
    for other in ({"puzzle": "8-puzzle"}, {**request, "algorithm": "bfs"}, {"puzzle": "no-such"}, {"command": "x"},
                  {**request, "goal": "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15"}):
        assert plan.tables_needed(other) == [], other
    assert api.tables_needed("not json") == "[]"


# --------------------------------------------------------------------------- the shipped tables

@pytest.fixture(scope="module")
def shipped():
    """The 15-puzzle's stored tables (made by `python build.py`); required when the build ran."""
    path = tables.find(tables.FIFTEEN)
    if path is None:
        if os.environ.get("PZL_REQUIRE_SITE"):
            pytest.fail("the 15-puzzle's pattern tables are missing: `python build.py tables` makes them")
        pytest.skip("the 15-puzzle's pattern tables are not built here (python build.py tables)")
    return tables.load(tables.FIFTEEN, path)


def test_the_shipped_three_tile_table_holds_the_pattern_distance_on_a_random_sample(shipped):
    cells = tables.FIFTEEN.patterns[2]
    rng = random.Random(1)
    for placement in rng.sample(sorted(_placements(16, 3)), 150):
        assert entry(shipped, 2, placement) + manhattan_of(FIFTEEN, cells, placement) == \
            pattern_distance(FIFTEEN, cells, placement, 15, 4), placement


@pytest.mark.slow
@pytest.mark.parametrize("pattern", [0, 1])
def test_the_shipped_six_tile_tables_hold_the_pattern_distance_on_a_random_sample(shipped, pattern):
    cells = tables.FIFTEEN.patterns[pattern]
    rng = random.Random(10 + pattern)
    for _ in range(6):
        placement = tuple(rng.sample(range(16), 6))
        want = pattern_distance(FIFTEEN, cells, placement, 15, 4)
        assert entry(shipped, pattern, placement) + manhattan_of(FIFTEEN, cells, placement) == want, placement


def test_korf_instances_are_solved_optimally_with_the_shipped_tables_from_the_start(shipped):
    for number, optimal, start in KORF_EASIEST:
        outcome, _events = run(ida_star_tiles(start, FIFTEEN_GOAL, FIFTEEN, distance_table(FIFTEEN), rows_cols=(4, 4)))
        assert len(outcome.path) - 1 == optimal, number
        assert outcome.bound == "pdb 6-6-3 + mirror"
        assert outcome.iterations[-1][0] == optimal
        assert sum(nodes for _, nodes in outcome.iterations) == outcome.nodes


def test_a_goal_with_the_blank_in_another_corner_uses_the_tables_through_a_symmetry(shipped):
    goal = (0, *range(1, 16))
    _number, optimal, start = KORF_EASIEST[0]
    rotated = tuple(0 if label == 0 else 16 - label for label in reversed(start))   # Korf's own form
    outcome, _ = run(ida_star_tiles(rotated, goal, FIFTEEN, distance_table(FIFTEEN), rows_cols=(4, 4)))
    assert len(outcome.path) - 1 == optimal
    assert outcome.bound == "pdb 6-6-3 + mirror"


# --------------------------------------------------------------------------- built on first use

@pytest.fixture
def small_spec(tmp_path, monkeypatch):
    """A known table set for the 2 x 4 board, found nowhere yet; the user cache in a temporary folder."""
    spec = tables.TableSpec("2x4-test", 2, 4, 7, ((0, 1, 4, 5), (2, 3, 6)), minutes=0.01)
    monkeypatch.setattr(tables, "SPECS", (spec,))
    monkeypatch.setattr(tables, "_LOADED", {})
    monkeypatch.setattr(tables, "_DAMAGED", {})
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(tables, "search_dirs", lambda: [tmp_path / "elsewhere", tables.user_cache_dir()])
    return spec


def test_missing_tables_are_built_into_the_user_cache_once_with_a_message(small_spec, tmp_path):
    adjacency = grid_adjacency(rectangle(2, 4))
    goal = (*range(1, 8), 0)
    start = (0, 7, 6, 5, 4, 3, 2, 1)
    outcome, events = run(ida_star_tiles(start, goal, adjacency, distance_table(adjacency), rows_cols=(2, 4)))
    messages = [event["message"] for event in events if event.get("message")]
    assert len(messages) == 1 and "building the 4-3 pattern tables" in messages[0] and "minutes" in messages[0]
    path = tmp_path / "cache" / "pzl" / "tables" / "2x4-test.pzt"
    assert path.is_file() and str(path.parent) in messages[0]
    assert outcome.bound == "pdb 4-3"
    plain, _ = run(ida_star_tiles(start, goal, adjacency, distance_table(adjacency), bound="linear-conflict",
                                  rows_cols=(2, 4)))
    assert len(outcome.path) == len(plain.path)
    tables._LOADED.clear()   # a new process: the file is read, not built
    again, events = run(ida_star_tiles(start, goal, adjacency, distance_table(adjacency), rows_cols=(2, 4)))
    assert not any(event.get("message") for event in events)
    loading = [event for event in events if event.get("phase")]
    assert {event["phase"] for event in loading} == {"loading tables"} and len(loading) == 3   # start, per table
    assert loading[-1]["bytes"] == loading[-1]["total"] == (tables.user_cache_dir() / "2x4-test.pzt").stat().st_size
    assert again.bound == "pdb 4-3"


def test_in_the_browser_missing_tables_are_never_built(small_spec, monkeypatch):
    monkeypatch.setattr(tables, "IN_BROWSER", True)
    database, events = run(tables.database_for(grid_adjacency(rectangle(2, 4)), 7))
    assert database is None and events == []
    assert plan.tables_needed({"board": "2x4", "start": "0 7 6 5 4 3 2 1"}) == [
        {"name": "2x4-test.pzt", "path": str(tables.user_cache_dir() / "2x4-test.pzt")}]


def test_the_cli_lists_builds_and_names_the_tables(small_spec, capsys):
    from pzl.__main__ import main

    assert main(["tables"]) == 0
    assert "2x4-test  (4-3 on 2x4)" in capsys.readouterr().out and "missing" in tables.status()[0]["state"]
    assert main(["tables", "--build", "nonesuch"]) == 2
    assert "no tables named 'nonesuch'" in capsys.readouterr().err
    assert main(["tables", "--build"]) == 0
    assert "2x4-test: " in capsys.readouterr().out
    assert tables.status()[0]["state"].startswith("ok")


def test_the_cli_says_when_it_builds_tables_for_a_solve(small_spec, capsys):
    from pzl.__main__ import main

    assert main(["solve", "--board", "2x4", "--start", "0 7 6 5 4 3 2 1", "--algorithm", "ida", "--json"]) == 0
    captured = capsys.readouterr()
    assert "pzl: building the 4-3 pattern tables" in captured.err
    assert __import__("json").loads(captured.out)["bound"] == "pdb 4-3"


@pytest.mark.parametrize(("length", "base"), [(3, 4), (4, 5), (5, 6), (4, 7)])
def test_each_lines_conflict_table_counts_what_a_brute_force_finds(length, base):
    from itertools import combinations, pairwise

    from pzl.sliding.engines.tile_bounds import _conflict_table

    table = _conflict_table(length, base)
    assert len(table) == base ** length
    for code in range(base ** length):
        digits = [code // base ** place % base for place in range(length)]   # the line's places, first to last
        ranks = [digit for digit in digits if digit]
        longest = max((size for size in range(len(ranks) + 1) for kept in combinations(ranks, size)
                       if all(a < b for a, b in pairwise(kept))), default=0)
        assert table[code] == 2 * (len(ranks) - longest), (code, ranks)
