"""The page's pure modules under Node: link codec, sliding rules, custom peg geometry against pzl's.

The page draws and plays boards before (and without) asking Python, then sends the same
task to the solver; these tests hold the page's rules to pzl's. For custom peg masks a
different numbering would make every hole number in a link, a hint or a solution point at
the wrong hole.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

import pytest

from pzl.peg.mask import board_from_mask
from pzl.sliding.verdict import permutation_parity

ROOT = Path(__file__).resolve().parents[2]
MASKS = [
    ("oooo/oooo/oooo", "square"),
    ("..ooo/..ooo/ooooooo/ooooooo/ooooooo/..ooo/..ooo", "square"),
    ("o.o.o/.o.o./o.o.o/.o.o./o.o.o", "square-diagonal"),
    ("ooo/oooo/ooooo", "square-diagonal"),
    ("o/oo/ooo/oooo/ooooo", "triangular"),
    ("oo/ooo/oooo/.ooo", "triangular"),
]


def run_node(imports: dict[str, list[str]], body: str):
    """Run `body` (which must end by printing JSON) with names imported from web/ modules; its output."""
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is needed to run the page's modules")
    lines = [f"import {{ {', '.join(names)} }} from {json.dumps((ROOT / 'web' / module).as_uri())};"
             for module, names in imports.items()]
    done = subprocess.run([node, "--input-type=module", "-e", "\n".join([*lines, body])],
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def web_entries() -> list[dict]:
    return run_node({"custom.js": ["customPegEntry"]},
                    f"console.log(JSON.stringify({json.dumps(MASKS)}.map(([m, l]) => customPegEntry(m, l))));")


@pytest.mark.parametrize("index", range(len(MASKS)))
def test_a_custom_peg_board_has_the_holes_and_jumps_pzl_gives_it(index: int):
    mask, lattice = MASKS[index]
    entry = web_entries()[index]
    board = board_from_mask(mask, lattice)
    assert entry["cells"] == [list(hole) for hole in board.holes]
    assert sorted(map(tuple, entry["jumps"])) == sorted(board.jumps)
    left = min(x for x, _ in entry["holes"])
    top = min(y for _, y in entry["holes"])
    drawn = [(round(x - left, 3), round(y - top, 3)) for x, y in entry["holes"]]
    assert drawn == [(round(x, 3), round(y, 3)) for x, y in board.points]


def test_a_link_round_trips_through_the_codec_glyphs_included():
    link = {"puzzle": "symbols", "start": ["┘", "│", "└", "─", "0", "─", "┐", "│", "┌"],
            "algorithm": "ida", "all": True, "step": 3}
    again = run_node({"link.js": ["readLink", "writeLink"]},
                     f"console.log(JSON.stringify(readLink('#' + writeLink({json.dumps(link)}))));")
    assert again == link


@pytest.mark.parametrize(
    "fragment",
    ["#start=1,2", "#puzzle=8-puzzle&puzzle=8-puzzle", "#puzzle=8-puzzle&onload=x", "#puzzle=a%20b",
     "#puzzle=8-puzzle&start=1,,2", "#puzzle=8-puzzle&step=-1", "#board=11x11", "#board=1x5", "#mask=o<o",
     "#puzzle=x&mask=ooo"],
)
def test_the_codec_refuses_a_malformed_link_with_a_message(fragment: str):
    refused, message = run_node(
        {"link.js": ["LinkError", "readLink"]},
        f"try {{ readLink({json.dumps(fragment)}); console.log(JSON.stringify([false, ''])); }}"
        "catch (error) { console.log(JSON.stringify([error instanceof LinkError, error.message])); }",
    )
    assert refused
    assert len(message) > 10


def test_shuffled_8_puzzles_are_solvable_and_shuffled():
    """Shuffle walks from the goal; on a 3x3 board a start is solvable iff its tiles have even inversions."""
    cells = [[r, c] for r in range(3) for c in range(3)]
    positions = run_node(
        {"sliding.js": ["slidingRules", "randomWalk", "parsePosition"]},
        f"const rules = slidingRules({{cells: {json.dumps(cells)}}});"
        "const goal = parsePosition('1 2 3 4 5 6 7 8 0');"
        "console.log(JSON.stringify(Array.from({length: 200}, () => randomWalk(rules, goal, 60))));",
    )
    assert len({" ".join(position) for position in positions}) > 150
    for position in positions:
        assert sorted(position) == sorted("012345678")
        tiles = [int(label) for label in position if label != "0"]
        inversions = sum(1 for i in range(8) for j in range(i + 1, 8) if tiles[i] > tiles[j])
        assert inversions % 2 == 0


def test_a_shuffle_never_hands_back_a_solved_board():
    """A walk that comes home is drawn again (CI once got the 2x3 goal as a 'shuffle', with nothing to solve)."""
    shuffled = run_node({"game-sliding.js": ["slidingGame"], "custom.js": ["customSlidingEntry"]}, """
        const game = slidingGame(customSlidingEntry(2, 3));
        let seed = 7;
        const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
        // Walks of 12 slides on a 2x3 board end on the goal about once in 75: keep the solved ones.
        const solved = Array.from({length: 3000}, () => game.shuffle(random, 12))
          .filter((position) => position.join(' ') === '1 2 3 4 5 0');
        console.log(JSON.stringify(solved.length));
    """)
    assert shuffled == 0


def test_big_boards_shuffle_uniformly_to_solvable_positions():
    """On 10x10 (and 3x8 with a goal whose blank is inside) a shuffle is a random arrangement of the right parity."""
    for rows, cols, goal in ((10, 10, [*map(str, range(1, 100)), "0"]),
                             (3, 8, [*map(str, range(1, 10)), "0", *map(str, range(10, 24))])):
        cells = [[r, c] for r in range(rows) for c in range(cols)]
        positions = run_node(
            {"sliding.js": ["slidingRules", "randomSolvable", "isTileRectangle"]},
            f"const entry = {{cells: {json.dumps(cells)}, goal: {json.dumps(' '.join(goal))}}};"
            "const rules = slidingRules(entry);"
            f"const goal = {json.dumps(goal)};"
            "if (!isTileRectangle(entry)) throw new Error('not a tile rectangle');"
            "console.log(JSON.stringify(Array.from({length: 100}, () => randomSolvable(rules, goal))));",
        )
        assert len({" ".join(position) for position in positions}) == 100
        blank_goal = goal.index("0")
        for position in positions:
            assert sorted(position) == sorted(goal)
            blank = position.index("0")
            colour = (blank // cols + blank % cols + blank_goal // cols + blank_goal % cols) % 2
            assert permutation_parity(tuple(position), tuple(goal)) == colour
        # uniform, not a walk: most tiles are far from home
        assert sum(position[cell] != goal[cell] for position in positions for cell in range(len(goal))) > \
            0.9 * 100 * len(goal)


def test_only_full_rectangles_of_numbered_tiles_count_as_tile_rectangles():
    verdicts = run_node(
        {"sliding.js": ["isTileRectangle"]},
        "console.log(JSON.stringify(["
        "isTileRectangle({cells: [[0,0],[0,1],[1,0],[1,1]], goal: '1 2 3 0'}),"
        "isTileRectangle({cells: [[0,0],[0,1],[1,0],[1,1]], goal: '1 1 2 0'}),"
        "isTileRectangle({cells: [[0,0],[0,1],[1,1]], goal: '1 2 0'}),"
        "isTileRectangle({cells: [[0,0],[0,1],[1,0],[1,1]], goal: '1 * 2 0'}),"
        "isTileRectangle({cells: [[0,0],[0,1],[1,0],[1,1]], goal: 'L L 2 0', pieces: {L: {shape: [[0,0],[0,1]]}}})]));",
    )
    assert verdicts == [True, False, False, False, False]


def imports_of(module: str) -> set[str]:
    """The page modules `module` (a file of web/) imports."""
    text = (ROOT / "web" / module).read_text()
    return set(re.findall(r'from "\./([\w-]+\.js)"', text))


def test_the_pages_modules_import_no_cycle_and_only_app_js_makes_the_panels():
    """The panels reach each other through app.js's wiring (their factories' deps), never by importing each other."""
    graph = {path.name: imports_of(path.name) for path in (ROOT / "web").glob("*.js")}
    try:
        tuple(TopologicalSorter(graph).static_order())
    except CycleError as error:  # pragma: no cover - the failure's message
        pytest.fail(f"web/ imports in a cycle: {error.args[1]}")
    made = set(re.findall(r"\b(create\w+)\(store\b", (ROOT / "web" / "app.js").read_text()))
    assert {"createBoardPanel", "createEditPanel", "createSolveOptions", "createPlayerPanel", "createLinkPanel"} <= made
    elsewhere = {path.name: sorted(made & set(re.findall(r"\bcreate\w+", text)))
                 for path in (ROOT / "web").glob("*.js") if path.name != "app.js"
                 for text in [re.sub(r"export function create\w+", "", path.read_text())]}
    assert {name: factories for name, factories in elsewhere.items() if factories} == {}


def test_index_preloads_exactly_the_modules_the_app_imports():
    wanted: set[str] = set()
    todo = ["app.js"]
    while todo:
        for module in imports_of(todo.pop()) - wanted:
            wanted.add(module)
            todo.append(module)
    page = (ROOT / "index.html").read_text()
    preloaded = set(re.findall(r'<link rel="modulepreload" href="web/([\w-]+\.js)">', page))
    assert preloaded == wanted


def test_the_game_tree_keeps_the_start_a_solution_line_and_a_branch():
    """lichess's model: a solution is a line, a hand move branches off it, Undo/Redo walk, the start stays."""
    walk = run_node(
        {"game-tree.js": ["createTree"]},
        """
        const tree = createTree('s', (a, b) => a === b);
        const seen = [];
        const at = () => tree.current().position;
        const line = tree.addLine(tree.root, ['a', 'b', 'c'].map((position) => ({position, words: position})));
        seen.push(line.map((node) => node.position).join(''), at());   // adding a line leaves the board where it is
        tree.goTo(line[2]); seen.push(at(), tree.depth());               // step 2 of the solution
        tree.play('x'); seen.push(at(), tree.depth());                   // a hand move: a branch after step 2
        tree.undo(); tree.undo(); tree.undo(); seen.push(at(), tree.canUndo());  // back to the start
        tree.redo(); tree.redo(); tree.redo(); seen.push(at());          // Redo retraces the branch last visited
        tree.undo(); tree.play('c'); seen.push(at(), line[2].children.length);  // the solution's move: no twin
        tree.goTo(tree.root); tree.play('a'); seen.push(tree.current() === line[1]);  // a move the tree knows
        seen.push(tree.lineTo(line[3]).map((node) => node.position).join(''), tree.isAncestor(line[1], line[3]));
        console.log(JSON.stringify(seen));
        """,
    )
    assert walk == ["sabc", "s", "b", 2, "x", 3, "s", False, "x", "c", 2, True, "sabc", True]


