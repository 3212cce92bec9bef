"""Peg solitaire: boards from geometry, tasks, impossibility proofs, the solve/analyse service and the numbers.

The job modules have the same names as sliding's (board, catalog, task, verdict, bounds, outcome, text,
service, lab). The search engine lives in `pzl.peg.solve` and `pzl.peg.search_fast` (with `pzl.peg.beam`);
the census and the atlas (`pzl.peg.census`, `pzl.peg.atlas`, answered by `pzl.peg.numbers`) build on `pzl.peg.bulk`.
"""

from collections.abc import Iterator
from typing import Any

from pzl.events import Event
from pzl.peg import numbers, service, text
from pzl.peg.catalog import CATALOG
from pzl.peg.lab import compare_plan, replay
from pzl.peg.service import OPTIONS

__all__ = ["CATALOG", "OPTIONS", "compare_plan", "describe", "replay", "run"]


def run(command: str, request: dict[str, Any]) -> Iterator[Event]:
    """Answer a peg request ("solve", "analyse", "census", "atlas"): progress events, then one result."""
    if command == "census":
        return numbers.run_census(request)
    if command == "atlas":
        return numbers.run_atlas(request)
    return service.run(command, request)


def describe(command: str, result: dict[str, Any]) -> str:
    """A peg result in words, for the CLI."""
    if command in ("census", "atlas"):
        return numbers.describe(command, result)
    return text.describe(command, result)
