"""Peg solitaire: boards from geometry, tasks, impossibility proofs, the solve/analyse service and the numbers.

The job modules have the same names as sliding's (board, catalog, task, verdict, bounds, outcome, text,
service, lab). The search engines live in `pzl.peg.engines`: `solve` (with `sides`) and `search_fast`
(with `beam`); the census and the atlas (`pzl.peg.engines.census`, `pzl.peg.atlas`, answered by
`pzl.peg.numbers`) build on `pzl.peg.engines.bulk`.
The family's record for the rest of pzl is `FAMILY` (a `pzl.family.Family`).
"""

from typing import Any

from pzl.family import Family
from pzl.peg import numbers, service, text
from pzl.peg.catalog import CATALOG
from pzl.peg.lab import compare_plan, replay
from pzl.peg.options import OPTIONS

__all__ = ["FAMILY"]


def describe(command: str, result: dict[str, Any]) -> str:
    """A peg result in words, for the CLI."""
    if command in ("census", "atlas"):
        return numbers.describe(command, result)
    return text.describe(command, result)


FAMILY = Family(
    name="peg", words="peg solitaire", kind="a peg solitaire board",
    catalog=tuple(CATALOG), entry_fields=("holes", "jumps", "lattice", "symmetries", "empty", "finish"),
    options=OPTIONS, answers={**service.COMMANDS, "census": numbers.run_census, "atlas": numbers.run_atlas},
    drawn=("mask",), describe=describe, compare_plan=compare_plan, replay=replay,
)