@pytest.mark.parametrize(
    ("key", "ctrl", "shift", "action"),
    [("z", True, False, "undo"), ("Z", True, True, "redo"), ("y", True, False, "redo"), ("u", False, False, "undo"),
     ("r", False, False, "redo"), (",", False, False, "previous"), ("PageUp", False, False, "previous"),
     (".", False, False, "next"), ("PageDown", False, False, "next"), ("?", False, True, "help"),
     ("ArrowLeft", False, False, "previous"), ("ArrowRight", False, False, "next"), ("ArrowUp", False, False, "first"),
     ("ArrowDown", False, False, "last"), ("Home", False, False, "first"), ("End", False, False, "last"),
     ("ArrowUp", False, True, None), ("Enter", False, False, None), ("c", True, False, None)],
)
def test_page_keys_are_lichess_s_and_never_take_the_boards_own(key: str, ctrl: bool, shift: bool, action: str | None):
    got = run_node({"keys.js": ["actionFor"]},
                   f"console.log(JSON.stringify(actionFor({{key: {json.dumps(key)}, ctrlKey: {json.dumps(ctrl)}, "
                   f"metaKey: false, shiftKey: {json.dumps(shift)}}})));")
    assert got == action


def test_moves_in_a_link_replay_on_both_families():
    """A link's moves are tokens a family plays back: a sliding piece's cell and direction, a peg's holes."""
    catalog = {entry["id"]: entry for entry in catalog_entries()}
    replayed = run_node(
        {"game-sliding.js": ["slidingGame"], "game-peg.js": ["pegGame"], "sliding.js": ["parsePosition"]},
        f"""
        const sliding = slidingGame({json.dumps(catalog["no-off"])});
        let position = parsePosition('O N L L O F F 0');
        const tokens = [];
        for (const token of ['6r', '5r', '1d', 'nonsense', '0d']) {{
          const move = sliding.playToken(position, token);
          if (!move) {{ tokens.push(null); continue; }}
          tokens.push(sliding.moveToken(position, move.position));
          position = move.position;
        }}
        const peg = pegGame({json.dumps(catalog["hoppers"])});
        const chain = peg.playToken(peg.start, '12-6');
        const bad = peg.playToken(peg.start, '0-1');
        console.log(JSON.stringify([tokens, position.join(' '), chain.words, peg.moveToken(peg.start, chain.position),
                                    bad]));
        """,
    )
    assert replayed == [["6r", "5r", "1d", None, None], "O 0 L L O N F F", "12 → 6", "12-6", None]


