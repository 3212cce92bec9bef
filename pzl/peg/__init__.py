"""Peg solitaire: boards from geometry, tasks, impossibility proofs, the solve/analyse service and the numbers.

The job modules have the same names as sliding's (board, catalog, task, verdict, bounds, outcome, text,
service, lab). The search engine lives in `pzl.peg.solve` and `pzl.peg.search_fast` (with `pzl.peg.beam`);
the census and the atlas (`pzl.peg.census`, `pzl.peg.atlas`, answered by `pzl.peg.numbers`) build on `pzl.peg.bulk`.
"""

from typing import Any

from pzl.peg import numbers, service, text
from pzl.peg.catalog import CATALOG
from pzl.peg.lab import compare_plan, replay
from pzl.peg.options import OPTIONS

__all__ = ["CATALOG", "COMMANDS", "OPTIONS", "compare_plan", "describe", "replay"]

#: Each command the family answers besides `compare`, and its answer (progress events, then one result).
COMMANDS = {**service.COMMANDS, "census": numbers.run_census, "atlas": numbers.run_atlas}


def describe(command: str, result: dict[str, Any]) -> str:
    """A peg result in words, for the CLI."""
    if command in ("census", "atlas"):
        return numbers.describe(command, result)
    return text.describe(command, result)
