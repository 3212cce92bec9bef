"""Sliding puzzles: tiles and blocks on any grid board, solved optimally.

The family interface for `pzl.catalog`: `CATALOG`, `OPTIONS` (command → the request keys it reads), `COMMANDS`
(command → answer), `describe(command, result)`, and for `compare` `compare_plan(request)` and
`replay(request, solution)`.
"""

from pzl.sliding.catalog import CATALOG
from pzl.sliding.lab import compare_plan, replay
from pzl.sliding.options import OPTIONS
from pzl.sliding.service import COMMANDS
from pzl.sliding.text import describe

__all__ = ["CATALOG", "COMMANDS", "OPTIONS", "compare_plan", "describe", "replay"]