def test_a_wrong_parity_start_is_offered_a_goal_it_can_reach():
    """Sliding parity in the page: the 15-puzzle with the blank first cannot reach the blank-last goal."""
    verdicts = run_node(
        {"sliding.js": ["slidingRules", "parityAllows", "otherGoals", "parsePosition"]},
        """
        const rules = (n) => slidingRules({cells: Array.from({length: n * n}, (_, i) => [Math.floor(i / n), i % n])});
        const goal15 = parsePosition('1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0');
        const blankFirst = parsePosition('0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15');
        const offers = otherGoals(goal15).filter((offer) => parityAllows(rules(4), blankFirst, offer.goal));
        const goal8 = parsePosition('1 2 3 4 5 6 7 8 0');
        console.log(JSON.stringify([
          parityAllows(rules(4), blankFirst, goal15), offers.map((offer) => offer.name),
          parityAllows(rules(3), parsePosition('0 1 2 3 4 5 6 7 8'), goal8),
          parityAllows(rules(3), parsePosition('1 2 3 4 5 6 8 7 0'), goal8),
          parityAllows(rules(3), parsePosition('1 1 3 4 5 6 8 7 0'), goal8),
        ]));
        """,
    )
    assert verdicts == [False, ["the empty cell first", "tiles 14 and 15 swapped"], True, False, None]


