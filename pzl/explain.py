"""Short explanations of pzl's algorithms and lower bounds, for people learning search.

One place for the texts: the CLI shows them (`compare --explain`), and `python build.py` writes
them to the site as `explain.json`, which the page shows beside the algorithm picker and the
rows of a comparison. Each text says what the search stores, why its answer is or is not the
shortest, and what it costs.
"""

from __future__ import annotations

from typing import Any

SLIDING = {
    "bfs": (
        "Breadth-first search looks at every position one move from the start, then every position two moves "
        "away, and so on, keeping each layer in memory. The first layer that holds the goal gives the shortest "
        "solution, so its answer is minimal. It pays in memory: it stores every position closer than the goal, "
        "181,440 of them for the 8-puzzle's hardest start."),
    "bidirectional": (
        "Bidirectional search grows breadth-first layers from the start and from the goal in turn and stops when "
        "the two meet; the meeting is proved to give a shortest solution. Each side only needs to reach about half "
        "the distance, and the layers grow fast with the distance, so it stores far fewer positions than "
        "breadth-first search (16,088 instead of 181,440 on the 8-puzzle's hardest start). It needs a single, "
        "complete goal."),
    "iddfs": (
        "Iterative deepening walks every sequence of moves depth-first up to a limit of 1, 2, 3, ... moves, "
        "starting again with a deeper limit each time nothing is found. It stores only the path it is on, and "
        "the first limit at which it finds the goal is the shortest length, so the answer is minimal. The price "
        "is time: with no sense of direction it revisits the same positions along many paths, and each extra "
        "move multiplies the work."),
    "astar": (
        "A* always expands the stored position with the smallest moves-so-far plus lower bound of the moves "
        "still needed. With a bound that never overestimates, the first time it takes the goal off its queue "
        "it has a shortest solution. A better bound means fewer positions expanded, but A* stores every position "
        "it has seen, with its parent, so it runs out of memory where IDA* would not."),
    "ida": (
        "IDA* is iterative deepening with a lower bound: it abandons a path as soon as its moves so far plus the "
        "bound exceed the current threshold, and raises the threshold to the smallest value that was cut off. "
        "Because the bound never overestimates, the first solution within a threshold is minimal. Like iterative "
        "deepening it stores only its path; its time depends almost entirely on how strong the bound is."),
    "fast": (
        "The fast solver puts the border rows and columns in place one at a time, the way a person solves the "
        "puzzle, finishes the last small corner exactly and then shortens the whole path. It answers at once even "
        "on a 10x10 board, storing little, but its solution is usually not the shortest: it is proved minimal "
        "only when it happens to equal the lower bound (Manhattan distance plus linear conflict, last moves and "
        "corner tiles)."),
}

PEG = {
    "minimal": (
        "The minimal search counts a chain of jumps by one peg as one move and searches breadth-first from the "
        "start and backwards from the finish, layer by move, until the two meet, merging positions that are "
        "mirror images. Meeting layer by layer proves that no solution has fewer moves. It stores every position "
        "of the layers it keeps, which on big boards runs into millions."),
    "beam": (
        "Beam search keeps only the most promising few hundred to few thousand positions after each jump, scored "
        "by where the pegs stand and by pagoda weights, and drops the rest. It stores little and answers quickly, "
        "but a dropped position may have been the only way on, and its solution is not proved minimal."),
    "fast": (
        "The fast solver runs beam search first and, if that fails, a depth-first search over single jumps that "
        "remembers the positions it has found hopeless. It finds a solution quickly on big boards; it proves "
        "impossibility only by trying everything, and its solution is not proved minimal."),
}

BOUNDS = {
    "none": (
        "No lower bound: every position counts as possibly one move from the goal. A* becomes uniform-cost "
        "search (breadth-first in cost order) and IDA* becomes plain iterative deepening."),
    "misplaced": (
        "The number of tiles not on their goal cell. A move shifts one tile, so it fixes at most one of them: "
        "the count never overestimates. It is cheap but weak, since a tile far from home still counts one."),
    "manhattan": (
        "The sum over tiles of the steps each one needs to reach its goal cell, ignoring the others. A move "
        "shifts one tile one step, so it lowers the sum by at most one: the bound is admissible. With "
        "duplicate pieces or blocks, each piece counts the steps to its nearest goal place."),
    "linear-conflict": (
        "Manhattan distance plus 2 for each tile that must leave its row or column so that another tile of the "
        "same line can pass it (two tiles in their goal row but in the wrong order). It costs a little more per "
        "position and often halves the positions IDA* expands."),
    "pdb": (
        "An additive pattern database: for each group of tiles, a table made in advance holds the fewest moves "
        "of those tiles that bring them home, whatever the others do. Moves of different groups are separate, "
        "so the group values add up to a bound far stronger than Manhattan. It costs the table's memory and "
        "the time to make it (the 15-puzzle's 6-6-3 tables are made once and shipped)."),
}


def texts() -> dict[str, Any]:
    """Every explanation: {"sliding": {algorithm: text}, "peg": {algorithm: text}, "bounds": {bound: text}}."""
    return {"sliding": dict(SLIDING), "peg": dict(PEG), "bounds": dict(BOUNDS)}


def bound_key(bound: str | None) -> str | None:
    """The explanation key of a row's bound name ("pdb 6-6-3 + mirror" -> "pdb")."""
    if not bound:
        return None
    return "pdb" if bound.startswith("pdb") else bound


def lines(family: str, algorithms: list[str], bounds: list[str]) -> list[str]:
    """The explanations of these algorithms and bounds, as paragraphs for the terminal."""
    table = SLIDING if family == "sliding" else PEG
    out = [f"{name}: {table[name]}" for name in dict.fromkeys(algorithms) if name in table]
    keys = [bound_key(bound) for bound in bounds]
    out += [f"bound {key}: {BOUNDS[key]}" for key in dict.fromkeys(keys) if key in BOUNDS]
    return out
