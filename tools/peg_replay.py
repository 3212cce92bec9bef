"""An independent legality checker for peg solutions: replays them jump by jump.

Written from the rules alone: a peg jumps over an adjacent peg (a board jump) into an empty
hole and the jumped peg is removed; a move is a chain of jumps by one peg.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import pairwise


def replay(jumps: Iterable[Sequence[int]], pegs: set[int], moves: Sequence[Sequence[int]]) -> set[int]:
    """The pegs after playing `moves` from `pegs`; AssertionError at the first illegal jump."""
    over_of = {(a, c): b for a, b, c in jumps}
    pegs = set(pegs)
    for number, move in enumerate(moves, 1):
        assert len(move) >= 2, f"move {number} visits fewer than two holes: {move}"
        for a, c in pairwise(move):
            assert (a, c) in over_of, f"move {number}: {a}->{c} is not a jump of the board"
            b = over_of[(a, c)]
            assert a in pegs, f"move {number}: no peg in hole {a}"
            assert b in pegs, f"move {number}: no peg to jump over in hole {b}"
            assert c not in pegs, f"move {number}: hole {c} is not empty"
            pegs -= {a, b}
            pegs.add(c)
    return pegs


def assert_solves(jumps: Iterable[Sequence[int]], size: int, empty: Iterable[int], finish: object,
                  moves: Sequence[Sequence[int]]) -> None:
    """The moves are legal from the start with `empty` holes and end on the finish (hole, "any" or list)."""
    jumps = list(jumps)
    final = replay(jumps, set(range(size)) - set(empty), moves)
    if finish == "any":
        assert len(final) == 1, f"{len(final)} pegs left"
    elif isinstance(finish, list):
        assert final == set(finish), f"pegs left in {sorted(final)}, wanted {finish}"
    else:
        assert final == {finish}, f"pegs left in {sorted(final)}, wanted {finish}"
    for earlier, later in pairwise(moves):
        assert earlier[-1] != later[0], "a move continues the previous peg's chain: they are one move"


def random_jump(jumps: Iterable[Sequence[int]], position: int, rng) -> tuple[int, int, int] | None:
    """A legal jump (from, over, to) in `position` (bit h = a peg in hole h) chosen by `rng`, or None."""
    legal = [(a, b, c) for a, b, c in jumps if position >> a & 1 and position >> b & 1 and not position >> c & 1]
    return rng.choice(legal) if legal else None