def test_a_link_with_moves_round_trips_and_bad_moves_are_refused():
    link = {"puzzle": "hoppers", "empty": "6", "finish": "6", "moves": ["12-6", "3-9", "10-12-6"]}
    again = run_node({"link.js": ["readLink", "writeLink"]},
                     f"console.log(JSON.stringify(readLink('#' + writeLink({json.dumps(link)}))));")
    assert again == link
    refused = run_node({"link.js": ["readLink"]},
                       "try { readLink('#puzzle=8-puzzle&moves=7u,<b>'); console.log('null'); }"
                       "catch (error) { console.log(JSON.stringify(error.message)); }")
    assert "moves" in refused


def catalog_entries() -> list[dict]:
    from pzl import catalog

    return catalog.entries()


def test_the_worker_protocol_is_one_module_both_sides_build_their_messages_with():
    made = run_node({"protocol.js": ["PROTOCOL_VERSION", "TO_WORKER", "FROM_WORKER", "toWorker", "fromWorker",
                                     "versionProblem"]}, """
        const sent = [toWorker.boot("https://x/build.json", "lock"),
                      toWorker.boot("https://x/build.json", "lock", "plain"), toWorker.run(3, {puzzle: "8-puzzle"}),
                      toWorker.cancel(3), fromWorker.ready([], true), fromWorker.event(3, {event: "cancelled"}, null),
                      fromWorker.event(3, {event: "progress"}), fromWorker.fatal("broke"),
                      fromWorker.fatal("broke", 3)];
        console.log(JSON.stringify({version: PROTOCOL_VERSION, sent, kinds: [...Object.values(TO_WORKER),
                    ...Object.values(FROM_WORKER)], same: versionProblem(PROTOCOL_VERSION),
                    other: versionProblem(PROTOCOL_VERSION + 1), missing: versionProblem(undefined)}));""")
    version = made["version"]
    assert made["sent"] == [
        {"type": "boot", "version": version, "build": "https://x/build.json", "lock": "lock", "boot": None},
        {"type": "boot", "version": version, "build": "https://x/build.json", "lock": "lock", "boot": "plain"},
        {"type": "run", "id": 3, "request": {"puzzle": "8-puzzle"}}, {"type": "cancel", "id": 3},
        {"type": "ready", "version": version, "stages": [], "snapshot": True},
        {"type": "event", "id": 3, "event": {"event": "cancelled"}, "heard": None},
        {"type": "event", "id": 3, "event": {"event": "progress"}},
        {"type": "fatal", "message": "broke"}, {"type": "fatal", "id": 3, "message": "broke"}]
    assert made["same"] is None
    assert "different builds" in made["other"] and "reload the page" in made["other"]
    assert "different builds" in made["missing"]
    # the worker and its client name no message kind of their own: every one comes from protocol.js
    for module in ("worker.js", "solver.js"):
        text = (ROOT / "web" / module).read_text()
        assert 'from "./protocol.js"' in text
        assert not re.findall(r'type(?::| ===) "(' + "|".join(made["kinds"]) + ')"', text), module


def test_only_the_store_writes_the_pages_state():
    """web/state.js's transitions are the only writers: no module assigns to `app.*` or `state.*`."""
    write = re.compile(r"\b(?:app|state)\.\w+\s*(?:=(?!=)|\+=|-=|\+\+|--)|(?:\+\+|--)(?:app|state)\.\w+")
    writes = [f"{path.name}:{number}: {line.strip()}"
              for path in sorted((ROOT / "web").glob("*.js")) if path.name != "state.js"
              for number, line in enumerate(path.read_text().splitlines(), 1) if write.search(line)]
    assert writes == []
    # the grep would see a write it is asked about (so it cannot pass by matching nothing)
    assert write.search("  app.search = handle;") and write.search("const t = ++app.shuffling;")
    assert not write.search("if (app.search === handle) compare();")


