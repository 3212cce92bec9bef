"""The page's own geometry agrees with pzl's: custom peg masks number holes and derive jumps alike.

The page draws and plays a custom peg board before (and without) asking Python, then sends
the same mask to the solver; a different numbering would make every hole number in a link,
a hint or a solution point at the wrong hole. Runs web/custom.js under Node.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from pzl.peg.mask import board_from_mask

ROOT = Path(__file__).resolve().parents[2]
MASKS = [
    ("oooo/oooo/oooo", "square"),
    ("..ooo/..ooo/ooooooo/ooooooo/ooooooo/..ooo/..ooo", "square"),
    ("o.o.o/.o.o./o.o.o/.o.o./o.o.o", "square-diagonal"),
    ("ooo/oooo/ooooo", "square-diagonal"),
    ("o/oo/ooo/oooo/ooooo", "triangular"),
    ("oo/ooo/oooo/.ooo", "triangular"),
]


def web_entries() -> list[dict]:
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is needed to run the page's modules")
    script = (
        f"import {{ customPegEntry }} from {json.dumps((ROOT / 'web' / 'custom.js').as_uri())};"
        f"const masks = {json.dumps(MASKS)};"
        "console.log(JSON.stringify(masks.map(([mask, lattice]) => customPegEntry(mask, lattice))));"
    )
    done = subprocess.run([node, "--input-type=module", "-e", script], capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


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
