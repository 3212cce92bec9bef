"""Sliding puzzles: tiles and blocks on any grid board, solved optimally.

The family interface for `pzl.catalog`: `CATALOG`, `OPTIONS` (its request keys), `COMMANDS` (command → answer),
`describe(command, result)`, and for `compare` `compare_plan(request)` and `replay(request, solution)`.
"""

from pzl.sliding.catalog import CATALOG
from pzl.sliding.lab import compare_plan, replay
from pzl.sliding.service import COMMANDS, OPTIONS
from pzl.sliding.text import describe

__all__ = ["CATALOG", "COMMANDS", "OPTIONS", "compare_plan", "describe", "replay"]