def test_the_stores_transitions_change_the_state_and_nothing_else_can():
    seen = run_node(
        {"state.js": ["createStore"]},
        """
        const store = createStore();
        const app = store.state;
        const heard = [];
        store.subscribe((name) => heard.push(name));
        const game = {same: (a, b) => a.join() === b.join(), goal: ['1', '0'], start: ['0', '1']};
        const out = {};
        store.openGame(game, game.goal, ['0', '1']);
        out.opened = [app.game === game, app.position, app.shuffling, app.pendingSolve];
        app.tree.play(['1', '0']);
        out.played = app.position;
        let refused = null;
        try { app.game = null; } catch (error) { refused = error.constructor.name; }
        out.refused = [refused, app.game === game];
        store.startSearch('first');
        store.startSearch('second');
        store.finishSearch('first');     // an older search's answer leaves the newer one running
        out.search = app.search;
        store.finishSearch('second');
        out.after = app.search;
        store.awaitStep(3);
        out.pending = [app.pendingSolve, store.takePendingSolve(), store.takePendingSolve(), store.takePendingStep(),
                       app.pendingStep];
        out.ticket = [store.newShuffle(), app.shuffling];
        store.showHint(app.tree.current(), [1]);
        store.leaveHint(app.tree.current());
        out.hint = app.hint !== null;
        store.leaveHint(app.tree.root);
        out.left = app.hint;
        store.restart(['1', '0']);
        out.restarted = [app.position, app.tree.canUndo(), app.game === game];
        out.heard = heard;
        console.log(JSON.stringify(out));
        """,
    )
    assert seen["opened"] == [True, ["0", "1"], 1, False]
    assert seen["played"] == ["1", "0"]
    assert seen["refused"] == ["TypeError", True]
    assert (seen["search"], seen["after"]) == ("second", None)
    assert seen["pending"] == [True, True, False, 3, None]
    assert seen["ticket"] == [2, 2]
    assert (seen["hint"], seen["left"]) == (True, None)
    assert seen["restarted"] == [["1", "0"], False, True]
    assert seen["heard"] == ["openGame", "startSearch", "startSearch", "finishSearch", "awaitStep",
                             "takePendingSolve", "takePendingStep", "newShuffle", "showHint", "leaveHint",
                             "restart"]


def test_the_style_sheet_styles_by_class_not_by_id():
    """Ids are for scripts and tests; web/style.css selects by class (and element, attribute, state)."""
    sheet = re.sub(r"/\*.*?\*/", "", (ROOT / "web" / "style.css").read_text(), flags=re.S)
    selectors = re.findall(r"([^{};]+)\{", sheet)
    by_id = [selector.strip() for selector in selectors if re.search(r"#[A-Za-z_]", selector)]
    assert by_id == []
    assert any(".play-board" in selector for selector in selectors)


def test_every_file_of_the_page_is_in_the_module_map_of_docs_web_md():
    """docs/web.md's table (grouped by job) names every module of web/, so a reader finds each by its job."""
    text = (ROOT / "docs" / "web.md").read_text(encoding="utf-8")
    table = text[text.index("## Architecture of `web/`"):text.index("### Booting")]
    named = set(re.findall(r"`([\w-]+\.(?:js|css))`", table))
    files = {path.name for path in (ROOT / "web").iterdir() if path.suffix in (".js", ".css")}
    assert sorted(files - named) == [], "web modules missing from docs/web.md"
    assert sorted(named - files) == [], "docs/web.md names modules that do not exist"


# ---- sliding blocks: the page's layout reader, drags and move counts held to pzl's ----

LAYOUT_CASES = [
    ("AB/..", "../.C", None), ("AB/C", None, None), ("A./..", None, None), ("AA/AA", "AA/..", None),
    ("AB/..", "..", None), ("A?/..", "../A.", None), ("AB/..", "#./..", None), ("AAB/...", "...\n.AA", None),
    ("AA./B../...", "A../A../...", None), ("A.A/...", "..A/...", None), ("AA/..", "../AA", "rush-hour"),
    ("A./..", "../.A", "rush-hour"), ("AB./A../...", "...", None), ("AA.#/....", "...A/...A", None),
    ("IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM", None, None), ("BBBxooIooLDDJCCLooJoKEEMFFKooMGGHHHM", None, None),
    ("AABxooIooLDDJCCLooJoKEEMFFKooMGGHHHx", None, None), ("AA./..B/...", "..A/..A/...", None),
    ("A.#/..", None, None), ("AA/../BB", "**/AA/..", None), ("AABxooIooLDDJCCLooJoKEEMFFKooMGGHHHo", None, "free"),
    ("A/A/.", "./A/A", "rush-hour"), ("AB/.C", "A./..", None), ("AA/.B", "../AA", "rush-hour"),
    ("AAAAAAAAAAA/.", None, None), ("Aé/..", None, None), ("A.B/#.#/C.D", "..B/#.#/...", None),
    ("AA#/A../...", "...#/", None), ("AA#/A../...", "..#/.AA/.A.", None), ("AA#/A../...", "..#/AA./A..", None),
]


def pzl_layout_message(layout: str, goal: str | None, rules: str | None) -> str | None:
    from pzl.errors import PositionError
    from pzl.sliding.task import from_request

    request = {"layout": layout, **({"goal": goal} if goal is not None else {}), **({"rules": rules} if rules else {})}
    try:
        from_request(request)
    except PositionError as error:
        return str(error)
    return None


def test_the_pages_layout_reader_says_what_pzl_says():
    """The block editor shows its messages at once, without the solver: they must be pzl's own, word for word."""
    said = run_node(
        {"layout.js": ["layoutEntry", "LayoutError"]},
        f"""
        const said = {json.dumps(LAYOUT_CASES)}.map(([layout, goal, rules]) => {{
          try {{ return layoutEntry(layout, goal, rules).problem; }}
          catch (error) {{ if (error instanceof LayoutError) return error.message; throw error; }}
        }});
        console.log(JSON.stringify(said));
        """,
    )
    assert said == [pzl_layout_message(*case) for case in LAYOUT_CASES]
    assert said.count(None) >= 5 and len(set(said)) > 15


def test_a_layout_is_the_board_start_and_goal_pzl_reads_from_it():
    from pzl.sliding.task import from_request

    layouts = [("AABB/AACC/de../FGHH/FGII", "..../..../..../AA../AA..", None),
               ("IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM", None, None), ("A.B/#.#/C.D", "..B/#.#/...", None)]
    entries = run_node({"layout.js": ["layoutEntry"]},
                       f"console.log(JSON.stringify({json.dumps(layouts)}.map(([l, g, r]) => layoutEntry(l, g, r))));")
    for (layout, goal, rules), entry in zip(layouts, entries, strict=True):
        request = {"layout": layout, **({"goal": goal} if goal else {}), **({"rules": rules} if rules else {})}
        puzzle = from_request(request)
        assert [tuple(cell) for cell in entry["cells"]] == list(puzzle.board.cells)
        assert entry["rules"] == puzzle.rules and entry["problem"] is None
        assert entry["layout"] == puzzle.form.layout.text() and entry["goal_layout"] == puzzle.form.goal_text()
        # the page's start holds each cell's piece character; pzl's, each cell's kind: the same pieces
        kinds = {}
        for char, code in zip(entry["start"].split(), puzzle.start, strict=True):
            assert (char == "0") == (code == 0)
            kinds.setdefault(char, code)
            assert kinds[char] == code
        assert entry["goal_pieces"] == sorted(puzzle.form.targets)
    assert entries[1]["exit"] == {"side": "right", "cells": [17]}


def test_the_pages_move_counts_are_pzls():
    """A solution counted by the page (the move counter) and by pzl (piece_moves, straight_moves, step_moves)."""
    from pzl import api

    answers = [next(event for event in api.run(request) if event["event"] == "result")["result"]
               for request in ({"puzzle": "dads-puzzle"}, {"puzzle": "hakoiri-musume", "metric": "step"},
                               {"puzzle": "rush-hour-hardest", "metric": "step"})]
    counted = run_node(
        {"layout.js": ["layoutEntry"], "game-blocks.js": ["blocksGame"], "game-sliding.js": ["slidingGame"]},
        f"""
        const [dads, hakoiri, rush] = {json.dumps(answers)};
        const count = (game, positions) => ['piece', 'straight', 'step']
          .map((metric) => game.movesIn(positions, metric));
        const blocks = blocksGame({json.dumps(next(e for e in catalog_entries() if e["id"] == "dads-puzzle"))});
        const cars = blocksGame({json.dumps(next(e for e in catalog_entries() if e["id"] == "rush-hour-hardest"))});
        const labels = slidingGame({json.dumps(next(e for e in catalog_entries() if e["id"] == "hakoiri-musume"))});
        console.log(JSON.stringify([
          count(blocks, dads.solution.map((text) => blocks.readAnswer(text))),
          count(labels, hakoiri.solution.map((text) => text.split(' '))),
          count(cars, rush.solution.map((text) => cars.readAnswer(text))),
        ]));
        """,
    )
    for answer, counts in zip(answers, counted, strict=True):
        assert counts == [answer["piece_moves"], answer["straight_moves"], answer["step_moves"]]
    assert counted[0][0] == 59 and counted[1][2] == 116


def test_a_dragged_piece_goes_the_free_way_there_and_a_car_only_along_its_length():
    moved = run_node(
        {"sliding.js": ["slidingRules", "dragTo", "parsePosition"], "layout.js": ["layoutEntry"]},
        f"""
        const hakoiri = {json.dumps(next(e for e in catalog_entries() if e["id"] == "hakoiri-musume"))};
        const rules = slidingRules(hakoiri);
        const start = parsePosition(hakoiri.start);
        const drag = (rules, position, from, to) => {{
          const move = dragTo(rules, position, from, to);
          return move && [move.position.join(' '), move.slides];
        }};
        const rush = layoutEntry('IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM', null, null);
        const cars = slidingRules(rush);
        const free = slidingRules(layoutEntry('AA../..../....', '..../..../..AA', 'free'));
        console.log(JSON.stringify([
          drag(rules, start, 16, [4, 2]),               // the bottom-left small square two cells right
          drag(rules, start, 17, [4, 2]),               // an empty cell: nothing to drag
          drag(rules, start, 0, [4, 0]),                // a V boxed in: it cannot move
          drag(cars, parsePosition(rush.start), 28, [0, 5]),  // car M (cells 22, 28, 34) dragged up: one cell free
          drag(cars, parsePosition(rush.start), 28, [4, 3]),  // sideways: a car does not leave its column
          drag(free, parsePosition('A A 0 0 0 0 0 0 0 0 0 0'), 0, [2, 2]),  // any free path: down and right
        ]));
        """,
    )
    assert moved[0] == ["V M M V V M M V V H H V V S S V 0 0 S S", [[0, 1], [0, 1]]]
    assert moved[1] is None and moved[2] is None
    assert moved[3] == ["I B B 0 0 I 0 0 L D D J A A L 0 M J 0 K E E M F F K 0 0 M G G H H H 0", [[-1, 0]]]
    assert moved[4] is None
    assert moved[5][0] == "0 0 0 0 0 0 0 0 0 0 A A" and len(moved[5][1]) == 4


def test_a_layout_link_round_trips_walls_and_rules_included():
    link = {"layout": "AA#./B..#/CC..", "goal": "..#./...#/..AA", "rules": "free", "moves": ["4d", "0r-1r"],
            "metric": "piece"}
    written, again = run_node({"link.js": ["readLink", "writeLink"]},
                              f"const hash = writeLink({json.dumps(link)});"
                              "console.log(JSON.stringify([hash, readLink('#' + hash)]));")
    assert written.startswith("layout=AA%23./B..%23/CC..&goal=..%23./...%23/..AA&rules=free&moves=")
    assert again == link
    for bad in ("#layout=AA<b>/..", "#layout=AA/..&rules=fast", "#puzzle=8-puzzle&rules=rush-hour",
                "#layout=AA/..&board=3x3"):
        refused = run_node({"link.js": ["readLink", "LinkError"]},
                           f"try {{ readLink({json.dumps(bad)}); console.log('null'); }}"
                           "catch (error) { console.log(JSON.stringify(error instanceof LinkError)); }")
        assert refused is True, bad


def test_a_piece_moved_next_to_one_of_its_letter_takes_another_and_its_move_plays_back():
    """In a layout a piece is a region of one letter: two B's that come to touch would read as one piece."""
    seen = run_node(
        {"layout.js": ["layoutEntry"], "game-blocks.js": ["blocksGame"]},
        """
        const game = blocksGame(layoutEntry('B.B/.../..A', 'A../.../...', 'free'));
        const moved = game.drag(game.start, 0, [0, 1]).position;
        const token = game.moveToken(game.start, moved);
        const again = game.playToken(game.start, token);
        console.log(JSON.stringify([moved.join(' '), token, again.position.join(' '), again.words,
                                    game.problem(moved), game.same(again.position, moved)]));
        """,
    )
    assert seen == ["0 C B 0 0 0 0 0 A", "0r", "0 C B 0 0 0 0 0 A", "B right", None, True]


def test_a_long_game_is_written_as_a_path_code_that_reads_back_move_for_move():
    """1,600 random slides on a 10x10 board: readable they make a link over 4,000 characters, as a path code
    about 500; a block puzzle's whole slides (several one-cell slides a move) read back with their joins."""
    catalog = {entry["id"]: entry for entry in catalog_entries()}
    found = run_node(
        {"game-sliding.js": ["slidingGame"], "custom.js": ["customSlidingEntry"], "link.js": ["readLink", "writeLink"],
         "sliding.js": ["legalSlides", "slidingRules"]},
        f"""
        let seed = 7;
        const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
        function walk(entry, count, whole) {{
          const game = slidingGame(entry);
          const rules = slidingRules(entry);
          let position = game.start;
          const tokens = [];
          for (let i = 0; i < count; i += 1) {{
            const slides = legalSlides(rules, position);
            const after = slides[Math.floor(random() * slides.length)].position;
            let token = game.moveToken(position, after);
            position = after;
            if (whole && random() < 0.5) {{   // a move of two one-cell slides, as a whole slide is written
              const more = legalSlides(rules, position);
              const later = more[Math.floor(random() * more.length)].position;
              token += '-' + game.moveToken(position, later);
              position = later;
            }}
            tokens.push(token);
          }}
          const code = game.packMoves(game.start, tokens);
          const link = readLink('#' + writeLink({{ board: {{ rows: 10, cols: 10 }}, start: game.start, path: code }}));
          return [tokens.length, code.length, JSON.stringify(game.unpackMoves(game.start, link.path)) ===
                  JSON.stringify(tokens), writeLink({{ board: {{ rows: 10, cols: 10 }}, start: game.start,
                  moves: tokens }}).length, tokens.some((token) => token.includes('-'))];
        }}
        console.log(JSON.stringify([walk(customSlidingEntry(10, 10), 1600, false),
                                    walk({json.dumps(catalog["hakoiri-musume"])}, 300, true)]));
        """,
    )
    (moves, code, same, readable, _), (block_moves, _, block_same, _, joined) = found
    assert moves == 1600 and same and readable > 4000 and code < 600
    assert block_moves == 300 and block_same and joined


@pytest.mark.parametrize("hash_", ["#board=3x3&start=1,2,3,4,5,6,7,0,8&path=2.x&moves=7r",
                                   "#board=3x3&start=1,2,3,4,5,6,7,0,8&path=2.<b>",
                                   "#board=3x3&start=1,2,3,4,5,6,7,0,8&after=x"])
def test_a_malformed_path_or_after_is_refused_with_a_message(hash_: str):
    refused = run_node({"link.js": ["readLink"]},
                       f"try {{ readLink({json.dumps(hash_)}); console.log('null'); }}"
                       "catch (error) { console.log(JSON.stringify(error.message)); }")
    assert refused != "null" and "link" in refused


def test_a_path_code_that_does_not_fit_its_position_is_refused():
    refused = run_node({"game-sliding.js": ["slidingGame"], "custom.js": ["customSlidingEntry"]}, """
        const game = slidingGame(customSlidingEntry(3, 3));
        const start = ['1', '2', '3', '4', '5', '6', '7', '8', '0'];
        const code = game.packMoves(start, ['7r', '4d']);
        const again = game.unpackMoves(start, code);
        let message = null;
        try { game.unpackMoves(start, '2.____'); } catch (error) { message = error.message; }
        console.log(JSON.stringify([again, message]));
    """)
    assert refused[0] == ["7r", "4d"] and "path" in refused[1]


def test_every_link_the_page_writes_reopens_even_past_any_length():
    """A game too long even as a path code is written from the position shown, with `after` (never a link
    that fails); short games stay readable, long ones go compact."""
    written = run_node(
        {"game-sliding.js": ["slidingGame"], "custom.js": ["customSlidingEntry"],
         "link.js": ["readLink", "writeGameLink", "MAX_LENGTH"], "sliding.js": ["legalSlides", "slidingRules"]},
        """
        let seed = 11;
        const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
        const entry = customSlidingEntry(10, 10);
        const game = slidingGame(entry);
        const rules = slidingRules(entry);
        const fields = { board: { rows: 10, cols: 10 } };
        const links = [];
        for (const count of [5, 1600, 20000]) {
          let position = game.start;
          const tokens = [];
          for (let i = 0; i < count; i += 1) {
            const slides = legalSlides(rules, position);
            const after = slides[Math.floor(random() * slides.length)].position;
            tokens.push(game.moveToken(position, after));
            position = after;
          }
          const hash = writeGameLink(game, { root: game.start, shown: position, goal: game.goal, tokens, fields });
          const link = readLink('#' + hash);
          const moves = link.moves ?? (link.path ? game.unpackMoves(link.start, link.path) : []);
          let end = link.start;
          for (const token of moves) end = game.playToken(end, token).position;
          links.push([hash.length <= MAX_LENGTH, 'moves' in link, 'path' in link, link.after ?? 0,
                      end.join(' ') === position.join(' ')]);
        }
        console.log(JSON.stringify(links));
        """,
    )
    assert written == [[True, True, False, 0, True], [True, False, True, 0, True], [True, False, False, 20000, True]]


def test_the_game_tree_promotes_deletes_and_forgets_a_solvers_line_but_never_a_hand_move():
    """lichess's variations: promote a branch, delete one; a replaced solver line goes unless played in by hand."""
    seen = run_node(
        {"game-tree.js": ["createTree"]},
        """
        const tree = createTree('s', (a, b) => a === b);
        const out = [];
        const line = tree.addLine(tree.root, ['a', 'b'].map((position) => ({position})));
        tree.goTo(line[1]); tree.play('x'); const x = tree.current();          // a hand move off the line after 'a'
        out.push(line[1].children.map((node) => node.position).join(''), x.byHand, line[2].byHand);
        tree.promote(x); out.push(line[1].children.map((node) => node.position).join(''));  // 'x' first now
        const version = tree.version();
        tree.remove(x); out.push(tree.current() === line[1], tree.version() > version);   // the board left it
        const other = tree.addLine(tree.root, ['c'].map((position) => ({position})));
        tree.goTo(other[1]);
        out.push(tree.forget(line[1]), tree.root.children.map((node) => node.position).join(''));  // a solver line
        tree.goTo(other[1]); tree.play('y'); tree.goTo(tree.root);
        out.push(tree.forget(other[1]));                                         // holds a hand move: kept
        out.push(tree.lineFrom(tree.root).map((node) => node.position).join(''));
        console.log(JSON.stringify(out));
        """,
    )
    assert seen == ["bx", True, False, "xb", True, True, True, "c", False, "scy"]


@pytest.mark.parametrize("board_id", ["english-33", "french-37", "hoppers"])
def test_the_page_and_the_terminal_name_the_holes_alike(board_id: str):
    from pzl.peg.catalog import board_by_id
    from pzl.peg.notation import hole_names

    entry = next(entry for entry in catalog_entries() if entry["id"] == board_id)
    names = run_node({"peg-notation.js": ["holeNames"]},
                     f"console.log(JSON.stringify(holeNames({json.dumps(entry)})));")
    assert tuple(names) == hole_names(board_by_id(board_id))
